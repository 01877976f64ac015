package main

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// methodsPre is the part of peg's output before Init that methods
// changes.
const methodsPre = `package p

type grammar struct {
	Buffer string
	buffer []rune
	rules  [3]func() bool
	parse  func(rule ...int) error
	reset  func()
	Pretty bool
	tokens32
}

func (p *grammar) Parse(rule ...int) error {
	return p.parse(rule...)
}

func translatePositions(buffer []rune, positions []int) textPositionMap {
}

func (e *parseError) Error() string {
	translations := translatePositions(e.p.buffer, positions)
	err += strconv.Quote(string(e.p.buffer[begin:end]))
}

`

// methodsRules is a table of two rules as peg writes it (a <- [a-z]* b and
// b <- 'x').
const methodsRules = `		nil,
		/* 0 a <- <([a-z]* b)> */
		func() bool {
			position0, tokenIndex0 := position, tokenIndex
			{
				position1 := position
				{
					pos, buf := int(position), buffer
					for pos < len(buf) && pegenClass0[buf[pos]] {
						pos++
					}
					position = uint32(pos)
				}
				if !_rules[ruleb]() {
					goto l0
				}
				add(rulea, position1)
			}
			return true
		l0:
			position, tokenIndex = position0, tokenIndex0
			return false
		},
		/* 1 b <- <'x'> */
		func() bool {
			position2, tokenIndex2 := position, tokenIndex
			if buffer[position] != byte('x') {
				goto l2
			}
			position++
			if !matchDot() {
				goto l2
			}
			return true
		l2:
			position, tokenIndex = position2, tokenIndex2
			return false
		},
`

func TestMethods(t *testing.T) {
	src := methodsPre + initHead + methodsRules + initTail + "\nvar rest int\n"
	got, err := methods(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\tBuffer string\n\trules  [3]func() bool\n\tPretty bool\n\tkeep   []bool\n\n\tmax                  token32\n\tposition, tokenIndex uint32\n",
		"\tr := 1\n\tif len(rule) > 0 {\n\t\tr = rule[0]\n\t}\n\treturn p.parse(r)\n",
		"func translatePositions(buffer []byte, positions []int)",
		"strconv.Quote(e.p.Buffer[begin:end])",
		"func (p *grammar) reset() {\n",
		"func (p *grammar) parse(r int) error {\n",
		"translatePositions([]byte(e.p.Buffer), positions)",
		"\tp.rules = [...]func() bool{\n\t\tnil,\n\t\tp.rulea,\n\t\tp.ruleb,\n\t}\n",
		`/* 0 a <- <([a-z]* b)> */
func (p *grammar) rulea() bool {
	position0, tokenIndex0 := p.position, p.tokenIndex
	{
		position1 := p.position
		{
			pos, buf := int(p.position), p.Buffer
			for pos < len(buf) && pegenClass0[buf[pos]] {
				pos++
			}
			p.position = uint32(pos)
		}
		if !p.ruleb() {
			goto l0
		}
		p.add(rulea, position1)
	}
	return true
l0:
	p.position, p.tokenIndex = position0, tokenIndex0
	return false
}
`,
		`	if p.peek() != byte('x') {
		goto l2
	}
	p.position++
	if !p.matchDot() {
`,
		"}\n\nvar rest int\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("methods' output lacks\n%s\nin\n%s", want, got)
		}
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "x.go", got, 0); err != nil {
		t.Errorf("methods' output is not Go: %v", err)
	}
	if n := strings.Count(got, "func (p *grammar) rule"); n != 2 {
		t.Errorf("methods wrote %d rule methods, want 2", n)
	}
	if strings.Contains(got, "_rules") || strings.Contains(got, "matchChar") {
		t.Errorf("methods left the closures' table or helpers:\n%s", got)
	}
}

// TestMethodsRefuses checks that methods fails on anything but the code peg
// writes, rather than rename what it does not know.
func TestMethodsRefuses(t *testing.T) {
	src := methodsPre + initHead + methodsRules + initTail
	for name, bad := range map[string]string{
		"other Init":    strings.Replace(src, "\tp.reset()\n", "\tp.reset()\n\tp.reset()\n", 1),
		"no end":        strings.Replace(src, initTail, "", 1),
		"comment":       strings.Replace(src, "\t\t\tposition++\n", "\t\t\tposition++ /* x */\n", 1),
		"indirect call": strings.Replace(src, "_rules[ruleb]()", "_rules[r]()", 1),
		"other line":    strings.Replace(src, "\t\tnil,\n", "\t\tnil, nil,\n", 1),
		"other fields":  strings.Replace(src, "\tbuffer []rune\n", "\tbuffer []byte\n", 1),
		"NUL literal":   strings.Replace(src, "byte('x')", "byte('\\x00')", 1),
	} {
		if bad == src {
			t.Fatalf("%s: the test's change did not apply", name)
		}
		if got, err := methods(bad); err == nil {
			t.Errorf("%s: methods succeeded:\n%s", name, got)
		}
	}
}
