package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFold checks the folding of modesPass in each mode: the tests of the
// mode and of span mode's filter become constants, the boolean operators
// over them fold, and an if statement takes its constant branch.
func TestFold(t *testing.T) {
	slot := map[string]bool{"rulekey": true}
	tests := []struct {
		name string
		span bool
		in   string
		want string // "" for in unchanged
	}{
		{"a token's add in span mode", true, `
	if !p.spanMode {
		p.add(ruleA, position1, tokenIndex1)
	}
	return true`, `
	return true`},
		{"a token's add in token mode", false, `
	if !p.spanMode {
		p.add(ruleA, position1, tokenIndex1)
	}
	return true`, `
	p.add(ruleA, position1, tokenIndex1)
	return true`},
		{"a slot's call in span mode", true, `
	if p.spanMode {
		p.addSpan(0, position1)
		p.track(rulekey, position1)
	} else {
		p.add(rulekey, position1, tokenIndex1)
	}`, `
	p.addSpan(0, position1)
	p.track(rulekey, position1)`},
		{"a slot's call in token mode", false, `
	if p.spanMode {
		p.addSpan(0, position1)
	} else {
		p.add(rulekey, position1, tokenIndex1)
	}`, `
	p.add(rulekey, position1, tokenIndex1)`},
		{"a branch of two statements before others", true, `
	if p.spanMode {
		p.addSpan(0, position1)
		p.track(rulekey, position1)
	} else {
		p.add(rulekey, position1, tokenIndex1)
	}
	p.position = 1
	return true`, `
	p.addSpan(0, position1)
	p.track(rulekey, position1)
	p.position = 1
	return true`},
		{"a labeled test keeps its label", true, `
	goto l1
l1:
	if !p.spanMode {
		p.add(ruleA, position1, tokenIndex1)
	}
	return true`, `
	goto l1
l1:
	;
	return true`},
		{"a branch that declares keeps its block", false, `
	if !p.spanMode {
		x := p.position
		p.add(ruleA, x, 0)
	}`, `
	{
		x := p.position
		p.add(ruleA, x, 0)
	}`},
		{"the filter of a rule without a slot", true, `
	if int(p.position) < len(p.Buffer) && p.peek() == '%' && p.keep != nil && !p.keep[rulepct_encoded] {
		p.position = 1
	}`, `
	if int(p.position) < len(p.Buffer) && p.peek() == '%' {
		p.position = 1
	}`},
		{"the filter of a rule with a slot", true, `
	if int(p.position) < len(p.Buffer) && p.peek() == '%' && p.keep != nil && !p.keep[rulekey] {
		p.position = 1
	}
	return true`, `
	return true`},
		{"a call that a constant follows stays", true, `
	if p.ruleA() && !p.keep[rulekey] {
		p.position = 1
	}`, `
	if p.ruleA() && false {
		p.position = 1
	}`},
		{"the filter in token mode stays", false, `
	if p.peek() == '%' && p.keep != nil && !p.keep[rulepct_encoded] {
		p.position = 1
	}`, ""},
		{"or", true, `
	if p.spanMode || p.ruleA() {
		p.position = 1
	}
	if p.ruleA() || !p.spanMode {
		p.position = 2
	}`, `
	p.position = 1
	if p.ruleA() {
		p.position = 2
	}`},
		{"a test with an init stays", true, `
	if ok := p.ruleA(); p.spanMode {
		p.position = 1
	}`, `
	if ok := p.ruleA(); true {
		p.position = 1
	}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkBodyEdit(t, "fold", tt.in, tt.want, func(body *ast.BlockStmt) { fold(body, constants(tt.span, slot)) })
		})
	}
}

// TestModesPass runs modesPass on a grammar of three rules and an entry
// rule's whole_ helper, and checks which methods it copies and what
// each calls.
func TestModesPass(t *testing.T) {
	src := `package p

const (
	ruleUnknown pegRule = iota
	rulestart
	rulewhole_entry
	ruleentry
	rulepart
	ruleother
)

func (p *grammar) call(r pegRule) bool {
	switch r {
	case rulestart:
		return p.rulestart()
	case rulewhole_entry:
		return p.rulewhole_entry()
	case ruleentry:
		return p.ruleentry()
	case rulepart:
		return p.rulepart()
	case ruleother:
		return p.ruleother()
	}
	return false
}

func (p *grammar) rulestart() bool { return p.rulewhole_entry() || p.ruleother() }

func (p *grammar) rulewhole_entry() bool {
	if !p.ruleentry() {
		return false
	}
	return p.position == 1
}

func (p *grammar) ruleentry() bool {
	position0, tokenIndex0 := p.position, p.tokenIndex
	if !p.rulepart() {
		return false
	}
	if p.spanMode {
		p.addSpan(0, position0)
	} else {
		p.add(ruleentry, position0, tokenIndex0)
	}
	return true
}

func (p *grammar) rulepart() bool {
	position0, tokenIndex0 := p.position, p.tokenIndex
	p.position++
	if !p.spanMode {
		p.add(rulepart, position0, tokenIndex0)
	}
	return true
}

func (p *grammar) ruleother() bool {
	if !p.spanMode {
		p.add(ruleother, 0, 0)
	}
	return p.rulepart()
}
`
	g := modesGen(t, src, "entry")
	if err := g.modesPass(); err != nil {
		t.Fatal(err)
	}
	// What each method calls, and whether it still reads the mode.
	got := map[string]string{}
	for _, d := range g.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		var calls []string
		mode := ""
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if s, ok := c.Fun.(*ast.SelectorExpr); ok && isIdent(s.X, "p") {
					calls = append(calls, s.Sel.Name)
				}
			}
			if e, ok := n.(ast.Expr); ok && isField(e, "spanMode") {
				mode = " (tests the mode)"
			}
			return true
		})
		got[fd.Name.Name] = strings.Join(slices.Compact(calls), " ") + mode
	}
	want := map[string]string{
		"call":            "rulestart rulewhole_entry ruleentry rulepart ruleother",
		"callSpans":       "spanentry spanpart call",
		"rulestart":       "rulewhole_entry ruleother",
		"rulewhole_entry": "spanentry ruleentry (tests the mode)",
		"ruleentry":       "rulepart add",
		"spanentry":       "spanpart addSpan",
		"rulepart":        "add",
		"spanpart":        "",
		"ruleother":       "add spanpart rulepart (tests the mode)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("methods after modesPass (-want +got):\n%s", diff)
	}
	if n := len(g.ruleDecls); n != 7 {
		t.Errorf("ruleDecls has %d methods, want the 5 rules and 2 copies: %v", n, slices.Sorted(maps.Keys(got)))
	}
}

// TestModesPassNeedsEntry checks that modesPass fails on a grammar with
// no entry rule, which it would leave with no method for span mode.
func TestModesPassNeedsEntry(t *testing.T) {
	src := `package p

const (
	ruleUnknown pegRule = iota
	rulea
)

func (p *grammar) call(r pegRule) bool { return p.rulea() }

func (p *grammar) rulea() bool { return true }
`
	g := modesGen(t, src, "a")
	if err := g.modesPass(); err == nil || !strings.Contains(err.Error(), "whole_X") {
		t.Errorf("modesPass = %v, want an error naming the whole_X rule it needs", err)
	}
}

// TestModesPassCallForms checks that modesPass fails on a call of a rule
// with a method per mode, in a rule with one, in a form dispatch does
// not write for both modes.
func TestModesPassCallForms(t *testing.T) {
	src := `package p

const (
	ruleUnknown pegRule = iota
	rulewhole_a
	rulea
)

func (p *grammar) call(r pegRule) bool { return p.rulea() }

func (p *grammar) rulewhole_a() bool { return p.rulea() && p.position == 1 }

func (p *grammar) rulea() bool { return true }
`
	g := modesGen(t, src, "a")
	if err := g.modesPass(); err == nil || !strings.Contains(err.Error(), "rulewhole_a") {
		t.Errorf("modesPass = %v, want an error showing rulewhole_a", err)
	}
}

// modesGen returns the gen of the Go source src, as modesPass finds it:
// its rules, its rule methods, span slots for the rules spans and a
// method per rule and mode asked for.
func modesGen(t *testing.T, src string, spans ...string) *gen {
	t.Helper()
	g := &gen{fset: token.NewFileSet(), spans: spans, spanMethods: true}
	f, err := parser.ParseFile(g.fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	g.file = f
	if err := g.findRules(); err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && strings.HasPrefix(fd.Name.Name, "rule") {
			g.ruleDecls = append(g.ruleDecls, fd)
		}
	}
	return g
}
