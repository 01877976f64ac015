package template_test

import (
	"errors"
	"fmt"

	"github.com/specuri/specuri/uri/template"
)

// An MCP-style resource template: the path is decoded once, and
// NoTraversal refuses a value whose decoding climbs out of the directory.
func ExampleMatcher_Match_traversal() {
	m, err := template.MustParse("file:///{path}").Matcher(template.MatchOptions{NoTraversal: true})
	if err != nil {
		panic(err)
	}
	r, err := m.Match("file:///notes%20and%20todo.txt")
	if err != nil {
		panic(err)
	}
	raw, _ := r.Raw("path")
	fmt.Printf("%q from %q\n", r.Values()["path"].Str(), raw)

	_, err = m.Match("file:///..%2F..%2Fetc%2Fpasswd")
	fmt.Println(errors.Is(err, template.ErrTraversal))
	var ne *template.NoMatchError
	if errors.As(err, &ne) {
		fmt.Println("refused at offset", ne.Offset, "variable", ne.Var)
	}
	// Output:
	// "notes and todo.txt" from "notes%20and%20todo.txt"
	// true
	// refused at offset 8 variable path
}

func ExampleMatcher_Match() {
	m, err := template.MustParse("users://{id}/profile").Matcher(template.MatchOptions{})
	if err != nil {
		panic(err)
	}
	r, err := m.Match("users://42/profile")
	fmt.Println(r.Values()["id"].Str(), err)

	_, err = m.Match("users://42/settings")
	fmt.Println(err)
	// Output:
	// 42 <nil>
	// template: no match at offset 10 (template offset 12): the URI has "s" at offset 11, where the template's literal goes on
}

// The pairs of a query match in any order; unknown pairs are refused
// unless IgnoreUnknownQuery is set.
func ExampleMatcher_Match_query() {
	t := template.MustParse("/search{?q,page}{&tags}")
	m, err := t.Matcher(template.MatchOptions{})
	if err != nil {
		panic(err)
	}
	r, err := m.Match("/search?page=2&tags=go,rfc&q=uri%20templates")
	if err != nil {
		panic(err)
	}
	vs := r.Values()
	fmt.Printf("q=%q page=%q tags=%q\n", vs["q"].Str(), vs["page"].Str(), vs["tags"].List())

	m, err = template.MustParse("/search{?q}").Matcher(template.MatchOptions{IgnoreUnknownQuery: true})
	if err != nil {
		panic(err)
	}
	r, err = m.Match("/search?utm_source=x&q=go")
	fmt.Println(r.Values()["q"].Str(), err)
	// Output:
	// q="uri templates" page="2" tags=["go" "rfc"]
	// go <nil>
}

// A repeated variable must match the same value.
func ExampleMatcher_Match_repeated() {
	m, err := template.MustParse("/x/{v}/{v}").Matcher(template.MatchOptions{})
	if err != nil {
		panic(err)
	}
	_, err = m.Match("/x/1/2")
	fmt.Println(err != nil)
	r, _ := m.Match("/x/1/1")
	fmt.Println(r.Values()["v"].Str())
	// Output:
	// true
	// 1
}

// Templates whose matching would be ambiguous are refused when the
// matcher is made; those that only look adjacent are accepted.
func ExampleTemplate_Matcher() {
	for _, s := range []string{"{a}{b}", "{+a,b}", "{/a}{/b}", "{/a}{?b}", "{a}{/b}"} {
		_, err := template.MustParse(s).Matcher(template.MatchOptions{})
		var ae *template.AmbiguousError
		if errors.As(err, &ae) {
			fmt.Printf("%s: ambiguous at %d\n", s, ae.Offset)
			continue
		}
		fmt.Printf("%s: accepted\n", s)
	}
	// Output:
	// {a}{b}: ambiguous at 3
	// {+a,b}: ambiguous at 0
	// {/a}{/b}: ambiguous at 4
	// {/a}{?b}: accepted
	// {a}{/b}: accepted
}

// A refused template comes with a shortest URI that splits two ways, and
// the values of both readings.
func ExampleAmbiguousError() {
	_, err := template.MustParse("/r/{+path}{?ref}").Matcher(template.MatchOptions{})
	var ae *template.AmbiguousError
	if errors.As(err, &ae) {
		fmt.Printf("%q: path=%q or ref=%q\n", ae.Witness, ae.Readings[0]["path"].Str(), ae.Readings[1]["ref"].Str())
		fmt.Println(ae.Hint)
	}
	// Templates that only looked ambiguous to a local rule are accepted.
	m, _ := template.MustParse("/files/{+path}/raw").Matcher(template.MatchOptions{})
	r, _ := m.Match("/files/a/raw/b/raw")
	fmt.Println(r.Values()["path"].Str())
	// Output:
	// "/r/?ref=": path="?ref=" or ref=""
	// hint: "/r{/path*}{?ref}", where {/path*} reads the segments of a path, which hold no "/" (RFC 6570 §3.2.6), is not ambiguous
	// a/raw/b
}

// A Set routes a URI to its one template, and refuses templates that
// overlap.
func ExampleSet() {
	s := template.NewSet(template.SetOptions{})
	for _, t := range []string{"users://{id}/profile", "users://{id}/posts{/post}"} {
		if err := s.Add(template.MustParse(t)); err != nil {
			panic(err)
		}
	}
	t, r, err := s.Match("users://42/posts/7")
	fmt.Println(t, r.Values()["id"].Str(), r.Values()["post"].Str(), err)

	err = s.Add(template.MustParse("users://me/profile"))
	var oe *template.OverlapError
	if errors.As(err, &oe) {
		fmt.Printf("%s overlaps %s at %q\n", oe.Template, oe.Other, oe.Witness)
	}
	// Output:
	// users://{id}/posts{/post} 42 7 <nil>
	// users://me/profile overlaps users://{id}/profile at "users://me/profile"
}
