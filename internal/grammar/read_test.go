package grammar

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func mustABNF(t *testing.T, src string) *Grammar {
	t.Helper()
	g, err := ReadABNF(src)
	if err != nil {
		t.Fatalf("ReadABNF(%q): %v", src, err)
	}
	return g
}

func mustPEG(t *testing.T, src string) *Grammar {
	t.Helper()
	g, err := ReadPEG(src)
	if err != nil {
		t.Fatalf("ReadPEG(%q): %v", src, err)
	}
	return g
}

// TestReadPEGComments checks what ReadPEG takes from the header and from
// the comment lines above each rule.
func TestReadPEGComments(t *testing.T) {
	src := `# a header comment
package p

type parser Peg { x int }

#abnf: a = "x"
#peg: why
#section: RFC 3986 §3.2.2
a <- 'x' b
b <- 'y'

#helper: a helper
#section: RFC 3986 §3.3
c <- a
d <- c
`
	g := mustPEG(t, src)
	type info struct {
		Name, Expr        string
		Line              int
		ABNF, PEG, Helper []string
		Section           string
	}
	var got []info
	for _, r := range g.Rules {
		got = append(got, info{r.Name, r.Expr.String(), r.Line, r.ABNF, r.PEG, r.Helper, r.Section})
	}
	want := []info{
		{"a", "'x' b", 9, []string{`a = "x"`}, []string{"why"}, nil, "RFC 3986 §3.2.2"},
		{"b", "'y'", 10, nil, nil, nil, "RFC 3986 §3.2.2"}, // shares a's block
		{"c", "a", 14, nil, nil, []string{"a helper"}, "RFC 3986 §3.3"},
		{"d", "c", 15, nil, nil, []string{"a helper"}, "RFC 3986 §3.3"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ReadPEG(%q) mismatch (-want +got):\n%s", src, diff)
	}
	header := []string{g.Package, g.Type, g.Fields}
	if diff := cmp.Diff([]string{"p", "parser", " x int "}, header); diff != "" {
		t.Errorf("ReadPEG(%q) header mismatch (-want +got):\n%s", src, diff)
	}
}

// TestReadForms checks that each form of both syntaxes reads into the
// expression it stands for.
func TestReadForms(t *testing.T) {
	const peg = "package x\ntype g Peg {}\n# c\nr <- "
	tests := []struct {
		name string
		read func(string) (*Grammar, error)
		src  string
		want string
	}{
		{"abnf", ReadABNF, "r = %x41-5A / %d97.98 / \"Ab\" / 1*4x / *x / 2x / [x] / (x y) / <p q>\n",
			`[A-Z] | 'ab' | "Ab" | x{1,4} | x* | x{2,2} | x? | x y | <p q>`},
		{"abnf incremental", ReadABNF, "r = \"a\"\nr =/ \"b\"\n", `"a" | "b"`},
		{"peg", ReadPEG, peg + "[a\\-\\]\\0x41-\\0x42] 'a\\n' \"b\" !. &x (y / z)+ x* x?\n",
			`[\-AB\]a] 'a\n' "b" !. &x (y / z)+ x* x?`},
		{"peg escapes", ReadPEG, peg + "'\\101\\0x42\\t' [\\0xA0-\\0x10FFFD]\n", `'AB\t' [\0xA0-\0x10FFFD]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := tt.read(tt.src)
			if err != nil {
				t.Fatalf("read(%q): %v", tt.src, err)
			}
			if diff := cmp.Diff(tt.want, g.Rule("r").Expr.String()); diff != "" {
				t.Errorf("read(%q) mismatch (-want +got):\n%s", tt.src, diff)
			}
		})
	}
}

// TestReadPEGKeepsGroups checks that a group of several items stays a
// node of its own, as pointlander/peg reads it ("(x y) z" and "x (y z)"
// differ for peg), and a group of one is none.
func TestReadPEGKeepsGroups(t *testing.T) {
	g := mustPEG(t, "package x\ntype g Peg {}\nr <- (x y) z / x (y z) / ((x))\n")
	shape := func(e *Expr) string {
		var b strings.Builder
		var walk func(*Expr)
		walk = func(e *Expr) {
			if e.Op == OpRef {
				b.WriteString(e.Name)
				return
			}
			b.WriteString(map[Op]string{OpSeq: "seq(", OpAlt: "alt("}[e.Op])
			for i, s := range e.Subs {
				if i > 0 {
					b.WriteByte(' ')
				}
				walk(s)
			}
			b.WriteByte(')')
		}
		walk(e)
		return b.String()
	}
	want := "alt(seq(seq(x y) z) seq(x seq(y z)) x)"
	if diff := cmp.Diff(want, shape(g.Rule("r").Expr)); diff != "" {
		t.Errorf("ReadPEG groups mismatch (-want +got):\n%s", diff)
	}
}

// TestIsHelper checks IsHelper on a helper, a rule that shares a helper's
// comment block and a rule of the ABNF.
func TestIsHelper(t *testing.T) {
	g := mustPEG(t, "package x\ntype g Peg {}\n\n#helper: h\nh <- a\nh2 <- a\n\n#abnf: a = \"a\"\na <- 'a'\n")
	for _, tt := range []struct {
		name string
		want bool
	}{{"h", true}, {"h2", true}, {"a", false}} {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.Rule(tt.name).IsHelper(); got != tt.want {
				t.Errorf("Rule(%q).IsHelper() = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}
