package abnf

import (
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		rules   int // tokens of rule "rule"
		errAt   int // -1: no error
		comment string
	}{
		{"a = b\n", 1, -1, "one rule"},
		{"   a = b\n      / c ; note\n   d = %x41-5A\n", 2, -1, "indented, continued, commented"},
		{"; only a comment\n\n", 0, -1, "no rules"},
		{"a = b c = d\n", 0, 8, "two rules on a line"},
		{"a = \"x\n", 0, 5, "unterminated string"},
		{"a = %x\n", 0, 4, "num-val without digits"},
	}
	r, _ := Lookup("rule")
	for _, tt := range tests {
		toks, err := Parse(tt.in)
		var se *SyntaxError
		switch {
		case tt.errAt < 0 && err != nil:
			t.Errorf("%s: Parse(%q): %v", tt.comment, tt.in, err)
		case tt.errAt >= 0 && !errors.As(err, &se):
			t.Errorf("%s: Parse(%q) = %v, want a SyntaxError", tt.comment, tt.in, err)
		case tt.errAt >= 0 && se.Offset != tt.errAt:
			t.Errorf("%s: Parse(%q) error at %d, want %d", tt.comment, tt.in, se.Offset, tt.errAt)
		}
		n := 0
		for _, tk := range toks {
			if Rule(tk.Rule) == r {
				n++
			}
		}
		if n != tt.rules {
			t.Errorf("%s: Parse(%q) has %d rules, want %d", tt.comment, tt.in, n, tt.rules)
		}
	}
}

func TestParseGrammarFiles(t *testing.T) {
	for _, f := range []string{"../../grammar/rfc3986.abnf", "../../grammar/abnf.abnf"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		toks, err := Parse(string(b))
		if err != nil {
			t.Fatalf("Parse(%s): %v", f, err)
		}
		if last := toks[len(toks)-1]; last.Rule.String() != "whole-rulelist" || last.End != len(b) {
			t.Errorf("Parse(%s): last token %v %d-%d", f, last.Rule, last.Begin, last.End)
		}
	}
}

func TestRuleNames(t *testing.T) {
	var got []string
	for _, n := range []string{"c-wsp", "c_wsp", "char-val", "nosuch"} {
		r, ok := Lookup(n)
		got = append(got, r.String())
		if ok != (r != 0) {
			t.Errorf("Lookup(%q) = %v, %v", n, r, ok)
		}
	}
	if diff := cmp.Diff([]string{"c-wsp", "c-wsp", "char-val", ""}, got); diff != "" {
		t.Errorf("Lookup mismatch (-want +got):\n%s", diff)
	}
}
