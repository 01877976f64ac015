package main

import (
	"slices"
	"strings"

	"github.com/specuri/specuri/internal/grammar"
)

// This file finds, in the grammar, the rules whose matches a parse in span
// mode must track for a failed MatchSpans to say how far the input
// matched (Parser.Failure in api.go), and the nesting of the rules with a
// span slot.
//
// After a failed match of an entry rule X, Furthest's offset is the
// furthest end of any non-empty match of any rule in the parse, kept or
// abandoned. The end of X's own match, when X matched a prefix, is known
// without tracking. A use of a rule B inside a rule A is dominated when
// nothing after it in A can fail: once B matched, A matches too, and ends
// at or after B. So the end of B's match there is at most that of A's,
// and, following the uses up, at most that of a match that is tracked or
// of X's own. Only the rules with a use that is not dominated (followed,
// in their user, by something that can fail, or inside a lookahead, whose
// matches are always abandoned) must record where they end: in RFC 3986,
// scheme (before ":"), userinfo (before "@"), the parts of IP addresses
// and the addresses themselves. A URI with a registered name tracks its
// scheme alone.

// entryRules returns the entry rules of g: X for each helper whole_X.
func entryRules(g *grammar.Grammar) []string {
	var out []string
	for _, r := range g.Rules {
		if x, ok := strings.CutPrefix(r.Name, "whole_"); ok && g.Rule(x) != nil {
			out = append(out, x)
		}
	}
	return out
}

// reachable returns the rules that roots use, directly or not, roots
// included.
func reachable(g *grammar.Grammar, roots []string) map[string]bool {
	seen := map[string]bool{}
	var visit func(e *grammar.Expr)
	visit = func(e *grammar.Expr) {
		if e.Op == grammar.OpRef {
			if r := g.Rule(e.Name); r != nil && !seen[e.Name] {
				seen[e.Name] = true
				visit(r.Expr)
			}
			return
		}
		for _, s := range e.Subs {
			visit(s)
		}
	}
	for _, n := range roots {
		visit(&grammar.Expr{Op: grammar.OpRef, Name: n})
	}
	return seen
}

// trackedRules returns, sorted, the rules that the entry rules of g
// reach and that have a use that is not dominated (see above).
func trackedRules(g *grammar.Grammar) []string {
	t := &tracker{g: g, tracked: map[string]bool{}, busy: map[string]bool{}}
	for name := range reachable(g, entryRules(g)) {
		t.walk(g.Rule(name).Expr, true, false)
	}
	out := make([]string, 0, len(t.tracked))
	for name := range t.tracked {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// A tracker walks the uses of rules.
type tracker struct {
	g       *grammar.Grammar
	tracked map[string]bool
	busy    map[string]bool // rules being asked whether they can fail
}

// walk marks the rules used in e whose use is not dominated: rest says
// whether what follows e in its rule cannot fail, look whether e is inside
// a lookahead.
func (t *tracker) walk(e *grammar.Expr, rest, look bool) {
	switch e.Op {
	case grammar.OpRef:
		if !rest || look {
			t.tracked[e.Name] = true
		}
	case grammar.OpSeq:
		for i, s := range e.Subs {
			t.walk(s, rest && t.cannotFail(&grammar.Expr{Op: grammar.OpSeq, Subs: e.Subs[i+1:]}), look)
		}
	case grammar.OpAlt:
		for _, s := range e.Subs {
			t.walk(s, rest, look)
		}
	case grammar.OpRep:
		// After one match of the item, the next ones are optional once Min
		// is reached.
		t.walk(e.Subs[0], rest && (e.Min <= 1 || t.cannotFail(e.Subs[0])), look)
	case grammar.OpLook:
		t.walk(e.Subs[0], false, true)
	}
}

// cannotFail reports whether e matches at every position: it can match
// the empty string and every way it can fail has an alternative that
// cannot. False when unsure (a rule that uses itself).
func (t *tracker) cannotFail(e *grammar.Expr) bool {
	switch e.Op {
	case grammar.OpSeq:
		for _, s := range e.Subs {
			if !t.cannotFail(s) {
				return false
			}
		}
		return true
	case grammar.OpAlt:
		return slices.ContainsFunc(e.Subs, t.cannotFail)
	case grammar.OpRep:
		return e.Min == 0 || t.cannotFail(e.Subs[0])
	case grammar.OpLook:
		return !e.Not && t.cannotFail(e.Subs[0])
	case grammar.OpLit:
		return e.Text == ""
	case grammar.OpRef:
		r := t.g.Rule(e.Name)
		if r == nil || t.busy[e.Name] {
			return false
		}
		t.busy[e.Name] = true
		defer delete(t.busy, e.Name)
		return t.cannotFail(r.Expr)
	}
	return false
}

// spanDepths returns, for each rule of spans (PEG names), how many of the
// other rules of spans use it, directly or not: of two slots with the
// same span on one path, the one with more is inside the other.
func spanDepths(g *grammar.Grammar, spans []string) []int {
	out := make([]int, len(spans))
	for _, a := range spans {
		r := g.Rule(a)
		if r == nil {
			continue
		}
		inside := reachable(g, r.Expr.Refs())
		for k, b := range spans {
			if b != a && inside[b] {
				out[k]++
			}
		}
	}
	return out
}
