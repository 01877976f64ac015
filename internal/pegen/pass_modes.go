package main

// modesPass: a method per rule and mode.

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// modesPass gives each rule that a match of an entry rule runs a second
// method, for span mode: ruleX stays the method of Match, which records
// tokens, and spanX, a copy of it, is the method of MatchSpans and
// Failure, which call it through callSpans (addCallSpans). The entry
// rules are those the grammar gives a helper whole_X (the rules that
// package uri parses with), and the rules a match of one runs are those
// its method calls, directly or not (reach). In each copy the mode is a
// constant: p.spanMode is true in spanX and false in ruleX, and in spanX
// the filter is span mode's (spanKeep: the rules with a slot), so
// p.keep != nil is true and p.keep[ruleY] is whether ruleY has a slot.
// The tests that become constant are folded (fold), and what they no
// longer reach goes: ruleX records tokens only, spanX writes slots and
// tracks ends only, and neither loads the mode or the filter to know
// which. A spanX calls the spanY of the rules it uses. The other rules
// (whole_X, the start rule, and rules of the ABNF that no entry rule
// uses, such as path) keep one method for both modes, which tests the
// mode, and calls the method of the mode of each rule it uses that has
// two (dispatch).
//
// The span-mode methods come before the others, first of the file's
// methods after pegenSpan and pegenSpanPercent (printRunFuncs), so that
// the code of Match's methods does not move them either: in the default
// layout, ParseReference went from 1.24 to 1.21 times internal/refparse's
// time on the relative links (BenchmarkVersusRefparse as make bench runs
// it, 8 iterations, 2 x 6 runs alternating), unchanged with -funcalign=64.
//
// The state that both modes keep is unchanged, and so is what each
// records and when: a copy differs from the method it was made from
// only by the tests of the mode and the filter. It runs before
// inlinePass, which writes out only spanX methods (Set.Inline; budget),
// and before positionPass, which edits both alike. Against
// internal/refparse on the realistic links (BenchmarkVersusRefparse,
// built with -funcalign=64 so that both builds lay out alike; 5 runs
// alternating, the median), ParseReference went from 1.35 to 1.21 times
// its time on the relative links and from 1.20 to 1.11 on the absolute
// ones; callgrind counts 8.9% fewer instructions on the relative links,
// 2.2% on the absolute ones. The code it costs is bounded by
// TestCoreLinksOnlyRFC3986: a program that only parses links may be at
// most 450 KB larger than on net/url, and was 428 KB. A copy of every
// rule, each written out up to the budget, took it to 659 KB; the
// methods of Match writing nothing out (budget), to 483 KB; only the
// rules that an entry rule runs copied, to 448 KB (see also
// printRunFuncs and parse in pegenrt's grammar.go).
func (g *gen) modesPass() error {
	if !g.splitsModes() {
		return nil
	}
	slot := map[string]bool{}
	for _, name := range g.spans {
		slot["rule"+name] = true
	}
	split := g.reach()
	if len(split) == 0 {
		return g.shapeError(nil, "an entry rule X with a rule whole_X")
	}
	var spans []ast.Decl
	first := -1 // the first rule method's index in the file
	for i, d := range g.file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && isGrammarMethod(f) && strings.HasPrefix(f.Name.Name, "rule") {
			if first < 0 {
				first = i
			}
			if split[f.Name.Name] {
				spans = append(spans, g.spanCopy(f, slot, split))
			} else if err := g.dispatch(f, split); err != nil {
				return err
			}
		}
	}
	if err := g.splitMethods(slot, split); err != nil {
		return err
	}
	g.file.Decls = append(g.file.Decls[:first:first], append(spans, g.file.Decls[first:]...)...)
	return g.addCallSpans(split)
}

// splitsModes reports whether modesPass gives rules a method per mode:
// the grammar asks for it (Set.SpanMethods) and has a span mode.
func (g *gen) splitsModes() bool { return g.spanMethods && len(g.spans) > 0 }

// splitMethods does for the rule methods of g.methods (a memo's wrapper)
// what modesPass does for those of the file: the span-mode copy of each
// method of split right after it, and dispatch in the others.
func (g *gen) splitMethods(slot, split map[string]bool) error {
	var methods []*ast.FuncDecl
	for _, f := range g.methods {
		methods = append(methods, f)
		switch {
		case !isGrammarMethod(f) || !strings.HasPrefix(f.Name.Name, "rule"):
		case split[f.Name.Name]:
			methods = append(methods, g.spanCopy(f, slot, split).(*ast.FuncDecl))
		default:
			if err := g.dispatch(f, split); err != nil {
				return err
			}
		}
	}
	g.methods = methods
	return nil
}

// addCallSpans puts callSpans after call: call's switch with the cases
// of the methods of split only, each calling the span-mode method, and
// call for the other rules, whose one method serves both modes.
func (g *gen) addCallSpans(split map[string]bool) error {
	for i, d := range g.file.Decls {
		if declName(d) != "grammar.call" {
			continue
		}
		c := clone(d.(*ast.FuncDecl))
		c.Name = ast.NewIdent("callSpans")
		c.Doc = &ast.CommentGroup{List: []*ast.Comment{{Text: "// callSpans is call in span mode: the span-mode method of a rule that has"}, {Text: "// one (see modesPass in internal/pegen), call for the others."}}}
		sw, ok := c.Body.List[0].(*ast.SwitchStmt)
		last, isReturn := c.Body.List[len(c.Body.List)-1].(*ast.ReturnStmt)
		if !ok || !isReturn || len(last.Results) != 1 {
			return g.shapeError(d, "call as a switch of one return per rule, then a return")
		}
		var cases []ast.Stmt
		for _, cc := range sw.Body.List {
			if body := cc.(*ast.CaseClause).Body; len(body) == 1 && callsSplit(body[0], split) {
				cases = append(cases, cc)
			}
		}
		sw.Body.List = cases
		spanCalls(c.Body, split)
		last.Results[0] = &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent("p"), Sel: ast.NewIdent("call")}, Args: []ast.Expr{ast.NewIdent("r")}}
		g.file.Decls = append(g.file.Decls[:i+1:i+1], append([]ast.Decl{c}, g.file.Decls[i+1:]...)...)
		return nil
	}
	return g.shapeError(nil, "declaration grammar.call")
}

// reach returns the rule methods (ruleX, ruleXTry) that a match of an
// entry rule X, one with a rule whole_X, runs: X's, and those of the
// rules they call, directly or not.
func (g *gen) reach() map[string]bool {
	byName := map[string]*ast.FuncDecl{}
	for _, d := range g.file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && isGrammarMethod(f) && strings.HasPrefix(f.Name.Name, "rule") {
			byName[f.Name.Name] = f
		}
	}
	for _, f := range g.methods {
		if isGrammarMethod(f) && strings.HasPrefix(f.Name.Name, "rule") {
			byName[f.Name.Name] = f // a memo's wrapper
		}
	}
	seen := map[string]bool{}
	var visit func(string)
	visit = func(name string) {
		f := byName[name]
		if f == nil || seen[name] {
			return
		}
		seen[name] = true
		ast.Inspect(f.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok && isIdent(sel.X, "p") {
					visit(sel.Sel.Name)
				}
			}
			return true
		})
	}
	for _, rule := range g.rules {
		if x, ok := strings.CutPrefix(rule, "rulewhole_"); ok {
			visit("rule" + x)
		}
	}
	return seen
}

// spanCopy returns the span-mode copy of the rule method f, spanX for
// ruleX, and folds f's tests of the mode (see modesPass); split holds
// the methods that have a copy.
func (g *gen) spanCopy(f *ast.FuncDecl, slot, split map[string]bool) ast.Decl {
	s := clone(f)
	s.Name = ast.NewIdent(spanName(f.Name.Name))
	s.Doc = nil
	spanCalls(s.Body, split)
	fold(s.Body, constants(true, slot))
	fold(f.Body, constants(false, nil))
	dropUnused(s.Body)
	dropUnused(f.Body)
	if slices.Contains(g.ruleDecls, f) {
		g.ruleDecls = append(g.ruleDecls, s)
	}
	return s
}

// spanName is the name of the span-mode method of the rule method name:
// spanX for ruleX, spanXTry for ruleXTry.
func spanName(name string) string { return "span" + strings.TrimPrefix(name, "rule") }

// dispatch makes each call of a method of split in f, the method of a
// rule with one method for both modes, call the method of the mode the
// parse is in: a statement "if !p.ruleY() { ... }", "if p.ruleY() { ...
// }" or "return p.ruleY()" becomes "if p.spanMode { S' } else { S }", S'
// the statement with p.spanY() (an if statement is the else itself). In
// span mode ruleY records tokens, which a parse in span mode must not. A
// call in any other form fails the pass.
func (g *gen) dispatch(f *ast.FuncDecl, split map[string]bool) error {
	calls := 0
	ast.Inspect(f.Body, func(n ast.Node) bool {
		if name, ok := ruleCall(n); ok && split[name] {
			calls++
		}
		return true
	})
	if calls == 0 {
		return nil
	}
	var lists []*[]ast.Stmt
	ast.Inspect(f.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			lists = append(lists, &n.List)
		case *ast.CaseClause:
			lists = append(lists, &n.Body)
		}
		return true
	})
	for _, list := range lists {
		for i, s := range *list {
			target := &(*list)[i]
			if l, ok := s.(*ast.LabeledStmt); ok {
				s, target = l.Stmt, &l.Stmt
			}
			if !callsSplit(s, split) {
				continue
			}
			calls--
			span := clone(s)
			spanCalls(span, split)
			mode := &ast.IfStmt{Cond: &ast.SelectorExpr{X: ast.NewIdent("p"), Sel: ast.NewIdent("spanMode")}, Body: &ast.BlockStmt{List: []ast.Stmt{span}}}
			if _, isIf := s.(*ast.IfStmt); isIf {
				mode.Else = s
			} else {
				mode.Else = &ast.BlockStmt{List: []ast.Stmt{s}}
			}
			*target = mode
		}
	}
	if calls != 0 {
		return g.shapeError(f, "calls of rules with a method per mode as \"if !p.ruleX() {\", \"if p.ruleX() {\" or \"return p.ruleX()\"")
	}
	return nil
}

// callsSplit reports whether s is "if !p.ruleY() {", "if p.ruleY() {" or
// "return p.ruleY()" for a method ruleY of split.
func callsSplit(s ast.Stmt, split map[string]bool) bool {
	var e ast.Expr
	switch s := s.(type) {
	case *ast.IfStmt:
		if s.Init != nil {
			return false
		}
		e = s.Cond
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			e = u.X
		}
	case *ast.ReturnStmt:
		if len(s.Results) != 1 {
			return false
		}
		e = s.Results[0]
	default:
		return false
	}
	name, ok := ruleCall(e)
	return ok && split[name]
}

// spanCalls makes every call p.ruleX(...) under n of a method of split
// a call of its span-mode copy p.spanX(...).
func spanCalls(n ast.Node, split map[string]bool) {
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && isIdent(sel.X, "p") && split[sel.Sel.Name] {
				sel.Sel = ast.NewIdent(spanName(sel.Sel.Name))
			}
		}
		return true
	})
}

// constants returns what fold replaces in a method of the mode span: the
// value of p.spanMode, and in span mode that of the tests of the filter,
// where slot holds the rules that span mode's filter keeps. It returns
// nil for an expression that is not one of these.
func constants(span bool, slot map[string]bool) func(ast.Expr) ast.Expr {
	return func(e ast.Expr) ast.Expr {
		switch e := e.(type) {
		case *ast.SelectorExpr:
			if isField(e, "spanMode") {
				return boolIdent(span)
			}
		case *ast.BinaryExpr:
			if span && isField(e.X, "keep") && isIdent(e.Y, "nil") && (e.Op == token.NEQ || e.Op == token.EQL) {
				return boolIdent(e.Op == token.NEQ)
			}
		case *ast.IndexExpr:
			if id, ok := e.Index.(*ast.Ident); span && ok && isField(e.X, "keep") {
				return boolIdent(slot[id.Name])
			}
		}
		return nil
	}
}

// boolIdent returns the identifier true or false.
func boolIdent(b bool) *ast.Ident {
	if b {
		return ast.NewIdent("true")
	}
	return ast.NewIdent("false")
}

// constant returns the value of e when e is the identifier true or false.
func constant(e ast.Expr) (value, ok bool) {
	if p, isParen := e.(*ast.ParenExpr); isParen {
		return constant(p.X)
	}
	id, isID := e.(*ast.Ident)
	if !isID || (id.Name != "true" && id.Name != "false") {
		return false, false
	}
	return id.Name == "true", true
}

// fold replaces under body each expression that value gives a constant
// for, then simplifies what holds one, bottom up: !c, c && x, x && c,
// c || x, x || c where x has no effect (pure), and an if statement
// without init whose condition is constant, by the branch it takes (a
// block, which keeps the scope of its variables) or by nothing.
func fold(body *ast.BlockStmt, value func(ast.Expr) ast.Expr) {
	rewriteExprs(body, func(e ast.Expr) ast.Expr {
		if c := value(e); c != nil {
			return c
		}
		return simplify(e)
	})
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			n.List = foldIfs(n.List)
		case *ast.CaseClause:
			n.Body = foldIfs(n.Body)
		}
		return true
	})
}

// simplify folds the boolean operators of e over constant operands.
func simplify(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if v, ok := constant(e.X); ok && e.Op == token.NOT {
			return boolIdent(!v)
		}
	case *ast.BinaryExpr:
		if e.Op != token.LAND && e.Op != token.LOR {
			return e
		}
		absorbing := e.Op == token.LOR // true || x, false && x
		if v, ok := constant(e.X); ok {
			if v == absorbing {
				return boolIdent(v)
			}
			return e.Y
		}
		if v, ok := constant(e.Y); ok {
			if v != absorbing {
				return e.X
			}
			if pure(e.X) {
				return boolIdent(v)
			}
		}
	}
	return e
}

// foldIfs replaces each if statement of list without init whose condition
// is constant by the branch it takes, or removes it: a block that
// declares nothing itself by its statements, any other branch as it is;
// a labeled one keeps its label, on an empty statement if need be. The
// result is a new list: a block's statements may outnumber the if.
func foldIfs(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, 0, len(list))
	for _, s := range list {
		label, inner := (*ast.LabeledStmt)(nil), s
		if l, ok := s.(*ast.LabeledStmt); ok {
			label, inner = l, l.Stmt
		}
		is, ok := inner.(*ast.IfStmt)
		v, isConst := false, false
		if ok && is.Init == nil {
			v, isConst = constant(is.Cond)
		}
		if !isConst {
			out = append(out, s)
			continue
		}
		var taken ast.Stmt
		switch {
		case v:
			taken = is.Body
		case is.Else != nil:
			taken = is.Else
		}
		switch {
		case label != nil && taken == nil:
			label.Stmt = &ast.EmptyStmt{Implicit: true}
			out = append(out, label)
		case label != nil:
			label.Stmt = taken
			out = append(out, label)
		case taken != nil:
			if b, ok := taken.(*ast.BlockStmt); ok && !declaresAt(b) {
				out = append(out, b.List...)
			} else {
				out = append(out, taken)
			}
		}
	}
	return out
}

// declaresAt reports whether a statement of b itself (not of a block in
// it) declares a name, which b's braces scope.
func declaresAt(b *ast.BlockStmt) bool {
	for _, s := range b.List {
		if l, ok := s.(*ast.LabeledStmt); ok {
			s = l.Stmt
		}
		switch s := s.(type) {
		case *ast.DeclStmt:
			return true
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				return true
			}
		}
	}
	return false
}
