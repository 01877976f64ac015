package main

// memoPass and guardPass.

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// memoSize is how many start positions a memoized rule remembers; a
// position p uses slot p%memoSize. It is the literal that replaces the
// placeholder memoSize of pegenrt's models.
const memoSize = 8

// memoPass makes each rule named by the Set's Memo remember its
// answers within one parse: the ordered alternatives of a rule such as IPv6address try
// the same rule (h16) at the same positions again and again. Without
// actions a rule's answer depends on its start position alone, so the
// answer of an earlier try stands. It requires the rule's method (see
// methodsPass) to start as peg starts a rule that records a token,
//
//	positionN, tokenIndexN := p.position, p.tokenIndex
//	{
//		positionM := p.position
//		...
//
// to call no other rule, and to call p.add once, as p.add(ruleX,
// positionM, first) (see treePass): a remembered success then records
// exactly the token the rule itself records, from its start to its end,
// with no descendants; a failure records none.
// The method is renamed ruleXTry, and ruleX answers from memoX, memoSize
// slots that reset empties (methodsPass declares and empties them); a slot
// holding another position is simply overwritten. The new ruleX is the
// model ruleM of package pegenrt. For h16, which the nine
// IPv6address alternatives try again and again, this took ldap-ipv6 from
// 1.18 to 1.06 times net/url.Parse's instructions; unlike inlining h16, it
// keeps h16's tokens, so errors inside an IP literal keep their offset and
// rule.
func (g *gen) memoPass() error {
	if len(g.memo) == 0 {
		return nil
	}
	for i, d := range g.file.Decls {
		if declName(d) == "grammar" {
			decls, err := g.parseDecls(memoType)
			if err != nil {
				return err
			}
			g.file.Decls = append(g.file.Decls[:i:i], append(decls, g.file.Decls[i:]...)...)
			break
		}
	}
	for _, name := range g.memo {
		rule := "rule" + name
		m, ok := g.find("grammar." + rule).(*ast.FuncDecl)
		if !ok {
			return g.shapeError(nil, "rule "+name+" to memoize")
		}
		if err := g.checkMemoizable(m); err != nil {
			return err
		}
		m.Name = ast.NewIdent(rule + "Try")
		g.methods = append(g.methods, g.fragment("grammar.ruleM", map[string]ast.Expr{
			"ruleM":    ast.NewIdent(rule),
			"ruleMTry": ast.NewIdent(rule + "Try"),
			"memoM":    ast.NewIdent("memo" + name),
			"memoSize": intLit(memoSize),
		}).(*ast.FuncDecl))
	}
	return nil
}

// checkMemoizable checks the shape that memoPass requires of m.
func (g *gen) checkMemoizable(m *ast.FuncDecl) error {
	begin, err := g.memoStart(m)
	if err != nil {
		return err
	}
	var adds []*ast.CallExpr
	ast.Inspect(m.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		switch {
		case !ok || err != nil:
		case isMethodCall(call, "rule"):
			err = g.shapeError(call, "a rule that uses no other rule")
		case isMethodCall(call, "add"):
			adds = append(adds, call)
		}
		return err == nil
	})
	if err != nil {
		return err
	}
	if len(adds) != 1 || len(adds[0].Args) != 3 || !isIdent(adds[0].Args[0], m.Name.Name) || !isIdent(adds[0].Args[1], begin) {
		return g.shapeError(m, fmt.Sprintf("one p.add(%s, %s, first)", m.Name.Name, begin))
	}
	return nil
}

// memoStart checks that m starts as memoPass requires and returns the
// name of the variable that holds its start.
func (g *gen) memoStart(m *ast.FuncDecl) (string, error) {
	body := m.Body.List
	if len(body) < 2 {
		return "", g.shapeError(m, "a rule that starts with a save and a block")
	}
	if !isDefineOf(body[0], "position", "tokenIndex") {
		return "", g.shapeError(body[0], "positionN, tokenIndexN := p.position, p.tokenIndex")
	}
	block, ok := body[1].(*ast.BlockStmt)
	if !ok || len(block.List) == 0 || !isDefineOf(block.List[0], "position") {
		return "", g.shapeError(body[1], "a block that starts with positionM := p.position")
	}
	return block.List[0].(*ast.AssignStmt).Lhs[0].(*ast.Ident).Name, nil
}

// isDefineOf reports whether s is "a, b, ... := p.field0, p.field1, ...".
func isDefineOf(s ast.Stmt, fields ...string) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || len(a.Lhs) != len(fields) || len(a.Rhs) != len(fields) {
		return false
	}
	for i, f := range fields {
		if _, ok := a.Lhs[i].(*ast.Ident); !ok || !isField(a.Rhs[i], f) {
			return false
		}
	}
	return true
}

// isMethodCall reports whether call calls a method of p whose name starts
// with prefix.
func isMethodCall(call *ast.CallExpr, prefix string) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && isIdent(sel.X, "p") && strings.HasPrefix(sel.Sel.Name, prefix)
}

// isField reports whether e is p.name.
func isField(e ast.Expr, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && isIdent(s.X, "p") && s.Sel.Name == name
}

// guardPass makes each rule with a stop guard (stopGuards: R <- A 'c')
// start with its test, the model stopGuard of package pegenrt: unless the parse explains a failure (explain), the
// rule fails at once, having matched nothing, where the run of A's bytes
// from the position does not end at c. It requires the rule's method (see
// methodsPass; memoPass renames a memoized one ruleXTry). A skipped rule
// would have matched nothing, but the rules it uses could have reached
// further before it failed, and Furthest reports how far any rule got: so
// the parse that explains a failure runs without guards (api.go), and a
// parse that skipped sets skipped.
func (g *gen) guardPass() error {
	names := make([]string, 0, len(g.stops))
	for name := range g.stops {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		m, ok := g.find("grammar.rule" + name).(*ast.FuncDecl)
		if !ok {
			if m, ok = g.find("grammar.rule" + name + "Try").(*ast.FuncDecl); !ok {
				return g.shapeError(nil, "rule "+name+" to guard")
			}
		}
		sg := g.stops[name]
		guard := g.fragmentStmts("grammar.stopGuard", map[string]ast.Expr{
			"classRun": ast.NewIdent(g.table(sg.class)),
			"stopByte": charLit(sg.stop),
		})
		m.Body.List = append(guard, m.Body.List...)
	}
	return nil
}
