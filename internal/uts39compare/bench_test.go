package uts39compare

import (
	"strings"
	"testing"

	"github.com/mtibben/confusables"

	"github.com/specuri/specuri/internal/uts39"
	"github.com/specuri/specuri/internal/versus"
)

// labels are the benchmark's inputs: domain labels as domain to Unicode
// gives them, ASCII, Latin with diacritics, homographs and CJK.
var labels = []struct{ name, s string }{
	{"ascii", "www-example-domain"},
	{"ascii-long", strings.Repeat("a-long-ascii-label", 3)},
	{"latin", "bücher-ärger-café"},
	{"mixed-homograph", "p\u0430yp\u0430l"},
	{"cyrillic-homograph", "\u0430\u0440\u0440\u04cf\u0435"},
	{"cjk", "納豆例えテスト"},
	{"greek", "παράδειγμα"},
}

var sink string

// BenchmarkSkeletonVersus times the skeleton of each label by
// internal/uts39 and by mtibben/confusables, alternating the two in rounds
// within one benchmark so that both see the same machine, and reports
// the ratio of their times (below 1: specuri is faster) and each one's
// time per call, from the fastest round of each.
func BenchmarkSkeletonVersus(b *testing.B) {
	const batch = 64
	for _, in := range labels {
		b.Run(in.name, func(b *testing.B) {
			versus.Batches(b, batch, func() {
				for range batch {
					sink = uts39.Skeleton(in.s)
				}
			}, func() {
				for range batch {
					sink = confusables.Skeleton(in.s)
				}
			}, "op", "specuri", "other")
		})
	}
}

// TestAgreement reports the labels whose skeletons differ; they may,
// where the data changed after that package's Unicode version, so it
// only logs.
func TestAgreement(t *testing.T) {
	for _, in := range labels {
		if got, other := uts39.Skeleton(in.s), confusables.Skeleton(in.s); got != other {
			t.Logf("Skeleton(%+q): specuri %+q, mtibben/confusables %+q", in.s, got, other)
		}
	}
}
