package uts39compare

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// dataChanged are the labels whose skeletons differ because
// confusables.txt changed after mtibben/confusables's Unicode version,
// with the change.
var dataChanged = map[string]string{
	"\u0430\u0440\u0440\u04cf\u0435": "U+04CF CYRILLIC SMALL LETTER PALOCHKA's prototype is now l (confusables.txt), i in the older data",
}

// TestAgreement checks that the two give each label the same skeleton,
// but for the labels of dataChanged, whose differences it logs.
func TestAgreement(t *testing.T) {
	for _, in := range labels {
		t.Run(in.name, func(t *testing.T) {
			got, other := uts39.Skeleton(in.s), confusables.Skeleton(in.s)
			if why, ok := dataChanged[in.s]; ok {
				t.Logf("Skeleton(%+q): specuri %+q, mtibben/confusables %+q: %s", in.s, got, other, why)
				return
			}
			if diff := cmp.Diff(other, got); diff != "" {
				t.Errorf("Skeleton(%+q) mismatch (-mtibben/confusables +specuri):\n%s", in.s, diff)
			}
		})
	}
}
