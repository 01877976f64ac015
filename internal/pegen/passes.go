package main

// The passes over peg's output.
//
// pointlander/peg v1.0.1 writes a parser as one Go file: the rule constants
// and names, a token type and its slice, the grammar type, a runtime for
// printing syntax trees and errors, and Init, which defines every rule as a
// closure over variables that the closures share and fills a table of them.
// edit parses that file with go/parser and runs the passes below over its
// syntax tree, in order; none of them reads peg's output as text. Each pass
// states the shape of peg's output it requires and fails, showing the node
// it found (position and printed code), when the output differs, so a new
// version of peg cannot slip through. The file is then printed with
// go/printer, declaration by declaration (the rule methods laid out by
// their structure alone, as their code mixes peg's statements with
// pegen's), and gofmt'd. testdata/golden shows the result for small
// grammars.
//
//  1. markerPass: the "Code generated ... DO NOT EDIT." comment, which peg
//     writes after the package clause, moves above it, where Go tools look.
//  2. prunePass: the runtime that neither the generated API nor package uri
//     uses is dropped (syntax-tree printers, line/column translation, the
//     ANSI-coloured error, the exported options Pretty and Size).
//  3. bytesPass: every character literal becomes a byte, as the parser
//     reads bytes: rune('a') is byte('a'), and a literal from 0x80 to 0xFF
//     (a byte of a UTF-8 sequence, see utf8Expr) is byte(0xNN).
//  4. classTablesPass: each run of alternatives that test one character or
//     one range each, all leading to the same place (the code peg writes
//     for a character class), becomes one lookup in a [256]bool table.
//  5. classLoopsPass: a loop over (class / ...) first consumes the longest
//     run of the class in a tight loop over local variables.
//     fusedLoopsPass (fuse.go): a loop ('c' S)* over a run rule S first
//     consumes the run of S's class and c when S's tokens are filtered out.
//     lookaheadPass: a lookahead of one byte tests the byte at the
//     position, without moving it and restoring the state.
//  6. methodsPass: the rule closures become methods over the grammar's
//     fields, with direct calls; the parser reads the input string's bytes;
//     reset and parse are methods, and a switch (call) replaces the
//     table of rules; add tests an optional token filter.
//  7. treePass: every token also records the index of its first
//     descendant, so that the tokens of a match form an exact tree.
//  8. memoPass: the rules named by the Set's Memo remember their answers
//     within one parse.
//  9. guardPass: a rule R <- A 'c' (stopGuards, guards.go) first scans the
//     run of A's bytes and fails at once unless c ends it, except in the
//     parse that explains a failure.
//  10. spansPass: each rule of the Set's Spans writes its span into a
//     fixed slot in span mode, instead of recording a token.
//  11. trackPass: in span mode, the rules whose matches can end furthest
//     without a match that is tracked or the entry rule's own ending as far
//     (trackedRules, track.go) track where they end, as record does with
//     tokens, for Failure.
//
// Code that pegen adds (the new Init, the helpers, the tables, the memo
// wrappers) is written as Go source in this file and parsed, never spliced
// into peg's output as text.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// gen is peg's output being edited.
type gen struct {
	fset   *token.FileSet
	file   *ast.File
	marker string   // the generated-code comment
	rules  []string // the rule constants, by value: rules[0] is ruleUnknown
	// Filled by the passes, in output order after peg's declarations.
	tables  []*tableDecl // character classes (classTablesPass)
	methods []*ast.FuncDecl
	// The rule methods, whose code mixes peg's positions with none: print
	// lays them out by their structure alone (see clearPositions).
	ruleDecls []*ast.FuncDecl
	memo      []string // memoized rules
	// percent maps each percent-encoding rule to its digits (see
	// percentRules); percentUsed is whether a run goes through them
	// (tightPercentLoop).
	percent     map[string]string
	percentUsed bool
	stops       map[string]stopGuard // rules with a stop guard (guardPass)
	runs        map[string]runRule   // run rules (fusedLoopsPass)
	spans       []string             // rules with a span slot, in slot order (spansPass)
	tracked     []string             // rules that track their end in span mode (trackPass)
	// skipCalls holds the rules that a tight or fused loop reads without
	// calling them when their tokens are filtered out (trackPass).
	skipCalls map[string]bool
}

// tableDecl is one lookup table: its name and its members.
type tableDecl struct {
	name    string
	members string
}

// edit applies the passes to peg's output src and returns the gofmt'd
// result. memoized names the rules to memoize (Set.Memo).
func edit(src []byte, memoized []string, percent map[string]string, stops map[string]stopGuard, runs map[string]runRule, spans, tracked []string) ([]byte, error) {
	g := &gen{fset: token.NewFileSet(), memo: memoized, percent: percent, stops: stops, runs: runs, spans: spans, tracked: tracked, skipCalls: map[string]bool{}}
	f, err := parser.ParseFile(g.fset, "peg.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("peg's output does not parse: %v", err)
	}
	g.file = f
	for _, pass := range []struct {
		name string
		run  func() error
	}{
		{"markerPass", g.markerPass},
		{"prunePass", g.prunePass},
		{"bytesPass", g.bytesPass},
		{"classTablesPass", g.classTablesPass},
		{"classLoopsPass", g.classLoopsPass},
		{"fusedLoopsPass", g.fusedLoopsPass},
		{"lookaheadPass", g.lookaheadPass},
		{"methodsPass", g.methodsPass},
		{"treePass", g.treePass},
		{"memoPass", g.memoPass},
		{"guardPass", g.guardPass},
		{"spansPass", g.spansPass},
		{"trackPass", g.trackPass},
	} {
		if err := pass.run(); err != nil {
			return nil, fmt.Errorf("%s: %v", pass.name, err)
		}
	}
	return g.print()
}

// shapeError reports that peg's output differs from what a pass requires:
// want describes the shape, n is the node found instead (nil if none).
func (g *gen) shapeError(n ast.Node, want string) error {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return fmt.Errorf("peg's output has no %s", want)
	}
	var b bytes.Buffer
	if f, ok := n.(*ast.Field); ok { // not a node the printer prints
		b.WriteString(fieldShape(f))
	} else {
		(&printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}).Fprint(&b, g.fset, n)
	}
	code := b.String()
	if lines := strings.Split(code, "\n"); len(lines) > 12 {
		code = strings.Join(lines[:12], "\n") + "\n..."
	}
	return fmt.Errorf("%s: want %s, found:\n%s", g.fset.Position(n.Pos()), want, code)
}

// markerPass (1) requires a comment group after the package clause that
// is the line "// Code generated by ... DO NOT EDIT.", and removes it; print
// writes it above the package clause.
func (g *gen) markerPass() error {
	for i, c := range g.file.Comments {
		t := c.Text()
		if c.Pos() > g.file.Package && len(c.List) == 1 && strings.HasPrefix(c.List[0].Text, "// Code generated by ") &&
			strings.HasSuffix(t, "DO NOT EDIT.\n") {
			g.marker = c.List[0].Text
			g.file.Comments = append(g.file.Comments[:i:i], g.file.Comments[i+1:]...)
			return nil
		}
	}
	return g.shapeError(nil, `"// Code generated by ... DO NOT EDIT." comment`)
}

// Declarations of peg's runtime that pegen drops: printers of the token
// tree and the node tree built from it, line and column translation for
// errors, and the options that print in colour (Pretty) or whose exported
// signature uses an unexported type (Size, replaced by size). Keys are
// "Name" for a function, type, constant or variable and "Type.Name" for a
// method.
var pruned = []string{
	"endSymbol", "token32.String", "node32", "node32.print", "node32.Print", "node32.PrettyPrint",
	"tokens32.Print", "tokens32.AST", "tokens32.PrintSyntaxTree", "tokens32.WriteSyntaxTree",
	"tokens32.PrettyPrintSyntaxTree", "tokens32.Tokens", "textPosition", "textPositionMap",
	"translatePositions", "grammar.PrintSyntaxTree", "grammar.WriteSyntaxTree",
	"grammar.SprintSyntaxTree", "Pretty", "Size",
}

// declName returns the key of d in pruned, or "" for an import or a
// declaration of several names.
func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			return d.Name.Name
		}
		t := d.Recv.List[0].Type
		if s, ok := t.(*ast.StarExpr); ok {
			t = s.X
		}
		if id, ok := t.(*ast.Ident); ok {
			return id.Name + "." + d.Name.Name
		}
	case *ast.GenDecl:
		if len(d.Specs) != 1 {
			return ""
		}
		switch s := d.Specs[0].(type) {
		case *ast.TypeSpec:
			return s.Name.Name
		case *ast.ValueSpec:
			if len(s.Names) == 1 {
				return s.Names[0].Name
			}
		}
	}
	return ""
}

// find returns the declaration named name (see declName), or nil.
func (g *gen) find(name string) ast.Decl {
	for _, d := range g.file.Decls {
		if declName(d) == name {
			return d
		}
	}
	return nil
}

// replace puts the declarations of the Go source src, which pegen writes,
// in place of the declaration named name.
func (g *gen) replace(name, src string) error {
	decls, err := g.parseDecls(src)
	if err != nil {
		return err
	}
	for i, d := range g.file.Decls {
		if declName(d) == name {
			g.file.Decls = append(g.file.Decls[:i:i], append(decls, g.file.Decls[i+1:]...)...)
			return nil
		}
	}
	return g.shapeError(nil, "declaration "+name)
}

// parseDecls parses declarations that pegen writes.
func (g *gen) parseDecls(src string) ([]ast.Decl, error) {
	f, err := parser.ParseFile(g.fset, "pegen.go", "package p\n"+src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("pegen's own code: %v", err)
	}
	return f.Decls, nil
}

// prunePass (2) requires every declaration in pruned, and drops them. The
// imports are recomputed when the file is printed.
func (g *gen) prunePass() error {
	drop := map[string]bool{}
	for _, name := range pruned {
		if g.find(name) == nil {
			return g.shapeError(nil, "declaration "+name+" of peg's runtime")
		}
		drop[name] = true
	}
	// The option that presizes the tokens stays, unexported.
	if err := g.replace("Size", sizeOption); err != nil {
		return err
	}
	kept := g.file.Decls[:0]
	for _, d := range g.file.Decls {
		if !drop[declName(d)] {
			kept = append(kept, d)
		}
	}
	g.file.Decls = kept
	return nil
}

const sizeOption = `
// size returns an option of Init that makes room for size tokens.
func size(size int) func(*grammar) error {
	return func(p *grammar) error {
		p.tokens32 = tokens32{tree: make([]token32, 0, size)}
		return nil
	}
}
`

// bytesPass (3) requires every call of rune in peg's output to convert a
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
// tokenIndex", which saves the parser's state before a choice.
func isSave(s ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	return ok && a.Tok == token.DEFINE && len(a.Lhs) == 2 && len(a.Rhs) == 2 &&
		isIdent(a.Rhs[0], "position") && isIdent(a.Rhs[1], "tokenIndex")
}

// isRestore reports whether s is "position, tokenIndex = positionN,
// tokenIndexN", possibly labeled by label (if label is not "").
func isRestore(s ast.Stmt, label string) bool {
	if l, ok := s.(*ast.LabeledStmt); ok {
		if label != "" && l.Label.Name != label {
			return false
		}
		s, label = l.Stmt, ""
	}
	a, ok := s.(*ast.AssignStmt)
	return ok && label == "" && a.Tok == token.ASSIGN && len(a.Lhs) == 2 && len(a.Rhs) == 2 &&
		isIdent(a.Lhs[0], "position") && isIdent(a.Lhs[1], "tokenIndex")
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

// classTablesPass (4) rewrites every run of two or more elements (see
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

// classLoopsPass (5) makes every loop whose body starts with a lookup (see
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
// filtered out (tightPercentLoop).
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
	var err error
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
			tight, e := g.parseDecls(g.tightLoop(l, table))
			if e != nil {
				err = e
				return list
			}
			body := tight[0].(*ast.FuncDecl).Body.List[0]
			loop := l.Stmt
			l.Stmt = body
			out = append(out, s)
			if !dropRetest(loop) {
				out = append(out, loop)
			}
		}
		return out
	})
	if err == nil {
		dropUnusedLabels(g.file)
	}
	return err
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

const tightLoop = `func _() {
	position = uint32(pegenSpan(&%s, buffer, int(position)))
}`

// tightPercentLoop is tightLoop for a loop whose next alternative is a
// percent-encoding rule P (see percentAlt): when the run stops at a "%"
// and P's tokens are filtered out (keep), the run goes on through
// percent-encodings with pegenSpanPercent, as the loop's iterations would
// consume them, recording nothing. When P's tokens are recorded (no
// filter: the error path, uri explain) the loop records them as peg wrote
// it.
const tightPercentLoop = `func _() {
	{
		position = uint32(pegenSpan(&%[2]s, buffer, int(position)))
		if int(position) < len(buffer) && buffer[position] == '%%' && keep != nil && !keep[rule%[1]s] {
			position = uint32(pegenSpanPercent(&%[2]s, &%[3]s, buffer, int(position)))
		}
	}
}`

// tightLoop returns the code of the run of loop l, whose lookup is of
// table (see classLoopsPass).
func (g *gen) tightLoop(l *ast.LabeledStmt, table string) string {
	rule, hex, ok := g.percentAlt(l, table)
	if !ok {
		return fmt.Sprintf(tightLoop, table)
	}
	g.percentUsed = true
	g.skipCalls[rule] = true
	return fmt.Sprintf(tightPercentLoop, rule, table, g.table(hex))
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

// clearPositions sets every position in n to token.NoPos, so that the
// printer lays n out by its structure alone.
func clearPositions(n ast.Node) {
	walkValue(reflect.ValueOf(n), func(v reflect.Value) {
		if v.Type() == posType {
			v.SetInt(0)
		}
	}, nil)
}

var (
	posType  = reflect.TypeFor[token.Pos]()
	exprType = reflect.TypeFor[ast.Expr]()
)

// walkValue calls pos for every value under v and replaces every ast.Expr
// e under it, bottom up, with expr(e) when expr is not nil.
func walkValue(v reflect.Value, pos func(reflect.Value), expr func(ast.Expr) ast.Expr) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkValue(v.Elem(), pos, expr)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			walkField(v.Field(i), pos, expr)
		}
	case reflect.Slice:
		for i := range v.Len() {
			walkField(v.Index(i), pos, expr)
		}
	default:
		pos(v)
	}
}

func walkField(f reflect.Value, pos func(reflect.Value), expr func(ast.Expr) ast.Expr) {
	// Comments are not code; objects are not resolved (SkipObjectResolution),
	// so no pointer leads back up the tree.
	if f.Type() == reflect.TypeFor[*ast.CommentGroup]() {
		return
	}
	walkValue(f, pos, expr)
	if expr != nil && f.Type() == exprType && !f.IsNil() {
		f.Set(reflect.ValueOf(expr(f.Interface().(ast.Expr))))
	}
}

// rewriteExprs replaces every expression e under n, bottom up, with f(e).
func rewriteExprs(n ast.Node, f func(ast.Expr) ast.Expr) {
	walkValue(reflect.ValueOf(n), func(reflect.Value) {}, f)
}

// print writes the edited file: the marker, the package clause, the
// imports the code uses, and the declarations.
func (g *gen) print() ([]byte, error) {
	for _, d := range g.ruleDecls {
		clearPositions(d.Body)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\npackage %s\n\n", g.marker, g.file.Name.Name)
	decls := g.file.Decls
	if len(decls) > 0 {
		if d, ok := decls[0].(*ast.GenDecl); ok && d.Tok == token.IMPORT {
			decls = decls[1:]
			g.printImports(&b, d)
		}
	}
	for _, d := range decls {
		if err := g.printDecl(&b, d); err != nil {
			return nil, err
		}
	}
	g.printTables(&b)
	for _, m := range g.methods {
		if err := g.printDecl(&b, m); err != nil {
			return nil, err
		}
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("printing: %v", err)
	}
	return out, nil
}

// printTables writes the tables of classTablesPass.
func (g *gen) printTables(b *bytes.Buffer) {
	if len(g.tables) == 0 {
		return
	}
	b.WriteString("// Character classes as lookup tables, written by pegen (see\n// internal/pegen): each holds the bytes of one class, the members\n// quoted above it. They are constant data: importing the package runs\n// no code.\nvar (\n")
	for _, t := range g.tables {
		fmt.Fprintf(b, "\t// %s\n\t%s = [256]bool{%s}\n", strconv.Quote(t.members), t.name, classKeys(t.members))
	}
	b.WriteString(")\n\n" + classFunc)
	if g.percentUsed {
		b.WriteString(percentFunc)
	}
}

// classKeys returns the elements of the [256]bool literal of a class
// with these members: a key for each, a character literal where one is
// printable ASCII.
func classKeys(members string) string {
	var b strings.Builder
	for i := 0; i < len(members); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		c := members[i]
		if c > ' ' && c < 0x7f && c != '\'' && c != '\\' {
			fmt.Fprintf(&b, "'%c': true", c)
		} else {
			fmt.Fprintf(&b, "%#02x: true", c)
		}
	}
	return b.String()
}

const classFunc = `// pegenSpan returns the end of the run of bytes of class c in s from i.
// It is one function, never inlined, so that the loop every rule's run
// goes through sits in the first 32 bytes of its code: Go aligns a
// function to 32 bytes and a loop not at all, and the same loop inlined
// in a rule ran up to 30% slower in a build that put it across a 64-byte
// line (RFC 3986's 2kb entry of testdata/bench/corpus.txt).
//
//go:noinline
func pegenSpan(c *[256]bool, s string, i int) int {
	_ = c[0]
	for uint(i) < uint(len(s)) && c[s[i]] {
		i++
	}
	return i
}

`

const percentFunc = `// pegenSpanPercent returns the end of the run of bytes of class c and of
// percent-encodings, "%" and two bytes of class hex, in s from i. Like
// pegenSpan, it is never inlined.
//
//go:noinline
func pegenSpanPercent(c, hex *[256]bool, s string, i int) int {
	_, _ = c[0], hex[0]
	for {
		for uint(i) < uint(len(s)) && c[s[i]] {
			i++
		}
		if uint(len(s))-uint(i) < 3 || s[i] != '%' || !hex[s[i+1]] || !hex[s[i+2]] {
			return i
		}
		i += 3
	}
}

`

// printImports writes the imports of d that the file still uses.
func (g *gen) printImports(b *bytes.Buffer, d *ast.GenDecl) {
	used := map[string]bool{}
	ast.Inspect(g.file, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	var paths []string
	for _, s := range d.Specs {
		p, _ := strconv.Unquote(s.(*ast.ImportSpec).Path.Value)
		if used[p[strings.LastIndex(p, "/")+1:]] {
			paths = append(paths, strconv.Quote(p))
		}
	}
	switch len(paths) {
	case 0:
	case 1:
		fmt.Fprintf(b, "import %s\n\n", paths[0])
	default:
		fmt.Fprintf(b, "import (\n\t%s\n)\n\n", strings.Join(paths, "\n\t"))
	}
}

// printDecl writes d, its doc comment first.
func (g *gen) printDecl(b *bytes.Buffer, d ast.Decl) error {
	var doc **ast.CommentGroup
	switch d := d.(type) {
	case *ast.FuncDecl:
		doc = &d.Doc
	case *ast.GenDecl:
		doc = &d.Doc
	}
	if *doc != nil {
		for _, c := range (*doc).List {
			b.WriteString(c.Text + "\n")
		}
		*doc = nil
	}
	if err := printer.Fprint(b, g.fset, d); err != nil {
		return err
	}
	b.WriteString("\n\n")
	return nil
}

// initShape is the statements of Init as peg v1.0.1 writes it, each as
// the kind of statement and the names it assigns or calls ("?" marks one
// that may be missing): the variables the rule closures share (max,
// position, tokenIndex, buffer), the options, reset and parse as closures
// in fields, the closures add and matchDot, and the table of rule closures
// (see methodsPass).
var initShape = []string{
	"var max position,tokenIndex buffer",
	"range options",
	"= p.reset",
	"call p.reset",
	":= _rules",
	":= tree",
	"= p.parse",
	":= add",
	":= matchDot?", // only if the grammar uses "."
	"= _rules",
	"= p.rules",
	"return",
}

// stmtShape describes s in the terms of initShape.
func stmtShape(s ast.Stmt) string {
	var b bytes.Buffer
	switch s := s.(type) {
	case *ast.DeclStmt:
		b.WriteString("var")
		if d, ok := s.Decl.(*ast.GenDecl); ok {
			for _, sp := range d.Specs {
				if v, ok := sp.(*ast.ValueSpec); ok {
					var names []string
					for _, n := range v.Names {
						names = append(names, n.Name)
					}
					b.WriteString(" " + strings.Join(names, ","))
				}
			}
		}
	case *ast.RangeStmt:
		b.WriteString("range ")
		printer.Fprint(&b, token.NewFileSet(), s.X)
	case *ast.AssignStmt:
		b.WriteString(s.Tok.String() + " ")
		printer.Fprint(&b, token.NewFileSet(), s.Lhs[0])
	case *ast.ExprStmt:
		if c, ok := s.X.(*ast.CallExpr); ok {
			b.WriteString("call ")
			printer.Fprint(&b, token.NewFileSet(), c.Fun)
		}
	case *ast.ReturnStmt:
		b.WriteString("return")
	}
	return b.String()
}

// grammarShape is the grammar type as peg v1.0.1 writes it: each field as
// its names and printed type.
var grammarShape = []string{
	"Buffer string", "buffer []rune", "rules [%d]func() bool", "parse func(rule ...int) error",
	"reset func()", "Pretty bool", " tokens32",
}

// methodsPass (6) rewrites the core of the parser. It requires Init of
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
	for _, r := range []struct{ name, src string }{
		{"grammar", g.grammarType()},
		{"grammar.Parse", parseMethod},
		{"parseError.Error", errorMethod},
		{"grammar.Init", g.initMethods()},
	} {
		if g.find(r.name) == nil {
			return g.shapeError(nil, "declaration "+r.name)
		}
		if err := g.replace(r.name, r.src); err != nil {
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

// lookaheadPass (5b) rewrites each positive lookahead of one byte, a
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
		!readsByteOnly(test.Cond) {
		return nil, false
	}
	return test, true
}

// readsByteOnly reports whether e reads the state only as the byte at the
// position (buffer[position]), through comparisons, byte constants and
// class tables, with no call but byte conversions.
func readsByteOnly(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		return readsByteOnly(e.X) && readsByteOnly(e.Y)
	case *ast.UnaryExpr:
		return e.Op == token.NOT && readsByteOnly(e.X)
	case *ast.ParenExpr:
		return readsByteOnly(e.X)
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		_, ok := byteValue(e)
		return ok
	case *ast.IndexExpr:
		if isBufferAt(e) {
			return true
		}
		id, ok := e.X.(*ast.Ident)
		return ok && strings.HasPrefix(id.Name, "pegenClass") && isBufferAt(e.Index)
	}
	return false
}

// sharedState maps the variables and closures of Init that the rule
// closures use to the grammar's fields and methods.
var sharedState = map[string]string{
	"position": "position", "tokenIndex": "tokenIndex", "add": "add", "matchDot": "matchDot", "buffer": "Buffer",
	"keep": "keep", // only in code pegen adds (tightPercentLoop)
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
// the memos of memoPass and the span slots of spansPass. It has no table
// of rules (call dispatches), so a zero grammar is ready for use.
func (g *gen) grammarType() string {
	var memo, slots strings.Builder
	for _, r := range g.memo {
		fmt.Fprintf(&memo, "\tmemo%s [%d]memoEntry\n", r, memoSize)
	}
	if len(g.memo) > 0 {
		memo.WriteString("\t// memoUsed: a memo holds an answer, for reset to empty.\n\tmemoUsed bool\n")
	}
	if len(g.spans) > 0 {
		fmt.Fprintf(&slots, "\t// spanMode, slots and overwrote: see spansPass in internal/pegen.\n")
		fmt.Fprintf(&slots, "\tspanMode, overwrote bool\n\tslots [%d]slot32\n", len(g.spans))
	}
	return fmt.Sprintf(`
type grammar struct {
	Buffer string
	// keep is an array, not a slice: indexed by a rule constant in each
	// rule, it needs no bounds check.
	keep *[%d]bool

	max                  token32
	position, tokenIndex uint32
	// explain turns the guards of guardPass off, for the parse that
	// explains a failure; skipped says that one skipped a rule, and
	// skipEnd is the furthest offset where the scan of a guard that
	// skipped a rule stopped (see Failure in api.go).
	explain, skipped bool
	skipEnd          uint32
%s%s	tokens32
}
`, len(g.rules), memo.String(), slots.String())
}

const parseMethod = `
func (p *grammar) Parse(rule ...int) error {
	r := 1
	if len(rule) > 0 {
		r = rule[0]
	}
	return p.parse(r)
}
`

const errorMethod = `
func (e *parseError) Error() string {
	return fmt.Sprintf("parse error near %v (bytes %d to %d)", rul3s[e.max.pegRule], e.max.begin, e.max.end)
}
`

// initMethods is Init and the methods that replace its closures, with
// call, the switch over the rules that replaces peg's table of closures.
func (g *gen) initMethods() string {
	var cases, memo strings.Builder
	for _, r := range g.rules[1:] {
		fmt.Fprintf(&cases, "\tcase %s:\n\t\treturn p.%s()\n", r, r)
	}
	if len(g.memo) > 0 {
		// Most inputs use no memoized rule (h16 is in IP literals only):
		// their parse does not empty the memos.
		memo.WriteString("\tif p.memoUsed {\n")
		for _, r := range g.memo {
			fmt.Fprintf(&memo, "\t\tp.memo%s = [%d]memoEntry{}\n", r, memoSize)
		}
		memo.WriteString("\t\tp.memoUsed = false\n\t}\n")
	}
	return fmt.Sprintf(initMethods, cases.String(), memo.String())
}

const initMethods = `
func (p *grammar) Init(options ...func(*grammar) error) error {
	for _, option := range options {
		err := option(p)
		if err != nil {
			return err
		}
	}
	p.reset()
	return nil
}

// call matches rule r at the position. A switch, not a table of method
// values as peg keeps, so that a grammar needs no set-up and can live on
// the stack.
func (p *grammar) call(r pegRule) bool {
	switch r {
%s	}
	return false
}

// reset makes the parser ready to match p.Buffer from its start.
func (p *grammar) reset() {
	p.max = token32{}
	p.position, p.tokenIndex = 0, 0
	p.skipped, p.skipEnd = false, 0
%s}

// parse matches rule r from the start of the input.
func (p *grammar) parse(r int) error {
	if p.call(pegRule(r)) {
		p.Trim(p.tokenIndex)
		return nil
	}
	return &parseError{max: p.max} // not p, which would escape to the heap
}

// add records that rule matched from begin to the current position, if
// the filter (keep, indexed by rule) keeps it; with no filter it records
// every rule. first is the index the next token had when the rule began,
// so the tokens recorded since, from first on, are its descendants (see
// treePass). It is small enough to be inlined.
func (p *grammar) add(rule pegRule, begin, first uint32) {
	if p.keep == nil || p.keep[rule] {
		p.record(rule, begin, first)
	}
}

// record records a token, and tracks the furthest match when there is no
// filter: the last rule to reach the furthest offset, not the first, so
// the rule still being matched there (userinfo), not the innermost (a
// pct-encoded in it).
func (p *grammar) record(rule pegRule, begin, first uint32) {
	p.Add(rule, begin, p.position, first, p.tokenIndex)
	p.tokenIndex++
	if p.keep == nil && begin != p.position && p.position >= p.max.end {
		p.max = token32{pegRule: rule, begin: begin, end: p.position}
	}
}

// peek returns the byte at the position, or NUL at the end of the input:
// the grammar matches no NUL, so the end fails every class and literal.
func (p *grammar) peek() byte {
	if int(p.position) < len(p.Buffer) {
		return p.Buffer[p.position]
	}
	return 0
}

// matchDot matches any byte of the input.
func (p *grammar) matchDot() bool {
	if int(p.position) < len(p.Buffer) {
		p.position++
		return true
	}
	return false
}
`

// treePass (7) makes the tokens of a match an exact tree: every token
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
// index uint32)", which it replaces by pegen's, with first; and in each
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
	for _, r := range []struct{ name, src string }{{"token32", tokenType}, {"tokens32.Add", tokenAdd}} {
		if err := g.replace(r.name, r.src); err != nil {
			return err
		}
	}
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

const tokenType = `
// A token32 records that a rule matched the input from begin to end, and
// where its descendants start: the tokens from first up to its own index
// are those of the rules it used (see treePass in internal/pegen).
type token32 struct {
	pegRule
	begin, end, first uint32
}
`

const tokenAdd = `
// Add records the token at index: rule matched from begin to end, and
// its descendants are the tokens from first to index-1.
func (t *tokens32) Add(rule pegRule, begin, end, first, index uint32) {
	tree, i := t.tree, int(index)
	tok := token32{pegRule: rule, begin: begin, end: end, first: first}
	if i >= len(tree) {
		t.tree = append(tree, tok)
		return
	}
	tree[i] = tok
}
`

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

// memoSize is how many start positions a memoized rule remembers; a
// position p uses slot p%memoSize.
const memoSize = 8

// memoPass (8) makes each rule named by the Set's Memo remember its
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
// holding another position is simply overwritten. For h16, which the nine
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
		decls, err := g.parseDecls(fmt.Sprintf(memoWrapper, rule, name, memoSize))
		if err != nil {
			return err
		}
		for _, d := range decls {
			g.methods = append(g.methods, d.(*ast.FuncDecl))
		}
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

// memoType is the type of one remembered try of a rule.
const memoType = `
// A memoEntry remembers one try of a memoized rule: at is its start
// position plus one (0 for an empty slot), end where it ended, and ok
// whether it matched.
type memoEntry struct {
	at, end uint32
	ok      bool
}
`

// memoWrapper is the method that replaces rule %[1]s: it answers from the
// memo when the rule was tried at the position before, and otherwise runs
// the rule (renamed %[1]sTry) and remembers the answer.
const memoWrapper = `
// %[1]s runs %[1]sTry, or answers from memo%[2]s when it was tried at
// this position before, recording the same token.
func (p *grammar) %[1]s() bool {
	begin := p.position
	m := &p.memo%[2]s[begin%%%[3]d]
	if m.at == begin+1 {
		if m.ok {
			p.position = m.end
			p.add(%[1]s, begin, p.tokenIndex)
		}
		return m.ok
	}
	ok := p.%[1]sTry()
	*m = memoEntry{begin + 1, p.position, ok}
	p.memoUsed = true
	return ok
}
`

// guardPass (9) makes each rule with a stop guard (stopGuards: R <- A 'c')
// start with its test: unless the parse explains a failure (explain), the
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
		src := fmt.Sprintf(stopGuardCode, g.table(sg.class), strconv.QuoteRune(rune(sg.stop)))
		f, err := parser.ParseFile(token.NewFileSet(), "", "package x\nfunc f() {"+src+"}", parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("stop guard of %s: %v", name, err)
		}
		guard := f.Decls[0].(*ast.FuncDecl).Body.List
		m.Body.List = append(guard, m.Body.List...)
	}
	return nil
}

// stopGuardCode is the test that guardPass puts first in a rule R <- A 'c':
// the class of A's bytes (%[1]s) and c (%[2]s).
const stopGuardCode = `
	if !p.explain {
		if i := pegenSpan(&%[1]s, p.Buffer, int(p.position)); i >= len(p.Buffer) || p.Buffer[i] != %[2]s {
			p.skipped, p.skipEnd = true, max(p.skipEnd, uint32(i))
			return false
		}
	}
`

// spansPass (10) gives each rule of the Set's Spans (g.spans) a slot, its
// index in that list, and makes it write its span there instead of
// recording a token when the parser is in span mode. It requires each
// rule's method to call p.add once, as p.add(ruleX, begin, first) (see
// treePass), and the rule not to be memoized: a remembered answer writes
// no slot. At most 32 rules, as tokenIndex holds the set of written
// slots in span mode. The call becomes "if p.spanMode { p.addSpan(k,
// begin) } else { p.add(...) }" (spanCall, spanMethods), and the grammar
// type gets the slots (grammarType).
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
	if len(g.spans) > 32 {
		return fmt.Errorf("%d rules with span slots, more than 32", len(g.spans))
	}
	for k, name := range g.spans {
		if err := g.slotRule(k, name); err != nil {
			return err
		}
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
	track := ""
	if slices.Contains(g.tracked, name) {
		track = fmt.Sprintf("p.track(%s, %s)", m.Name.Name, begin.Name) // see trackPass
	}
	src := fmt.Sprintf(spanCall, k, begin.Name, m.Name.Name, first.Name, track)
	f, err := parser.ParseFile(token.NewFileSet(), "", "package x\nfunc f() {"+src+"}", parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("span slot of %s: %v", name, err)
	}
	if !replaceStmt(m.Body, add, f.Decls[0].(*ast.FuncDecl).Body.List[0]) {
		return g.shapeError(add, "p.add(...) as a statement of a block, labeled or not")
	}
	return nil
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

// spanCall replaces the call of add in a rule with span slot %[1]d: the
// rule's start (%[2]s), its constant (%[3]s), its first token (%[4]s) and,
// for a rule that trackPass tracks, its p.track call (%[5]s).
// Written out, not a method holding both, so that both branches are
// inlined in the rule.
const spanCall = `
	if p.spanMode {
		p.addSpan(%[1]d, %[2]s)
		%[5]s
	} else {
		p.add(%[3]s, %[2]s, %[4]s)
	}
`

// spanMethods is the slot type and addSpan (see spansPass).
const spanMethods = `
// A slot32 is the span a rule with a span slot matched, in span mode.
type slot32 struct{ begin, end uint32 }

// addSpan is add, in span mode, for the rule with span slot k: it records
// no token, but writes the rule's span into slot k and sets bit k of
// tokenIndex, which in that mode is the set of slots written on the path
// taken so far, saved and restored with the position as the parser
// backtracks. A slot written while its bit is set sets overwrote, as it
// may now hold a span of an attempt the parser will abandon.
func (p *grammar) addSpan(k, begin uint32) {
	if p.tokenIndex&(1<<k) != 0 {
		p.overwrote = true
	}
	p.tokenIndex |= 1 << k
	p.slots[k] = slot32{begin, p.position}
}

// track is what record does for Furthest, in span mode, for a rule that
// trackPass tracks: of the non-empty matches, the last to end furthest.
func (p *grammar) track(rule pegRule, begin uint32) {
	if begin != p.position && p.position >= p.max.end {
		p.max = token32{pegRule: rule, begin: begin, end: p.position}
	}
}
`

// trackPass (11) makes each rule of g.tracked (trackedRules) track, in
// span mode, where its non-empty matches end (track), as record does for
// Furthest when it records tokens. A rule with a span slot tracks after
// addSpan (spansPass writes it, spanCall); in the others each call of
// p.add for the rule (in its method, the method memoPass renamed ruleXTry,
// and a memo wrapper's answer from the memo) becomes "if p.spanMode {
// p.track(ruleX, begin) } else { p.add(...) }". A tracked rule must not be
// one that a fused or tight loop reads without calling it (segment,
// pct_encoded): its matches there would not be tracked.
//
// The other rules need no tracking: each of their uses is followed by
// nothing that can fail, so their matches end where a tracked match or
// the entry rule's own ends, or before. A parse that a guard skipped
// records how far the guard's scan went (skipEnd): Failure parses again
// without guards when that is further than the furthest tracked match and
// the prefix match. For RFC 3986, a URI with a registered name tracks its
// scheme alone: the valid inputs pay one comparison, and a failed
// MatchSpans explains itself without the parse that records every token
// (Explain).
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
