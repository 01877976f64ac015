package main

// inlinePass: small rules written out where they are used.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"slices"
	"strings"

	"github.com/specuri/specuri/internal/grammar"
)

// The budget of inlinePass (Set.Inline in internal/grammar) is the
// largest rule method, in syntax-tree nodes after its own calls were
// written out, that it writes out in its callers. It trades speed for
// code size, and the size is bounded: a program that only parses links
// the RFC 3986, 6874 and 3987 parsers whole, and uri's
// TestCoreLinksOnlyRFC3986 allows it 450 KB more than the same program on
// net/url. Over the realistic links (callgrind, instructions a pass of
// ParseReference over testdata/bench's 2,940 absolute links), writing
// nothing out took 4.10 million instructions, 150 took 3.96 million (the
// one- and two-byte rules: the "?" and "#" helpers, scheme and port
// characters) for 51 KB more in that program, and 1500 took 3.72 million
// (scheme, authority, host and the kinds of path written out in the entry
// rules) for 443 KB more, over the bound. Later, with the runs and the
// slots cheaper, 150 took 3.71 million on the absolute links and 1.318
// million on the 1,491 relative ones, 300 3.66 and 1.268 million
// (hier_part written out in URI, relative_part in relative_ref, and query,
// fragment and segment in their users) for 50 KB more, and 400 3.61 and
// 1.266 million but went over the bound. With the position passed in
// registers (positionPass), 300 for all three grammars took the program to
// 448 KB more than on net/url; 800 for RFC 3986 and none for RFC 6874 and
// 3987 take it to 430 KB, and ParseReference from 1.25–1.27 to 1.14–1.20
// times internal/refparse's time on the absolute links and from 1.39–1.46
// to 1.33–1.36 on the relative ones (BenchmarkVersusRefparse, both
// layouts of gen/README.md); an IRI parses about 5% slower, a zone
// no slower. 1500 for RFC 3986 and 150 for the others gave 1.15–1.18 and
// 1.25–1.33, but 556 KB (505 KB with none for the others). Since RFC
// 3986's rules have a method per mode (modesPass), its 800 go to the
// methods of span mode and the methods of Match write nothing out (448
// KB over net/url); 500 gave 1.32 times refparse's time on the relative
// links against 1.21 at 800 (-funcalign=64).

// inlinePass writes the body of each small rule method out in place of
// the calls that test it, "if !p.ruleX() { goto L }", in the other rule
// methods: a call of a method the Go compiler does not inline costs about
// forty instructions (the stack check, the frame, the spilled state), and
// a reference parses through a dozen rules, most of which test one byte
// or two and call the next. A rule is written out when its method is not
// recursive (no rule it uses leads back to it), is not one of memoPass's
// (the memo is its own method), returns only the constants true and
// false, and has at most the budget's nodes once the rules it calls are
// written out in it (callees first). The body becomes a block where the
// call was: "return false" jumps to L, "return true" to a label after the
// block, and each of its labels takes a suffix unique in the method. The
// method stays, for call, for the calls of other shapes (a lookahead) and
// for the rules over the budget. What the rule records (tokens, span
// slots, tracked ends) and when is unchanged: the statements are the
// method's own.
func (g *gen) inlinePass() error {
	byName := map[string]*ast.FuncDecl{}
	for _, d := range g.ruleDecls {
		byName[d.Name.Name] = d
	}
	for _, m := range g.memo {
		for _, name := range []string{"rule" + m, "rule" + m + "Try"} {
			delete(byName, name)
			delete(byName, spanName(name))
		}
	}
	calls := map[string][]string{}
	for name, d := range byName {
		calls[name] = calledRules(d, byName)
	}
	order, cyclic := callOrder(calls)
	n := 0
	for _, name := range order {
		d := byName[name]
		var err error
		d.Body.List, err = g.inlineList(name, d.Body.List, byName, cyclic, &n)
		if err != nil {
			return fmt.Errorf("rule method %s: %v", name, err)
		}
		dropUnused(d.Body)
	}
	return nil
}

// dropUnused removes from body the labels that no goto names any more
// (the failure label of a call whose rule cannot fail) and the statements
// that no path reaches: those after a return or a goto up to the next
// label.
func dropUnused(body *ast.BlockStmt) {
	used := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Label != nil {
			used[b.Label.Name] = true
		}
		return true
	})
	body.List = dropDead(body.List, used)
	dropUnusedVars(body)
}

// dropDead returns list without the labels not in used and the
// statements that no path reaches, and does the same under each
// statement.
func dropDead(list []ast.Stmt, used map[string]bool) []ast.Stmt {
	var out []ast.Stmt
	dead := false
	for _, s := range list {
		s, labeled := unusedLabels(s, used)
		dead = dead && !labeled
		if _, empty := s.(*ast.EmptyStmt); empty || dead {
			continue
		}
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BlockStmt:
				n.List = dropDead(n.List, used)
				return false
			case *ast.CaseClause:
				n.Body = dropDead(n.Body, used)
				return false
			}
			return true
		})
		out = append(out, s)
		if l, ok := s.(*ast.LabeledStmt); ok {
			s = l.Stmt
		}
		dead = jumps(s)
	}
	return out
}

// unusedLabels returns s without the labels not in used, and whether it keeps
// one.
func unusedLabels(s ast.Stmt, used map[string]bool) (ast.Stmt, bool) {
	for {
		l, ok := s.(*ast.LabeledStmt)
		if !ok {
			return s, false
		}
		if used[l.Label.Name] {
			return s, true
		}
		s = l.Stmt
	}
}

// jumps reports whether s is a return or a goto: the statements after it
// run only from a label.
func jumps(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.GOTO
	}
	return false
}

// dropUnusedVars removes, from the declarations "a, b := p.x, p.y" in
// body, the variables that dropUnused left unused (the saved state of a
// failure path that no path reaches), and a declaration left with none.
func dropUnusedVars(body *ast.BlockStmt) {
	read := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
			for _, e := range a.Rhs {
				ast.Inspect(e, markIdents(read))
			}
			return false
		}
		markIdents(read)(n)
		return true
	})
	var clean func(list []ast.Stmt) []ast.Stmt
	clean = func(list []ast.Stmt) []ast.Stmt {
		out := list[:0]
		for _, s := range list {
			if a, ok := s.(*ast.AssignStmt); ok && a.Tok == token.DEFINE && fieldReads(a.Rhs) {
				kept := false
				for i, e := range a.Lhs {
					if id, ok := e.(*ast.Ident); ok && !read[id.Name] {
						a.Lhs[i] = ast.NewIdent("_")
					} else {
						kept = true
					}
				}
				if !kept {
					continue
				}
			}
			ast.Inspect(s, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BlockStmt:
					n.List = clean(n.List)
					return false
				case *ast.CaseClause:
					n.Body = clean(n.Body)
					return false
				}
				return true
			})
			out = append(out, s)
		}
		return out
	}
	body.List = clean(body.List)
}

// markIdents returns a function for ast.Inspect that marks each
// identifier it meets in read.
func markIdents(read map[string]bool) func(ast.Node) bool {
	return func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			read[id.Name] = true
		}
		return true
	}
}

// fieldReads reports whether every expression of list reads a field of
// p or the position pos, which has no effect.
func fieldReads(list []ast.Expr) bool {
	for _, e := range list {
		if isIdent(e, "pos") { // the position, once positionPass made it a parameter
			continue
		}
		s, ok := e.(*ast.SelectorExpr)
		if !ok || !isIdent(s.X, "p") {
			return false
		}
	}
	return true
}

// calledRules returns the rule methods of byName that d calls.
func calledRules(d *ast.FuncDecl, byName map[string]*ast.FuncDecl) []string {
	var out []string
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if name, ok := ruleCall(n); ok && byName[name] != nil {
			out = append(out, name)
		}
		return true
	})
	return out
}

// budget returns inlinePass's budget for the rule method name: with a
// method per rule and mode (modesPass), Set.Inline for the span-mode
// methods (spanX) and none for those of Match (ruleX); otherwise
// Set.Inline for all.
func (g *gen) budget(name string) int {
	if g.splitsModes() && strings.HasPrefix(name, "rule") {
		return grammar.NoInline
	}
	return g.inline
}

// sameMode reports whether the rule method name may be written out in
// the method caller: a span-mode method (modesPass) only in another, so
// that a rule with one method for both modes, which calls it only in
// span mode, stays as small as it was.
func sameMode(name, caller string) bool {
	return strings.HasPrefix(name, "span") == strings.HasPrefix(caller, "span")
}

// ruleCall returns the method name of a call p.ruleX(), or of its
// span-mode copy p.spanX() (modesPass).
func ruleCall(n ast.Node) (string, bool) {
	c, ok := n.(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return "", false
	}
	s, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || !isIdent(s.X, "p") || !strings.HasPrefix(s.Sel.Name, "rule") && !strings.HasPrefix(s.Sel.Name, "span") {
		return "", false
	}
	return s.Sel.Name, true
}

// callOrder returns the methods of calls with every method after those
// it calls (a method of a cycle after the others of it), and the set of
// methods on a cycle.
func callOrder(calls map[string][]string) (order []string, cyclic map[string]bool) {
	cyclic = map[string]bool{}
	const (
		unseen = iota
		active
		done
	)
	state := map[string]int{}
	var visit func(string, []string)
	visit = func(name string, stack []string) {
		switch state[name] {
		case active:
			for i := len(stack) - 1; i >= 0; i-- {
				cyclic[stack[i]] = true
				if stack[i] == name {
					break
				}
			}
			return
		case done:
			return
		}
		state[name] = active
		stack = append(stack, name)
		for _, c := range calls[name] {
			visit(c, stack)
		}
		state[name] = done
		order = append(order, name)
	}
	names := make([]string, 0, len(calls))
	for name := range calls {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		visit(name, nil)
	}
	return order, cyclic
}

// inlineList writes out, in list and the statements under it, the calls
// "if !p.ruleX() { goto L }" of the methods that inlinePass writes out
// in the method caller (budget, sameMode); n counts the written-out
// bodies, for their labels.
func (g *gen) inlineList(caller string, list []ast.Stmt, byName map[string]*ast.FuncDecl, cyclic map[string]bool, n *int) ([]ast.Stmt, error) {
	var out []ast.Stmt
	for _, s := range list {
		if name, fail, ok := ruleTest(s); ok && byName[name] != nil && !cyclic[name] && inlinable(byName[name], g.budget(name)) && sameMode(name, caller) {
			*n++
			block, done, err := g.inlineBody(byName[name], fail, *n)
			if err != nil {
				return nil, err
			}
			out = append(out, block, &ast.LabeledStmt{Label: ast.NewIdent(done), Stmt: &ast.EmptyStmt{Implicit: true}})
			continue
		}
		if err := g.inlineNested(caller, s, byName, cyclic, n); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// inlineNested applies inlineList to the statement lists under s.
func (g *gen) inlineNested(caller string, s ast.Stmt, byName map[string]*ast.FuncDecl, cyclic map[string]bool, n *int) error {
	var err error
	switch s := s.(type) {
	case *ast.BlockStmt:
		s.List, err = g.inlineList(caller, s.List, byName, cyclic, n)
	case *ast.LabeledStmt:
		var l []ast.Stmt
		l, err = g.inlineList(caller, []ast.Stmt{s.Stmt}, byName, cyclic, n)
		if err == nil && len(l) == 1 {
			s.Stmt = l[0]
		} else if err == nil {
			s.Stmt = &ast.BlockStmt{List: l}
		}
	case *ast.IfStmt:
		if err = g.inlineNested(caller, s.Body, byName, cyclic, n); err == nil && s.Else != nil {
			err = g.inlineNested(caller, s.Else, byName, cyclic, n)
		}
	case *ast.ForStmt:
		err = g.inlineNested(caller, s.Body, byName, cyclic, n)
	case *ast.SwitchStmt:
		for _, c := range s.Body.List {
			if err != nil {
				break
			}
			cc := c.(*ast.CaseClause)
			cc.Body, err = g.inlineList(caller, cc.Body, byName, cyclic, n)
		}
	}
	return err
}

// ruleTest matches "if !p.ruleX() { goto L }" and returns X's method
// name and L.
func ruleTest(s ast.Stmt) (name, fail string, ok bool) {
	is, isIf := s.(*ast.IfStmt)
	if !isIf || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 {
		return "", "", false
	}
	not, isNot := is.Cond.(*ast.UnaryExpr)
	if !isNot || not.Op != token.NOT {
		return "", "", false
	}
	name, ok = ruleCall(not.X)
	br, isBr := is.Body.List[0].(*ast.BranchStmt)
	if !ok || !isBr || br.Tok != token.GOTO {
		return "", "", false
	}
	return name, br.Label.Name, true
}

// inlinable reports whether d returns only true or false and has at most
// budget nodes.
func inlinable(d *ast.FuncDecl, budget int) bool {
	nodes, ok := 0, true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		nodes++
		switch n := n.(type) {
		case *ast.ReturnStmt:
			if len(n.Results) != 1 || !isIdent(n.Results[0], "true") && !isIdent(n.Results[0], "false") {
				ok = false
			}
		case *ast.FuncLit, *ast.DeferStmt:
			ok = false
		}
		return true
	})
	return ok && nodes <= budget
}

// inlineBody returns a copy of d's body as a block whose "return false"
// jumps to fail and "return true" to the label it returns, and whose
// labels end in "_k".
func (g *gen) inlineBody(d *ast.FuncDecl, fail string, k int) (*ast.BlockStmt, string, error) {
	var b bytes.Buffer
	clearPositions(d.Body)
	if err := printer.Fprint(&b, token.NewFileSet(), d.Body); err != nil {
		return nil, "", err
	}
	f, err := parser.ParseFile(g.fset, "inline.go", "package p\nfunc f() "+b.String(), parser.SkipObjectResolution)
	if err != nil {
		return nil, "", fmt.Errorf("copy of %s: %v", d.Name.Name, err)
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	clearPositions(body)
	rule, ok := strings.CutPrefix(d.Name.Name, "rule")
	if !ok {
		rule = strings.TrimPrefix(rule, "span")
	}
	done := fmt.Sprintf("end_%s_%d", rule, k)
	suffix := fmt.Sprintf("_%d", k)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LabeledStmt:
			n.Label.Name += suffix
		case *ast.BranchStmt:
			if n.Label != nil {
				n.Label.Name += suffix
			}
		}
		return true
	})
	rewriteReturns(body, fail, done)
	return body, done, nil
}

// rewriteReturns turns, under n, "return false" into "goto fail" and
// "return true" into "goto done".
func rewriteReturns(n ast.Node, fail, done string) {
	ast.Inspect(n, func(n ast.Node) bool {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.LabeledStmt:
			if r, ok := n.Stmt.(*ast.ReturnStmt); ok {
				n.Stmt = returnGoto(r, fail, done)
			}
			return true
		default:
			return true
		}
		for i, s := range list {
			if r, ok := s.(*ast.ReturnStmt); ok {
				list[i] = returnGoto(r, fail, done)
			}
		}
		return true
	})
}

// returnGoto is the goto that stands for r (see rewriteReturns).
func returnGoto(r *ast.ReturnStmt, fail, done string) ast.Stmt {
	to := done
	if isIdent(r.Results[0], "false") {
		to = fail
	}
	return &ast.BranchStmt{Tok: token.GOTO, Label: ast.NewIdent(to)}
}
