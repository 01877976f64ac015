// Package octets holds sets of bytes and the percent-encoding of the bytes
// outside a set (RFC 3986 §2.1), and the characters that an IRI keeps
// percent-encoded (RFC 3987 §4.1), shared by package uri and the packages
// built on it (uri/mailto, uri/urn, uri/template).
package octets

import "strings"

// A Set is a set of bytes, one bit each. The zero value is empty.
type Set [8]uint32

// ASCII holds the bytes below 0x80: encoding with it percent-encodes
// exactly the octets of non-ASCII characters, which maps an IRI to a URI
// (RFC 3987 §3.1).
var ASCII = Set{^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0)}

// Add adds b to s.
func (s *Set) Add(b byte) { s[b>>5] |= 1 << (b & 31) }

// Has reports whether b is in s.
func (s *Set) Has(b byte) bool { return s[b>>5]&(1<<(b&31)) != 0 }

// Union returns the bytes of s and of t.
func (s Set) Union(t Set) Set {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

// Without returns s without b.
func (s *Set) Without(b byte) Set { t := *s; t[b>>5] &^= 1 << (b & 31); return t }

// UpperHex are the digits of a percent-encoding, upper-case as RFC 3986
// §2.1 recommends.
const UpperHex = "0123456789ABCDEF"

// Encode percent-encodes the bytes of s that are not in set (RFC 3986
// §2.1), with upper-case hexadecimal digits. It returns s itself when every
// byte is in set.
func Encode(s string, set *Set) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if !set.Has(s[i]) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if set.Has(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(UpperHex[c>>4])
		b.WriteByte(UpperHex[c&15])
	}
	return b.String()
}

// UpperPercent upper-cases the hexadecimal digits of the percent-encodings
// of s (RFC 3986 §2.1, §6.2.2.1), a text that a grammar matched, so that
// every "%" starts a pct-encoded; it changes nothing else. It returns s
// itself when s has no "%".
func UpperPercent(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			for j := i + 1; j <= i+2; j++ {
				if 'a' <= b[j] && b[j] <= 'f' {
					b[j] -= 'a' - 'A'
				}
			}
			i += 2
		}
	}
	return string(b)
}

// IsHex reports whether c is a HEXDIG (RFC 5234 Appendix B.1, either case
// as RFC 3986 §2.1 allows).
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Unhex returns the value of c, a HEXDIG of either case.
func Unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// IRIChar reports whether the character r stands for itself in an IRI
// (RFC 3987 §2.2, §4.1): it is a ucschar, or with private (a query) an
// iprivate, and not a bidirectional formatting character (BidiFormatting),
// which §4.1 keeps percent-encoded. The ranges are those the rules of
// grammar/rfc3987.peg match (tables.go, which uri/gentables.go writes).
func IRIChar(r rune, private bool) bool {
	return (inRanges(ucschar[:], r) || private && inRanges(iprivate[:], r)) && !BidiFormatting(r)
}

// A runeRange is the code points from lo to hi.
type runeRange struct{ lo, hi rune }

// inRanges reports whether r is in one of rs, sorted ranges apart from
// one another.
func inRanges(rs []runeRange, r rune) bool {
	i, j := 0, len(rs)
	for i < j {
		h := int(uint(i+j) >> 1)
		if rs[h].hi < r {
			i = h + 1
		} else {
			j = h
		}
	}
	return i < len(rs) && rs[i].lo <= r
}

// BidiFormatting reports whether r is one of the bidirectional formatting
// characters that RFC 3987 §4.1 forbids in IRIs: LRM, RLM (U+200E, U+200F)
// and LRE, RLE, PDF, LRO, RLO (U+202A to U+202E). They are ucschar (§2.2),
// so the conversions that decode or copy ucschar keep them percent-encoded.
func BidiFormatting(r rune) bool {
	return r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E
}
