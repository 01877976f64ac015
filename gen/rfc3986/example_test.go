package rfc3986_test

import (
	"fmt"

	"github.com/specuri/specuri/gen/rfc3986"
)

// Match a rule against a whole input and read the spans of the rules
// that matched.
func Example() {
	uriRule := rfc3986.MustLookup("URI")
	host := rfc3986.MustLookup("host")
	p := rfc3986.NewParser()
	p.Keep(host) // record tokens for host only (and the rule matched)
	in := "http://example.com:8080/a?b#c"
	if p.Match(uriRule, in) {
		for i := range p.Len() {
			if t := p.At(i); t.Rule == host {
				fmt.Printf("%s %q (%s)\n", t.Rule, in[t.Begin:t.End], t.Rule.Section())
			}
		}
	}
	// Output:
	// host "example.com" (RFC 3986 §3.2.2)
}

// A failed Match tells how far the input could be matched and the rule
// that could not continue there.
func ExampleParser_Furthest() {
	p := rfc3986.NewParser()
	in := "http://a b/"
	if !p.Match(rfc3986.MustLookup("URI"), in) {
		far := p.Furthest()
		fmt.Printf("offset %d, %s (%s)\n", far.End, far.Rule.ABNFRule(), far.Rule.ABNFRule().Section())
	}
	// Output:
	// offset 8, reg-name (RFC 3986 §3.2.2)
}
