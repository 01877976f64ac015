package grammar

import (
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
