package main

// Printing the edited tree: the tables, the runtime pegen adds, and each
// declaration.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/printer"
	"go/token"
	"reflect"
	"strconv"
	"strings"
)

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
	g.printRunFuncs(&b)
	for _, d := range decls {
		if err := g.printDecl(&b, d); err != nil {
			return nil, err
		}
	}
	if err := g.printTables(&b); err != nil {
		return nil, err
	}
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
func (g *gen) printTables(b *bytes.Buffer) error {
	if len(g.tables) == 0 {
		return nil
	}
	return g.printDecl(b, g.tablesDecl())
}

// printRunFuncs writes the functions that read runs of a class table
// (pegenSpan, and pegenSpanPercent when a run goes through
// percent-encodings), first of the file's functions: the compiler lays a
// package's functions out in the order of its files, and these loops,
// where a parse spends most of its time, then sit where the rules' code
// does not move them. Where a function starts within its cache line
// decides how its loop falls on the lines: with the rules' methods before
// them, adding a method per mode (modesPass) moved both from the start of
// a 64-byte line to its middle, and ParseReference took 1.30 times
// internal/refparse's time on the relative links, against 1.21 with them
// at the start (BenchmarkVersusRefparse).
func (g *gen) printRunFuncs(b *bytes.Buffer) {
	if len(g.tables) == 0 {
		return
	}
	b.WriteString(classFunc)
	if g.percentUsed {
		b.WriteString(percentFunc)
	}
}

// tablesDecl is the declaration of the tables of classTablesPass: the
// model classRun of package pegenrt once for each table, with its name,
// its members quoted in its doc comment, and a key for each member.
func (g *gen) tablesDecl() ast.Decl {
	d := g.fragment("classRun", nil).(*ast.GenDecl)
	names := make([]string, len(g.tables))
	for i, t := range g.tables {
		names[i] = t.name
	}
	specs := repeat(d.Specs[0].(*ast.ValueSpec), "classRun", names)
	d.Specs = make([]ast.Spec, len(specs))
	for i, s := range specs {
		members := g.tables[i].members
		s.Doc.List[0].Text = "// " + strconv.Quote(members)
		lit := s.Values[0].(*ast.CompositeLit)
		key := lit.Elts[0].(*ast.KeyValueExpr)
		lit.Elts = make([]ast.Expr, len(members))
		for j := range len(members) {
			kv := clone(key)
			kv.Key = classKey(members[j], key.Key.Pos())
			lit.Elts[j] = kv
		}
		d.Specs[i] = s
	}
	g.lineUp(d)
	return d
}

// lineUp lays out the block d, whose specs are copies of one model that
// share its positions, for the printer: each spec's doc comment and the
// spec have a line of their own, after that of the parenthesis, in a file
// of their own in g.fset. With the model's positions, the comment of each
// copy would print on the line of the spec before it.
func (g *gen) lineUp(d *ast.GenDecl) {
	n := 2*len(d.Specs) + 2 // "var (", a comment and a spec for each, ")"
	f := g.fset.AddFile("pegen.go", -1, n)
	lines := make([]int, n)
	for i := range lines {
		lines[i] = i
	}
	f.SetLines(lines)
	d.TokPos, d.Lparen = f.LineStart(1), f.LineStart(1)
	for k, s := range d.Specs {
		at := int64(f.LineStart(2*k + 3))
		walkValue(reflect.ValueOf(s), func(v reflect.Value) {
			if v.Type() == posType && v.Int() != 0 {
				v.SetInt(at)
			}
		}, nil)
		for _, c := range s.(*ast.ValueSpec).Doc.List {
			c.Slash = f.LineStart(2*k + 2)
		}
	}
	d.Rparen = f.LineStart(n)
}

// classKey returns the key of member c in the [256]bool literal of a
// class, at pos: a character literal where c is printable ASCII, else
// hexadecimal.
func classKey(c byte, pos token.Pos) *ast.BasicLit {
	if c > ' ' && c < 0x7f && c != '\'' && c != '\\' {
		return &ast.BasicLit{ValuePos: pos, Kind: token.CHAR, Value: fmt.Sprintf("'%c'", c)}
	}
	return &ast.BasicLit{ValuePos: pos, Kind: token.INT, Value: fmt.Sprintf("%#02x", c)}
}

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
