package grammar

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadersStackDepth gives each grammar reader files nested a million
// deep, which overflowed the stack, and files that try to hide their
// nesting from the depth check behind comments, literals and classes: each
// gets a NestingError naming the line, not a crash.
func TestReadersStackDepth(t *testing.T) {
	const n = 1_000_000
	deep := func(open, close string) string { return strings.Repeat(open, n) + "a" + strings.Repeat(close, n) }
	tests := []struct {
		name string
		read func(string) (*Grammar, error)
		src  string
		line int
	}{
		{"abnf groups", ReadABNF, "r = " + deep("(", ")") + "\n", 1},
		{"abnf options", ReadABNF, "r = " + deep("[", "]") + "\n", 1},
		{"abnf mixed", ReadABNF, "; (((\nr = \"(\" <)>\n  " + deep("([", "])") + "\n", 3},
		{"abnf after a comment", ReadABNF, "r = a ; )))))\n" + strings.Repeat("  (\n", MaxNesting+1), 2 + MaxNesting},
		{"peg groups", ReadPEG, "package p\ntype g Peg {}\nr <- " + deep("(", ")") + "\n", 3},
		{"peg behind literals", ReadPEG, "package p\ntype g Peg { ) }\nr <- ')' \")\\\"\" [)\\]] # )\n // )\n" + deep("(", ")") + "\n", 5},
		{"peg behind escapes", ReadPEG, "package p\ntype g Peg {}\nr <- '\\'' " + deep("(", ")") + "\n", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.read(tt.src)
			var ne *NestingError
			if !errors.As(err, &ne) {
				t.Fatalf("read: err = %v, want a *NestingError", err)
			}
			if diff := cmp.Diff(&NestingError{Line: tt.line, Depth: MaxNesting + 1}, ne); diff != "" {
				t.Errorf("read mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadersAtMaxNesting checks that a file nested exactly MaxNesting
// deep is read, and that parentheses in comments, literals and classes
// do not count.
func TestReadersAtMaxNesting(t *testing.T) {
	g, err := ReadABNF("; (((((\nr = " + strings.Repeat("(", MaxNesting) + "\"(\"" + strings.Repeat(")", MaxNesting) + " <(>\n")
	if err != nil || g.Rule("r") == nil {
		t.Errorf("ReadABNF at MaxNesting: %v", err)
	}
	g, err = ReadPEG("package p\ntype g Peg {}\n# ((((\nr <- " + strings.Repeat("(", MaxNesting) + "'(' [(]" + strings.Repeat(")", MaxNesting) + "\n")
	if err != nil || g.Rule("r") == nil {
		t.Errorf("ReadPEG at MaxNesting: %v", err)
	}
}

// TestGrammarsNesting checks that the grammars of this repository nest
// at most 8 deep, as MaxNesting's documentation says.
func TestGrammarsNesting(t *testing.T) {
	for _, f := range []string{"rfc3986", "rfc3987", "rfc6874", "rfc6068", "rfc6570", "rfc8089", "rfc8141", "rfc9110", "rfc9112", "rfc6455", "rfc2397", "abnf", "pegfile"} {
		for _, ext := range []string{".abnf", ".peg"} {
			b, err := os.ReadFile("../../grammar/" + f + ext)
			if os.IsNotExist(err) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			check := checkABNFNesting
			if ext == ".peg" {
				check = checkPEGNesting
			}
			if err := check(string(b), 8); err != nil {
				t.Errorf("%s%s: %v", f, ext, err)
			}
		}
	}
}
