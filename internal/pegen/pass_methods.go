package main

// methodsPass and lookaheadPass: the rules as methods over the grammar's
// fields, and the runtime they call.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"strings"
)

// methodsPass rewrites the core of the parser. It requires Init of
// the shape initShape, whose table of rules "_rules = [...]func() bool{nil,
// func() bool {...}, ...}" has one closure for each rule constant after
// ruleUnknown, each after the comment "/* N name <- ... */", with no other
// closure or comment in it; the grammar type of the shape grammarShape;
// the methods Parse and parseError.Error. Then:
//   - each rule closure becomes a method named after its rule constant
//     (ruleh16), each call through the table "_rules[ruleX]()" a direct
//     call "p.ruleX()"; the table goes, and Parse starts from any rule
//     through call, a switch, so that a grammar needs no set-up (Init
//     filled the table with 50 method values, allocated for each parser)
//     and a zero grammar can live on the stack;
//   - the variables the closures shared become fields of the grammar
//     (position and tokenIndex are p.position and p.tokenIndex), and add
//     and matchDot methods;
//   - the parser reads the bytes of the input string itself, with no
//     []rune copy: buffer[position] becomes p.peek(), which returns NUL
//     at the end of the input (bytesPass makes sure that the grammar
//     matches no NUL), and buffer in the tight loops p.Buffer;
//   - reset and parse become methods, and parse takes the start rule as an
//     int instead of a variadic slice, which escaped to the heap;
//   - add tests an optional filter of the tokens recorded (keep, indexed
//     by rule), small enough to be inlined, in front of record, which
//     records a token and, with no filter, tracks the furthest match: the
//     last rule to reach the furthest offset, not the first (userinfo, not
//     the pct-encoded in it); both take the index of the rule's first
//     token as a third argument, which treePass supplies;
//   - parseError.Error names the rule and byte offsets, without the
//     line and column translation that prunePass dropped.
//
// The code of each rule is otherwise unchanged: only the names of the
// state change. Methods and direct calls took ParseReference from 1.13 to
// 0.99 times net/url.Parse's instructions, and from 1.17 to 0.94 times its
// time.
func (g *gen) methodsPass() error {
	if err := g.findRules(); err != nil {
		return err
	}
	init, ok := g.find("grammar.Init").(*ast.FuncDecl)
	if !ok {
		return g.shapeError(nil, "method Init of the grammar")
	}
	assign, err := g.checkInit(init)
	if err != nil {
		return err
	}
	table, ok := assign.Rhs[0].(*ast.CompositeLit)
	if !ok || len(table.Elts) != len(g.rules) || !isIdent(table.Elts[0], "nil") {
		return g.shapeError(assign, fmt.Sprintf("a table of %d rules, the first nil", len(g.rules)-1))
	}
	if err := g.checkGrammarType(); err != nil {
		return err
	}
	var methods []ast.Decl
	for i := 1; i < len(table.Elts); i++ {
		m, err := g.ruleMethod(i, table.Elts[i], table.Elts[i-1].End())
		if err != nil {
			return err
		}
		methods = append(methods, m)
		g.ruleDecls = append(g.ruleDecls, m)
	}
	for _, r := range []struct {
		name  string
		decls []ast.Decl
	}{
		{"grammar", []ast.Decl{g.grammarType()}},
		{"grammar.Parse", g.parseRuntime(parseMethod)},
		{"parseError.Error", g.parseRuntime(errorMethod)},
		{"grammar.Init", g.initMethods()},
	} {
		if err := g.replaceDecls(r.name, r.decls); err != nil {
			return err
		}
	}
	g.file.Decls = append(g.file.Decls, methods...)
	return nil
}

// checkInit checks Init against initShape and returns the statement that
// fills the table of rules.
func (g *gen) checkInit(init *ast.FuncDecl) (*ast.AssignStmt, error) {
	body := init.Body.List
	var table *ast.AssignStmt
	i := 0
	for _, want := range initShape {
		optional := strings.HasSuffix(want, "?")
		want = strings.TrimSuffix(want, "?")
		switch got := ""; {
		case i < len(body):
			got = stmtShape(body[i])
			if got != want && optional {
				continue
			}
			if got != want {
				return nil, g.shapeError(body[i], fmt.Sprintf("statement %d of Init: %s", i+1, want))
			}
		case !optional:
			return nil, g.shapeError(init, "statement "+want+" at the end of Init")
		}
		if want == "= _rules" {
			table = body[i].(*ast.AssignStmt)
		}
		i++
	}
	if i < len(body) {
		return nil, g.shapeError(body[i], "the end of Init")
	}
	return table, nil
}

// findRules reads the rule constants: a const declaration whose first
// name is ruleUnknown, of type pegRule, iota.
func (g *gen) findRules() error {
	for _, d := range g.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST || len(gd.Specs) < 2 {
			continue
		}
		first := gd.Specs[0].(*ast.ValueSpec)
		if first.Names[0].Name != "ruleUnknown" {
			continue
		}
		if !isIdent(first.Type, "pegRule") || len(first.Values) != 1 || !isIdent(first.Values[0], "iota") {
			return g.shapeError(gd, "ruleUnknown pegRule = iota")
		}
		for _, s := range gd.Specs {
			v := s.(*ast.ValueSpec)
			if len(v.Names) != 1 || !strings.HasPrefix(v.Names[0].Name, "rule") {
				return g.shapeError(v, "one rule constant ruleX")
			}
			g.rules = append(g.rules, v.Names[0].Name)
		}
		return nil
	}
	return g.shapeError(nil, "const declaration of the rules (ruleUnknown pegRule = iota)")
}

// checkGrammarType checks the fields of the grammar type (grammarShape).
func (g *gen) checkGrammarType() error {
	d, _ := g.find("grammar").(*ast.GenDecl)
	if d == nil {
		return g.shapeError(nil, "type grammar")
	}
	st, ok := d.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	if !ok || len(st.Fields.List) != len(grammarShape) {
		return g.shapeError(d, fmt.Sprintf("a struct of %d fields", len(grammarShape)))
	}
	for i, f := range st.Fields.List {
		want := grammarShape[i]
		if strings.Contains(want, "%d") {
			want = fmt.Sprintf(want, len(g.rules))
		}
		if fieldShape(f) != want {
			return g.shapeError(f, "field "+want)
		}
	}
	return nil
}

// fieldShape describes f in the terms of grammarShape.
func fieldShape(f *ast.Field) string {
	var b bytes.Buffer
	for j, n := range f.Names {
		if j > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n.Name)
	}
	b.WriteString(" ")
	printer.Fprint(&b, token.NewFileSet(), f.Type)
	return b.String()
}

// ruleMethod turns the closure of rule i in Init's table, e, into a
// method; prev is the end of the table entry before it.
func (g *gen) ruleMethod(i int, e ast.Expr, prev token.Pos) (*ast.FuncDecl, error) {
	name := g.rules[i]
	lit, ok := e.(*ast.FuncLit)
	if !ok || !isFuncBool(lit.Type) {
		return nil, g.shapeError(e, "the closure func() bool {...} of "+name)
	}
	doc, err := g.ruleDoc(i, lit, prev)
	if err != nil {
		return nil, err
	}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok && err == nil {
			err = g.shapeError(n, "no closure in the closure of "+name)
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if err := g.rewriteRule(lit.Body); err != nil {
		return nil, err
	}
	return &ast.FuncDecl{
		Doc:  &ast.CommentGroup{List: []*ast.Comment{{Text: doc}}},
		Recv: &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{ast.NewIdent("p")}, Type: &ast.StarExpr{X: ast.NewIdent("grammar")}}}},
		Name: ast.NewIdent(name),
		Type: &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: ast.NewIdent("bool")}}}},
		Body: lit.Body,
	}, nil
}

// isFuncBool reports whether t is func() bool.
func isFuncBool(t *ast.FuncType) bool {
	return len(t.Params.List) == 0 && t.Results != nil && len(t.Results.List) == 1 && isIdent(t.Results.List[0].Type, "bool")
}

// ruleDoc returns the comment "/* N name <- ... */" between prev and the
// closure lit of rule i, and checks that lit has no comment inside.
func (g *gen) ruleDoc(i int, lit *ast.FuncLit, prev token.Pos) (string, error) {
	name := g.rules[i]
	var doc *ast.Comment
	for _, c := range g.file.Comments {
		switch {
		case c.Pos() > prev && c.End() < lit.Pos():
			doc = c.List[len(c.List)-1]
		case c.Pos() > lit.Pos() && c.End() < lit.End():
			return "", g.shapeError(lit, "no comment in the closure of "+name)
		}
	}
	want := fmt.Sprintf("/* %d %s <- ", i-1, strings.TrimPrefix(name, "rule"))
	if doc == nil || !strings.HasPrefix(doc.Text, want) {
		return "", g.shapeError(lit, fmt.Sprintf("the comment %q... before the closure", want))
	}
	return doc.Text, nil
}

// rewriteRule rewrites the code of a rule closure for a method: direct
// calls, the input's bytes through peek, the shared state as fields.
func (g *gen) rewriteRule(body *ast.BlockStmt) error {
	rewriteExprs(body, func(e ast.Expr) ast.Expr {
		switch {
		case isBufferAt(e):
			return &ast.CallExpr{Fun: field("peek", e.Pos()), Lparen: e.End(), Rparen: e.End()}
		case isRuleCall(e):
			call := e.(*ast.CallExpr)
			rule := call.Fun.(*ast.IndexExpr).Index.(*ast.Ident).Name
			return &ast.CallExpr{Fun: field(rule, call.Pos()), Lparen: call.Lparen, Rparen: call.Rparen}
		}
		return e
	})
	var err error
	rewriteExprs(body, func(e ast.Expr) ast.Expr {
		id, ok := e.(*ast.Ident)
		if !ok {
			return e
		}
		if f, ok := sharedState[id.Name]; ok {
			return field(f, id.Pos())
		}
		if id.Name == "_rules" && err == nil {
			err = g.shapeError(id, "calls through the table as _rules[ruleX]()")
		}
		return e
	})
	return err
}

// lookaheadPass rewrites each positive lookahead of one byte, a
// literal or a class (&'?', &[0-9]), which peg writes as a block that
// saves the state, tests the byte at the position, consumes it and
// restores the state,
//
//	{
//		positionN, tokenIndexN := position, tokenIndex
//		if <test of buffer[position]> { goto fail }
//		position++
//		position, tokenIndex = positionN, tokenIndexN
//	}
//
// into its test alone. The test reads the byte at the position and
// nothing else, and a lookahead consumes nothing and records no token, so
// the state after the block is the state before it either way. The
// grammars guard most choices with such lookaheads (&'/', &'?', &'#',
// &'%', &[0-9]); each saved, moved and restored the position and token
// index. Instructions per parse are unchanged (the compiler had dropped
// those stores already); the parsers are 1,148 lines shorter to read.
func (g *gen) lookaheadPass() error {
	for _, d := range g.file.Decls {
		blocks(d, func(list []ast.Stmt, _ ast.Stmt) []ast.Stmt {
			for i, st := range list {
				if test, ok := byteLookahead(st); ok {
					list[i] = test
				}
			}
			return list
		})
	}
	return nil
}

// byteLookahead returns the test of s when s is the block of a lookahead
// of one byte (see lookaheadPass).
func byteLookahead(s ast.Stmt) (ast.Stmt, bool) {
	b, ok := s.(*ast.BlockStmt)
	if !ok || len(b.List) != 4 || !isSave(b.List[0]) || !isPositionInc(b.List[2]) {
		return nil, false
	}
	save := b.List[0].(*ast.AssignStmt)
	restore, ok := b.List[3].(*ast.AssignStmt)
	if !ok || !isRestore(restore, "") || !isIdent(restore.Rhs[0], save.Lhs[0].(*ast.Ident).Name) ||
		!isIdent(restore.Rhs[1], save.Lhs[1].(*ast.Ident).Name) {
		return nil, false
	}
	test, ok := b.List[1].(*ast.IfStmt)
	if !ok || test.Init != nil || test.Else != nil || len(test.Body.List) != 1 || labelOf(test.Body.List[0]) == "" ||
		!readsByteOnly(test.Cond, isBufferAt) {
		return nil, false
	}
	return test, true
}

// sharedState maps the variables and closures of Init that the rule
// closures use to the grammar's fields and methods.
var sharedState = map[string]string{
	"position": "position", "tokenIndex": "tokenIndex", "add": "add", "matchDot": "matchDot", "buffer": "Buffer",
	"keep": "keep", // only in code pegen adds (tightPercentLoop, fusedRun)
}

// isRuleCall reports whether e is _rules[ruleX]().
func isRuleCall(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	ix, ok := call.Fun.(*ast.IndexExpr)
	if !ok || !isIdent(ix.X, "_rules") {
		return false
	}
	id, ok := ix.Index.(*ast.Ident)
	return ok && strings.HasPrefix(id.Name, "rule")
}

// field returns p.name at pos.
func field(name string, pos token.Pos) ast.Expr {
	return &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: "p"}, Sel: &ast.Ident{NamePos: pos, Name: name}}
}

// grammarType is the grammar type with the state that the closures shared,
// the memos of memoPass and the span slots of spansPass: the model grammar
// of package pegenrt, with a memo per memoized rule and the slots only
// for span slots. It has no table of rules (call dispatches), so a zero
// grammar is ready for use.
func (g *gen) grammarType() ast.Decl {
	d := g.fragment("grammar", map[string]ast.Expr{
		"nRules":   intLit(len(g.rules)),
		"memoSize": intLit(memoSize),
	}).(*ast.GenDecl)
	st := d.Specs[0].(*ast.TypeSpec).Type.(*ast.StructType)
	var fields []*ast.Field
	for _, f := range st.Fields.List {
		switch name := fieldName(f); {
		case name == "memoM" && len(g.memo) > 0:
			fields = append(fields, repeat(f, "memoM", g.memoNames())...)
		case (name == "memoM" || name == "memoUsed") && len(g.memo) == 0,
			(name == "spanMode" || name == "spans") && len(g.spans) == 0:
			g.cut(f)
		default:
			fields = append(fields, f)
		}
	}
	st.Fields.List = fields
	return d
}

// fieldName returns the first name of f, or "" for an embedded field.
func fieldName(f *ast.Field) string {
	if len(f.Names) == 0 {
		return ""
	}
	return f.Names[0].Name
}

// memoNames returns the names of the memos of memoPass, by memoized rule.
func (g *gen) memoNames() []string {
	names := make([]string, len(g.memo))
	for i, r := range g.memo {
		names[i] = "memo" + r
	}
	return names
}

// initMethods is Init and the methods that replace its closures: the
// runtime of grammar.go in package pegenrt around call, the switch over
// the rules that replaces peg's table of closures, and reset, which
// callMethod and resetMethod write for the grammar's rules and memos.
func (g *gen) initMethods() []ast.Decl {
	decls := g.parseRuntime(runtimeDecls(grammarRuntime, "grammar.Init"))
	decls = append(decls, g.callMethod(), g.resetMethod())
	rest := runtimeDecls(grammarRuntime, "grammar.parse", "grammar.add", "grammar.record", "grammar.peek", "grammar.matchDot")
	return append(decls, g.parseRuntime(rest)...)
}

// callMethod is the model call of package pegenrt with a case per rule.
func (g *gen) callMethod() ast.Decl {
	call := g.fragment("grammar.call", nil).(*ast.FuncDecl)
	sw := call.Body.List[0].(*ast.SwitchStmt)
	sw.Body.List = repeat(sw.Body.List[0], "ruleX", g.rules[1:])
	return call
}

// resetMethod is the model reset of package pegenrt, which empties each
// memo, or none when no rule is memoized.
func (g *gen) resetMethod() ast.Decl {
	reset := g.fragment("grammar.reset", map[string]ast.Expr{"memoSize": intLit(memoSize)}).(*ast.FuncDecl)
	body := reset.Body.List
	memo := body[len(body)-1].(*ast.IfStmt)
	if len(g.memo) == 0 {
		g.cut(memo)
		reset.Body.List = body[:len(body)-1]
		return reset
	}
	memo.Body.List = append(repeat(memo.Body.List[0], "memoM", g.memoNames()), memo.Body.List[1:]...)
	return reset
}
