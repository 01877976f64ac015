package main

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// memoRules is a table of two rules as peg writes them: a <- c c, and the
// leaf rule c <- <[0-9]>.
const memoRules = `		nil,
		/* 0 a <- <(c c)> */
		func() bool {
			position0, tokenIndex0 := position, tokenIndex
			{
				position1 := position
				if !_rules[rulec]() {
					goto l0
				}
				if !_rules[rulec]() {
					goto l0
				}
				add(rulea, position1)
			}
			return true
		l0:
			position, tokenIndex = position0, tokenIndex0
			return false
		},
		/* 1 c <- <[0-9]> */
		func() bool {
			position2, tokenIndex2 := position, tokenIndex
			{
				position3 := position
				if !pegenClass0[buffer[position]] {
					goto l2
				}
				position++
				add(rulec, position3)
			}
			return true
		l2:
			position, tokenIndex = position2, tokenIndex2
			return false
		},
`

func memoSrc(t *testing.T) string {
	t.Helper()
	src, err := methods(methodsPre + initHead + memoRules + initTail)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func TestMemo(t *testing.T) {
	src := memoSrc(t)
	got, err := memo(src, []string{"c"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"type memoEntry struct {",
		"\tposition, tokenIndex uint32\n\tmemoc [8]memoEntry\n",
		"\tp.position, p.tokenIndex = 0, 0\n\tp.memoc = [8]memoEntry{}\n",
		"/* 1 c <- <[0-9]> */\nfunc (p *grammar) rulecTry() bool {\n",
		`func (p *grammar) rulec() bool {
	begin := p.position
	m := &p.memoc[begin%8]
	if m.at == begin+1 {
		if m.ok {
			p.position = m.end
			p.add(rulec, begin)
		}
		return m.ok
	}
	ok := p.rulecTry()
	*m = memoEntry{begin + 1, p.position, ok}
	return ok
}
`,
		// Other rules still call the rule by its name.
		"\t\tif !p.rulec() {\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("memo's output lacks\n%s\nin\n%s", want, got)
		}
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "x.go", got, 0); err != nil {
		t.Errorf("memo's output is not Go: %v", err)
	}
	if same, err := memo(src, nil); err != nil || same != src {
		t.Errorf("memo with no rules changed its input (%v)", err)
	}
}

// TestMemoRefuses checks that memo accepts only a rule whose remembered
// answer it can replay exactly.
func TestMemoRefuses(t *testing.T) {
	src := memoSrc(t)
	for name, tt := range map[string]struct {
		src  string
		rule string
	}{
		"unknown rule":     {src, "zz"},
		"uses other rules": {src, "a"},
		"no token":         {strings.Replace(src, "\t\tp.add(rulec, position3)\n", "", 1), "c"},
		"another token":    {strings.Replace(src, "p.add(rulec, position3)", "p.add(rulea, position3)", 1), "c"},
		"other start":      {strings.Replace(src, "\t\tposition3 := p.position\n", "\t\tposition3 := p.position + 1\n", 1), "c"},
	} {
		if tt.src == src && tt.rule == "c" {
			t.Fatalf("%s: the test's change did not apply", name)
		}
		if got, err := memo(tt.src, []string{tt.rule}); err == nil {
			t.Errorf("%s: memo succeeded:\n%s", name, got)
		}
	}
}
