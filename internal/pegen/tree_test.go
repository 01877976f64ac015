package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/grammar"
)

// treeRules is what the grammar files would say of the rules of
// testdata/golden/tree.peg: every rule, as ruleMeta gives them, the start
// rule and whole_pair with nothing to say.
var treeRules = map[string]RuleMeta{
	"tree":       {},
	"whole_pair": {},
	"pair":       {Section: "RFC 9999 §1"},
	"key":        {Section: "RFC 9999 §1.1"},
	"value_part": {Helper: true},
	"value":      {Section: "RFC 9999 §1.2"},
	"word":       {Section: "RFC 9999 §2"},
}

// TestTreeAPI generates the parser of testdata/golden/tree.peg and its
// api.go with sections and helpers (pinned in tree.rules.api.go.golden),
// and runs treeCheck against them in a module of their own: the parse
// tree (First, Children), with and without Keep, and Rule.Section and
// Rule.Helper.
func TestTreeAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds peg and a package")
	}
	dir := filepath.Join("testdata", "golden")
	src, err := os.ReadFile(filepath.Join(dir, "tree.peg"))
	if err != nil {
		t.Fatal(err)
	}
	j := job{out: "tree.peg.go", names: []string{filepath.ToSlash(filepath.Join(dir, "tree.peg"))}, srcs: [][]byte{src}, memo: []string{"word"}, inline: grammar.DefaultInline}
	files, err := generate(j, t.TempDir())
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	a, err := api(apiData{Package: "tree", Grammar: j.names[0], Spec: "RFC 9999 Appendix A", Rules: treeRules})
	if err != nil {
		t.Fatalf("api: %v", err)
	}
	golden := filepath.Join(dir, "tree.rules.api.go.golden")
	if *update {
		if err := os.WriteFile(golden, a, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), string(a)); diff != "" {
		t.Errorf("api(tree with rules) mismatch (-want +got):\n%s", diff)
	}

	goTestModule(t, "tree", map[string][]byte{"tree.peg.go": files[1].data, "api.go": a, "tree_test.go": []byte(treeCheck)})
}

// goTestModule writes files into a new module named mod and runs its
// tests. The module's path is under this module's, whose package pegenrt
// it imports from this tree (a replace, with this module's go.sum), as a
// package of gen/ does.
func goTestModule(t *testing.T, mod string, files map[string][]byte) {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files["go.sum"] = sum
	files["go.mod"] = []byte("module github.com/specuri/specuri/internal/pegen/" + mod + "\n\ngo 1.24\n\n" +
		"require github.com/specuri/specuri v0.0.0\n\nreplace github.com/specuri/specuri => " + strconv.Quote(root) + "\n")
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test in the generated package %s: %v\n%s", mod, err, out)
	}
}

// treeCheck is the test of the generated package tree.
const treeCheck = `package tree

import (
	"fmt"
	"strings"
	"testing"
)

// render writes the tree under token i, in pre-order, through Children.
func render(b *strings.Builder, p *Parser, i, depth int) {
	t := p.Tokens().At(i)
	fmt.Fprintf(b, "%s%s [%d,%d)\n", strings.Repeat("  ", depth), Rule(t.Rule), t.Begin, t.End)
	for c := range p.Tokens().Children(i) {
		render(b, p, c, depth+1)
	}
}

// check checks that the descendants of each token are exactly the tokens
// First(i) to i-1, as spans: inside its own, and none before First(i) in
// the subtree of a later token.
func check(t *testing.T, p *Parser) {
	t.Helper()
	n := p.Tokens().Len()
	if n == 0 || p.Tokens().First(n-1) != 0 {
		t.Fatalf("Len() = %d, First(Len()-1) = %d, want a root over every token", n, p.Tokens().First(max(n-1, 0)))
	}
	for i := range n {
		f, ti := p.Tokens().First(i), p.Tokens().At(i)
		if f < 0 || f > i {
			t.Errorf("First(%d) = %d", i, f)
		}
		for j := f; j < i; j++ {
			if tj := p.Tokens().At(j); tj.Begin < ti.Begin || tj.End > ti.End {
				t.Errorf("token %d %v is under token %d %v", j, tj, i, ti)
			}
			if p.Tokens().First(j) < f {
				t.Errorf("First(%d) = %d reaches before First(%d) = %d", j, p.Tokens().First(j), i, f)
			}
		}
	}
}

func TestTree(t *testing.T) {
	tests := []struct {
		in   string
		keep []string
		want string
	}{
		{"", nil, "pair [0,0)\n  key [0,0)\n    word [0,0)\n"},
		{"ab", nil, "pair [0,2)\n  key [0,2)\n    word [0,2)\n"},
		{"=", nil, "pair [0,1)\n  key [0,0)\n    word [0,0)\n  value-part [0,1)\n    value [1,1)\n      word [1,1)\n"},
		// value tries word at 1 twice: the second answer is remembered.
		{"=a", nil, "pair [0,2)\n  key [0,0)\n    word [0,0)\n  value-part [0,2)\n    value [1,2)\n      word [1,2)\n"},
		{"x=a,", nil, "pair [0,4)\n  key [0,1)\n    word [0,1)\n  value-part [1,4)\n    value [2,4)\n      word [2,3)\n      word [4,4)\n"},
		{"=a,b", []string{"pair", "word"}, "pair [0,4)\n  word [0,0)\n  word [1,2)\n  word [3,4)\n"},
		{"=a,b", []string{"pair", "value"}, "pair [0,4)\n  value [1,4)\n"},
	}
	p := NewParser()
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q keep %q", tt.in, tt.keep), func(t *testing.T) {
			var keep []Rule
			for _, name := range tt.keep {
				r, _ := Lookup(name)
				keep = append(keep, r)
			}
			p.Keep(keep...)
			pair, _ := Lookup("pair")
			if !p.Match(pair, tt.in) {
				t.Fatalf("Match(pair, %q) = false", tt.in)
			}
			check(t, p)
			var b strings.Builder
			render(&b, p, p.Tokens().Len()-1, 0)
			if got := b.String(); got != tt.want {
				t.Errorf("Match(pair, %q) tree:\n%s\nwant:\n%s", tt.in, got, tt.want)
			}
		})
	}
	p.Keep()
	pair, _ := Lookup("pair")
	p.Match(pair, "=a,b")
	for c := range p.Tokens().Children(p.Tokens().Len() - 1) {
		if got := Rule(p.Tokens().At(c).Rule).String(); got != "key" {
			t.Errorf("first child of pair = %s, want key", got)
		}
		break
	}
}

// TestPool checks the generated Pool: a zero Pool makes parsers of every
// rule, NewPool's keep the rules it names, and Put(nil) is ignored (the
// cap is tested in gen/rfc3986, whose inputs can grow a parser past it).
func TestPool(t *testing.T) {
	pair, word := rule(t, "pair"), rule(t, "word")
	tests := []struct {
		name string
		pool *Pool
		want []Rule
	}{
		{"zero", new(Pool), []Rule{word, rule(t, "key"), pair}},
		{"keep", NewPool(pair), []Rule{pair}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.pool.Put(nil)
			p := tt.pool.Get()
			if !p.Match(pair, "ab") {
				t.Fatal("Match(pair, \"ab\") = false")
			}
			var got []Rule
			for i := range p.Tokens().Len() {
				got = append(got, Rule(p.Tokens().At(i).Rule))
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("rules of a pooled parser = %v, want %v", got, tt.want)
			}
			tt.pool.Put(p)
		})
	}
}

// TestFailedMatch checks what a failed Match of an entry rule leaves: no
// tokens for Len, those of its longest prefix match for prefixLen, and
// Furthest, the innermost rule ending where no rule could continue.
func TestFailedMatch(t *testing.T) {
	p := NewParser()
	pair, _ := Lookup("pair")
	for _, keep := range [][]Rule{nil, {pair}} {
		p.Keep(keep...)
		if p.Match(pair, "x=a!") {
			t.Fatal("Match(pair, \"x=a!\") = true")
		}
		if p.Tokens().Len() != 0 {
			t.Errorf("keep %v: Len() = %d after a failed Match, want 0", keep, p.Tokens().Len())
		}
		var got []Token
		for i := range p.prefixLen() {
			got = append(got, p.prefixAt(i))
		}
		want := []Token{{Rule: uint8(rule(t, "word")), Begin: 0, End: 1}, {Rule: uint8(rule(t, "key")), Begin: 0, End: 1}, {Rule: uint8(pair), Begin: 0, End: 1}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("keep %v: prefix tokens = %v, want %v", keep, got, want)
		}
		if got, want := p.Furthest(), (Token{Rule: uint8(rule(t, "word")), Begin: 0, End: 1}); got != want {
			t.Errorf("keep %v: Furthest() = %v, want %v", keep, got, want)
		}
	}
	word := rule(t, "word")
	if p.Match(word, "ab!") || p.prefixLen() != 0 {
		t.Errorf("Match(word, \"ab!\") left %d prefix tokens, want none: word is no entry rule", p.prefixLen())
	}
	if !p.Match(pair, "x") || p.prefixLen() != 0 {
		t.Errorf("Match(pair, \"x\") left %d prefix tokens, want none", p.prefixLen())
	}
}

func rule(t *testing.T, name string) Rule {
	t.Helper()
	r, ok := Lookup(name)
	if !ok {
		t.Fatalf("Lookup(%q) failed", name)
	}
	return r
}

func TestRuleMeta(t *testing.T) {
	for _, tt := range []struct {
		name, section string
		helper        bool
	}{
		{"pair", "RFC 9999 §1", false},
		{"key", "RFC 9999 §1.1", false},
		{"value-part", "", true},
		{"value", "RFC 9999 §1.2", false},
		{"word", "RFC 9999 §2", false},
	} {
		r, ok := Lookup(tt.name)
		if !ok {
			t.Fatalf("Lookup(%q) failed", tt.name)
		}
		if r.Section() != tt.section || r.Helper() != tt.helper {
			t.Errorf("%s: Section() = %q, Helper() = %v, want %q, %v", tt.name, r.Section(), r.Helper(), tt.section, tt.helper)
		}
	}
	for _, r := range []Rule{0, Rule(NumRules), 255} {
		if r.Section() != "" || r.Helper() {
			t.Errorf("Rule(%d): Section() = %q, Helper() = %v, want \"\", false", r, r.Section(), r.Helper())
		}
	}
}
`
