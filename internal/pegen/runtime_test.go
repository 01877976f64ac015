package main

import (
	"strings"
	"testing"
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
		{[]string{"token32"}, []string{"// A token32 records"}},
		{[]string{"grammar.Parse"}, []string{"func (p *grammar) Parse(rule ...int) error {"}},
		{[]string{"slot32", "grammar.addSpan", "grammar.track"}, []string{"// A slot32 is", "// addSpan is add", "// track is what"}},
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
