package tmplcompare

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/specuri/specuri/uri/template"
	yosida95 "github.com/yosida95/uritemplate/v3"
)

// A behaviour is one matching situation of RFC 6570 §1.4 that the README's
// table reports for each package: a template, a URI, and what each package
// gives, written as "a=1 b=2", "no match" or "refused".
type behaviour struct {
	name          string
	template, uri string
	opts          template.MatchOptions
	want          map[string]string // by implementation
}

// matchers are the packages that can match: std-uritemplate and
// jtacoma/uritemplates only expand.
var matchers = []struct {
	name  string
	match func(tmpl, uri string, opts template.MatchOptions) string
}{
	{"specuri", matchSpecuri},
	{"yosida95", matchYosida95},
}

var behaviours = []behaviour{
	{name: "repeated variable, two values", template: "/x/{v}/{v}", uri: "/x/1/2",
		want: map[string]string{"specuri": "no match", "yosida95": `v=["1" "2"]`}},
	{name: "query pairs in another order", template: "/s{?a,b}", uri: "/s?b=2&a=1",
		want: map[string]string{"specuri": `a="1" b="2"`, "yosida95": "no match"}},
	{name: "unknown query pair", template: "/s{?a}", uri: "/s?a=1&z=9",
		want: map[string]string{"specuri": "no match", "yosida95": "no match"}},
	{name: "unknown query pair, ignored when asked", template: "/s{?a}", uri: "/s?a=1&z=9",
		opts: template.MatchOptions{IgnoreUnknownQuery: true},
		want: map[string]string{"specuri": `a="1"`, "yosida95": "no match"}},
	{name: "encoded traversal", template: "file:///{path}", uri: "file:///..%2F..%2Fetc%2Fpasswd",
		want: map[string]string{"specuri": `path="../../etc/passwd"`, "yosida95": `path="../../etc/passwd"`}},
	{name: "encoded traversal, refused when asked", template: "file:///{path}", uri: "file:///..%2F..%2Fetc%2Fpasswd",
		opts: template.MatchOptions{NoTraversal: true},
		want: map[string]string{"specuri": "no match", "yosida95": `path="../../etc/passwd"`}},
	{name: "adjacent expressions", template: "{a}{b}", uri: "xy",
		want: map[string]string{"specuri": "refused", "yosida95": `a="xy" b=""`}},
	{name: "separator inside a reserved value", template: "{+a,b}", uri: "x,y,z",
		want: map[string]string{"specuri": "refused", "yosida95": `a="x,y,z" b=""`}},
	{name: "adjacent but unambiguous", template: "{/a}{?b}", uri: "/x?b=1",
		want: map[string]string{"specuri": `a="x" b="1"`, "yosida95": `a="x" b="1"`}},
	{name: "prefix modifier", template: "/{v:3}", uri: "/abc",
		want: map[string]string{"specuri": `v="abc"`, "yosida95": "v=[]"}},
	{name: "reserved path before a literal", template: "/files/{+path}/raw", uri: "/files/a/raw/b/raw",
		want: map[string]string{"specuri": `path="a/raw/b"`, "yosida95": `path="a/raw/b"`}},
	{name: "reserved base before a literal (RFC 6570 §3.2.3)", template: "{+base}index", uri: "http://example.com/home/index",
		want: map[string]string{"specuri": `base="http://example.com/home/"`, "yosida95": `base="http://example.com/home/"`}},
	{name: "literal inside and after", template: "foo{foo}/{bar}baz", uri: "fooX/YbazZbaz",
		want: map[string]string{"specuri": `foo="X" bar="YbazZ"`, "yosida95": `foo="X" bar="YbazZ"`}},
	{name: "optional segment before a literal", template: "/foo{/bar}/bob", uri: "/foo/bob",
		want: map[string]string{"specuri": "", "yosida95": "bar=[]"}},
	{name: "segments before a literal", template: "prefix{/list*}/suffix", uri: "prefix/a/b/suffix",
		want: map[string]string{"specuri": `list=["a" "b"]`, "yosida95": `list=["a" "b"]`}},
	{name: "two readings", template: "{+a}/x{+b}", uri: "1/x2/x3",
		want: map[string]string{"specuri": "refused", "yosida95": `a="1/x2" b="3"`}},
	{name: "continuation without a query", template: "/x{?a}{&b}", uri: "/x&a=1&b=2",
		want: map[string]string{"specuri": "no match", "yosida95": "no match"}},
	{name: "exploded pairs beside a named pair", template: "/s{?q,opts*}", uri: "/s?q=1&q=2",
		want: map[string]string{"specuri": "refused", "yosida95": "no match"}},
	{name: "reserved path before a query, RFC 3986 reading", template: "/r/{+path}{?ref}", uri: "/r/a/b?ref=main",
		opts: template.MatchOptions{Delimiters: true},
		want: map[string]string{"specuri": `path="a/b" ref="main"`, "yosida95": `path="a/b?ref=main" ref=[]`}},
}

// TestMatchBehaviours runs each behaviour on each package that matches and
// compares what it gives with the table the README reports.
func TestMatchBehaviours(t *testing.T) {
	for _, b := range behaviours {
		for _, m := range matchers {
			t.Run(b.name+"/"+m.name, func(t *testing.T) {
				got := m.match(b.template, b.uri, b.opts)
				t.Logf("%s: %s against %s: %s", m.name, b.template, b.uri, got)
				if got != b.want[m.name] {
					t.Errorf("%s: match(%q, %q) = %s, want %s (update the README's table)", m.name, b.template, b.uri, got, b.want[m.name])
				}
			})
		}
	}
}

func matchSpecuri(tmpl, s string, opts template.MatchOptions) string {
	t, err := template.Parse(tmpl)
	if err != nil {
		return "invalid: " + err.Error()
	}
	m, err := t.Matcher(opts)
	if err != nil {
		return "refused"
	}
	res, err := m.Match(s)
	if err != nil {
		return "no match"
	}
	values := res.Values()
	var out []string
	for _, name := range t.Varnames() {
		v, ok := values[name]
		if !ok {
			continue
		}
		switch v.Kind() {
		case template.KindString:
			out = append(out, fmt.Sprintf("%s=%q", name, v.Str()))
		default:
			out = append(out, fmt.Sprintf("%s=%q", name, v.List()))
		}
	}
	return strings.Join(out, " ")
}

// matchYosida95 uses Template.Match, which the Go MCP SDKs build on.
func matchYosida95(tmpl, s string, _ template.MatchOptions) string {
	t, err := yosida95.New(tmpl)
	if err != nil {
		return "invalid: " + err.Error()
	}
	values := t.Match(s)
	if values == nil {
		return "no match"
	}
	var out []string
	for _, name := range t.Varnames() {
		v := values.Get(name)
		switch {
		case v.T == yosida95.ValueTypeString && len(v.V) == 1:
			out = append(out, fmt.Sprintf("%s=%q", name, v.V[0]))
		default:
			out = append(out, fmt.Sprintf("%s=%q", name, slices.Clone(v.V)))
		}
	}
	return strings.Join(out, " ")
}
