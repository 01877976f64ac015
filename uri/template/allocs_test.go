package template

import (
	"errors"
	"fmt"
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

// allocExprs are large templates of one expression: a long variable-list
// and a long set of named pairs whose names are pct-encoded.
var allocExprs = []struct{ name, tmpl string }{
	{"one expression", "{" + strings.Repeat("a,", 1<<17) + "a}"},
	{"one set of encoded names", "{?" + strings.Repeat("%41,", 1<<16) + "a}"},
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
	// An expression longer than a chunk is matched in pieces of its
	// variable-list (92 bytes a byte when it was matched whole).
	for _, x := range allocExprs {
		t.Run(x.name, func(t *testing.T) {
			var err error
			bytes, _ := lineartest.Allocated(func() { _, err = Parse(x.tmpl) })
			if err != nil {
				t.Fatal(err)
			}
			if perByte := bytes / uint64(len(x.tmpl)); perByte > 20 {
				t.Errorf("Parse of %d bytes of %s allocated %d bytes, %d a byte; want at most 20", len(x.tmpl), x.name, bytes, perByte)
			}
		})
	}
}

// TestMatcherAllocs checks the memory of building a matcher for large
// templates: at most 20 bytes per template byte. Those that the local rule
// accepts take 13 for "/{x}" repeated (88 when each part kept its own
// strings, variables and map of names): the matcher keeps its parts and
// variables as offsets into the template. Adjacent expressions and
// segments go to the exact check, which refuses them at its limits, or
// with PerURI keeps the automaton to match them: 18 for "{x}" repeated
// (493 when the automaton kept its states and the search its nodes in a
// map): the automaton's states are found from its parts as the search
// reaches them, and the search keeps 16 bytes a node.
func TestMatcherAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what allocates")
	}
	for _, sh := range allocShapes {
		refused := sh.name == "adjacent expressions" || sh.name == "segments"
		for _, perURI := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/PerURI=%v", sh.name, perURI), func(t *testing.T) {
				tm := MustParse(strings.Repeat(sh.unit, 1<<18/len(sh.unit)))
				var (
					m   *Matcher
					err error
				)
				bytes, _ := lineartest.Allocated(func() { m, err = tm.Matcher(MatchOptions{PerURI: perURI}) })
				var ae *AmbiguousError
				switch {
				case refused && !perURI && !errors.As(err, &ae):
					t.Fatalf("Matcher: %v, want an *AmbiguousError at the exact check's limits", err)
				case (!refused || perURI) && err != nil:
					t.Fatal(err)
				case refused && perURI && m.nfa == nil:
					t.Fatal("Matcher: no automaton")
				}
				if perByte := bytes / uint64(len(tm.String())); perByte > 20 {
					t.Errorf("Matcher of %d bytes of %q allocated %d bytes, %d a byte; want at most 20", len(tm.String()), sh.unit, bytes, perByte)
				}
			})
		}
	}
	// The decoded names of a set of named pairs take one buffer (28 bytes
	// a byte when each was a string in a map). "{a,a,...}" is refused by
	// rule 1.
	for _, x := range allocExprs {
		t.Run(x.name, func(t *testing.T) {
			tm := MustParse(x.tmpl)
			var err error
			bytes, _ := lineartest.Allocated(func() { _, err = tm.Matcher(MatchOptions{}) })
			if ae := (*AmbiguousError)(nil); err != nil && !errors.As(err, &ae) {
				t.Fatalf("Matcher: %.200v", err)
			}
			if perByte := bytes / uint64(len(x.tmpl)); perByte > 20 {
				t.Errorf("Matcher of %d bytes of %s allocated %d bytes, %d a byte; want at most 20", len(x.tmpl), x.name, bytes, perByte)
			}
		})
	}
}
