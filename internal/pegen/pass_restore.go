package main

// restorePass: no restore of a state the parser never left.

import (
	"go/ast"
	"go/token"
)

// restorePass makes a test that fails before anything moved skip the
// restore it jumps to. A choice saves the state, positionN, tokenIndexN
// := p.position, p.tokenIndex, and each failed alternative jumps to a
// restore of it, p.position, p.tokenIndex = positionN, tokenIndexN,
// before the next alternative. Most alternatives start with a test of
// the byte at the position (a guard, &'/', or a class), and where that
// test fails the state is still the saved one, so the restore stores what
// the fields already hold:
//
//	position70, tokenIndex70 := p.position, p.tokenIndex
//	if p.peek() != byte('/') {
//		goto l71
//	}
//	...
//	l71:
//	p.position, p.tokenIndex = position70, tokenIndex70
//	if p.peek() != byte('/') {
//		goto l73
//	}
//
// In a statement list, the state is the saved one right after the save
// and right after a restore of it, and stays so over tests that read only
// the byte at the position (pureTest); a labeled statement other than
// such a restore may be reached with another state. A test that jumps
// forward to a restore of the state it is in, in the same list, jumps to
// the statement after the restore instead (labeled, or an empty statement
// at the end of the list). The jump crosses only what it crossed before
// and the restore, an assignment. The relative links of testdata/bench,
// whose first byte fails two guards of relative-part, and most of whose
// links have no query, pay two stores fewer for each.
func (g *gen) restorePass() error {
	for _, d := range g.ruleDecls {
		ast.Inspect(d.Body, func(node ast.Node) bool {
			if b, ok := node.(*ast.BlockStmt); ok {
				b.List = skipRestores(b.List)
			}
			return true
		})
		dropUnused(d.Body) // a restore no test jumps to any more
	}
	return nil
}

// skipRestores applies restorePass to one statement list. The label it
// adds after a restore labeled L is L_kept.
func skipRestores(list []ast.Stmt) []ast.Stmt {
	restores := map[string]int{} // label of a restore -> its index
	for i, s := range list {
		if l, ok := s.(*ast.LabeledStmt); ok {
			if _, _, ok := restoreOf(l.Stmt); ok {
				restores[l.Label.Name] = i
			}
		}
	}
	if len(restores) == 0 {
		return list
	}
	after := map[int]string{} // index of a restore -> label of what follows
	var clean [2]string       // the saved pair the state equals, if any
	for i, s := range list {
		var test *ast.BranchStmt
		clean, test = cleanAfter(s, clean)
		if test == nil {
			continue
		}
		j, ok := restores[test.Label.Name]
		if !ok || j <= i {
			continue
		}
		if p, t, _ := restoreOf(list[j].(*ast.LabeledStmt).Stmt); [2]string{p, t} != clean {
			continue
		}
		if _, ok := after[j]; !ok {
			after[j] = test.Label.Name + "_kept"
		}
		test.Label = ast.NewIdent(after[j])
	}
	if len(after) == 0 {
		return list
	}
	out := make([]ast.Stmt, 0, len(list)+1)
	for i, s := range list {
		out = append(out, s)
		label, ok := after[i]
		switch {
		case !ok:
		case i+1 < len(list):
			list[i+1] = labelNext(list[i+1], label, &out)
		default:
			out = append(out, &ast.LabeledStmt{Label: ast.NewIdent(label), Stmt: &ast.EmptyStmt{Implicit: true}})
		}
	}
	return out
}

// cleanAfter returns the saved pair that the state equals after s, given
// clean, the one it equals before ([2]string{} for none), and the goto of
// s when s is a test of the byte at the position made in that state.
func cleanAfter(s ast.Stmt, clean [2]string) ([2]string, *ast.BranchStmt) {
	if l, ok := s.(*ast.LabeledStmt); ok {
		// Reached from elsewhere: only a restore says what the state is.
		p, t, _ := restoreOf(l.Stmt)
		return [2]string{p, t}, nil
	}
	if p, t, ok := saveOf(s); ok {
		return [2]string{p, t}, nil
	}
	if p, t, ok := restoreOf(s); ok {
		return [2]string{p, t}, nil
	}
	test, ok := pureTest(s)
	if !ok || clean == ([2]string{}) {
		return [2]string{}, nil
	}
	return clean, test
}

// labelNext labels s, the statement after a restore, with label: when s
// is labeled already, an empty statement labeled label goes before it
// (appended to out), as a statement has one label.
func labelNext(s ast.Stmt, label string, out *[]ast.Stmt) ast.Stmt {
	if _, ok := s.(*ast.LabeledStmt); ok {
		*out = append(*out, &ast.LabeledStmt{Label: ast.NewIdent(label), Stmt: &ast.EmptyStmt{Implicit: true}})
		return s
	}
	return &ast.LabeledStmt{Label: ast.NewIdent(label), Stmt: s}
}

// pureTest returns the goto of s when s is "if <test> { goto L }" and the
// test reads the state only as the byte at the position: p.peek(),
// compared with byte constants or looked up in a class table.
func pureTest(s ast.Stmt) (*ast.BranchStmt, bool) {
	is, ok := s.(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 || !readsByteOnly(is.Cond, isPeek) {
		return nil, false
	}
	br, ok := is.Body.List[0].(*ast.BranchStmt)
	if !ok || br.Tok != token.GOTO || br.Label == nil {
		return nil, false
	}
	return br, true
}

// isPeek reports whether e is p.peek().
func isPeek(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && isIdent(sel.X, "p") && sel.Sel.Name == "peek"
}
