package main

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// The runtime that pegen writes into generated parsers is Go of package
// pegenrt, compiled and tested there, and copied from its files embedded
// here: spanRuntime the functions after the class tables (printTables),
// grammarRuntime the declarations that the passes put in place of peg's,
// and fragmentRuntime the models of the code that differs by grammar,
// whose placeholders pegen replaces (fragment).
var (
	//go:embed pegenrt/span.go
	spanRuntime string
	//go:embed pegenrt/grammar.go
	grammarRuntime string
	//go:embed pegenrt/fragments.go
	fragmentRuntime string
)

// runtimeDecls returns the source of the declarations of src, a file of
// package pegenrt, with these names (as declName names them: "token32",
// "tokens32.Add"), in that order, each with its doc comment, after a blank
// line and ending in a newline: the source that parseDecls reads.
func runtimeDecls(src string, names ...string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "pegenrt.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		panic(fmt.Sprintf("pegen: runtime: %v", err)) // the file is compiled and tested: it parses
	}
	var b strings.Builder
	for _, name := range names {
		d := findDecl(f, name)
		if d == nil {
			panic("pegen: runtime has no declaration " + name)
		}
		begin := d.Pos()
		if doc := declDoc(d); doc != nil {
			begin = doc.Pos()
		}
		b.WriteString("\n" + src[fset.Position(begin).Offset:fset.Position(d.End()).Offset] + "\n")
	}
	return b.String()
}

// findDecl returns the declaration of f named name, or nil.
func findDecl(f *ast.File, name string) ast.Decl {
	for _, d := range f.Decls {
		if declName(d) == name {
			return d
		}
	}
	return nil
}

// declDoc returns the doc comment of d, or nil.
func declDoc(d ast.Decl) *ast.CommentGroup {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Doc
	case *ast.GenDecl:
		return d.Doc
	}
	return nil
}

// runtimeFunc returns the declaration of the function name in src with
// its doc comment and the blank line after it, as printTables writes it.
func runtimeFunc(src, name string) string {
	return strings.TrimPrefix(runtimeDecls(src, name), "\n") + "\n"
}

// The runtime, by the pass that writes it.
var (
	// printTables: the functions after the tables of the classes.
	classFunc   = runtimeFunc(spanRuntime, "pegenSpan")
	percentFunc = runtimeFunc(spanRuntime, "pegenSpanPercent")
	// treePass: the token with its first descendant and the tree of
	// tokens, package pegenrt's Node and Tree under the names of peg's
	// code (shape.go in pegenrt).
	tokenTypes = "\ntype (\n\ttoken32  = pegenrt.Node\n\ttokens32 = pegenrt.Tree\n)\n"
	// prunePass: the presizing option of Init that stays.
	sizeOption = runtimeDecls(grammarRuntime, "size")
	// memoPass: the type of one remembered try of a rule.
	memoType = runtimeDecls(grammarRuntime, "memoEntry")
	// methodsPass: Parse and the error's message.
	parseMethod = runtimeDecls(grammarRuntime, "grammar.Parse")
	errorMethod = runtimeDecls(grammarRuntime, "parseError.Error")
	// spansPass: the slots (package pegenrt's Spans), addSpan and track.
	spanMethods = "\ntype spans32 = pegenrt.Spans\n" + runtimeDecls(grammarRuntime, "grammar.addSpan", "grammar.track")
	// positionPass: what call returns through.
	movedMethod = runtimeDecls(grammarRuntime, "grammar.moved")
)

// parseRuntime parses src, declarations that runtimeDecls copied from
// pegenrt, into the file set of the output.
func (g *gen) parseRuntime(src string) []ast.Decl {
	decls, err := g.parseDecls(src)
	if err != nil {
		panic(fmt.Sprintf("pegen: runtime: %v", err)) // compiled and tested in pegenrt: it parses
	}
	return decls
}

// fragment returns the model declaration name (as declName names it) of
// pegenrt's fragments.go, parsed into the file set of the output, with
// its placeholders filled as with says (see fill). The model is alone in
// its file, whose lines cut may edit.
func (g *gen) fragment(name string, with map[string]ast.Expr) ast.Decl {
	d := g.parseRuntime(runtimeDecls(fragmentRuntime, name))[0]
	fill(d, with)
	return d
}

// fragmentStmts returns the statements that the model function name of
// fragments.go stands for, filled as with says: its body, without the
// return at its end that stands for the code that follows them.
func (g *gen) fragmentStmts(name string, with map[string]ast.Expr) []ast.Stmt {
	body := g.fragment(name, with).(*ast.FuncDecl).Body.List
	if _, ok := body[len(body)-1].(*ast.ReturnStmt); ok {
		body = body[:len(body)-1]
	}
	return body
}

// fill replaces the placeholders of a model under n, the identifiers that
// with names: where with gives a literal, each use of the placeholder as
// an expression becomes that literal; where it gives an identifier, the
// placeholder is renamed everywhere, in selectors and declared names too,
// and so is the word in the model's doc comments.
func fill(n ast.Node, with map[string]ast.Expr) {
	rewriteExprs(n, func(e ast.Expr) ast.Expr {
		if id, ok := e.(*ast.Ident); ok {
			if lit, ok := with[id.Name].(*ast.BasicLit); ok {
				return &ast.BasicLit{ValuePos: id.NamePos, Kind: lit.Kind, Value: lit.Value}
			}
		}
		return e
	})
	rename := func(name string) string {
		if id, ok := with[name].(*ast.Ident); ok {
			return id.Name
		}
		return name
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			n.Name = rename(n.Name)
		case *ast.Comment:
			n.Text = word.ReplaceAllStringFunc(n.Text, rename)
		}
		return true
	})
}

// word matches a word of a comment that may name an identifier.
var word = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// intLit returns the literal of n.
func intLit(n int) *ast.BasicLit {
	return &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(n)}
}

// charLit returns the character literal of c.
func charLit(c byte) *ast.BasicLit {
	return &ast.BasicLit{Kind: token.CHAR, Value: strconv.QuoteRune(rune(c))}
}

// repeat returns a copy of model for each of names, with the placeholder
// renamed to that name: the elements of a list that a model has one of.
// The copies keep the model's positions, so the printer lays each out as
// the model.
func repeat[T ast.Node](model T, placeholder string, names []string) []T {
	out := make([]T, len(names))
	for i, name := range names {
		out[i] = clone(model)
		fill(out[i], map[string]ast.Expr{placeholder: ast.NewIdent(name)})
	}
	return out
}

// clone returns a deep copy of n, a node that pegen parsed (so with no
// resolved objects).
func clone[T ast.Node](n T) T {
	return cloneValue(reflect.ValueOf(n)).Interface().(T)
}

func cloneValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		if v.Kind() == reflect.Pointer {
			c.Set(reflect.New(v.Type().Elem()))
			c.Elem().Set(cloneValue(v.Elem()))
		} else {
			c.Set(cloneValue(v.Elem()))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			c.Field(i).Set(cloneValue(v.Field(i)))
		}
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(cloneValue(v.Index(i)))
		}
		return c
	}
	return v
}

// cut removes the lines of n, its doc comment included, from the line
// table of its file, a model that fragment parsed, when a pass drops n
// from the model: the printer then lays out what follows n as if n had
// never been there, with no blank line where it was.
func (g *gen) cut(n ast.Node) {
	from := n.Pos()
	if f, ok := n.(*ast.Field); ok && f.Doc != nil {
		from = f.Doc.Pos()
	}
	file := g.fset.File(from)
	first := file.Line(from)
	for range file.Line(n.End()) - first + 1 {
		file.MergeLine(first - 1)
	}
}
