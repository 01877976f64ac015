package main

// classLoopsPass: tight loops over the runs of a class.

import (
	"go/ast"
	"go/token"
	"strings"
)

// classLoopsPass makes every loop whose body starts with a lookup (see
// classTablesPass), as peg writes for (class / pct_encoded)* and class*,
//
//	lA: {
//		positionB, tokenIndexB := position, tokenIndex
//		[{]
//		if !pegenClassN[buffer[position]] { goto fail }
//		position++
//		goto ok
//		...
//	ok: goto lA   (anywhere in the rule)
//
// first consume the longest run of bytes of the class with pegenSpan (see
// classFunc), labeled lA in place of the body, which follows it:
//
//	lA: position = uint32(pegenSpan(&pegenClassN, buffer, int(position)))
//
// When the loop's next alternative is a percent-encoding (percentAlt),
// the run also goes through percent-encodings while their tokens are
// filtered out (tightPercentLoop). The runs are the models tightLoop and
// tightPercentLoop of package pegenrt.
//
// An iteration of the loop in which the lookup succeeds consumes exactly
// that byte, records no token and starts the next iteration, so running
// the lookup alone until it fails leaves the parser where those
// iterations would; the loop then goes on as peg wrote it, without the
// lookup, which would fail there (dropRetest): the body of class* goes,
// and that of (class / ...) starts at its next alternative (instructions
// per parse: mailto 1,226 to 1,196, full 2,714 to 2,615, http 1,875 to
// 1,849). This took
// ParseReference from 1.22 to 1.11 times net/url.Parse's instructions
// (geometric mean over testdata/bench/corpus.txt; 2kb 1.06 to 0.87, urn
// 1.47 to 1.24).
func (g *gen) classLoopsPass() error {
	loopsBack := map[string]string{} // label -> label of the goto it labels
	ast.Inspect(g.file, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			if _, seen := loopsBack[l.Label.Name]; !seen {
				loopsBack[l.Label.Name] = labelOf(l.Stmt)
			}
		}
		return true
	})
	blocks(g.file, func(list []ast.Stmt, _ ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range list {
			// The loop's label, innermost of the labels of s.
			l, ok := s.(*ast.LabeledStmt)
			for ok {
				inner, more := l.Stmt.(*ast.LabeledStmt)
				if !more {
					break
				}
				l = inner
			}
			table, okLoop := "", false
			if ok {
				table, okLoop = loopTable(l, loopsBack)
			}
			if !okLoop {
				out = append(out, s)
				continue
			}
			loop := l.Stmt
			l.Stmt = g.tightLoop(l, table)
			out = append(out, s)
			if !dropRetest(loop) {
				out = append(out, loop)
			}
		}
		return out
	})
	dropUnusedLabels(g.file)
	return nil
}

// dropRetest removes the class lookup from the body of a loop that
// classLoopsPass has made start with the class's run: the body now runs
// only where the run stopped, at a byte the lookup fails on, so control
// goes straight to the lookup's failure label. When that label is the
// next statement, the lookup, its position++ and its jump back are
// removed; when the lookup was the whole body (class*), the body is
// removed, and it reports true. Labels left unused go with
// dropUnusedLabels.
func dropRetest(loop ast.Stmt) bool {
	b, ok := loop.(*ast.BlockStmt)
	if !ok || len(b.List) < 2 {
		return false
	}
	list := b.List[1:] // the body after its save
	if inner, ok := b.List[1].(*ast.BlockStmt); ok {
		list = inner.List
	}
	fail := lookupFail(list)
	if fail == "" {
		return false
	}
	if len(list) == 3 {
		// class*: the body is the lookup alone, then the jump back and
		// the failure's restore.
		return len(b.List) == 4 && isRestore(b.List[3], fail)
	}
	next, ok := list[3].(*ast.LabeledStmt)
	if !ok || next.Label.Name != fail {
		return false
	}
	rest := append([]ast.Stmt{next.Stmt}, list[4:]...)
	if inner, ok := b.List[1].(*ast.BlockStmt); ok {
		inner.List = rest
	} else {
		b.List = append(b.List[:1], rest...)
	}
	return false
}

// lookupFail returns the label that the lookup at the start of list jumps
// to when it fails, if list starts with "if !pegenClassN[buffer[position]]
// { goto F }; position++; goto L" (see loopTable), or "".
func lookupFail(list []ast.Stmt) string {
	if len(list) < 3 || !isPositionInc(list[1]) || labelOf(list[2]) == "" {
		return ""
	}
	if _, ok := lookupTable(list[0]); !ok {
		return ""
	}
	body := list[0].(*ast.IfStmt).Body.List
	if len(body) != 1 {
		return ""
	}
	return labelOf(body[0])
}

// dropUnusedLabels removes the labels that no goto of their function
// names.
func dropUnusedLabels(f *ast.File) {
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		used := map[string]bool{}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if l := labelOfNode(n); l != "" {
				used[l] = true
			}
			return true
		})
		blocks(fn.Body, func(list []ast.Stmt, _ ast.Stmt) []ast.Stmt {
			for i, s := range list {
				list[i] = unlabelUnused(s, used)
			}
			return list
		})
	}
}

// unlabelUnused returns s without those of its labels that used lacks.
func unlabelUnused(s ast.Stmt, used map[string]bool) ast.Stmt {
	l, ok := s.(*ast.LabeledStmt)
	if !ok {
		return s
	}
	inner := unlabelUnused(l.Stmt, used)
	if !used[l.Label.Name] {
		return inner
	}
	l.Stmt = inner
	return l
}

// labelOfNode returns the label of a goto node, or "".
func labelOfNode(n ast.Node) string {
	s, ok := n.(ast.Stmt)
	if !ok {
		return ""
	}
	return labelOf(s)
}

// tightLoop returns the run of loop l, whose lookup is of table (see
// classLoopsPass): the model tightLoop of package pegenrt, or
// tightPercentLoop for a loop whose next alternative is a
// percent-encoding rule P (see percentAlt), which goes on through
// percent-encodings when P's tokens are filtered out.
func (g *gen) tightLoop(l *ast.LabeledStmt, table string) ast.Stmt {
	rule, hex, ok := g.percentAlt(l, table)
	if !ok {
		return g.fragmentStmts("tightLoop", map[string]ast.Expr{"classRun": ast.NewIdent(table)})[0]
	}
	g.percentUsed = true
	g.skipCalls[rule] = true
	return g.fragmentStmts("tightPercentLoop", map[string]ast.Expr{
		"ruleP":    ast.NewIdent("rule" + rule),
		"classRun": ast.NewIdent(table),
		"classHex": ast.NewIdent(g.table(hex)),
	})[0]
}

// percentAlt returns the percent-encoding rule P (g.percent, see
// percentRules) and its digits when the alternative right after the
// class lookup of loop l is P guarded by its "%" (&'%' P, see
// firstCharGuards), as peg writes it:
//
//	if !pegenClassN[buffer[position]] { goto lF }
//	position++
//	goto ok
//	lF: { positionM, tokenIndexM := ...; if buffer[position] != byte('%') { ... }; ...; restore }
//	if !_rules[ruleP]() { goto ... }
//
// and the class holds no "%": at a "%" and two digits the class fails and
// P matches, so an iteration consumes exactly those three bytes and
// records only P's token.
func (g *gen) percentAlt(l *ast.LabeledStmt, table string) (rule, hex string, ok bool) {
	list := loopBody(l)
	if len(list) < 5 || strings.Contains(g.members(table), "%") {
		return "", "", false
	}
	fail := ""
	if ifs, isIf := list[0].(*ast.IfStmt); isIf && len(ifs.Body.List) == 1 {
		fail = labelOf(ifs.Body.List[0])
	}
	guard, isLabel := list[3].(*ast.LabeledStmt)
	if !isLabel || guard.Label.Name != fail || !isPercentGuard(guard.Stmt) {
		return "", "", false
	}
	rule = calledRule(list[4])
	hex, ok = g.percent[rule]
	return rule, hex, ok
}

// loopBody returns the statements of the body of loop l after its save
// (see loopTable), or nil.
func loopBody(l *ast.LabeledStmt) []ast.Stmt {
	b, ok := l.Stmt.(*ast.BlockStmt)
	if !ok || len(b.List) < 2 || !isSave(b.List[0]) {
		return nil
	}
	list := b.List[1:]
	if inner, ok := list[0].(*ast.BlockStmt); ok {
		list = inner.List
	}
	return list
}

// isPercentGuard reports whether s is a block that saves the parser's
// state, compares the byte at the position with '%' and restores the
// state: the lookahead &'%'.
func isPercentGuard(s ast.Stmt) bool {
	b, ok := s.(*ast.BlockStmt)
	if !ok || len(b.List) < 2 || !isSave(b.List[0]) || !isRestore(b.List[len(b.List)-1], "") {
		return false
	}
	ifs, ok := b.List[1].(*ast.IfStmt)
	if !ok {
		return false
	}
	cmp, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || cmp.Op != token.NEQ || !isBufferAt(cmp.X) {
		return false
	}
	call, ok := cmp.Y.(*ast.CallExpr)
	if !ok || !isIdent(call.Fun, "byte") {
		return false
	}
	lit, ok := onlyArg(call).(*ast.BasicLit)
	return ok && lit.Value == "'%'"
}

// calledRule returns P of "if !_rules[ruleP]() { ... }", or "".
func calledRule(s ast.Stmt) string {
	ifs, ok := s.(*ast.IfStmt)
	if !ok {
		return ""
	}
	not, ok := ifs.Cond.(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT || !isRuleCall(not.X) {
		return ""
	}
	id, ok := not.X.(*ast.CallExpr).Fun.(*ast.IndexExpr).Index.(*ast.Ident)
	if !ok {
		return ""
	}
	return strings.TrimPrefix(id.Name, "rule")
}

// members returns the members of the table named name.
func (g *gen) members(name string) string {
	for _, t := range g.tables {
		if t.name == name {
			return t.members
		}
	}
	return ""
}

// loopTable returns the table of the lookup that starts the loop l (see
// classLoopsPass), if l is such a loop.
func loopTable(l *ast.LabeledStmt, loopsBack map[string]string) (string, bool) {
	list := loopBody(l)
	if len(list) < 3 || !isPositionInc(list[1]) || loopsBack[labelOf(list[2])] != l.Label.Name {
		return "", false
	}
	return lookupTable(list[0])
}

// lookupTable returns the table of "if !pegenClassN[buffer[position]] {
// ... }", if s is that.
func lookupTable(s ast.Stmt) (string, bool) {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil {
		return "", false
	}
	not, ok := ifs.Cond.(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return "", false
	}
	ix, ok := not.X.(*ast.IndexExpr)
	if !ok || !isBufferAt(ix.Index) {
		return "", false
	}
	if table, ok := ix.X.(*ast.Ident); ok && strings.HasPrefix(table.Name, "pegenClass") {
		return table.Name, true
	}
	return "", false
}
