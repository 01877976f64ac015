package audit

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/grammar"
)

// xform is a set of transformations between an ABNF rule and its PEG
// transcription that the audit checks rather than takes on trust.
type xform uint8

const (
	xHelper   xform = 1 << iota // a PEG helper rule written in place of its body
	xClass                      // single-character rules and alternatives as one set
	xInline                     // an ABNF rule written inline in the PEG
	xOrder                      // alternatives in another order
	xRotate                     // [ *n( a b ) a ] written ( a *n( b a ) )
	xEmpty                      // a lookahead that always succeeds as the empty string
	xNoLook                     // every lookahead dropped (not a transformation: a deviation)
	numXforms = 6
)

var xformNames = [...]string{
	"helper rule inlined",
	"single-character rules as one character class",
	"rule inlined",
	"alternatives reordered",
	"*n(a b) a rewritten a *n(b a)",
	"empty match written as lookahead",
}

func (x xform) names() []string {
	var out []string
	for i := 0; i < numXforms; i++ {
		if x&(1<<i) != 0 {
			out = append(out, xformNames[i])
		}
	}
	return out
}

// canonizer rewrites the expressions of one side of the audit into a
// canonical form, so that two expressions related by the enabled
// transformations print the same.
type canonizer struct {
	g       *grammar.Grammar
	x       xform
	abnf    bool                        // the ABNF side
	toABNF  func(string) (string, bool) // PEG name to ABNF name; false for a helper
	keep    map[string]bool             // ABNF side, xInline: names the PEG rule refers to
	classes map[string]*grammar.CharSet
	depth   int
}

func (c *canonizer) canon(e *grammar.Expr) *grammar.Expr {
	switch e.Op {
	case grammar.OpRef:
		return c.ref(e)
	case grammar.OpLit:
		var items []*grammar.Expr
		for _, r := range e.Text {
			items = append(items, &grammar.Expr{Op: grammar.OpSet, Set: grammar.FoldChars(r, e.Fold)})
		}
		return c.seq(items)
	case grammar.OpSeq:
		return c.seq(e.Subs)
	case grammar.OpAlt:
		return c.alt(e.Subs)
	case grammar.OpRep:
		return c.rep(e.Min, e.Max, c.canon(e.Subs[0]))
	case grammar.OpLook:
		if c.x&xNoLook != 0 {
			return &grammar.Expr{Op: grammar.OpSeq}
		}
		b := c.canon(e.Subs[0])
		if c.x&xEmpty != 0 && !e.Not && nullable(b) {
			return &grammar.Expr{Op: grammar.OpSeq}
		}
		return &grammar.Expr{Op: grammar.OpLook, Not: e.Not, Subs: []*grammar.Expr{b}}
	}
	return e
}

func (c *canonizer) ref(e *grammar.Expr) *grammar.Expr {
	name := e.Name
	if !c.abnf {
		n, ok := c.toABNF(name)
		if !ok {
			if r := c.g.Rule(name); r != nil && c.x&xHelper != 0 && c.depth < 20 {
				return c.body(r)
			}
			return &grammar.Expr{Op: grammar.OpRef, Name: "peg:" + name}
		}
		name = n
	}
	if c.x&xClass != 0 {
		if s := c.class(e.Name, 0); s != nil {
			return &grammar.Expr{Op: grammar.OpSet, Set: *s}
		}
	}
	if c.abnf && c.x&xInline != 0 && !c.keep[name] && c.depth < 20 {
		if r := c.g.Rule(name); r != nil {
			return c.body(r)
		}
	}
	return &grammar.Expr{Op: grammar.OpRef, Name: name}
}

func (c *canonizer) body(r *grammar.Rule) *grammar.Expr {
	c.depth++
	defer func() { c.depth-- }()
	return c.canon(r.Expr)
}

// class returns the language of the named rule if it is a set of single
// characters (RFC 5234 §3.4), or nil.
func (c *canonizer) class(name string, depth int) *grammar.CharSet {
	if s, ok := c.classes[name]; ok {
		return s
	}
	r := c.g.Rule(name)
	if r == nil || depth > 20 {
		return nil
	}
	s := c.exprClass(r.Expr, depth)
	c.classes[name] = s
	return s
}

func (c *canonizer) exprClass(e *grammar.Expr, depth int) *grammar.CharSet {
	switch e.Op {
	case grammar.OpSet:
		return &e.Set
	case grammar.OpLit:
		if utf8.RuneCountInString(e.Text) != 1 {
			return nil
		}
		r, _ := utf8.DecodeRuneInString(e.Text)
		s := grammar.FoldChars(r, e.Fold)
		return &s
	case grammar.OpRef:
		return c.class(e.Name, depth+1)
	case grammar.OpSeq:
		if len(e.Subs) == 1 {
			return c.exprClass(e.Subs[0], depth)
		}
	case grammar.OpAlt:
		var u grammar.CharSet
		for _, s := range e.Subs {
			t := c.exprClass(s, depth)
			if t == nil {
				return nil
			}
			u = u.Union(*t)
		}
		return &u
	}
	return nil
}

// seq canonicalises a concatenation: items flattened, a rotation applied,
// runs of optional copies nested.
func (c *canonizer) seq(subs []*grammar.Expr) *grammar.Expr {
	raw := flattenRaw(subs)
	if c.x&xRotate != 0 {
		raw = c.rotate(raw)
	}
	var items []*grammar.Expr
	for _, s := range raw {
		s = c.canon(s)
		if s.Op == grammar.OpSeq {
			items = append(items, s.Subs...)
		} else {
			items = append(items, s)
		}
	}
	// x? followed by a chain of x? nests: x? (x x?)? reads (x (x x?)?)?.
	for i := len(items) - 2; i >= 0; i-- {
		a, b := items[i], items[i+1]
		if isOpt(a) && isOpt(b) && chainOf(b.Subs[0], a.Subs[0]) {
			merged := &grammar.Expr{Op: grammar.OpRep, Min: 0, Max: 1, Subs: []*grammar.Expr{catItems(append(items1(a.Subs[0]), b))}}
			items = append(items[:i], append([]*grammar.Expr{merged}, items[i+2:]...)...)
		}
	}
	if len(items) == 1 {
		return items[0]
	}
	return &grammar.Expr{Op: grammar.OpSeq, Subs: items}
}

func flattenRaw(subs []*grammar.Expr) []*grammar.Expr {
	var out []*grammar.Expr
	for _, s := range subs {
		if s.Op == grammar.OpSeq {
			out = append(out, flattenRaw(s.Subs)...)
		} else {
			out = append(out, s)
		}
	}
	return out
}

// rotate rewrites R(b1 .. bk) b1 .. bm, R a repetition, as
// b1 .. bm R(b(m+1) .. bk b1 .. bm): the same language.
func (c *canonizer) rotate(items []*grammar.Expr) []*grammar.Expr {
	for i := 0; i < len(items); i++ {
		r := items[i]
		if r.Op != grammar.OpRep || r.Subs[0].Op != grammar.OpSeq {
			continue
		}
		body := flattenRaw(r.Subs[0].Subs)
		for m := 1; m < len(body) && i+m < len(items); m++ {
			match := true
			for t := 0; t < m; t++ {
				if c.key(items[i+1+t]) != c.key(body[t]) {
					match = false
					break
				}
			}
			if !match {
				continue
			}
			nb := append(append([]*grammar.Expr(nil), body[m:]...), body[:m]...)
			nr := &grammar.Expr{Op: grammar.OpRep, Min: r.Min, Max: r.Max, Subs: []*grammar.Expr{{Op: grammar.OpSeq, Subs: nb}}}
			out := append([]*grammar.Expr(nil), items[:i]...)
			out = append(out, items[i+1:i+1+m]...)
			out = append(out, nr)
			return append(out, items[i+1+m:]...)
		}
	}
	return items
}

func (c *canonizer) key(e *grammar.Expr) string { return c.canon(e).String() }

func isOpt(e *grammar.Expr) bool { return e.Op == grammar.OpRep && e.Min == 0 && e.Max == 1 }

func items1(e *grammar.Expr) []*grammar.Expr {
	if e.Op == grammar.OpSeq {
		return append([]*grammar.Expr(nil), e.Subs...)
	}
	return []*grammar.Expr{e}
}

func catItems(items []*grammar.Expr) *grammar.Expr {
	if len(items) == 1 {
		return items[0]
	}
	return &grammar.Expr{Op: grammar.OpSeq, Subs: items}
}

// chainOf reports whether x is a, or a followed by an optional chain of a.
func chainOf(x, a *grammar.Expr) bool {
	if x.String() == a.String() {
		return true
	}
	xi, ai := items1(x), items1(a)
	if len(xi) != len(ai)+1 || !isOpt(xi[len(xi)-1]) {
		return false
	}
	for i := range ai {
		if xi[i].String() != ai[i].String() {
			return false
		}
	}
	return chainOf(xi[len(xi)-1].Subs[0], a)
}

// rep canonicalises a repetition of an already canonical e: counted
// repetition written out (RFC 5234 §3.6-3.7), as the PEG must.
func (c *canonizer) rep(min, max int, e *grammar.Expr) *grammar.Expr {
	if max == 0 {
		return &grammar.Expr{Op: grammar.OpSeq}
	}
	var items []*grammar.Expr
	if max == grammar.Inf {
		if min <= 1 {
			return &grammar.Expr{Op: grammar.OpRep, Min: min, Max: grammar.Inf, Subs: []*grammar.Expr{e}}
		}
		for i := 0; i < min-1; i++ {
			items = append(items, items1(e)...)
		}
		items = append(items, &grammar.Expr{Op: grammar.OpRep, Min: 1, Max: grammar.Inf, Subs: []*grammar.Expr{e}})
		return catItems(items)
	}
	if max-min > 64 || min > 64 {
		return &grammar.Expr{Op: grammar.OpRep, Min: min, Max: max, Subs: []*grammar.Expr{e}}
	}
	for i := 0; i < min; i++ {
		items = append(items, items1(e)...)
	}
	var chain *grammar.Expr
	for i := 0; i < max-min; i++ {
		body := items1(e)
		if chain != nil {
			body = append(body, chain)
		}
		chain = &grammar.Expr{Op: grammar.OpRep, Min: 0, Max: 1, Subs: []*grammar.Expr{catItems(body)}}
	}
	if chain != nil {
		items = append(items, chain)
	}
	if len(items) == 0 {
		return &grammar.Expr{Op: grammar.OpSeq}
	}
	return catItems(items)
}

// alt canonicalises an alternation: nested ones flattened, the order of
// a PEG choice kept or (xOrder) sorted, single characters merged (xClass).
func (c *canonizer) alt(subs []*grammar.Expr) *grammar.Expr {
	var items []*grammar.Expr
	var add func(*grammar.Expr)
	add = func(e *grammar.Expr) {
		if e.Op == grammar.OpAlt {
			for _, s := range e.Subs {
				add(s)
			}
			return
		}
		items = append(items, e)
	}
	for _, s := range subs {
		add(c.canon(s))
	}
	if c.x&xClass != 0 {
		var merged []*grammar.Expr
		var set *grammar.Expr
		for _, it := range items {
			if it.Op != grammar.OpSet {
				merged = append(merged, it)
				continue
			}
			if set == nil {
				set = &grammar.Expr{Op: grammar.OpSet}
				merged = append(merged, set)
			}
			set.Set = set.Set.Union(it.Set)
		}
		items = merged
	}
	if c.x&xOrder != 0 {
		slices.SortFunc(items, func(a, b *grammar.Expr) int { return strings.Compare(a.String(), b.String()) })
	}
	if len(items) == 1 {
		return items[0]
	}
	return &grammar.Expr{Op: grammar.OpAlt, Subs: items}
}

// nullable reports whether e can match the empty string.
func nullable(e *grammar.Expr) bool {
	switch e.Op {
	case grammar.OpSeq:
		for _, s := range e.Subs {
			if !nullable(s) {
				return false
			}
		}
		return true
	case grammar.OpAlt:
		for _, s := range e.Subs {
			if nullable(s) {
				return true
			}
		}
		return false
	case grammar.OpRep:
		return e.Min == 0 || nullable(e.Subs[0])
	case grammar.OpLook:
		return true
	case grammar.OpLit:
		return e.Text == ""
	}
	return false
}

// refs adds to out the names e refers to, through PEG helpers when
// helpers is true, mapped to ABNF names.
func refs(g *grammar.Grammar, e *grammar.Expr, toABNF func(string) (string, bool), helpers bool, out map[string]bool, depth int) {
	if e.Op == grammar.OpRef {
		if n, ok := toABNF(e.Name); ok {
			out[n] = true
		} else if r := g.Rule(e.Name); r != nil && helpers && depth < 20 {
			refs(g, r.Expr, toABNF, helpers, out, depth+1)
		}
	}
	for _, s := range e.Subs {
		refs(g, s, toABNF, helpers, out, depth)
	}
}
