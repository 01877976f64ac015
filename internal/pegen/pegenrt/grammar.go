package pegenrt

import "fmt"

// This file is the runtime that pegen puts in place of peg's, declaration
// by declaration (see runtimeDecls in internal/pegen): the presizing
// option (prunePass), the memo entry (memoPass), Parse and the error
// (methodsPass), and the writes of the span slots (spansPass). The token
// with its first descendant and the tree of tokens (treePass) and the span
// slots are parser.go's Node, Tree and Spans, which a generated file
// names token32, tokens32 and spans32 (shape.go). The grammar type, call and reset, which differ by grammar,
// are models in fragments.go; the types that the generated file declares
// itself stand in shape.go.

// size returns an option of Init that makes room for size tokens.
func size(size int) func(*grammar) error {
	return func(p *grammar) error {
		p.tokens32 = tokens32{Nodes: make([]token32, 0, size)}
		return nil
	}
}

// A memoEntry remembers one try of a memoized rule: at is its start
// position plus one (0 for an empty slot), end where it ended plus one,
// or 0 when it failed. Both fit in a uint32, as positions are at most
// MaxInput. Each memoized rule keeps an array of them in every parser,
// which every parse on the stack zeroes: 8 bytes, not the 12 that a
// separate ok would take.
type memoEntry struct {
	at, end uint32
}

func (p *grammar) Parse(rule ...int) error {
	r := 1
	if len(rule) > 0 {
		r = rule[0]
	}
	if p.parse(r) {
		return nil
	}
	return &parseError{max: p.max} // not p, which would escape to the heap
}

func (e *parseError) Error() string {
	return fmt.Sprintf("parse error near %v (bytes %d to %d)", rul3s[e.max.Rule], e.max.Begin, e.max.End)
}

// addSpan is add, in span mode, for the rule with span slot k: it records
// no token, but writes the rule's span into slot k and sets bit k of
// tokenIndex, which in that mode is the set of slots written on the path
// taken so far, saved and restored with the position as the parser
// backtracks. A slot written while its bit is set sets overwrote, as it
// may now hold a span of an attempt the parser will abandon.
func (p *grammar) addSpan(k, begin uint32) {
	if p.tokenIndex&(1<<k) != 0 {
		p.overwrote = true
	}
	p.tokenIndex |= 1 << k
	p.spans.Write(k, begin, p.position)
}

// track is what record does for Furthest, in span mode, for a rule that
// trackPass tracks: of the non-empty matches, the last to end furthest.
func (p *grammar) track(rule pegRule, begin uint32) {
	if begin != p.position && p.position >= p.max.End {
		p.max = token32{Rule: uint8(rule), Begin: begin, End: p.position}
	}
}

func (p *grammar) Init(options ...func(*grammar) error) error {
	for _, option := range options {
		err := option(p)
		if err != nil {
			return err
		}
	}
	p.reset()
	return nil
}

// parse matches rule r from the start of the input and reports whether
// it matched; where it failed, p.max tells how far it got. It returns no
// error, as Parse does, so that the package's API links no error type:
// the error's message needs the names of the rules (rul3s) and fmt.
func (p *grammar) parse(r int) bool {
	if p.call(pegRule(r)) {
		p.Trim(p.tokenIndex)
		return true
	}
	return false
}

// add records that rule matched from begin to the current position, if
// the filter (keep, indexed by rule) keeps it; with no filter it records
// every rule. first is the index the next token had when the rule began,
// so the tokens recorded since, from first on, are its descendants (see
// treePass). It is small enough to be inlined.
func (p *grammar) add(rule pegRule, begin, first uint32) {
	if p.keep == nil || p.keep[rule] {
		p.record(rule, begin, first)
	}
}

// record records a token, and tracks the furthest match when there is no
// filter: the last rule to reach the furthest offset, not the first, so
// the rule still being matched there (userinfo), not the innermost (a
// pct-encoded in it). It is never inlined, so that add, which calls it
// only when a token is kept, is.
//
//go:noinline
func (p *grammar) record(rule pegRule, begin, first uint32) {
	p.Add(uint8(rule), begin, p.position, first, p.tokenIndex)
	p.tokenIndex++
	if p.keep == nil && begin != p.position && p.position >= p.max.End {
		p.max = token32{Rule: uint8(rule), Begin: begin, End: p.position}
	}
}

// peek returns the byte at the position, or NUL at the end of the input:
// the grammar matches no NUL, so the end fails every class and literal.
func (p *grammar) peek() byte {
	if int(p.position) < len(p.Buffer) {
		return p.Buffer[p.position]
	}
	return 0
}

// matchDot matches any byte of the input.
func (p *grammar) matchDot() bool {
	if int(p.position) < len(p.Buffer) {
		p.position++
		return true
	}
	return false
}

// moved stores in the position where a rule that call started ended, pos,
// and returns whether it matched, ok: the rules are given the position and
// return the next (positionPass in internal/pegen), the API reads the
// field.
func (p *grammar) moved(pos uint32, ok bool) bool {
	p.position = pos
	return ok
}
