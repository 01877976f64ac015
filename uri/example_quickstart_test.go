package uri_test

import (
	"fmt"
	"log"

	"github.com/specuri/specuri/uri"
)

// The quick start of the README: parse, read components, resolve a
// reference, normalize, and an error.
func Example_quickStart() {
	u, err := uri.Parse("https://Example.com:8443/docs/a/../b?q=go#top")
	if err != nil {
		log.Fatal(err) // a *uri.ParseError: byte offset, ABNF rule, kind
	}
	host, _ := u.Host()
	port, _ := u.PortNumber()
	query, _ := u.Query()
	fmt.Println(host, host.Kind(), port, u.Path(), query)
	fmt.Println(u.ResolveReference(uri.MustParseReference("../c?x")))
	fmt.Println(u.Normalize())
	_, err = uri.Parse("https://exa mple.com/")
	fmt.Println(err)
	// Output:
	// Example.com reg-name 8443 /docs/a/../b q=go
	// https://Example.com:8443/c?x
	// https://example.com:8443/docs/b?q=go#top
	// uri: invalid URI: byte 0x20 at offset 11 cannot follow reg-name (RFC 3986 §3.2.2); a space is not allowed in a URI: write it "%20"
}
