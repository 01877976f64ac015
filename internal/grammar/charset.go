package grammar

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxCodePoint is the largest Unicode code point, the upper bound of the
// values an ABNF num-val (RFC 5234 §2.3) or a PEG escape may have here:
// grammars such as RFC 3987 §2.2 use ranges up to %x10FFFD.
const MaxCodePoint = unicode.MaxRune

// A CharRange is the code points Lo to Hi, both included (RFC 5234 §3.4
// value range).
type CharRange struct{ Lo, Hi rune }

// CharSet is a set of Unicode code points: the language of a character
// class, or of an ABNF rule whose strings are all one character long (RFC
// 5234 §3.4; RFC 3987 §2.2 ranges such as %xA0-D7FF). An element matches
// the UTF-8 encoding of its code point; a code point below 0x80 is one
// byte. The zero value is the empty set. A CharSet is a value: its methods
// never modify a set that another CharSet shares.
type CharSet struct {
	r []CharRange // sorted, disjoint, not adjacent
}

// Chars returns the set of the code points of the ranges lo1, hi1, lo2,
// hi2, ... (RFC 5234 §3.4). It panics on an odd number of bounds.
func Chars(bounds ...rune) CharSet {
	if len(bounds)%2 != 0 {
		panic("grammar.Chars: odd number of bounds")
	}
	var s CharSet
	for i := 0; i < len(bounds); i += 2 {
		s = s.With(bounds[i], bounds[i+1])
	}
	return s
}

// With returns s with the code points lo to hi added (RFC 5234 §3.4 value
// range). An empty range (hi < lo) adds nothing.
func (s CharSet) With(lo, hi rune) CharSet {
	if hi < lo {
		return s
	}
	return s.Union(CharSet{r: []CharRange{{lo, hi}}})
}

// Has reports whether the code point c is in s (RFC 5234 §3.4).
func (s CharSet) Has(c rune) bool {
	_, found := slices.BinarySearchFunc(s.r, c, func(r CharRange, c rune) int {
		switch {
		case r.Hi < c:
			return -1
		case r.Lo > c:
			return 1
		}
		return 0
	})
	return found
}

// Union returns the code points in s or t (RFC 5234 §3.2 of single
// characters).
func (s CharSet) Union(t CharSet) CharSet {
	if len(t.r) == 0 {
		return s
	}
	if len(s.r) == 0 {
		return t
	}
	all := make([]CharRange, 0, len(s.r)+len(t.r))
	all = append(append(all, s.r...), t.r...)
	slices.SortFunc(all, func(a, b CharRange) int { return int(a.Lo) - int(b.Lo) })
	out := []CharRange{all[0]}
	for _, r := range all[1:] {
		last := &out[len(out)-1]
		if int(r.Lo) <= int(last.Hi)+1 {
			last.Hi = max(last.Hi, r.Hi)
			continue
		}
		out = append(out, r)
	}
	return CharSet{r: out}
}

// Ranges returns the maximal ranges of s in increasing order (RFC 5234
// §3.4).
func (s CharSet) Ranges() []CharRange { return slices.Clone(s.r) }

// Len returns the number of code points in s (RFC 5234 §3.4).
func (s CharSet) Len() int {
	n := 0
	for _, r := range s.r {
		n += int(r.Hi-r.Lo) + 1
	}
	return n
}

// Nth returns the k-th code point of s in increasing order, k from 0 to
// Len()-1 (RFC 5234 §3.4).
func (s CharSet) Nth(k int) rune {
	for _, r := range s.r {
		n := int(r.Hi-r.Lo) + 1
		if k < n {
			return r.Lo + rune(k)
		}
		k -= n
	}
	panic("grammar.CharSet.Nth: index out of range")
}

// Equal reports whether s and t have the same code points (RFC 5234 §3.4).
func (s CharSet) Equal(t CharSet) bool { return slices.Equal(s.r, t.r) }

// isAll reports whether s is every code point, the language of a PEG ".".
func (s CharSet) isAll() bool {
	return len(s.r) == 1 && s.r[0] == CharRange{0, MaxCodePoint}
}

// String writes s as a PEG character class of ranges, such as [0-9A-Fa-f]
// or [\0xA0-\0xD7FF] (RFC 5234 §3.4 ranges; RFC 3987 §2.2), or "." for
// every code point.
func (s CharSet) String() string {
	if s.isAll() {
		return "."
	}
	var b strings.Builder
	b.WriteByte('[')
	for _, r := range s.r {
		b.WriteString(classChar(r.Lo))
		if r.Hi > r.Lo {
			if r.Hi > r.Lo+1 {
				b.WriteByte('-')
			}
			b.WriteString(classChar(r.Hi))
		}
	}
	b.WriteByte(']')
	return b.String()
}

func classChar(c rune) string {
	switch {
	case c == '-' || c == ']' || c == '\\' || c == '[':
		return `\` + string(c)
	case c < 0x21 || c > 0x7e:
		return fmt.Sprintf(`\0x%02X`, c)
	}
	return string(c)
}

// FoldChars returns the characters a literal character c matches: c, or
// with fold, the lower and upper case of c as pointlander/peg's
// double-quoted literals do (unicode.ToLower and unicode.ToUpper; for
// ASCII, the case-insensitive strings of RFC 5234 §2.3).
func FoldChars(c rune, fold bool) CharSet {
	if !fold {
		return CharSet{r: []CharRange{{c, c}}}
	}
	lo, up := unicode.ToLower(c), unicode.ToUpper(c)
	return CharSet{}.With(lo, lo).With(up, up)
}

// DecodeChar returns the code point at the start of s and its length in
// bytes, or ok false when s is empty or does not start with valid UTF-8
// (RFC 3629; invalid UTF-8 is in no set).
func DecodeChar(s string) (c rune, size int, ok bool) {
	if s == "" {
		return 0, 0, false
	}
	if s[0] < utf8.RuneSelf {
		return rune(s[0]), 1, true
	}
	c, size = utf8.DecodeRuneInString(s)
	return c, size, size > 1
}
