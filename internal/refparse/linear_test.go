package refparse_test

import (
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/internal/refparse"
)

// linearShapes are 1 MB references of each component, valid and cut
// short by a stray "%" at the end, and of an IRI's non-ASCII bytes and an
// RFC 6874 zone, which RFC 3986 rejects.
var linearShapes = []lineartest.Shape{
	{Name: "scheme", Prefix: "a", Unit: "b", Suffix: ":"},
	{Name: "userinfo", Prefix: "http://", Unit: "u:", Suffix: "@h/"},
	{Name: "reg-name", Prefix: "http://", Unit: "h.", Suffix: "/"},
	{Name: "port", Prefix: "http://h:", Unit: "8", Suffix: "/"},
	{Name: "path segments", Prefix: "http://h", Unit: "/s"},
	{Name: "path-noscheme", Unit: "a", Suffix: "/b"},
	{Name: "query", Prefix: "?", Unit: "q=1&"},
	{Name: "fragment", Prefix: "#", Unit: "f/"},
	{Name: "percent-encodings", Prefix: "/", Unit: "%41"},
	{Name: "stray percent", Prefix: "/", Unit: "a", Suffix: "%"},
	{Name: "IRI", Prefix: "http://h/", Unit: "é"},
	{Name: "zone", Prefix: "http://[fe80::1%25", Unit: "e", Suffix: "]/"},
	{Name: "IPvFuture", Prefix: "http://[v1.", Unit: "x", Suffix: "]/"},
}

// TestLinearAgree checks refparse against uri.ParseReference on the 1 MB
// inputs of linearShapes.
func TestLinearAgree(t *testing.T) {
	for _, sh := range linearShapes {
		t.Run(sh.Name, func(t *testing.T) { checkAgree(t, sh.Input(1<<20)) })
	}
}

// TestLinearParse checks that Parse takes time linear in its input and
// allocates nothing, on the shapes of linearShapes.
func TestLinearParse(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time")
	}
	lineartest.CheckShapes(t, linearShapes, 1<<10, 1<<20, 16, func(s string) { _, _ = refparse.Parse(s) })
	for _, sh := range linearShapes {
		s := sh.Input(1 << 20)
		// AllocsPerRun, not one counted call: the heap's counters are the
		// whole program's, and a goroutine of the test runner may
		// allocate during a single call.
		if allocs := testing.AllocsPerRun(5, func() { _, _ = refparse.Parse(s) }); allocs != 0 {
			t.Errorf("Parse(%s of 1 MB) made %v allocations, want 0", sh.Name, allocs)
		}
	}
}
