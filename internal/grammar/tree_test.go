package grammar

import (
	"strings"
	"testing"
)

// shape prints the trees of roots as rule(kids...).
func shape(roots []*node) string {
	var b strings.Builder
	for i, n := range roots {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(n.rule)
		if len(n.kids) > 0 {
			b.WriteString("(" + shape(n.kids) + ")")
		}
	}
	return b.String()
}

// TestNest checks that nest places each token by the first descendant
// the parser recorded, not by spans: an empty token at a parent's start
// can be a child or an earlier sibling, which spans cannot tell apart.
func TestNest(t *testing.T) {
	for _, tt := range []struct {
		name string
		toks []tok
		want string
	}{
		{"flat", []tok{{"a", 0, 1, 0}, {"b", 1, 2, 1}}, "a b"},
		{"nested", []tok{{"a", 0, 1, 0}, {"b", 1, 2, 1}, {"p", 0, 2, 0}}, "p(a b)"},
		{"empty child", []tok{{"e", 0, 0, 0}, {"a", 0, 1, 1}, {"p", 0, 1, 0}}, "p(e a)"},
		{"empty sibling", []tok{{"e", 0, 0, 0}, {"a", 0, 1, 1}, {"p", 0, 1, 1}}, "e p(a)"},
		{"deep", []tok{{"x", 0, 1, 0}, {"y", 0, 1, 0}, {"z", 0, 1, 0}, {"w", 1, 2, 3}}, "z(y(x)) w"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := shape(nest(tt.toks)); got != tt.want {
				t.Errorf("nest(%v) = %s, want %s", tt.toks, got, tt.want)
			}
		})
	}
}

// TestRefs checks the rules an expression uses: each once, in order of
// first use, lookaheads and repetitions included.
func TestRefs(t *testing.T) {
	g, err := ReadPEG("package p\n\ntype grammar Peg {}\n\nr <- a (b / &c a)* !d b\na <- 'a'\nb <- 'b'\nc <- 'c'\nd <- 'd'\n")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(g.Rule("r").Expr.Refs(), " "), "a b c d"; got != want {
		t.Errorf("Refs() = %q, want %q", got, want)
	}
	if got := g.Rule("a").Expr.Refs(); len(got) != 0 {
		t.Errorf("Refs() of a literal = %q, want none", got)
	}
}
