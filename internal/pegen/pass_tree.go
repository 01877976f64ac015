package main

// treePass: the tokens of a match as an exact tree.

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// treePass makes the tokens of a match an exact tree: every token
// also records first, the index of its first descendant, so that the
// descendants of token i are exactly tokens first to i-1 (none when first
// is i). Tokens come children before parents, and a rule's descendants
// are the tokens recorded between its start and its own token; so first
// is the index the next token had when the rule began (p.tokenIndex at
// the start of its capture), and no token is placed by guessing, not even
// one that matched the empty string. After a backtrack, peg restores
// tokenIndex, and the tokens of the abandoned attempt are overwritten.
//
// It requires peg's token type, "type token32 struct { pegRule; begin,
// end uint32 }", and "func (t *tokens32) Add(rule pegRule, begin, end,
// index uint32)", which it replaces, with the type tokens32 and its Trim,
// by package pegenrt's Node and Tree, which the generated file imports
// (Node has first); and in each
// rule method (see methodsPass) at most one p.add(ruleX, positionM), whose
// begin positionM is defined once, as "positionM := p.position". When the
// statement before that definition (in its list or, for the first
// statement of a block, before the block if the block has no label) is the save
// "positionN, tokenIndexN := p.position, p.tokenIndex", as peg writes at
// the start of a rule that can fail, tokenIndexN is the first: nothing is
// recorded between the two. Otherwise (a rule that cannot fail) the
// definition also captures it, as "positionM, tokenIndexM := p.position,
// p.tokenIndex". The call becomes p.add(ruleX, positionM, first).
//
// A token is 16 bytes instead of 12, and each rule passes one more
// value to add. Recording first always, with or without a filter, keeps
// the tree exact for the kept tokens too; it cost package uri's
// ParseReference, which parses with a filter, about 1% more instructions
// (http 2,124 to 2,142 per parse under callgrind) and 1.6% more time
// (geometric mean of BenchmarkVersus, 6 alternating runs; http, ftp and
// full about 4%, the others within 1%). A token of 12 bytes that did not
// store first took the same time: the cost is in the rules, not the
// token.
func (g *gen) treePass() error {
	if err := g.checkTokenType(); err != nil {
		return err
	}
	if err := g.replace("token32", tokenTypes); err != nil {
		return err
	}
	for _, name := range []string{"tokens32", "tokens32.Add", "tokens32.Trim"} {
		if err := g.replaceDecls(name, nil); err != nil {
			return err
		}
	}
	g.importRuntime()
	for _, m := range g.ruleDecls {
		if err := g.passFirst(m); err != nil {
			return err
		}
	}
	return nil
}

// checkTokenType checks peg's token type and its method Add (see
// treePass).
func (g *gen) checkTokenType() error {
	tok, _ := g.find("token32").(*ast.GenDecl)
	if tok == nil {
		return g.shapeError(nil, "type token32")
	}
	st, ok := tok.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	if !ok || len(st.Fields.List) != len(tokenShape) {
		return g.shapeError(tok, fmt.Sprintf("a struct of %d fields", len(tokenShape)))
	}
	for i, f := range st.Fields.List {
		if fieldShape(f) != tokenShape[i] {
			return g.shapeError(f, "field "+tokenShape[i])
		}
	}
	add, _ := g.find("tokens32.Add").(*ast.FuncDecl)
	if add == nil {
		return g.shapeError(nil, "method Add of tokens32")
	}
	if got := paramsShape(add.Type.Params); got != "rule pegRule, begin, end, index uint32" {
		return g.shapeError(add, "func (t *tokens32) Add(rule pegRule, begin, end, index uint32)")
	}
	return nil
}

// tokenShape is peg's token type: each field as its names and printed
// type (see fieldShape).
var tokenShape = []string{" pegRule", "begin, end uint32"}

// paramsShape prints a parameter list as Go writes it.
func paramsShape(l *ast.FieldList) string {
	var parts []string
	for _, f := range l.List {
		parts = append(parts, strings.TrimSpace(fieldShape(f)))
	}
	return strings.Join(parts, ", ")
}

// passFirst makes the call of p.add in the rule method m pass the rule's
// first token (see treePass).
func (g *gen) passFirst(m *ast.FuncDecl) error {
	var adds []*ast.CallExpr
	ast.Inspect(m.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isMethodCall(call, "add") {
			adds = append(adds, call)
		}
		return true
	})
	switch {
	case len(adds) == 0:
		return nil // a rule that records no token
	case len(adds) > 1 || len(adds[0].Args) != 2:
		return g.shapeError(m, "one p.add(ruleX, positionM) in "+m.Name.Name)
	}
	call := adds[0]
	begin, ok := call.Args[1].(*ast.Ident)
	if !ok {
		return g.shapeError(call, "p.add(ruleX, positionM), a variable")
	}
	def, prev, found := findBegin(m, begin.Name)
	if found != 1 {
		return g.shapeError(call, fmt.Sprintf("p.add(ruleX, %s) with one %[1]s := p.position in %s", begin.Name, m.Name.Name))
	}
	var first ast.Expr
	if prev != nil && isDefineOf(prev, "position", "tokenIndex") {
		first = ast.NewIdent(prev.(*ast.AssignStmt).Lhs[1].(*ast.Ident).Name)
	} else {
		name := "tokenIndex" + strings.TrimPrefix(begin.Name, "position")
		def.Lhs = append(def.Lhs, ast.NewIdent(name))
		def.Rhs = append(def.Rhs, field("tokenIndex", token.NoPos))
		first = ast.NewIdent(name)
	}
	call.Args = append(call.Args, first)
	return nil
}

// findBegin returns the last definition "name := p.position" in m, the
// statement right before it and how many there are. The statement before
// is the one in its list or, if it starts a block, the one before the
// block in the block's list, unless the block is labeled: a jump may
// reach it without passing the statement before.
func findBegin(m *ast.FuncDecl, name string) (def *ast.AssignStmt, prev ast.Stmt, found int) {
	before := map[*ast.BlockStmt]ast.Stmt{}
	ast.Inspect(m.Body, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for i, s := range b.List {
			var p ast.Stmt
			if i > 0 {
				p = unlabel(b.List[i-1])
			} else {
				p = before[b]
			}
			if inner, ok := unlabel(s).(*ast.BlockStmt); ok {
				before[inner] = p
				if _, labeled := s.(*ast.LabeledStmt); labeled {
					before[inner] = nil
				}
			}
			if a, ok := s.(*ast.AssignStmt); ok && isDefineOf(a, "position") && isIdent(a.Lhs[0], name) {
				def, prev = a, p
				found++
			}
		}
		return true
	})
	return def, prev, found
}

// unlabel returns the statement that s labels, or s.
func unlabel(s ast.Stmt) ast.Stmt {
	for {
		l, ok := s.(*ast.LabeledStmt)
		if !ok {
			return s
		}
		s = l.Stmt
	}
}

// runtimePath is the import path of package pegenrt, which every
// generated parser imports.
const runtimePath = "github.com/specuri/specuri/internal/pegen/pegenrt"

// importRuntime adds package pegenrt to the imports of the file, which
// print writes when the code uses it (printImports).
func (g *gen) importRuntime() {
	spec := &ast.ImportSpec{Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(runtimePath)}}
	for _, d := range g.file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			gd.Specs = append(gd.Specs, spec)
			return
		}
	}
	g.file.Decls = append([]ast.Decl{&ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{spec}}}, g.file.Decls...)
}
