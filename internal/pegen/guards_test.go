package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/internal/grammar"
)

// readPEG reads one grammar file for the tests of the derivations.
func readPEG(t *testing.T, rules string) *grammar.Grammar {
	t.Helper()
	src := "package x\n\ntype grammar Peg {}\n\n" + rules
	g, err := grammar.Read([]grammar.Source{{Name: "x.peg", Text: src}}, grammar.ReadPEG, grammar.ComposePEG)
	if err != nil {
		t.Fatalf("reading %q: %v", rules, err)
	}
	return g
}

func TestStopGuards(t *testing.T) {
	tests := []struct {
		name, rules string
		want        map[string]stopGuard
	}{
		{"userinfo", "a <- u '@'\nu <- ([a-c:] / p)*\np <- '%' [0-9] [0-9]\n",
			map[string]stopGuard{"a": {class: "%0123456789:abc", stop: '@'}}},
		// The stop is in A's bytes: an "@" could end A's run inside a match.
		{"stop inside", "a <- u '@'\nu <- [a-c@]*\n", map[string]stopGuard{}},
		{"fold", "a <- u \"b\"\nu <- [a]*\n", map[string]stopGuard{"a": {class: "a", stop: 'b'}}},
		{"fold inside", "a <- u \"B\"\nu <- [ab]*\n", map[string]stopGuard{}},
		// Without a repetition the scan costs more than the rule.
		{"no repetition", "a <- u '@'\nu <- [a-c]\n", map[string]stopGuard{}},
		{"dot", "a <- u '@'\nu <- (!'@' .)*\n", map[string]stopGuard{}},
		{"recursive", "a <- u '@'\nu <- '(' u* ')'\n", map[string]stopGuard{}},
		{"not a rule then a literal", "a <- '@' u\nu <- [a-c]*\n", map[string]stopGuard{}},
		{"beyond ASCII", "a <- u '@'\nu <- [a\\0xE9]*\n", map[string]stopGuard{"a": {class: "a" + string(highBytes()), stop: '@'}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := stopGuards(readPEG(t, tt.rules))
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(stopGuard{})); diff != "" {
				t.Errorf("stopGuards(%q) mismatch (-want +got):\n%s", tt.rules, diff)
			}
		})
	}
}

func highBytes() []byte {
	var b []byte
	for c := 0x80; c <= 0xff; c++ {
		b = append(b, byte(c))
	}
	return b
}

func TestAlternativeGuard(t *testing.T) {
	tests := []struct {
		name, rules string
		want        string // the set, "" for no guard
	}{
		{"one range", "h <- n / r\nn <- d '.' d\nd <- '2' [0-5] / [0-9]\nr <- [a-z]*\n", "[0-9]"},
		{"two ranges", "h <- n / r\nn <- [a-zA-Z]+\nr <- [0-9]*\n", ""},
		{"nullable", "h <- n / r\nn <- [0-9]*\nr <- 'x'\n", ""},
		{"literal head", "h <- '1' n / r\nn <- [0-9]\nr <- 'x'\n", ""},
		{"literal guard", "h <- n / r\nn <- '[' [0-9]\nr <- 'x'\n", ""},
		{"lookahead first", "h <- n / r\nn <- &'1' [0-9]+\nr <- 'x'\n", "[0-9]"},
		// Both cases are two ranges.
		{"fold", "h <- n / r\nn <- \"v\" [0-9]\nr <- 'x'\n", ""},
		{"right recursive", "h <- n / r\nn <- [0-9] n?\nr <- 'x'\n", "[0-9]"},
		{"left recursive", "h <- n / r\nn <- (n '+')? [0-9]\nr <- 'x'\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := readPEG(t, tt.rules)
			set, ok := newFirst(g).alternativeGuard(g.Rule("h").Expr.Subs[0], firstCharGuards(g))
			got := ""
			if ok {
				var b strings.Builder
				printSet(&b, set.Set)
				got = b.String()
			}
			if got != tt.want {
				t.Errorf("alternativeGuard(%q) = %q, want %q", tt.rules, got, tt.want)
			}
		})
	}
}

func TestRunRules(t *testing.T) {
	g := readPEG(t, "s <- ([a-c] / p)*\np <- '%' [0-9] [0-9]\nw <- [x-z]*\n"+
		"one <- ([a-c] / p)+\nother <- ([a-c] / w)*\nhigh <- [a\\0xE9]*\n")
	want := map[string]runRule{
		"s": {class: "abc", pct: "p", hex: "0123456789"},
		"w": {class: "xyz"},
	}
	got := runRules(g, percentRules(g))
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(runRule{})); diff != "" {
		t.Errorf("runRules mismatch (-want +got):\n%s", diff)
	}
}
