package pegfile

import (
	"errors"
	"os"
	"testing"
)

func TestParse(t *testing.T) {
	const head = "package x\n\ntype g Peg {}\n"
	tests := []struct {
		in    string
		defs  int
		errAt int // -1: no error
	}{
		{head + "a <- b\nb <- 'x' / \"y\" [a-z\\-]* !. &b\n", 2, -1},
		{head + "# comment\na <- (b / c)+ // also a comment\nb <- .\nc <- '\\0x41'\n", 3, -1},
		{head + "a <- b { action }\n", 0, len(head) + 7},
		{head + "a <- [^a]\n", 0, len(head) + 5},
		{head, 0, len(head)},
	}
	r, _ := Lookup("definition")
	for _, tt := range tests {
		toks, err := Parse(tt.in)
		var se *SyntaxError
		switch {
		case tt.errAt < 0 && err != nil:
			t.Errorf("Parse(%q): %v", tt.in, err)
		case tt.errAt >= 0 && !errors.As(err, &se):
			t.Errorf("Parse(%q) = %v, want a SyntaxError", tt.in, err)
		case tt.errAt >= 0 && se.Offset != tt.errAt:
			t.Errorf("Parse(%q) error at %d, want %d", tt.in, se.Offset, tt.errAt)
		}
		n := 0
		for _, tk := range toks {
			if Rule(tk.Rule) == r {
				n++
			}
		}
		if n != tt.defs {
			t.Errorf("Parse(%q) has %d definitions, want %d", tt.in, n, tt.defs)
		}
	}
}

func TestParseGrammarFiles(t *testing.T) {
	for _, f := range []string{"rfc3986.peg", "abnf.peg", "pegfile.peg"} {
		b, err := os.ReadFile("../../grammar/" + f)
		if err != nil {
			t.Fatal(err)
		}
		toks, err := Parse(string(b))
		if err != nil {
			t.Fatalf("Parse(%s): %v", f, err)
		}
		if last := toks[len(toks)-1]; last.Rule.String() != "file" || last.End != len(b) {
			t.Errorf("Parse(%s): last token %v %d-%d", f, last.Rule, last.Begin, last.End)
		}
	}
}
