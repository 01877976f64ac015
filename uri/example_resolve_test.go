package uri_test

import (
	"fmt"

	"github.com/specuri/specuri/uri"
)

func ExampleURI_ResolveReference() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "../g", "//g", "?y", "../../../g", "http:g"} {
		fmt.Println(base.ResolveReference(uri.MustParseReference(ref)))
	}
	// The deviation: "/." keeps "//y" a path.
	fmt.Println(uri.MustParse("a:/x").ResolveReference(uri.MustParseReference(".//y")))
	// Output:
	// http://a/b/c/g
	// http://a/b/g
	// http://g
	// http://a/b/c/d;p?y
	// http://a/g
	// http:g
	// a:/.//y
}

func ExampleResolveOptions_Resolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	fmt.Println(uri.ResolveOptions{NonStrict: true}.Resolve(base, uri.MustParseReference("http:g")))
	// Output: http://a/b/c/g
}

func ExampleRelative() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, target := range []string{"http://a/b/g", "http://a/b/c/d;p?y", "http://a/x", "https://a/"} {
		r, err := uri.Relative(base, uri.MustParse(target))
		fmt.Println(r, err)
	}
	// Output:
	// ../g <nil>
	// ?y <nil>
	// /x <nil>
	// https://a/ <nil>
}

func ExampleRemoveDotSegments() {
	fmt.Println(uri.RemoveDotSegments("/a/b/c/./../../g"))
	fmt.Println(uri.RemoveDotSegments("mid/content=5/../6"))
	// Output:
	// /a/g
	// mid/6
}

func ExampleURI_Normalize() {
	fmt.Println(uri.MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").Normalize())
	fmt.Println(uri.MustParse("HTTP://Example.COM/a%2fb").Normalize())
	// Output:
	// example://a/b/c/%7Bfoo%7D
	// http://example.com/a%2Fb
}

func ExampleNormalizeOptions_Normalize() {
	o := uri.NormalizeOptions{SchemeBased: true, IPv6Canonical: true}
	fmt.Println(o.Normalize(uri.MustParse("HTTP://example.com:80")))
	fmt.Println(o.Normalize(uri.MustParse("http://[2001:DB8:0::1]:/")))
	// Output:
	// http://example.com/
	// http://[2001:db8::1]/
}

func ExampleCompare() {
	a := uri.MustParse("http://example.com")
	for _, b := range []string{"http://example.com", "HTTP://EXAMPLE.com", "http://example.com:80/", "http://example.com/?"} {
		c := uri.Compare(a, uri.MustParse(b))
		if c.Equivalent() {
			fmt.Println(c.Level)
		} else {
			fmt.Println(c.Level, c.Component)
		}
	}
	// Output:
	// exact
	// syntax-based
	// scheme-based
	// different query
}

func ExampleEncoding_Encode() {
	fmt.Println(uri.QueryEncoding.Encode("a b&c/d?"))
	fmt.Println(uri.SegmentEncoding.Encode("a/b c"))
	// Output:
	// a%20b&c/d?
	// a%2Fb%20c
}

func ExampleEncoding_Decode() {
	fmt.Println(uri.PathEncoding.Decode("/a%20b"))
	_, err := uri.PathEncoding.Decode("/a%2")
	fmt.Println(err)
	// Output:
	// /a b <nil>
	// uri: invalid path: '%' at offset 2 not followed by two hex digits (RFC 3986 §2.1)
}

func ExampleBuilder() {
	u, err := uri.Builder{
		Scheme: "https", HasAuthority: true, Host: "example.com",
		Path: "/docs/a b", Query: "q=x&y", HasQuery: true,
	}.URI()
	fmt.Println(u, err)
	// Output: https://example.com/docs/a%20b?q=x&y <nil>
}

func ExampleURI_WithQuery() {
	u := uri.MustParse("http://h/a%2Fb#top")
	v, err := u.WithQuery("k=a b")
	fmt.Println(v, err)
	// Output: http://h/a%2Fb?k=a%20b#top <nil>
}

func ExampleParseParams() {
	p, err := uri.ParseParams("q=red+shoes&page=1&&q=%2B")
	fmt.Println(p.Values("q"), err)
	p.Set("page", "2")
	fmt.Println(p)
	// "+" is a space unless the reading says LiteralPlus.
	literal, err := uri.ParamsOptions{LiteralPlus: true}.Parse("q=red+shoes")
	fmt.Println(p.Pairs()[0], literal.Pairs(), err)
	// Output:
	// [red shoes +] <nil>
	// q=red+shoes&page=2&&q=%2B
	// {q red shoes} [{q red+shoes}] <nil>
}

func ExampleParamsOptions_Parse() {
	p, err := uri.ParamsOptions{Semicolon: true}.Parse("a=1;b=x+y&a=2")
	fmt.Println(p.Pairs(), err)
	fmt.Println(p)
	p.Set("b", "z")
	fmt.Println(p)
	// Output:
	// [{a 1} {b x y} {a 2}] <nil>
	// a=1;b=x+y&a=2
	// a=1;b=z&a=2
}
