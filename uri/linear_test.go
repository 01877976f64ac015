package uri_test

import (
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
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

// linearSlack is how many times the cost per byte at 1 MB may be that at
// 1 KB (package lineartest): a linear operation spends about the same, a
// quadratic one a thousand times more. The slack is generous because the
// small input stays in cache.
const linearSlack = 20

// TestLinearTime checks that parsing takes time linear in the input, on 1
// KB and 1 MB inputs of each shape.
func TestLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	for _, sh := range linearShapes {
		t.Run(sh.name, func(t *testing.T) {
			small := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<10)
			large := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<20)
			if _, err := uri.ParseReference(large); (err == nil) != sh.valid {
				t.Fatalf("%s: ParseReference of %d bytes: err = %v, want valid %v", sh.name, len(large), err, sh.valid)
			}
			lineartest.Check(t,
				lineartest.Sample{N: len(small), Op: func() { _, _ = uri.ParseReference(small) }},
				lineartest.Sample{N: len(large), Op: func() { _, _ = uri.ParseReference(large) }}, linearSlack)
		})
	}
}

// TestLinearAllocs counts allocations: parsing does not allocate per byte
// or per component. A 1 MB input needs a fresh parser (a pooled one that
// grew that large is dropped) whose buffers grow by doubling, so it may
// allocate a number of times logarithmic in its length, never linear:
// a linear count would be in the hundreds of thousands.
func TestLinearAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	for _, sh := range linearShapes {
		t.Run(sh.name, func(t *testing.T) {
			small := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<10)
			large := lineartest.Input(sh.prefix, sh.unit, sh.suffix, 1<<20)
			as := testing.AllocsPerRun(20, func() { _, _ = uri.ParseReference(small) })
			al := testing.AllocsPerRun(1, func() { _, _ = uri.ParseReference(large) })
			t.Logf("%s: %.0f allocs at 1 KB, %.0f at 1 MB", sh.name, as, al)
			if al > as+200 {
				t.Errorf("%s: %.0f allocations for 1 MB, %.0f for 1 KB: allocations grow with the input", sh.name, al, as)
			}
		})
	}
}
