package template

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
)

// matchShapes are templates and URIs that repeat a unit n times: long
// values, many items and pairs, repeated variables, pct-encoding runs, and
// URIs that fail only at their end, where a backtracking matcher would go
// superlinear.
var matchShapes = []struct {
	name                 string
	tmpl                 string
	opts                 MatchOptions
	prefix, unit, suffix string
	match                bool
}{
	{"long value", "file:///{path}", MatchOptions{MaxItems: -1}, "file:///", "a", "", true},
	{"pct-encoded value", "file:///{path}", MatchOptions{NoTraversal: true, MaxItems: -1}, "file:///", "%C3%BC", "", true},
	{"encoded slashes", "file:///{path}", MatchOptions{MaxItems: -1}, "file:///", "..%2F", "", true},
	{"encoded slashes refused at the end", "file:///{path}", MatchOptions{NoTraversal: true, MaxItems: -1}, "file:///", "a", "%2F", false},
	{"literal fails at the end", "{a}/end", MatchOptions{MaxItems: -1}, "", "a", "/enx", false},
	{"many list items", "{list}", MatchOptions{MaxItems: -1}, "", "a,", "b", true},
	{"many exploded items", "{/list*}", MatchOptions{NoTraversal: true, MaxItems: -1}, "", "/a", "", true},
	{"many exploded pairs", "{/keys*}", MatchOptions{MaxItems: -1}, "", "/k=v", "", true},
	{"too many values", "{/a,b}", MatchOptions{MaxItems: -1}, "", "/", "", false},
	{"repeated variable", "{x}/{x}", MatchOptions{MaxItems: -1}, "", "a", "", true}, // input built below
	{"many query pairs", "{?opts*}", MatchOptions{MaxItems: -1}, "?", "a=1&", "q=x", true},
	{"many unknown pairs ignored", "{?q}", MatchOptions{IgnoreUnknownQuery: true, MaxItems: -1}, "?", "a=1&", "q=x", true},
	{"many unknown pairs", "{?q}", MatchOptions{MaxItems: -1}, "?q=x", "&a=1", "", false},
	{"repeated pairs", "{?q}", MatchOptions{MaxItems: -1}, "?", "q=1&", "q=1", false},
	{"prefix too long", "{v:3}", MatchOptions{MaxItems: -1}, "", "a", "", false},
	{"reserved dot-segments", "{+path}", MatchOptions{NoTraversal: true, MaxItems: -1}, "", "/a", "/..", false},
	{"many parts, one variable", strings.Repeat("{a}/", 64) + "{?q,r}", MatchOptions{MaxItems: -1}, "", "v", "", true}, // input built below
	{"adjacent delimited", "{/a}{?b}{#c}", MatchOptions{MaxItems: -1}, "/", "a", "?b=1#c", true},
	{"reserved path before a literal", "/files/{+path}/raw", MatchOptions{MaxItems: -1}, "/files/", "a/raw", "/raw", true},
	{"reserved path, no literal at the end", "/files/{+path}/raw", MatchOptions{MaxItems: -1}, "/files/", "/ra", "x", false},
	{"segments before a literal", "prefix{/list*}/suffix", MatchOptions{MaxItems: -1}, "prefix", "/suffix", "/suffix", true},
	{"pairs before a literal", "/s{?a,b}x", MatchOptions{MaxItems: -1}, "/s?a=", "1x", "&b=2x", true},
}

// TestMatchLinearTime compares the time per byte of matching 1 KB and
// 1 MB URIs of the same shape within one run: a linear matcher spends
// about the same; a quadratic one a thousand times more. The slack is
// generous because the small input stays in cache; package lineartest
// measures CPU time over interleaved rounds, which load does not change.
func TestMatchLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("matches megabytes")
	}
	const slack = 20
	for _, sh := range matchShapes {
		t.Run(sh.name, func(t *testing.T) {
			m, err := MustParse(sh.tmpl).Matcher(sh.opts)
			if err != nil {
				t.Fatalf("Matcher(%q): %v", sh.tmpl, err)
			}
			small := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<10)
			large := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<20)
			switch sh.name {
			case "repeated variable":
				small = strings.Repeat("a", 1<<9) + "/" + strings.Repeat("a", 1<<9)
				large = strings.Repeat("a", 1<<19) + "/" + strings.Repeat("a", 1<<19)
			case "many parts, one variable":
				small = strings.Repeat(strings.Repeat("v", 1<<10/64-1)+"/", 64) + "?r=1&q=2"
				large = strings.Repeat(strings.Repeat("v", 1<<20/64-1)+"/", 64) + "?r=1&q=2"
			}
			for _, u := range []string{small, large} {
				if _, err := m.Match(u); (err == nil) != sh.match {
					t.Fatalf("Match of %d bytes with %q: err = %v, want a match %v", len(u), sh.tmpl, err, sh.match)
				}
			}
			lineartest.Check(t,
				lineartest.Sample{N: len(small), Op: func() { _, _ = m.Match(small) }},
				lineartest.Sample{N: len(large), Op: func() { _, _ = m.Match(large) }}, slack)
		})
	}
}

// TestMatchLimitBeforeWork checks that MaxItems is checked while the
// items and pairs are read, before they are split and decoded: a URI of a
// megabyte of items past a limit of 10 allocates a few kilobytes, not
// memory in proportion to its items.
func TestMatchLimitBeforeWork(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what allocates")
	}
	tests := []struct {
		tmpl, prefix, unit string
		ignore             bool
	}{
		{"{a}", "", "x,", false},
		{"{/a*}", "", "/x", false},
		{"{/a*}", "", "/k=v", false},
		{"{;a*}", "", ";x", false},
		{"{?a*}", "?x=y", "&x=y", false},
		{"{?a}", "?z=y", "&z=y", true},
		{"{?a}", "?a=x", ",x", false},
	}
	for _, tc := range tests {
		t.Run(tc.tmpl+" "+tc.unit, func(t *testing.T) {
			m, err := MustParse(tc.tmpl).Matcher(MatchOptions{MaxItems: 10, IgnoreUnknownQuery: tc.ignore})
			if err != nil {
				t.Fatal(err)
			}
			u := tc.prefix + strings.Repeat(tc.unit, 1<<20/len(tc.unit))
			var err2 error
			n, _ := lineartest.Allocated(func() { _, err2 = m.Match(u) })
			var le *uri.LimitError
			if !errors.As(err2, &le) {
				t.Fatalf("Match of %d bytes with %q = %v, want a *uri.LimitError", len(u), tc.tmpl, err2)
			}
			if n > 64<<10 {
				t.Errorf("Match of %d bytes with %q allocated %d bytes past a limit of 10 items", len(u), tc.tmpl, n)
			}
		})
	}
}

// TestMatcherLinearBuild checks that building a matcher allocates memory
// linear in the template: a set of named expressions four times as long
// allocates about four times as much (a quadratic build sixteen times).
func TestMatcherLinearBuild(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what allocates")
	}
	build := func(n int) uint64 {
		var b strings.Builder
		b.WriteString("/s{?v0}")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "{&v%d}", i)
		}
		tm := MustParse(b.String())
		bytes, _ := lineartest.Allocated(func() {
			if _, err := tm.Matcher(MatchOptions{}); err != nil {
				t.Fatal(err)
			}
		})
		return bytes
	}
	small, large := build(2000), build(8000)
	t.Logf("%d bytes for 2000 expressions, %d for 8000: ratio %.1f", small, large, float64(large)/float64(small))
	if large > 8*small {
		t.Errorf("building a matcher of 8000 expressions allocated %d bytes, more than 8 times the %d of 2000: superlinear", large, small)
	}
}

// TestMatcherBuildMemory checks the memory of refusing a template with a
// long literal, most of a large template, by the exact check: at most 20
// bytes a byte (12), where the automaton's states and edges, one each a
// literal byte, took 200 and an allocation per state 370. The automaton's
// states are found from its parts, and the search stops at its limits.
func TestMatcherBuildMemory(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what allocates")
	}
	const n = 1 << 18
	tm := MustParse("{+a}" + strings.Repeat("x", n) + "{/p}") // refused by the local rule: the exact check decides
	var err error
	bytes, _ := lineartest.Allocated(func() { _, err = tm.Matcher(MatchOptions{}) })
	if err == nil {
		t.Fatalf("Matcher of a %d-byte literal: accepted, want refused by the exact check's limits", n)
	}
	if perByte := bytes / n; perByte > 20 {
		t.Errorf("Matcher of a %d-byte literal allocated %d bytes, %d a byte; want at most 20", n, bytes, perByte)
	}
}
