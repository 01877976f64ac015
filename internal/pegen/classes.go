package main

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// deriveGrammar returns the grammar that peg is run on. It makes two
// rewrites, neither of which changes the language:
//
//   - Every single-bracket character class becomes the fewest ASCII ranges,
//     the widest first.
//   - Every use of a rule whose body is a sequence that starts with a
//     single-quoted literal, whose first character is c (pct_encoded <- '%'
//     ...), is guarded by the lookahead &'c', which is true whenever the
//     rule can match; where c is not there, the parser skips the rule call.
//
// About the first: pointlander/peg compiles a class into one alternative per
// character or range, each saving and restoring the parser's position, so
// [a-zA-Z0-9\-._~!$&'()*+,;=:@/?] costs up to 23 tests a byte while the
// same set as [?-Z] / [a-z] / [&-;] / ... costs at most 8. The set of bytes
// is unchanged (the tests of gen/rfc3986 check every class byte by byte);
// comments, literals and everything else are copied as they are, so the
// checked-in grammar keeps the form that reads like the RFC.
func deriveGrammar(src []byte) ([]byte, error) {
	src, err := rewriteUTF8Classes(src)
	if err != nil {
		return nil, err
	}
	d := deriver{src: src, guards: firstCharGuards(src)}
	for i := 0; i < len(src); {
		if i, err = d.token(i); err != nil {
			return nil, err
		}
	}
	return d.out.Bytes(), nil
}

// A deriver writes the derived grammar of src (see deriveGrammar).
type deriver struct {
	src    []byte
	guards map[string]string // see firstCharGuards
	out    bytes.Buffer
}

// token derives the token at src[i:] and returns the index after it.
func (d *deriver) token(i int) (int, error) {
	src := d.src
	switch c := src[i]; {
	case isIdentStart(c) && (i == 0 || !isIdentByte(src[i-1])):
		return d.ident(i), nil
	case isCommentStart(src, i):
		return d.copy(i, commentEnd(src, i)), nil
	case c == '\'' || c == '"':
		j, _, err := literalEnd(src, i)
		if err != nil {
			return 0, err
		}
		return d.copy(i, j), nil
	case c == '[' && i+1 < len(src) && src[i+1] != '[' && src[i+1] != '^':
		return d.class(i)
	case c == '[':
		return d.otherClass(i)
	}
	return d.copy(i, i+1), nil
}

// copy copies src[i:j] and returns j.
func (d *deriver) copy(i, j int) int {
	d.out.Write(d.src[i:j])
	return j
}

// ident writes the name at src[i:], guarded if it is a use of a rule that
// firstCharGuards guards.
func (d *deriver) ident(i int) int {
	j := identEnd(d.src, i)
	name := string(d.src[i:j])
	rest := bytes.TrimLeft(d.src[j:], " \t")
	if g, ok := d.guards[name]; ok && !bytes.HasPrefix(rest, []byte("<-")) {
		fmt.Fprintf(&d.out, "(&'%s' %s)", g, name)
		return j
	}
	return d.copy(i, j)
}

// class writes the class at src[i:] as the fewest ranges, or as it is if
// readClass does not know its form (an escape, a non-ASCII range).
func (d *deriver) class(i int) (int, error) {
	set, n, err := readClass(d.src[i:])
	if err == nil {
		d.out.WriteString(writeClass(set))
		return i + n, nil
	}
	j := bytes.IndexByte(d.src[i+1:], ']')
	if j < 0 {
		return 0, fmt.Errorf("class at byte %d: %v", i, err)
	}
	n = j + 2
	for d.src[i+n-2] == '\\' { // "\]" does not end the class
		k := bytes.IndexByte(d.src[i+n:], ']')
		if k < 0 {
			return 0, fmt.Errorf("class at byte %d: %v", i, err)
		}
		n += k + 1
	}
	return d.copy(i, i+n), nil
}

// otherClass copies [[...]] (case-insensitive) and [^...] as they are.
func (d *deriver) otherClass(i int) (int, error) {
	j := bytes.IndexByte(d.src[i:], ']')
	if j < 0 {
		return 0, fmt.Errorf("unterminated class at byte %d", i)
	}
	if d.src[i+1] == '[' {
		j++
	}
	return d.copy(i, i+j+1), nil
}

// readClass reads a class "[...]" at the start of s and returns its set of
// bytes and its length.
func readClass(s []byte) (set [256]bool, n int, err error) {
	i := 1
	for {
		if i >= len(s) {
			return set, 0, fmt.Errorf("unterminated")
		}
		if s[i] == ']' {
			return set, i + 1, nil
		}
		var lo, hi byte
		if lo, i, err = classChar(s, i); err != nil {
			return set, 0, err
		}
		hi = lo
		if i+1 < len(s) && s[i] == '-' && s[i+1] != ']' {
			if hi, i, err = classChar(s, i+1); err != nil {
				return set, 0, err
			}
		}
		if lo > hi || hi >= 0x80 {
			return set, 0, fmt.Errorf("bad range %q-%q", lo, hi)
		}
		for b := int(lo); b <= int(hi); b++ {
			set[b] = true
		}
	}
}

// classEscapes are the escapes that readClass knows, and what they stand
// for.
var classEscapes = map[byte]byte{
	'n': '\n', 't': '\t', 'r': '\r', '\\': '\\', '-': '-', ']': ']', '[': '[', '\'': '\'', '"': '"',
}

// classChar reads a character of a class at s[i:] and returns it and the
// index after it.
func classChar(s []byte, i int) (byte, int, error) {
	if i >= len(s) {
		return 0, i, fmt.Errorf("unterminated")
	}
	if s[i] != '\\' {
		return s[i], i + 1, nil
	}
	if i+1 >= len(s) {
		return 0, i, fmt.Errorf("unterminated escape")
	}
	if c, ok := classEscapes[s[i+1]]; ok {
		return c, i + 2, nil
	}
	return 0, i, fmt.Errorf("unsupported escape \\%c", s[i+1])
}

// writeClass writes set as a class of maximal ranges, widest first, ties in
// byte order.
func writeClass(set [256]bool) string {
	type run struct{ lo, hi int }
	var runs []run
	for b := 0; b < 256; b++ {
		if !set[b] {
			continue
		}
		if len(runs) > 0 && runs[len(runs)-1].hi == b-1 {
			runs[len(runs)-1].hi = b
		} else {
			runs = append(runs, run{b, b})
		}
	}
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].hi-runs[i].lo > runs[j].hi-runs[j].lo })
	var b strings.Builder
	b.WriteByte('[')
	for _, r := range runs {
		b.WriteString(writeClassChar(byte(r.lo)))
		if r.hi > r.lo {
			b.WriteByte('-')
			b.WriteString(writeClassChar(byte(r.hi)))
		}
	}
	b.WriteByte(']')
	return b.String()
}

func writeClassChar(c byte) string {
	switch c {
	case '\\', '-', ']', '[':
		return `\` + string(c)
	case '\n':
		return `\n`
	case '\t':
		return `\t`
	case '\r':
		return `\r`
	}
	return string(c)
}

func isIdentStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

func isIdentByte(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// ruleDef is where a rule is defined in a grammar: the start of its line
// and of its body, after "<-".
type ruleDef struct {
	name       string
	line, body int
}

// ruleDefs returns the rules defined at the start of a line of src.
func ruleDefs(src []byte) []ruleDef {
	var defs []ruleDef
	for line := 0; line < len(src); {
		end := commentEnd(src, line)
		text := string(src[line:end])
		if name, ok := ruleStart(text); ok {
			defs = append(defs, ruleDef{name, line, line + strings.Index(text, "<-") + 2})
		}
		line = end + 1
	}
	return defs
}

// firstCharGuards returns, for each rule whose whole body is a sequence
// starting with a single-quoted literal, the literal's first character.
func firstCharGuards(src []byte) map[string]string {
	code := stripComments(src)
	defs := ruleDefs(code)
	guards := map[string]string{}
	for k, d := range defs {
		end := len(code)
		if k+1 < len(defs) {
			end = defs[k+1].line
		}
		body := bytes.TrimSpace(code[d.body:end])
		if len(body) < 3 || body[0] != '\'' || body[1] == '\\' || body[1] == '\'' || hasTopLevelChoice(body) {
			continue
		}
		guards[d.name] = string(body[1])
	}
	return guards
}

// stripComments returns src with its comments blanked out.
func stripComments(src []byte) []byte {
	out := append([]byte(nil), src...)
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '\'' || c == '"':
			i = closing(out, i, c)
		case c == '[':
			i = closing(out, i, ']')
		case isCommentStart(out, i):
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		}
	}
	return out
}

// closing returns the index of the byte c that closes the literal or
// class opened at s[i] (a backslash escapes the byte after it), or len(s)
// or more if none does.
func closing(s []byte, i int, c byte) int {
	for i++; i < len(s) && s[i] != c; i++ {
		if s[i] == '\\' {
			i++
		}
	}
	return i
}

// hasTopLevelChoice reports whether body has a "/" outside parentheses,
// literals and classes.
func hasTopLevelChoice(body []byte) bool {
	depth := 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '\'', '"':
			i = closing(body, i, c)
		case '[':
			i = closing(body, i, ']')
		case '(':
			depth++
		case ')':
			depth--
		case '/':
			if depth == 0 {
				return true
			}
		}
	}
	return false
}
