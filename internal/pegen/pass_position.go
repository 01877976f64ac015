package main

// positionPass: the position passed to each rule and returned by it.

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// The methods that positionPass gives the position as a parameter, by
// what they do with it: a mover may move it and returns where it is, a
// reader only reads it.
const (
	notPositional = iota
	mover
	reader
)

// positional tells what a method of the grammar does with the position
// (see positionPass): every rule's method (ruleX, a memoized rule's ruleXTry
// and its memo wrapper) and matchDot move it; peek, add, record, addSpan
// and track read it. The other methods (call, reset, parse) keep it in the
// field position, where the API reads it after a match.
func positional(name string) int {
	switch {
	case strings.HasPrefix(name, "rule"), strings.HasPrefix(name, "span"), name == "matchDot":
		return mover
	case name == "peek", name == "add", name == "record", name == "addSpan", name == "track":
		return reader
	}
	return notPositional
}

// positionPass makes the position a parameter of the methods that use it
// (positional), not a field of the grammar that each loads and stores
// again around every call: a mover is given the position and returns
// where it ends and whether it matched, "func (p *grammar) ruleX(pos
// uint32) (uint32, bool)", a reader is given it as its last argument.
// Go passes both in registers, where a field is written to memory before
// each call and read back after it. A rule that fails returns the
// position it was given, as it restored the field before.
//
// In the methods it edits, p.position becomes pos, and so does every
// save and restore of the state; "return x" becomes "return pos, x" in a
// mover. A call of a mover is one of
//
//	if !p.ruleX() { ... }        if pos, ok = p.ruleX(pos); !ok { ... }
//	if p.ruleX() { ... }         if pos, ok = p.ruleX(pos); ok { ... }
//	ok := p.ruleXTry()           pos, ok := p.ruleXTry(pos)
//	return p.ruleX()             return p.ruleX(pos)
//
// with "var ok bool" first in a method that tests calls, and fails the
// pass in any other form. In call, which starts a match from the API,
// "return p.ruleX()" becomes "return p.moved(p.ruleX(p.position))":
// moved, of pegenrt's grammar.go, stores the end in the field. It runs
// last, on the methods as every other pass left them, so that those
// passes, and the runtime of pegenrt that they copy, read and write the
// field.
func (g *gen) positionPass() error {
	var funcs []*ast.FuncDecl
	for _, d := range g.file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && isGrammarMethod(f) {
			funcs = append(funcs, f)
		}
	}
	for _, f := range g.methods {
		if isGrammarMethod(f) {
			funcs = append(funcs, f)
		}
	}
	for _, f := range funcs {
		var err error
		switch positional(f.Name.Name) {
		case mover, reader:
			err = g.positionMethod(f)
		default:
			err = g.positionCaller(f)
		}
		if err != nil {
			return err
		}
	}
	return g.addMoved()
}

// isGrammarMethod reports whether f is a method of *grammar.
func isGrammarMethod(f *ast.FuncDecl) bool {
	if f.Recv == nil || len(f.Recv.List) != 1 {
		return false
	}
	s, ok := f.Recv.List[0].Type.(*ast.StarExpr)
	return ok && isIdent(s.X, "grammar")
}

// positionalCall returns what call calls, if it is a call p.m(...) of a
// method m that positional names, and notPositional otherwise.
func positionalCall(e ast.Expr) (*ast.CallExpr, int) {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return nil, notPositional
	}
	s, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || !isIdent(s.X, "p") {
		return nil, notPositional
	}
	return c, positional(s.Sel.Name)
}

// positionMethod edits a mover or a reader f (see positionPass).
func (g *gen) positionMethod(f *ast.FuncDecl) error {
	kind := positional(f.Name.Name)
	if kind == mover && (f.Type.Params.NumFields() != 0 || !isFuncBool(f.Type)) {
		return g.shapeError(f, "a method "+f.Name.Name+"() bool")
	}
	if declares(f.Body, "pos") {
		return g.shapeError(f, "no pos declared in "+f.Name.Name)
	}
	rewriteExprs(f.Body, func(e ast.Expr) ast.Expr {
		if isField(e, "position") {
			return ast.NewIdent("pos")
		}
		return e
	})
	tests, err := g.positionCalls(f.Body, func(c *ast.CallExpr) { c.Args = append(c.Args, ast.NewIdent("pos")) })
	if err != nil {
		return err
	}
	if tests {
		if declares(f.Body, "ok") {
			return g.shapeError(f, "no ok declared in "+f.Name.Name+", which tests calls of rules")
		}
		decl := &ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
			&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent("ok")}, Type: ast.NewIdent("bool")},
		}}}
		f.Body.List = append([]ast.Stmt{decl}, f.Body.List...)
	}
	params := f.Type.Params
	if n := len(params.List); n > 0 && isIdent(params.List[n-1].Type, "uint32") {
		params.List[n-1].Names = append(params.List[n-1].Names, ast.NewIdent("pos"))
	} else {
		params.List = append(params.List, &ast.Field{Names: []*ast.Ident{ast.NewIdent("pos")}, Type: ast.NewIdent("uint32")})
	}
	if kind == mover {
		f.Type.Results = &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent("uint32")}, {Type: ast.NewIdent("bool")}}}
		ast.Inspect(f.Body, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
				if _, k := positionalCall(r.Results[0]); k != mover {
					r.Results = append([]ast.Expr{ast.NewIdent("pos")}, r.Results...)
				}
			}
			return !isFuncLit(n)
		})
		dropDeadPositions(f.Body)
	}
	return nil
}

// positionCaller edits a method f that keeps the position in the field:
// "return p.ruleX()" becomes "return p.moved(p.ruleX(p.position))", and a
// reader is given p.position.
func (g *gen) positionCaller(f *ast.FuncDecl) error {
	var err error
	ast.Inspect(f.Body, func(n ast.Node) bool {
		if err != nil {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			if c, k := positionalCall(r.Results[0]); k == mover {
				c.Args = append(c.Args, field("position", c.Rparen))
				r.Results[0] = &ast.CallExpr{Fun: field("moved", c.Pos()), Args: []ast.Expr{c}, Rparen: c.Rparen}
				return false
			}
		}
		if e, ok := n.(ast.Expr); ok {
			switch c, k := positionalCall(e); k {
			case mover:
				err = g.shapeError(c, "a call of "+f.Name.Name+"'s rules as return p.ruleX()")
			case reader:
				c.Args = append(c.Args, field("position", c.Rparen))
			}
		}
		return true
	})
	return err
}

// positionCalls edits the calls of movers and readers in body, a
// method's that is given pos: it gives each the position with arg, and
// writes each call of a mover in one of the forms of positionPass. It
// reports whether a test of a call uses ok, which the method must
// declare.
func (g *gen) positionCalls(body *ast.BlockStmt, arg func(*ast.CallExpr)) (tests bool, err error) {
	done := map[*ast.CallExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if c, test := moverCall(body, n); c != nil {
			done[c], tests = true, tests || test
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		if err != nil {
			return false
		}
		if e, ok := n.(ast.Expr); ok {
			if c, k := positionalCall(e); k != notPositional {
				if k == mover && !done[c] {
					err = g.shapeError(c, "a call of a rule in a form of positionPass")
					return false
				}
				arg(c)
			}
		}
		return true
	})
	return tests, err
}

// moverCall writes the call of a mover that n makes, in one of the forms
// of positionPass, and returns it, and whether it is a test, which uses
// ok; nil if n makes none in those forms.
func moverCall(body *ast.BlockStmt, n ast.Node) (c *ast.CallExpr, test bool) {
	switch s := n.(type) {
	case *ast.IfStmt:
		c := moverTest(s)
		return c, c != nil
	case *ast.AssignStmt:
		if call, k := positionalCall(s.Rhs[0]); k == mover && s.Tok == token.DEFINE && len(s.Lhs) == 1 && len(s.Rhs) == 1 && slices.Contains(body.List, ast.Stmt(s)) {
			s.Lhs = append([]ast.Expr{ast.NewIdent("pos")}, s.Lhs...)
			return call, false
		}
	case *ast.ReturnStmt:
		if len(s.Results) == 1 {
			if call, k := positionalCall(s.Results[0]); k == mover {
				return call, false
			}
		}
	}
	return nil, false
}

// moverTest writes "if !p.ruleX() {" or "if p.ruleX() {" as
// "if pos, ok = p.ruleX(); !ok {" (the argument comes later) and returns
// the call; nil for another if.
func moverTest(s *ast.IfStmt) *ast.CallExpr {
	cond, not := s.Cond, false
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		cond, not = u.X, true
	}
	c, k := positionalCall(cond)
	if k != mover || s.Init != nil {
		return nil
	}
	s.Init = &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("pos"), ast.NewIdent("ok")}, Tok: token.ASSIGN, Rhs: []ast.Expr{c}}
	s.Cond = ast.NewIdent("ok")
	if not {
		s.Cond = &ast.UnaryExpr{Op: token.NOT, X: s.Cond}
	}
	return c
}

// declares reports whether name is declared anywhere under n: as a
// variable (:= or var) or a parameter.
func declares(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					found = found || isIdent(l, name)
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				found = found || id.Name == name
			}
		case *ast.Field:
			for _, id := range n.Names {
				found = found || id.Name == name
			}
		}
		return !found
	})
	return found
}

func isFuncLit(n ast.Node) bool {
	_, ok := n.(*ast.FuncLit)
	return ok
}

// addMoved puts pegenrt's moved after call.
func (g *gen) addMoved() error {
	for i, d := range g.file.Decls {
		if declName(d) == "grammar.call" {
			moved := g.parseRuntime(movedMethod)
			g.file.Decls = append(g.file.Decls[:i+1:i+1], append(moved, g.file.Decls[i+1:]...)...)
			return nil
		}
	}
	return g.shapeError(nil, "declaration grammar.call")
}
