// Package audit compares a PEG transcription of an ABNF grammar with the
// ABNF it transcribes (RFC 5234), rule by rule, and runs ABNF directly.
//
// Both grammars are read into one small expression form, [Expr]: sequence,
// choice (ordered or not), repetition with min and max, strings (exact or
// case-insensitive), byte sets, rule references and lookaheads. [Audit]
// gives each ABNF rule a verdict; [Matcher] recognises inputs with full
// (unordered) ABNF alternation; [Generator] derives random strings.
//
// The structural audit is `uri audit`. The semantic audit is the fuzz
// targets FuzzAgree and FuzzRules of this package: the parser generated
// from grammar/rfc3986.peg and a Matcher running grammar/rfc3986.abnf must
// accept the same inputs (RFC 3986 Appendix A), with the same component
// spans, on fuzzed inputs and on derived strings mutated near the edge of
// the language.
package audit

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Op is the kind of an [Expr], one per construct of RFC 5234 §3 (and the
// lookahead and ordered choice of a PEG).
type Op uint8

// The operators of an [Expr] (RFC 5234 §3).
const (
	OpSeq   Op = iota // concatenation, RFC 5234 §3.1; no Subs is the empty string
	OpAlt             // alternation, RFC 5234 §3.2 (Ordered for a PEG choice)
	OpRep             // repetition, RFC 5234 §3.6-3.8: Subs[0] Min to Max times
	OpLit             // a string, RFC 5234 §2.3 (Fold: case-insensitive)
	OpSet             // one byte of Set, RFC 5234 §3.4
	OpRef             // a rule, RFC 5234 §2.1
	OpLook            // a PEG lookahead on Subs[0] (Not: negative); no ABNF form
	OpProse           // prose-val, RFC 5234 §4: matches nothing it can check
)

// Inf is the Max of an unbounded repetition (RFC 5234 §3.6).
const Inf = -1

// Expr is a grammar expression of ABNF (RFC 5234 §3) or of a PEG. Exprs are
// trees; they are not modified once built.
type Expr struct {
	Op      Op
	Subs    []*Expr
	Ordered bool    // OpAlt: PEG ordered choice
	Min     int     // OpRep
	Max     int     // OpRep; Inf for no limit
	Text    string  // OpLit: the bytes; OpProse: the prose
	Fold    bool    // OpLit: ASCII letters match either case (RFC 5234 §2.3)
	Set     ByteSet // OpSet
	Name    string  // OpRef: the rule's name (ABNF spelling after mapping)
	Not     bool    // OpLook
}

// ByteSet is a set of bytes, the language of a character class or of an
// ABNF rule whose strings are all one byte long (RFC 5234 §3.4).
type ByteSet [4]uint64

// Add adds bytes lo to hi to s (RFC 5234 §3.4 value range).
func (s *ByteSet) Add(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s[c>>6] |= 1 << (c & 63)
	}
}

// Has reports whether c is in s (RFC 5234 §3.4).
func (s ByteSet) Has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// Union returns the bytes in s or t (RFC 5234 §3.2 of single bytes).
func (s ByteSet) Union(t ByteSet) ByteSet {
	return ByteSet{s[0] | t[0], s[1] | t[1], s[2] | t[2], s[3] | t[3]}
}

// Len returns the number of bytes in s (RFC 5234 §3.4).
func (s ByteSet) Len() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// String writes s as a PEG character class of ranges, such as [0-9A-Fa-f]
// (RFC 5234 §3.4 ranges).
func (s ByteSet) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for c := 0; c < 256; c++ {
		if !s.Has(byte(c)) {
			continue
		}
		e := c
		for e+1 < 256 && s.Has(byte(e+1)) {
			e++
		}
		b.WriteString(classChar(byte(c)))
		if e > c {
			if e > c+1 {
				b.WriteByte('-')
			}
			b.WriteString(classChar(byte(e)))
		}
		c = e
	}
	b.WriteByte(']')
	return b.String()
}

func classChar(c byte) string {
	switch {
	case c == '-' || c == ']' || c == '\\' || c == '[':
		return `\` + string(c)
	case c < 0x21 || c > 0x7e:
		return fmt.Sprintf(`\0x%02X`, c)
	}
	return string(c)
}

// String writes e in PEG syntax, for reports (RFC 5234 §3 constructs).
func (e *Expr) String() string {
	var b strings.Builder
	e.write(&b, 0)
	return b.String()
}

// write writes e; prec is the binding of the context: 0 top, 1 sequence
// item, 2 operand of a suffix or prefix.
func (e *Expr) write(b *strings.Builder, prec int) {
	paren := func(need bool, f func()) {
		if need {
			b.WriteByte('(')
		}
		f()
		if need {
			b.WriteByte(')')
		}
	}
	switch e.Op {
	case OpSeq:
		if len(e.Subs) == 0 {
			b.WriteString("()")
			return
		}
		paren(prec > 1 && len(e.Subs) > 1, func() {
			for i, s := range e.Subs {
				if i > 0 {
					b.WriteByte(' ')
				}
				s.write(b, 1)
			}
		})
	case OpAlt:
		sep := " | "
		if e.Ordered {
			sep = " / "
		}
		paren(prec > 0, func() {
			for i, s := range e.Subs {
				if i > 0 {
					b.WriteString(sep)
				}
				s.write(b, 1)
			}
		})
	case OpRep:
		e.Subs[0].write(b, 2)
		switch {
		case e.Min == 0 && e.Max == 1:
			b.WriteByte('?')
		case e.Min == 0 && e.Max == Inf:
			b.WriteByte('*')
		case e.Min == 1 && e.Max == Inf:
			b.WriteByte('+')
		case e.Max == Inf:
			fmt.Fprintf(b, "{%d,}", e.Min)
		default:
			fmt.Fprintf(b, "{%d,%d}", e.Min, e.Max)
		}
	case OpLit:
		if e.Fold {
			b.WriteString(strconv.Quote(e.Text))
		} else {
			b.WriteString("'" + strings.Trim(strconv.Quote(e.Text), `"`) + "'")
		}
	case OpSet:
		b.WriteString(e.Set.String())
	case OpRef:
		b.WriteString(e.Name)
	case OpLook:
		if e.Not {
			b.WriteByte('!')
		} else {
			b.WriteByte('&')
		}
		e.Subs[0].write(b, 2)
	case OpProse:
		b.WriteString("<" + e.Text + ">")
	}
}

// A Rule is one rule of a grammar (RFC 5234 §2.2) with the comment lines
// next to it in a PEG file.
type Rule struct {
	Name string // as written in the file
	Expr *Expr
	Text string // the rule's source text
	Line int    // 1-based line of the rule's name

	// For PEG files: the text after "#abnf: ", "#peg: " and "#helper: " in
	// the comment block right above the rule, one entry per line.
	ABNF, PEG, Helper []string
}

// A Grammar is a list of rules (RFC 5234 §4 rulelist) in file order.
type Grammar struct {
	Rules []*Rule
	index map[string]*Rule
}

func (g *Grammar) add(r *Rule) {
	if g.index == nil {
		g.index = make(map[string]*Rule)
	}
	g.Rules = append(g.Rules, r)
	g.index[r.Name] = r
}

// Rule returns the rule named name (RFC 5234 §2.1: ABNF rule names are
// case-insensitive, so for ABNF grammars the lookup is too).
func (g *Grammar) Rule(name string) *Rule {
	if r, ok := g.index[name]; ok {
		return r
	}
	for _, r := range g.Rules {
		if strings.EqualFold(r.Name, name) {
			return r
		}
	}
	return nil
}
