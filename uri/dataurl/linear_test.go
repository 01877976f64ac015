package dataurl_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/specuri/specuri/uri/dataurl"
)

// TestProcessWebLinear: ProcessWeb is linear in the number of parameters
// (distinct names, the worst case of the duplicate check) and in the
// body. Ten times the input must take less than forty times as long, the
// best of interleaved runs, a margin load does not close.
func TestProcessWebLinear(t *testing.T) {
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
		small, large := c.make(2000), c.make(20000)
		best := func(s string) time.Duration {
			start := time.Now()
			if _, _, err := dataurl.ProcessWeb(s); err != nil {
				t.Fatal(err)
			}
			return time.Since(start)
		}
		bs, bl := time.Hour, time.Hour
		for range 5 {
			bs, bl = min(bs, best(small)), min(bl, best(large))
		}
		if bl > 40*bs+time.Millisecond {
			t.Errorf("%s: %v for 10 times the input of %v", c.name, bl, bs)
		}
	}
}
