package confusion_test

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
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

// hugeHostShapes are inputs of about n bytes whose host is most of them,
// in the shapes that cost the most per byte to read as a domain.
var hugeHostShapes = []struct {
	name string
	make func(n int) string
}{
	{"dots", func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "com/" }},
	{"one ASCII label", func(n int) string { return "http://" + strings.Repeat("a", n) + "/" }},
	{"U-labels", func(n int) string { return "http://" + strings.Repeat("\u0430pple.", n/11) + "com/" }},
	{"A-labels", func(n int) string { return "http://" + strings.Repeat("xn--pple-43d.", n/13) + "com/" }},
	{"short U-labels", func(n int) string { return "http://" + strings.Repeat("a\u00e9.", n/4) + "com/" }},
	{"Cyrillic", func(n int) string { return "http://" + strings.Repeat("\u0430", n/2) + "/" }},
	{"percent-encoded", func(n int) string { return "http://" + strings.Repeat("%C3%A9", n/6) + "/" }},
	{"userinfo and dots", func(n int) string { return "https://u:p@" + strings.Repeat("a.", n/2) + "com:1/" }},
	{"backslashes", func(n int) string { return "http:\\\\" + strings.Repeat("a\u00e9.", n/4) + "com\\" }},
	{"reference reading only", func(n int) string { return "http://" + strings.Repeat("a\u00e9.", n/4) + "com:x/" }},
	{"non-special", func(n int) string { return "foo://" + strings.Repeat("a\u00e9.", n/4) + "com/" }},
	{"long path", func(n int) string { return "http://h/" + strings.Repeat("a", n) }},
	{"bytes to escape", func(n int) string { return "http://h/" + strings.Repeat("\x00", n) }},
	{"non-special ASCII host", func(n int) string { return "foo://" + strings.Repeat("a", n) + "/" }},
	{"non-special host", func(n int) string { return "foo://" + strings.Repeat("\u00e9", n/2) + "/" }},
}

// TestCheckLimitBeforeWork checks that Check allocates at most 10 bytes
// per byte of an input of 10^6 bytes whose host is most of it: a host
// longer than MaxHost is refused before domain to ASCII and UTS #39 read
// it (the refusal is in the report), and the readings that remain are
// linear with a small factor.
func TestCheckLimitBeforeWork(t *testing.T) {
	for _, tt := range hugeHostShapes {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.make(1e6)
			var r confusion.Report
			b, _ := lineartest.Allocated(func() { r = confusion.Check(s) })
			if per := float64(b) / float64(len(s)); per > 10 {
				t.Errorf("Check allocates %.1f bytes per input byte, want at most 10", per)
			}
			if r.Input != s {
				t.Fatalf("Check(%d bytes).Input is not the input", len(s))
			}
		})
	}
}

// TestCheckRetainedAllocs checks that a report holds at most 4 bytes per
// byte of an input of 10^6 bytes that is mostly a component that several
// readings escape (each é becomes "%C3%A9", three times its length): the
// WHATWG reading's copy and net/url's are one string when they are the
// same bytes. net/url's Parse still escapes a path twice for a moment.
func TestCheckRetainedAllocs(t *testing.T) {
	for _, tt := range []struct {
		name string
		make func(n int) string
	}{
		{"non-ASCII path", func(n int) string { return "http://h/" + strings.Repeat("\u00e9", n/2) }},
		{"non-ASCII fragment", func(n int) string { return "http://h/#" + strings.Repeat("\u00e9", n/2) }},
		{"non-ASCII path, non-special", func(n int) string { return "foo://h/" + strings.Repeat("\u00e9", n/2) }},
		{"non-special host", func(n int) string { return "foo://" + strings.Repeat("\u00e9", n/2) + "/" }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.make(1e6)
			var m0, m1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&m0)
			r := confusion.Check(s)
			runtime.GC()
			runtime.ReadMemStats(&m1)
			if per := (float64(m1.HeapAlloc) - float64(m0.HeapAlloc)) / float64(len(s)); per > 4 {
				t.Errorf("the report holds %.1f bytes per input byte, want at most 4", per)
			}
			runtime.KeepAlive(r)
		})
	}
}

// peakChild is the environment variable that makes
// TestCheckLinearPeakMemory, run in a child process, check the input it
// names and exit.
const peakChild = "CONFUSION_PEAK_MEMORY_SHAPE"

// peakShapes are inputs of n bytes that are mostly a component that the
// readings percent-encode, each "é" becoming "%C3%A9".
var peakShapes = []struct {
	name         string
	prefix, unit string
}{
	{"non-ASCII path", "http://h/", "\u00e9"},
	{"non-ASCII fragment", "http://h/#", "\u00e9"},
	{"non-ASCII query", "http://h/?", "\u00e9"},
	{"non-ASCII path, non-special", "foo://h/", "\u00e9"},
	{"non-ASCII opaque path", "foo:", "\u00e9"},
	{"non-ASCII file path", "file:///", "\u00e9"},
}

// TestCheckLinearPeakMemory checks that Check of a 10 MiB input takes at
// most 10 times the input in memory at its peak: the most memory the
// process (a child of the test, which builds the input and checks it)
// ever has resident, the input and the test's own included.
func TestCheckLinearPeakMemory(t *testing.T) {
	if name := os.Getenv(peakChild); name != "" {
		checkPeakChild(name)
		return
	}
	if testing.Short() {
		t.Skip("runs for seconds")
	}
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what takes memory")
	}
	const n = 10 << 20
	for _, tt := range peakShapes {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestCheckLinearPeakMemory$")
			cmd.Env = append(os.Environ(), peakChild+"="+tt.name)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("the child failed: %v\n%s", err, out)
			}
			ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
			if !ok {
				t.Skip("no peak resident memory on this system")
			}
			// Maxrss is in KiB, but in bytes on macOS.
			peak := int64(ru.Maxrss) << 10
			if runtime.GOOS == "darwin" {
				peak = int64(ru.Maxrss)
			}
			per := float64(peak) / n
			t.Logf("%.1f bytes per input byte", per)
			if per > 10 {
				t.Errorf("Check of %d bytes peaks at %.1f bytes per input byte, want at most 10", n, per)
			}
		})
	}
}

// checkPeakChild builds the input of the peak shape named name and
// checks it.
func checkPeakChild(name string) {
	for _, tt := range peakShapes {
		if tt.name != name {
			continue
		}
		var b strings.Builder
		b.Grow(10 << 20)
		b.WriteString(tt.prefix)
		for b.Len()+len(tt.unit) <= 10<<20 {
			b.WriteString(tt.unit)
		}
		r := confusion.Check(b.String())
		runtime.KeepAlive(r)
	}
}
