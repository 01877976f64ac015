package main

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/printer"
	"go/token"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRuntimeFunc checks that pegen copies a function of pegenrt whole:
// its doc comment, its directive, its body, and a blank line after it.
func TestRuntimeFunc(t *testing.T) {
	tests := []struct {
		name, signature string
	}{
		{"pegenSpan", "func pegenSpan(c *[256]bool, s string, i int) int {"},
		{"pegenSpanPercent", "func pegenSpanPercent(c, hex *[256]bool, s string, i int) int {"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runtimeFunc(spanRuntime, tt.name)
			if !strings.HasPrefix(got, "// "+tt.name+" returns") || !strings.HasSuffix(got, "\n}\n\n") ||
				!strings.Contains(got, "//\n//go:noinline\n"+tt.signature+"\n") {
				t.Errorf("runtimeFunc(%q) =\n%s", tt.name, got)
			}
		})
	}
	defer func() {
		if recover() == nil {
			t.Error("runtimeFunc of a function pegenrt does not have did not panic")
		}
	}()
	runtimeFunc(spanRuntime, "pegenNone")
}

// TestRuntimeDecls checks that the declarations the passes copy come
// whole, in the order asked, each after a blank line.
func TestRuntimeDecls(t *testing.T) {
	tests := []struct {
		names []string
		want  []string // the first line of each declaration's text
	}{
		{[]string{"size"}, []string{"// size returns"}},
		{[]string{"grammar.Parse"}, []string{"func (p *grammar) Parse(rule ...int) error {"}},
		{[]string{"memoEntry", "grammar.addSpan", "grammar.track"}, []string{"// A memoEntry remembers", "// addSpan is add", "// track is what"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.names, ","), func(t *testing.T) {
			got := runtimeDecls(grammarRuntime, tt.names...)
			if !strings.HasSuffix(got, "}\n") {
				t.Errorf("runtimeDecls(%q) does not end a declaration:\n%s", tt.names, got)
			}
			rest := got
			for _, w := range tt.want {
				i := strings.Index(rest, "\n\n"+w)
				if i < 0 && rest == got && strings.HasPrefix(got, "\n"+w) {
					i = -1 // the first, after the leading blank line
				} else if i < 0 {
					t.Fatalf("runtimeDecls(%q): no %q after a blank line, in order:\n%s", tt.names, w, got)
				}
				rest = rest[i+2+len(w):]
			}
		})
	}
}

// TestFragment checks that a model of pegenrt's fragments.go comes with
// its placeholders filled: identifiers renamed in code and doc comments,
// literals in place of the placeholders of literals, and the return that
// stands for the rule's code left out.
func TestFragment(t *testing.T) {
	tests := []struct {
		model string
		with  map[string]ast.Expr
		want  string
	}{
		{"tightLoop", map[string]ast.Expr{"classRun": ast.NewIdent("pegenClass3")},
			"position = uint32(pegenSpan(&pegenClass3, buffer, int(position)))"},
		{"fusedRun", map[string]ast.Expr{"classRun": ast.NewIdent("pegenClass2"), "ruleS": ast.NewIdent("ruleword"), "fuseByte": charLit(',')},
			"if int(position) < len(buffer) && buffer[position] == ',' && keep != nil && !keep[ruleword] {\n" +
				"\tposition = uint32(pegenSpan(&pegenClass2, buffer, int(position)))\n}"},
		{"grammar.stopGuard", map[string]ast.Expr{"classRun": ast.NewIdent("pegenClass1"), "stopByte": charLit(0xE9)},
			"if !p.explain {\n" +
				"\tif i := pegenSpan(&pegenClass1, p.Buffer, int(p.position)); i >= len(p.Buffer) || p.Buffer[i] != 'é' {\n" +
				"\t\tp.skipped, p.skipEnd = true, max(p.skipEnd, uint32(i))\n\t\treturn false\n\t}\n}"},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			g := &gen{fset: token.NewFileSet()}
			var got []string
			for _, s := range g.fragmentStmts(tt.model, tt.with) {
				got = append(got, printNode(t, g.fset, s))
			}
			if diff := cmp.Diff([]string{tt.want}, got); diff != "" {
				t.Errorf("fragmentStmts(%q) mismatch (-want +got):\n%s", tt.model, diff)
			}
		})
	}
}

// TestFragmentMemo checks a model copied whole, the method of a memoized
// rule: its doc comment names the rule's own identifiers.
func TestFragmentMemo(t *testing.T) {
	g := &gen{fset: token.NewFileSet()}
	d := g.fragment("grammar.ruleM", map[string]ast.Expr{
		"ruleM": ast.NewIdent("ruleh16"), "ruleMTry": ast.NewIdent("ruleh16Try"), "memoM": ast.NewIdent("memoh16"), "memoSize": intLit(8),
	}).(*ast.FuncDecl)
	got := d.Doc.Text() + printNode(t, g.fset, d)
	for _, want := range []string{
		"ruleh16 runs ruleh16Try, or answers from memoh16 when it was tried at\n",
		"func (p *grammar) ruleh16() bool {\n\tbegin := p.position\n\tm := &p.memoh16[begin%8]\n",
		"p.add(ruleh16, begin, p.tokenIndex)", "ok := p.ruleh16Try()",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("fragment(grammar.ruleM) has no %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "ruleM") || strings.Contains(got, "memoM") || strings.Contains(got, "memoSize") {
		t.Errorf("fragment(grammar.ruleM) kept a placeholder:\n%s", got)
	}
}

// TestGrammarType checks the lists built from one-element models and the
// parts dropped: a memo field per memoized rule, the memo and slot fields
// only when there are some, with no blank line where the dropped ones
// were.
func TestGrammarType(t *testing.T) {
	tests := []struct {
		name        string
		memo, spans []string
		want        string // the fields after skipEnd
	}{
		{"none", nil, nil, "\ttokens32\n"},
		{"two memos", []string{"a", "b"}, nil,
			"\tmemoa                  [8]memoEntry\n\tmemob                  [8]memoEntry\n\t// memoUsed: a memo holds an answer, for reset to empty.\n\tmemoUsed bool\n\ttokens32\n"},
		{"slots", nil, []string{"a", "b", "c"},
			"\t// spanMode, spans and overwrote: see spansPass in internal/pegen.\n\tspanMode, overwrote bool\n\tspans               spans32\n\ttokens32\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &gen{fset: token.NewFileSet(), rules: []string{"ruleUnknown", "rulea", "ruleb", "rulec"}, memo: tt.memo, spans: tt.spans}
			got := printNode(t, g.fset, g.grammarType())
			_, after, ok := strings.Cut(got, "\tskipEnd                uint32\n")
			if !ok || !strings.Contains(got, "\tkeep *[4]bool\n\n\tmax ") {
				t.Fatalf("grammarType() =\n%s", got)
			}
			if diff := cmp.Diff(tt.want+"}", after); diff != "" {
				t.Errorf("grammarType() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCallReset checks call, with a case per rule, and reset, which
// empties each memo, or none.
func TestCallReset(t *testing.T) {
	g := &gen{fset: token.NewFileSet(), rules: []string{"ruleUnknown", "rulea", "ruleb"}, memo: []string{"a", "b"}}
	call := printNode(t, g.fset, g.callMethod())
	if want := "\tswitch r {\n\tcase rulea:\n\t\treturn p.rulea()\n\tcase ruleb:\n\t\treturn p.ruleb()\n\t}\n"; !strings.Contains(call, want) {
		t.Errorf("callMethod() has no\n%s:\n%s", want, call)
	}
	reset := printNode(t, g.fset, g.resetMethod())
	if want := "\tif p.memoUsed {\n\t\tp.memoa = [8]memoEntry{}\n\t\tp.memob = [8]memoEntry{}\n\t\tp.memoUsed = false\n\t}\n}"; !strings.HasSuffix(reset, want) {
		t.Errorf("resetMethod() does not end with\n%s:\n%s", want, reset)
	}
	g = &gen{fset: token.NewFileSet()}
	reset = printNode(t, g.fset, g.resetMethod())
	if want := "\tp.skipped, p.skipEnd = false, 0\n}"; !strings.HasSuffix(reset, want) {
		t.Errorf("resetMethod() with no memo does not end with\n%s:\n%s", want, reset)
	}
}

// printNode returns n printed and gofmt'd, as print writes it.
func printNode(t *testing.T, fset *token.FileSet, n ast.Node) string {
	t.Helper()
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, n); err != nil {
		t.Fatal(err)
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("%v:\n%s", err, b.Bytes())
	}
	return string(out)
}

// TestTablesDecl checks the tables of the classes: the model table once
// for each, with its name, its members quoted and a key for each, a
// character literal or hexadecimal, each table on a line of its own after
// its comment.
func TestTablesDecl(t *testing.T) {
	g := &gen{fset: token.NewFileSet(), tables: []*tableDecl{{"pegenClass0", "\t'/\\a"}, {"pegenClass1", "\x80"}}}
	var b bytes.Buffer
	if err := g.printDecl(&b, g.tablesDecl()); err != nil {
		t.Fatal(err)
	}
	got, err := format.Source(b.Bytes())
	if err != nil {
		t.Fatalf("%v:\n%s", err, b.Bytes())
	}
	want := "// Character classes as lookup tables, written by pegen (see\n" +
		"// internal/pegen): each holds the bytes of one class, the members\n" +
		"// quoted above it. They are constant data: importing the package runs\n" +
		"// no code.\n" +
		"var (\n" +
		"\t// \"\\t'/\\\\a\"\n" +
		"\tpegenClass0 = [256]bool{0x09: true, 0x27: true, '/': true, 0x5c: true, 'a': true}\n" +
		"\t// \"\\x80\"\n" +
		"\tpegenClass1 = [256]bool{0x80: true}\n" +
		")\n\n" // and the blank line of printDecl
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("tablesDecl() mismatch (-want +got):\n%s", diff)
	}
}
