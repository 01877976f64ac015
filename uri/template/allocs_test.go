package template

import (
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
)

// allocShapes are large templates of the shapes a template is made of:
// literals, expressions between literals, adjacent expressions, lists and
// named sets.
var allocShapes = []struct{ name, unit string }{
	{"literals", "a%20"},
	{"expressions between literals", "/{x}"},
	{"adjacent expressions", "{x}"},
	{"segments", "{/a,b}"},
	{"path and query", "/a/{x}{?q,r}"},
	{"continued queries", "{&v1}"},
}

// TestParseAllocs checks that Parse allocates at most 20 bytes per byte
// of a large template: the template keeps its parts as offsets into its
// text, and the parser's tokens, for one chunk at a time, are reused.
func TestParseAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what allocates")
	}
	for _, sh := range allocShapes {
		t.Run(sh.name, func(t *testing.T) {
			s := strings.Repeat(sh.unit, 1<<18/len(sh.unit))
			var err error
			bytes, _ := lineartest.Allocated(func() { _, err = Parse(s) })
			if err != nil {
				t.Fatal(err)
			}
			if perByte := bytes / uint64(len(s)); perByte > 20 {
				t.Errorf("Parse of %d bytes of %q allocated %d bytes, %d a byte; want at most 20", len(s), sh.unit, bytes, perByte)
			}
		})
	}
}

// TestMatcherAllocs checks the memory of building a matcher for large
// templates that the local rule accepts: at most 20 bytes per template
// byte (13 for "/{x}" repeated, 531 when each part kept its own strings,
// variables and map of names): the matcher keeps its parts and variables
// as offsets into the template.
func TestMatcherAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what allocates")
	}
	for _, sh := range allocShapes {
		if sh.name == "adjacent expressions" || sh.name == "segments" {
			continue // refused: the exact check builds the automaton
		}
		t.Run(sh.name, func(t *testing.T) {
			tm := MustParse(strings.Repeat(sh.unit, 1<<18/len(sh.unit)))
			var err error
			bytes, _ := lineartest.Allocated(func() { _, err = tm.Matcher(MatchOptions{}) })
			if err != nil {
				t.Fatal(err)
			}
			if perByte := bytes / uint64(len(tm.String())); perByte > 20 {
				t.Errorf("Matcher of %d bytes of %q allocated %d bytes, %d a byte; want at most 20", len(tm.String()), sh.unit, bytes, perByte)
			}
		})
	}
}
