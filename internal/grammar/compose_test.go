package grammar

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The code generator (internal/pegen) and the audit compose grammars with
// the same function, ComposePEG through Read, so they agree by
// construction: these tests check that one composition.

// ruleInfo is what the composition tests compare of a rule.
type ruleInfo struct {
	Name, File string
	Line       int
	Expr       string
	PEG        []string
}

func infos(rules []*Rule) []ruleInfo {
	var out []ruleInfo
	for _, r := range rules {
		out = append(out, ruleInfo{r.Name, r.File, r.Line, r.Expr.String(), r.PEG})
	}
	return out
}

// TestComposeABNF checks the union with override of ABNF files: earlier
// files win, names compare case-insensitively (RFC 5234 §2.1), the first
// file's rules come first, and nothing is dropped.
func TestComposeABNF(t *testing.T) {
	tests := []struct {
		name  string
		files []string // sources, named f0, f1, ...
		want  []ruleInfo
	}{
		{
			name:  "one file",
			files: []string{"a = b\nb = \"x\"\n"},
			want:  []ruleInfo{{"a", "f0", 1, "b", nil}, {"b", "f0", 2, `"x"`, nil}},
		},
		{
			name:  "override, then the later file's other rules",
			files: []string{"b = \"y\"\nc = a\n", "a = b\nb = \"x\"\nd = \"z\"\n"},
			want: []ruleInfo{
				{"b", "f0", 1, `"y"`, nil}, {"c", "f0", 2, "a", nil},
				{"a", "f1", 1, "b", nil}, {"d", "f1", 3, `"z"`, nil},
			},
		},
		{
			name:  "names are case-insensitive",
			files: []string{"ALPHA = %x61\n", "alpha = %x41\nx = alpha\n"},
			want:  []ruleInfo{{"ALPHA", "f0", 1, "'a'", nil}, {"x", "f1", 2, "alpha", nil}},
		},
		{
			name:  "three files, the earliest wins",
			files: []string{"a = \"1\"\n", "a = \"2\"\nb = \"2\"\n", "a = \"3\"\nb = \"3\"\nc = \"3\"\n"},
			want: []ruleInfo{
				{"a", "f0", 1, `"1"`, nil}, {"b", "f1", 2, `"2"`, nil}, {"c", "f2", 3, `"3"`, nil},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var files []GrammarFile
			for i, src := range tt.files {
				files = append(files, GrammarFile{Name: "f" + string(rune('0'+i)), Grammar: mustABNF(t, src)})
			}
			g, err := ComposeABNF(files...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, infos(g.Rules)); diff != "" {
				t.Errorf("ComposeABNF mismatch (-want +got):\n%s", diff)
			}
			if len(g.Dropped) != 0 {
				t.Errorf("ComposeABNF dropped %v", infos(g.Dropped))
			}
			for _, f := range files {
				for _, r := range f.Grammar.Rules {
					if r.File != "" {
						t.Errorf("ComposeABNF set File of rule %s of its input", r.Name)
					}
				}
			}
		})
	}
	if _, err := ComposeABNF(); err == nil {
		t.Errorf("ComposeABNF() gave no error")
	}
}

// TestComposePEG checks the union with override of PEG files and the
// dropping of the rules that the first rule of the first file does not
// reach, as pointlander/peg does.
func TestComposePEG(t *testing.T) {
	const head = "package x\ntype g Peg {}\n"
	tests := []struct {
		name        string
		files       []string // sources after head, named f0, f1, ...
		want, drops []ruleInfo
	}{
		{
			name:  "one file, an unreachable rule dropped",
			files: []string{"s <- a\na <- 'x'\nu <- a\n"},
			want:  []ruleInfo{{"s", "f0", 3, "a", nil}, {"a", "f0", 4, "'x'", nil}},
			drops: []ruleInfo{{"u", "f0", 5, "a", nil}},
		},
		{
			name: "override keeps the comments of its own file",
			files: []string{
				"s <- b\n#peg: mine\nb <- 'y'\n",
				"t <- b c\n#peg: theirs\nb <- 'x'\nc <- 'z'\n",
			},
			want: []ruleInfo{{"s", "f0", 3, "b", nil}, {"b", "f0", 5, "'y'", []string{"mine"}}},
			drops: []ruleInfo{
				{"t", "f1", 3, "b c", nil}, {"c", "f1", 6, "'z'", nil},
			},
		},
		{
			name: "the later file's start rule is dropped, the rules it shares are kept",
			files: []string{
				"start <- i\ni <- scheme ':' ihost\nihost <- [\\0xA0-\\0xD7FF]+\n",
				"specuri <- URI / path\nURI <- scheme ':' path\nscheme <- [a-z]+\npath <- '/'\n",
			},
			want: []ruleInfo{
				{"start", "f0", 3, "i", nil}, {"i", "f0", 4, "scheme ':' ihost", nil},
				{"ihost", "f0", 5, `[\0xA0-\0xD7FF]+`, nil}, {"scheme", "f1", 5, "[a-z]+", nil},
			},
			drops: []ruleInfo{
				{"specuri", "f1", 3, "URI / path", nil}, {"URI", "f1", 4, "scheme ':' path", nil},
				{"path", "f1", 6, "'/'", nil},
			},
		},
		{
			name: "PEG names are case-sensitive",
			files: []string{
				"s <- alpha ALPHA\nalpha <- 'a'\n",
				"ALPHA <- [A-Z]\nalpha <- 'b'\n",
			},
			want: []ruleInfo{{"s", "f0", 3, "alpha ALPHA", nil}, {"alpha", "f0", 4, "'a'", nil}, {"ALPHA", "f1", 3, "[A-Z]", nil}},
		},
		{
			name: "reached through a rule of a later file",
			files: []string{
				"s <- a\n",
				"a <- b\nb <- s / 'x'\nz <- 'z'\n",
			},
			want:  []ruleInfo{{"s", "f0", 3, "a", nil}, {"a", "f1", 3, "b", nil}, {"b", "f1", 4, "s / 'x'", nil}},
			drops: []ruleInfo{{"z", "f1", 5, "'z'", nil}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var files []GrammarFile
			for i, src := range tt.files {
				files = append(files, GrammarFile{Name: "f" + string(rune('0'+i)), Grammar: mustPEG(t, head+src)})
			}
			g, err := ComposePEG(files...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, infos(g.Rules)); diff != "" {
				t.Errorf("ComposePEG rules mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.drops, infos(g.Dropped)); diff != "" {
				t.Errorf("ComposePEG dropped rules mismatch (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := ComposePEG(); err == nil {
		t.Errorf("ComposePEG() gave no error")
	}
}
