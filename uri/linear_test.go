package uri_test

import (
	"strings"
	"testing"
	"time"

	"github.com/specuri/specuri/uri"
)

// linearShapes are inputs that repeat a unit n times, the shapes where a
// backtracking parser can go superlinear (RFC 3986 sets no length limit,
// §2): long paths and queries, dotted reg-names that look like IPv4
// (§3.2.2), runs of hex and colons inside "[", percent-encoding runs
// (§2.1), and a long userinfo that ends in a bad byte (§3.2.1).
var linearShapes = []struct {
	name                 string
	prefix, unit, suffix string
	valid                bool
}{
	{"path", "http://h/", "seg/", "", true},
	{"query", "http://h/?", "a=b&", "", true},
	{"reg-name of dec-octets", "http://", "1.", "1/", true},
	{"hex and colons in [", "http://[", "1:", "]/", false},
	{"hex run in [", "http://[", "ffff", "]/", false},
	{"colons in [", "http://[", "::", "]/", false},
	{"pct-encoded run", "http://h/", "%41", "", true},
	{"pct-encoded host", "http://", "%41", "/", true},
	{"userinfo then bad byte", "http://", "user", "\x00@h/", false},
	{"userinfo with colons then bad byte", "http://", "u:p:", " @h/", false},
	{"colons in authority", "http://", "a:", "", false},
	{"ats in path", "a:", "@", "", true},
	{"bad percent at the end", "http://h/", "a", "%", false},
}

func linearInput(prefix, unit, suffix string, size int) string {
	return prefix + strings.Repeat(unit, max(1, (size-len(prefix)-len(suffix))/len(unit))) + suffix
}

// perByte returns the best time per byte of n input bytes of op, over a
// few rounds of reps calls each.
func perByte(n, reps int, op func()) float64 {
	best := 0.0
	for round := 0; round < 2; round++ {
		start := time.Now()
		for i := 0; i < reps; i++ {
			op()
		}
		d := float64(time.Since(start)) / float64(reps*n)
		if round == 0 || d < best {
			best = d
		}
	}
	return best
}

// TestLinearTime compares the time per byte of 1 KB and 1 MB inputs of the
// same shape within one run: a linear parser spends about the same; a
// quadratic one a thousand times more. The slack is generous because the
// small input stays in cache and the machine is shared.
func TestLinearTime(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	const slack = 20
	for _, sh := range linearShapes {
		t.Run(sh.name, func(t *testing.T) {
			small := linearInput(sh.prefix, sh.unit, sh.suffix, 1<<10)
			large := linearInput(sh.prefix, sh.unit, sh.suffix, 1<<20)
			if _, err := uri.ParseReference(large); (err == nil) != sh.valid {
				t.Fatalf("%s: ParseReference of %d bytes: err = %v, want valid %v", sh.name, len(large), err, sh.valid)
			}
			parse := func(s string, reps int) float64 {
				return perByte(len(s), reps, func() { _, _ = uri.ParseReference(s) })
			}
			ps, pl := parse(small, 1000), parse(large, 1)
			t.Logf("%s: %.2f ns/byte at 1 KB, %.2f ns/byte at 1 MB, ratio %.2f", sh.name, ps, pl, pl/ps)
			if pl > slack*ps {
				t.Errorf("%s: %.2f ns/byte at 1 MB, more than %d times %.2f ns/byte at 1 KB: superlinear",
					sh.name, pl, slack, ps)
			}
		})
	}
}

// TestLinearAllocs counts allocations: parsing does not allocate per byte
// or per component. A 1 MB input needs a fresh parser (a pooled one that
// grew that large is dropped) whose buffers grow by doubling, so it may
// allocate a number of times logarithmic in its length, never linear:
// a linear count would be in the hundreds of thousands.
func TestLinearAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	for _, sh := range linearShapes {
		t.Run(sh.name, func(t *testing.T) {
			small := linearInput(sh.prefix, sh.unit, sh.suffix, 1<<10)
			large := linearInput(sh.prefix, sh.unit, sh.suffix, 1<<20)
			as := testing.AllocsPerRun(20, func() { _, _ = uri.ParseReference(small) })
			al := testing.AllocsPerRun(1, func() { _, _ = uri.ParseReference(large) })
			t.Logf("%s: %.0f allocs at 1 KB, %.0f at 1 MB", sh.name, as, al)
			if al > as+200 {
				t.Errorf("%s: %.0f allocations for 1 MB, %.0f for 1 KB: allocations grow with the input", sh.name, al, as)
			}
		})
	}
}
