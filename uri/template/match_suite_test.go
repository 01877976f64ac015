package template

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// suiteTemplates returns the templates of the uritemplate-test suite.
func suiteTemplates(t testing.TB) []string {
	var out []string
	for _, c := range loadSuite(t) {
		out = append(out, c.template)
	}
	return out
}

// TestMatchSuite matches the expansion of every case of the
// uritemplate-test suite whose template is accepted for matching: Match
// succeeds, and its values expand to the same URI, or for reserved
// expansion match to the same values.
func TestMatchSuite(t *testing.T) {
	accepted, refused := 0, 0
	for _, c := range loadSuite(t) {
		tm, err := Parse(c.template)
		if err != nil {
			continue
		}
		u, err := tm.Expand(c.vars)
		if err != nil {
			continue
		}
		m, err := tm.Matcher(MatchOptions{})
		if err != nil {
			refused++
			continue
		}
		accepted++
		t.Run(c.file+"/"+c.template, func(t *testing.T) {
			r, err := m.Match(u)
			if err != nil {
				t.Fatalf("Match(%q) with %q: %v", u, c.template, err)
			}
			again, err := tm.Expand(r.Values())
			if err != nil {
				t.Fatalf("Expand(Match(%q)) with %q: %v", u, c.template, err)
			}
			if again == u {
				return
			}
			// A reserved expansion passes a value's pct-triplets through
			// (§3.2.3) and Match decodes them: the values then expand
			// differently, but match to the same values.
			r2, err := m.Match(again)
			if err != nil {
				t.Fatalf("Match(%q) with %q: %v", again, c.template, err)
			}
			if diff := cmp.Diff(plain(r.Values()), plain(r2.Values())); diff != "" || !strings.ContainsAny(c.template, "+#") {
				t.Errorf("Expand(Match(%q)) with %q = %q, which matches (-want +got):\n%s", u, c.template, again, diff)
			}
		})
	}
	t.Logf("%d suite templates accepted for matching, %d refused as ambiguous", accepted, refused)
	if accepted == 0 {
		t.Error("no suite template accepted for matching")
	}
}
