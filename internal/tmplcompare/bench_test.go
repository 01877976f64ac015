package tmplcompare

import (
	"testing"
	"time"
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
			bestOurs, bestOther := time.Duration(1<<62), time.Duration(1<<62)
			for n := 0; n < b.N; n += len(fOurs) {
				t0 := time.Now()
				for _, g := range fOther {
					if _, err := g(); err != nil {
						b.Fatal(err)
					}
				}
				t1 := time.Now()
				for _, f := range fOurs {
					if _, err := f(); err != nil {
						b.Fatal(err)
					}
				}
				t2 := time.Now()
				bestOther = min(bestOther, t1.Sub(t0))
				bestOurs = min(bestOurs, t2.Sub(t1))
			}
			n := float64(len(fOurs))
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(float64(bestOurs)/float64(bestOther), "ratio")
			b.ReportMetric(float64(bestOurs.Nanoseconds())/n, "specuri-ns/expansion")
			b.ReportMetric(float64(bestOther.Nanoseconds())/n, "other-ns/expansion")
			b.ReportMetric(n, "templates")
		})
	}
}

// passesWith reports whether im expands c as the suite accepts.
func passesWith(im implementation, c suiteCase) bool {
	got, err := im.expand(c.template, c.vars)
	return passes(c, got, err)
}
