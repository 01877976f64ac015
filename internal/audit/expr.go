// Package audit compares a PEG transcription of an ABNF grammar with the
// ABNF it transcribes (RFC 5234), rule by rule, and runs ABNF directly.
//
// Both grammars are read into one small expression form, [Expr]: sequence,
// choice (ordered or not), repetition with min and max, strings (exact or
// case-insensitive), sets of code points, rule references and lookaheads.
// A set matches one Unicode code point, written in the input as UTF-8, so
// that ranges beyond one byte (RFC 3987 §2.2, %xA0-D7FF) are exact; invalid
// UTF-8 is in no set. A grammar given as several files is composed with
// [ComposeABNF] and [ComposePEG]. [Audit]
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
	OpSet             // one character of Set (its UTF-8 encoding), RFC 5234 §3.4
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
	Text    string  // OpLit: the characters, UTF-8 encoded; OpProse: the prose
	Fold    bool    // OpLit: letters match either case (RFC 5234 §2.3)
	Set     CharSet // OpSet
	Name    string  // OpRef: the rule's name (ABNF spelling after mapping)
	Not     bool    // OpLook
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
	Line int    // 1-based line of the rule's name in its file
	File string // the file of the rule, set by ComposeABNF and ComposePEG

	// For PEG files: the text after "#abnf: ", "#peg: " and "#helper: " in
	// the comment block right above the rule, one entry per line.
	ABNF, PEG, Helper []string
}

// A Grammar is a list of rules (RFC 5234 §4 rulelist) in file order.
type Grammar struct {
	Rules []*Rule

	// Dropped lists, for a grammar made by ComposePEG, the rules that are
	// not reachable from the first rule and that pointlander/peg therefore
	// does not generate.
	Dropped []*Rule

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
