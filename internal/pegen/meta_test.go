package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRuleMeta checks what api.go is told of each rule: the "#section:"
// line, whether the rule is a "#helper:", and the rule a helper stands for.
func TestRuleMeta(t *testing.T) {
	const src = `package p

type grammar Peg {}

#helper: the entry point.
start <- whole / pair / key

#helper: the whole input.
whole <- pair !.

#section: RFC 9999 §1
pair <- key value_part? sep?

#section: RFC 9999 §1.1
key <- [a-z]+

#helper: "=" value.
#section: RFC 9999 §1.2
value_part <- '=' value

#section: RFC 9999 §1.2
value <- [a-z]*

#helper: a separator, used by pair alone.
sep <- ';'
`
	g, err := read(job{names: []string{"t.peg"}, srcs: [][]byte{[]byte(src)}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]RuleMeta{
		"start":      {Helper: true},
		"whole":      {Helper: true, ABNFRule: "pair"},
		"pair":       {Section: "RFC 9999 §1"},
		"key":        {Section: "RFC 9999 §1.1"},
		"value_part": {Section: "RFC 9999 §1.2", Helper: true, ABNFRule: "value"},
		"value":      {Section: "RFC 9999 §1.2"},
		"sep":        {Helper: true, ABNFRule: "pair"},
	}
	if diff := cmp.Diff(want, ruleMeta(g)); diff != "" {
		t.Errorf("ruleMeta mismatch (-want +got):\n%s", diff)
	}
}

// TestPercentRules checks which rules classLoopsPass may let a run go
// through: '%' and two characters of one ASCII class, nothing else.
func TestPercentRules(t *testing.T) {
	for _, tt := range []struct {
		name, rules string
		want        map[string]string
	}{
		{"pct-encoded", "p <- '%' [0-9A-F] [0-9A-F]\n", map[string]string{"p": "0123456789ABCDEF"}},
		{"other delimiter", "p <- '#' [0-9] [0-9]\n", map[string]string{}},
		{"classes differ", "p <- '%' [0-9] [a-f]\n", map[string]string{}},
		{"one digit", "p <- '%' [0-9]\n", map[string]string{}},
		{"three digits", "p <- '%' [0-9] [0-9] [0-9]\n", map[string]string{}},
		{"beyond ASCII", "p <- '%' [\\0x41-\\0x100] [\\0x41-\\0x100]\n", map[string]string{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, err := read(job{names: []string{"t.peg"}, srcs: [][]byte{[]byte("package p\n\ntype grammar Peg {}\n\n" + tt.rules)}})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, percentRules(g)); diff != "" {
				t.Errorf("percentRules(%q) mismatch (-want +got):\n%s", tt.rules, diff)
			}
		})
	}
}
