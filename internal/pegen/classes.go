package main

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// deriveGrammar returns the grammar that peg is run on: src with every
// single-bracket character class rewritten as the fewest ASCII ranges, the
// widest first. pointlander/peg compiles a class into one alternative per
// character or range, each saving and restoring the parser's position, so
// [a-zA-Z0-9\-._~!$&'()*+,;=:@/?] costs up to 23 tests a byte while the
// same set as [?-Z] / [a-z] / [&-;] / ... costs at most 8. The set of bytes
// is unchanged (the tests of gen/rfc3986 check every class byte by byte);
// comments, literals and everything else are copied as they are, so the
// checked-in grammar keeps the form that reads like the RFC.
func deriveGrammar(src []byte) ([]byte, error) {
	var out bytes.Buffer
	for i := 0; i < len(src); {
		c := src[i]
		switch {
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
