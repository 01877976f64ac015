package audit

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/grammar"
)

// MaxMatch is the longest input a [Matcher] accepts (RFC 5234 sets no
// limit): it keeps the set of offsets a rule can end at as a 128-bit set.
const MaxMatch = 127

// posSet is a set of offsets 0 to MaxMatch.
type posSet [2]uint64

func (s *posSet) add(i int)         { s[i>>6] |= 1 << (i & 63) }
func (s posSet) has(i int) bool     { return s[i>>6]&(1<<(i&63)) != 0 }
func (s posSet) or(t posSet) posSet { return posSet{s[0] | t[0], s[1] | t[1]} }
func (s posSet) andNot(t posSet) posSet {
	return posSet{s[0] &^ t[0], s[1] &^ t[1]}
}
func (s posSet) empty() bool { return s[0]|s[1] == 0 }

// each calls f for each offset in s, in increasing order.
func (s posSet) each(f func(int)) {
	for w := 0; w < 2; w++ {
		for x := s[w]; x != 0; x &= x - 1 {
			f(w<<6 | bits.TrailingZeros64(x))
		}
	}
}

// A Matcher recognises inputs with the rules of an ABNF grammar, run
// directly with the semantics of RFC 5234 §3: alternation is unordered and
// every repetition count is tried, so a rule matches an input exactly when
// the input is in the rule's language. It is meant for short inputs (at
// most MaxMatch bytes). A Matcher is not safe for concurrent use.
type Matcher struct {
	g    *grammar.Grammar
	in   string
	memo map[memoKey]posSet
	busy map[memoKey]bool
	err  error
}

type memoKey struct {
	rule *grammar.Rule
	pos  int
}

// NewMatcher returns a Matcher for the rules of g (RFC 5234 §3 semantics).
// Every rule that g refers to must be defined in g.
func NewMatcher(g *grammar.Grammar) *Matcher { return &Matcher{g: g} }

func (m *Matcher) reset(input string) error {
	if len(input) > MaxMatch {
		return fmt.Errorf("input longer than %d bytes", MaxMatch)
	}
	m.in = input
	m.memo = make(map[memoKey]posSet)
	m.busy = make(map[memoKey]bool)
	m.err = nil
	return nil
}

// Match reports whether input is in the language of the named rule
// (RFC 5234 §3). It fails for an undefined rule, a left-recursive one, a
// prose-val (RFC 5234 §4) that must match, or an input that is too long.
func (m *Matcher) Match(rule, input string) (bool, error) {
	if err := m.reset(input); err != nil {
		return false, err
	}
	ok := m.ends(&grammar.Expr{Op: grammar.OpRef, Name: rule}, 0).has(len(input))
	return ok, m.err
}

// A Span is an application of a rule to input[Begin:End] in a derivation
// (RFC 5234 §2.2).
type Span struct {
	Rule       string
	Begin, End int
}

// Derive returns the rule applications of one derivation of input from the
// named rule (RFC 5234 §3), parents before children, preferring earlier
// alternatives and fewer repetitions where the grammar is ambiguous. ok is
// false when input is not in the rule's language.
func (m *Matcher) Derive(rule, input string) (spans []Span, ok bool, err error) {
	if err := m.reset(input); err != nil {
		return nil, false, err
	}
	e := &grammar.Expr{Op: grammar.OpRef, Name: rule}
	if !m.ends(e, 0).has(len(input)) {
		return nil, false, m.err
	}
	ok = m.derive(e, 0, len(input), &spans)
	return spans, ok, m.err
}

func (m *Matcher) fail(format string, args ...any) {
	if m.err == nil {
		m.err = fmt.Errorf(format, args...)
	}
}

// seqEnds returns the offsets at which the sequence subs, started at pos,
// can end (RFC 5234 §3.1, concatenation).
func (m *Matcher) seqEnds(subs []*grammar.Expr, pos int) posSet {
	var out posSet
	out.add(pos)
	for _, s := range subs {
		out = m.step(s, out)
		if out.empty() {
			break
		}
	}
	return out
}

// refEnds returns the offsets at which the rule name, started at pos, can
// end, remembered per rule and offset.
func (m *Matcher) refEnds(name string, pos int) posSet {
	var out posSet
	r := m.g.Rule(name)
	if r == nil {
		m.fail("undefined rule %s", name)
		return out
	}
	k := memoKey{r, pos}
	if s, ok := m.memo[k]; ok {
		return s
	}
	if m.busy[k] {
		m.fail("rule %s is left-recursive", name)
		return out
	}
	m.busy[k] = true
	out = m.ends(r.Expr, pos)
	delete(m.busy, k)
	m.memo[k] = out
	return out
}

// ends returns the offsets at which e, started at pos, can end.
func (m *Matcher) ends(e *grammar.Expr, pos int) posSet {
	var out posSet
	switch e.Op {
	case grammar.OpSeq:
		return m.seqEnds(e.Subs, pos)
	case grammar.OpAlt:
		for _, s := range e.Subs {
			out = out.or(m.ends(s, pos))
		}
	case grammar.OpRep:
		return m.repEnds(e.Subs[0], e.Min, e.Max, pos)
	case grammar.OpLit:
		if end, ok := litMatch(e, m.in, pos); ok {
			out.add(end)
		}
	case grammar.OpSet:
		if c, size, ok := grammar.DecodeChar(m.in[pos:]); ok && e.Set.Has(c) {
			out.add(pos + size)
		}
	case grammar.OpRef:
		return m.refEnds(e.Name, pos)
	case grammar.OpLook:
		if m.ends(e.Subs[0], pos).empty() == e.Not {
			out.add(pos)
		}
	case grammar.OpProse:
		m.fail("prose-val <%s> cannot be matched", e.Text)
	}
	return out
}

// step returns the offsets at which e can end when started at any of from.
func (m *Matcher) step(e *grammar.Expr, from posSet) posSet {
	var out posSet
	from.each(func(p int) { out = out.or(m.ends(e, p)) })
	return out
}

// repEnds returns the offsets at which min to max (Inf) repetitions of e,
// started at pos, can end (RFC 5234 §3.6).
func (m *Matcher) repEnds(e *grammar.Expr, min, max, pos int) posSet {
	var cur, out, seen posSet
	cur.add(pos)
	if min == 0 {
		out = cur
	}
	seen = out
	for i := 1; max == grammar.Inf || i <= max; i++ {
		cur = m.step(e, cur)
		if i >= min {
			if max == grammar.Inf {
				// Offsets already reached after min repetitions add
				// nothing new.
				cur = cur.andNot(seen)
				seen = seen.or(cur)
			}
			out = out.or(cur)
		}
		if cur.empty() {
			break
		}
	}
	return out
}

// litMatch reports whether the string of e matches in at pos, and where
// the match ends. Letters match in either case when Fold: for ASCII, the
// case-insensitive strings of RFC 5234 §2.3; beyond it, the lower or upper
// case of pointlander/peg's double-quoted literals. Input that is not
// valid UTF-8 matches no character of a non-ASCII folded string.
func litMatch(e *grammar.Expr, in string, pos int) (end int, ok bool) {
	if !e.Fold {
		return pos + len(e.Text), strings.HasPrefix(in[pos:], e.Text)
	}
	for _, r := range e.Text {
		if r < utf8.RuneSelf && 'a' <= lower(byte(r)) && lower(byte(r)) <= 'z' {
			if pos >= len(in) || lower(in[pos]) != lower(byte(r)) {
				return 0, false
			}
			pos++
			continue
		}
		c, size, ok := grammar.DecodeChar(in[pos:])
		if !ok || !grammar.FoldChars(r, true).Has(c) {
			return 0, false
		}
		pos += size
	}
	return pos, true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// derive appends to out the rule applications of a derivation of
// input[b:end] from e, which must be possible.
func (m *Matcher) derive(e *grammar.Expr, b, end int, out *[]Span) bool {
	switch e.Op {
	case grammar.OpSeq:
		return m.deriveSeq(e.Subs, b, end, out)
	case grammar.OpAlt:
		for _, s := range e.Subs {
			if m.ends(s, b).has(end) {
				return m.derive(s, b, end, out)
			}
		}
		return false
	case grammar.OpRep:
		return m.deriveRep(e.Subs[0], e.Min, e.Max, b, end, out)
	case grammar.OpRef:
		r := m.g.Rule(e.Name)
		*out = append(*out, Span{r.Name, b, end})
		return m.derive(r.Expr, b, end, out)
	}
	return m.ends(e, b).has(end)
}

func (m *Matcher) deriveSeq(subs []*grammar.Expr, b, end int, out *[]Span) bool {
	if len(subs) == 0 {
		return b == end
	}
	rest := &grammar.Expr{Op: grammar.OpSeq, Subs: subs[1:]}
	found := false
	m.ends(subs[0], b).each(func(mid int) {
		if found || !m.ends(rest, mid).has(end) {
			return
		}
		n := len(*out)
		if m.derive(subs[0], b, mid, out) && m.deriveSeq(subs[1:], mid, end, out) {
			found = true
			return
		}
		*out = (*out)[:n]
	})
	return found
}

func (m *Matcher) deriveRep(e *grammar.Expr, min, max, b, end int, out *[]Span) bool {
	if min == 0 && b == end {
		return true
	}
	if max == 0 {
		return false
	}
	nmin, nmax := min-1, max-1
	if nmin < 0 {
		nmin = 0
	}
	if max == grammar.Inf {
		nmax = grammar.Inf
	}
	found := false
	m.ends(e, b).each(func(mid int) {
		if found || (mid == b && min == 0) || !m.repEnds(e, nmin, nmax, mid).has(end) {
			return
		}
		n := len(*out)
		if m.derive(e, b, mid, out) && m.deriveRep(e, nmin, nmax, mid, end, out) {
			found = true
			return
		}
		*out = (*out)[:n]
	})
	return found
}
