// Package versus times specuri against a peer on a set of inputs, side by
// side in one run, and reports the ratio of their times: the method of
// every "Versus" benchmark of the module, so that each figure of the
// README is measured the same way.
//
// The machines the figures come from are noisy, so no absolute time is
// compared: each input is timed for both sides in turn, a batch of one
// right after a batch of the other, over many rounds, and only each
// side's fastest batch counts. Noise that hits one round hits both sides.
package versus

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Set times ours(i) and theirs(i) on each of n inputs, alternating a
// batch of one with a batch of the other, input by input; each of the
// b.N rounds goes over every input, and each input keeps the fastest batch
// of each side. It reports the geometric mean over the inputs of the
// ratio of the two times as the metric "ratio" (below 1: ours is faster),
// and the geometric mean of each side's time per call as
// "<oursName>-ns/op" and "<theirsName>-ns/op". sizes gives each input's
// length in bytes, which sets its batch (about 4,000 bytes, so about
// 10µs).
func Set(b *testing.B, sizes []int, ours, theirs func(i int), oursName, theirsName string) {
	n := len(sizes)
	bestOurs := make([]time.Duration, n)
	bestTheirs := make([]time.Duration, n)
	batches := make([]int, n)
	for i, sz := range sizes {
		bestOurs[i], bestTheirs[i] = 1<<62, 1<<62
		batches[i] = max(1, 4000/max(sz, 1))
	}
	for range b.N {
		for i := range n {
			t0 := time.Now()
			for range batches[i] {
				theirs(i)
			}
			t1 := time.Now()
			for range batches[i] {
				ours(i)
			}
			t2 := time.Now()
			bestTheirs[i] = min(bestTheirs[i], t1.Sub(t0))
			bestOurs[i] = min(bestOurs[i], t2.Sub(t1))
		}
	}
	var logRatio, logOurs, logTheirs float64
	for i := range n {
		o := float64(bestOurs[i]) / float64(batches[i])
		t := float64(bestTheirs[i]) / float64(batches[i])
		logRatio += math.Log(o / t)
		logOurs += math.Log(o)
		logTheirs += math.Log(t)
	}
	fn := float64(n)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(math.Exp(logRatio/fn), "ratio")
	b.ReportMetric(math.Exp(logOurs/fn), oursName+"-ns/op")
	b.ReportMetric(math.Exp(logTheirs/fn), theirsName+"-ns/op")
}

// Lengths returns the length of each input, the sizes of Set.
func Lengths(in []string) []int {
	n := make([]int, len(in))
	for i, s := range in {
		n[i] = len(s)
	}
	return n
}

// Lines returns the lines of the file at path, one input a line (a final
// newline ends the last line; it does not start an empty one).
func Lines(tb testing.TB, path string) []string {
	tb.Helper()
	b, err := os.ReadFile(filepath.FromSlash(path))
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// Batches times ours() against theirs(), each a batch of calls calls,
// alternating the two over b.N rounds and keeping the fastest batch of
// each. It reports the ratio of the two as the metric "ratio" (below 1:
// ours is faster) and each side's time per call as
// "<oursName>-ns/<unit>" and "<theirsName>-ns/<unit>". It suits inputs
// too short to time one by one, or a set timed as a whole.
func Batches(b *testing.B, calls int, ours, theirs func(), unit, oursName, theirsName string) {
	bestOurs, bestTheirs := time.Duration(1<<62), time.Duration(1<<62)
	for range b.N {
		t0 := time.Now()
		theirs()
		t1 := time.Now()
		ours()
		t2 := time.Now()
		bestTheirs = min(bestTheirs, t1.Sub(t0))
		bestOurs = min(bestOurs, t2.Sub(t1))
	}
	n := float64(max(calls, 1))
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(float64(bestOurs)/float64(bestTheirs), "ratio")
	b.ReportMetric(float64(bestOurs.Nanoseconds())/n, oursName+"-ns/"+unit)
	b.ReportMetric(float64(bestTheirs.Nanoseconds())/n, theirsName+"-ns/"+unit)
}

// invalidMutations make a valid reference invalid the way real ones are:
// a space, a bad or cut percent-encoding, a byte outside the grammar, a
// character outside ASCII, a port with a letter, an IP literal left open.
var invalidMutations = []func(s string, at int) string{
	func(s string, at int) string { return s[:at] + " " + s[at:] },
	func(s string, at int) string { return s[:at] + "%G0" + s[at:] },
	func(s string, at int) string { return s + "%2" },
	func(s string, at int) string { return s[:at] + "<" + s[at:] },
	func(s string, at int) string { return s[:at] + "é" + s[at:] },
	func(s string, at int) string { return s[:at] + "\"" + s[at:] },
	func(s string, at int) string { return s[:at] + "{" + s[at:] },
	func(s string, at int) string { return "http://h:80x" + s[min(at, 1):] },
	func(s string, at int) string { return "http://[::1" + s[at:] },
}

// Invalid derives the invalid set of the benchmarks from the realistic
// links in dir (realistic-abs.txt and realistic-rel.txt): every fourth
// link, changed by one of invalidMutations at a position its index picks,
// kept when valid rejects it; a nil valid keeps every one. The set is the
// same on every run.
func Invalid(tb testing.TB, dir string, valid func(string) bool) []string {
	tb.Helper()
	var out []string
	for _, name := range []string{"realistic-abs.txt", "realistic-rel.txt"} {
		for i, s := range Lines(tb, dir+"/"+name) {
			if i%4 != 0 || s == "" {
				continue
			}
			m := invalidMutations[(i/4)%len(invalidMutations)]
			if v := m(s, (i*7)%len(s)); valid == nil || !valid(v) {
				out = append(out, v)
			}
		}
	}
	return out
}
