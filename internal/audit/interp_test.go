package audit

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/internal/grammar"
)

func mustABNF(t *testing.T, src string) *grammar.Grammar {
	t.Helper()
	g, err := grammar.ReadABNF(src)
	if err != nil {
		t.Fatalf("ReadABNF(%q): %v", src, err)
	}
	return g
}

// TestMatcherUnordered checks the RFC 5234 §3 semantics where a PEG would
// differ: alternation is unordered and repetition gives back.
func TestMatcherUnordered(t *testing.T) {
	g := mustABNF(t, `short  = "x" / "xy"
greedy = *"a" "a"
count  = 2*3( "a" / "b" )
empty  = 0"z"
fold   = "Ab" %x41
incr   = "p"
incr   =/ "q"
range  = %x30-32 %d65 %b1000010
`)
	tests := []struct {
		rule, in string
		want     bool
	}{
		{"short", "x", true}, {"short", "xy", true}, {"short", "y", false},
		{"greedy", "a", true}, {"greedy", "aaa", true}, {"greedy", "", false},
		{"count", "a", false}, {"count", "ab", true}, {"count", "bab", true}, {"count", "abab", false},
		{"empty", "", true}, {"empty", "z", false},
		{"fold", "aBA", true}, {"fold", "ABa", false},
		{"incr", "p", true}, {"incr", "q", true}, {"incr", "r", false},
		{"range", "2AB", true}, {"range", "3AB", false}, {"range", "0aB", false},
	}
	m := NewMatcher(g)
	want, got := map[string]bool{}, map[string]bool{}
	for _, tt := range tests {
		ok, err := m.Match(tt.rule, tt.in)
		if err != nil {
			t.Fatalf("Match(%s, %q): %v", tt.rule, tt.in, err)
		}
		key := tt.rule + " " + tt.in
		want[key], got[key] = tt.want, ok
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Match mismatch (-want +got):\n%s", diff)
	}
}

func TestMatcherErrors(t *testing.T) {
	g := mustABNF(t, "a = b\nl = l \"x\" / \"y\"\np = <prose>\n")
	m := NewMatcher(g)
	for _, rule := range []string{"a", "l", "p", "nosuch"} {
		if _, err := m.Match(rule, "x"); err == nil {
			t.Errorf("Match(%s) gave no error", rule)
		}
	}
	if _, err := m.Match("p", string(make([]byte, MaxMatch+1))); err == nil {
		t.Errorf("Match of a too long input gave no error")
	}
}

func TestDerive(t *testing.T) {
	g := readGrammar(t, "rfc3986.abnf")
	m := NewMatcher(g)
	spans, ok, err := m.Derive("URI", "s://u@h:1/p?q#f")
	if err != nil || !ok {
		t.Fatalf("Derive: %v %v", ok, err)
	}
	got := map[string][2]int{}
	for _, s := range spans {
		if _, ok := componentRules[s.Rule]; ok {
			got[s.Rule] = [2]int{s.Begin, s.End}
		}
	}
	want := map[string][2]int{
		"scheme": {0, 1}, "authority": {4, 9}, "userinfo": {4, 5}, "host": {6, 7},
		"port": {8, 9}, "path-abempty": {9, 11}, "query": {12, 13}, "fragment": {14, 15},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Derive(URI) spans mismatch (-want +got):\n%s", diff)
	}
}

// TestGenerator checks that every derived string is in its rule's
// language, both by the ABNF and by the generated parser, and that
// mutation gives both valid and invalid inputs.
func TestGenerator(t *testing.T) {
	g := readGrammar(t, "rfc3986.abnf")
	r := rand.New(rand.NewPCG(5, 6))
	gen := NewGenerator(g, r)
	m := NewMatcher(g)
	p := rfc3986.NewParser()
	valid, invalid := 0, 0
	for i := 0; i < 400; i++ {
		rule := entryRules[i%len(entryRules)]
		s := gen.Generate(rule)
		if len(s) > MaxMatch {
			continue
		}
		if ok, err := m.Match(rule, s); !ok || err != nil {
			t.Errorf("Generate(%s) = %q, not in the language (%v)", rule, s, err)
		}
		mu := Mutate(r, s)
		if len(mu) > MaxMatch {
			continue
		}
		if ok, _ := m.Match(rule, mu); ok {
			valid++
		} else {
			invalid++
		}
		rr := rfc3986.MustLookup(rule)
		if !p.Match(rr, s) {
			t.Errorf("generated parser rejects %s %q", rule, s)
		}
	}
	if valid < 40 || invalid < 40 {
		t.Errorf("mutations gave %d valid and %d invalid inputs, want at least 40 of each", valid, invalid)
	}
}
