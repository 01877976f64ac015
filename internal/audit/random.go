package audit

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/grammar"
)

// A Generator derives random strings from the rules of an ABNF grammar
// (RFC 5234 §3): each alternative equally likely, unbounded repetitions
// short, each character of a set equally likely, written in UTF-8. Every
// string it derives from a rule is in the rule's language (unless a range
// spans the surrogates %xD800-DFFF, which have no UTF-8 form).
type Generator struct {
	g *grammar.Grammar
	r *rand.Rand
}

// NewGenerator returns a Generator for g (RFC 5234 §3) drawing from r.
func NewGenerator(g *grammar.Grammar, r *rand.Rand) *Generator { return &Generator{g, r} }

// Generate returns a random string of the named rule's language (RFC 5234
// §3). A prose-val (RFC 5234 §4) adds nothing.
func (gen *Generator) Generate(rule string) string {
	var b strings.Builder
	gen.gen(&b, &grammar.Expr{Op: grammar.OpRef, Name: rule}, 0)
	return b.String()
}

// lit writes the literal e, each letter of a case-insensitive one (RFC
// 5234 §2.3) in a case picked at random.
func (gen *Generator) lit(b *strings.Builder, e *grammar.Expr) {
	for _, c := range e.Text {
		if e.Fold {
			k := gen.r.IntN(2)
			if c < utf8.RuneSelf {
				if k == 0 {
					c = rune(flipCase(byte(c)))
				}
			} else {
				f := grammar.FoldChars(c, true)
				c = f.Nth(k % f.Len())
			}
		}
		b.WriteRune(c)
	}
}

func (gen *Generator) gen(b *strings.Builder, e *grammar.Expr, depth int) {
	r := gen.r
	switch e.Op {
	case grammar.OpSeq:
		for _, s := range e.Subs {
			gen.gen(b, s, depth)
		}
	case grammar.OpAlt:
		gen.gen(b, e.Subs[r.IntN(len(e.Subs))], depth)
	case grammar.OpRep:
		n := e.Min
		if e.Max == grammar.Inf {
			for n < e.Min+6 && r.IntN(2) == 0 {
				n++
			}
		} else {
			n += r.IntN(e.Max - e.Min + 1)
		}
		for i := 0; i < n; i++ {
			gen.gen(b, e.Subs[0], depth)
		}
	case grammar.OpLit:
		gen.lit(b, e)
	case grammar.OpSet:
		if n := e.Set.Len(); n > 0 {
			// A surrogate (only in a range that spans them) has no UTF-8
			// form: it is written as U+FFFD.
			b.WriteRune(e.Set.Nth(r.IntN(n)))
		}
	case grammar.OpRef:
		if rl := gen.g.Rule(e.Name); rl != nil && depth < 50 {
			gen.gen(b, rl.Expr, depth+1)
		}
	}
}

func flipCase(c byte) byte {
	switch {
	case 'a' <= c && c <= 'z':
		return c - 'a' + 'A'
	case 'A' <= c && c <= 'Z':
		return c - 'A' + 'a'
	}
	return c
}

// mutationBytes are the bytes a mutation inserts: the delimiters of RFC
// 3986 §2.2, characters from each class of §2.3, and a few that no rule
// allows.
const mutationBytes = ":/?#[]@!$&'()*+,;=-._~%0123456789aAfFgGvVzZ \"<>\\^`{|}\x00\x7f\x80\xff"

// mutationStrings are short strings a mutation inserts: the pieces where
// the RFC 3986 grammar has its boundaries.
var mutationStrings = []string{"::", "//", "%2", "%zz", "25", "255", "256", "1.2.3.4", ".", "v1.", "[", "]", "@", ":0", "ffff:", "0:0:0:0:0:0:0:0",
	// Characters at the edges of the RFC 3987 §2.2 ranges (ucschar,
	// iprivate), a surrogate's encoding and a truncated sequence, which
	// are not UTF-8.
	"\u009f", "\u00a0", "\ud7ff", "\uf8ff", "\uf900", "\ufffd", "\U0001fffd", "\U0001fffe", "\U0010fffd", "\xed\xa0\x80", "\xe2\x82"}

// Mutate returns s changed in one to three random places: a byte inserted,
// deleted, replaced or its case changed, a piece of s repeated or removed,
// or a piece of RFC 3986 syntax or a character at the edge of an RFC 3987
// §2.2 range inserted. Applied to strings of a
// Generator, it gives inputs near the boundary of the language (RFC 5234
// §3).
func Mutate(r *rand.Rand, s string) string {
	b := []byte(s)
	for n := 1 + r.IntN(3); n > 0; n-- {
		i := 0
		if len(b) > 0 {
			i = r.IntN(len(b) + 1)
		}
		switch op := r.IntN(7); {
		case op == 0 || len(b) == 0:
			c := mutationBytes[r.IntN(len(mutationBytes))]
			b = append(b[:i], append([]byte{c}, b[i:]...)...)
		case op == 1 && i < len(b):
			b = append(b[:i], b[i+1:]...)
		case op == 2 && i < len(b):
			b[i] = mutationBytes[r.IntN(len(mutationBytes))]
		case op == 3 && i < len(b):
			b[i] = flipCase(b[i])
		case op == 4:
			j := i + r.IntN(len(b)-i+1)
			piece := append([]byte(nil), b[i:j]...)
			b = append(b[:j], append(piece, b[j:]...)...)
		case op == 5:
			j := i + r.IntN(len(b)-i+1)
			b = append(b[:i], b[j:]...)
		default:
			m := mutationStrings[r.IntN(len(mutationStrings))]
			b = append(b[:i], append([]byte(m), b[i:]...)...)
		}
	}
	return string(b)
}
