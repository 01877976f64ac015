package template

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/specuri/specuri/internal/lineartest"
)

// routes returns n templates of the shapes a resource router holds: paths
// under a few prefixes, with segments, queries and reserved paths.
func routes(n int) []*Template {
	var out []*Template
	for i := 0; len(out) < n; i++ {
		for _, s := range []string{
			"/api/v1/r%d/{id}",
			"/api/v1/r%d/{id}/items{/item}",
			"repo%d://{owner}/{repo}/issues/{n}",
			"https://h%d.example/{+path}",
			"/search%d{?q,page}",
		} {
			out = append(out, MustParse(fmt.Sprintf(s, i)))
		}
	}
	return out[:n]
}

// TestSetLinearBuild checks that building a Set takes time near-linear in
// its templates: 2,000 templates in at most a second, and the time per
// template at 2,000 within 4 times that at 250 (a check of every pair
// takes 8 times as long).
func TestSetLinearBuild(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	build := func(ts []*Template) func() {
		return func() {
			s := NewSet(SetOptions{})
			for _, tm := range ts {
				if err := s.Add(tm); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	small, large := routes(250), routes(2000)
	start := time.Now()
	build(large)()
	if d := time.Since(start); d > time.Second {
		t.Errorf("a Set of %d templates took %v to build, want at most a second", len(large), d)
	}
	if testing.Short() {
		return
	}
	lineartest.Check(t, lineartest.Sample{N: len(small), Op: build(small)}, lineartest.Sample{N: len(large), Op: build(large)}, 4)
}

// TestSetAddWitnessMatches adds each pair of the templates of the tables
// and of the public suite to a Set: the witness of every overlap it
// reports is a URI both templates match, or the message says the
// templates may overlap and there is no witness.
func TestSetAddWitnessMatches(t *testing.T) {
	if testing.Short() {
		t.Skip("tens of thousands of pairs")
	}
	seen := map[string]bool{}
	var ts []*Template
	for _, s := range matchSeedTemplates(t) {
		tm, err := Parse(s)
		if seen[s] || err != nil {
			continue
		}
		seen[s] = true
		if _, err := tm.Matcher(MatchOptions{}); err == nil {
			ts = append(ts, tm)
		}
	}
	single := func(tm *Template) *Set {
		s := NewSet(SetOptions{})
		if err := s.Add(tm); err != nil {
			t.Fatal(err)
		}
		return s
	}
	var witnessed, unsure, bad int
	for i, a := range ts {
		for _, b := range ts[i+1:] {
			s := single(a)
			var oe *OverlapError
			if !errors.As(s.Add(b), &oe) {
				continue
			}
			if strings.Contains(oe.Error(), "may overlap") {
				unsure++
				if oe.Witness != "" || oe.Readings[0] != nil {
					t.Errorf("Add(%q) after %q: %v, with the witness %q", b, a, oe, oe.Witness)
				}
				continue
			}
			witnessed++
			for _, tm := range []*Template{a, b} {
				if _, _, err := single(tm).Match(oe.Witness); err != nil {
					if bad++; bad <= 10 {
						t.Errorf("Add(%q) after %q: the witness %q does not match %q: %v", b, a, oe.Witness, tm, err)
					}
				}
			}
		}
	}
	t.Logf("%d templates: %d overlaps witnessed, %d possible", len(ts), witnessed, unsure)
	if bad > 0 {
		t.Errorf("%d witnesses of %d are not matched by both templates", bad, witnessed)
	}
}
