package main

import (
	"go/ast"

	"github.com/specuri/specuri/internal/grammar"
)

// A runRule is a rule S <- (class / P)* or S <- class*, with P a
// percent-encoding rule (percentRules): a match of S is the longest run of
// bytes of class and, with P, of percent-encodings.
type runRule struct {
	class string // the members of class
	pct   string // P, or ""
	hex   string // P's digits
}

// runRules returns the run rules of g (see runRule), given its
// percent-encoding rules.
func runRules(g *grammar.Grammar, percent map[string]string) map[string]runRule {
	out := map[string]runRule{}
	for _, r := range g.Rules {
		e := r.Expr
		if e.Op != grammar.OpRep || e.Min != 0 || e.Max != grammar.Inf {
			continue
		}
		body, pct := e.Subs[0], ""
		if body.Op == grammar.OpAlt && body.Ordered && len(body.Subs) == 2 && body.Subs[1].Op == grammar.OpRef {
			if _, ok := percent[body.Subs[1].Name]; !ok {
				continue
			}
			body, pct = body.Subs[0], body.Subs[1].Name
		}
		if body.Op != grammar.OpSet {
			continue
		}
		class, ok := asciiMembers(body.Set)
		if !ok {
			continue
		}
		out[r.Name] = runRule{class: class, pct: pct, hex: percent[pct]}
	}
	return out
}

// fusedLoopsPass makes every loop ('c' S)* over a run rule S (see
// runRule), as peg writes it,
//
//	lA: {
//		positionN, tokenIndexN := position, tokenIndex
//		if buffer[position] != byte('c') { goto lF }
//		position++
//		if !_rules[ruleS]() { goto lF }
//		goto lA
//	lF: position, tokenIndex = positionN, tokenIndexN
//	}
//
// where c is neither in S's class nor "%", first consume, when the tokens
// of S and P are filtered out (keep) and the byte at the position is c,
// the longest run of bytes of S's class and c (and of percent-encodings)
// in one call of pegenSpan (pegenSpanPercent), as the model fusedRun
// (fusedRunPercent) of package pegenrt does: path-abempty's
// ("/" segment)* reads a whole path in one loop instead of a rule call
// per segment. The loop's iterations would stop at the same byte: each
// reads c and then S's run, which stops at a byte that is not in the
// class and starts no percent-encoding, and the next iteration needs c
// there. They would record only the filtered tokens, so nothing is lost;
// the loop then goes on as peg wrote it and ends at once. Without a
// filter (the error path, uri explain) the loop runs as written.
func (g *gen) fusedLoopsPass() error {
	blocks(g.file, func(list []ast.Stmt, _ ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range list {
			out = append(out, g.fusedRun(s)...)
			out = append(out, s)
		}
		return out
	})
	return nil
}

// fusedRun returns the statement to put before s, if s is a loop that
// fusedLoopsPass fuses, or none: the model fusedRun of package pegenrt
// (fusedRunPercent for a run rule with a percent-encoding rule) for this
// loop's byte, rules and class.
func (g *gen) fusedRun(s ast.Stmt) []ast.Stmt {
	l, ok := s.(*ast.LabeledStmt)
	for ok {
		inner, more := l.Stmt.(*ast.LabeledStmt)
		if !more {
			break
		}
		l = inner
	}
	if !ok {
		return nil
	}
	c, rule, ok := g.literalRuleLoop(l)
	if !ok {
		return nil
	}
	run := g.runs[rule]
	g.skipCalls[rule] = true
	model, with := "fusedRun", map[string]ast.Expr{
		"fuseByte": charLit(c),
		"ruleS":    ast.NewIdent("rule" + rule),
		"classRun": ast.NewIdent(g.table(sortedBytes(run.class + string(c)))),
	}
	if run.pct != "" {
		g.skipCalls[run.pct] = true
		g.percentUsed = true
		model = "fusedRunPercent"
		with["ruleP"] = ast.NewIdent("rule" + run.pct)
		with["classHex"] = ast.NewIdent(g.table(run.hex))
	}
	return g.fragmentStmts(model, with)
}

// literalRuleLoop returns c and S if l is the loop ('c' S)* of
// fusedLoopsPass over a run rule S whose class holds neither c nor "%".
func (g *gen) literalRuleLoop(l *ast.LabeledStmt) (byte, string, bool) {
	b, ok := l.Stmt.(*ast.BlockStmt)
	if !ok || len(b.List) != 6 || !isSave(b.List[0]) {
		return 0, "", false
	}
	list := b.List[1:]
	e, ok := readElement(list)
	if !ok || e.lo != e.hi || e.n != 2 || e.lo == '%' {
		return 0, "", false
	}
	rule := calledRule(list[2])
	run, ok := g.runs[rule]
	if !ok || labelOf(list[2].(*ast.IfStmt).Body.List[0]) != e.fail || labelOf(list[3]) != l.Label.Name || !isRestore(list[4], e.fail) {
		return 0, "", false
	}
	for i := 0; i < len(run.class); i++ {
		if run.class[i] == e.lo || run.class[i] == '%' {
			return 0, "", false
		}
	}
	return e.lo, rule, true
}
