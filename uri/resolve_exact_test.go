package uri

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
)

// Resolution writes its result with composeExact, which rewrites a path
// (remove_dot_segments, RFC 3986 §5.2.4, and the prefix of the deviation)
// only when it may need it, and hands paths to rewrite longer than its
// stack buffer to compose; an empty reference gives the base without its
// fragment. These tests hold each of these paths to the parse of the
// result and to the recomposed parts (checkResolveSpans).

// pad returns a path of n bytes: "/" and "a"s, then end.
func pad(n int, end string) string {
	return "/" + strings.Repeat("a", n-1-len(end)) + end
}

func TestResolveExactPaths(t *testing.T) {
	tests := []struct{ name, base, ref string }{
		{"merged without dot", "http://a/b/c/d", "e/f"},
		{"merged with dot segments", "http://a/b/c/d", "./e/../f/."},
		{"merged with dots but no dot segment", "http://a/b.c/d", "g..h/.i/j."},
		{"absolute without dot", "http://a/b", "/c/d?q#f"},
		{"absolute with dot segments", "http://a/b", "/c/./d/../e?q#f"},
		{"reference authority with dot segments", "http:", "//h/./a/../b"},
		{"reference scheme with dot segments", "http://a/b", "x:/./a/../b"},
		{"reference scheme with dot but no dot segment", "http://a/b", "x:/a.b/c."},
		{"no authority without dot", "a:b/c", "d"},
		{"no authority with dot segments", "a:b/c", "../d"},
		{"no authority protected", "a:/x", ".//y"},
		{"no scheme protected", "b", "./a:b"},
		{"IRI base without dot", "http://é/b/c", "d"},
		{"IRI reference with dot segments", "http://a/b/c", "./é/../ü"},
		{"IRI only in the query, replaced", "http://a/b?é", "?q"},
		{"zone base", "http://[fe80::1%25en0]/a/b", "./c"},
		{"zone reference", "http://a/b", "//[fe80::1%25en0]/./c"},
		{"empty reference, base with fragment", "http://a/b?q#f", ""},
		{"empty reference, base without fragment", "http://a/b?q", ""},
		{"empty reference, IRI only in the fragment", "http://a/b#é", ""},
		{"empty reference, IRI base", "http://é/b#é", ""},
		{"empty reference, zone base", "http://[fe80::1%25en0]/a#f", ""},
		{"empty reference, base with empty fragment", "a:b#", ""},
		{"empty reference, relative base", "b/c#f", ""},
		{"fragment reference, IRI only in the base fragment", "http://a/b#é", "#f"},
		{"path to rewrite at the buffer", "http://a/b", pad(composeBuf, "/..")},
		{"path to rewrite over the buffer", "http://a/b", pad(composeBuf+1, "/..")},
		{"merged path over the buffer", "http://a" + pad(composeBuf, "/"), "./x"},
		{"path without dot over the buffer", "http://a/b", pad(composeBuf+1, "")},
		{"path without authority over the buffer", "a:b", pad(composeBuf+1, "")[1:]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResolveSpans(t, tt.base, tt.ref) })
	}
}

// TestComposeExactFits checks which paths composeExact writes itself and
// that it writes them as compose does.
func TestComposeExactFits(t *testing.T) {
	withAuthority, without := MustParse("http://a/b?q#f"), MustParse("a:b?q#f")
	tests := []struct {
		name      string
		authority *URI
		path      string
		dots      bool
		want      bool
	}{
		{"to rewrite at the buffer", &withAuthority, pad(composeBuf, "/."), true, true},
		{"to rewrite over the buffer", &withAuthority, pad(composeBuf+1, "/."), true, false},
		{"dots off over the buffer", &withAuthority, pad(composeBuf+1, "/."), false, true},
		{"no dot over the buffer", &withAuthority, pad(composeBuf+1, "/"), true, true},
		{"no authority at the buffer", &without, pad(composeBuf, "/"), false, true},
		{"no authority over the buffer", &without, pad(composeBuf+1, "/"), false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := composer{scheme: tt.authority, authority: tt.authority, query: tt.authority, fragment: tt.authority,
				pathHead: tt.path[:10], pathTail: tt.path[10:], dots: tt.dots}
			var got, want URI
			ok := c.composeExact(&got, false)
			if diff := cmp.Diff(tt.want, ok); diff != "" {
				t.Fatalf("composeExact(%q) mismatch (-want +got):\n%s", tt.path, diff)
			}
			if !ok {
				if diff := cmp.Diff(URI{}, got, cmp.AllowUnexported(URI{}, span{})); diff != "" {
					t.Fatalf("composeExact(%q) wrote (-want +got):\n%s", tt.path, diff)
				}
				return
			}
			c.compose(&want, false)
			if diff := cmp.Diff(want, got, cmp.AllowUnexported(URI{}, span{})); diff != "" {
				t.Errorf("composeExact(%q) mismatch (-want +got):\n%s", tt.path, diff)
			}
		})
	}
}

// TestResolveEmptyAllocs checks that an empty reference resolves to a
// prefix of the base's string, with no allocation (RFC 3986 §5.2.2: T is
// the base without its fragment).
func TestResolveEmptyAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	empty := MustParseReference("")
	for _, b := range []string{"http://a/b?q#f", "http://a/b", "http://é/b#é", "b#f"} {
		t.Run(b, func(t *testing.T) {
			base, err := parseAnySyntax(b)
			if err != nil {
				t.Fatal(err)
			}
			got := testing.AllocsPerRun(20, func() { _ = base.ResolveReference(empty) })
			if diff := cmp.Diff(0.0, got); diff != "" {
				t.Errorf("AllocsPerRun(ResolveReference(%q, \"\")) mismatch (-want +got):\n%s", b, diff)
			}
		})
	}
}

// TestResolveLinear checks that resolution takes time linear in its
// input (package lineartest), on references of 1 KB and 1 MB whose paths
// hold a dot-segment, or a segment, in every few bytes, and that it
// allocates a number of times at most logarithmic in their length.
func TestResolveLinear(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("resolves megabytes")
	}
	shapes := []struct{ name, base, prefix, unit, suffix string }{
		{"dot-dot segments", "http://a/b/c", "", "../", "g"},
		{"dot segments", "http://a/b/c", "", "./", "g"},
		{"segments then dot-dots", "http://a/b/c", "", "a/", strings.Repeat("../", 1<<10)},
		{"segments without dot", "http://a/b/c", "", "a/", "g?q#f"},
		{"protected without authority", "a:/x", ".//", "y/..", "z"},
		{"IRI segments", "http://a/b/c", "", "é/./", "g"},
	}
	const small, large = 1 << 10, 1 << 20
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			base, err := parseAnySyntax(sh.base)
			if err != nil {
				t.Fatal(err)
			}
			var refs [2]URI
			for i, n := range []int{small, large} {
				if refs[i], err = parseAnySyntax(lineartest.Input(sh.prefix, sh.unit, sh.suffix, n)); err != nil {
					t.Fatal(err)
				}
			}
			_, allocs := lineartest.Allocated(func() { _ = base.ResolveReference(refs[1]) })
			if allocs > 40 { // the composer's buffer doubles from 256 bytes
				t.Errorf("ResolveReference of %d bytes: %d allocations", len(refs[1].s), allocs)
			}
			lineartest.Check(t,
				lineartest.Sample{N: len(refs[0].s), Op: func() { _ = base.ResolveReference(refs[0]) }},
				lineartest.Sample{N: len(refs[1].s), Op: func() { _ = base.ResolveReference(refs[1]) }}, 20)
		})
	}
}
