package dataurl_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri/dataurl"
)

// TestProcessWebLinear: ProcessWeb is linear in the number of parameters
// (distinct names, the worst case of the duplicate check) and in the
// body: its cost per byte on 64 times the input is within a factor of 16
// of that on the small input (a quadratic cost would be 64 times),
// timed by package lineartest, which load does not fool.
func TestProcessWebLinear(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("times runs")
	}
	params := func(n int) string {
		var b strings.Builder
		b.WriteString("data:text/plain")
		for i := range n {
			b.WriteString(";a" + strconv.Itoa(i) + "=b")
		}
		return b.String() + ";base64,"
	}
	for _, c := range []struct {
		name string
		make func(n int) string
	}{
		{"parameters", params},
		{"base64 body", func(n int) string { return "data:;base64," + strings.Repeat("QUJD%20", n) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			small, large := c.make(500), c.make(32000)
			op := func(s string) func() {
				return func() {
					if _, _, err := dataurl.ProcessWeb(s); err != nil {
						t.Fatal(err)
					}
				}
			}
			lineartest.Check(t, lineartest.Sample{N: len(small), Op: op(small)}, lineartest.Sample{N: len(large), Op: op(large)}, 16)
		})
	}
}
