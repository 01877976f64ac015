package grammar

// node is one rule application in a parse of a grammar file by a generated
// parser (gen/abnf, gen/pegfile), with the applications it contains.
type node struct {
	rule       string
	begin, end int
	kids       []*node
}

// tok is a token of a generated parser: rule, begin, end.
type tok struct {
	rule       string
	begin, end int
}

// nest builds the tree of tokens listed children before parents, whose
// rules all match at least one byte (true of grammar/abnf.peg and
// grammar/pegfile.peg), so that a token's children are the preceding
// unclaimed tokens within its span. It returns the roots. Both readers
// build their tree here and nowhere else.
func nest(toks []tok) []*node {
	var stack []*node
	for _, t := range toks {
		n := &node{rule: t.rule, begin: t.begin, end: t.end}
		i := len(stack)
		for i > 0 && stack[i-1].begin >= t.begin && stack[i-1].end <= t.end {
			i--
		}
		n.kids = append(n.kids, stack[i:]...)
		stack = append(stack[:i], n)
	}
	return stack
}

// walk calls f for each descendant of n (n first), in order, not entering
// the children of a node for which f returns false.
func (n *node) walk(f func(*node) bool) {
	if !f(n) {
		return
	}
	for _, k := range n.kids {
		k.walk(f)
	}
}

// kid returns n's first child of the given rule, or nil.
func (n *node) kid(rule string) *node {
	for _, k := range n.kids {
		if k.rule == rule {
			return k
		}
	}
	return nil
}
