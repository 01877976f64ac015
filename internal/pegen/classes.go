package main

import (
	"bytes"
	"fmt"
	"regexp"
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
	guards := firstCharGuards(src)
	var out bytes.Buffer
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case isIdentStart(c) && (i == 0 || !isIdentByte(src[i-1])):
			j := i
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			name := string(src[i:j])
			rest := bytes.TrimLeft(src[j:], " \t")
			if g, ok := guards[name]; ok && !bytes.HasPrefix(rest, []byte("<-")) {
				fmt.Fprintf(&out, "(&'%s' %s)", g, name)
			} else {
				out.WriteString(name)
			}
			i = j
		case c == '#' || c == '/' && i+1 < len(src) && src[i+1] == '/':
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			out.Write(src[i : i+j])
			i += j
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(src) && src[j] != c {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				return nil, fmt.Errorf("unterminated literal at byte %d", i)
			}
			out.Write(src[i : j+1])
			i = j + 1
		case c == '[' && i+1 < len(src) && src[i+1] != '[' && src[i+1] != '^':
			set, n, err := readClass(src[i:])
			if err != nil {
				// A form this rewrite does not know (an escape, a
				// non-ASCII range): peg gets the class as written.
				j := bytes.IndexByte(src[i+1:], ']')
				if j < 0 {
					return nil, fmt.Errorf("class at byte %d: %v", i, err)
				}
				n = j + 2
				for src[i+n-2] == '\\' { // "\]" does not end the class
					k := bytes.IndexByte(src[i+n:], ']')
					if k < 0 {
						return nil, fmt.Errorf("class at byte %d: %v", i, err)
					}
					n += k + 1
				}
				out.Write(src[i : i+n])
				i += n
				continue
			}
			out.WriteString(writeClass(set))
			i += n
		case c == '[':
			// [[...]] (case-insensitive) and [^...]: copied as they are.
			j := bytes.IndexByte(src[i:], ']')
			if j < 0 {
				return nil, fmt.Errorf("unterminated class at byte %d", i)
			}
			if src[i+1] == '[' {
				j++
			}
			out.Write(src[i : i+j+1])
			i += j + 1
		default:
			out.WriteByte(c)
			i++
		}
	}
	return out.Bytes(), nil
}

// readClass reads a class "[...]" at the start of s and returns its set of
// bytes and its length.
func readClass(s []byte) (set [256]bool, n int, err error) {
	i := 1
	char := func() (byte, error) {
		if i >= len(s) {
			return 0, fmt.Errorf("unterminated")
		}
		c := s[i]
		i++
		if c != '\\' {
			return c, nil
		}
		if i >= len(s) {
			return 0, fmt.Errorf("unterminated escape")
		}
		e := s[i]
		i++
		switch e {
		case 'n':
			return '\n', nil
		case 't':
			return '\t', nil
		case 'r':
			return '\r', nil
		case '\\', '-', ']', '[', '\'', '"':
			return e, nil
		}
		return 0, fmt.Errorf("unsupported escape \\%c", e)
	}
	for {
		if i >= len(s) {
			return set, 0, fmt.Errorf("unterminated")
		}
		if s[i] == ']' {
			return set, i + 1, nil
		}
		lo, err := char()
		if err != nil {
			return set, 0, err
		}
		hi := lo
		if i+1 < len(s) && s[i] == '-' && s[i+1] != ']' {
			i++
			if hi, err = char(); err != nil {
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
		b.WriteString(classChar(byte(r.lo)))
		if r.hi > r.lo {
			b.WriteByte('-')
			b.WriteString(classChar(byte(r.hi)))
		}
	}
	b.WriteByte(']')
	return b.String()
}

func classChar(c byte) string {
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

// reRule finds a rule definition at the start of a line and the start of
// its body.
var reRule = regexp.MustCompile(`(?m)^([A-Za-z_][A-Za-z0-9_]*)[ \t]*<-`)

// firstCharGuards returns, for each rule whose whole body is a sequence
// starting with a single-quoted literal, the literal's first character.
func firstCharGuards(src []byte) map[string]string {
	code := stripComments(src)
	locs := reRule.FindAllSubmatchIndex(code, -1)
	guards := map[string]string{}
	for k, loc := range locs {
		end := len(code)
		if k+1 < len(locs) {
			end = locs[k+1][0]
		}
		name := string(code[loc[2]:loc[3]])
		body := bytes.TrimSpace(code[loc[1]:end])
		if len(body) < 3 || body[0] != '\'' || body[1] == '\\' || body[1] == '\'' {
			continue
		}
		if hasTopLevelChoice(body) {
			continue
		}
		guards[name] = string(body[1])
	}
	return guards
}

// stripComments returns src with its comments blanked out.
func stripComments(src []byte) []byte {
	out := append([]byte(nil), src...)
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '\'' || c == '"':
			for i++; i < len(out) && out[i] != c; i++ {
				if out[i] == '\\' {
					i++
				}
			}
		case c == '[':
			for i++; i < len(out) && out[i] != ']'; i++ {
				if out[i] == '\\' {
					i++
				}
			}
		case c == '#' || c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		}
	}
	return out
}

// hasTopLevelChoice reports whether body has a "/" outside parentheses,
// literals and classes.
func hasTopLevelChoice(body []byte) bool {
	depth := 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '\'', '"':
			for i++; i < len(body) && body[i] != c; i++ {
				if body[i] == '\\' {
					i++
				}
			}
		case '[':
			for i++; i < len(body) && body[i] != ']'; i++ {
				if body[i] == '\\' {
					i++
				}
			}
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
