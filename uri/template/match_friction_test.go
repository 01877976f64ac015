package template

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMatchFormQuery checks MatchOptions FormQuery: "+" in the pairs of a
// form-style query is a space, "%2B" a "+"; elsewhere "+" is not read.
func TestMatchFormQuery(t *testing.T) {
	tests := []struct {
		name, tmpl, uri string
		form            bool
		want            map[string]any // nil: no match
	}{
		{"plus is a space", "/search{?q}", "/search?q=a+b", true, map[string]any{"q": "a b"}},
		{"encoded plus", "/search{?q}", "/search?q=a%2Bb+c", true, map[string]any{"q": "a+b c"}},
		{"plus in a name", "/s{?k*}", "/s?a+b=1", true, map[string]any{"k": []Pair{{"a b", "1"}}}},
		{"plus in a list", "/s{?q}{&r}", "/s?r=1&q=a+b,c", true, map[string]any{"q": []string{"a b", "c"}, "r": "1"}},
		{"not asked", "/search{?q}", "/search?q=a+b", false, nil},
		{"not in the path", "/p/{a}{?q}", "/p/a+b?q=1", true, nil},
		{"space encoded", "/search{?q}", "/search?q=a%20b", true, map[string]any{"q": "a b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := MustParse(tc.tmpl).Matcher(MatchOptions{FormQuery: tc.form})
			if err != nil {
				t.Fatal(err)
			}
			r, err := m.Match(tc.uri)
			if tc.want == nil {
				var ne *NoMatchError
				if !errors.As(err, &ne) {
					t.Fatalf("Match(%q) with %q = %v, want a *NoMatchError", tc.uri, tc.tmpl, err)
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

// TestNoMatchNamesByte checks that a URI refused where no part of the
// template reads a byte names that byte, and a password's not.
func TestNoMatchNamesByte(t *testing.T) {
	tests := []struct {
		tmpl, uri, want string
	}{
		{"/search{?q}", "/search?q=a+b",
			`template: no match at offset 11 (template offset 11): {?q} cannot hold "+" unencoded, and the template ends there; hint: MatchOptions FormQuery reads "+" in a query as a space, as HTML forms write it`},
		{"/p/{a}/x", "/p/a/y",
			`template: no match at offset 4 (template offset 6): the URI has "y" at offset 5, where the template's literal goes on`},
		{"/p", "/p!",
			`template: no match at offset 2 (template offset 2): the URI goes on with "!" after the template's end`},
		{"/files/{+path}/raw", "/files/a/raw/b",
			`template: no match at offset 14 (template offset 18): no split of the URI between the parts of the template`},
		{"/files/{+path}/raw{?q}", "/files/a/raw?q=1 2",
			`template: no match at offset 16 (template offset 0): the URI is not a URI-reference (RFC 3986 §4.1)`},
		{"{/a*}/x", "/a/b!x",
			`template: no match at offset 4 (template offset 7): no part of the template can read "!" here`},
		{"http://u:a/{x}", "http://u:ab@h/",
			`template: no match at offset 0 (template offset 0): the URI has a byte of the password at offset 10, where the template's literal goes on`},
	}
	for _, tc := range tests {
		t.Run(tc.uri, func(t *testing.T) {
			m, err := MustParse(tc.tmpl).Matcher(MatchOptions{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = m.Match(tc.uri)
			if err == nil {
				t.Fatalf("Match(%q) with %q matched", tc.uri, tc.tmpl)
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("Match(%q) with %q mismatch (-want +got):\n%s", tc.uri, tc.tmpl, diff)
			}
		})
	}
}

// TestResultString checks Result.String: the values in the template's
// order, each kind written as messages write it.
func TestResultString(t *testing.T) {
	tests := []struct{ tmpl, uri, want string }{
		{"/u/{id}{/tags}{?k*}", "/u/42/a,b?x=1", `id = "42", tags = ["a" "b"], k = {"x": "1"}`},
		{"/u/{id}{?q}", "/u/%C3%BC", `id = "ü"`},
		{"/u{/id}", "/u", ``},
	}
	for _, tc := range tests {
		t.Run(tc.uri, func(t *testing.T) {
			m, err := MustParse(tc.tmpl).Matcher(MatchOptions{})
			if err != nil {
				t.Fatal(err)
			}
			r, err := m.Match(tc.uri)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, r.String()); diff != "" {
				t.Errorf("Match(%q).String() mismatch (-want +got):\n%s", tc.uri, diff)
			}
		})
	}
}

// TestSetTraversal checks that a Set refuses traversal in path positions
// unless AllowTraversal, and keeps values of queries and fragments.
func TestSetTraversal(t *testing.T) {
	tests := []struct {
		name, tmpl, uri string
		allow           bool
		want            map[string]any // nil: refused as traversal
	}{
		{"encoded slashes", "file:///{+path}", "file:///..%2F..%2Fetc%2Fpasswd", false, nil},
		{"encoded slashes allowed", "file:///{+path}", "file:///..%2F..%2Fetc%2Fpasswd", true, map[string]any{"path": "../../etc/passwd"}},
		{"dot-segments", "file:///{+path}", "file:///a/../../b", false, nil},
		{"simple expression", "/files/{name}", "/files/..", false, nil},
		{"segments", "/files{/names*}", "/files/a/..", false, nil},
		{"plain path", "file:///{+path}", "file:///a/b.txt", false, map[string]any{"path": "a/b.txt"}},
		{"query value", "/files{?next}", "/files?next=%2F..%2F", false, map[string]any{"next": "/../"}},
		{"after a literal query", "/files?next={next}", "/files?next=%2F..", false, map[string]any{"next": "/.."}},
		{"fragment", "/doc{#f}", "/doc#../x", false, map[string]any{"f": "../x"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSet(SetOptions{AllowTraversal: tc.allow})
			if err := s.Add(MustParse(tc.tmpl)); err != nil {
				t.Fatal(err)
			}
			_, r, err := s.Match(tc.uri)
			if tc.want == nil {
				if !errors.Is(err, ErrTraversal) {
					t.Fatalf("Match(%q) with %q = %v, want ErrTraversal", tc.uri, tc.tmpl, err)
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

// TestSetMatchClosest checks that a URI no template of a Set matches is
// refused with the error of the template it came closest to, named.
func TestSetMatchClosest(t *testing.T) {
	s := NewSet(SetOptions{})
	for _, tm := range []string{"users://{id}/profile", "users://{id}/posts{/post}", "files:///{+path}"} {
		if err := s.Add(MustParse(tm)); err != nil {
			t.Fatal(err)
		}
	}
	_, _, err := s.Match("users://42/postx")
	var ne *NoMatchError
	if !errors.As(err, &ne) {
		t.Fatalf("Match = %v, want a *NoMatchError", err)
	}
	want := []any{"users://{id}/posts{/post}", `template: no match, closest "users://{id}/posts{/post}": at offset 10 (template offset 12): the URI has "x" at offset 15, where the template's literal goes on`}
	if diff := cmp.Diff(want, []any{ne.Template, err.Error()}); diff != "" {
		t.Errorf("Match mismatch (-want +got):\n%s", diff)
	}
}
