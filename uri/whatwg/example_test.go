package whatwg_test

import (
	"errors"
	"fmt"

	"github.com/specuri/specuri/uri/whatwg"
)

func ExampleParse() {
	u, err := whatwg.Parse("HTTPS://user@EXAMPLE.com:443/a/./b/../c d?q=1#top")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Href())
	fmt.Println(u.Origin(), u.Hostname(), u.Port() == "", u.Pathname(), u.Search(), u.Hash())
	// Output:
	// https://user@example.com/a/c%20d?q=1#top
	// https://example.com example.com true /a/c%20d ?q=1 #top
}

func ExampleURL_Parse() {
	base := whatwg.MustParse("https://example.com/docs/guide/")
	for _, ref := range []string{"../api?x", "//cdn.example.net/lib.js", `\images\logo.png`, "#intro"} {
		u, _ := base.Parse(ref)
		fmt.Println(u)
	}
	// Output:
	// https://example.com/docs/api?x
	// https://cdn.example.net/lib.js
	// https://example.com/images/logo.png
	// https://example.com/docs/guide/#intro
}

func ExampleParseWithErrors() {
	u, errs, _ := whatwg.ParseWithErrors("http:\\\\0x7f.1\\admin")
	fmt.Println(u)
	for _, e := range errs {
		fmt.Println(e.Offset, e.Kind)
	}
	// Output:
	// http://127.0.0.1/admin
	// 5 special-scheme-missing-following-solidus
	// 5 special-scheme-missing-following-solidus
	// 6 special-scheme-missing-following-solidus
	// 7 IPv4-too-few-parts
	// 7 IPv4-non-decimal-part
	// 13 invalid-reverse-solidus
}

func ExampleURL_URI() {
	r, err := whatwg.MustParse("http://example.com/a b/\u00fc").URI()
	fmt.Println(r, err)
	_, err = whatwg.MustParse("sc:a|b").URI()
	fmt.Println(errors.Is(err, whatwg.ErrNotURI))
	// Output:
	// http://example.com/a%20b/%C3%BC <nil>
	// true
}

func ExampleParseSearchParams() {
	p := whatwg.ParseSearchParams("?q=a+b&lang=en&q=%E2%82%AC")
	fmt.Println(p.GetAll("q"))
	p.Set("lang", "fr")
	p.Sort()
	fmt.Println(p)
	// Output:
	// [a b €]
	// lang=fr&q=a+b&q=%E2%82%AC
}

func ExampleURL_WithHash() {
	u := whatwg.MustParse("https://example.com/a/b?q=1#section")
	fmt.Println(u.WithHash(""))
	fmt.Println(u.WithPathname("/c d/../e").WithSearch("x=1#2"))
	fmt.Println(u.WithHost("example.org:8443").WithProtocol("http"))
	// Output:
	// https://example.com/a/b?q=1
	// https://example.com/e?x=1%232#section
	// http://example.org:8443/a/b?q=1#section
}

func ExampleURL_With() {
	u := whatwg.MustParse("http://example.com:8080/")
	for _, set := range [][2]string{{"port", "80"}, {"username", "ad min"}, {"hostname", "h:1"}} {
		u, _ = u.With(set[0], set[1])
		fmt.Println(u)
	}
	_, err := u.With("href", "/relative")
	fmt.Println(err)
	// Output:
	// http://example.com/
	// http://ad%20min@example.com/
	// http://ad%20min@example.com/
	// whatwg: missing-scheme-non-relative-URL at offset 0: the input has no scheme and there is no base URL (or the base has an opaque path)
}

func ExampleCanParse() {
	fmt.Println(whatwg.CanParse("https://example.com/a b"))
	fmt.Println(whatwg.CanParse("https://exa mple.com/"))
	base := whatwg.MustParse("https://example.com/dir/")
	fmt.Println(whatwg.CanParse("../x"), base.CanParse("../x"))
	// Output:
	// true
	// false
	// false true
}
