// Package idna converts internationalized domain names between their
// Unicode and ASCII forms as UTS #46 (Unicode IDNA Compatibility
// Processing, revision 35, Unicode 17.0.0) defines, and as the WHATWG URL
// Standard's "domain to ASCII" and "domain to Unicode" use it.
//
// ToASCII and ToUnicode are those two algorithms with beStrict false: what
// a browser does with the host of a URL. Strict is beStrict true. A Profile
// sets each flag of UTS #46 §4 for other uses (its ToASCII and ToUnicode
// are UTS #46 §4.2 and §4.3 alone).
//
// The IDNA Mapping Table and the character properties are generated from
// Unicode's data files by internal/ucdgen; normalization is internal/norm's
// NFC at the same version (UnicodeVersion). The package passes every line
// of Unicode's IdnaTestV2.txt (all three columns, each status code) and
// web-platform-tests' IdnaTestV2.json.
//
// # Errors
//
// Every failure is an *Error listing the status codes UTS #46 records
// (LabelError: the code, the label's number, its offset in the input and
// its text). ToASCII returns "" with it; ToUnicode returns its result with
// it, as UTS #46 §4.3 says.
//
// # Limits and cost
//
// Every operation takes time linear in the length of the name, but
// Punycode: it converts a label of up to 256 code points with RFC 3492's
// steps as written (quadratic, bounded by 256 times the label), and a
// longer one in time O(n log n), so that no label is refused for its
// length (UTS #46 sets no limit where VerifyDnsLength is false; RFC 1035
// allows 63 octets in a DNS label, which Strict checks). Memory is linear
// in the name. An Error keeps at most MaxErrors LabelErrors (and one of
// each other code).
//
// An all-ASCII name of lower-case letters, digits, "-" and "." that needs
// no change costs one scan and no allocation. ToASCII converts a usual
// valid Unicode name (no "xn--" label, no joiner, already in NFC once
// mapped) in one pass over it and one over its labels, with one
// allocation: the result.
package idna

import (
	ii "github.com/specuri/specuri/internal/idna"
)

// UnicodeVersion is the version of Unicode (and of UTS #46) of the IDNA
// Mapping Table, the character properties and the normalization used.
const UnicodeVersion = ii.UnicodeVersion

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
func ToASCII(name string) (string, error) { return ii.ToASCII(name) }

// ToUnicode is the URL Standard's "domain to Unicode" with beStrict false
// (URL Standard, IDNA): UTS #46 ToUnicode with the Browser profile. It
// returns its result even with an error, whose codes are the validation
// errors the URL Standard signifies.
func ToUnicode(name string) (string, error) { return ii.ToUnicode(name) }

// ToASCII is UTS #46 §4.2 ToASCII with the flags of p: the name in
// A-labels, or "" and an *Error if any error was recorded.
func (p Profile) ToASCII(name string) (string, error) { return ii.Profile(p).ToASCII(name) }

// ToUnicode is UTS #46 §4.3 ToUnicode with the flags of p
// (VerifyDNSLength plays no part): the name in U-labels, and an *Error if
// any error was recorded, along with the result, as §4.3 says.
func (p Profile) ToUnicode(name string) (string, error) { return ii.Profile(p).ToUnicode(name) }
