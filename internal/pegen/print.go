package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/specuri/specuri/internal/grammar"
)

// printGrammar writes g as a pointlander/peg file: the package clause,
// the parser type and each rule, "name <- expression", with the
// alternatives of a choice on lines of their own.
//
// peg builds the same tree from the printed expression as from the
// expression it was read from: a group is printed wherever the tree has a
// sequence in a sequence, a choice in a sequence or a choice, or anything
// but a primary under a suffix or prefix, and nowhere else. (peg appends
// to a sequence or choice that comes first in another, so "(a b) c" and
// "a (b c)" differ for it; printing the groups of the tree keeps that.)
func printGrammar(b *strings.Builder, g *grammar.Grammar) {
	fmt.Fprintf(b, "package %s\n\ntype %s Peg {%s}\n", g.Package, g.Type, g.Fields)
	for _, r := range g.Rules {
		fmt.Fprintf(b, "\n%s <- ", r.Name)
		if r.Expr.Op == grammar.OpAlt {
			printList(b, r.Expr.Subs, "\n"+strings.Repeat(" ", len(r.Name)+1)+"/ ", precAlternative)
		} else {
			printExpr(b, r.Expr, precChoice)
		}
		b.WriteByte('\n')
	}
}

// The contexts of an expression, by how tightly they bind.
const (
	precChoice      = iota // a rule's body or a group's: anything
	precAlternative        // an alternative of a choice: not a choice
	precSeqItem            // an item of a sequence: neither a choice nor a sequence
	precOperand            // the operand of a suffix or a prefix: a primary
)

// printExpr writes e in the context prec.
func printExpr(b *strings.Builder, e *grammar.Expr, prec int) {
	switch e.Op {
	case grammar.OpSeq:
		paren(b, prec >= precSeqItem, func() { printList(b, e.Subs, " ", precSeqItem) })
	case grammar.OpAlt:
		paren(b, prec >= precAlternative, func() { printList(b, e.Subs, " / ", precAlternative) })
	case grammar.OpRep:
		printExpr(b, e.Subs[0], precOperand)
		b.WriteString(suffix(e))
	case grammar.OpLook:
		paren(b, prec >= precOperand, func() {
			b.WriteString(map[bool]string{false: "&", true: "!"}[e.Not])
			printExpr(b, e.Subs[0], precOperand)
		})
	case grammar.OpLit:
		printLiteral(b, e)
	case grammar.OpSet:
		printSet(b, e.Set)
	case grammar.OpRef:
		b.WriteString(e.Name)
	}
}

// printList writes es, each in the context prec, separated by sep.
func printList(b *strings.Builder, es []*grammar.Expr, sep string, prec int) {
	for i, s := range es {
		if i > 0 {
			b.WriteString(sep)
		}
		printExpr(b, s, prec)
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

// suffix returns the suffix of a repetition as peg writes it: a PEG file
// has only these three.
func suffix(e *grammar.Expr) string {
	switch {
	case e.Min == 0 && e.Max == 1:
		return "?"
	case e.Min == 0:
		return "*"
	}
	return "+"
}

// printLiteral writes a literal, single-quoted or, when letters match
// either case, double-quoted. A character beyond ASCII is written as a
// hex escape when no hex digit follows it, else as itself: peg reads both
// as the code point.
func printLiteral(b *strings.Builder, e *grammar.Expr) {
	q := byte('\'')
	if e.Fold {
		q = '"'
	}
	b.WriteByte(q)
	rs := []rune(e.Text)
	for i, c := range rs {
		switch {
		case c == rune(q) || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c >= 0x80 && (i+1 == len(rs) || !isHex(rs[i+1])):
			fmt.Fprintf(b, `\0x%02X`, c)
		default:
			writeChar(b, c)
		}
	}
	b.WriteByte(q)
}

// printSet writes a set: "." for every code point; a set of ASCII as the
// fewest ranges, widest first, ties in byte order; a set of bytes beyond
// ASCII, as utf8Expr makes them, as hex escapes in increasing order.
func printSet(b *strings.Builder, s grammar.CharSet) {
	if isDot(s) {
		b.WriteByte('.')
		return
	}
	rs := s.Ranges()
	if len(rs) > 0 && rs[len(rs)-1].Hi < 0x80 {
		sort.SliceStable(rs, func(i, j int) bool { return rs[i].Hi-rs[i].Lo > rs[j].Hi-rs[j].Lo })
	}
	b.WriteByte('[')
	for _, r := range rs {
		writeClassChar(b, r.Lo)
		if r.Hi > r.Lo {
			b.WriteByte('-')
			writeClassChar(b, r.Hi)
		}
	}
	b.WriteByte(']')
}

// writeClassChar writes c in a class: '\', '-', '[' and ']' escaped.
func writeClassChar(b *strings.Builder, c rune) {
	if c == '\\' || c == '-' || c == ']' || c == '[' {
		b.WriteByte('\\')
	}
	if c >= 0x80 {
		fmt.Fprintf(b, `\0x%02X`, c)
		return
	}
	writeChar(b, c)
}

// writeChar writes a character below 0x80, or one beyond ASCII as itself:
// \n, \t and \r named, other control characters as three octal digits (a
// hex escape would take the hex digits that follow it).
func writeChar(b *strings.Builder, c rune) {
	switch {
	case c == '\n':
		b.WriteString(`\n`)
	case c == '\t':
		b.WriteString(`\t`)
	case c == '\r':
		b.WriteString(`\r`)
	case c < ' ' || c == 0x7F:
		fmt.Fprintf(b, `\%03o`, c)
	default:
		b.WriteRune(c)
	}
}

func isHex(c rune) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}
