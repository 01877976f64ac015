package template

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// plain turns values into strings, string slices and pair slices, for
// cmp.Diff.
func plain(vs Values) map[string]any {
	out := map[string]any{}
	for k, v := range vs {
		switch v.Kind() {
		case KindString:
			out[k] = v.Str()
		case KindList:
			out[k] = append([]string{}, v.List()...)
		case KindAssoc:
			out[k] = append([]Pair{}, v.Pairs()...)
		default:
			out[k] = nil
		}
	}
	return out
}

// matcherCases are templates accepted for matching and refused as
// ambiguous (RFC 6570 §1.4), with the offset of the refusal.
var matcherCases = []struct {
	tmpl   string
	offset int // -1: accepted
}{
	// Delimited by the URI's ends or by characters no expansion of the
	// expression can hold.
	{"file:///{path}", -1},
	{"users://{id}/profile", -1},
	{"/x/{v}/{v}", -1},
	{"{a}/{b}", -1},
	{"{a}{/b}", -1},
	{"{/a}{?b}", -1},
	{"{/a}{#b}", -1},
	{"{a}{?b}{#c}", -1},
	{"{/a}.x", -1},
	{"{/a}{.b}", 4},
	{"{/a}{;b}", -1},
	{"{.a}{/b}", -1},
	{"{a},x", -1},
	{"/search{?q,page}", -1},
	{"/search{?q}{&page,size}", -1},
	{"?fixed=yes{&x}", -1},
	{"{;a}{;b}", -1},
	{"{;a,b}{?c}", -1},
	{"{/a,b}{?c}", -1},
	{"{?opts*}", -1},
	{"{a,b}", 0},
	{"{/a,b}", -1},
	{"{a*}", -1},
	{"{/a*}", -1},
	{"{;a*}", -1},
	{"{+path}", -1},
	{"{+path}{?q}", 7},
	{"{#frag}", -1},
	{"{v:3}/{v}", -1},
	{"http://h{/p*}{?q*}", -1},
	{"{a}", -1},
	{"", -1},
	{"x", -1},
	// Rule 1: the separator between the variables may be in a value.
	{"{+a,b}", 0},
	{"{#a,b}", 0},
	{"{.a,b}", 0},
	{"{a*,b}", 0},
	{"{/a*,b}", 0},
	{"{/a,b*}", 0},
	// Rule 2: the separator between the items may be in an item.
	{"{+a*}", 0},
	{"{#a*}", 0},
	{"{.a*}", 0},
	// Rule 3: two exploded variables in one set of pairs.
	{"{?a*,b*}", 0},
	{"{?a*}{&b*}", 5},
	{"{;a*}{;b*}", 5},
	{"{?a,a*}", 0},
	// An exploded variable can take a pair of any name: it must be alone
	// in its set ("?q=x" is q or a member of opts).
	{"{?q,opts*}", 0},
	{"{?opts*,q}", 0},
	{"{?q}{&opts*}", 4},
	{"{;a,b*}", 0},
	// Rule 4: a URI splits two ways between the parts. The local rule
	// refuses these, the exact check accepts them: a literal at the end
	// (RFC 6570 §3.2.3's own examples), or one that the expansion before
	// it cannot hold.
	{"/files/{+path}/raw", -1},
	{"{+path}/here", -1},
	{"{+base}index", -1},
	{"/{+path}.json", -1},
	{"foo{foo}/{bar}baz", -1},
	{"/foo{/bar}/bob", -1},
	{"prefix{/list*}/suffix", -1},
	{"{a}/x{/b}", -1},
	{"{+a}/x{+b}", 4},
	{"{a}x{b}x", 3},
	{"https://api.github.com/repos/{owner}/{repo}/contents/{+path}{?ref}", 60},
	{"{/a}{b}/", 4},
	{"{a}{b}", 3},
	{"{a}b", -1},
	{"{a}-x", -1},
	{"{a}%20", -1},
	{"{a}{b}/x", 3},
	{"{/a}{/b}", 4},
	{"{/a}/x", -1},
	{"{/a}{b}", 4},
	{"{.a}{.b}", 4},
	{"{+a}/x", -1},
	{"{+a}{b}", 4},
	{"{+a}{?b}", 4},
	{"{#a}{#b}", 4},
	{"{a}{?b}{c}", 7},
	{"{a}{?b}c", -1},
	{"{;a}{?b}{;c}", -1},
	{"{;a}{;b}c", -1},
	{"{?a}{&b}&x", -1},
	{"{?a}x", -1},
	{"{&a}{?b}", -1},
	{"{?a}{?b}", -1},
	{"{?a}{&b}{?c}", -1},
}

func TestMatcherAmbiguity(t *testing.T) {
	for _, tc := range matcherCases {
		t.Run(tc.tmpl, func(t *testing.T) {
			_, err := MustParse(tc.tmpl).Matcher(MatchOptions{})
			got := -1
			var ae *AmbiguousError
			if errors.As(err, &ae) {
				got = ae.Offset
				if ae.Reason == "" || !strings.Contains(err.Error(), "ambiguous") {
					t.Errorf("Matcher(%q) error %q: no reason", tc.tmpl, err)
				}
			} else if err != nil {
				t.Fatalf("Matcher(%q) error %v, not an *AmbiguousError", tc.tmpl, err)
			}
			if got != tc.offset {
				t.Errorf("Matcher(%q) ambiguous at %d (%v), want %d", tc.tmpl, got, err, tc.offset)
			}
		})
	}
}

// TestAmbiguityWitness checks the witness of the exact check: a shortest
// URI with two splits, and the values of both.
func TestAmbiguityWitness(t *testing.T) {
	tests := []struct {
		tmpl    string
		opts    MatchOptions
		witness string
		first   map[string]any
		second  map[string]any
	}{
		{"{a}{b}", MatchOptions{}, "A", map[string]any{"a": "A"}, map[string]any{"b": "A"}},
		{"{/a}{/b}", MatchOptions{}, "/", map[string]any{"a": ""}, map[string]any{"b": ""}},
		{"{+a}/x{+b}", MatchOptions{}, "/x/x", map[string]any{"a": "/x"}, map[string]any{"b": "/x"}},
		{"/r/{+path}{?ref}", MatchOptions{}, "/r/?ref=", map[string]any{"path": "?ref="}, map[string]any{"ref": ""}},
		{"{?a}{?b}", MatchOptions{IgnoreUnknownQuery: true}, "?=", map[string]any{}, map[string]any{}},
		// Rules 1 to 3: two values that expand alike.
		{"/x{a,b}", MatchOptions{}, "/xA,A", map[string]any{"a": []string{"A", "A"}}, map[string]any{"a": "A", "b": "A"}},
		{"{+a,b}", MatchOptions{}, "A,A", map[string]any{"a": "A,A"}, map[string]any{"a": "A", "b": "A"}},
		{"{/a*,b}", MatchOptions{}, "/A/A", map[string]any{"a": []string{"A", "A"}}, map[string]any{"a": []string{"A"}, "b": "A"}},
		{"{/a,b*}", MatchOptions{}, "/A/A", map[string]any{"a": "A", "b": []string{"A"}}, map[string]any{"b": []string{"A", "A"}}},
		{"{.a*}", MatchOptions{}, ".A.A", map[string]any{"a": []string{"A.A"}}, map[string]any{"a": []string{"A", "A"}}},
		{"{?q,opts*}", MatchOptions{}, "?q=A", map[string]any{"q": "A"}, map[string]any{"opts": []Pair{{"q", "A"}}}},
		{"{?a*}{&b*}", MatchOptions{}, "?K=A&K=A", map[string]any{"a": []Pair{{"K", "A"}, {"K", "A"}}},
			map[string]any{"a": []Pair{{"K", "A"}}, "b": []Pair{{"K", "A"}}}},
	}
	for _, tc := range tests {
		t.Run(tc.tmpl, func(t *testing.T) {
			_, err := MustParse(tc.tmpl).Matcher(tc.opts)
			var ae *AmbiguousError
			if !errors.As(err, &ae) {
				t.Fatalf("Matcher(%q) = %v, want an *AmbiguousError", tc.tmpl, err)
			}
			got := []any{ae.Witness, plain(ae.Readings[0]), plain(ae.Readings[1])}
			want := []any{tc.witness, tc.first, tc.second}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Matcher(%q) mismatch (-want +got):\n%s", tc.tmpl, diff)
			}
			for _, vs := range ae.Readings {
				if u, err := MustParse(tc.tmpl).Expand(vs); err != nil || u != tc.witness && len(vs) > 0 && tc.opts == (MatchOptions{}) {
					t.Errorf("Expand(%q) with %v = %q, %v; want the witness %q", tc.tmpl, vs, u, err, tc.witness)
				}
			}
		})
	}
}

type matchCase struct {
	name string
	tmpl string
	uri  string
	opts MatchOptions
	want map[string]any
	raw  map[string]string // Raw of some variables
	// the error, when want is nil: the URI offset and whether it is a
	// traversal
	errAt     int
	traversal bool
}

var matchCases = []matchCase{
	{name: "mcp file", tmpl: "file:///{path}", uri: "file:///notes.txt",
		want: map[string]any{"path": "notes.txt"}},
	{name: "mcp file encoded slash decoded once", tmpl: "file:///{path}", uri: "file:///a%2Fb%2520",
		want: map[string]any{"path": "a/b%20"}, raw: map[string]string{"path": "a%2Fb%2520"}},
	{name: "traversal allowed by default", tmpl: "file:///{path}", uri: "file:///..%2F..%2Fetc%2Fpasswd",
		want: map[string]any{"path": "../../etc/passwd"}},
	{name: "traversal refused", tmpl: "file:///{path}", uri: "file:///..%2F..%2Fetc%2Fpasswd",
		opts: MatchOptions{NoTraversal: true}, errAt: 8, traversal: true},
	{name: "lower-case encoded slash refused", tmpl: "file:///{path}", uri: "file:///a%2fb",
		opts: MatchOptions{NoTraversal: true}, errAt: 8, traversal: true},
	{name: "dot-dot refused", tmpl: "file:///{path}", uri: "file:///..",
		opts: MatchOptions{NoTraversal: true}, errAt: 8, traversal: true},
	{name: "encoded dot refused", tmpl: "file:///{path}", uri: "file:///%2E",
		opts: MatchOptions{NoTraversal: true}, errAt: 8, traversal: true},
	{name: "encoded backslash refused", tmpl: "file:///{path}", uri: "file:///..%5C..%5Cwin.ini",
		opts: MatchOptions{NoTraversal: true}, errAt: 8, traversal: true},
	{name: "dot-dot before a backslash refused", tmpl: "{+path}", uri: "%2E%2E%5Cx",
		opts: MatchOptions{NoTraversal: true}, errAt: 0, traversal: true},
	{name: "dot-segment at the end refused", tmpl: "{+path}", uri: "a/.",
		opts: MatchOptions{NoTraversal: true}, errAt: 0, traversal: true},
	{name: "dots inside a name allowed", tmpl: "file:///{path}", uri: "file:///a..b",
		opts: MatchOptions{NoTraversal: true}, want: map[string]any{"path": "a..b"}},
	{name: "reserved path keeps its slashes", tmpl: "{+path}", uri: "/a/b",
		opts: MatchOptions{NoTraversal: true}, want: map[string]any{"path": "/a/b"}},
	{name: "reserved path dot-segment refused", tmpl: "{+path}", uri: "/a/../b",
		opts: MatchOptions{NoTraversal: true}, errAt: 0, traversal: true},
	{name: "list item dot-segment refused", tmpl: "{/p*}", uri: "/a/../b",
		opts: MatchOptions{NoTraversal: true}, errAt: 1, traversal: true},
	{name: "query value traversal refused", tmpl: "/f{?name}", uri: "/f?name=..%2Fx",
		opts: MatchOptions{NoTraversal: true}, errAt: 8, traversal: true},
	{name: "mcp users", tmpl: "users://{id}/profile", uri: "users://42/profile",
		want: map[string]any{"id": "42"}},
	{name: "mcp users wrong literal", tmpl: "users://{id}/profile", uri: "users://42/settings",
		errAt: 10},
	{name: "mcp users trailing text", tmpl: "users://{id}/profile", uri: "users://42/profile/x",
		errAt: 18},
	{name: "repeated variable same", tmpl: "/x/{v}/{v}", uri: "/x/1/1",
		want: map[string]any{"v": "1"}},
	{name: "repeated variable differs", tmpl: "/x/{v}/{v}", uri: "/x/1/2", errAt: 5},
	{name: "repeated variable one empty", tmpl: "/x/{v}/{v}", uri: "/x//1", errAt: 4},
	{name: "repeated variable across operators", tmpl: "{a}{/a}", uri: "x%2Fy/x%2Fy",
		want: map[string]any{"a": "x/y"}},
	{name: "repeated variable reserved", tmpl: "{/a}{?b}{#a}", uri: "/x%2Fy#x/y",
		want: map[string]any{"a": "x/y"}},
	{name: "repeated list with reserved string", tmpl: "{/a}{#a}", uri: "/x,y#x,y",
		want: map[string]any{"a": []string{"x", "y"}}},
	{name: "repeated undefined", tmpl: "{/a}{?b}{#a}", uri: "?b=1",
		want: map[string]any{"b": "1"}},
	{name: "repeated defined and undefined", tmpl: "{/a}{?b}{#a}", uri: "/x?b=1", errAt: 6},
	{name: "repeated empty and undefined", tmpl: "{a}/{/a}", uri: "//",
		want: map[string]any{"a": ""}},
	{name: "query in order", tmpl: "/search{?q,page}", uri: "/search?q=go&page=2",
		want: map[string]any{"q": "go", "page": "2"}},
	{name: "query in any order", tmpl: "/search{?q,page}", uri: "/search?page=2&q=go",
		want: map[string]any{"q": "go", "page": "2"}},
	{name: "query partly", tmpl: "/search{?q,page}", uri: "/search?page=2",
		want: map[string]any{"page": "2"}},
	{name: "query none", tmpl: "/search{?q,page}", uri: "/search",
		want: map[string]any{}},
	{name: "query unknown pair", tmpl: "/search{?q}", uri: "/search?x=1&q=go", errAt: 8},
	{name: "query unknown pair ignored", tmpl: "/search{?q}", uri: "/search?x=1&q=go",
		opts: MatchOptions{IgnoreUnknownQuery: true}, want: map[string]any{"q": "go"}},
	{name: "query of unknown pairs ignored", tmpl: "/search{?q}", uri: "/search?x=1&y=2",
		opts: MatchOptions{IgnoreUnknownQuery: true}, want: map[string]any{}},
	{name: "query of unknown pairs ignored, plus a known one", tmpl: "/search{?q}", uri: "/search?x=1&q",
		opts: MatchOptions{IgnoreUnknownQuery: true}, errAt: 12},
	{name: "query pair without =", tmpl: "/search{?q}", uri: "/search?q", errAt: 8},
	{name: "query lead alone", tmpl: "/search{?q}", uri: "/search?", errAt: 8},
	{name: "path parameter, empty name", tmpl: "{;keys*}", uri: ";",
		want: map[string]any{"keys": []Pair{{"", ""}}}},
	{name: "query empty value", tmpl: "/search{?q}", uri: "/search?q=",
		want: map[string]any{"q": ""}},
	{name: "query repeated pair same", tmpl: "{?q}", uri: "?q=1&q=1", errAt: 5},
	{name: "query variable written twice", tmpl: "{?d,d}", uri: "?d=1&d=1",
		want: map[string]any{"d": "1"}},
	{name: "query variable written twice, one pair", tmpl: "{?d,d}", uri: "?d=1", errAt: 4},
	{name: "query pair repeated past the template", tmpl: "/s{?a,b}", uri: "/s?b=2&a=1&b=2", errAt: 11},
	{name: "query prefix and full value in any order", tmpl: "{?v:2,v}", uri: "?v=value&v=va",
		want: map[string]any{"v": "value"}},
	{name: "query prefix and full value differ", tmpl: "{?v:2,v}", uri: "?v=value&v=vx", errAt: 1},
	{name: "query value with unencoded =", tmpl: "/s{?q}", uri: "/s?q=a=b", errAt: 6},
	{name: "path parameter value with unencoded =", tmpl: "{;q}", uri: ";q=a=b", errAt: 4},
	{name: "exploded value with unencoded =", tmpl: "{/keys*}", uri: "/a=1/b=2=3", errAt: 8},
	{name: "continuation lead takes no pair of the query", tmpl: "/x{?a}{&b}", uri: "/x&a=1&b=2", errAt: 3},
	{name: "continuation lead alone", tmpl: "/x{?a}{&b}", uri: "/x&b=2",
		want: map[string]any{"b": "2"}},
	{name: "query lead without a pair of the query", tmpl: "/x{?a}{&b}", uri: "/x?b=2", errAt: 2},
	{name: "query lead with an unknown pair ignored", tmpl: "/x{?a}{&b}", uri: "/x?z=1&b=2",
		opts: MatchOptions{IgnoreUnknownQuery: true}, want: map[string]any{"b": "2"}},
	{name: "query name compared decoded", tmpl: "/s{?a}", uri: "/s?a=1&%61=2",
		opts: MatchOptions{IgnoreUnknownQuery: true}, errAt: 7},
	{name: "not a URI-reference", tmpl: "{+p}", uri: "/a?x#y#z", errAt: 6},
	{name: "IRI, bidi formatting character refused", tmpl: "{x}", uri: "a\u202eb", opts: MatchOptions{IRI: true}, errAt: 1},
	{name: "IRI, bidi formatting character refused by the automaton", tmpl: "{+x}/y", uri: "a\u202eb/y", opts: MatchOptions{IRI: true}, errAt: 1},
	{name: "IRI, matched by the automaton", tmpl: "{+x}/y", uri: "\u00e9/y/y", opts: MatchOptions{IRI: true},
		want: map[string]any{"x": "\u00e9/y"}},
	{name: "query repeated pair differs", tmpl: "{?q}", uri: "?q=1&q=2", errAt: 5},
	{name: "query and continuation in any order", tmpl: "/s{?q}{&page}", uri: "/s?page=2&q=go",
		want: map[string]any{"q": "go", "page": "2"}},
	{name: "continuation alone", tmpl: "/s{?q}{&page}", uri: "/s&page=2",
		want: map[string]any{"page": "2"}},
	{name: "continuation after literal", tmpl: "?fixed=yes{&x}", uri: "?fixed=yes&x=1",
		want: map[string]any{"x": "1"}},
	{name: "query list", tmpl: "{?list}", uri: "?list=red,green,blue",
		want: map[string]any{"list": []string{"red", "green", "blue"}}},
	{name: "query exploded list", tmpl: "{?list*}", uri: "?list=red&list=green",
		want: map[string]any{"list": []string{"red", "green"}}},
	{name: "query exploded assoc", tmpl: "{?keys*}", uri: "?semi=%3B&dot=.&comma=%2C",
		want: map[string]any{"keys": []Pair{{"semi", ";"}, {"dot", "."}, {"comma", ","}}},
		raw:  map[string]string{"keys": "semi=%3B&dot=.&comma=%2C"}},
	{name: "query exploded takes every pair", tmpl: "{?opts*}", uri: "?a=1&q=x&b=2",
		want: map[string]any{"opts": []Pair{{"a", "1"}, {"q", "x"}, {"b", "2"}}}},
	{name: "query name pct-encoded", tmpl: "{?q}", uri: "?%71=1", errAt: 1},
	{name: "path parameters", tmpl: "{;x,y,empty}", uri: ";x=1024;y=768;empty",
		want: map[string]any{"x": "1024", "y": "768", "empty": ""}},
	{name: "path parameters any order", tmpl: "{;x,y}", uri: ";y=768;x=1024",
		want: map[string]any{"x": "1024", "y": "768"}},
	{name: "path parameters unknown", tmpl: "{;x}", uri: ";z=1", opts: MatchOptions{IgnoreUnknownQuery: true},
		errAt: 1},
	{name: "prefix", tmpl: "{v:3}/{w}", uri: "val/x",
		want: map[string]any{"v": "val", "w": "x"}},
	{name: "prefix shorter", tmpl: "{v:3}/{w}", uri: "va/x",
		want: map[string]any{"v": "va", "w": "x"}},
	{name: "prefix too long", tmpl: "{v:3}/{w}", uri: "valu/x", errAt: 0},
	{name: "prefix counts characters", tmpl: "{v:2}", uri: "%C3%BC%C3%BC",
		want: map[string]any{"v": "üü"}},
	{name: "prefix and full value", tmpl: "{v:3}/{v}", uri: "val/value",
		want: map[string]any{"v": "value"}},
	{name: "prefix not a prefix", tmpl: "{v:3}/{v}", uri: "vax/value", errAt: 4},
	{name: "not UTF-8", tmpl: "{v}", uri: "%FF", errAt: 0},
	{name: "non-ASCII decoded", tmpl: "{v}", uri: "%C3%BC",
		want: map[string]any{"v": "ü"}},
	{name: "list", tmpl: "{list}", uri: "red,green,blue",
		want: map[string]any{"list": []string{"red", "green", "blue"}}},
	{name: "exploded list", tmpl: "{/list*}", uri: "/red/green/blue",
		want: map[string]any{"list": []string{"red", "green", "blue"}}},
	{name: "exploded assoc", tmpl: "{/keys*}", uri: "/semi=%3B/dot=./comma=%2C",
		want: map[string]any{"keys": []Pair{{"semi", ";"}, {"dot", "."}, {"comma", ","}}}},
	{name: "exploded assoc, name form", tmpl: "{/keys*}", uri: "/a/b=1", errAt: 2},
	{name: "exploded one item", tmpl: "{/list*}", uri: "/red",
		want: map[string]any{"list": "red"}},
	{name: "several variables", tmpl: "{/x,y}", uri: "/1024/768",
		want: map[string]any{"x": "1024", "y": "768"}},
	{name: "several variables, fewer values", tmpl: "{/x,y}", uri: "/1024",
		want: map[string]any{"x": "1024"}},
	{name: "several variables, more values", tmpl: "{/x,y}", uri: "/1/2/3", errAt: 6},
	{name: "several path variables with a list", tmpl: "{/a,b}", uri: "/x,y/z",
		want: map[string]any{"a": []string{"x", "y"}, "b": "z"}},
	{name: "several path variables, empty", tmpl: "{/a,b}", uri: "//z",
		want: map[string]any{"a": "", "b": "z"}},
	{name: "empty simple is undefined", tmpl: "x{a}/", uri: "x/",
		want: map[string]any{}},
	{name: "empty path segment is empty", tmpl: "x{/a}", uri: "x/",
		want: map[string]any{"a": ""}},
	{name: "label", tmpl: "www{.dom}", uri: "www.example.com",
		want: map[string]any{"dom": "example.com"}},
	{name: "fragment", tmpl: "/p{#f}", uri: "/p#a/b?c",
		want: map[string]any{"f": "a/b?c"}},
	{name: "fragment empty", tmpl: "/p{#f}", uri: "/p#",
		want: map[string]any{"f": ""}},
	{name: "reserved", tmpl: "{+path}", uri: "/foo/bar%20x",
		want: map[string]any{"path": "/foo/bar x"}, raw: map[string]string{"path": "/foo/bar%20x"}},
	{name: "bad percent", tmpl: "{a}", uri: "%2", errAt: 0},
	{name: "encoded literal", tmpl: "ü/{x}", uri: "%C3%BC/1",
		want: map[string]any{"x": "1"}},
	{name: "IRI", tmpl: "ü/{x}", uri: "ü/é%20ü", opts: MatchOptions{IRI: true},
		want: map[string]any{"x": "é ü"}, raw: map[string]string{"x": "é%20ü"}},
	{name: "IRI not asked", tmpl: "%C3%BC/{x}", uri: "%C3%BC/é", errAt: 7},
	{name: "IRI, iprivate refused", tmpl: "{x}", uri: "\uE000", opts: MatchOptions{IRI: true}, errAt: 0},
	{name: "empty template", tmpl: "", uri: "", want: map[string]any{}},
	{name: "international host, pct-encoded", tmpl: "http://{host}/{x}", uri: "http://%E4%BE%8B%E3%81%88.jp/%C3%BC",
		want: map[string]any{"host": "例え.jp", "x": "ü"}, raw: map[string]string{"host": "%E4%BE%8B%E3%81%88.jp"}},
	{name: "international host, IRI", tmpl: "http://{host}/{x}", uri: "http://例え.jp/ü", opts: MatchOptions{IRI: true},
		want: map[string]any{"host": "例え.jp", "x": "ü"}},
	{name: "international host literal, IRI", tmpl: "http://例え.jp/{x}", uri: "http://例え.jp/1", opts: MatchOptions{IRI: true},
		want: map[string]any{"x": "1"}},
	// A zone identifier (RFC 6874) is not RFC 3986's nor RFC 3987's
	// syntax, which Match reads.
	{name: "zone identifier", tmpl: "http://[fe80::1%25en0]/{x}", uri: "http://[fe80::1%25en0]/1", errAt: 15},
	{name: "zone identifier, IRI", tmpl: "http://[fe80::1%25en0]/{x}", uri: "http://[fe80::1%25en0]/1", opts: MatchOptions{IRI: true}, errAt: 15},
	{name: "IPv6 host", tmpl: "http://[fe80::1]/{x}", uri: "http://[fe80::1]/1", want: map[string]any{"x": "1"}},
	{name: "empty URI, undefined values", tmpl: "{x}{/y}{?z}", uri: "", want: map[string]any{}},
	{name: "empty template, a URI", tmpl: "", uri: "x", errAt: 0},
	{name: "adjacent delimited", tmpl: "{/a}{?b}", uri: "/x?b=y",
		want: map[string]any{"a": "x", "b": "y"}},
	{name: "adjacent delimited, first empty", tmpl: "{/a}{?b}", uri: "?b=y",
		want: map[string]any{"b": "y"}},
	{name: "simple then path", tmpl: "{a}{/b}", uri: "x/y",
		want: map[string]any{"a": "x", "b": "y"}},
	// Templates the exact check accepts: the one split of the URI.
	{name: "reserved path before a literal", tmpl: "/files/{+path}/raw", uri: "/files/a/raw/b%20c/raw",
		want: map[string]any{"path": "a/raw/b c"}, raw: map[string]string{"path": "a/raw/b%20c"}},
	{name: "reserved path, literal missing", tmpl: "/files/{+path}/raw", uri: "/files/a/raw/b", errAt: 14},
	{name: "reserved base", tmpl: "{+base}index", uri: "http://example.com/index",
		want: map[string]any{"base": "http://example.com/"}},
	{name: "reserved path and suffix", tmpl: "/{+path}.json", uri: "/a.b/c.json",
		want: map[string]any{"path": "a.b/c"}},
	{name: "simple then literal", tmpl: "foo{foo}/{bar}baz", uri: "fooX/YbazZbaz",
		want: map[string]any{"foo": "X", "bar": "YbazZ"}},
	{name: "optional segment before a literal, absent", tmpl: "/foo{/bar}/bob", uri: "/foo/bob",
		want: map[string]any{}},
	{name: "optional segment before a literal", tmpl: "/foo{/bar}/bob", uri: "/foo/x/bob",
		want: map[string]any{"bar": "x"}},
	{name: "segments before a literal", tmpl: "prefix{/list*}/suffix", uri: "prefix/a/b/suffix",
		want: map[string]any{"list": []string{"a", "b"}}},
	{name: "segments before a literal, none", tmpl: "prefix{/list*}/suffix", uri: "prefix/suffix",
		want: map[string]any{}},
	{name: "segments before a literal, no split", tmpl: "prefix{/list*}/suffix", uri: "prefix/a/b", errAt: 10},
	{name: "query after a literal end", tmpl: "{?a}x", uri: "?a=1xx",
		want: map[string]any{"a": "1x"}},
	// Only what expansion writes (RFC 6570 §3.2.1) matches.
	{name: "exploded simple, a pair without =", tmpl: "{a*}", uri: "k=v,by", errAt: 6},
	{name: "exploded path, a pair without =", tmpl: "{/a*}", uri: "/k=v/by", errAt: 7},
	{name: "exploded path parameter, empty value with =", tmpl: "{;c*}", uri: ";c=", errAt: 1},
	{name: "exploded query, unencoded comma in a name", tmpl: "{?a*}", uri: "?,=1", errAt: 1},
	{name: "unreserved character pct-encoded", tmpl: "{a}", uri: "%41", errAt: 0},
	{name: "lower-case triplet", tmpl: "{a}", uri: "%c3%bc", errAt: 1},
	{name: "lower-case triplet, reserved", tmpl: "{+a}", uri: "%c3%bc", want: map[string]any{"a": "ü"}},
	{name: "unreserved character pct-encoded, reserved", tmpl: "{+a}", uri: "%41%2F", want: map[string]any{"a": "A/"}},
	{name: "query pairs in any order, one unencoded comma", tmpl: "{?a,b}", uri: "?b=1&a=x,y", want: map[string]any{"a": []string{"x", "y"}, "b": "1"}},
	{name: "IRI, character pct-encoded", tmpl: "{a}", uri: "%C3%BC", opts: MatchOptions{IRI: true}, want: map[string]any{"a": "ü"}},
	{name: "pairs with an encoded name before a literal", tmpl: "{?k*}x", uri: "?%20=1&a%2C=x",
		want: map[string]any{"k": []Pair{{" ", "1"}, {"a,", ""}}}},
}

func TestMatch(t *testing.T) {
	for _, tc := range matchCases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := MustParse(tc.tmpl).Matcher(tc.opts)
			if err != nil {
				t.Fatalf("Matcher(%q): %v", tc.tmpl, err)
			}
			r, err := m.Match(tc.uri)
			if tc.want == nil {
				var ne *NoMatchError
				if !errors.As(err, &ne) {
					t.Fatalf("Match(%q) with %q = %v, want a *NoMatchError", tc.uri, tc.tmpl, err)
				}
				if ne.Offset != tc.errAt || errors.Is(err, ErrTraversal) != tc.traversal {
					t.Errorf("Match(%q) with %q: %v: offset %d, traversal %v; want %d, %v",
						tc.uri, tc.tmpl, err, ne.Offset, errors.Is(err, ErrTraversal), tc.errAt, tc.traversal)
				}
				if len(tc.uri) > 1 && strings.Contains(err.Error(), tc.uri) { // a message may name one byte
					t.Errorf("Match(%q) with %q: the error %q holds the URI", tc.uri, tc.tmpl, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Match(%q) with %q: %v", tc.uri, tc.tmpl, err)
			}
			if diff := cmp.Diff(tc.want, plain(r.Values())); diff != "" {
				t.Errorf("Match(%q) mismatch (-want +got):\n%s", tc.uri, diff)
			}
			for name, want := range tc.raw {
				got, ok := r.Raw(name)
				if !ok || got != want {
					t.Errorf("Match(%q).Raw(%q) = %q, %v; want %q, true", tc.uri, name, got, ok, want)
				}
			}
			for name := range tc.want {
				if _, ok := r.Raw(name); !ok {
					t.Errorf("Match(%q).Raw(%q) is not defined", tc.uri, name)
				}
			}
			if _, ok := r.Raw("no such variable"); ok {
				t.Errorf("Match(%q).Raw of a missing variable is defined", tc.uri)
			}
		})
	}
}

// roundTripCases are value sets whose expansion Match gives back exactly,
// and value sets that §3 makes indistinguishable, with what Match gives.
var roundTripCases = []struct {
	tmpl string
	vars Values
	want map[string]any // nil: vars itself
}{
	{"file:///{path}", Values{"path": String("../../etc/passwd")}, nil},
	{"users://{id}/profile", Values{"id": String("ü 1")}, nil},
	{"/x/{v}/{v}", Values{"v": String("a/b")}, nil},
	{"{/a}{?b}", Values{"a": String("x"), "b": String("y&z")}, nil},
	{"{/a}{?b}", Values{"b": String("")}, nil},
	{"{a}{/b}", Values{"a": List("x", "y"), "b": List("", "")}, nil},
	{"/s{?q,page}{&size}", Values{"q": String("a b"), "size": String("10")}, nil},
	{"{?list*}", Values{"list": List("a", "b")}, nil},
	{"{?keys*}", Values{"keys": Assoc(Pair{"b", "1"}, Pair{"a", ""})}, nil},
	{"{;keys*}", Values{"keys": Assoc(Pair{"b", "1"}, Pair{"a", ""})}, nil},
	{"{/keys*}", Values{"keys": Assoc(Pair{"b", "1"}, Pair{"a", "="})}, nil},
	{"{#frag}", Values{"frag": String("a/b?c,d")}, nil},
	{"{+path}", Values{"path": String("/a,b/c")}, nil},
	{"{/x,y}", Values{"x": String(""), "y": String("")}, nil},
	{"{/x,y}", Values{"x": String("1"), "y": List("2", "3")}, nil},
	{"{v:3}", Values{"v": String("value")}, map[string]any{"v": "val"}},
	{"{v:3}/{v}", Values{"v": String("value")}, nil},
	{"{a}", Values{"a": String("")}, map[string]any{}},
	{"{a}", Values{"a": List()}, map[string]any{}},
	{"{a}", Values{"a": List("x")}, map[string]any{"a": "x"}},
	{"{a}", Values{"a": Assoc(Pair{"k", "v"})}, map[string]any{"a": []string{"k", "v"}}},
	{"{+a}", Values{"a": List("x", "y")}, map[string]any{"a": "x,y"}},
	{"{/a,b}", Values{"b": String("x")}, map[string]any{"a": "x"}},
	{"{/a*}", Values{"a": Assoc(Pair{"k", ""}, Pair{"j", "1"})}, nil},
	{"{?a*}", Values{"a": Assoc(Pair{"a", "1"}, Pair{"a", "2"})}, map[string]any{"a": []string{"1", "2"}}},
	// Another occurrence tells the keys of an associative array from a
	// list's names.
	{"{a}{&a*}", Values{"a": Assoc(Pair{"a", "x"})}, nil},
	{"{a}{&a*}", Values{"a": List("x", "y")}, nil},
}

func TestMatchRoundTrip(t *testing.T) {
	for _, tc := range roundTripCases {
		t.Run(tc.tmpl, func(t *testing.T) {
			tm := MustParse(tc.tmpl)
			u, err := tm.Expand(tc.vars)
			if err != nil {
				t.Fatalf("Expand: %v", err)
			}
			m, err := tm.Matcher(MatchOptions{})
			if err != nil {
				t.Fatalf("Matcher(%q): %v", tc.tmpl, err)
			}
			r, err := m.Match(u)
			if err != nil {
				t.Fatalf("Match(%q) with %q: %v", u, tc.tmpl, err)
			}
			want := tc.want
			if want == nil {
				want = plain(tc.vars)
			}
			if diff := cmp.Diff(want, plain(r.Values())); diff != "" {
				t.Errorf("Match(%q) mismatch (-want +got):\n%s", u, diff)
			}
			again, err := tm.Expand(r.Values())
			if err != nil || again != u {
				t.Errorf("Expand(Match(%q)) = %q, %v; want the URI", u, again, err)
			}
		})
	}
}

// TestMatcherConcurrent matches from several goroutines with one Matcher
// (go test -race checks it shares nothing it writes).
func TestMatcherConcurrent(t *testing.T) {
	m, err := MustParse("/s{/p*}{?opts*}").Matcher(MatchOptions{NoTraversal: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"p": []string{"a", "b"}, "opts": []Pair{{"k", "v"}, {"q", "x"}}}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				r, err := m.Match("/s/a/b?k=v&q=x")
				if err != nil {
					t.Error(err)
					return
				}
				if diff := cmp.Diff(want, plain(r.Values())); diff != "" {
					t.Errorf("Match mismatch (-want +got):\n%s", diff)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestMatchLimits(t *testing.T) {
	items := strings.Repeat("a,", uri.DefaultMaxPairs) + "a"
	pairs := "?" + strings.Repeat("k=v&", uri.DefaultMaxPairs) + "q=1"
	tests := []struct {
		name, tmpl, uri string
		max             int
		limit           int // 0: a match
	}{
		{"list at the limit", "{a}", items[2:], 0, 0},
		{"list past the limit", "{a}", items, 0, uri.DefaultMaxPairs},
		{"list past a given limit", "{a}", "a,b,c", 2, 2},
		{"no limit", "{a}", items, -1, 0},
		{"pairs past the limit", "{?o*}", pairs, 0, uri.DefaultMaxPairs},
		{"exploded items past the limit", "{/a*}", "/a/b/c", 2, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := MustParse(tc.tmpl).Matcher(MatchOptions{MaxItems: tc.max})
			if err != nil {
				t.Fatal(err)
			}
			_, err = m.Match(tc.uri)
			var le *uri.LimitError
			switch {
			case tc.limit == 0 && err != nil:
				t.Errorf("Match of %d bytes with %q: %v", len(tc.uri), tc.tmpl, err)
			case tc.limit != 0 && (!errors.As(err, &le) || le.Limit != tc.limit):
				t.Errorf("Match of %d bytes with %q = %v, want a *uri.LimitError of %d", len(tc.uri), tc.tmpl, err, tc.limit)
			}
		})
	}
}

func TestResultSpan(t *testing.T) {
	m, err := MustParse("http://{user}:{pw}@h{/p}{?q}").Matcher(MatchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const u = "http://u:s3cret@h/x?q=1"
	r, err := m.Match(u)
	if err != nil {
		t.Fatal(err)
	}
	type span struct {
		Begin, End int
		OK         bool
	}
	got := map[string]span{}
	for _, name := range []string{"user", "pw", "p", "q", "none"} {
		b, e, ok := r.Span(name)
		got[name] = span{b, e, ok}
	}
	want := map[string]span{"user": {7, 8, true}, "pw": {9, 15, true}, "p": {18, 19, true}, "q": {20, 23, true}, "none": {}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Span(%q) mismatch (-want +got):\n%s", u, diff)
	}
}

// TestAmbiguityWitnessPassword checks that the message of an
// AmbiguousError masks a password of the template's literals in its
// witness, and leaves out the readings that may hold it.
func TestAmbiguityWitnessPassword(t *testing.T) {
	_, err := MustParse("http://u:s3cret@{a}{b}").Matcher(MatchOptions{})
	var ae *AmbiguousError
	if !errors.As(err, &ae) || ae.Witness != "http://u:s3cret@A" {
		t.Fatalf("Matcher = %v, want an *AmbiguousError with a witness", err)
	}
	if strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "xxxxx") {
		t.Errorf("Error() = %q, want the password masked", err)
	}
	// The readings of a witness whose password is read by the template's
	// variables hold it: the message leaves them out.
	_, err = MustParse("http://u:{p}{q}@h/").Matcher(MatchOptions{})
	if !errors.As(err, &ae) || ae.Witness != "http://u:A@h/" || ae.Readings[0] == nil {
		t.Fatalf("Matcher = %v, want an *AmbiguousError with a witness and readings", err)
	}
	if strings.Contains(err.Error(), `"A"`) || !strings.Contains(err.Error(), "xxxxx") {
		t.Errorf("Error() = %q, want the password masked and no readings", err)
	}
}

func TestMatchDelimiters(t *testing.T) {
	const gh = "https://api.github.com/repos/{owner}/{repo}/contents/{+path}{?ref}"
	tests := []struct {
		name, tmpl, uri string
		want            map[string]any // nil: no match
	}{
		{"path and query", gh, "https://api.github.com/repos/o/r/contents/a/b.go?ref=main",
			map[string]any{"owner": "o", "repo": "r", "path": "a/b.go", "ref": "main"}},
		{"query alone", gh, "https://api.github.com/repos/o/r/contents/?ref=",
			map[string]any{"owner": "o", "repo": "r", "ref": ""}},
		{"path alone", gh, "https://api.github.com/repos/o/r/contents/a",
			map[string]any{"owner": "o", "repo": "r", "path": "a"}},
		{"fragment is no path", "/p/{+path}", "/p/a#b", nil},
		{"query is no path", "/p/{+path}", "/p/a?b", nil},
		{"query after a literal", "/p?{+q}", "/p?a?b",
			map[string]any{"q": "a?b"}},
		{"fragment after a literal", "/p#{+f}", "/p#a?b",
			map[string]any{"f": "a?b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := MustParse(tc.tmpl).Matcher(MatchOptions{Delimiters: true})
			if err != nil {
				t.Fatalf("Matcher(%q): %v", tc.tmpl, err)
			}
			r, err := m.Match(tc.uri)
			if tc.want == nil {
				if err == nil {
					t.Errorf("Match(%q) with %q = %v, want no match", tc.uri, tc.tmpl, r.Values())
				}
				return
			}
			if err != nil {
				t.Fatalf("Match(%q) with %q: %v", tc.uri, tc.tmpl, err)
			}
			if diff := cmp.Diff(tc.want, plain(r.Values())); diff != "" {
				t.Errorf("Match(%q) mismatch (-want +got):\n%s", tc.uri, diff)
			}
		})
	}
}

func TestAmbiguityHint(t *testing.T) {
	tests := []struct{ tmpl, hint string }{
		{"/r/{+path}{?ref}", `hint: "/r{/path*}{?ref}", where {/path*} reads the segments of a path, which hold no "/" (RFC 6570 §3.2.6), is not ambiguous`},
		{"{+path}{?ref}", `hint: MatchOptions Delimiters, which reads the first "?" and "#" as RFC 3986 §3.4 and §3.5 do, accepts it`},
		{"{a}{b}", ""},
	}
	for _, tc := range tests {
		t.Run(tc.tmpl, func(t *testing.T) {
			_, err := MustParse(tc.tmpl).Matcher(MatchOptions{})
			var ae *AmbiguousError
			if !errors.As(err, &ae) {
				t.Fatalf("Matcher(%q) = %v, want an *AmbiguousError", tc.tmpl, err)
			}
			if diff := cmp.Diff(tc.hint, ae.Hint); diff != "" {
				t.Errorf("Matcher(%q) mismatch (-want +got):\n%s", tc.tmpl, diff)
			}
		})
	}
}

func TestMatchPerURI(t *testing.T) {
	tests := []struct {
		tmpl, uri string
		want      map[string]any // nil: two readings
	}{
		{"{+a}/x{+b}", "1/x2", map[string]any{"a": "1", "b": "2"}},
		{"{+a}/x{+b}", "1/x2/x3", nil},
		{"{+a}/x{+b}", "/x", map[string]any{}},
		{"{a}{b}", "", map[string]any{}},
		{"{a}{b}", "x", nil},
		{"/r/{+path}{?ref}", "/r/a/b?ref=x", nil},
		{"/r/{+path}{?ref}", "/r/a/b", map[string]any{"path": "a/b"}},
		{"/files/{+path}/raw", "/files/a/raw", map[string]any{"path": "a"}},
	}
	for _, tc := range tests {
		t.Run(tc.tmpl+" "+tc.uri, func(t *testing.T) {
			m, err := MustParse(tc.tmpl).Matcher(MatchOptions{PerURI: true})
			if err != nil {
				t.Fatalf("Matcher(%q): %v", tc.tmpl, err)
			}
			r, err := m.Match(tc.uri)
			if tc.want == nil {
				if !errors.Is(err, ErrAmbiguousURI) {
					t.Errorf("Match(%q) with %q = %v, want ErrAmbiguousURI", tc.uri, tc.tmpl, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Match(%q) with %q: %v", tc.uri, tc.tmpl, err)
			}
			if diff := cmp.Diff(tc.want, plain(r.Values())); diff != "" {
				t.Errorf("Match(%q) mismatch (-want +got):\n%s", tc.uri, diff)
			}
		})
	}
	// Rules 1 to 3 still refuse.
	if _, err := MustParse("{a,b}").Matcher(MatchOptions{PerURI: true}); err == nil {
		t.Errorf("Matcher(%q) with PerURI accepted it", "{a,b}")
	}
}

// TestAmbiguityLimit checks that the exact check stops at its limits, and
// that the template is then refused as the local rule refuses it.
func TestAmbiguityLimit(t *testing.T) {
	tmpl := strings.Repeat("{0}", 33) + "0"
	_, err := MustParse(tmpl).Matcher(MatchOptions{})
	var ae *AmbiguousError
	if !errors.As(err, &ae) || ae.Witness != "" || !strings.Contains(ae.Reason, "limits") {
		t.Errorf("Matcher(%q) = %v, want an *AmbiguousError at the limits, without a witness", tmpl, err)
	}
	// With PerURI the template is matched by counting runs.
	m, err := MustParse(tmpl).Matcher(MatchOptions{PerURI: true})
	if err != nil {
		t.Fatalf("Matcher(%q) with PerURI: %v", tmpl, err)
	}
	if _, err := m.Match("0"); err != nil {
		t.Errorf("Match(%q) with %q: %v", "0", tmpl, err)
	}
	if _, err := m.Match("00"); !errors.Is(err, ErrAmbiguousURI) {
		t.Errorf("Match(%q) with %q = %v, want ErrAmbiguousURI", "00", tmpl, err)
	}
}

// BenchmarkMatch matches URIs with templates read in one pass, by their
// sets of named pairs, and by their automaton (a template the local rule
// refuses and the exact check accepts).
func BenchmarkMatch(b *testing.B) {
	cases := []struct{ name, tmpl, uri string }{
		{"pass", "/users/{id}/posts/{post}{?page,per_page}", "/users/42/posts/hello%20world?per_page=10&page=2"},
		{"segments", "/repos{/path*}{?q}", "/repos/a/b/c/d.json?q=x"},
		{"pairs", "{?a,b,c,d,e,f}", "?f=6&e=5&d=4&c=3&b=2&a=1"},
		{"automaton", "/files/{+path}/raw", "/files/a/raw/b%20c/raw"},
	}
	for _, c := range cases {
		m, err := MustParse(c.tmpl).Matcher(MatchOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Match(c.uri); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/Matcher", func(b *testing.B) {
			b.ReportAllocs()
			tm := MustParse(c.tmpl)
			for b.Loop() {
				if _, err := tm.Matcher(MatchOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
