package pegenrt

// The declarations of this file stand for those a generated parser has of
// its own, with the shape the runtime of grammar.go needs: pegen copies
// none of them. A generated grammar has more fields, and one pegRule
// constant and one rul3s name per rule.

// A pegRule is a rule of the grammar.
type pegRule uint8

// rul3s names the rules, by pegRule.
var rul3s = [...]string{"Unknown", "rule1", "rule2"}

// tokens32 is the tokens that a match records.
type tokens32 struct {
	tree []token32
}

// grammar is the parser's state.
type grammar struct {
	Buffer               string
	keep                 *[3]bool
	max                  token32
	position, tokenIndex uint32
	overwrote            bool
	slots                [4]slot32
	memo                 [4]memoEntry
	tokens32
	// rule is what parse matches; a generated parser has a method per
	// rule instead.
	rule func(p *grammar) bool
}

// parseError is what parse returns when the rule does not match.
type parseError struct {
	max token32
}

// call matches rule r at the position; a generated parser switches over
// its rules.
func (p *grammar) call(r pegRule) bool { return r == 1 && p.rule != nil && p.rule(p) }

// reset makes the parser ready to match p.Buffer from its start.
func (p *grammar) reset() {
	p.max = token32{}
	p.position, p.tokenIndex = 0, 0
}

// Trim keeps the first length tokens.
func (t *tokens32) Trim(length uint32) {
	t.tree = t.tree[:length]
}

// memoized answers as the method that memoPass writes for a memoized rule
// (memoWrapper in internal/pegen, a template, not copied from here) uses
// memoEntry: from the memo when the rule was tried at the position
// before, otherwise by running try and remembering its answer.
func (p *grammar) memoized(try func() bool) bool {
	begin := p.position
	m := &p.memo[begin%uint32(len(p.memo))]
	if m.at == begin+1 {
		if m.ok {
			p.position = m.end
		}
		return m.ok
	}
	ok := try()
	*m = memoEntry{begin + 1, p.position, ok}
	return ok
}
