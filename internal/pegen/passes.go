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
// grammars. The code that the passes write in place of peg's or add is Go
// of package pegenrt, compiled and tested there. The types that are the
// same for every grammar (the token and tree of tokens, the span slots)
// the generated file imports from pegenrt, under the names of peg's code
// (type token32 = pegenrt.Node); the methods over the grammar's state
// pegen copies declaration by declaration (runtime.go): as they are where
// they are the same for every grammar; where they differ by grammar, from
// a model whose placeholders pegen fills in on the syntax tree (fragment,
// fill), one element of a list repeated for each rule, memo or class
// (repeat).
//
//  1. markerPass: the "Code generated ... DO NOT EDIT." comment, which peg
//     writes after the package clause, moves above it, where Go tools look.
//  2. prunePass: the runtime that neither the generated API nor package uri
//     uses is dropped (syntax-tree printers, line/column translation, the
//     ANSI-coloured error, the exported options Pretty and Size).
//  3. bytesPass (pass_classes.go): every character literal becomes a byte, as the parser
//     reads bytes: rune('a') is byte('a'), and a literal from 0x80 to 0xFF
//     (a byte of a UTF-8 sequence, see utf8Expr) is byte(0xNN).
//  4. classTablesPass (pass_classes.go): each run of alternatives that test one character or
//     one range each, all leading to the same place (the code peg writes
//     for a character class), becomes one lookup in a [256]bool table.
//  5. classLoopsPass (pass_loops.go): a loop over (class / ...) first
//     consumes the longest run of the class in a tight loop over local
//     variables.
//  6. fusedLoopsPass (fuse.go): a loop ('c' S)* over a run rule S first
//     consumes the run of S's class and c when S's tokens are filtered out.
//  7. lookaheadPass (pass_methods.go): a lookahead of one byte tests the
//     byte at the position, without moving it and restoring the state.
//  8. methodsPass (pass_methods.go): the rule closures become methods over
//     the grammar's fields, with direct calls; the parser reads the input
//     string's bytes; reset and parse are methods, and a switch (call)
//     replaces the table of rules; add tests an optional token filter.
//  9. treePass (pass_tree.go): every token also records the index of its
//     first descendant, so that the tokens of a match form an exact tree;
//     the token and the tree are pegenrt's Node and Tree.
//  10. memoPass (pass_memo.go): the rules named by the Set's Memo remember
//     their answers within one parse.
//  11. guardPass (pass_memo.go): a rule R <- A 'c' (stopGuards, guards.go)
//     first scans the run of A's bytes and fails at once unless c ends it,
//     except in the parse that explains a failure.
//  12. spansPass (pass_spans.go): each rule of the Set's Spans writes its
//     span into a fixed slot in span mode, instead of recording a token.
//  13. trackPass (pass_spans.go): in span mode, the rules whose matches
//     can end furthest without a match that is tracked or the entry
//     rule's own ending as far (trackedRules, track.go) track where they
//     end, as record does with tokens, for Failure.
//  14. modesPass (pass_modes.go): with Set.SpanMethods, each rule that a
//     match of an entry rule runs gets a method of its own for span mode,
//     spanX beside ruleX, in which the tests of the mode and of span
//     mode's filter are constants, folded away.
//  15. inlinePass (pass_inline.go): the body of each small rule method
//     that is not recursive is written out in place of the calls that
//     test it, so that a reference parses without a call per rule.
//  16. restorePass (pass_restore.go): a test of the byte at the position
//     that fails before a choice's alternative moved anything jumps past
//     the restore of the state it is still in.
//  17. positionPass (pass_position.go): each rule's method is given the
//     position and returns where it ended, in registers, instead of
//     loading and storing the field position around every call; the
//     stores of the position that nothing reads are dropped
//     (pass_position_dead.go).
//
// The list is passes, below; this comment and the table of gen/README.md
// follow it, in the same order (TestPassList). Code that pegen adds (the
// new Init, the helpers, the tables, the memo wrappers) is parsed from
// pegenrt's source and edited as a syntax tree, never spliced into peg's
// output as text. printgo.go prints the result.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"reflect"
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
	inline      int                  // inlinePass's budget (Set.Inline)
	spanMethods bool                 // a method per rule for span mode (Set.SpanMethods, modesPass)
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
// result. memoized names the rules to memoize (Set.Memo), inline is
// inlinePass's budget (Set.Inline), spanMethods is Set.SpanMethods.
func edit(src []byte, memoized []string, percent map[string]string, stops map[string]stopGuard, runs map[string]runRule, spans, tracked []string, inline int, spanMethods bool) ([]byte, error) {
	g := &gen{fset: token.NewFileSet(), memo: memoized, percent: percent, stops: stops, runs: runs, spans: spans, tracked: tracked, inline: inline, spanMethods: spanMethods, skipCalls: map[string]bool{}}
	f, err := parser.ParseFile(g.fset, "peg.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("peg's output does not parse: %v", err)
	}
	g.file = f
	for _, pass := range passes {
		if err := pass.run(g); err != nil {
			return nil, fmt.Errorf("%s: %v", pass.name, err)
		}
	}
	return g.print()
}

// passes are the passes over peg's output, in the order edit runs them:
// the one list, which the package comment above and gen/README.md follow.
var passes = []struct {
	name string
	run  func(*gen) error
}{
	{"markerPass", (*gen).markerPass},
	{"prunePass", (*gen).prunePass},
	{"bytesPass", (*gen).bytesPass},
	{"classTablesPass", (*gen).classTablesPass},
	{"classLoopsPass", (*gen).classLoopsPass},
	{"fusedLoopsPass", (*gen).fusedLoopsPass},
	{"lookaheadPass", (*gen).lookaheadPass},
	{"methodsPass", (*gen).methodsPass},
	{"treePass", (*gen).treePass},
	{"memoPass", (*gen).memoPass},
	{"guardPass", (*gen).guardPass},
	{"spansPass", (*gen).spansPass},
	{"trackPass", (*gen).trackPass},
	{"modesPass", (*gen).modesPass},
	{"inlinePass", (*gen).inlinePass},
	{"restorePass", (*gen).restorePass},
	{"positionPass", (*gen).positionPass},
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

// markerPass requires a comment group after the package clause that
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
	return g.replaceDecls(name, decls)
}

// replaceDecls puts decls in place of the declaration named name.
func (g *gen) replaceDecls(name string, decls []ast.Decl) error {
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

// prunePass requires every declaration in pruned, and drops them. The
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
