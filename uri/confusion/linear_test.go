package confusion_test

import (
	"strings"
	"testing"
	"time"

	"github.com/specuri/specuri/uri/confusion"
)

// TestCheckLinear checks that Check takes time linear in hosts built to
// be hard: 10^6 dots, 10^6 combining marks, 10^6 confusable letters, a
// name of many U-labels and of many A-labels. The measure is the least of
// three interleaved runs at 10^5 and 10^6 bytes: linear time makes the
// ratio 10, quadratic 100; the test fails above 40.
func TestCheckLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("timings mean nothing under the race detector; make test runs this without it")
	}
	for _, tt := range []struct {
		name string
		make func(n int) string
	}{
		{"dots", func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "com/" }},
		{"combining marks", func(n int) string { return "http://a" + strings.Repeat("\u0301", n/2) + ".com/" }},
		{"Cyrillic letters", func(n int) string { return "http://" + strings.Repeat("\u0430", n/2) + ".com/" }},
		{"U-labels", func(n int) string { return "http://" + strings.Repeat("\u0430pple.", n/7) + "com/" }},
		{"A-labels", func(n int) string { return "http://" + strings.Repeat("xn--pple-43d.", n/13) + "com/" }},
		{"dot-segments", func(n int) string { return "http://h/" + strings.Repeat("a/../", n/5) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			small, big := tt.make(1e5), tt.make(1e6)
			best := [2]time.Duration{1 << 62, 1 << 62}
			for range 3 {
				for i, s := range []string{small, big} {
					t0 := time.Now()
					confusion.Check(s)
					best[i] = min(best[i], time.Since(t0))
				}
			}
			if best[1] > 40*best[0] {
				t.Errorf("Check: %v at 10^6 bytes, %v at 10^5: not linear", best[1], best[0])
			}
		})
	}
}
