package confusion_test

import (
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri/confusion"
)

// TestCheckLinear checks that Check takes time linear in hosts built to
// be hard: 10^6 dots, 10^6 combining marks, 10^6 confusable letters, a
// name of many U-labels and of many A-labels. The measure is the CPU time
// per byte at 10^4 and 10^6 bytes, the fastest of interleaved rounds
// (package lineartest): linear time makes the ratio about 1, quadratic
// 100; the test fails above 10.
func TestCheckLinear(t *testing.T) {
	if lineartest.RaceEnabled {
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
			small, big := tt.make(1e4), tt.make(1e6)
			lineartest.Check(t,
				lineartest.Sample{N: len(small), Op: func() { confusion.Check(small) }},
				lineartest.Sample{N: len(big), Op: func() { confusion.Check(big) }}, 10)
		})
	}
}
