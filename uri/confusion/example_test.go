package confusion_test

import (
	"fmt"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/confusion"
)

// A browser contacts evil.com for "http:evil.com", which RFC 3986 reads as
// a path (§3.3); net/url agrees with RFC 3986.
func ExampleCheck() {
	r := confusion.Check("http:evil.com")
	fmt.Println(r.Strict.Host.Defined, r.Strict.Path.Value)
	fmt.Println(r.WHATWG.Host.Value)
	fmt.Println(r.Differences, r.Warnings)
	// Output:
	// false evil.com
	// evil.com
	// [] [whatwg-host]
}

// With the RFC 6874 syntax the strict reading accepts a zone identifier;
// it is still one that parsers read differently.
func ExampleOptions_Check() {
	r := confusion.Options{Syntax: uri.RFC6874}.Check("http://[fe80::1%25en0]/")
	fmt.Println(r.Strict.Valid, r.Strict.Host.Value)
	for _, w := range r.Warnings {
		fmt.Println(w, "-", w.Explain())
	}
	// Output:
	// true fe80::1%25en0
	// zone-id - an IPv6 zone ID is not RFC 3986 syntax; parsers disagree on it (§3.2.2)
}

// A Cyrillic "а" in a Latin name: a browser contacts the A-label, and
// shows it instead of the U-label, which mixes scripts and has the
// UTS #39 skeleton of "apple".
func ExampleCheck_idn() {
	r := confusion.Options{Syntax: uri.RFC3987}.Check("http://\u0430pple.com/")
	fmt.Println(r.WHATWG.Host.Value, r.Warnings)
	l := r.IDN.Labels[0]
	fmt.Println(l.Level, l.LatinSpelling, r.IDN.Display)
	// Output:
	// xn--pple-43d.com [non-ascii-host mixed-script confusable idn-display]
	// Moderately Restrictive or less apple xn--pple-43d.com
}
