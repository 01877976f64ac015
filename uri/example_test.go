package uri_test

import (
	"errors"
	"fmt"

	"github.com/specuri/specuri/uri"
)

func ExampleParse() {
	u, err := uri.Parse("foo://example.com:8042/over/there?name=ferret#nose")
	if err != nil {
		panic(err)
	}
	scheme, _ := u.Scheme()
	host, _ := u.Host()
	port, _ := u.Port()
	query, _ := u.Query()
	fragment, _ := u.Fragment()
	fmt.Println(scheme, host, host.Kind(), port, u.Path(), query, fragment)
	// Output: foo example.com reg-name 8042 /over/there name=ferret nose
}

// Undefined and empty components are told apart (RFC 3986 §5.2.1).
func ExampleURI_Query() {
	for _, s := range []string{"http://h", "http://h?", "http://h?q"} {
		q, ok := uri.MustParse(s).Query()
		fmt.Printf("%-10s defined=%-5v query=%q\n", s, ok, q)
	}
	// Output:
	// http://h   defined=false query=""
	// http://h?  defined=true  query=""
	// http://h?q defined=true  query="q"
}

func ExampleParseReference() {
	for _, s := range []string{"//example.com/a", "../b?c", "mailto:a@example.com"} {
		u, err := uri.ParseReference(s)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-22s relative=%-5v path=%-15q %v\n", s, u.IsRelative(), u.Path(), u.Path().Kind())
	}
	// Output:
	// //example.com/a        relative=true  path="/a"            path-abempty
	// ../b?c                 relative=true  path="../b"          path-noscheme
	// mailto:a@example.com   relative=false path="a@example.com" path-rootless
}

func ExampleParseError() {
	_, err := uri.ParseReference("http://example.com/a b")
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Rule, pe.Kind)
	}
	fmt.Println(err)
	// Output:
	// 20 path-abempty unexpected byte
	// uri: invalid URI-reference: byte 0x20 at offset 20 cannot follow path-abempty (RFC 3986 §3.3); a space is not allowed in a URI: write it "%20"
}

func ExampleHost_Addr() {
	for _, s := range []string{"http://192.0.2.1/", "http://[2001:db8::7]/", "http://256.0.0.1/", "http://[v1.x]/"} {
		h, _ := uri.MustParse(s).Host()
		addr, ok := h.Addr()
		fmt.Println(h, h.Kind(), addr, ok)
	}
	// Output:
	// 192.0.2.1 IPv4 192.0.2.1 true
	// [2001:db8::7] IPv6 2001:db8::7 true
	// 256.0.0.1 reg-name invalid IP false
	// [v1.x] IPvFuture invalid IP false
}

func ExampleURI_PortNumber() {
	for _, s := range []string{"http://h:8080/", "http://h:/", "http://h:99999/"} {
		n, err := uri.MustParse(s).PortNumber()
		fmt.Println(n, err)
	}
	// Output:
	// 8080 <nil>
	// 0 uri: no port number (RFC 3986 §3.2.3)
	// 0 uri: port number out of range 0-65535 (RFC 3986 §3.2.3)
}

func ExamplePath_Segments() {
	for seg := range uri.MustParse("http://h/a/b%2Fc/").Path().Segments() {
		fmt.Printf("%q\n", seg)
	}
	// Output:
	// "a"
	// "b%2Fc"
	// ""
}

func ExampleURI_Redacted() {
	u := uri.MustParse("https://user:secret@example.com/")
	fmt.Println(u.Redacted())
	// Output: https://user:xxxxx@example.com/
}
