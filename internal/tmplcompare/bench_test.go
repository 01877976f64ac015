package tmplcompare

import (
	"testing"

	"github.com/specuri/specuri/internal/versus"
)

// BenchmarkExpandVersus times the expansion of the suite's templates by
// specuri and by each other package, in alternating rounds within one
// benchmark so that both see the same machine, and reports the ratio of
// their times (below 1 means specuri is faster) and each one's time per
// expansion. Each figure comes from the fastest round, the one least
// disturbed by anything else running. Only the cases that both packages
// expand as the suite accepts are timed; templates and variables are
// prepared once, as a program that reuses a template would (std-uritemplate
// has no parsed form: it parses on every call, as its users do).
func BenchmarkExpandVersus(b *testing.B) {
	cases := loadSuite(b)
	ours := implementations[0]
	for _, other := range implementations[1:] {
		b.Run("vs="+other.name, func(b *testing.B) {
			var fOurs, fOther []func() (string, error)
			for _, c := range cases {
				if c.want == nil || !passesWith(ours, c) || !passesWith(other, c) {
					continue
				}
				f, err := ours.prepare(c.template, c.vars)
				if err != nil {
					b.Fatal(err)
				}
				g, err := other.prepare(c.template, c.vars)
				if err != nil {
					b.Fatal(err)
				}
				fOurs, fOther = append(fOurs, f), append(fOther, g)
			}
			versus.Batches(b, len(fOurs), func() {
				for _, f := range fOurs {
					if _, err := f(); err != nil {
						b.Fatal(err)
					}
				}
			}, func() {
				for _, g := range fOther {
					if _, err := g(); err != nil {
						b.Fatal(err)
					}
				}
			}, "expansion", "specuri", "other")
			b.ReportMetric(float64(len(fOurs)), "templates")
		})
	}
}

// passesWith reports whether im expands c as the suite accepts (in one
// of mapTries tries).
func passesWith(im implementation, c suiteCase) bool {
	got, err := tryExpand(im, c)
	return passes(c, got, err)
}
