package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/specuri/specuri/internal/grammar"
)

// TestJobInline checks the budget each grammar's job takes from its Set:
// RFC 3986's own, for its span-mode methods only, none for the syntaxes
// a caller opts into, and DefaultInline for a Set that names none.
func TestJobInline(t *testing.T) {
	want := map[string]struct {
		inline      int
		spanMethods bool
	}{
		"rfc3986": {800, true},
		"rfc6874": {grammar.NoInline, false},
		"rfc3987": {grammar.NoInline, false},
		"rfc6068": {grammar.DefaultInline, false},
	}
	sets := map[string]grammar.Set{}
	for _, s := range grammar.Sets() {
		sets[s.Name] = s
	}
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			j, err := newJob(sets[name])
			if err != nil {
				t.Fatal(err)
			}
			if j.inline != w.inline || j.spanMethods != w.spanMethods {
				t.Errorf("newJob(%s): inline %d, spanMethods %v; want %d, %v", name, j.inline, j.spanMethods, w.inline, w.spanMethods)
			}
		})
	}
}

// TestBudget checks the budget of each kind of rule method: with a method
// per rule and mode, the span-mode methods have the grammar's and the
// methods of Match none; without, every method has the grammar's.
func TestBudget(t *testing.T) {
	tests := []struct {
		name        string
		spanMethods bool
		spans       []string
		method      string
		want        int
	}{
		{"span mode's method", true, []string{"a"}, "spana", 800},
		{"Match's method", true, []string{"a"}, "rulea", grammar.NoInline},
		{"one method for both", false, []string{"a"}, "rulea", 800},
		{"no span mode", true, nil, "rulea", 800},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &gen{inline: 800, spanMethods: tt.spanMethods, spans: tt.spans}
			if got := g.budget(tt.method); got != tt.want {
				t.Errorf("budget(%s) = %d, want %d", tt.method, got, tt.want)
			}
		})
	}
}

// TestInlinable checks inlinable against the budget: a method within it
// is written out, one over it or with NoInline is not, nor one that
// returns anything but a constant.
func TestInlinable(t *testing.T) {
	const src = `package p
func (p *grammar) ruleA() bool {
	if p.peek() != byte('a') {
		return false
	}
	p.position++
	return true
}
func (p *grammar) ruleB() bool { return p.ruleA() }
`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	a, b := f.Decls[0].(*ast.FuncDecl), f.Decls[1].(*ast.FuncDecl)
	nodes := 0
	ast.Inspect(a.Body, func(n ast.Node) bool {
		if n != nil {
			nodes++
		}
		return true
	})
	tests := []struct {
		name   string
		d      *ast.FuncDecl
		budget int
		want   bool
	}{
		{"within the budget", a, nodes, true},
		{"over the budget", a, nodes - 1, false},
		{"none", a, grammar.NoInline, false},
		{"a call returned", b, grammar.DefaultInline, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := inlinable(tt.d, tt.budget); got != tt.want {
				t.Errorf("inlinable(%s, %d) = %v, want %v", tt.d.Name.Name, tt.budget, got, tt.want)
			}
		})
	}
}
