package uri_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/specuri/specuri/uri"
)

func ExampleParseError_Hint() {
	_, err := uri.Parse("http://h:123foo/")
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Rule, pe.Hint != "")
		fmt.Println(pe.Render("http://h:123foo/"))
	}
	// Output:
	// 12 port true
	// uri: invalid URI: byte 0x66 at offset 12 cannot follow port (RFC 3986 §3.2.3); a port is digits only
	// "http://h:123foo/"
	//              ^
}

func ExampleSyntax_MustParseReference() {
	u := uri.RFC6874.MustParseReference("http://[fe80::1%25en0]:8080/")
	h, _ := u.Host()
	zone, _ := h.Zone()
	fmt.Println(u.Syntax(), h, zone)
	// Output:
	// RFC 6874 [fe80::1%25en0] en0
}

func ExampleURI_Builder() {
	u := uri.MustParse("http://h/a%2Fb?x=%26")
	b := u.Builder()
	fmt.Printf("%q %q\n", b.Path, b.Query)
	b.Fragment, b.HasFragment = "top", true // the other fields are untouched
	v, err := b.URI()
	fmt.Println(v, err)
	// Output:
	// "/a/b" "x=&"
	// http://h/a%2Fb?x=%26#top <nil>
}

func ExampleParamsOptions_Parse_limit() {
	_, err := uri.ParseParams(strings.Repeat("a=1&", uri.DefaultMaxPairs+1))
	fmt.Println(err)
	p, err := uri.ParamsOptions{MaxPairs: -1}.Parse(strings.Repeat("a=1&", uri.DefaultMaxPairs+1))
	fmt.Println(len(p.Pairs()), err)
	// Output:
	// uri: more than 10000 query pairs
	// 10001 <nil>
}
