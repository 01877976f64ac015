package main

import (
	"bytes"
	"fmt"
	"strings"
)

// A grammar may be given as several files: a grammar that extends or
// borrows from another names only the rules it defines (grammar/rfc6874.peg
// replaces RFC 3986's IP-literal; grammar/rfc3987.peg takes the rules that
// RFC 3987 §2.2 says are the same as RFC 3986's). compose joins them:
//
//   - The first file is kept whole, header and comments included; its first
//     rule is the start rule.
//   - Every rule that the rules so far use but do not define is taken from
//     the first later file that defines it, with the comment lines directly
//     above it, and so on until no used rule is undefined. A rule defined
//     in an earlier file is never taken from a later one, so the earlier
//     definition overrides; rules that nothing uses are left out, because
//     peg only generates rules reachable from the start rule.
//   - The rules taken from a file follow in that file's order, under a
//     banner naming it.
//
// The audit (internal/audit) joins grammars the same way.
func compose(names []string, srcs [][]byte) ([]byte, error) {
	var out bytes.Buffer
	out.Write(srcs[0])
	if len(srcs) == 1 {
		return out.Bytes(), nil
	}
	files := make([][]pegRuleText, len(srcs))
	for i, src := range srcs {
		rules, err := splitRules(src)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", names[i], err)
		}
		files[i] = rules
	}
	taken := takeRules(files)
	for i := 1; i < len(srcs); i++ {
		banner := false
		for _, r := range files[i] {
			if !taken[fileRule{i, r.name}] {
				continue
			}
			if !banner {
				fmt.Fprintf(&out, "\n# %s\n# Rules used above, taken from %s\n# %s\n",
					strings.Repeat("-", 75), names[i], strings.Repeat("-", 75))
				banner = true
			}
			out.WriteString("\n")
			out.WriteString(r.text)
		}
	}
	return out.Bytes(), nil
}

// fileRule names a rule of the i'th grammar file.
type fileRule struct {
	file int
	name string
}

// takeRules returns the rules of the later files (files[1:]) that compose
// takes: those the rules so far use and do not define, each from the first
// file that defines it.
func takeRules(files [][]pegRuleText) map[fileRule]bool {
	defined := make(map[string]bool)
	var need []string
	for _, r := range files[0] {
		defined[r.name] = true
	}
	for _, r := range files[0] {
		need = append(need, r.refs...)
	}
	taken := make(map[fileRule]bool)
	for len(need) > 0 {
		name := need[len(need)-1]
		need = need[:len(need)-1]
		if defined[name] {
			continue
		}
		if i, r, ok := findRule(files[1:], name); ok {
			defined[name] = true
			taken[fileRule{i + 1, name}] = true
			need = append(need, r.refs...)
		}
	}
	return taken
}

// findRule returns the first rule named name in files, and the index of
// its file.
func findRule(files [][]pegRuleText, name string) (int, pegRuleText, bool) {
	for i, rules := range files {
		for _, r := range rules {
			if r.name == name {
				return i, r, true
			}
		}
	}
	return 0, pegRuleText{}, false
}

// pegRuleText is one rule of a grammar file: its name, the rules its
// expression uses, and its text with the comment lines directly above it.
type pegRuleText struct {
	name string
	refs []string
	text string
}

// splitRules finds the rules of a pointlander/peg grammar. A rule starts
// on a line that begins with its name and "<-" and runs over the indented
// lines that follow; the comment lines directly above it belong to it.
func splitRules(src []byte) ([]pegRuleText, error) {
	lines := strings.SplitAfter(string(src), "\n")
	var rules []pegRuleText
	for i := 0; i < len(lines); i++ {
		name, ok := ruleStart(lines[i])
		if !ok {
			continue
		}
		begin, end := ruleLines(lines, i)
		body := strings.Join(lines[i:end], "")
		body = body[strings.Index(body, "<-")+2:]
		refs, err := ruleRefs(body)
		if err != nil {
			return nil, fmt.Errorf("rule %s: %v", name, err)
		}
		text := strings.Join(lines[begin:end], "")
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		rules = append(rules, pegRuleText{name, refs, text})
		i = end - 1
	}
	return rules, nil
}

// ruleLines returns the lines of the rule that starts on line i: from the
// comment lines directly above it to the last indented line after it.
func ruleLines(lines []string, i int) (begin, end int) {
	begin = i
	for begin > 0 && strings.HasPrefix(lines[begin-1], "#") {
		begin--
	}
	end = i + 1
	for end < len(lines) && strings.TrimSpace(lines[end]) != "" && (lines[end][0] == ' ' || lines[end][0] == '\t') {
		end++
	}
	return begin, end
}

// ruleStart reports whether line starts a rule, "name <- ...", and its name.
func ruleStart(line string) (string, bool) {
	j := identEnd([]byte(line), 0)
	if j == 0 || !isIdentStart(line[0]) {
		return "", false
	}
	if !strings.HasPrefix(strings.TrimLeft(line[j:], " \t"), "<-") {
		return "", false
	}
	return line[:j], true
}

// ruleRefs returns the rule names used in a rule's expression, skipping
// literals, classes and comments.
func ruleRefs(expr string) ([]string, error) {
	var refs []string
	for i := 0; i < len(expr); {
		switch c := expr[i]; {
		case isIdentStart(c):
			j := identEnd([]byte(expr), i)
			refs = append(refs, expr[i:j])
			i = j
		case c == '#':
			j := strings.IndexByte(expr[i:], '\n')
			if j < 0 {
				return refs, nil
			}
			i += j
		case c == '\'' || c == '"' || c == '[':
			j := closing([]byte(expr), i, closer(c))
			if j >= len(expr) {
				return nil, fmt.Errorf("unterminated %c at byte %d", c, i)
			}
			i = j + 1
		default:
			i++
		}
	}
	return refs, nil
}

// closer returns the byte that closes a literal or class opened by c.
func closer(c byte) byte {
	if c == '[' {
		return ']'
	}
	return c
}

// identEnd returns the index after the name at s[i:].
func identEnd(s []byte, i int) int {
	for i < len(s) && isIdentByte(s[i]) {
		i++
	}
	return i
}
