package main

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSkipRestores checks restorePass on statement lists: a test of the
// byte at the position that fails where the state is still the saved one
// jumps past the restore; a test after a move, a jump back, a restore of
// another state and a test reached from a label keep their targets.
func TestSkipRestores(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"after the save and after a restore", `
	position1, tokenIndex1 := p.position, p.tokenIndex
	if p.peek() != byte('/') {
		goto l2
	}
	if !p.ruleA() {
		goto l2
	}
	goto l1
l2:
	p.position, p.tokenIndex = position1, tokenIndex1
	if !pegenClass0[p.peek()] {
		goto l3
	}
	goto l1
l3:
	p.position, p.tokenIndex = position1, tokenIndex1
	p.ruleB()
l1:
	return true`, `
	position1, tokenIndex1 := p.position, p.tokenIndex
	if p.peek() != byte('/') {
		goto l2_kept
	}
	if !p.ruleA() {
		goto l2
	}
	goto l1
l2:
	p.position, p.tokenIndex = position1, tokenIndex1
l2_kept:
	if !pegenClass0[p.peek()] {
		goto l3_kept
	}
	goto l1
l3:
	p.position, p.tokenIndex = position1, tokenIndex1
l3_kept:
	p.ruleB()
l1:
	return true`},
		{"at the end of the list", `
	position1, tokenIndex1 := p.position, p.tokenIndex
	if p.peek() != byte('?') {
		goto l2
	}
	p.position++
	goto l1
l2:
	p.position, p.tokenIndex = position1, tokenIndex1`, `
	position1, tokenIndex1 := p.position, p.tokenIndex
	if p.peek() != byte('?') {
		goto l2_kept
	}
	p.position++
	goto l1
l2:
	p.position, p.tokenIndex = position1, tokenIndex1
l2_kept:`},
		{"moved", `
	position1, tokenIndex1 := p.position, p.tokenIndex
	p.position++
	if p.peek() != byte('a') {
		goto l2
	}
l2:
	p.position, p.tokenIndex = position1, tokenIndex1`, ""},
		{"another state", `
	position1, tokenIndex1 := p.position, p.tokenIndex
	position3, tokenIndex3 := p.position, p.tokenIndex
	if p.peek() != byte('b') {
		goto l2
	}
l2:
	p.position, p.tokenIndex = position1, tokenIndex1
	_, _ = position3, tokenIndex3`, ""},
		{"reached from a label", `
	position1, tokenIndex1 := p.position, p.tokenIndex
l4:
	;
	if p.peek() != byte('c') {
		goto l2
	}
	p.position++
	goto l4
l2:
	p.position, p.tokenIndex = position1, tokenIndex1`, ""},
		{"a jump back", `
	position1, tokenIndex1 := p.position, p.tokenIndex
l2:
	p.position, p.tokenIndex = position1, tokenIndex1
	if p.peek() != byte('d') {
		goto l2
	}`, ""},
		{"not only the byte", `
	position1, tokenIndex1 := p.position, p.tokenIndex
	if !p.ruleA() {
		goto l2
	}
l2:
	p.position, p.tokenIndex = position1, tokenIndex1`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkBodyEdit(t, "skipRestores", tt.in, tt.want, func(body *ast.BlockStmt) { body.List = skipRestores(body.List) })
		})
	}
}

// checkBodyEdit applies edit to the body of a function whose statements
// are in, and checks that it then prints as want ("" for in unchanged).
func checkBodyEdit(t *testing.T, name, in, want string, edit func(*ast.BlockStmt)) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", "package p\nfunc f() {"+in+"\n}\n", parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	edit(body)
	clearPositions(body)
	var b bytes.Buffer
	if err := format.Node(&b, token.NewFileSet(), f); err != nil {
		t.Fatal(err)
	}
	if want == "" {
		want = in
	}
	w, err := format.Source([]byte("package p\n\nfunc f() {" + want + "\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(w), b.String()); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
	}
}
