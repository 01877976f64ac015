package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompose(t *testing.T) {
	const base = `package base

type grammar Peg {}

start <- a / b

# about a
a <- 'a' c

# about b
b <- 'b'
   / c

c <- [c-d] 'x' # a comment naming d
d <- 'd'
unused <- 'u'
`
	for _, tc := range []struct {
		name  string
		first string
		want  []string // the rules of the result, in order
	}{
		{"override and closure", `package ext
type grammar Peg {}
start <- a
a <- 'A' b
`, []string{"start", "a", "b", "c"}},
		{"nothing borrowed", `package ext
type grammar Peg {}
start <- 'x'
`, []string{"start"}},
		{"literal and class names are not rules", `package ext
type grammar Peg {}
start <- 'unused' [d] "c" c
`, []string{"start", "c"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := compose([]string{"ext.peg", "base.peg"}, [][]byte{[]byte(tc.first), []byte(base)})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(out), tc.first) {
				t.Errorf("the first file is not kept whole:\n%s", out)
			}
			rules, err := splitRules(out)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range rules {
				got = append(got, r.name)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("rules (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSplitRulesKeepsComments(t *testing.T) {
	rules, err := splitRules([]byte("# banner\n\n# about a\n#abnf: a = b\na <- b\n   / 'x'\n\nb <- 'y'\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []pegRuleText{
		{name: "a", refs: []string{"b"}, text: "# about a\n#abnf: a = b\na <- b\n   / 'x'\n"},
		{name: "b", text: "b <- 'y'\n"},
	}
	if diff := cmp.Diff(want, rules, cmp.AllowUnexported(pegRuleText{})); diff != "" {
		t.Errorf("splitRules (-want +got):\n%s", diff)
	}
}
