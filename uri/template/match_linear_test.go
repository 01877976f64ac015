package template

import (
	"strings"
	"testing"
	"time"
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
	{"many query pairs", "{?q,opts*}", MatchOptions{MaxItems: -1}, "?", "a=1&", "q=x", true},
	{"many unknown pairs ignored", "{?q}", MatchOptions{IgnoreUnknownQuery: true, MaxItems: -1}, "?", "a=1&", "q=x", true},
	{"many unknown pairs", "{?q}", MatchOptions{MaxItems: -1}, "?q=x", "&a=1", "", false},
	{"repeated pairs", "{?q}", MatchOptions{MaxItems: -1}, "?", "q=1&", "q=1", true},
	{"repeated pairs differ at the end", "{?q}", MatchOptions{MaxItems: -1}, "?", "q=1&", "q=2", false},
	{"prefix too long", "{v:3}", MatchOptions{MaxItems: -1}, "", "a", "", false},
	{"reserved dot-segments", "{+path}", MatchOptions{NoTraversal: true, MaxItems: -1}, "", "/a", "/..", false},
	{"many parts, one variable", strings.Repeat("{a}/", 64) + "{?q,r}", MatchOptions{MaxItems: -1}, "", "v", "", true}, // input built below
	{"adjacent delimited", "{/a}{?b}{#c}", MatchOptions{MaxItems: -1}, "/", "a", "?b=1#c", true},
}

func matchInput(prefix, unit, suffix string, size int) string {
	return prefix + strings.Repeat(unit, max(1, (size-len(prefix)-len(suffix))/len(unit))) + suffix
}

// perByte returns the best time per byte of n input bytes of op, over two
// rounds of reps calls each.
func perByte(n, reps int, op func()) float64 {
	best := 0.0
	for round := 0; round < 2; round++ {
		start := time.Now()
		for i := 0; i < reps; i++ {
			op()
		}
		d := float64(time.Since(start)) / float64(reps*n)
		if round == 0 || d < best {
			best = d
		}
	}
	return best
}

// TestMatchLinearTime compares the time per byte of matching 1 KB and
// 1 MB URIs of the same shape within one run: a linear matcher spends
// about the same; a quadratic one a thousand times more. The slack is
// generous because the small input stays in cache and the machine may be
// shared.
func TestMatchLinearTime(t *testing.T) {
	if underRace {
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
			small := matchInput(sh.prefix, sh.unit, sh.suffix, 1<<10)
			large := matchInput(sh.prefix, sh.unit, sh.suffix, 1<<20)
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
			match := func(s string, reps int) float64 {
				return perByte(len(s), reps, func() { _, _ = m.Match(s) })
			}
			ps, pl := match(small, 1000), match(large, 1)
			t.Logf("%s: %.2f ns/byte at 1 KB, %.2f ns/byte at 1 MB, ratio %.2f", sh.name, ps, pl, pl/ps)
			if pl > slack*ps {
				t.Errorf("%s: %.2f ns/byte at 1 MB, more than %d times %.2f ns/byte at 1 KB: superlinear",
					sh.name, pl, slack, ps)
			}
		})
	}
}
