package template_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/template"
)

func Example() {
	t := template.MustParse("https://example.com/search{?q,lang,page}")
	s, err := t.Expand(template.Values{
		"q":    template.String("URI Templates"),
		"lang": template.String("en"),
	})
	fmt.Println(s, err)
	// Output: https://example.com/search?q=URI%20Templates&lang=en <nil>
}

func ExampleParse() {
	t, err := template.Parse("/users/{id}{/path*}{?fields*}")
	if err != nil {
		panic(err)
	}
	for _, p := range t.Parts() {
		if p.Expr == nil {
			fmt.Printf("%d literal %q\n", p.Offset, p.Literal)
			continue
		}
		fmt.Printf("%d expression %q %+v\n", p.Offset, string(rune(p.Expr.Op)), p.Expr.Vars)
	}
	fmt.Println(t.Varnames())
	// Output:
	// 0 literal "/users/"
	// 7 expression "\x00" [{Name:id Prefix:0 Explode:false}]
	// 11 expression "/" [{Name:path Prefix:0 Explode:true}]
	// 19 expression "?" [{Name:fields Prefix:0 Explode:true}]
	// [id path fields]
}

func ExampleParse_error() {
	const s = "/users/{id}/{na me}"
	_, err := template.Parse(s)
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Rule, pe.Kind)
		// Render: the message, then the template with a caret.
		lines := strings.Split(pe.Render(s), "\n")
		fmt.Println(strings.Join(lines[1:], "\n"))
	}
	// Output:
	// 15 variable-list unexpected byte
	// "/users/{id}/{na me}"
	//                 ^
}

func ExampleTemplate_Expand() {
	t := template.MustParse("{/path*}{;undef,empty}{?list,keys*}{#frag:3}")
	s, err := t.Expand(template.Values{
		"path":  template.List("a b", "ü"),
		"empty": template.String(""),
		"list":  template.List("red", "green"),
		"keys":  template.Assoc(template.Pair{Key: "z", Value: "1"}, template.Pair{Key: "a", Value: "2"}),
		"frag":  template.String("%C3%BCber"),
	})
	fmt.Println(s, err)
	// Output: /a%20b/%C3%BC;empty?list=red,green&z=1&a=2#%C3%BCbe <nil>
}

func ExampleTemplate_Expand_error() {
	t := template.MustParse("/items{?ids:2}")
	_, err := t.Expand(template.Values{"ids": template.List("1", "2")})
	fmt.Println(err)
	// Output: template: expression at offset 6: prefix modifier on variable "ids", whose value is a list or associative array (RFC 6570 §2.4.1)
}

func ExampleTemplate_AppendExpand() {
	t := template.MustParse("/v1/{+base}/{id}")
	buf := make([]byte, 0, 64)
	buf, err := t.AppendExpand(buf, template.Values{"base": template.String("a/b%2F"), "id": template.String("x/y")})
	fmt.Println(string(buf), err)
	// Output: /v1/a/b%2F/x%2Fy <nil>
}

func ExampleExpandOptions() {
	t := template.MustParse("https://example.com/{word}")
	vars := template.Values{"word": template.String("drücken")}
	s, _ := t.Expand(vars)
	fmt.Println(s)
	s, _ = template.ExpandOptions{IRI: true}.Expand(t, vars)
	fmt.Println(s)
	// Output:
	// https://example.com/dr%C3%BCcken
	// https://example.com/drücken
}

func ExampleValue_UnmarshalJSON() {
	var vars template.Values
	err := json.Unmarshal([]byte(`{"q": "x", "n": 2.50, "keys": {"z": 1, "a": true}, "none": null}`), &vars)
	if err != nil {
		panic(err)
	}
	s, _ := template.MustParse("{?q,n,none,keys*}").Expand(vars)
	fmt.Println(s)
	// Output: ?q=x&n=2.50&z=1&a=true
}
