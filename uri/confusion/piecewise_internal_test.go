package confusion

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPiecewiseAgree checks that a long component that whatwgDifferences
// reads a piece at a time reads as it does whole in its frame: paths,
// queries and fragments of special and non-special URLs, with and
// without a host, made of the bytes that the pieces' cuts and the
// parser's rules turn on (dots, "%2e", separators, spaces and controls,
// invalid UTF-8, Windows drive letters).
func TestPiecewiseAgree(t *testing.T) {
	atoms := []string{"\u00e9", "a", "e", "E", "0", ".", "%2e", "%2E", "/", "\\", " ", "\t", "\x01", "\xff", "\xc3", "%", "C|", "?", "#", "\u0430"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, scheme := range []string{"http", "foo", "file"} {
		for _, host := range []bool{true, false} {
			for _, diff := range []Difference{DiffPath, DiffQuery, DiffFragment} {
				checked := 0
				for range 40 {
					// Three of the atoms in each value, so that some values
					// have no "?", "#" or dot-segment.
					some := []string{atoms[rng.IntN(len(atoms))], atoms[rng.IntN(len(atoms))], atoms[rng.IntN(len(atoms))]}
					var b strings.Builder
					if diff == DiffPath {
						b.WriteString("/")
					}
					// Mostly long runs, which the pieces are cut inside, and
					// now and then an atom that a cut or a rule turns on.
					for b.Len() < bigComponent+2*escapePiece {
						if rng.IntN(4) == 0 {
							b.WriteString(some[rng.IntN(len(some))])
						} else {
							b.WriteString(strings.Repeat(atoms[rng.IntN(2)], rng.IntN(300)))
						}
					}
					v := b.String()
					c := frameOf(scheme, host, diff, v)
					c.wg = c.read(whatwgReading(c.frame(v)))
					if !piecewise(c, scheme, host) {
						continue
					}
					checked++
					if !c.readsPiecewise() {
						t.Fatalf("%s %s (host %v): a %d-byte value does not read piecewise as it does whole", scheme, diff, host, len(v))
					}
					// A value read otherwise whole must not read piecewise alike.
					c.wg.Value = c.wg.Value[:len(c.wg.Value)-1] + "X"
					if c.readsPiecewise() {
						t.Fatalf("%s %s (host %v): a changed reading still agrees", scheme, diff, host)
					}
				}
				if scheme != "file" && checked == 0 {
					t.Errorf("%s %s (host %v): no value was read piecewise", scheme, diff, host)
				}
			}
		}
	}
}

// frameOf returns the framedComponent whatwgDifferences makes of the
// component v of a reference reading, with no WHATWG reading yet.
func frameOf(scheme string, host bool, diff Difference, v string) framedComponent {
	c := framedComponent{diff: diff, ref: Field{v, true}}
	switch diff {
	case DiffPath:
		c.frame = func(v string) string { return pathFrame(scheme, host, v) }
		c.read = func(x Reading) Field { return x.Path }
	case DiffQuery:
		c.frame = func(v string) string { return scheme + "://h/?" + v }
		c.read = func(x Reading) Field { return x.Query }
	default:
		c.frame = func(v string) string { return scheme + "://h/#" + v }
		c.read = func(x Reading) Field { return x.Fragment }
	}
	return c
}
