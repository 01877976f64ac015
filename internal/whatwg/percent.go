package whatwg

import (
	"strings"
	"unicode/utf8"
)

// An encodeSet is a percent-encode set of the URL Standard ("Percent-encoded bytes"), indexed by byte, 1 for a byte in the
// set: every set holds the C0 controls and every code point above
// U+007E, so every byte of a non-ASCII code point is encoded. It is a
// byteClass, which scan reads.
type encodeSet = byteClass

// A byteClass classes the 256 byte values for a scan: 0 for the bytes a
// state reads past without a look (those it copies as they are), another
// value for those it stops at.
type byteClass [256]uint8

// scan returns the offset of the first byte of s from i on whose class is
// not 0, or len(s). It looks at four bytes a round, ORing their classes,
// so that a run of ordinary bytes costs a few instructions a byte.
func scan(s string, i int, class *byteClass) int {
	for ; i+4 <= len(s); i += 4 {
		b := s[i : i+4]
		if class[b[0]]|class[b[1]]|class[b[2]]|class[b[3]] != 0 {
			break
		}
	}
	for ; i < len(s) && class[s[i]] == 0; i++ {
	}
	return i
}

// The URL Standard's percent-encode sets.
var (
	c0Set, fragmentSet, querySet, specialQuerySet, pathSet, userinfoSet, componentSet, formSet encodeSet

	// anyComponentSet holds the sets of the path, query and fragment.
	anyComponentSet encodeSet
)

// The sets are made by a variable's initializer, which runs before every
// init function of the package.
var _ = initSets()

func initSets() bool {
	for c := 0; c < 256; c++ {
		if c < 0x20 || c > 0x7e {
			c0Set[c] = 1
		}
	}
	fragmentSet = with(c0Set, " \"<>`")
	querySet = with(c0Set, " \"#<>")
	specialQuerySet = with(querySet, "'")
	pathSet = with(querySet, "?^`{}")
	userinfoSet = with(pathSet, "/:;=@[\\]|")
	componentSet = with(userinfoSet, "$%&+,")
	formSet = with(componentSet, "!'()~")
	anyComponentSet = with(pathSet, "'")
	return true
}

func with(s encodeSet, add string) encodeSet {
	for i := 0; i < len(add); i++ {
		s[add[i]] = 1
	}
	return s
}

const upperHex = "0123456789ABCDEF"

// appendEncoded appends s to b, UTF-8 percent-encoded with set (URL
// Standard, "UTF-8 percent-encode"). A byte of s that is not part of valid
// UTF-8 is read as U+FFFD, which the URL Standard's input, a string of
// scalar values, would hold in its place.
func appendEncoded(b []byte, s string, set *encodeSet) []byte {
	for i := 0; i < len(s); {
		j := scan(s, i, set)
		b = append(grow(b, j-i), s[i:j]...)
		if j == len(s) {
			break
		}
		b = grow(b, 9)
		c := s[j]
		if c < utf8.RuneSelf {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
			i = j + 1
			continue
		}
		r, n := utf8.DecodeRuneInString(s[j:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, "%EF%BF%BD"...)
		} else {
			for k := j; k < j+n; k++ {
				b = append(b, '%', upperHex[s[k]>>4], upperHex[s[k]&15])
			}
		}
		i = j + n
	}
	return b
}

// grow returns b with room for n more bytes, doubling its capacity when
// it must grow, so that the bytes a long href allocates stay within twice
// its length (append grows large slices by a quarter).
func grow(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make([]byte, len(b), max(2*cap(b), len(b)+n))
	copy(nb, b)
	return nb
}

// isURLCodePoint reports whether r is a URL code point (URL Standard,
// "URL writing"): ASCII alphanumerics, !$&'()*+,-./:;=?@_~, and the code
// points from U+00A0 to U+10FFFD but surrogates and noncharacters.
func isURLCodePoint(r rune) bool {
	if r < 0x80 {
		return urlASCII[r]
	}
	if r < 0xa0 || r > 0x10fffd || 0xd800 <= r && r <= 0xdfff {
		return false
	}
	if 0xfdd0 <= r && r <= 0xfdef || r&0xfffe == 0xfffe {
		return false // noncharacter
	}
	return true
}

var urlASCII [128]bool

func init() {
	for c := 0; c < 128; c++ {
		urlASCII[c] = isAlpha(byte(c)) || isDigit(byte(c))
	}
	for _, c := range "!$&'()*+,-./:;=?@_~" {
		urlASCII[c] = true
	}
	for c := range 256 {
		if c >= utf8.RuneSelf || !urlASCII[c] {
			urlUnitClass[c] = 1
		}
	}
}

// AppendForm appends s serialized as the URL Standard's
// application/x-www-form-urlencoded serializer writes a name or a value
// ("application/x-www-form-urlencoded serializing", steps 3.2-3.3: UTF-8 percent-encode with the
// application/x-www-form-urlencoded percent-encode set, space as "+").
func AppendForm(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], ' ')
		if j < 0 {
			return appendEncoded(b, s[i:], &formSet)
		}
		b = appendEncoded(b, s[i:i+j], &formSet)
		b = append(b, '+')
		i += j + 1
	}
	return b
}

// PercentDecode is the URL Standard's "percent-decode" of s: "%" and two
// hex digits become the byte; every other byte is kept.
func PercentDecode(s string) string { return percentDecode(s) }

// UTF8Decode is the Encoding Standard's "UTF-8 decode without BOM" of the
// bytes of s: each maximal subpart of an ill-formed sequence (the bytes
// the UTF-8 decoder reads before it returns error) becomes one U+FFFD, so
// "\xE2\x82" gives one and "\xFF\xFF" two, as browsers and Node decode
// (Unicode §3.9, "U+FFFD Substitution of Maximal Subparts"). A leading
// byte order mark is kept.
func UTF8Decode(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+len(s)/2)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			b = append(b, s[i:i+n]...)
			i += n
			continue
		}
		b = append(b, "\uFFFD"...)
		i += maximalSubpart(s[i:])
	}
	return string(b)
}

// maximalSubpart returns the length of the ill-formed sequence at the
// start of s as the Encoding Standard's UTF-8 decoder reads it: a byte
// that begins no sequence, or a lead byte and the continuation bytes in
// its range that follow it (fewer than it needs).
func maximalSubpart(s string) int {
	// The UTF-8 decoder's steps: bytes needed, and the lower and upper
	// boundaries of the first continuation byte.
	var need int
	lower, upper := byte(0x80), byte(0xBF)
	switch c := s[0]; {
	case 0xC2 <= c && c <= 0xDF:
		need = 1
	case 0xE0 <= c && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lower = 0xA0
		} else if c == 0xED {
			upper = 0x9F
		}
	case 0xF0 <= c && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lower = 0x90
		} else if c == 0xF4 {
			upper = 0x8F
		}
	default:
		return 1
	}
	n := 1
	for n <= need && n < len(s) && lower <= s[n] && s[n] <= upper {
		n++
		lower, upper = 0x80, 0xBF
	}
	return n
}
