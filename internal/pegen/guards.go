package main

import (
	"strings"

	"github.com/specuri/specuri/internal/grammar"
)

// This file derives guards from the grammar: tests of the input that are
// true whenever a rule can match, so that the parser skips the rule where
// they are false. Neither changes the language nor, as used, what a
// failed match reports (Furthest).

// first computes first sets: the characters that can start a non-empty
// match of an expression, and whether it can match the empty string.
type first struct {
	g    *grammar.Grammar
	done map[string]firstSet
	busy map[string]bool
}

// A firstSet is what first computes for one expression: ok is false when
// it could not (a rule that uses itself, a prose value, ".").
type firstSet struct {
	set      grammar.CharSet
	nullable bool
	ok       bool
}

func newFirst(g *grammar.Grammar) *first {
	return &first{g: g, done: map[string]firstSet{}, busy: map[string]bool{}}
}

// of returns the first set of e. A lookahead consumes nothing, so it adds
// nothing to the first set of a sequence: what follows it decides.
func (f *first) of(e *grammar.Expr) firstSet {
	switch e.Op {
	case grammar.OpLit:
		if e.Text == "" {
			return firstSet{nullable: true, ok: true}
		}
		c, _, ok := grammar.DecodeChar(e.Text)
		return firstSet{set: grammar.FoldChars(c, e.Fold), ok: ok}
	case grammar.OpSet:
		return firstSet{set: e.Set, ok: !isDot(e.Set)}
	case grammar.OpRef:
		return f.rule(e.Name)
	case grammar.OpLook:
		return firstSet{nullable: true, ok: true}
	case grammar.OpRep:
		s := f.of(e.Subs[0])
		s.nullable = s.nullable || e.Min == 0
		return s
	case grammar.OpAlt:
		return f.ofAlt(e.Subs)
	case grammar.OpSeq:
		return f.ofSeq(e.Subs)
	}
	return firstSet{}
}

// ofAlt returns the first set of a choice of es.
func (f *first) ofAlt(es []*grammar.Expr) firstSet {
	out := firstSet{ok: true}
	for _, a := range es {
		s := f.of(a)
		out = firstSet{out.set.Union(s.set), out.nullable || s.nullable, out.ok && s.ok}
	}
	return out
}

// ofSeq returns the first set of a sequence of es: those of its items up
// to the first that cannot match the empty string.
func (f *first) ofSeq(es []*grammar.Expr) firstSet {
	out := firstSet{nullable: true, ok: true}
	for _, a := range es {
		s := f.of(a)
		out.set, out.ok = out.set.Union(s.set), out.ok && s.ok
		if !s.nullable {
			out.nullable = false
			break
		}
	}
	return out
}

// rule returns the first set of the rule named name.
func (f *first) rule(name string) firstSet {
	if s, ok := f.done[name]; ok {
		return s
	}
	r := f.g.Rule(name)
	if r == nil || f.busy[name] {
		return firstSet{}
	}
	f.busy[name] = true
	s := f.of(r.Expr)
	delete(f.busy, name)
	f.done[name] = s
	return s
}

// alternativeGuard returns the set that guards an alternative a of an
// ordered choice, if it gets one: when a starts with the use of a rule
// that no literal guards (guards), cannot match the empty string, and can
// start only with the ASCII characters of one range, which one or two
// comparisons test (a wider class costs a table lookup on every try,
// more than the rule calls it saves where the alternative matches: with
// every class, instructions per parse rose for http +2.1%, mailto +1.9%,
// urn +1.3%, ldap-ipv6 +1.3%, and fell for relative-dots -2.2%, full
// -0.8% of testdata/bench/corpus.txt). &[set] before
// a is true whenever a can match; where it is false, a would fail at its
// first byte, having matched nothing, so no token it could record reaches
// further (Furthest is unchanged). It is derived for every alternative,
// so that host tries IPv4address only at a DIGIT (RFC 3986 §3.2.2).
func (f *first) alternativeGuard(a *grammar.Expr, guards map[string]rune) (*grammar.Expr, bool) {
	head := a
	if head.Op == grammar.OpSeq && len(head.Subs) > 0 {
		head = head.Subs[0]
	}
	if head.Op != grammar.OpRef {
		return nil, false
	}
	if _, ok := guards[head.Name]; ok {
		return nil, false
	}
	s := f.of(a)
	rs := s.set.Ranges()
	if !s.ok || s.nullable || len(rs) != 1 || rs[0].Hi >= 0x80 {
		return nil, false
	}
	return &grammar.Expr{Op: grammar.OpSet, Set: s.set}, true
}

// A stopGuard is the guard of a rule R <- A 'c' (see stopGuards): R can
// match at offset i only where the run of bytes of class from i is
// followed by stop.
type stopGuard struct {
	class string // the bytes any match of A can contain
	stop  byte
}

// stopGuards returns the rules of g of the form R <- A 'c': a rule A that
// repeats, then one ASCII character c that no match of A contains. Any
// match of A from i lies inside the run of bytes that A's matches can
// contain (its alphabet) from i, and c is not in that run, so R matches
// only where that run ends at c: userinfo_at <- userinfo '@' only where
// an "@" follows the run of userinfo's bytes, which "/", "?", "#" (RFC
// 3986 §3.2: they end the authority) and the end of the input stop. The
// test is one scan of a class; without it, a host is read twice, as the
// userinfo it is not and as the host.
func stopGuards(g *grammar.Grammar) map[string]stopGuard {
	out := map[string]stopGuard{}
	for _, r := range g.Rules {
		e := r.Expr
		if e.Op != grammar.OpSeq || len(e.Subs) != 2 || e.Subs[0].Op != grammar.OpRef || e.Subs[1].Op != grammar.OpLit {
			continue
		}
		c, a := e.Subs[1], g.Rule(e.Subs[0].Name)
		if len(c.Text) != 1 || c.Text[0] >= 0x80 || a == nil || !repeats(g, a.Expr, map[string]bool{}) {
			continue
		}
		class, ok := alphabet(g, a.Expr, map[string]bool{})
		if !ok || strings.IndexByte(class, c.Text[0]) >= 0 || (c.Fold && strings.ContainsAny(class, strings.ToUpper(c.Text)+strings.ToLower(c.Text))) {
			continue
		}
		out[r.Name] = stopGuard{class: sortedBytes(class), stop: c.Text[0]}
	}
	return out
}

// repeats reports whether e, or a rule it uses, repeats without bound.
func repeats(g *grammar.Grammar, e *grammar.Expr, seen map[string]bool) bool {
	if e.Op == grammar.OpRep && e.Max == grammar.Inf {
		return true
	}
	if e.Op == grammar.OpRef {
		r := g.Rule(e.Name)
		if r == nil || seen[e.Name] {
			return false
		}
		seen[e.Name] = true
		return repeats(g, r.Expr, seen)
	}
	for _, s := range e.Subs {
		if repeats(g, s, seen) {
			return true
		}
	}
	return false
}

// alphabet returns the bytes that a match of e can contain, as a string
// of members: those of its literals (both cases when folded) and sets,
// with every byte from 0x80 for a character beyond ASCII (its UTF-8
// encoding). A lookahead consumes nothing and adds nothing. ok is false
// for "." or a prose value, and for a rule that uses itself.
func alphabet(g *grammar.Grammar, e *grammar.Expr, busy map[string]bool) (string, bool) {
	switch e.Op {
	case grammar.OpLook:
		return "", true
	case grammar.OpLit:
		return litBytes(e), true
	case grammar.OpSet:
		if isDot(e.Set) {
			return "", false
		}
		return setBytes(e.Set), true
	case grammar.OpRef:
		r := g.Rule(e.Name)
		if r == nil || busy[e.Name] {
			return "", false
		}
		busy[e.Name] = true
		defer delete(busy, e.Name)
		return alphabet(g, r.Expr, busy)
	case grammar.OpProse:
		return "", false
	}
	var b strings.Builder
	for _, s := range e.Subs {
		m, ok := alphabet(g, s, busy)
		if !ok {
			return "", false
		}
		b.WriteString(m)
	}
	return b.String(), true
}

// litBytes returns the bytes of the literal e, in both cases when folded.
func litBytes(e *grammar.Expr) string {
	if !e.Fold {
		return e.Text
	}
	return strings.ToLower(e.Text) + strings.ToUpper(e.Text)
}

// setBytes returns the ASCII members of s, and every byte from 0x80 when
// s has a character beyond ASCII.
func setBytes(s grammar.CharSet) string {
	var b []byte
	for _, r := range s.Ranges() {
		for c := r.Lo; c <= r.Hi && c < 0x80; c++ {
			b = append(b, byte(c))
		}
		if r.Hi >= 0x80 {
			for c := 0x80; c <= 0xff; c++ {
				b = append(b, byte(c))
			}
		}
	}
	return string(b)
}

// sortedBytes returns the distinct bytes of s in increasing order.
func sortedBytes(s string) string {
	var in [256]bool
	for i := 0; i < len(s); i++ {
		in[s[i]] = true
	}
	var b []byte
	for c := range 256 {
		if in[c] {
			b = append(b, byte(c))
		}
	}
	return string(b)
}
