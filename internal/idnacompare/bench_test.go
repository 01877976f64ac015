package idnacompare

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	xidna "golang.org/x/net/idna"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/versus"
	"github.com/specuri/specuri/uri/idna"
)

// realisticHosts returns the distinct registered names of the hosts of
// testdata/bench/realistic-abs.txt (IP literals left out), read with
// net/url, in file order.
func realisticHosts(tb testing.TB) []string {
	seen := map[string]bool{}
	var hosts []string
	for _, line := range versus.Lines(tb, "../../testdata/bench/realistic-abs.txt") {
		u, err := url.Parse(line)
		if err != nil {
			continue
		}
		h := u.Hostname()
		if h == "" || seen[h] || strings.Contains(h, ":") || strings.Trim(h, "0123456789.") == "" {
			continue
		}
		seen[h] = true
		hosts = append(hosts, h)
	}
	if len(hosts) < 100 {
		tb.Fatalf("only %d hosts in realistic-abs.txt", len(hosts))
	}
	return hosts
}

// unicodeNames returns the sources of IdnaTestV2.txt that are not ASCII
// and that ToASCII accepts (no status in the toAsciiN column), with no
// escape in the file.
func unicodeNames(tb testing.TB) []string {
	var names []string
	for _, text := range versus.Lines(tb, "../../testdata/unicode/"+idna.UnicodeVersion+"/IdnaTestV2.txt") {
		line, _, _ := strings.Cut(text, "#")
		cols := strings.Split(line, ";")
		if len(cols) < 7 {
			continue
		}
		src := strings.TrimSpace(cols[0])
		status := strings.TrimSpace(cols[4])
		if status == "" {
			status = strings.TrimSpace(cols[2])
		}
		if status != "" && status != "[]" || strings.Contains(src, `\`) || ascii.Is(src) {
			continue
		}
		if _, err := idna.ToASCII(src); err != nil {
			continue
		}
		names = append(names, src)
	}
	if len(names) < 100 {
		tb.Fatalf("only %d valid Unicode names in IdnaTestV2.txt", len(names))
	}
	return names
}

// sets are the name sets of the benchmarks.
var sets = []struct {
	name string
	load func(testing.TB) []string
}{
	{"ascii", realisticHosts},
	{"unicode", unicodeNames},
}

// BenchmarkToASCIIVersus times idna.ToASCII (the URL Standard's domain to
// ASCII) and x/net/idna's Lookup.ToASCII on each set, a round of the whole
// set by one and then by the other, and keeps the fastest round of each,
// so that both see the same machine. It reports the ratio of the two
// times (below 1: uri/idna is faster) and each one's time per name.
func BenchmarkToASCIIVersus(b *testing.B) {
	for _, set := range sets {
		names := set.load(b)
		b.Run("set="+set.name, func(b *testing.B) {
			versus.Batches(b, len(names), func() {
				for _, s := range names {
					_, _ = idna.ToASCII(s)
				}
			}, func() {
				for _, s := range names {
					_, _ = xidna.Lookup.ToASCII(s)
				}
			}, "name", "specuri", "x-net")
			n := float64(len(names))
			b.ReportMetric(n, "names")
		})
	}
}

// BenchmarkToASCII gives the bytes and allocations per name of each
// implementation on each set (benchstat -col /impl).
func BenchmarkToASCII(b *testing.B) {
	for _, set := range sets {
		names := set.load(b)
		for _, impl := range []struct {
			name string
			f    func(string) (string, error)
		}{
			{"specuri", idna.ToASCII},
			{"x-net", xidna.Lookup.ToASCII},
		} {
			b.Run("set="+set.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					_, _ = impl.f(names[i%len(names)])
				}
			})
		}
	}
}

// TestSets checks that the sets load, and that on the ASCII hosts that
// need no change uri/idna allocates nothing; it logs how many names the
// two implementations convert differently.
func TestSets(t *testing.T) {
	for _, set := range sets {
		names := set.load(t)
		differ := 0
		for _, s := range names {
			a, err := idna.ToASCII(s)
			x, xerr := xidna.Lookup.ToASCII(s)
			if a != x || (err == nil) != (xerr == nil) {
				differ++
			}
			if set.name == "ascii" && a == s {
				if n := testing.AllocsPerRun(10, func() { _, _ = idna.ToASCII(s) }); n != 0 {
					t.Errorf("ToASCII(%q): %v allocations, want 0", s, n)
				}
			}
		}
		t.Logf("set %s: %d names, %s converted differently by x/net/idna", set.name, len(names), strconv.Itoa(differ))
	}
}
