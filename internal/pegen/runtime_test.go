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
