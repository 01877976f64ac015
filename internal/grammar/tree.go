package grammar

// node is one rule application in a parse of a grammar file by a generated
// parser (gen/abnf, gen/pegfile), with the applications it contains.
type node struct {
	rule       string
	begin, end int
	kids       []*node
}

// tok is a token of a generated parser: rule, begin, end, and the index
// of its first descendant.
type tok struct {
	rule       string
	begin, end int
	first      int
}

// nest builds the parse tree of tokens listed children before parents,
// each with the index of its first descendant as the generated parser
// recorded it: the descendants of token i are the tokens first to i-1, so
// its children are the roots of that run. It returns the roots. Both
// readers build their tree here and nowhere else.
func nest(toks []tok) []*node {
	var stack []*node
	var index []int // index[k] is the token index of stack[k]
	for i, t := range toks {
		n := &node{rule: t.rule, begin: t.begin, end: t.end}
		k := len(stack)
		for k > 0 && index[k-1] >= t.first {
			k--
		}
		n.kids = append(n.kids, stack[k:]...)
		stack, index = append(stack[:k], n), append(index[:k], i)
	}
	return stack
}

// parseTree checks that the groups of src nest at most MaxNesting deep
// (check), parses src with a generated parser (parse) and returns the
// roots of its parse tree, each token turned into a tok by conv.
func parseTree[T any](src string, check func(string, int) error, parse func(string) ([]T, error), conv func(T) tok) ([]*node, error) {
	if err := check(src, MaxNesting); err != nil {
		return nil, err
	}
	ts, err := parse(src)
	if err != nil {
		return nil, err
	}
	toks := make([]tok, len(ts))
	for i, t := range ts {
		toks[i] = conv(t)
	}
	return nest(toks), nil
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
