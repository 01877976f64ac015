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
