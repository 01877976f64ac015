// Package idna is the engine of package uri/idna: UTS #46 (Unicode IDNA
// Compatibility Processing) and the URL Standard's "domain to ASCII" and
// "domain to Unicode", over the IDNA Mapping Table and character
// properties of internal/ucd and the NFC of internal/norm, with Punycode
// in internal/idna/punycode. It sits beside those tables so that
// internal/whatwg reads hosts without importing a package of the
// library's API; uri/idna re-exports it, and its documentation is there.
package idna

import (
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ucd"
)

// UnicodeVersion is the version of Unicode (and of UTS #46) of the IDNA
// Mapping Table, the character properties and the normalization used.
const UnicodeVersion = ucd.Version

// A Profile is a set of the flags of UTS #46 §4 (Processing). The zero
// Profile has every flag false.
type Profile struct {
	// CheckHyphens: a label must not begin or end with "-" nor have
	// "-" in its third and fourth positions (UTS #46 §4.1 criteria 2
	// and 3); without it, a label must not begin with "xn--" (criterion 4).
	CheckHyphens bool
	// CheckBidi: each label of a Bidi domain name must satisfy the Bidi
	// rule of RFC 5893 §2 (UTS #46 §4.1 criterion 9).
	CheckBidi bool
	// CheckJoiners: each U+200C and U+200D must satisfy its CONTEXTJ rule
	// of RFC 5892 Appendix A (UTS #46 §4.1 criterion 8).
	CheckJoiners bool
	// UseSTD3ASCIIRules: the only ASCII code points allowed in a label
	// are a-z, 0-9 and "-" (UTS #46 §4.1 criterion 7).
	UseSTD3ASCIIRules bool
	// TransitionalProcessing: the deviation characters (ß, ς, U+200C,
	// U+200D) are mapped (UTS #46 §4 step 1); deprecated by UTS #46.
	TransitionalProcessing bool
	// VerifyDNSLength: ToASCII fails on an empty name or label, a name
	// longer than 253 or a label longer than 63 (UTS #46 §4.2 step 4).
	VerifyDNSLength bool
	// IgnoreInvalidPunycode: an "xn--" label that is not valid Punycode
	// is kept as it is, unchecked, instead of being an error (UTS #46 §4
	// step 4.1.2).
	IgnoreInvalidPunycode bool
}

var (
	// Browser is the profile of the URL Standard's domain to ASCII and
	// domain to Unicode with beStrict false (URL Standard, IDNA, step 1):
	// CheckBidi and CheckJoiners only. The package-level ToASCII adds that
	// algorithm's step 3.
	Browser = Profile{CheckBidi: true, CheckJoiners: true}
	// Strict is the profile of the URL Standard's domain to ASCII and
	// domain to Unicode with beStrict true: every flag but
	// TransitionalProcessing and IgnoreInvalidPunycode.
	Strict = Profile{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}
)

// ToASCII is the URL Standard's "domain to ASCII" with beStrict false, as
// the URL Standard has it since June 2026 (whatwg/url#914: ASCII domains
// are lower-cased whatever UTS #46 says of them, for web compatibility):
//
//   - an ASCII name is lower-cased; UTS #46's validity criteria, and its
//     decoding of "xn--" labels, play no part;
//   - any other name goes through UTS #46 ToASCII with the Browser profile
//     (CheckBidi and CheckJoiners), and fails if that records an error or
//     returns the empty string (CodeEmpty: a name of ignored code points,
//     such as a lone U+00AD SOFT HYPHEN, is no host);
//
// and either fails if the result has a forbidden domain code point
// (CodeForbidden). A lower-case ASCII name costs one scan and no
// allocation.
func ToASCII(name string) (string, error) {
	upper, forbidden, ascii := scanASCII(name)
	switch {
	case !ascii:
		if s, ok := browserFast(name); ok {
			return s, nil
		}
		return browserToASCII(name)
	case forbidden >= 0:
		if upper {
			name = lowerASCII(name) // the error shows the label lower-cased
		}
		return "", forbiddenError(name, forbidden)
	case upper:
		return lowerASCII(name), nil
	}
	return name, nil
}

// browserToASCII is ToASCII of a name that is not all ASCII, by the
// general path: UTS #46 ToASCII with the Browser profile, then the
// URL Standard's checks of its result.
func browserToASCII(name string) (string, error) {
	s, errs := Browser.toASCIISlow(name)
	if len(errs.errs) > 0 {
		return "", errs.err()
	}
	// Domain parser step 6: "If result is the empty string, then return
	// failure."
	if s == "" {
		errs.add(CodeEmpty, 0, 0, "")
		return "", errs.err()
	}
	// Step 7: "If result contains a forbidden domain code point, then
	// return failure."
	if i := forbiddenDomainCodePoint(s); i >= 0 {
		return "", forbiddenError(s, i)
	}
	return s, nil
}

// forbiddenError is the CodeForbidden error of the forbidden domain code
// point at s[i], in its label.
func forbiddenError(s string, i int) error {
	var errs errorList
	errs.add(CodeForbidden, strings.Count(s[:i], "."), i, s[strings.LastIndexByte(s[:i], '.')+1:])
	return errs.err()
}

// scanASCII reads name once: whether it has an upper-case ASCII letter,
// the index of its first forbidden domain code point (or -1), and whether
// it is all ASCII (if not, the first two are of the part before the first
// non-ASCII byte).
func scanASCII(name string) (upper bool, forbidden int, ascii bool) {
	forbidden = -1
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= utf8.RuneSelf:
			return upper, forbidden, false
		case 'A' <= c && c <= 'Z':
			upper = true
		case forbiddenDomain.has(c) && forbidden < 0:
			forbidden = i
		}
	}
	return upper, forbidden, true
}

// lowerASCII returns s, an ASCII string with an upper-case letter, with
// A-Z lower-cased.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// ToUnicode is the URL Standard's "domain to Unicode" with beStrict false
// (URL Standard, IDNA): UTS #46 ToUnicode with the Browser profile. It
// returns its result even with an error, whose codes are the validation
// errors the URL Standard signifies.
func ToUnicode(name string) (string, error) {
	return Browser.ToUnicode(name)
}

// ToASCII is UTS #46 §4.2 ToASCII with the flags of p: the name in
// A-labels, or "" and an *Error if any error was recorded.
func (p Profile) ToASCII(name string) (string, error) {
	s, errs := p.toASCII(name)
	if len(errs.errs) > 0 {
		return "", errs.err()
	}
	return s, nil
}

// ToUnicode is UTS #46 §4.3 ToUnicode with the flags of p
// (VerifyDNSLength plays no part): the name in U-labels, and an *Error if
// any error was recorded, along with the result, as §4.3 says.
func (p Profile) ToUnicode(name string) (string, error) {
	s, errs := p.toUnicode(name)
	return s, errs.err()
}

// forbiddenDomainCodePoint returns the index of the first forbidden domain
// code point of s (URL Standard, hosts: a forbidden host code point, a C0
// control, "%" or U+007F), or -1.
func forbiddenDomainCodePoint(s string) int {
	for i := 0; i < len(s); i++ {
		if forbiddenDomain.has(s[i]) {
			return i
		}
	}
	return -1
}

// forbiddenDomain holds the forbidden domain code points (URL Standard,
// hosts): U+0000-U+001F, U+0020 SPACE, "#", "%", "/", ":", "<", ">", "?",
// "@", "[", "\", "]", "^", "|" and U+007F DELETE.
var forbiddenDomain = asciiSet{
	1<<0x21 - 1 | 1<<'#' | 1<<'%' | 1<<'/' | 1<<':' | 1<<'<' | 1<<'>' | 1<<'?',
	1<<('@'-64) | 1<<('['-64) | 1<<('\\'-64) | 1<<(']'-64) | 1<<('^'-64) | 1<<('|'-64) | 1<<(0x7f-64),
}

// An asciiSet is a set of ASCII bytes, c in word c>>6 at bit c&63: a
// constant, so that the package computes nothing when it is loaded.
type asciiSet [2]uint64

// has reports whether c is in s; a byte >= 0x80 never is.
func (s *asciiSet) has(c byte) bool { return c < utf8.RuneSelf && s[c>>6]&(1<<(c&63)) != 0 }
