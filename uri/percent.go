package uri

import (
	"strings"

	"github.com/specuri/specuri/uri/internal/octets"
)

// Encoding is the percent-encoding of one component or subcomponent of a
// URI reference (RFC 3986 §2.1, §2.4, §3): each has its own set of bytes
// that may appear unencoded, taken from the grammar's rule of that name.
type Encoding uint8

// The components that [Encoding.Encode] and [Encoding.Decode] know (RFC
// 3986 §3). Their allowed bytes come from the rules of grammar/rfc3986.peg.
const (
	// UserinfoEncoding: userinfo (RFC 3986 §3.2.1),
	//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	UserinfoEncoding Encoding = iota + 1
	// HostEncoding: reg-name (RFC 3986 §3.2.2),
	//	reg-name = *( unreserved / pct-encoded / sub-delims )
	HostEncoding
	// PathEncoding: a path (RFC 3986 §3.3) whose "/" are delimiters: the bytes of
	// segment plus "/".
	PathEncoding
	// SegmentEncoding: one path segment (RFC 3986 §3.3), "/" encoded,
	//	segment = *pchar
	SegmentEncoding
	// SegmentNzNcEncoding: the first segment of a relative-path
	// reference (RFC 3986 §3.3, §4.2), where ":" must be encoded,
	//	segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	SegmentNzNcEncoding
	// QueryEncoding: query (RFC 3986 §3.4),
	//	query = *( pchar / "/" / "?" )
	QueryEncoding
	// FragmentEncoding: fragment (RFC 3986 §3.5),
	//	fragment = *( pchar / "/" / "?" )
	FragmentEncoding
	numEncodings
)

var encodingNames = [numEncodings]string{
	UserinfoEncoding:    "userinfo",
	HostEncoding:        "reg-name",
	PathEncoding:        "path",
	SegmentEncoding:     "segment",
	SegmentNzNcEncoding: "segment-nz-nc",
	QueryEncoding:       "query",
	FragmentEncoding:    "fragment",
}

// String returns the ABNF name of the rule whose bytes c allows, such as
// "reg-name" or "query" (RFC 3986 §3).
func (c Encoding) String() string {
	if c < numEncodings {
		return encodingNames[c]
	}
	return ""
}

// The byte sets of the Encodings (encodingSets) are in
// tables.go, which gentables.go generates by asking the generated parser
// which bytes each rule matches (RFC 3986 Appendix A).

// Encode percent-encodes s for use as component c (RFC 3986 §2.1, §2.4):
// every byte that c's rule does not allow, "%" included, becomes "%"
// followed by two upper-case hexadecimal digits. The result always matches
// c's rule, and [Encoding.Decode] returns s from it. Encode of an invalid
// Encoding returns s fully encoded except unreserved bytes.
func (c Encoding) Encode(s string) string {
	set := octets.Unreserved
	if c > 0 && c < numEncodings {
		set = encodingSets[c]
	}
	return octets.Encode(s, &set)
}

// Decode decodes the percent-encodings of s, which must be the text of
// component c (RFC 3986 §2.1, §2.4). It returns a [*ParseError] with the
// byte offset of the first byte that c does not allow (Kind
// UnexpectedByte, NonASCII) or of a "%" not followed by two hexadecimal
// digits (Kind BadPercent); it never guesses. For UserinfoEncoding, an
// error in the password, after the first ":", has Byte -1, as
// [ParseError] documents (RFC 3986 §3.2.1, §7.5).
func (c Encoding) Decode(s string) (string, error) {
	if c == 0 || c >= numEncodings {
		return PercentDecode(s)
	}
	set := &encodingSets[c]
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b == '%' || set.Has(b) {
			continue
		}
		e := &ParseError{Want: c.String(), Offset: i, Rule: c.String(), Section: mustRule(c.String()).Section(),
			Kind: UnexpectedByte, Byte: int(b)}
		if b >= 0x80 {
			e.Kind = NonASCII
		}
		return "", c.maskPassword(e, s)
	}
	d, err := decodeOctets(s, c.String())
	if pe, ok := err.(*ParseError); ok {
		return "", c.maskPassword(pe, s)
	}
	return d, err
}

// maskPassword hides the byte of an error in the password of a userinfo
// (RFC 3986 §3.2.1): the text after its first ":".
func (c Encoding) maskPassword(e *ParseError, s string) *ParseError {
	if colon := strings.IndexByte(s, ':'); c == UserinfoEncoding && colon >= 0 && e.Offset > colon {
		e.Byte = -1
	}
	return e
}

// PercentDecode decodes every percent-encoding of s (RFC 3986 §2.1),
// whatever the other bytes are. A "%" not followed by two hexadecimal
// digits is a [*ParseError] of Kind BadPercent at the offset of the "%".
func PercentDecode(s string) (string, error) { return decodeOctets(s, "pct-encoded") }

func decodeOctets(s, want string) (string, error) {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s, nil
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		if i+2 >= len(s) || !octets.IsHex(s[i+1]) || !octets.IsHex(s[i+2]) {
			e := &ParseError{Want: want, Offset: i, Rule: "pct-encoded", Section: pctSection, Kind: BadPercent, Byte: '%'}
			return "", e
		}
		b = append(b, octets.Unhex(s[i+1])<<4|octets.Unhex(s[i+2]))
		i += 2
	}
	return string(b), nil
}
