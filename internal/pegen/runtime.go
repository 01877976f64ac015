package main

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// The runtime that pegen writes into generated parsers is Go of package
// pegenrt, compiled and tested there, and copied from its files embedded
// here: spanRuntime the functions after the class tables (printTables),
// grammarRuntime the declarations that the passes put in place of peg's.
var (
	//go:embed pegenrt/span.go
	spanRuntime string
	//go:embed pegenrt/grammar.go
	grammarRuntime string
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
	// treePass: the token with its first descendant, and how it is added.
	tokenType = runtimeDecls(grammarRuntime, "token32")
	tokenAdd  = runtimeDecls(grammarRuntime, "tokens32.Add")
	// prunePass: the presizing option of Init that stays.
	sizeOption = runtimeDecls(grammarRuntime, "size")
	// memoPass: the type of one remembered try of a rule.
	memoType = runtimeDecls(grammarRuntime, "memoEntry")
	// methodsPass: Parse and the error's message.
	parseMethod = runtimeDecls(grammarRuntime, "grammar.Parse")
	errorMethod = runtimeDecls(grammarRuntime, "parseError.Error")
	// spansPass: the slot type, addSpan and track.
	spanMethods = runtimeDecls(grammarRuntime, "slot32", "grammar.addSpan", "grammar.track")
)
