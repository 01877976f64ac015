package main

import (
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// longInputs are inputs of n bytes that make the parser go far: valid ones
// and invalid ones that fail late or after a long scan.
var longInputs = []struct {
	name string
	make func(n int) string
}{
	{"valid path", func(n int) string { return "http://example.com/" + strings.Repeat("a", n) }},
	{"valid userinfo", func(n int) string { return "http://" + strings.Repeat("u", n) + ":pw@h/" }},
	{"unclosed [", func(n int) string { return "http://[" + strings.Repeat("1:", n/2) }},
	{"unclosed IPvFuture", func(n int) string { return "http://[v1." + strings.Repeat("x", n) }},
	{"userinfo without @", func(n int) string { return "http://u:" + strings.Repeat("x", n) + "/" }},
	{"port then x", func(n int) string { return "http://example.com:80" + strings.Repeat("x", n) }},
	{"bad percent at the end", func(n int) string { return "/" + strings.Repeat("%41", n/3) + "%" }},
	{"space at the end", func(n int) string { return strings.Repeat("a", n) + " " }},
}

// linearCommands are the command lines run on the inputs: the input is
// the last argument (several for the small size).
var linearCommands = [][]string{
	{"parse"},
	{"parse", "--json"},
	{"parse", "--syntax", "rfc6874", "--json"},
	{"normalize"},
	{"normalize", "--json", "--scheme", "--syntax", "rfc3987"},
	{"resolve", "http://a/b/c"},
	{"resolve", "--json", "http://a/b/c"},
	{"relative", "http://example.com/"},
	{"compare", "http://example.com/"},
}

// cost runs args with the inputs as arguments and returns the fastest of
// three runs and the bytes the first allocated per input byte.
func cost(args []string, in []string) (time.Duration, float64) {
	total := 0
	for _, s := range in {
		total += len(s)
	}
	all := append(append([]string{}, args...), append([]string{"--"}, in...)...)
	best := time.Duration(1 << 62)
	var m0, m1 runtime.MemStats
	// Two collections empty the sync.Pools, whose buffers would hide
	// allocations.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m0)
	for i := range 3 {
		start := time.Now()
		run(&env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}, all)
		best = min(best, time.Since(start))
		if i == 0 {
			runtime.ReadMemStats(&m1)
		}
	}
	return best, float64(m1.TotalAlloc-m0.TotalAlloc) / float64(total)
}

// TestLinear checks that every command costs time and memory linear in
// its input, valid input or not: per byte, the time of 1 MB within a small
// factor of that of 100 inputs of 10 KB (the same bytes in all), and the
// memory of 1 MB within a small factor of that of 256 KB (one input each:
// buffers reused from input to input would hide a cost that grows).
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for seconds")
	}
	// A quadratic cost would be 100 times the small one per byte; a linear
	// one is a few times it when the large input's data outgrow the caches.
	const small, large, factor = 10 << 10, 1 << 20, 10
	for _, args := range linearCommands {
		for _, in := range longInputs {
			t.Run(strings.Join(args, " ")+"/"+in.name, func(t *testing.T) {
				smalls := make([]string, large/small)
				for i := range smalls {
					smalls[i] = in.make(small)
				}
				ts, _ := cost(args, smalls)
				tl, ml := cost(args, []string{in.make(large)})
				_, ms := cost(args, []string{in.make(large / 4)})
				// A millisecond of slack: the small runs are fast.
				if tl > factor*ts+time.Millisecond {
					t.Errorf("1 MB takes %v, 100 × 10 KB take %v: not linear in time", tl, ts)
				}
				if ml > 2*ms+1 {
					t.Errorf("1 MB allocates %.1f bytes per input byte, 256 KB %.1f: not linear in memory", ml, ms)
				}
			})
		}
	}
}
