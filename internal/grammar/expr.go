// Package grammar is the one model of specuri's grammars: expressions
// ([Expr]), sets of code points ([CharSet]), the readers of ABNF (RFC 5234
// §4, [ReadABNF]) and of pointlander/peg files ([ReadPEG]), the
// composition of a grammar given as several files ([ComposeABNF],
// [ComposePEG]) and the nesting limit of both readers ([MaxNesting]).
//
// [Sets] is the table of the grammar set: for each generated package in
// gen/, its PEG and ABNF files (in the grammar package's embedded
// [grammar.Files]), its specification, its memoized rules and what is
// generated and audited for it. The code generator (internal/pegen), the
// audit (internal/audit, `uri audit`), the go:generate line of each
// generated package and the Makefile all read it; no other place lists
// grammar files.
//
// Both grammars are read into one small expression form, [Expr]: sequence,
// choice (ordered or not), repetition with min and max, strings (exact or
// case-insensitive), sets of code points, rule references and lookaheads.
// A set matches one Unicode code point, written in the input as UTF-8, so
// that ranges beyond one byte (RFC 3987 §2.2, %xA0-D7FF) are exact; invalid
// UTF-8 is in no set.
//
// [grammar.Files]: https://pkg.go.dev/github.com/specuri/specuri/grammar#Files
package grammar

import (
	"fmt"
	"slices"
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
	switch e.Op {
	case OpSeq:
		if len(e.Subs) == 0 {
			b.WriteString("()")
			return
		}
		paren(b, prec > 1 && len(e.Subs) > 1, func() { writeList(b, e.Subs, " ") })
	case OpAlt:
		sep := map[bool]string{false: " | ", true: " / "}[e.Ordered]
		paren(b, prec > 0, func() { writeList(b, e.Subs, sep) })
	case OpRep:
		e.Subs[0].write(b, 2)
		b.WriteString(e.repSuffix())
	case OpLit:
		b.WriteString(e.quoted())
	case OpSet:
		b.WriteString(e.Set.String())
	case OpRef:
		b.WriteString(e.Name)
	case OpLook:
		b.WriteString(map[bool]string{false: "&", true: "!"}[e.Not])
		e.Subs[0].write(b, 2)
	case OpProse:
		b.WriteString("<" + e.Text + ">")
	}
}

// paren writes f's output, in parentheses if need.
func paren(b *strings.Builder, need bool, f func()) {
	if need {
		b.WriteByte('(')
	}
	f()
	if need {
		b.WriteByte(')')
	}
}

// writeList writes es as sequence items, separated by sep.
func writeList(b *strings.Builder, es []*Expr, sep string) {
	for i, s := range es {
		if i > 0 {
			b.WriteString(sep)
		}
		s.write(b, 1)
	}
}

// repSuffix returns the suffix of a repetition (RFC 5234 §3.6-3.8) in PEG
// syntax, or with braces where a PEG has none.
func (e *Expr) repSuffix() string {
	switch {
	case e.Min == 0 && e.Max == 1:
		return "?"
	case e.Min == 0 && e.Max == Inf:
		return "*"
	case e.Min == 1 && e.Max == Inf:
		return "+"
	case e.Max == Inf:
		return fmt.Sprintf("{%d,}", e.Min)
	}
	return fmt.Sprintf("{%d,%d}", e.Min, e.Max)
}

// quoted returns a literal quoted: double quotes when letters match either
// case (RFC 5234 §2.3), else single quotes.
func (e *Expr) quoted() string {
	if e.Fold {
		return strconv.Quote(e.Text)
	}
	return "'" + strings.Trim(strconv.Quote(e.Text), `"`) + "'"
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
	// the comment block right above the rule, one entry per line. A rule
	// with Helper lines is a helper: it has no ABNF rule of its own.
	ABNF, PEG, Helper []string

	// Section is, for PEG files, the text after "#section: " above the
	// rule: the section of the specification that defines the rule, or
	// that of the rule a helper serves ("RFC 3986 §3.2.2"); "" for none.
	Section string
}

// IsHelper reports whether r is a helper of a PEG file: a rule with
// "#helper:" lines, which has no ABNF rule of its own.
func (r *Rule) IsHelper() bool { return len(r.Helper) > 0 }

// A Grammar is a list of rules (RFC 5234 §4 rulelist) in file order.
type Grammar struct {
	Rules []*Rule

	// For PEG files: the header, "package Package" and "type Type Peg
	// {Fields}" (Fields is the text between the braces).
	Package, Type, Fields string

	// Dropped lists, for a grammar made by ComposePEG, the rules that are
	// not reachable from the first rule and that pointlander/peg therefore
	// does not generate.
	Dropped []*Rule

	index map[string]*Rule
}

// Add appends r to g's rules (RFC 5234 §4 rulelist order); [Grammar.Rule]
// then finds it by name.
func (g *Grammar) Add(r *Rule) {
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

// Refs returns the names of the rules e uses (RFC 5234 §2.1), each once,
// in order of first use.
func (e *Expr) Refs() []string {
	return e.appendRefs(nil)
}

func (e *Expr) appendRefs(out []string) []string {
	if e.Op == OpRef {
		if slices.Contains(out, e.Name) {
			return out
		}
		return append(out, e.Name)
	}
	for _, s := range e.Subs {
		out = s.appendRefs(out)
	}
	return out
}
