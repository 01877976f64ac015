package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/grammar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden pins pegen's own output, the derived grammar, the parser and
// api.go, for small grammars in testdata/golden: NAME.peg gives
// NAME.peg.golden (the derived grammar), NAME.peg.go.golden (the parser)
// and, with a specification, NAME.api.go.golden. go test -update rewrites
// them. A row with a grammar file of its own (peg) reads that one in
// place of NAME.peg.
func TestGolden(t *testing.T) {
	tests := []struct {
		name        string
		peg         string   // the grammar file, NAME.peg if ""
		files       []string // after it
		memo        []string
		spec        string
		spans       []string
		spanMethods bool
	}{
		{name: "class"},
		{name: "loop"},
		{name: "memo", memo: []string{"h16"}},
		{name: "guard"},
		{name: "fuse"},
		{name: "compose", files: []string{"compose_base.peg"}, spec: "RFC 3986 §3.2"},
		{name: "spans", spec: "RFC 9999 §1", spans: []string{"key", "item"}},
		// spans' grammar with a method per rule and mode (modesPass).
		{name: "modes", peg: "spans.peg", spec: "RFC 9999 §1", spans: []string{"key", "item"}, spanMethods: true},
	}
	tmp := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := job{out: tt.name + ".peg.go", memo: tt.memo, spec: tt.spec, pkg: tt.name, spans: tt.spans, inline: grammar.DefaultInline, spanMethods: tt.spanMethods}
			peg := tt.peg
			if peg == "" {
				peg = tt.name + ".peg"
			}
			for _, f := range append([]string{peg}, tt.files...) {
				path := filepath.Join("testdata", "golden", f)
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				j.names = append(j.names, filepath.ToSlash(path))
				j.srcs = append(j.srcs, src)
			}
			files, err := generate(j, tmp)
			if err != nil {
				t.Fatalf("generate: %v", err)
			}
			for _, f := range files {
				golden := filepath.Join("testdata", "golden", tt.name+"."+strings.TrimPrefix(f.path, tt.name+".")+".golden")
				if *update {
					if err := os.WriteFile(golden, f.data, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update)", err)
				}
				if diff := cmp.Diff(string(want), string(f.data)); diff != "" {
					t.Errorf("generate(%q): %s mismatch (-want +got):\n%s", tt.name, f.path, diff)
				}
			}
		})
	}
}

// TestEditShapeErrors checks that edit refuses peg output of another
// shape, naming the position and showing the node it found.
func TestEditShapeErrors(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "golden", "loop.peg"))
	if err != nil {
		t.Fatal(err)
	}
	j := job{out: "loop.peg.go", names: []string{"loop.peg"}, srcs: [][]byte{src}, inline: grammar.DefaultInline}
	derived, err := derive(j)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := runPeg(t.TempDir(), j.out, "loop.peg", derived)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := edit(raw, []string{"digits"}, nil, nil, nil, nil, nil, grammar.DefaultInline, false); err != nil {
		t.Fatalf("edit(peg's output): %v", err)
	}
	tests := []struct {
		name, old, new string
		memo           []string
		want           []string // in the error
	}{
		{"pruned declaration missing", "func Pretty(", "func Pretty2(", nil,
			[]string{"prunePass: peg's output has no declaration Pretty of peg's runtime"}},
		{"a rune literal of a number", "rune('%')", "rune(37)", nil,
			[]string{"bytesPass: peg.go:", "want rune('c'), a character literal, found:\nrune(37)"}},
		{"another statement in Init", "\t_rules := p.rules\n", "\tp.reset()\n\t_rules := p.rules\n", nil,
			[]string{"methodsPass: peg.go:", "want statement 5 of Init: := _rules, found:\np.reset()"}},
		{"another field in grammar", "\tPretty bool\n", "\tPretty int\n", nil,
			[]string{"methodsPass: peg.go:", "want field Pretty bool, found:\nPretty int"}},
		{"a rule comment changed", "/* 1 digits <- ", "/* 1 digit <- ", nil,
			[]string{"methodsPass: peg.go:", `want the comment "/* 1 digits <- "... before the closure, found:` + "\nfunc() bool {"}},
		{"a memoized rule that uses another rule", "", "", []string{"segment"},
			[]string{"memoPass: peg.go:", "want a rule that uses no other rule, found:\np.rulepct_encoded()"}},
		{"another field in token32", "\tbegin, end uint32\n}", "\tbegin, end uint32\n\tup uint32\n}", nil,
			[]string{"treePass: peg.go:", "want a struct of 2 fields, found:\ntype token32 struct {"}},
		{"another signature of Add", "Add(rule pegRule, begin, end, index uint32)", "Add(rule pegRule, begin, end uint32, index int)", nil,
			[]string{"treePass: peg.go:", "want func (t *tokens32) Add(rule pegRule, begin, end, index uint32), found:\nfunc (t *tokens32) Add(rule pegRule, begin, end uint32, index int) {"}},
		{"a token begun at an expression", "add(ruledigits, position16)", "add(ruledigits, position16+0)", nil,
			[]string{"treePass: peg.go:", "want p.add(ruleX, positionM), a variable, found:\np.add(ruledigits, position16+0)"}},
		{"a token begun where no rule begins", "add(ruledigits, position16)", "add(ruledigits, position99)", nil,
			[]string{"treePass: peg.go:", "want p.add(ruleX, position99) with one position99 := p.position in ruledigits, found:\np.add(ruledigits, position99)"}},
		{"no marker", "// Code generated by", "// Written by", nil,
			[]string{`markerPass: peg's output has no "// Code generated by ... DO NOT EDIT." comment`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := string(raw)
			if tt.old != "" {
				if !strings.Contains(in, tt.old) {
					t.Fatalf("peg's output has no %q", tt.old)
				}
				in = strings.Replace(in, tt.old, tt.new, 1)
			}
			_, err := edit([]byte(in), tt.memo, nil, nil, nil, nil, nil, grammar.DefaultInline, false)
			if err == nil {
				t.Fatal("edit accepted it")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("edit error = %v\nwant it to contain %q", err, w)
				}
			}
		})
	}
}
