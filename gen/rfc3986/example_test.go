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
		for i := range p.Tokens().Len() {
			// A token's Rule is the rule's constant: rfc3986.Rule(t.Rule).
			if t := p.Tokens().At(i); rfc3986.Rule(t.Rule) == host {
				fmt.Printf("%s %q (%s)\n", host, in[t.Begin:t.End], host.Section())
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
		r := rfc3986.Rule(far.Rule).ABNFRule()
		fmt.Printf("offset %d, %s (%s)\n", far.End, r, r.Section())
	}
	// Output:
	// offset 8, reg-name (RFC 3986 §3.2.2)
}

// A Pool shares Parsers between goroutines: each takes one for a match and
// gives it back when it has read what it needs.
func ExamplePool() {
	port := rfc3986.MustLookup("port")
	parsers := rfc3986.NewPool(port) // its parsers record port tokens only
	uriRule := rfc3986.MustLookup("URI")
	for _, in := range []string{"http://h:8080/", "http://h:x/"} {
		p := parsers.Get()
		if p.Match(uriRule, in) {
			for i := range p.Tokens().Len() {
				if t := p.Tokens().At(i); rfc3986.Rule(t.Rule) == port {
					fmt.Printf("%s: port %q\n", in, in[t.Begin:t.End])
				}
			}
		} else {
			far := p.Furthest()
			fmt.Printf("%s: %s matches up to %d\n", in, rfc3986.Rule(far.Rule), far.End)
		}
		parsers.Put(p)
	}
	// Output:
	// http://h:8080/: port "8080"
	// http://h:x/: userinfo matches up to 10
}
