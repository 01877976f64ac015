package audit

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/internal/grammar"
)

// entryRules are the RFC 3986 rules (§3, §4.1, §4.2, §4.3) whose language
// the generated parser must share with the ABNF.
var entryRules = []string{"URI", "URI-reference", "absolute-URI", "relative-ref"}

// componentRules are the rules whose spans are the components of RFC 3986
// §3; the path is whichever path-* rule of hier-part or relative-part
// matched.
var componentRules = map[string]string{
	"scheme": "scheme", "authority": "authority", "userinfo": "userinfo",
	"host": "host", "port": "port", "query": "query", "fragment": "fragment",
	"path-abempty": "path", "path-absolute": "path", "path-noscheme": "path",
	"path-rootless": "path", "path-empty": "path",
}

// component is where a component of RFC 3986 §3 is and which rule
// matched it.
type component struct {
	Rule       string
	Begin, End int
}

func readGrammar(t testing.TB, name string) *grammar.Grammar {
	t.Helper()
	b, err := os.ReadFile("../../grammar/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var g *grammar.Grammar
	if strings.HasSuffix(name, ".abnf") {
		g, err = grammar.ReadABNF(string(b))
	} else {
		g, err = grammar.ReadPEG(string(b))
	}
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return g
}

// agree fails t for each disagreement between the generated parser and the
// ABNF interpreter on s.
func agree(t *testing.T, g *grammar.Grammar, p *rfc3986.Parser, s string) {
	t.Helper()
	for _, d := range disagreements(t, g, p, s) {
		t.Error(d)
	}
}

// disagreements lists where the generated parser and the ABNF interpreter
// disagree on whether s is in each entry rule's language, or on the
// components of a valid s.
func disagreements(t testing.TB, g *grammar.Grammar, p *rfc3986.Parser, s string) []string {
	t.Helper()
	if len(s) > MaxMatch {
		return nil
	}
	var out []string
	m := NewMatcher(g)
	for _, name := range entryRules {
		spans, want, err := m.Derive(name, s)
		if err != nil {
			t.Fatalf("Derive(%s, %q): %v", name, s, err)
		}
		r := rfc3986.MustLookup(name)
		got := p.Match(r, s)
		if got != want {
			out = append(out, fmt.Sprintf("%s %q: generated parser says valid=%v, ABNF says valid=%v", name, s, got, want))
			continue
		}
		if !got {
			continue
		}
		wantC := map[string]component{}
		for _, sp := range spans {
			if c, ok := componentRules[sp.Rule]; ok {
				wantC[c] = component(sp)
			}
		}
		gotC := map[string]component{}
		for i := 0; i < p.Tokens().Len(); i++ {
			tk := p.Tokens().At(i)
			if c, ok := componentRules[rfc3986.Rule(tk.Rule).String()]; ok {
				gotC[c] = component{rfc3986.Rule(tk.Rule).String(), tk.Begin, tk.End}
			}
		}
		if diff := cmp.Diff(wantC, gotC); diff != "" {
			out = append(out, fmt.Sprintf("%s %q components mismatch (-ABNF +parser):\n%s", name, s, diff))
		}
	}
	return out
}

// TestAgreeDrift checks that the semantic audit sees a drift between the
// ABNF and the generated parser: with dec-octet widened to 25[0-6] in the
// ABNF only, IPv4 addresses in IPv6 literals disagree, and with host
// narrowed to reg-name, the IP-literal hosts do.
func TestAgreeDrift(t *testing.T) {
	src, err := os.ReadFile("../../grammar/rfc3986.abnf")
	if err != nil {
		t.Fatal(err)
	}
	p := rfc3986.NewParser()
	tests := []struct{ old, new, input string }{
		{`"25" %x30-35`, `"25" %x30-36`, "//[::1.2.3.256]"},
		{"host          = IP-literal / IPv4address / reg-name", "host = IPv4address / reg-name", "//[::1]"},
		{"segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" )", "segment-nz-nc = 1*pchar", "a:b"},
	}
	for _, tt := range tests {
		if n := strings.Count(string(src), tt.old); n != 1 {
			t.Fatalf("%q occurs %d times", tt.old, n)
		}
		g, err := grammar.ReadABNF(strings.Replace(string(src), tt.old, tt.new, 1))
		if err != nil {
			t.Fatal(err)
		}
		if d := disagreements(t, g, p, tt.input); len(d) == 0 {
			t.Errorf("%s -> %s: no disagreement on %q", tt.old, tt.new, tt.input)
		}
	}
	// The real grammar agrees on the same inputs.
	g := readGrammar(t, "rfc3986.abnf")
	for _, tt := range tests {
		if d := disagreements(t, g, p, tt.input); len(d) != 0 {
			t.Errorf("real grammar: %v", d)
		}
	}
}

// FuzzAgree is the semantic audit of grammar/rfc3986.peg: the generated
// parser and the ABNF of RFC 3986 Appendix A, run directly, must accept the
// same inputs with the same components. Each run checks the fuzzer's
// string and a string derived from a random entry rule of the ABNF and,
// three times out of four, mutated near the edge of the language.
func FuzzAgree(f *testing.F) {
	g := readGrammar(f, "rfc3986.abnf")
	r := rand.New(rand.NewPCG(1, 2))
	gen := NewGenerator(g, r)
	for i := 0; i < 200; i++ {
		s := gen.Generate(entryRules[i%len(entryRules)])
		if i%2 == 1 {
			s = Mutate(r, s)
		}
		f.Add(s, uint64(i))
	}
	for _, s := range []string{"", "http://a/b?c#d", "//[::1]:80", "a:", "1.2.3.45", "//1.2.3.4.5", "//[v1.x]", "?#"} {
		f.Add(s, uint64(0))
	}
	p := rfc3986.NewParser()
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		agree(t, g, p, s)
		r := rand.New(rand.NewPCG(seed, seed>>32^0x9e3779b97f4a7c15))
		d := NewGenerator(g, r).Generate(entryRules[r.IntN(len(entryRules))])
		if r.IntN(4) != 0 {
			d = Mutate(r, d)
		}
		agree(t, g, p, d)
	})
}

// FuzzRules is the semantic audit of every rule of grammar/rfc3986.peg that
// has an ABNF rule, not only the entry rules: each must accept exactly the
// inputs that the ABNF rule of RFC 3986 Appendix A accepts. This covers
// rules that no entry rule uses (path) and the character-level rules
// whose classes are written inline. Each run checks the fuzzer's string
// and a string derived from a random ABNF rule, usually mutated.
func FuzzRules(f *testing.F) {
	g := readGrammar(f, "rfc3986.abnf")
	r := rand.New(rand.NewPCG(3, 4))
	gen := NewGenerator(g, r)
	for i, rl := range g.Rules {
		for j := 0; j < 5; j++ {
			s := gen.Generate(rl.Name)
			if j > 1 {
				s = Mutate(r, s)
			}
			f.Add(s, uint64(i*5+j))
		}
	}
	p := rfc3986.NewParser()
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		r := rand.New(rand.NewPCG(seed, seed>>32^0x9e3779b97f4a7c15))
		d := NewGenerator(g, r).Generate(g.Rules[r.IntN(len(g.Rules))].Name)
		if r.IntN(4) != 0 {
			d = Mutate(r, d)
		}
		for _, in := range []string{s, d} {
			if len(in) > MaxMatch {
				continue
			}
			m := NewMatcher(g)
			for _, rl := range g.Rules {
				want, err := m.Match(rl.Name, in)
				if err != nil {
					t.Fatalf("Match(%s, %q): %v", rl.Name, in, err)
				}
				pr, ok := rfc3986.Lookup(rl.Name)
				if !ok {
					t.Fatalf("generated parser has no rule %s", rl.Name)
				}
				if got := p.Match(pr, in); got != want {
					t.Errorf("%s %q: generated parser says valid=%v, ABNF says valid=%v", rl.Name, in, got, want)
				}
			}
		}
	})
}
