package publicsuffix_test

import (
	"fmt"
	"strings"

	"github.com/specuri/specuri/uri/idna"
	"github.com/specuri/specuri/uri/publicsuffix"
)

func ExampleRegistrableDomain() {
	for _, host := range []string{"www.example.co.uk", "whatwg.github.io", "paypal.com.evil.net", "EXAMPLE.COM.", "sub.example.إختبار", "co.uk", "127.0.0.1"} {
		rd, err := publicsuffix.RegistrableDomain(host)
		fmt.Printf("%s: %q %v\n", host, rd, err)
	}
	// Output:
	// www.example.co.uk: "example.co.uk" <nil>
	// whatwg.github.io: "whatwg.github.io" <nil>
	// paypal.com.evil.net: "evil.net" <nil>
	// EXAMPLE.COM.: "example.com." <nil>
	// sub.example.إختبار: "example.xn--kgbechtv" <nil>
	// co.uk: "" <nil>
	// 127.0.0.1: "" <nil>
}

func ExampleEffectiveTLDPlusOne() {
	for _, domain := range []string{"www.books.amazon.co.uk", "foo.blogspot.com", "co.uk"} {
		fmt.Println(publicsuffix.EffectiveTLDPlusOne(domain))
	}
	// Output:
	// amazon.co.uk <nil>
	// foo.blogspot.com <nil>
	//  publicsuffix: the name is a public suffix
}

func ExamplePublicSuffix() {
	fmt.Println(publicsuffix.PublicSuffix("foo.blogspot.com"))
	fmt.Println(publicsuffix.PublicSuffix("www.example.nosuchtld"))
	// Output:
	// blogspot.com false
	// nosuchtld false
}

// Results are in A-labels; idna.ToUnicode gives their U-labels.
func ExampleLookup() {
	r, err := publicsuffix.Lookup("WWW.食狮.公司.CN")
	if err != nil {
		fmt.Println(err)
		return
	}
	u, _ := idna.ToUnicode(r.RegistrableDomain)
	fmt.Printf("%+v\n%s\n", r, u)
	// Output:
	// {Host:www.xn--85x722f.xn--55qx5d.cn PublicSuffix:xn--55qx5d.cn ICANN:true RegistrableDomain:xn--85x722f.xn--55qx5d.cn}
	// 食狮.公司.cn
}

// A list read at run time, here a small one; ICANN leaves out its
// private section.
func ExampleParse() {
	l, err := publicsuffix.Parse(strings.NewReader("// ===BEGIN ICANN DOMAINS===\nio\n// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.RegistrableDomain("a.b.github.io"))
	fmt.Println(l.ICANN().RegistrableDomain("a.b.github.io"))
	// Output:
	// b.github.io <nil>
	// github.io <nil>
}
