package main

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
)

// spanRuntime is the source of the span functions that generated parsers
// call (pegenrt/span.go): compiled and tested there, copied from there.
//
//go:embed pegenrt/span.go
var spanRuntime string

// runtimeFunc returns the declaration of the function name in src, a file
// of package pegenrt, with its doc comment and the blank line after it,
// as pegen copies it into a generated file.
func runtimeFunc(src, name string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "pegenrt.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		panic(fmt.Sprintf("pegen: runtime: %v", err)) // the file is compiled and tested: it parses
	}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == name && fn.Doc != nil {
			begin, end := fset.Position(fn.Doc.Pos()).Offset, fset.Position(fn.End()).Offset
			return src[begin:end] + "\n\n"
		}
	}
	panic("pegen: runtime has no documented function " + name)
}

// The functions printTables writes after the tables of the classes.
var (
	classFunc   = runtimeFunc(spanRuntime, "pegenSpan")
	percentFunc = runtimeFunc(spanRuntime, "pegenSpanPercent")
)
