package grammar

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/specuri/specuri/gen/abnf"
)

// ReadABNF reads an ABNF rulelist (RFC 5234 §4) with the generated parser
// of grammar/abnf.peg. Rules may be indented and lines may end in LF. An
// incremental alternative ("=/", RFC 5234 §3.3) is added to its rule.
//
// Groups and options may nest at most [MaxNesting] deep.
func ReadABNF(src string) (*Grammar, error) {
	roots, err := parseTree(src, checkABNFNesting, abnf.Parse, func(t abnf.Token) tok {
		return tok{t.Rule.String(), t.Begin, t.End, t.First}
	})
	if err != nil {
		return nil, err
	}
	g := new(Grammar)
	r := abnfReader{src: src}
	for _, root := range roots {
		root.walk(func(n *node) bool {
			if n.rule != "rule" {
				return true
			}
			name := r.text(n.kid("rulename"))
			e := r.alternation(n.kid("elements").kid("alternation"))
			if strings.Contains(r.text(n.kid("defined-as")), "=/") {
				old := g.Rule(name)
				if old == nil {
					r.err = fmt.Errorf("line %d: %s =/ before %s =", lineOf(src, n.begin), name, name)
					return false
				}
				old.Expr = alt(false, old.Expr, e)
				old.Text += "\n" + r.text(n)
				return false
			}
			if g.Rule(name) != nil {
				r.err = fmt.Errorf("line %d: rule %s defined twice", lineOf(src, n.begin), name)
				return false
			}
			g.Add(&Rule{Name: name, Expr: e, Text: r.text(n), Line: lineOf(src, n.begin)})
			return false
		})
	}
	if r.err != nil {
		return nil, r.err
	}
	return g, nil
}

type abnfReader struct {
	src string
	err error
}

func (r *abnfReader) text(n *node) string { return r.src[n.begin:n.end] }

func lineOf(src string, off int) int { return 1 + strings.Count(src[:off], "\n") }

// alt returns the alternation of es (RFC 5234 §3.2), or the only one.
func alt(ordered bool, es ...*Expr) *Expr {
	if len(es) == 1 {
		return es[0]
	}
	return &Expr{Op: OpAlt, Ordered: ordered, Subs: es}
}

// seq returns the concatenation of es (RFC 5234 §3.1), or the only one.
func seq(es ...*Expr) *Expr {
	if len(es) == 1 {
		return es[0]
	}
	return &Expr{Op: OpSeq, Subs: es}
}

func rep(min, max int, e *Expr) *Expr { return &Expr{Op: OpRep, Min: min, Max: max, Subs: []*Expr{e}} }

func set(lo, hi rune) *Expr { return &Expr{Op: OpSet, Set: CharSet{}.With(lo, hi)} }

func (r *abnfReader) alternation(n *node) *Expr {
	var es []*Expr
	for _, k := range n.kids {
		if k.rule == "concatenation" {
			es = append(es, r.concatenation(k))
		}
	}
	return alt(false, es...)
}

func (r *abnfReader) concatenation(n *node) *Expr {
	var es []*Expr
	for _, k := range n.kids {
		if k.rule == "repetition" {
			es = append(es, r.repetition(k))
		}
	}
	return seq(es...)
}

// repetition reads [repeat] element (RFC 5234 §3.6, §3.7).
func (r *abnfReader) repetition(n *node) *Expr {
	e := r.element(n.kid("element"))
	rp := n.kid("repeat")
	if rp == nil {
		return e
	}
	t := r.text(rp)
	min, max := 0, Inf
	if lo, hi, ok := strings.Cut(t, "*"); ok {
		if lo != "" {
			min = r.atoi(lo)
		}
		if hi != "" {
			max = r.atoi(hi)
		}
	} else {
		min = r.atoi(t)
		max = min
	}
	return rep(min, max, e)
}

func (r *abnfReader) atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil && r.err == nil {
		r.err = err
	}
	return n
}

func (r *abnfReader) element(n *node) *Expr {
	k := n.kids[0]
	t := r.text(k)
	switch k.rule {
	case "rulename":
		return &Expr{Op: OpRef, Name: t}
	case "group":
		return r.alternation(k.kid("alternation"))
	case "option":
		return rep(0, 1, r.alternation(k.kid("alternation")))
	case "char-val":
		return &Expr{Op: OpLit, Text: t[1 : len(t)-1], Fold: true}
	case "prose-val":
		return &Expr{Op: OpProse, Text: t[1 : len(t)-1]}
	case "num-val":
		return r.numVal(t[1:])
	}
	r.err = fmt.Errorf("unexpected %s", k.rule)
	return &Expr{Op: OpSeq}
}

// numVal reads a bin-val, dec-val or hex-val without its "%" (RFC 5234
// §2.3, §3.4): a range is a set of code points, a series of values a
// string of those characters (UTF-8 encoded). Values are Unicode code
// points, up to %x10FFFF, as in RFC 3987 §2.2 (%x10000-1FFFD); the
// surrogates %xD800-DFFF are no characters and may only be inside a range.
func (r *abnfReader) numVal(t string) *Expr {
	base := map[byte]int{'b': 2, 'B': 2, 'd': 10, 'D': 10, 'x': 16, 'X': 16}[t[0]]
	val := func(s string, inRange bool) rune {
		v, err := strconv.ParseUint(s, base, 32)
		switch {
		case err != nil || v > MaxCodePoint:
			r.failf("%%%s: %s is not a Unicode code point (at most %%x10FFFF)", t, s)
			return 0
		case !inRange && 0xD800 <= v && v <= 0xDFFF:
			r.failf("%%%s: %s is a surrogate, not a character", t, s)
		}
		return rune(v)
	}
	body := t[1:]
	if lo, hi, ok := strings.Cut(body, "-"); ok {
		l, h := val(lo, true), val(hi, true)
		if h < l {
			r.failf("%%%s: empty range", t)
		}
		return set(l, h)
	}
	var b strings.Builder
	for _, v := range strings.Split(body, ".") {
		b.WriteRune(val(v, false))
	}
	return &Expr{Op: OpLit, Text: b.String()}
}

func (r *abnfReader) failf(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, args...)
	}
}
