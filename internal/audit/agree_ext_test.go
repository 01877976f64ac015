package audit

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6570"
	"github.com/specuri/specuri/gen/rfc6874"
	"github.com/specuri/specuri/internal/grammar"
	"github.com/specuri/specuri/internal/pegen/pegenrt"
)

// This file is the semantic audit of the grammars composed from several
// files: RFC 6874 §2 on top of RFC 3986 Appendix A (gen/rfc6874), and RFC
// 3987 §2.2 on top of RFC 3986 (gen/rfc3987). As FuzzAgree and FuzzRules
// do for RFC 3986, it runs the composed ABNF directly (ComposeABNF, then a
// Matcher) and requires the generated parser to accept the same inputs,
// for every rule, with the same components for the entry rules.

// extParser is a generated parser seen through rule names, so that one
// audit serves every generated package.
type extParser interface {
	// match reports whether the named rule matches the whole of s; ok is
	// false if the parser has no such rule.
	match(rule, s string) (matched, ok bool)
	// spans returns the tokens of the last successful match.
	spans() []Span
}

// adapter is an extParser for a generated package's Parser, read through
// package pegenrt's types, the same for every grammar: its rules (table),
// its tokens, and its Match with a rule as its constant.
type adapter struct {
	table  *pegenrt.Table
	tokens *pegenrt.Tree
	m      func(r uint8, s string) bool
}

func (a adapter) match(rule, s string) (bool, bool) {
	r, ok := a.table.Lookup(rule)
	if !ok {
		return false, false
	}
	return a.m(r, s), true
}

func (a adapter) spans() []Span {
	out := make([]Span, 0, a.tokens.Len())
	for i := range a.tokens.Len() {
		t := a.tokens.At(i)
		out = append(out, Span{a.table.Name(t.Rule), t.Begin, t.End})
	}
	return out
}

// extGrammar is a composed grammar under audit.
type extGrammar struct {
	name  string
	abnf  *grammar.Grammar // the composed ABNF
	rules []string         // the rules checked one by one: every rule the RFCs define for this grammar
	// entries are the rules whose components are compared; components
	// maps the rules that span a component (RFC 3986 §3, RFC 3987 §2.2)
	// to the component's name.
	entries    []string
	components map[string]string
	parser     func() extParser
	// seeds are inputs at the edges of what the grammar adds to RFC
	// 3986.
	seeds []string
}

// uriComponents are the component rules of RFC 3986 §3.
var uriComponents = map[string]string{
	"scheme": "scheme", "authority": "authority", "userinfo": "userinfo",
	"host": "host", "port": "port", "query": "query", "fragment": "fragment",
	"path-abempty": "path", "path-absolute": "path", "path-noscheme": "path",
	"path-rootless": "path", "path-empty": "path",
}

// iriComponents are the component rules of RFC 3987 §2.2.
var iriComponents = map[string]string{
	"scheme": "scheme", "iauthority": "authority", "iuserinfo": "userinfo",
	"ihost": "host", "port": "port", "iquery": "query", "ifragment": "fragment",
	"ipath-abempty": "path", "ipath-absolute": "path", "ipath-noscheme": "path",
	"ipath-rootless": "path", "ipath-empty": "path",
}

// composeABNF reads the named files of grammar/ and composes them, the
// first overriding the others.
func composeABNF(t testing.TB, names ...string) *grammar.Grammar {
	t.Helper()
	var files []grammar.GrammarFile
	for _, n := range names {
		files = append(files, grammar.GrammarFile{Name: n, Grammar: readGrammar(t, n)})
	}
	g, err := grammar.ComposeABNF(files...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// ruleNames returns the names of g's rules that come from the named file,
// or all of them for "".
func ruleNames(g *grammar.Grammar, file string) []string {
	var out []string
	for _, r := range g.Rules {
		if file == "" || r.File == file {
			out = append(out, r.Name)
		}
	}
	return out
}

// rfc6874Grammar is RFC 6874 §2 over RFC 3986 Appendix A: every rule of
// the composition is a rule of gen/rfc6874.
func rfc6874Grammar(t testing.TB) *extGrammar {
	g := composeABNF(t, "rfc6874.abnf", "rfc3986.abnf")
	return &extGrammar{
		name:       "rfc6874",
		abnf:       g,
		rules:      ruleNames(g, ""),
		entries:    []string{"URI", "URI-reference", "absolute-URI", "relative-ref"},
		components: uriComponents,
		parser: func() extParser {
			p := rfc6874.NewParser()
			return adapter{rfc6874.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc6874.Rule(r), s) }}
		},
		seeds: append(boundarySeeds(g), []string{
			"http://[fe80::1%25en0]/", "//[::1%25lo]", "[fe80::1%25%65n0]",
			"//[FF02::2%2525]:80", "//[fe80::1%en0]", "//[fe80::1%25]",
			"//[fe80::1%25en0%]", "//[v1.x%25en0]", "//[fe80::1%25en0]x",
			"//[::ffff:1.2.3.4%25a]", "//[1:2:3:4:5:6:7::%25a.b]",
			"//[::1%25%e4%bd%a0]", "//[::1%25\u00e4]", "//[::%25:]",
		}...),
	}
}

// rfc3987Grammar is RFC 3987 §2.2 over RFC 3986: the rules of
// grammar/rfc3987.abnf are those of gen/rfc3987 (RFC 3986's other rules,
// such as URI, are not part of the IRI grammar).
func rfc3987Grammar(t testing.TB) *extGrammar {
	g := composeABNF(t, "rfc3987.abnf", "rfc3986.abnf")
	return &extGrammar{
		name:       "rfc3987",
		abnf:       g,
		rules:      ruleNames(g, "rfc3987.abnf"),
		entries:    []string{"IRI", "IRI-reference", "absolute-IRI", "irelative-ref"},
		components: iriComponents,
		parser: func() extParser {
			p := rfc3987.NewParser()
			return adapter{rfc3987.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc3987.Rule(r), s) }}
		},
		seeds: append(boundarySeeds(g), []string{
			"http://r\u00e9sum\u00e9.example.org", "http://www.example.org/D\u00fcrst",
			"http://www.example.org/D\xfcrst", "http://xn--99zt52a.example.org/\u202e",
			"http://example.com/\U00010300\U00010301\U00010302", "r\u00e9sum\u00e9.html",
			"?\ue000", "#\ue000", "/\ue000", "//\ue000", "//\u00e9@\u00e9:1/\u00e9?\U0010fffd#\u00e9",
			"\u00a0", "\ud7ff", "\xed\xa0\x80", "\uf8ff", "\uf900", "\ufdcf", "\ufdd0",
			"\ufdef", "\ufdf0", "\uffef", "\ufff0", "\U0001fffd", "\U0001fffe", "\U000e0fff",
			"\U000e1000", "\U000efffd", "\U000f0000", "\U0010fffd", "\U0010fffe",
			"\xc0\x80", "\xe0\x80\x80", "\xf0\x80\x80\x80", "\xf4\x90\x80\x80", "\xf5", "\xff",
			"\x80", "\xe2\x82", "a\xc3", "http://a/b\xffc", "//1.2.3.4\u00e9", "//[v1.\u00e9]",
			"\u00e9:x", "s:\u00e9", "http://a:\u0661/",
		}...),
	}
}

// boundarySeeds returns, for each range of characters in g's rules (such
// as the ranges of ucschar and iprivate, RFC 3987 §2.2), the characters
// just outside and at its ends, alone and after "?", "#", "/" and "//",
// where the IRI and URI grammars allow different sets.
func boundarySeeds(g *grammar.Grammar) []string {
	seen := map[rune]bool{}
	var out []string
	var walk func(e *grammar.Expr)
	walk = func(e *grammar.Expr) {
		if e.Op == grammar.OpSet {
			for _, r := range e.Set.Ranges() {
				for _, c := range []rune{r.Lo - 1, r.Lo, r.Hi, r.Hi + 1} {
					if seen[c] || !utf8.ValidRune(c) {
						continue
					}
					seen[c] = true
					for _, prefix := range []string{"", "?", "#", "/", "//"} {
						out = append(out, prefix+string(c))
					}
				}
			}
		}
		for _, sub := range e.Subs {
			walk(sub)
		}
	}
	for _, r := range g.Rules {
		walk(r.Expr)
	}
	return out
}

// disagree lists where the generated parser and the composed ABNF
// disagree on s: on whether s is in the language of each entry rule (of
// every rule, if all), and on the components of s for each entry rule
// that accepts it.
func (eg *extGrammar) disagree(t testing.TB, p extParser, s string, all bool) []string {
	t.Helper()
	if len(s) > MaxMatch {
		return nil
	}
	var out []string
	m := NewMatcher(eg.abnf)
	rules := eg.entries
	if all {
		rules = eg.rules
	}
	for _, name := range rules {
		want, err := m.Match(name, s)
		if err != nil {
			t.Fatalf("%s: Match(%s, %q): %v", eg.name, name, s, err)
		}
		got, ok := p.match(name, s)
		if !ok {
			t.Fatalf("gen/%s has no rule %s", eg.name, name)
		}
		if got != want {
			out = append(out, fmt.Sprintf("%s %s %q: generated parser says valid=%v, ABNF says valid=%v", eg.name, name, s, got, want))
		}
	}
	for _, name := range eg.entries {
		spans, want, err := m.Derive(name, s)
		if err != nil {
			t.Fatalf("%s: Derive(%s, %q): %v", eg.name, name, s, err)
		}
		if got, _ := p.match(name, s); !got || !want {
			continue // a different verdict is reported above
		}
		wantC, gotC := eg.componentsOf(spans), eg.componentsOf(p.spans())
		if diff := cmp.Diff(wantC, gotC); diff != "" {
			out = append(out, fmt.Sprintf("%s %s %q components mismatch (-ABNF +parser):\n%s", eg.name, name, s, diff))
		}
	}
	return out
}

// componentsOf maps each component's name to the span of the rule that
// matched it (the last one, if a rule matched more than once).
func (eg *extGrammar) componentsOf(spans []Span) map[string]Span {
	out := map[string]Span{}
	for _, sp := range spans {
		if c, ok := eg.components[sp.Rule]; ok {
			out[c] = sp
		}
	}
	return out
}

// derived returns a string from a random rule of eg (an entry rule half
// of the time), mutated three times out of four.
func (eg *extGrammar) derived(r *rand.Rand) string {
	var name string
	if r.IntN(2) == 0 {
		name = eg.entries[r.IntN(len(eg.entries))]
	} else {
		name = eg.rules[r.IntN(len(eg.rules))]
	}
	s := NewGenerator(eg.abnf, r).Generate(name)
	if r.IntN(4) != 0 {
		s = Mutate(r, s)
	}
	return s
}

// readCorpusInputs returns the inputs of testdata/conformance/parse.json.
func readCorpusInputs(t testing.TB) []string {
	t.Helper()
	b, err := os.ReadFile("../../testdata/conformance/parse.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Input string `json:"input"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range cases {
		out = append(out, c.Input)
	}
	return out
}

// rfc6570Grammar is RFC 6570 §2 (URI Templates), one self-contained file
// that restates the rules it imports. Its components are the last
// expression, varname and literals of a template.
func rfc6570Grammar(t testing.TB) *extGrammar {
	g := composeABNF(t, "rfc6570.abnf")
	return &extGrammar{
		name:       "rfc6570",
		abnf:       g,
		rules:      ruleNames(g, ""),
		entries:    []string{"URI-Template"},
		components: map[string]string{"expression": "expression", "varname": "varname", "literals": "literals"},
		parser: func() extParser {
			p := rfc6570.NewParser()
			return adapter{rfc6570.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc6570.Rule(r), s) }}
		},
		seeds: append(boundarySeeds(g), []string{
			"http://example.com/{var}", "{+path}/here", "{#x,hello,y}", "X{.list*}",
			"{/var:1,var}", "{;keys*}", "{?x,y,empty}", "?fixed=yes{&x}", "{var:9999}",
			"{var:10000}", "{var:0}", "{x.y}", "{x..y}", "{.x}", "{x.}", "{%2Fx}", "{%2x}",
			"{}", "{,}", "{x,}", "{x*:1}", "{!x}", "{=x}", "{|x}", "{@x}", "{x", "x}", "{{x}}",
			"a b", "%41{x}", "%4", "é{x}", "", "󰀀", "￾", "ÿ", "퟿",
		}...),
	}
}

// isFuzzing reports whether the test binary runs with -test.fuzz, rather
// than running the fuzz targets on their seeds as go test does.
func isFuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// fuzzAgreeExt is FuzzAgreeRFC6874, FuzzAgreeRFC3987 and FuzzAgreeRFC6570: each run checks
// the fuzzer's string and a string derived from eg's ABNF with the seed.
func fuzzAgreeExt(f *testing.F, eg *extGrammar) {
	for _, s := range readCorpusInputs(f) {
		f.Add(s, uint64(0))
	}
	for i, s := range eg.seeds {
		f.Add(s, uint64(i+1))
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200; i++ {
		f.Add(eg.derived(r), uint64(1000+i))
	}
	p := eg.parser()
	fuzzing := isFuzzing()
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		if seed == 0 && !fuzzing {
			// A corpus input as go test runs it (six targets share the
			// corpus): against the entry rules, and every rule for one in
			// eight; the derived strings are TestAgreeExt's.
			for _, d := range eg.disagree(t, p, s, len(s)%8 == 0) {
				t.Error(d)
			}
			return
		}
		r := rand.New(rand.NewPCG(seed, seed>>32^0x9e3779b97f4a7c15))
		for _, in := range []string{s, eg.derived(r)} {
			for _, d := range eg.disagree(t, p, in, true) {
				t.Error(d)
			}
		}
	})
}

// FuzzAgreeRFC6874 is the semantic audit of grammar/rfc6874.peg with
// grammar/rfc3986.peg: gen/rfc6874 and the ABNF of RFC 6874 §2 composed
// with RFC 3986 Appendix A must accept the same inputs for every rule, with
// the same components for the entry rules.
func FuzzAgreeRFC6874(f *testing.F) { fuzzAgreeExt(f, rfc6874Grammar(f)) }

// FuzzAgreeRFC3987 is the semantic audit of grammar/rfc3987.peg with
// grammar/rfc3986.peg: gen/rfc3987 and the ABNF of RFC 3987 §2.2 must
// accept the same inputs for every rule, with the same components for the
// entry rules.
func FuzzAgreeRFC3987(f *testing.F) { fuzzAgreeExt(f, rfc3987Grammar(f)) }

// FuzzAgreeRFC6570 is the semantic audit of grammar/rfc6570.peg: gen/rfc6570
// and the ABNF of RFC 6570 §2 must accept the same inputs for every rule,
// with the same last expression, varname and literals for URI-Template.
func FuzzAgreeRFC6570(f *testing.F) { fuzzAgreeExt(f, rfc6570Grammar(f)) }

// TestAgreeExt runs the audit of the fuzz targets on a fixed set of
// inputs, so that go test checks it without fuzzing: the seeds, and
// strings derived from the ABNF with a fixed random source (fewer with
// -short). Every input is checked against the entry rules, the seeds and
// one input in eight against every rule. (go test also runs the fuzz
// targets on their seed corpus, which holds the conformance corpus.)
func TestAgreeExt(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for _, eg := range []*extGrammar{rfc6874Grammar(t), rfc3987Grammar(t), rfc6570Grammar(t), rfc8089Grammar(t), rfc9110Grammar(t)} {
		t.Run(eg.name, func(t *testing.T) {
			t.Parallel()
			p := eg.parser()
			inputs := append([]string(nil), eg.seeds...)
			r := rand.New(rand.NewPCG(7, 8))
			for i := 0; i < n; i++ {
				inputs = append(inputs, eg.derived(r))
			}
			bad := 0
			for i, s := range inputs {
				all := i < len(eg.seeds) || i%8 == 0
				for _, d := range eg.disagree(t, p, s, all) {
					if bad++; bad <= 20 {
						t.Error(d)
					}
				}
			}
			if bad > 20 {
				t.Errorf("%d disagreements in all", bad)
			}
		})
	}
}

// TestAgreeExtDrift checks that the audit sees a drift between the
// composed ABNF and the generated parser: with a rule of RFC 6874 or RFC
// 3987 changed in the ABNF only, the parser disagrees on an input at the
// edge of the change.
func TestAgreeExtDrift(t *testing.T) {
	tests := []struct {
		grammar    func(testing.TB) *extGrammar
		file       string
		old, new   string
		input      string
		wantPrefix string
	}{
		{rfc6874Grammar, "rfc6874.abnf", `ZoneID = 1*( unreserved / pct-encoded )`, `ZoneID = *( unreserved / pct-encoded )`, "//[::1%25]", "rfc6874 URI-reference"},
		{rfc6874Grammar, "rfc6874.abnf", `"%25" ZoneID`, `"%" ZoneID`, "//[::1%en0]", "rfc6874 URI-reference"},
		{rfc3987Grammar, "rfc3987.abnf", `%xA0-D7FF`, `%xA1-D7FF`, "\u00a0", "rfc3987 ipchar"},
		{rfc3987Grammar, "rfc3987.abnf", `%x100000-10FFFD`, `%x100000-10FFFF`, "?\U0010fffe", "rfc3987 IRI-reference"},
		{rfc3987Grammar, "rfc3987.abnf", `iquery         = *( ipchar / iprivate / "/" / "?" )`, `iquery         = *( ipchar / "/" / "?" )`, "?\ue000", "rfc3987 IRI-reference"},
		{rfc3987Grammar, "rfc3987.abnf", `ihost          = IP-literal / IPv4address / ireg-name`, `ihost          = IPv4address / ireg-name`, "//[::1]", "rfc3987 IRI-reference"},
	}
	for _, tt := range tests {
		eg := tt.grammar(t)
		p := eg.parser()
		if d := eg.disagree(t, p, tt.input, true); len(d) != 0 {
			t.Errorf("real grammar disagrees on %q: %v", tt.input, d)
		}
		src, err := os.ReadFile("../../grammar/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(src), tt.old); n != 1 {
			t.Fatalf("%s: %q occurs %d times", tt.file, tt.old, n)
		}
		changed, err := grammar.ReadABNF(strings.Replace(string(src), tt.old, tt.new, 1))
		if err != nil {
			t.Fatal(err)
		}
		files := []grammar.GrammarFile{{Name: tt.file, Grammar: changed}, {Name: "rfc3986.abnf", Grammar: readGrammar(t, "rfc3986.abnf")}}
		if eg.abnf, err = grammar.ComposeABNF(files...); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range eg.disagree(t, p, tt.input, true) {
			found = found || strings.HasPrefix(d, tt.wantPrefix+" ")
		}
		if !found {
			t.Errorf("%s -> %s: no disagreement of %s on %q", tt.old, tt.new, tt.wantPrefix, tt.input)
		}
	}
}
