package main

import (
	"fmt"
	"regexp"
	"strings"
)

// initHead is the start of the Init method as peg writes it, up to the
// table of rule closures. methods refuses any other text, so a change in
// peg's output cannot slip through it.
const initHead = `func (p *grammar) Init(options ...func(*grammar) error) error {
	var (
		max                  token32
		position, tokenIndex uint32
		buffer               []rune
	)
	for _, option := range options {
		err := option(p)
		if err != nil {
			return err
		}
	}
	p.reset = func() {
		max = token32{}
		position, tokenIndex = 0, 0

		p.buffer = []rune(p.Buffer)
		if len(p.buffer) == 0 || p.buffer[len(p.buffer)-1] != endSymbol {
			p.buffer = append(p.buffer, endSymbol)
		}
		buffer = p.buffer
	}
	p.reset()

	_rules := p.rules
	tree := p.tokens32
	p.parse = func(rule ...int) error {
		r := 1
		if len(rule) > 0 {
			r = rule[0]
		}
		matches := p.rules[r]()
		p.tokens32 = tree
		if matches {
			p.Trim(tokenIndex)
			return nil
		}
		return &parseError{p, max}
	}

	add := func(rule pegRule, begin uint32) {
		tree.Add(rule, begin, position, tokenIndex)
		tokenIndex++
		if begin != position && position > max.end {
			max = token32{rule, begin, position}
		}
	}

	matchDot := func() bool {
		if buffer[position] != endSymbol {
			position++
			return true
		}
		return false
	}

	/*matchChar := func(c byte) bool {
		if buffer[position] == c {
			position++
			return true
		}
		return false
	}*/

	/*matchRange := func(lower byte, upper byte) bool {
		if c := buffer[position]; c >= lower && c <= upper {
			position++
			return true
		}
		return false
	}*/

	_rules = [...]func() bool{
`

// initTail ends the table of rule closures and Init.
const initTail = `	}
	p.rules = _rules
	return nil
}
`

// initNew replaces Init and its closures; %s is the table of rules. The
// parser's state lives in the grammar's fields, and each rule is a method,
// as are reset and parse (fields holding closures in peg's output).
const initNew = `func (p *grammar) Init(options ...func(*grammar) error) error {
	for _, option := range options {
		err := option(p)
		if err != nil {
			return err
		}
	}
	p.rules = [...]func() bool{
%s	}
	p.reset()
	return nil
}

// reset makes the parser ready to match p.Buffer from its start.
func (p *grammar) reset() {
	p.max = token32{}
	p.position, p.tokenIndex = 0, 0
}

// parse matches rule r from the start of the input.
func (p *grammar) parse(r int) error {
	if p.rules[r]() {
		p.Trim(p.tokenIndex)
		return nil
	}
	return &parseError{p, p.max}
}

// add records that rule matched from begin to the current position, if
// the filter (keep, indexed by rule) keeps it; with no filter it records
// every rule. It is small enough to be inlined.
func (p *grammar) add(rule pegRule, begin uint32) {
	if p.keep == nil || p.keep[rule] {
		p.record(rule, begin)
	}
}

// record records a token, and tracks the furthest match when there is no
// filter: the last rule to reach the furthest offset, not the first, so
// the rule still being matched there (userinfo), not the innermost (a
// pct-encoded in it).
func (p *grammar) record(rule pegRule, begin uint32) {
	p.Add(rule, begin, p.position, p.tokenIndex)
	p.tokenIndex++
	if p.keep == nil && begin != p.position && p.position >= p.max.end {
		p.max = token32{rule, begin, p.position}
	}
}

// peek returns the byte at the position, or NUL at the end of the input:
// the grammar matches no NUL, so the end fails every class and literal.
func (p *grammar) peek() byte {
	if int(p.position) < len(p.Buffer) {
		return p.Buffer[p.position]
	}
	return 0
}

// matchDot matches any byte of the input.
func (p *grammar) matchDot() bool {
	if int(p.position) < len(p.Buffer) {
		p.position++
		return true
	}
	return false
}
`

var (
	reRuleComment = regexp.MustCompile(`^\t\t/\* \d+ (\w+) <- .*\*/$`)
	reRuleCall    = regexp.MustCompile(`_rules\[(rule\w+)\]\(\)`)
	reState       = regexp.MustCompile(`\b(position|tokenIndex)\b`)
	reBuffer      = regexp.MustCompile(`\bbuffer\b`)
	reHelperCall  = regexp.MustCompile(`\b(add|matchDot|peek)\(`)
)

// methods rewrites the core of the parser (step 3e). peg writes every
// rule as a closure in Init, over variables that the closures share (the
// position, the token index, a []rune copy of the input), and calls a rule
// through the table of closures. Here:
//   - the shared variables become fields of the grammar, read through the
//     receiver instead of through a closure's pointers;
//   - each rule closure becomes a method named after its rule constant
//     (ruleh16), and each call through the table a direct call; the table
//     stays, filled with the methods, for Parse to start from any rule;
//   - reset and parse become methods too, and parse takes the start rule
//     as an int instead of a variadic slice, which escaped to the heap;
//   - the parser reads the bytes of the input string itself: peek returns
//     the byte at the position, or NUL at the end, which no class or
//     literal of the grammar may match (methods checks), and "." tests
//     the position against the input's length;
//   - add becomes a test of an optional filter of the tokens recorded,
//     which the compiler inlines, in front of the method that records a
//     token and tracks the furthest match (see record).
//
// The code of each rule is otherwise unchanged: only the names of the
// state change. methods refuses any Init but the one peg writes.
func methods(src string) (string, error) {
	// peek reads NUL at the end of the input, so the grammar must not
	// match NUL anywhere.
	for _, nul := range []string{`\x00`, `byte(0x00)`} {
		if strings.Contains(src, nul) {
			return "", fmt.Errorf("methods: the grammar matches NUL (%s), which reads as the end of the input", nul)
		}
	}
	head := strings.Index(src, initHead)
	if head < 0 || strings.Count(src, initHead) != 1 {
		return "", fmt.Errorf("methods: Init is not as expected in peg's output")
	}
	body := src[head+len(initHead):]
	tail := strings.Index(body, initTail)
	if tail < 0 {
		return "", fmt.Errorf("methods: no end of the table of rules in peg's output")
	}
	rest := body[tail+len(initTail):]
	pre := src[:head]
	for _, r := range []struct{ old, new string }{
		{grammarFields, grammarFieldsNew},
		{"\tbuffer []rune\n", ""},
		{"\tparse  func(rule ...int) error\n\treset  func()\n", ""},
		{"\treturn p.parse(rule...)\n", "\tr := 1\n\tif len(rule) > 0 {\n\t\tr = rule[0]\n\t}\n\treturn p.parse(r)\n"},
		{"func translatePositions(buffer []rune,", "func translatePositions(buffer []byte,"},
		{"translatePositions(e.p.buffer, positions)", "translatePositions([]byte(e.p.Buffer), positions)"},
		{"strconv.Quote(string(e.p.buffer[begin:end]))", "strconv.Quote(e.p.Buffer[begin:end])"},
	} {
		if strings.Count(pre, r.old) != 1 {
			return "", fmt.Errorf("methods: expected %q once in peg's output", r.old)
		}
		pre = strings.Replace(pre, r.old, r.new, 1)
	}
	lines := strings.Split(body[:tail], "\n")
	var table, meths strings.Builder
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l == "":
			continue
		case l == "\t\tnil,":
			table.WriteString("\t\tnil,\n")
			continue
		}
		m := reRuleComment.FindStringSubmatch(l)
		if m == nil || i+1 >= len(lines) || lines[i+1] != "\t\tfunc() bool {" {
			return "", fmt.Errorf("methods: unexpected line in the table of rules: %q", l)
		}
		name := "rule" + m[1]
		fmt.Fprintf(&table, "\t\tp.%s,\n", name)
		fmt.Fprintf(&meths, "\n%s\nfunc (p *grammar) %s() bool {\n", strings.TrimPrefix(l, "\t\t"), name)
		for i += 2; i < len(lines) && lines[i] != "\t\t},"; i++ {
			b := strings.TrimPrefix(lines[i], "\t\t")
			if strings.Contains(b, "/*") || strings.Contains(b, "func(") {
				return "", fmt.Errorf("methods: rule %s: a comment or closure in its code: %q", m[1], b)
			}
			b = reRuleCall.ReplaceAllString(b, "p.$1()")
			b = strings.ReplaceAll(b, "buffer[position]", "peek()")
			b = reState.ReplaceAllString(b, "p.$1")
			b = reBuffer.ReplaceAllString(b, "p.Buffer")
			b = reHelperCall.ReplaceAllString(b, "p.$1(")
			if strings.Contains(b, "_rules") {
				return "", fmt.Errorf("methods: rule %s: an indirect call left: %q", m[1], b)
			}
			meths.WriteString(b + "\n")
		}
		if i == len(lines) {
			return "", fmt.Errorf("methods: rule %s does not end", m[1])
		}
		meths.WriteString("}\n")
	}
	return pre + fmt.Sprintf(initNew, table.String()) + meths.String() + rest, nil
}

// grammarFieldsNew adds to the grammar's fields the state that the
// closures shared.
const (
	grammarFields    = "\tPretty bool\n"
	grammarFieldsNew = "\tPretty bool\n\tkeep   []bool\n\n\tmax                  token32\n\tposition, tokenIndex uint32\n"
)
