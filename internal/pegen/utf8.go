package main

// UTF-8 classes.
//
// The generated parser reads bytes, not runes (see methodsPass in passes.go), so a
// character class over code points >= 0x80, such as RFC 3987's
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / ...
//
// written [\0xA0-\0xD7FF] / ..., cannot be compiled as peg writes it: a
// byte never equals a code point above 0xFF. Before peg runs,
// rewriteUTF8Classes turns every such class into an expression over bytes
// that matches exactly the UTF-8 encodings of the class's code points, one
// code point per match. The valid encodings are those of RFC 3629 §4:
//
//	UTF8-1    = %x00-7F
//	UTF8-2    = %xC2-DF UTF8-tail
//	UTF8-3    = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//	            %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//	UTF8-4    = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//	            %xF4 %x80-8F 2( UTF8-tail )
//	UTF8-tail = %x80-BF
//
// so no overlong form, no surrogate (U+D800-DFFF) and nothing above
// U+10FFFF matches, and invalid UTF-8 fails at the first byte that no valid
// encoding of a code point of the class has there. The expression is built
// from the code points, not from the table: the encodings of a set of code
// points form a tree of bytes (one level per byte), and each node's bytes
// are grouped by the set of suffixes they lead to, so
//
//	[\0x80-\0xD7FF\0xE000-\0x10FFFF]
//
// becomes, in the same terms as the table,
//
//	([\0xC2-\0xDF] [\0x80-\0xBF]
//	 / '\0xE0' [\0xA0-\0xBF] [\0x80-\0xBF]
//	 / [\0xE1-\0xEC\0xEE-\0xEF] [\0x80-\0xBF] [\0x80-\0xBF]
//	 / '\0xED' [\0x80-\0x9F] [\0x80-\0xBF]
//	 / ...)
//
// (on one line). Every choice has the fewest alternatives a choice over
// byte classes can have: one per distinct set of suffixes. The
// alternatives of a choice begin with disjoint sets of bytes, so their
// order does not matter; they are written in the order of their smallest
// first byte, and the output is a function of the set alone. The ASCII
// part of a class comes first, as one ASCII class, which deriveGrammar then
// rewrites like any other.
//
// Only the single-quoted byte literals, byte classes, sequences, choices
// and parentheses of peg's syntax are used. peg reads '\0xC2' as the code
// point U+00C2; the byte edit of peg's output turns it into the byte 0xC2.

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// runeRange is the code points lo through hi.
type runeRange struct{ lo, hi rune }

// byteRange is the bytes lo through hi.
type byteRange struct{ lo, hi byte }

// utf8Node is a state of a byte-level matcher for one code point: the
// bytes still to read. A node without edges has read a whole encoding.
type utf8Node struct{ edges []utf8Edge }

// utf8Edge leads from a node to next on any byte in bytes: disjoint,
// non-adjacent ranges in ascending order.
type utf8Edge struct {
	bytes []byteRange
	next  *utf8Node
}

// utf8Class returns a parenthesized PEG expression over bytes that matches
// exactly the UTF-8 encodings of the code points in ranges (in any order,
// possibly overlapping), one code point per match: the code points below
// 0x80 as one ASCII class, first, then the longer encodings (see the top of
// this file). It fails if a range is empty (lo > hi), reaches a surrogate
// or lies outside 0 through 0x10FFFF, or if ranges is empty.
func utf8Class(ranges []runeRange) (string, error) {
	root, err := utf8Tree(ranges)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteByte('(')
	for i, e := range root.edges {
		if i > 0 {
			b.WriteString(" / ")
		}
		if len(e.next.edges) == 0 { // UTF8-1: the ASCII part
			writeASCIIClass(&b, e.bytes)
			continue
		}
		writeEdge(&b, e)
	}
	b.WriteByte(')')
	return b.String(), nil
}

// utf8Tree returns the root of the matcher of the encodings of ranges.
// Nodes with the same bytes to read are shared.
func utf8Tree(ranges []runeRange) (*utf8Node, error) {
	set, err := normalizeRanges(ranges)
	if err != nil {
		return nil, err
	}
	b := treeBuilder{memo: map[string]*utf8Node{}}
	var children []child
	for _, f := range utf8Forms {
		in := clip(set, f.min, f.max, 0)
		if len(in) == 0 {
			continue
		}
		size := rune(1) << (6 * f.tails)
		for i := rune(0); i <= f.max/size; i++ {
			if sub := clip(in, i*size, i*size+size-1, i*size); len(sub) > 0 {
				children = append(children, child{f.lead | byte(i), b.node(sub, f.tails)})
			}
		}
	}
	return &utf8Node{edges: group(children)}, nil
}

// utf8Forms are the encoding forms of RFC 3629 §3: the code points each
// encodes, the bits of its first byte that are not code point bits, and
// the number of continuation bytes (10xxxxxx) that follow it.
var utf8Forms = []struct {
	min, max rune
	lead     byte
	tails    int
}{
	{0, 0x7F, 0x00, 0},
	{0x80, 0x7FF, 0xC0, 1},
	{0x800, 0xFFFF, 0xE0, 2},
	{0x10000, 0x10FFFF, 0xF0, 3},
}

type treeBuilder struct{ memo map[string]*utf8Node }

// child is the node reached on one byte.
type child struct {
	b    byte
	next *utf8Node
}

// node returns the node that reads the last k bytes of the encodings of
// the code points set, which are offsets within a block of 64^k code points
// that share their leading bytes.
func (t *treeBuilder) node(set []runeRange, k int) *utf8Node {
	key := fmt.Sprint(k, set)
	if n, ok := t.memo[key]; ok {
		return n
	}
	n := &utf8Node{}
	if k > 0 {
		size := rune(1) << (6 * (k - 1))
		var children []child
		for j := rune(0); j < 64; j++ {
			if sub := clip(set, j*size, j*size+size-1, j*size); len(sub) > 0 {
				children = append(children, child{0x80 | byte(j), t.node(sub, k-1)})
			}
		}
		n.edges = group(children)
	}
	t.memo[key] = n
	return n
}

// group makes one edge per distinct node in children, which are in byte
// order, ordered by its smallest byte.
func group(children []child) []utf8Edge {
	var edges []utf8Edge
	index := map[*utf8Node]int{}
	for _, c := range children {
		i, ok := index[c.next]
		if !ok {
			i = len(edges)
			index[c.next] = i
			edges = append(edges, utf8Edge{next: c.next})
		}
		e := &edges[i]
		if n := len(e.bytes); n > 0 && e.bytes[n-1].hi+1 == c.b {
			e.bytes[n-1].hi = c.b
		} else {
			e.bytes = append(e.bytes, byteRange{c.b, c.b})
		}
	}
	return edges
}

// clip returns the parts of set, sorted and disjoint, within lo through
// hi, minus base.
func clip(set []runeRange, lo, hi, base rune) []runeRange {
	var out []runeRange
	for _, r := range set {
		a, b := max(r.lo, lo), min(r.hi, hi)
		if a <= b {
			out = append(out, runeRange{a - base, b - base})
		}
	}
	return out
}

// normalizeRanges checks ranges and returns them sorted, with overlapping
// and adjacent ranges merged.
func normalizeRanges(ranges []runeRange) ([]runeRange, error) {
	if len(ranges) == 0 {
		return nil, errors.New("no code points")
	}
	set := make([]runeRange, 0, len(ranges))
	for _, r := range ranges {
		switch {
		case r.lo > r.hi:
			return nil, fmt.Errorf("empty range %s", formatRange(r))
		case r.lo < 0 || r.hi > utf8.MaxRune:
			return nil, fmt.Errorf("range %s is not within U+0000-U+10FFFF", formatRange(r))
		case r.lo <= 0xDFFF && r.hi >= 0xD800:
			// RFC 3629 §3: surrogates have no UTF-8 encoding.
			return nil, fmt.Errorf("range %s has surrogates (U+D800-U+DFFF)", formatRange(r))
		}
		set = append(set, r)
	}
	sort.Slice(set, func(i, j int) bool { return set[i].lo < set[j].lo })
	out := set[:1]
	for _, r := range set[1:] {
		if last := &out[len(out)-1]; r.lo <= last.hi+1 {
			last.hi = max(last.hi, r.hi)
		} else {
			out = append(out, r)
		}
	}
	return out, nil
}

func formatRange(r runeRange) string {
	if r.lo == r.hi {
		return fmt.Sprintf("%#x", r.lo)
	}
	return fmt.Sprintf("%#x-%#x", r.lo, r.hi)
}

// writeEdge writes e's bytes, then what follows them.
func writeEdge(b *strings.Builder, e utf8Edge) {
	if len(e.bytes) == 1 && e.bytes[0].lo == e.bytes[0].hi {
		fmt.Fprintf(b, `'\0x%02X'`, e.bytes[0].lo)
	} else {
		b.WriteByte('[')
		for _, r := range e.bytes {
			fmt.Fprintf(b, `\0x%02X`, r.lo)
			if r.hi > r.lo {
				fmt.Fprintf(b, `-\0x%02X`, r.hi)
			}
		}
		b.WriteByte(']')
	}
	switch n := e.next; len(n.edges) {
	case 0:
	case 1:
		b.WriteByte(' ')
		writeEdge(b, n.edges[0])
	default:
		b.WriteString(" (")
		for i, e := range n.edges {
			if i > 0 {
				b.WriteString(" / ")
			}
			writeEdge(b, e)
		}
		b.WriteByte(')')
	}
}

// writeASCIIClass writes the ASCII bytes rs as a class that deriveGrammar
// can read: printable characters as they are, \n, \t and \r named, other
// control characters as three octal digits (a hex escape would take the
// hex digits that follow it).
func writeASCIIClass(b *strings.Builder, rs []byteRange) {
	char := func(c byte) {
		switch {
		case c == '\\' || c == '-' || c == ']' || c == '[':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < ' ' || c == 0x7F:
			fmt.Fprintf(b, `\%03o`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('[')
	for _, r := range rs {
		char(r.lo)
		if r.hi > r.lo {
			b.WriteByte('-')
			char(r.hi)
		}
	}
	b.WriteByte(']')
}

// rewriteUTF8Classes returns src, a grammar, with every character class
// that holds a code point >= 0x80 replaced by utf8Class of its ranges.
// Every other class, comments, literals and actions are copied as they
// are. It fails on a class that peg would not read, and on a class with a
// code point >= 0x80 that it cannot rewrite exactly: a negated class
// ([^...]) or a case-insensitive one ([[...]]), an empty range, or a code
// point that is a surrogate, above U+10FFFF, or an octal escape above \177
// (which peg reads as \177).
func rewriteUTF8Classes(src []byte) ([]byte, error) {
	var out bytes.Buffer
	for i := 0; i < len(src); {
		j, text, err := pegToken(src, i)
		if err != nil {
			return nil, err
		}
		if text != "" {
			out.WriteString(text)
		} else {
			out.Write(src[i:j])
		}
		i = j
	}
	return out.Bytes(), nil
}

// pegToken reads the token of a grammar at src[i:]: a comment, a literal,
// an action, a class or any other byte. It returns the index after it,
// and for a class with a code point >= 0x80 its rewrite.
func pegToken(src []byte, i int) (int, string, error) {
	switch c := src[i]; {
	case isCommentStart(src, i):
		return commentEnd(src, i), "", nil
	case c == '\'' || c == '"':
		return literalEnd(src, i)
	case c == '{':
		return actionEnd(src, i)
	case c == '[':
		return utf8ClassAt(src, i)
	}
	return i + 1, "", nil
}

// isCommentStart reports whether a comment, # or //, starts at src[i].
func isCommentStart(src []byte, i int) bool {
	return src[i] == '#' || src[i] == '/' && i+1 < len(src) && src[i+1] == '/'
}

// commentEnd returns the index of the end of the line at src[i:].
func commentEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// literalEnd returns the index after the quoted literal at src[i].
func literalEnd(src []byte, i int) (int, string, error) {
	start, c := i, src[i]
	for i++; i < len(src) && src[i] != c; i++ {
		if src[i] == '\\' {
			i++
		}
	}
	if i >= len(src) {
		return 0, "", fmt.Errorf("unterminated literal at byte %d", start)
	}
	return i + 1, "", nil
}

// actionEnd returns the index after peg's Action at src[i]: braces nest,
// nothing else counts.
func actionEnd(src []byte, i int) (int, string, error) {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j + 1, "", nil
			}
		}
	}
	return 0, "", fmt.Errorf("unterminated action at byte %d", i)
}

// utf8ClassAt reads the class at src[i] and returns the index after it
// and, if it holds a code point >= 0x80, its rewrite.
func utf8ClassAt(src []byte, i int) (int, string, error) {
	cl, err := readPegClass(src[i:])
	if err != nil {
		return 0, "", fmt.Errorf("class at byte %d: %v", i, err)
	}
	if !cl.nonASCII() {
		return i + cl.n, "", nil
	}
	text, err := cl.utf8()
	if err != nil {
		return 0, "", fmt.Errorf("class at byte %d: %v", i, err)
	}
	return i + cl.n, text, nil
}

// pegClass is a class as peg v1.0.1 reads it (Class in its peg.peg).
type pegClass struct {
	ranges  []runeRange // as written: lo > hi is a range that matches nothing
	negated bool        // [^...]
	double  bool        // [[...]]: case-insensitive
	n       int         // length in the source
}

func (c pegClass) nonASCII() bool {
	for _, r := range c.ranges {
		if r.lo >= 0x80 || r.hi >= 0x80 {
			return true
		}
	}
	return false
}

// utf8 returns the rewrite of a class with a code point >= 0x80.
func (c pegClass) utf8() (string, error) {
	switch {
	case c.negated:
		return "", errors.New("a negated class with a code point >= 0x80")
	case c.double:
		return "", errors.New("a case-insensitive class with a code point >= 0x80")
	}
	return utf8Class(c.ranges)
}

// readPegClass reads the class at the start of s as peg does:
//
//	Class  <- ( '[[' ( '^' DoubleRanges / DoubleRanges )? ']]'
//	          / '[' ( '^' Ranges / Ranges )? ']' )
//	Ranges <- !']' Range (!']' Range)*
//	Range  <- Char '-' Char / Char
//
// and DoubleRanges alike with ']]'. In [[...]] a letter stands for both
// cases; the ranges read here are the characters as written.
func readPegClass(s []byte) (pegClass, error) {
	if len(s) == 0 || s[0] != '[' {
		return pegClass{}, errors.New("not a class")
	}
	if len(s) > 1 && s[1] == '[' {
		if c, err := readRanges(s, 2, "]]"); err == nil {
			c.double = true
			return c, nil
		}
	}
	return readRanges(s, 1, "]")
}

func readRanges(s []byte, i int, end string) (pegClass, error) {
	var c pegClass
	// '^' Ranges, where Ranges needs one Range: "[^]" is the class "^".
	if i+1 < len(s) && s[i] == '^' && !bytes.HasPrefix(s[i+1:], []byte(end)) {
		c.negated = true
		i++
	}
	for {
		if i >= len(s) {
			return c, errors.New("unterminated")
		}
		if bytes.HasPrefix(s[i:], []byte(end)) {
			c.n = i + len(end)
			return c, nil
		}
		lo, j, err := readPegChar(s, i)
		if err != nil {
			return c, err
		}
		r := runeRange{lo, lo}
		if j < len(s) && s[j] == '-' {
			// On failure peg backtracks and reads '-' as the next Char.
			if hi, k, err := readPegChar(s, j+1); err == nil {
				r.hi, j = hi, k
			}
		}
		c.ranges = append(c.ranges, r)
		i = j
	}
}

// readPegChar reads peg's Char at s[i:] and returns its code point and
// the index after it:
//
//	Char   <- Escape / !'\\' .
//	Escape <- "\\a" / "\\b" / "\\e" / "\\f" / "\\n" / "\\r" / "\\t" / "\\v"
//	        / "\\'" / '\\"' / '\\[' / '\\]' / '\\-'
//	        / '\\' "0x" [0-9a-fA-F]+ / '\\' [0-3][0-7][0-7] / '\\' [0-7][0-7]?
//	        / '\\\\'
//
// Double-quoted literals are case-insensitive, so \A is \a and \0X41 is
// \0x41. peg parses a hex escape into an int32 and an octal one into an
// int8, and makes a rune of it: values it would change (a surrogate or
// more than 0x10FFFF becomes U+FFFD, an octal escape above \177 becomes
// \177) are refused.
func readPegChar(s []byte, i int) (rune, int, error) {
	if i >= len(s) {
		return 0, i, errors.New("unterminated")
	}
	if s[i] != '\\' {
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n == 1 {
			return 0, i, errors.New("invalid UTF-8")
		}
		return r, i + n, nil
	}
	if i+1 >= len(s) {
		return 0, i, errors.New("unterminated escape")
	}
	e := s[i+1]
	if r, ok := pegEscapes[e|0x20]; ok {
		return r, i + 2, nil
	}
	if strings.IndexByte(`'"[]-\`, e) >= 0 {
		return rune(e), i + 2, nil
	}
	return readNumericEscape(s, i)
}

// pegEscapes are peg's escapes of one letter, in lower case.
var pegEscapes = map[byte]rune{
	'a': '\a', 'b': '\b', 'e': 0x1B, 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v',
}

// readNumericEscape reads a hex or octal escape at s[i:] (see readPegChar).
func readNumericEscape(s []byte, i int) (rune, int, error) {
	e := s[i+1]
	switch {
	case e == '0' && i+3 < len(s) && s[i+2]|0x20 == 'x' && isHex(s[i+3]):
		return readHexEscape(s, i)
	case '0' <= e && e <= '3' && isOctalAt(s, i+2) && isOctalAt(s, i+3):
		v, _ := strconv.ParseUint(string(s[i+1:i+4]), 8, 8)
		if v > 0o177 {
			return 0, i, fmt.Errorf(`escape %s: peg reads octal escapes above \177 as \177`, s[i:i+4])
		}
		return rune(v), i + 4, nil
	case isOctalAt(s, i+1):
		j := i + 2
		if isOctalAt(s, j) {
			j++
		}
		v, _ := strconv.ParseUint(string(s[i+1:j]), 8, 8)
		return rune(v), j, nil
	}
	return 0, i, fmt.Errorf("unknown escape %q", s[i:i+2])
}

// readHexEscape reads the escape \0xH... at s[i:].
func readHexEscape(s []byte, i int) (rune, int, error) {
	j := i + 3
	for j < len(s) && isHex(s[j]) {
		j++
	}
	v, err := strconv.ParseUint(string(s[i+3:j]), 16, 32)
	if err != nil || v > utf8.MaxRune {
		return 0, i, fmt.Errorf("escape %s is above U+10FFFF", s[i:j])
	}
	if 0xD800 <= v && v <= 0xDFFF {
		return 0, i, fmt.Errorf("escape %s is a surrogate", s[i:j])
	}
	return rune(v), j, nil
}

func isOctalAt(s []byte, k int) bool { return k < len(s) && '0' <= s[k] && s[k] <= '7' }

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}
