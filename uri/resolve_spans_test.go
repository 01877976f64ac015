package uri

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Resolution builds its result's spans from the components of the base and
// the reference instead of parsing the recomposed string (RFC 3986 §5.3).
// These tests hold it to what parsing would give: the same value, field by
// field (components, defined bits, host and path kinds, syntax).

// rfc54Refs are the references of RFC 3986 §5.4.1 and §5.4.2, resolved
// against rfc54Base.
const rfc54Base = "http://a/b/c/d;p?q"

var rfc54Refs = []string{
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "",
	".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h",
	"g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
}

// spanBases are bases of every shape the package produces: RFC 3986, zone
// (RFC 6874) and IRI (RFC 3987) values, with and without scheme,
// authority, userinfo, port, query and fragment, empty and undefined.
var spanBases = []string{
	rfc54Base, "http://u:pw@[::1]:8080/a/b?q#f", "http://[fe80::1%25en0]:80/p/q", "http://résumé.example/ça/va?é#à",
	"http://[v7.x]/a", "http://1.2.3.4", "http://h", "http://@h:/p?", "a:b/c", "a:/x", "a:", "a:b", "//h/p", "//",
	"/p/q", "p/q", "", "?q", "#f", "x:/a/b/c/../d", "mailto:a@b", "urn:isbn:0451450523", "file:///etc/x",
	// Longer than a composer's buffer on the stack.
	"http://h/" + strings.Repeat("seg/", 100) + "?" + strings.Repeat("q", 300), "x:" + strings.Repeat("a/./", 100),
}

// spanRefs are the references resolved against each of spanBases, beside
// rfc54Refs.
var spanRefs = []string{
	".//y", "/..//y", "..//y", "./a:b", "a:b", "b/../a:c", "//[fe80::1%25eth0]/x", "//é/ü?ö#ä", "é/../..//x",
	"?", "#", "//", "//@h:", "../..", "/.", "..", ".", "x/..", "HTTP:g", "http:/g/../h", "a:b/./c", "//h/./.",
	"%2e%2e/g", "?é", "#é", "a//b/../c",
	strings.Repeat("../", 60) + "x", strings.Repeat("y/", 200) + "..", "//h" + strings.Repeat("/z", 200) + "/.",
}

// checkResolveSpans resolves ref against base, strict and not, and
// compares the result with the parse of its string in its own syntax, in
// the narrowest syntax, and with the recomposed parts that the slow path
// parses.
func checkResolveSpans(t *testing.T, bs, rs string) {
	t.Helper()
	base, err := parseAnySyntax(bs)
	if err != nil {
		return
	}
	ref, err := parseAnySyntax(rs)
	if err != nil {
		return
	}
	for _, o := range []ResolveOptions{{}, {NonStrict: true}} {
		got := o.Resolve(base, ref)
		again, err := got.syntax.ParseReference(got.s)
		if err != nil {
			t.Fatalf("%+v.Resolve(%q, %q) = %q does not parse in %v: %v", o, bs, rs, got.s, got.syntax, err)
		}
		if diff := cmp.Diff(again, got, cmp.AllowUnexported(URI{}, span{})); diff != "" {
			t.Fatalf("%+v.Resolve(%q, %q) mismatch (-want +got):\n%s", o, bs, rs, diff)
		}
		narrowest, err := parseAnySyntax(got.s)
		if err != nil || narrowest != got {
			t.Fatalf("%+v.Resolve(%q, %q) = %q: syntax %v, narrowest %v (%v)", o, bs, rs, got.s, got.syntax, narrowest.syntax, err)
		}
		b, r := base, ref
		if min(b.syntax, r.syntax) == RFC6874 && max(b.syntax, r.syntax) == RFC3987 {
			b, r = b.ToURI(), r.ToURI()
		}
		slow := o.resolveParts(b, r)
		if diff := cmp.Diff(slow.String(), got.s); diff != "" {
			t.Fatalf("%+v.Resolve(%q, %q) mismatch with the recomposed parts (-want +got):\n%s", o, bs, rs, diff)
		}
	}
}

func TestResolveSpans(t *testing.T) {
	type pair struct{ base, ref string }
	var pairs []pair
	for _, r := range rfc54Refs {
		pairs = append(pairs, pair{rfc54Base, r})
	}
	for _, b := range spanBases {
		for _, r := range append(append([]string{}, rfc54Refs...), spanRefs...) {
			pairs = append(pairs, pair{b, r})
		}
	}
	var cases []struct{ Base, Ref string }
	readTestJSON(t, "resolve.json", &cases)
	for _, c := range cases {
		pairs = append(pairs, pair{c.Base, c.Ref})
	}
	for _, s := range append(append(append([]string{}, spanBases...), rfc54Refs...), spanRefs...) {
		if _, err := parseAnySyntax(s); err != nil {
			t.Errorf("ParseReference(%q): %v", s, err) // the tables hold valid values only
		}
	}
	for _, p := range pairs {
		t.Run(p.base+" + "+p.ref, func(t *testing.T) { checkResolveSpans(t, p.base, p.ref) })
	}
}

// readTestJSON decodes ../testdata/conformance/<name> into v.
func readTestJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "conformance", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// FuzzResolveSpans checks, on any pair of references in any syntax, that
// resolution builds the value that parsing its result gives.
func FuzzResolveSpans(f *testing.F) {
	for _, r := range rfc54Refs {
		f.Add(rfc54Base, r)
	}
	for i, b := range spanBases {
		f.Add(b, spanRefs[i%len(spanRefs)])
	}
	var cases []struct{ Base, Ref string }
	readTestJSON(f, "resolve.json", &cases)
	for _, c := range cases {
		f.Add(c.Base, c.Ref)
	}
	var parses []struct{ Input string }
	readTestJSON(f, "parse.json", &parses)
	for i, p := range parses {
		f.Add(spanBases[i%len(spanBases)], p.Input)
		f.Add(p.Input, spanRefs[i%len(spanRefs)])
	}
	f.Fuzz(checkResolveSpans)
}
