package main

import (
	"fmt"
	"regexp"
	"strings"
)

// memoSize is how many start positions a memoized rule remembers; a
// position p uses slot p%memoSize.
const memoSize = 8

// memoType is the type of one remembered try of a rule, added once.
const memoType = `
// A memoEntry remembers one try of a memoized rule: at is its start
// position plus one (0 for an empty slot), end where it ended, and ok
// whether it matched.
type memoEntry struct {
	at, end uint32
	ok      bool
}
`

// memoWrapper is the method that replaces rule %[1]s: it answers from the
// memo when the rule was tried at the position before, and otherwise runs
// the rule (renamed %[1]sTry) and remembers the answer.
const memoWrapper = `
// %[1]s runs %[1]sTry, or answers from memo%[2]s when it was tried at
// this position before, recording the same token.
func (p *grammar) %[1]s() bool {
	begin := p.position
	m := &p.memo%[2]s[begin%%%[3]d]
	if m.at == begin+1 {
		if m.ok {
			p.position = m.end
			p.add(%[1]s, begin)
		}
		return m.ok
	}
	ok := p.%[1]sTry()
	*m = memoEntry{begin + 1, p.position, ok}
	return ok
}
`

var reRuleStart = regexp.MustCompile(`^\tposition(\d+), tokenIndex(\d+) := p\.position, p\.tokenIndex\n\t\{\n\t\tposition(\d+) := p\.position\n`)

// memo makes each named rule remember its answers within one parse (step
// 3f): the ordered alternatives of a rule such as IPv6address try the same
// rule (h16) at the same positions again and again. Without actions a
// rule's answer depends on its start position alone, so the answer of an
// earlier try stands. Only a rule that uses no other rule is accepted, so
// that a remembered success records exactly the one token the rule itself
// records, from its start to its end; a failure records none. The memo has
// memoSize slots per rule, emptied by reset; a slot holding another
// position is simply overwritten.
func memo(src string, rules []string) (string, error) {
	if len(rules) == 0 {
		return src, nil
	}
	const grammarType = "\ntype grammar struct {\n"
	if strings.Count(src, grammarType) != 1 {
		return "", fmt.Errorf("memo: no grammar type in peg's output")
	}
	src = strings.Replace(src, grammarType, memoType+grammarType, 1)
	for _, name := range rules {
		rule := "rule" + name
		head := "\nfunc (p *grammar) " + rule + "() bool {\n"
		if strings.Count(src, head) != 1 {
			return "", fmt.Errorf("memo: no rule %s in peg's output", name)
		}
		start := strings.Index(src, head) + len(head)
		body := src[start : start+strings.Index(src[start:], "\n}\n")]
		m := reRuleStart.FindStringSubmatch(body)
		switch {
		case m == nil:
			return "", fmt.Errorf("memo: rule %s does not start as peg writes a rule", name)
		case strings.Contains(body, "p.rule"):
			return "", fmt.Errorf("memo: rule %s uses other rules", name)
		case strings.Count(body, "p.add(") != 1 || !strings.Contains(body, "p.add("+rule+", position"+m[3]+")"):
			return "", fmt.Errorf("memo: rule %s does not record one token from its start", name)
		}
		field := "\tmemo" + name + " [" + fmt.Sprint(memoSize) + "]memoEntry\n"
		for _, r := range []struct{ old, new string }{
			{head, "\nfunc (p *grammar) " + rule + "Try() bool {\n"},
			{"\tposition, tokenIndex uint32\n", "\tposition, tokenIndex uint32\n" + field},
			{"\tp.position, p.tokenIndex = 0, 0\n", "\tp.position, p.tokenIndex = 0, 0\n\tp.memo" + name + " = [" + fmt.Sprint(memoSize) + "]memoEntry{}\n"},
		} {
			if strings.Count(src, r.old) != 1 {
				return "", fmt.Errorf("memo: expected %q once", r.old)
			}
			src = strings.Replace(src, r.old, r.new, 1)
		}
		src += fmt.Sprintf(memoWrapper, rule, name, memoSize)
	}
	return src, nil
}
