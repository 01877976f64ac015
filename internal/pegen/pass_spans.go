package main

// spansPass: span slots, for MatchSpans.

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/specuri/specuri/internal/pegen/pegenrt"
)

// spansPass gives each rule of the Set's Spans (g.spans) a slot, its
// index in that list, and makes it write its span there instead of
// recording a token when the parser is in span mode. It requires each
// rule's method to call p.add once, as p.add(ruleX, begin, first) (see
// treePass), and the rule not to be memoized: a remembered answer writes
// no slot. At most pegenrt.MaxSpans rules (tokenIndex holds the set of
// written slots in span mode, and a parser zeroes its slots). The call becomes "if p.spanMode { p.addSpan(k,
// begin) } else { p.add(...) }" (the model spanCall of package pegenrt,
// and spanMethods), and the grammar type gets the slots (grammarType).
//
// In span mode a parse keeps no tokens for build to walk, only the spans
// package uri maps, and restoring tokenIndex on backtracking forgets the
// slots written on an abandoned attempt; a slot written again while its
// bit is set (a rule that matched twice on the path taken so far) marks
// the parse as overwritten, and MatchSpans then answers from tokens.
// With the parser on the stack that the switch of methodsPass allows (no
// sync.Pool), it took ParseReference from 0.61 to 0.46 times
// net/url.Parse's time on the realistic absolute links, and from 0.58 to
// 0.41 on the relative ones (make bench).
func (g *gen) spansPass() error {
	if len(g.spans) == 0 {
		return nil
	}
	if len(g.spans) > pegenrt.MaxSpans {
		return fmt.Errorf("%d rules with span slots, more than %d", len(g.spans), pegenrt.MaxSpans)
	}
	for k, name := range g.spans {
		if err := g.slotRule(k, name); err != nil {
			return err
		}
	}
	if err := g.spanModeAdds(); err != nil {
		return err
	}
	decls, err := g.parseDecls(spanMethods)
	if err != nil {
		return err
	}
	for _, d := range decls {
		if f, ok := d.(*ast.FuncDecl); ok {
			g.methods = append(g.methods, f)
			continue
		}
		for i, top := range g.file.Decls {
			if declName(top) == "grammar" {
				g.file.Decls = append(g.file.Decls[:i:i], append([]ast.Decl{d}, g.file.Decls[i:]...)...)
				break
			}
		}
	}
	return nil
}

// slotRule makes rule name write its span into slot k (see spansPass).
func (g *gen) slotRule(k int, name string) error {
	if slices.Contains(g.memo, name) {
		return fmt.Errorf("rule %s has a span slot and is memoized: a remembered answer would write no slot", name)
	}
	m, ok := g.find("grammar.rule" + name).(*ast.FuncDecl)
	if !ok {
		return g.shapeError(nil, "rule "+name+" with a span slot")
	}
	var adds []*ast.CallExpr
	ast.Inspect(m.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isMethodCall(call, "add") {
			adds = append(adds, call)
		}
		return true
	})
	if len(adds) != 1 || len(adds[0].Args) != 3 || !isIdent(adds[0].Args[0], m.Name.Name) {
		return g.shapeError(m, fmt.Sprintf("one p.add(%s, begin, first)", m.Name.Name))
	}
	add := adds[0]
	begin, ok1 := add.Args[1].(*ast.Ident)
	first, ok2 := add.Args[2].(*ast.Ident)
	if !ok1 || !ok2 {
		return g.shapeError(add, "p.add(ruleX, positionN, tokenIndexM)")
	}
	call := g.fragmentStmts("grammar.spanCall", map[string]ast.Expr{
		"slotK": intLit(k),
		"begin": ast.NewIdent(begin.Name),
		"ruleX": ast.NewIdent(m.Name.Name),
		"first": ast.NewIdent(first.Name),
	})[0].(*ast.IfStmt)
	if !slices.Contains(g.tracked, name) {
		call.Body.List = call.Body.List[:1] // p.track is for a rule that trackPass tracks
	}
	if !replaceStmt(m.Body, add, call) {
		return g.shapeError(add, "p.add(...) as a statement of a block, labeled or not")
	}
	return nil
}

// spanModeAdds makes each call p.add(ruleX, begin, first) of a rule with
// no slot, which trackPass does not track either, "if !p.spanMode {
// p.add(ruleX, begin, first) }": in span mode the filter keeps only the
// rules with a slot (spanKeep, in api.go), so add records nothing, and the
// test of the mode is one load and one jump where add's test of its
// filter was two of each. Over the realistic links, ParseReference took
// 1.3% fewer instructions on the relative ones, 1.6% on the absolute ones
// (callgrind): a reference goes through several such rules.
func (g *gen) spanModeAdds() error {
	for _, rule := range g.rules[1:] {
		name := strings.TrimPrefix(rule, "rule")
		if slices.Contains(g.spans, name) || slices.Contains(g.tracked, name) {
			continue
		}
		for _, m := range g.ruleMethods(rule) {
			for _, call := range addCalls(m.Body, rule) {
				if !replaceStmt(m.Body, call, tokenModeStmt(call)) {
					return g.shapeError(call, "p.add(...) as a statement of a block, labeled or not")
				}
			}
		}
	}
	return nil
}

// tokenModeStmt returns "if !p.spanMode { call }".
func tokenModeStmt(call *ast.CallExpr) ast.Stmt {
	return &ast.IfStmt{
		Cond: &ast.UnaryExpr{Op: token.NOT, X: &ast.SelectorExpr{X: ast.NewIdent("p"), Sel: ast.NewIdent("spanMode")}},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: call}}},
	}
}

// replaceStmt replaces the statement that is call alone, in a block of
// body or under a label, with s, and reports whether it found it.
func replaceStmt(body *ast.BlockStmt, call *ast.CallExpr, s ast.Stmt) bool {
	replaced := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok {
			for i, st := range b.List {
				if l, ok := st.(*ast.LabeledStmt); ok && isCallStmt(l.Stmt, call) {
					l.Stmt, replaced = s, true // a label that peg jumps to
				} else if isCallStmt(st, call) {
					b.List[i], replaced = s, true
				}
			}
		}
		return !replaced
	})
	return replaced
}

// isCallStmt reports whether s is the statement of call alone.
func isCallStmt(s ast.Stmt, call *ast.CallExpr) bool {
	es, ok := s.(*ast.ExprStmt)
	return ok && es.X == call
}

// trackPass makes each rule of g.tracked (trackedRules) track, in
// span mode, where its non-empty matches end (track), as record does for
// Furthest when it records tokens. A rule with a span slot tracks after
// addSpan (spansPass writes it: spanCall of package pegenrt); in the
// others each call of p.add for the rule (in its method, the method
// memoPass renamed ruleXTry, and a memo wrapper's answer from the memo)
// becomes "if p.spanMode { p.track(ruleX, begin) } else { p.add(...) }".
// A tracked rule must not be one that a fused or tight loop reads without
// calling it (segment, pct_encoded): its matches there would not be
// tracked.
//
// The other rules need no tracking: each of their uses is followed by
// nothing that can fail, so their matches end where a tracked match or
// the entry rule's own ends, or before. A parse that a guard skipped
// records how far the guard's scan went (skipEnd): Failure parses again
// without guards when that is further than the furthest tracked match and
// the prefix match. For RFC 3986, a URI with a registered name tracks its
// scheme alone: the valid inputs pay one comparison, and a failed
// MatchSpans explains itself without the parse that records every token
// (explain, in api.go).
func (g *gen) trackPass() error {
	for _, name := range g.tracked {
		if g.skipCalls[name] {
			return fmt.Errorf("rule %s is tracked but a tight or fused loop reads it without a call", name)
		}
		if slices.Contains(g.spans, name) {
			continue // tracked by spanCall
		}
		rule := "rule" + name
		n := 0
		for _, m := range g.ruleMethods(rule) {
			for _, call := range addCalls(m.Body, rule) {
				if !replaceStmt(m.Body, call, trackStmt(call)) {
					return g.shapeError(call, "p.add(...) as a statement of a block, labeled or not")
				}
				n++
			}
		}
		if n == 0 {
			return g.shapeError(nil, "a call p.add("+rule+", begin, first) to track")
		}
	}
	return nil
}

// ruleMethods returns the methods of rule ("ruleX"): its own, the one
// memoPass renamed ruleXTry, and a memo wrapper.
func (g *gen) ruleMethods(rule string) []*ast.FuncDecl {
	var ms []*ast.FuncDecl
	for _, n := range []string{rule, rule + "Try"} {
		if m, ok := g.find("grammar." + n).(*ast.FuncDecl); ok {
			ms = append(ms, m)
		}
	}
	for _, m := range g.methods {
		if m.Recv != nil && m.Name.Name == rule {
			ms = append(ms, m)
		}
	}
	return ms
}

// addCalls returns the calls p.add(rule, begin, first) in body.
func addCalls(body *ast.BlockStmt, rule string) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isMethodCall(call, "add") && len(call.Args) == 3 && isIdent(call.Args[0], rule) {
			out = append(out, call)
		}
		return true
	})
	return out
}

// trackStmt returns "if p.spanMode { p.track(rule, begin) } else { call }"
// for call, p.add(rule, begin, first).
func trackStmt(call *ast.CallExpr) ast.Stmt {
	return &ast.IfStmt{
		Cond: &ast.SelectorExpr{X: ast.NewIdent("p"), Sel: ast.NewIdent("spanMode")},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: trackCallExpr(call.Args[0].(*ast.Ident).Name, call.Args[1])}}},
		Else: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: call}}},
	}
}

// trackCallExpr returns p.track(rule, begin).
func trackCallExpr(rule string, begin ast.Expr) *ast.CallExpr {
	return &ast.CallExpr{
		Fun:  &ast.SelectorExpr{X: ast.NewIdent("p"), Sel: ast.NewIdent("track")},
		Args: []ast.Expr{ast.NewIdent(rule), begin},
	}
}
