package main

// Dead stores of the position, which positionPass drops.

import (
	"go/ast"
	"go/token"
)

// dropDeadPositions drops, in the body of a method that positionPass
// gave the position pos, every store to pos whose value no later
// statement reads: peg's lookaheads and choices save the position, try,
// and restore it, so what a try leaves in it is often read by nothing
// ("!." moves it with matchDot, then fails or restores it; a one-byte
// test moves it, then the choice restores it). While the position was a
// field those stores went to memory; as a variable they are dead, which
// the compiler sees, and staticcheck reports (SA4006). A store is
//
//	pos++                          dropped
//	pos = e                        dropped (e is a position: no call but pegenSpan's)
//	pos, p.tokenIndex = a, b       p.tokenIndex = b
//	if pos, ok = p.ruleX(pos); c   if _, ok = p.ruleX(pos); c
//
// Whether a value is read is found on the statements' control flow:
// each statement goes to the next of its list, the end of a list to what
// follows its block, an if to its body or past it, a goto to its label,
// a return nowhere; the body has no loops but gotos, and no switch.
func dropDeadPositions(body *ast.BlockStmt) {
	// A dropped pos++ no longer reads what the store before it left:
	// again until no store is dropped.
	for dropped := true; dropped; {
		dropped = false
		c := &posFlow{labels: map[string]int{}}
		c.list(body.List, -1)
		for _, j := range c.jumps {
			c.nodes[j.node].succ = append(c.nodes[j.node].succ, c.labels[j.label])
		}
		c.solve()
		for _, n := range c.nodes {
			if n.defs && !n.liveOut {
				n.drop()
				dropped = true
			}
		}
	}
	defer dropUnusedVars(body) // the saves that only dropped restores read
	blocks(body, func(list []ast.Stmt, _ ast.Stmt) []ast.Stmt {
		out := list[:0]
		for _, s := range list {
			if e, ok := s.(*ast.EmptyStmt); ok && e.Implicit {
				continue
			}
			out = append(out, s)
		}
		return out
	})
}

// A posNode is one statement, or the init or condition of an if, in the
// control flow of a method's body.
type posNode struct {
	uses, defs bool // it reads pos, it writes pos
	succ       []int
	liveIn     bool // pos is read before it is written, from here on
	liveOut    bool // from a successor on
	drop       func()
}

type posJump struct {
	node  int
	label string
}

// posFlow is the control flow of one body.
type posFlow struct {
	nodes  []*posNode
	labels map[string]int // label -> the node of its statement
	jumps  []posJump
}

// add returns the index of a new node that goes to next (none: -1).
func (c *posFlow) add(n *posNode, next int) int {
	if next >= 0 {
		n.succ = append(n.succ, next)
	}
	c.nodes = append(c.nodes, n)
	return len(c.nodes) - 1
}

// list builds the nodes of list, whose end goes to next, and returns the
// node it starts at (next for an empty list).
func (c *posFlow) list(list []ast.Stmt, next int) int {
	for i := len(list) - 1; i >= 0; i-- {
		s := list[i]
		next = c.stmt(s, next, func() { list[i] = &ast.EmptyStmt{Implicit: true} })
	}
	return next
}

// stmt builds the nodes of s, which goes to next, and returns the node it
// starts at; remove takes s out of its list.
func (c *posFlow) stmt(s ast.Stmt, next int, remove func()) int {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return c.list(s.List, next)
	case *ast.LabeledStmt:
		at := c.stmt(s.Stmt, next, func() { s.Stmt = &ast.EmptyStmt{Semicolon: s.Colon + 1} })
		if at < 0 { // a label on nothing: the end of the function body
			at = c.add(&posNode{}, -1)
		}
		c.labels[s.Label.Name] = at
		return at
	case *ast.BranchStmt: // goto: no loops, so no break or continue
		at := c.add(&posNode{}, -1)
		c.jumps = append(c.jumps, posJump{at, s.Label.Name})
		return at
	case *ast.ReturnStmt:
		return c.add(&posNode{uses: readsPos(s)}, -1)
	case *ast.IfStmt:
		return c.ifStmt(s, next)
	case *ast.IncDecStmt:
		n := &posNode{uses: readsPos(s.X)}
		if isIdent(s.X, "pos") {
			n.defs, n.drop = true, remove
		}
		return c.add(n, next)
	case *ast.AssignStmt:
		return c.add(assignNode(s, remove), next)
	default: // ExprStmt, DeclStmt, EmptyStmt
		return c.add(&posNode{uses: readsPos(s)}, next)
	}
}

// ifStmt builds the nodes of the if s, which goes to next: its init, if
// any, then its condition, which goes to its body or past it.
func (c *posFlow) ifStmt(s *ast.IfStmt, next int) int {
	after := next
	if s.Else != nil {
		after = c.stmt(s.Else, next, func() { s.Else = nil })
	}
	cond := c.add(&posNode{uses: readsPos(s.Cond)}, c.list(s.Body.List, next))
	c.nodes[cond].succ = append(c.nodes[cond].succ, after)
	if s.Init == nil {
		return cond
	}
	n := &posNode{uses: readsPos(s.Init)}
	if a, ok := s.Init.(*ast.AssignStmt); ok && a.Tok == token.ASSIGN && len(a.Lhs) > 0 && isIdent(a.Lhs[0], "pos") {
		n.defs = true
		n.drop = func() { a.Lhs[0] = ast.NewIdent("_") }
	}
	return c.add(n, cond)
}

// assignNode returns the node of the assignment s; remove takes s out of
// its list.
func assignNode(s *ast.AssignStmt, remove func()) *posNode {
	n := &posNode{uses: readsPos(s)}
	i := posTarget(s)
	if i < 0 || s.Tok != token.ASSIGN || len(s.Lhs) != len(s.Rhs) || len(s.Lhs) == 1 && !pure(s.Rhs[0]) {
		return n // no store of pos, or a call with results of its own: kept
	}
	n.defs, n.uses = true, readsPosExcept(s, i)
	n.drop = func() {
		if len(s.Lhs) == 1 {
			remove()
			return
		}
		s.Lhs = append(s.Lhs[:i:i], s.Lhs[i+1:]...)
		s.Rhs = append(s.Rhs[:i:i], s.Rhs[i+1:]...)
	}
	return n
}

// posTarget returns the index of pos on the left of s, or -1.
func posTarget(s *ast.AssignStmt) int {
	for i, l := range s.Lhs {
		if isIdent(l, "pos") {
			return i
		}
	}
	return -1
}

// readsPosExcept reports whether s reads pos other than in the store at
// index i of its left: on the right, or elsewhere on the left.
func readsPosExcept(s *ast.AssignStmt, i int) bool {
	for j, l := range s.Lhs {
		if j != i && readsPos(l) {
			return true
		}
	}
	for _, r := range s.Rhs {
		if readsPos(r) {
			return true
		}
	}
	return false
}

// pure reports whether evaluating e has no effect: it reads variables,
// fields of p and constants, indexes, applies operators and conversions,
// and calls only what only reads: len, the byte at a position (p.peek),
// and the runs of a class (pegenSpan, pegenSpanPercent). positionPass
// drops a store of such a value (dropDeadPositions), modesPass a test
// that such a value cannot change (simplify).
func pure(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		c, isCall := n.(*ast.CallExpr)
		if !isCall || !ok {
			return ok
		}
		switch {
		case isMethodCall(c, "peek"):
		case isIdent(c.Fun, "pegenSpan"), isIdent(c.Fun, "pegenSpanPercent"),
			isIdent(c.Fun, "len"), isIdent(c.Fun, "int"), isIdent(c.Fun, "uint32"), isIdent(c.Fun, "byte"):
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// readsPos reports whether pos occurs in n.
func readsPos(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "pos" {
			found = true
		}
		return !found
	})
	return found
}

// solve computes liveIn and liveOut until nothing changes.
func (c *posFlow) solve() {
	for changed := true; changed; {
		changed = false
		for i := len(c.nodes) - 1; i >= 0; i-- {
			n := c.nodes[i]
			out := false
			for _, s := range n.succ {
				out = out || c.nodes[s].liveIn
			}
			in := n.uses || out && !n.defs
			if in != n.liveIn || out != n.liveOut {
				n.liveIn, n.liveOut, changed = in, out, true
			}
		}
	}
}
