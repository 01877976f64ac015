package main

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPositionPass checks positionPass on methods of each kind: a rule
// that tests calls, a memo wrapper, a rule that ends in a call, a reader,
// call, and a method that does not use the position.
func TestPositionPass(t *testing.T) {
	in := `package p

func (p *grammar) ruleA() bool {
	position1, tokenIndex1 := p.position, p.tokenIndex
	if p.peek() != byte('/') {
		goto l2
	}
	p.position++
	if !p.ruleB() {
		goto l2
	}
	if p.matchDot() {
		goto l2
	}
	p.add(ruleA, position1, tokenIndex1)
	return true
l2:
	p.position, p.tokenIndex = position1, tokenIndex1
	return false
}

func (p *grammar) ruleB() bool {
	begin := p.position
	ok := p.ruleBTry()
	if ok {
		p.track(ruleB, begin)
	}
	return ok
}

func (p *grammar) ruleC() bool {
	return p.ruleA()
}

func (p *grammar) peek() byte {
	return p.Buffer[p.position]
}

func (p *grammar) call(r pegRule) bool {
	switch r {
	case ruleA:
		return p.ruleA()
	}
	return false
}

func (p *grammar) reset() {
	p.position = 0
}
`
	want := `package p

func (p *grammar) ruleA(pos uint32) (uint32, bool) {
	var ok bool
	position1, tokenIndex1 := pos, p.tokenIndex
	if p.peek(pos) != byte('/') {
		goto l2
	}
	pos++
	if pos, ok = p.ruleB(pos); !ok {
		goto l2
	}
	if pos, ok = p.matchDot(pos); ok {
		goto l2
	}
	p.add(ruleA, position1, tokenIndex1, pos)
	return pos, true
l2:
	pos, p.tokenIndex = position1, tokenIndex1
	return pos, false
}

func (p *grammar) ruleB(pos uint32) (uint32, bool) {
	begin := pos
	pos, ok := p.ruleBTry(pos)
	if ok {
		p.track(ruleB, begin, pos)
	}
	return pos, ok
}

func (p *grammar) ruleC(pos uint32) (uint32, bool) {
	return p.ruleA(pos)
}

func (p *grammar) peek(pos uint32) byte {
	return p.Buffer[pos]
}

func (p *grammar) call(r pegRule) bool {
	switch r {
	case ruleA:
		return p.moved(p.ruleA(p.position))
	}
	return false
}
` + strings.TrimPrefix(movedMethod, "\n") + `
func (p *grammar) reset() {
	p.position = 0
}
`
	g := &gen{fset: token.NewFileSet()}
	f, err := parser.ParseFile(g.fset, "x.go", in, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	g.file = f
	if err := g.positionPass(); err != nil {
		t.Fatal(err)
	}
	clearPositions(f)
	var b bytes.Buffer
	if err := format.Node(&b, token.NewFileSet(), f); err != nil {
		t.Fatal(err)
	}
	got, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	w, err := format.Source([]byte(want))
	if err != nil {
		t.Fatal(err)
	}
	// clearPositions drops the blank lines between declarations.
	noBlank := func(b []byte) string { return strings.ReplaceAll(string(b), "\n\n", "\n") }
	if diff := cmp.Diff(noBlank(w), noBlank(got)); diff != "" {
		t.Errorf("positionPass mismatch (-want +got):\n%s", diff)
	}
}

// TestPositionPassShapes checks that positionPass fails, naming the shape
// it wants, on a call of a rule in a form it does not rewrite, and on a
// rule that declares pos or, testing calls, ok.
func TestPositionPassShapes(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"a call in an expression", `
func (p *grammar) ruleA() bool {
	x := p.ruleB() && p.ruleC()
	return x
}`, "want a call of a rule in a form of positionPass"},
		{"a call in a method of the API", `
func (p *grammar) call(r pegRule) bool {
	ok := p.ruleA()
	return ok
}`, "want a call of call's rules as return p.ruleX()"},
		{"pos declared", `
func (p *grammar) ruleA() bool {
	pos := 1
	return pos == 1
}`, "want no pos declared in ruleA"},
		{"ok declared", `
func (p *grammar) ruleA() bool {
	ok := true
	if !p.ruleB() {
		return false
	}
	return ok
}`, "want no ok declared in ruleA, which tests calls of rules"},
		{"a rule with parameters", `
func (p *grammar) ruleA(x int) bool {
	return x == 1
}`, "want a method ruleA() bool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &gen{fset: token.NewFileSet()}
			f, err := parser.ParseFile(g.fset, "x.go", "package p\n"+tt.in+"\nfunc (p *grammar) call(r pegRule) bool { return false }\n", parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			g.file = f
			err = g.positionPass()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("positionPass error %v, want one with %q", err, tt.want)
			}
		})
	}
}

// TestDropDeadPositions checks the stores of pos that positionPass drops
// because nothing reads them (the position a lookahead or a failed
// alternative leaves, which a restore or a failure overwrites) and those
// it keeps.
func TestDropDeadPositions(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"not any byte", `
	position1, tokenIndex1 := pos, p.tokenIndex
	if pos, ok = p.matchDot(pos); !ok {
		goto l2
	}
	goto l0
l2:
	pos, p.tokenIndex = position1, tokenIndex1
	return pos, true
l0:
	pos, p.tokenIndex = position1, tokenIndex1
	return pos, false`, `
	position1, tokenIndex1 := pos, p.tokenIndex
	if _, ok = p.matchDot(pos); !ok {
		goto l2
	}
	goto l0
l2:
	pos, p.tokenIndex = position1, tokenIndex1
	return pos, true
l0:
	pos, p.tokenIndex = position1, tokenIndex1
	return pos, false`},
		{"a move a restore overwrites", `
	position1, tokenIndex1 := pos, p.tokenIndex
	if p.peek(pos) != byte('%') {
		goto l2
	}
	pos++
	pos = uint32(pegenSpan(&pegenClass0, p.Buffer, int(pos)))
	pos, p.tokenIndex = position1, tokenIndex1
l2:
	return pos, true`, `
	position1, tokenIndex1 := pos, p.tokenIndex
	if p.peek(pos) != byte('%') {
		goto l2
	}
	pos, p.tokenIndex = position1, tokenIndex1
l2:
	return pos, true`},
		{"a restore no path reads", `
	_, tokenIndex1 := pos, p.tokenIndex
	pos, p.tokenIndex = 0, tokenIndex1
	pos = 3
	return pos, true`, `
	_, tokenIndex1 := pos, p.tokenIndex
	p.tokenIndex = tokenIndex1
	pos = 3
	return pos, true`},
		{"stores that are read", `
	position1 := pos
	if p.peek(pos) != byte('/') {
		goto l1
	}
	pos++
	if pos, ok = p.ruleA(pos); !ok {
		goto l1
	}
	p.add(ruleB, position1, 0, pos)
	return pos, true
l1:
	pos = position1
	return pos, false`, ""},
		{"a call that must run", `
	pos = p.next(pos)
	pos = 1
	return pos, true`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkBodyEdit(t, "dropDeadPositions", tt.in, tt.want, dropDeadPositions)
		})
	}
}
