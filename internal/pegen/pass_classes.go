package main

// bytesPass and classTablesPass, and the readers of peg's code for a
// character they share with the passes after them.

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// bytesPass requires every call of rune in peg's output to convert a
// character literal, and makes it a conversion to byte: the literal as it
// is for ASCII, in hex from 0x80 to 0xFF. It fails on a literal beyond
// 0xFF (the byte parser cannot match it) and on NUL, which the parser
// reads at the end of the input (see peek).
func (g *gen) bytesPass() error {
	var err error
	ast.Inspect(g.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && err == nil && isIdent(call.Fun, "rune") {
			err = g.runeToByte(call)
			return false
		}
		return err == nil
	})
	return err
}

// runeToByte makes rune('c') a conversion to byte (see bytesPass).
func (g *gen) runeToByte(call *ast.CallExpr) error {
	lit, ok := onlyArg(call).(*ast.BasicLit)
	if !ok || lit.Kind != token.CHAR {
		return g.shapeError(call, "rune('c'), a character literal")
	}
	r, _, tail, err := strconv.UnquoteChar(lit.Value[1:len(lit.Value)-1], '\'')
	switch {
	case err != nil || tail != "":
		return g.shapeError(call, "rune('c'), one character")
	case r == 0:
		return g.shapeError(call, "no NUL in the grammar: NUL reads as the end of the input")
	case r > 0xFF:
		return g.shapeError(call, "a literal up to 0xFF: beyond a byte, the byte parser cannot match it")
	case r >= 0x80:
		call.Args[0] = &ast.BasicLit{ValuePos: lit.ValuePos, Kind: token.INT, Value: fmt.Sprintf("0x%02x", r)}
	}
	call.Fun = &ast.Ident{NamePos: call.Fun.Pos(), Name: "byte"}
	return nil
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func onlyArg(call *ast.CallExpr) ast.Expr {
	if len(call.Args) != 1 {
		return nil
	}
	return call.Args[0]
}

// labelOf returns the label of "goto L", or "".
func labelOf(s ast.Stmt) string {
	if b, ok := s.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil {
		return b.Label.Name
	}
	return ""
}

// isSave reports whether s is "positionN, tokenIndexN := position,
// tokenIndex", which saves the parser's state before a choice (saveOf).
func isSave(s ast.Stmt) bool {
	_, _, ok := saveOf(s)
	return ok
}

// isRestore reports whether s is "position, tokenIndex = positionN,
// tokenIndexN", possibly labeled by label (if label is not "") (restoreOf).
func isRestore(s ast.Stmt, label string) bool {
	if l, ok := s.(*ast.LabeledStmt); ok {
		if label != "" && l.Label.Name != label {
			return false
		}
		s, label = l.Stmt, ""
	}
	_, _, ok := restoreOf(s)
	return ok && label == ""
}

// saveOf returns the names of positionN, tokenIndexN when s is
// "positionN, tokenIndexN := position, tokenIndex", the state read as
// peg's closures read it or as the methods of methodsPass do
// (p.position: isState).
func saveOf(s ast.Stmt) (position, tokenIndex string, ok bool) {
	a, isAssign := s.(*ast.AssignStmt)
	if !isAssign || a.Tok != token.DEFINE || len(a.Lhs) != 2 || len(a.Rhs) != 2 ||
		!isState(a.Rhs[0], "position") || !isState(a.Rhs[1], "tokenIndex") {
		return "", "", false
	}
	p, ok1 := a.Lhs[0].(*ast.Ident)
	t, ok2 := a.Lhs[1].(*ast.Ident)
	if !ok1 || !ok2 || p.Name == "_" || t.Name == "_" {
		return "", "", false
	}
	return p.Name, t.Name, true
}

// restoreOf returns the names of positionN, tokenIndexN when s is
// "position, tokenIndex = positionN, tokenIndexN" (see saveOf).
func restoreOf(s ast.Stmt) (position, tokenIndex string, ok bool) {
	a, isAssign := s.(*ast.AssignStmt)
	if !isAssign || a.Tok != token.ASSIGN || len(a.Lhs) != 2 || len(a.Rhs) != 2 ||
		!isState(a.Lhs[0], "position") || !isState(a.Lhs[1], "tokenIndex") {
		return "", "", false
	}
	p, ok1 := a.Rhs[0].(*ast.Ident)
	t, ok2 := a.Rhs[1].(*ast.Ident)
	if !ok1 || !ok2 {
		return "", "", false
	}
	return p.Name, t.Name, true
}

// isState reports whether e is the parser's field name, as peg's closures
// read it (name) or as the methods of methodsPass do (p.name).
func isState(e ast.Expr, name string) bool { return isIdent(e, name) || isField(e, name) }

// readsByteOnly reports whether e reads the state only as the byte at the
// position, through comparisons, byte constants and class tables, with no
// call but byte conversions: at says what a read of that byte is at the
// pass's stage (isBufferAt in peg's closures, isPeek in the methods).
func readsByteOnly(e ast.Expr, at func(ast.Expr) bool) bool {
	if at(e) {
		return true
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		return readsByteOnly(e.X, at) && readsByteOnly(e.Y, at)
	case *ast.UnaryExpr:
		return e.Op == token.NOT && readsByteOnly(e.X, at)
	case *ast.ParenExpr:
		return readsByteOnly(e.X, at)
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		_, ok := byteValue(e)
		return ok
	case *ast.IndexExpr:
		id, ok := e.X.(*ast.Ident)
		return ok && strings.HasPrefix(id.Name, "pegenClass") && at(e.Index)
	}
	return false
}

// isBufferAt reports whether e is buffer[position].
func isBufferAt(e ast.Expr) bool {
	ix, ok := e.(*ast.IndexExpr)
	return ok && isIdent(ix.X, "buffer") && isIdent(ix.Index, "position")
}

// byteValue returns the value of byte('c') or byte(0xNN).
func byteValue(e ast.Expr) (byte, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || !isIdent(call.Fun, "byte") {
		return 0, false
	}
	lit, ok := onlyArg(call).(*ast.BasicLit)
	if !ok {
		return 0, false
	}
	if lit.Kind == token.INT {
		n, err := strconv.ParseUint(lit.Value, 0, 8)
		return byte(n), err == nil
	}
	s, err := strconv.Unquote(lit.Value)
	return s[0], err == nil && len(s) == 1
}

// element is one character or range of a class in peg's output, at the
// start of a statement list:
//
//	if buffer[position] != byte('c') { goto fail }       or
//	if c := buffer[position]; c < byte('a') || c > byte('z') { goto fail }
//	position++
//
// and, when another alternative follows,
//
//	goto ok
//	fail: position, tokenIndex = positionN, tokenIndexN
type element struct {
	lo, hi byte
	fail   string // label the test jumps to
	ok     string // label jumped to on a match, when another alternative follows
	n      int    // statements: 2, or 4 when another alternative follows
}

// readElement reads an element at list[0], if there is one.
func readElement(list []ast.Stmt) (e element, ok bool) {
	if len(list) < 2 {
		return e, false
	}
	ifs, ok := list[0].(*ast.IfStmt)
	if !ok || ifs.Else != nil || len(ifs.Body.List) != 1 || labelOf(ifs.Body.List[0]) == "" || !isPositionInc(list[1]) {
		return e, false
	}
	e.fail, e.n = labelOf(ifs.Body.List[0]), 2
	if e.lo, e.hi, ok = classTest(ifs); !ok {
		return e, false
	}
	if len(list) >= 4 && labelOf(list[2]) != "" && isRestore(list[3], e.fail) {
		e.ok, e.n = labelOf(list[2]), 4
	}
	return e, true
}

// classTest reads the test of an element: the byte or range it matches.
func classTest(ifs *ast.IfStmt) (lo, hi byte, ok bool) {
	cond, isBin := ifs.Cond.(*ast.BinaryExpr)
	switch {
	case !isBin:
		return 0, 0, false
	case ifs.Init == nil:
		lo, ok = byteValue(cond.Y)
		return lo, lo, ok && cond.Op == token.NEQ && isBufferAt(cond.X)
	case !isCharAtPosition(ifs.Init):
		return 0, 0, false
	}
	x, okx := cond.X.(*ast.BinaryExpr)
	y, oky := cond.Y.(*ast.BinaryExpr)
	if cond.Op != token.LOR || !okx || !oky || !isCompareC(x, token.LSS) || !isCompareC(y, token.GTR) {
		return 0, 0, false
	}
	lo, ok1 := byteValue(x.Y)
	hi, ok2 := byteValue(y.Y)
	return lo, hi, ok1 && ok2
}

// isCharAtPosition reports whether s is "c := buffer[position]".
func isCharAtPosition(s ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	return ok && a.Tok == token.DEFINE && len(a.Lhs) == 1 && isIdent(a.Lhs[0], "c") && isBufferAt(a.Rhs[0])
}

// isCompareC reports whether e is "c op ...".
func isCompareC(e *ast.BinaryExpr, op token.Token) bool {
	return e.Op == op && isIdent(e.X, "c")
}

func isPositionInc(s ast.Stmt) bool {
	inc, ok := s.(*ast.IncDecStmt)
	return ok && inc.Tok == token.INC && isIdent(inc.X, "position")
}

// blocks calls f for every statement list of a block in n, in source
// order, with the statement that follows the block in its own list (nil if
// none), and lets f replace the list.
func blocks(n ast.Node, f func(list []ast.Stmt, after ast.Stmt) []ast.Stmt) {
	following := map[*ast.BlockStmt]ast.Stmt{}
	ast.Inspect(n, func(n ast.Node) bool {
		b, ok := n.(*ast.BlockStmt)
		if !ok {
			return true
		}
		for i, s := range b.List {
			if l, ok := s.(*ast.LabeledStmt); ok {
				s = l.Stmt
			}
			if inner, ok := s.(*ast.BlockStmt); ok && i+1 < len(b.List) {
				following[inner] = b.List[i+1]
			}
		}
		b.List = f(b.List, following[b])
		return true
	})
}

// classTablesPass rewrites every run of two or more elements (see
// element) that starts an alternative of a choice and whose elements all
// jump to the same label on a match into one lookup in a [256]bool table:
//
//	if !pegenClassN[buffer[position]] { goto fail }
//	position++
//	goto ok
//
// where fail is the last element's. An element starts an alternative
// when it follows the save of the choice's state or the restore of the
// previous alternative. The last element of the choice ends a run only
// when the block ends after it and the statement after the block is
// labeled ok. The restore after a failed lookup is dropped, as are the
// saves left unused: a run starts an alternative, where the state equals
// the saved one, and a failed lookup changes neither.
func (g *gen) classTablesPass() error {
	blocks(g.file, func(list []ast.Stmt, after ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		var label string // label of the next statement out gets
		emit := func(s ast.Stmt) {
			if label != "" {
				s = &ast.LabeledStmt{Label: ast.NewIdent(label), Stmt: s}
				label = ""
			}
			out = append(out, s)
		}
		for i := 0; i < len(list); {
			run, j := readRun(list, i, after)
			if len(run) < 2 {
				emit(list[i])
				i++
				continue
			}
			name := g.table(runMembers(run))
			last := run[len(run)-1]
			emit(&ast.IfStmt{
				Cond: &ast.UnaryExpr{Op: token.NOT, X: &ast.IndexExpr{X: ast.NewIdent(name), Index: bufferAt()}},
				Body: &ast.BlockStmt{List: []ast.Stmt{gotoStmt(last.fail)}},
			})
			emit(&ast.IncDecStmt{X: ast.NewIdent("position"), Tok: token.INC})
			emit(gotoStmt(run[0].ok))
			if last.ok != "" {
				label = last.fail
			}
			i = j
		}
		if label != "" {
			emit(&ast.EmptyStmt{Implicit: true})
		}
		return out
	})
	g.dropUnusedSaves()
	return nil
}

// table returns the name of the table of members, a new one if no
// earlier run has the same members.
func (g *gen) table(members string) string {
	for _, t := range g.tables {
		if t.members == members {
			return t.name
		}
	}
	name := fmt.Sprintf("pegenClass%d", len(g.tables))
	g.tables = append(g.tables, &tableDecl{name, members})
	return name
}

// runMembers returns the bytes that the elements of run match, in order.
func runMembers(run []element) string {
	var set [256]bool
	for _, e := range run {
		for b := int(e.lo); b <= int(e.hi); b++ {
			set[b] = true
		}
	}
	var members []byte
	for b := range 256 {
		if set[b] {
			members = append(members, byte(b))
		}
	}
	return string(members)
}

// readRun reads the run of elements at list[i] (see classTablesPass) and
// returns it and the index after it.
func readRun(list []ast.Stmt, i int, after ast.Stmt) ([]element, int) {
	if i == 0 || !isSave(list[i-1]) && !isRestore(list[i-1], "") {
		return nil, i
	}
	var run []element
	j := i
	for {
		e, ok := readElement(list[j:])
		if !ok {
			return run, j
		}
		if e.ok != "" {
			if len(run) > 0 && e.ok != run[0].ok {
				return run, j
			}
			run = append(run, e)
			j += e.n
			continue
		}
		if l, ok := after.(*ast.LabeledStmt); ok && len(run) > 0 && j+e.n == len(list) && l.Label.Name == run[0].ok {
			run = append(run, e)
			j += e.n
		}
		return run, j
	}
}

func bufferAt() ast.Expr {
	return &ast.IndexExpr{X: ast.NewIdent("buffer"), Index: ast.NewIdent("position")}
}

func gotoStmt(label string) ast.Stmt {
	return &ast.BranchStmt{Tok: token.GOTO, Label: ast.NewIdent(label)}
}

// dropUnusedSaves removes every save (see isSave) whose two variables
// nothing else in the file uses.
func (g *gen) dropUnusedSaves() {
	uses := map[string]int{}
	ast.Inspect(g.file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			uses[id.Name]++
		}
		return true
	})
	blocks(g.file, func(list []ast.Stmt, _ ast.Stmt) []ast.Stmt {
		out := list[:0]
		for _, s := range list {
			if isSave(s) {
				a := s.(*ast.AssignStmt)
				if uses[a.Lhs[0].(*ast.Ident).Name] == 1 && uses[a.Lhs[1].(*ast.Ident).Name] == 1 {
					continue
				}
			}
			out = append(out, s)
		}
		return out
	})
}
