package template

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSetAdd(t *testing.T) {
	tests := []struct {
		name      string
		tmpls     []string
		ordered   bool
		witness   string // of the last template's overlap; "" none
		readings  []map[string]any
		ambiguous bool // the last template is refused as ambiguous
	}{
		{name: "disjoint", tmpls: []string{"users://{id}/profile", "users://{id}/posts{/post}", "files:///{+path}"}},
		{name: "literal and variable", tmpls: []string{"/users/me", "/users/{id}"}, witness: "/users/me",
			readings: []map[string]any{{"id": "me"}, {}}},
		{name: "same template", tmpls: []string{"/a/{x}", "/a/{y}"}, witness: "/a/a",
			readings: []map[string]any{{"y": "a"}, {"x": "a"}}},
		{name: "reserved path and file", tmpls: []string{"file:///{+path}", "file:///notes/{name}.txt"},
			witness: "file:///notes/a.txt", readings: []map[string]any{{"name": "a"}, {"path": "notes/a.txt"}}},
		{name: "values preferred to empty ones", tmpls: []string{"repo://{owner}/{repo}/issues{/n}", "repo://{o}/{r}/{kind}/{id}"},
			witness: "repo://a/a/issues/a", readings: []map[string]any{{"o": "a", "r": "a", "kind": "issues", "id": "a"}, {"owner": "a", "repo": "a", "n": "a"}}},
		{name: "query value preferred to an empty one", tmpls: []string{"{+path}", "{x}{?y}"}, witness: "a?y=a",
			readings: []map[string]any{{"x": "a", "y": "a"}, {"path": "a?y=a"}}},
		{name: "query and none", tmpls: []string{"/s{?q}", "/s"}, witness: "/s",
			readings: []map[string]any{{}, {}}},
		{name: "query names differ", tmpls: []string{"/s{?q}", "/s{?p}"}, witness: "/s",
			readings: []map[string]any{{}, {}}},
		{name: "ordered", tmpls: []string{"/users/me", "/users/{id}"}, ordered: true},
		{name: "ambiguous template", tmpls: []string{"/x", "{a}{b}"}, ambiguous: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSet(SetOptions{Ordered: tc.ordered})
			var err error
			for _, tm := range tc.tmpls {
				if err = s.Add(MustParse(tm)); err != nil {
					break
				}
			}
			var oe *OverlapError
			var ae *AmbiguousError
			switch {
			case tc.ambiguous:
				if !errors.As(err, &ae) {
					t.Fatalf("Add = %v, want an *AmbiguousError", err)
				}
			case tc.witness == "":
				if err != nil {
					t.Fatalf("Add: %v", err)
				}
			case !errors.As(err, &oe):
				t.Fatalf("Add = %v, want an *OverlapError", err)
			default:
				got := []any{oe.Witness, plain(oe.Readings[0]), plain(oe.Readings[1])}
				want := []any{tc.witness, tc.readings[0], tc.readings[1]}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("Add(%q) mismatch (-want +got):\n%s", tc.tmpls[len(tc.tmpls)-1], diff)
				}
			}
		})
	}
}

func TestSetMatch(t *testing.T) {
	s := NewSet(SetOptions{})
	for _, tm := range []string{"users://{id}/profile", "users://{id}/posts{/post}", "files:///{+path}"} {
		if err := s.Add(MustParse(tm)); err != nil {
			t.Fatal(err)
		}
	}
	ordered := NewSet(SetOptions{Ordered: true})
	for _, tm := range []string{"/users/me", "/users/{id}"} {
		if err := ordered.Add(MustParse(tm)); err != nil {
			t.Fatal(err)
		}
	}
	iri := NewSet(SetOptions{Match: MatchOptions{IRI: true}})
	for _, tm := range []string{"http://例え.jp/{id}", "http://{host}.example/{id}"} {
		if err := iri.Add(MustParse(tm)); err != nil {
			t.Fatal(err)
		}
	}
	long := strings.Repeat("9", 1<<20)
	tests := []struct {
		set  *Set
		uri  string
		tmpl string // "": no match
		want map[string]any
	}{
		{s, "users://42/profile", "users://{id}/profile", map[string]any{"id": "42"}},
		{s, "users://42/posts/7", "users://{id}/posts{/post}", map[string]any{"id": "42", "post": "7"}},
		{s, "files:///a/b", "files:///{+path}", map[string]any{"path": "a/b"}},
		{s, "users://42/x", "", nil},
		{ordered, "/users/me", "/users/me", map[string]any{}},
		{ordered, "/users/42", "/users/{id}", map[string]any{"id": "42"}},
		{NewSet(SetOptions{}), "/x", "", nil},
		{s, "", "", nil},
		{s, "users://" + long + "/profile", "users://{id}/profile", map[string]any{"id": long}},
		{s, "users://" + long + "/x", "", nil},
		{s, "users://[fe80::1%25en0]/profile", "", nil},
		{s, "users://%E4%BE%8B/profile", "users://{id}/profile", map[string]any{"id": "例"}},
		{iri, "http://例え.jp/ü", "http://例え.jp/{id}", map[string]any{"id": "ü"}},
		{iri, "http://bücher.example/1", "http://{host}.example/{id}", map[string]any{"host": "bücher", "id": "1"}},
		{iri, "http://%E4%BE%8B%E3%81%88.jp/1", "", nil},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%.40s", tc.uri), func(t *testing.T) {
			tm, r, err := tc.set.Match(tc.uri)
			if tc.tmpl == "" {
				var ne *NoMatchError
				if !errors.As(err, &ne) {
					t.Errorf("Match(%q) = %v, want a *NoMatchError", tc.uri, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Match(%q): %v", tc.uri, err)
			}
			got := []any{tm.String(), plain(r.Values())}
			if diff := cmp.Diff([]any{tc.tmpl, tc.want}, got); diff != "" {
				t.Errorf("Match(%q) mismatch (-want +got):\n%s", tc.uri, diff)
			}
		})
	}
}

// TestSetConcurrent matches from several goroutines with one Set, whose
// templates match greedily and by their automaton (go test -race checks
// it shares nothing it writes).
func TestSetConcurrent(t *testing.T) {
	s := NewSet(SetOptions{})
	for _, tm := range []string{"/files/{+path}/raw", "/users/{id}"} {
		if err := s.Add(MustParse(tm)); err != nil {
			t.Fatal(err)
		}
	}
	want := []any{"/files/{+path}/raw", map[string]any{"path": "a/raw/b"}}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				tm, r, err := s.Match("/files/a/raw/b/raw")
				if err != nil {
					t.Error(err)
					return
				}
				if diff := cmp.Diff(want, []any{tm.String(), plain(r.Values())}); diff != "" {
					t.Errorf("Match mismatch (-want +got):\n%s", diff)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestSetAddEmptyWitness checks an overlap on the empty reference, which
// two templates that may expand to nothing both match: its witness is ""
// and its message says so, not that the check stopped at its limit.
func TestSetAddEmptyWitness(t *testing.T) {
	tests := []struct{ first, second string }{
		{"", "{/p}"},
		{"{?q}", "{#f}"},
		{"{/a}", "{?x}"},
	}
	for _, tc := range tests {
		t.Run(tc.first+" "+tc.second, func(t *testing.T) {
			s := NewSet(SetOptions{})
			if err := s.Add(MustParse(tc.first)); err != nil {
				t.Fatal(err)
			}
			err := s.Add(MustParse(tc.second))
			var oe *OverlapError
			if !errors.As(err, &oe) {
				t.Fatalf("Add(%q) = %v, want an *OverlapError", tc.second, err)
			}
			want := fmt.Sprintf("template: %q overlaps %q, added before: both match \"\"", tc.second, tc.first)
			if diff := cmp.Diff(want, err.Error()); diff != "" {
				t.Errorf("Add(%q) mismatch (-want +got):\n%s", tc.second, diff)
			}
			if diff := cmp.Diff([]any{"", map[string]any{}, map[string]any{}}, []any{oe.Witness, plain(oe.Readings[0]), plain(oe.Readings[1])}); diff != "" {
				t.Errorf("Add(%q) mismatch (-want +got):\n%s", tc.second, diff)
			}
		})
	}
}

// TestSetAddLimit checks an overlap check that stops at its limits: two
// templates whose product automaton is larger are refused as possibly
// overlapping, and the message names both limits.
func TestSetAddLimit(t *testing.T) {
	lit := strings.Repeat("x", 300)
	// They overlap, but the search for a URI where both hold values
	// explores 300 × 300 pairs of states first.
	first, second := "{+a}"+lit, "{+b}"+lit
	s := NewSet(SetOptions{Match: MatchOptions{PerURI: true}})
	if err := s.Add(MustParse(first)); err != nil {
		t.Fatal(err)
	}
	err := s.Add(MustParse(second))
	var oe *OverlapError
	if !errors.As(err, &oe) || oe.Witness != "" || oe.Readings[0] != nil {
		t.Fatalf("Add(%q) = %#v, want an *OverlapError without a witness", second, err)
	}
	want := fmt.Sprintf("template: %q may overlap %q, added before: the check stopped at its limits of %d pairs of states and %d pairs of transitions",
		second, first, maxPairs, maxWork)
	if diff := cmp.Diff(want, err.Error()); diff != "" {
		t.Errorf("Add(%q) mismatch (-want +got):\n%s", second, diff)
	}
}
