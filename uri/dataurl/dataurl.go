// Package dataurl reads "data" URLs (RFC 2397): the media type of their
// data, and the data itself, decoded.
//
// [Parse] and [FromURI] read a URL as RFC 2397 §3 defines it, with the
// grammar of grammar/rfc2397.peg (dataurl, and RFC 2045 §5.1's media
// type). A URL that does not match is an error, the [*uri.SchemeError] of
// [uri.URI.CheckScheme]. [URL.Data] decodes the data: percent-encoding
// (RFC 3986 §2.1), then base64 (RFC 2045 §6.8) after ";base64".
//
// [ProcessWeb] is the web's reading instead: the WHATWG URL parser, then
// the Fetch Standard's data: URL processor, as browsers read a data: URL.
// It accepts every URL the URL parser accepts and falls back to
// "text/plain;charset=US-ASCII" where a media type does not parse. The
// package documentation of [ProcessWeb] lists where the two readings
// differ.
//
// Limits: [URL.Data] and [ProcessWeb] refuse, before decoding, data whose
// decoded size would exceed [MaxDataSize] ([ErrTooLarge]); Parse takes
// time and memory linear in the URL.
package dataurl

import (
	"encoding/base64"
	"strings"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
	schemes "github.com/specuri/specuri/uri/internal/scheme"
)

// MaxDataSize is the largest decoded size, in bytes, that [URL.Data] and
// [ProcessWeb] return: 64 MiB. RFC 2397 §2 calls the scheme "only useful
// for short values" and sets no limit.
const MaxDataSize = 64 << 20

// URL is a "data" URL (RFC 2397) as RFC 2397 §3 reads it. Like uri.URI it
// is a small comparable immutable value: its text and the offsets of its
// parts. The zero URL is not a data URL; its methods return zero values.
type URL struct {
	s      string // the URL, in URI form (RFC 3987 §3.1), fragment included
	typ    int    // end of type "/" subtype, or 5 ("data:") when omitted
	header int    // end of the media type and ";base64": the offset of ","
	end    int    // end of the data: the offset of "#", or len(s)
	base64 bool
}

// Param is one parameter of a media type (RFC 2045 §5.1), percent-decoded.
type Param struct {
	Attribute, Value string
}

// Parse parses s as a URI (RFC 3986) and reads it as a data URL (RFC 2397
// §3). The errors are those of [uri.Parse] and of [FromURI].
func Parse(s string) (URL, error) {
	u, err := uri.ParseReference(s)
	if err != nil {
		return URL{}, err
	}
	return FromURI(u)
}

// MustParse is Parse for tests and hard-coded strings: it panics on an
// error.
func MustParse(s string) URL {
	d, err := Parse(s)
	if err != nil {
		panic("dataurl: MustParse: " + err.Error())
	}
	return d
}

// FromURI reads u as a data URL (RFC 2397 §3). The error is a
// [*uri.SchemeError]: Want "dataurl", and Rule "dataurl" at offset 0 for
// a scheme other than "data". An IRI (RFC 3987) is read as the URI it maps
// to ([uri.URI.ToURI]), whose text String then returns.
func FromURI(u uri.URI) (URL, error) {
	scheme, _ := u.Scheme()
	if !strings.EqualFold(scheme, "data") {
		e := &uri.SchemeError{Scheme: strings.ToLower(scheme), Want: "dataurl", Rule: "dataurl",
			Section: "RFC 2397 §3", Kind: uri.UnexpectedByte, Byte: -1,
			Hint: "a data URL starts with \"data:\" (RFC 2397 §3)"}
		if s := u.String(); s == "" {
			e.Kind = uri.UnexpectedEnd
		} else {
			e.Byte = int(s[0])
		}
		return URL{}, e
	}
	a := u.ToURI()
	s := a.String()
	end := len(s)
	if f, ok := a.Fragment(); ok {
		end -= len(f) + 1
	}
	m, f := schemes.MatchData(s[:end])
	if f != nil {
		// CheckScheme matches the same text with the same grammar, and
		// gives the error offsets into u.String().
		return URL{}, u.CheckScheme()
	}
	d := URL{s: s, typ: len("data:"), end: end, header: m.Data.Begin - 1, base64: m.Base64}
	if m.Subtype.OK {
		d.typ = m.Subtype.End
	}
	return d, nil
}

// String returns the URL's text, fragment included.
func (d URL) String() string { return d.s }

// URI returns the URL as a URI (RFC 3986).
func (d URL) URI() uri.URI {
	if d.s == "" {
		return uri.URI{}
	}
	return uri.MustParse(d.s)
}

// mediaType returns the media type as written, without ";base64".
func (d URL) mediaType() string {
	if d.s == "" {
		return ""
	}
	m := d.s[len("data:"):d.header]
	if d.base64 {
		m = m[:len(m)-len(";base64")]
	}
	return m
}

// Type returns the media type's type "/" subtype (RFC 2045 §5.1),
// percent-decoded and in lower case (RFC 2045 §5.1: matching is "ALWAYS
// case-insensitive"); "text/plain" when the URL has none (RFC 2397 §2:
// "text/plain" can be omitted).
func (d URL) Type() string {
	if d.s == "" {
		return ""
	}
	if d.typ == len("data:") {
		return "text/plain"
	}
	t, _ := uri.PercentDecode(d.s[len("data:"):d.typ]) // the grammar's escapes are valid
	return strings.ToLower(t)
}

// Params returns the media type's parameters in order, percent-decoded,
// attributes in lower case (RFC 2045 §5.1). A URL with no media type at
// all has the parameter charset=US-ASCII (RFC 2397 §2).
func (d URL) Params() []Param {
	m := d.mediaType()
	if d.s == "" {
		return nil
	}
	if m == "" {
		return []Param{{"charset", "US-ASCII"}}
	}
	rest := m[d.typ-len("data:"):]
	var out []Param
	for _, p := range strings.Split(rest, ";")[1:] { // rest is "" or starts with ";"
		a, v, _ := strings.Cut(p, "=")
		a, _ = uri.PercentDecode(a) // the grammar's escapes are valid
		v, _ = uri.PercentDecode(v)
		out = append(out, Param{strings.ToLower(a), v})
	}
	return out
}

// Param returns the value of the media type's parameter attr (compared
// case-insensitively, RFC 2045 §5.1), the first if there are several,
// and whether there is one.
func (d URL) Param(attr string) (string, bool) {
	for _, p := range d.Params() {
		if strings.EqualFold(p.Attribute, attr) {
			return p.Value, true
		}
	}
	return "", false
}

// MediaType returns the media type with its parameters as RFC 2045 §5.1
// writes it: Type, then ";attribute=value" for each of Params, a value
// that is not a token written as a quoted-string. A URL with no media type
// gives "text/plain;charset=US-ASCII" (RFC 2397 §2).
func (d URL) MediaType() string {
	if d.s == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString(d.Type())
	for _, p := range d.Params() {
		b.WriteString(";" + p.Attribute + "=")
		writeValue(&b, p.Value, isMIMEToken)
	}
	return b.String()
}

// Base64 reports whether the data is base64 (";base64", RFC 2397 §3).
func (d URL) Base64() bool { return d.base64 }

// RawData returns the data as written in the URL, between "," and the
// fragment: percent-encoded, and base64 if [URL.Base64].
func (d URL) RawData() string {
	if d.s == "" {
		return ""
	}
	return d.s[d.header+1 : d.end]
}

// DataSize returns the size in bytes of the data Data returns, computed
// without decoding, or the error Data returns.
func (d URL) DataSize() (int, error) {
	n, _, err := d.scan()
	return n, err
}

// scan returns the decoded size of the data, whether it is base64 written
// with the alphabet and "=" only (no percent-encoding, nothing to ignore),
// and the error of a base64 data that is no complete quanta (RFC 2045
// §6.8).
func (d URL) scan() (n int, clean bool, err error) {
	raw := d.RawData()
	n = len(raw) - 2*strings.Count(raw, "%")
	if !d.base64 {
		return n, false, nil
	}
	q, pad := 0, 0 // the base64 characters and "=", once decoded
	clean = true
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '%' {
			c = octets.Unhex(raw[i+1])<<4 | octets.Unhex(raw[i+2])
			i += 2
			clean = false
		}
		switch {
		case c == '=':
			q, pad = q+1, pad+1
		case isBase64(c):
			if pad > 0 {
				return 0, false, errorf(ErrBase64, "data after the padding (RFC 2045 §6.8)")
			}
			q++
		default:
			clean = false
		}
	}
	if q%4 != 0 || pad > 2 {
		return 0, false, errorf(ErrBase64, "an incomplete base64 quantum (RFC 2045 §6.8)")
	}
	return q/4*3 - pad, clean, nil
}

// Data returns the data, decoded: percent-decoded (RFC 3986 §2.1), then,
// after ";base64", decoded as base64 (RFC 2045 §6.8): characters outside
// the base64 alphabet are ignored, as §6.8 says, the data must end with a
// complete quantum ("=" padding included), and nothing may follow the
// padding. Data larger than [MaxDataSize] is refused ([ErrTooLarge]),
// its size computed before anything is decoded.
func (d URL) Data() ([]byte, error) {
	n, clean, err := d.scan()
	if err != nil {
		return nil, err
	}
	if n > MaxDataSize {
		return nil, errorf(ErrTooLarge, "%d bytes, limit %d", n, MaxDataSize)
	}
	raw := d.RawData()
	if !d.base64 {
		return percentDecode(make([]byte, 0, n), raw), nil
	}
	if clean {
		// Alphabet and padding only: decoded in place of a filtered copy.
		out, err := base64.StdEncoding.DecodeString(raw)
		if err != nil {
			return nil, errorf(ErrBase64, "RFC 2045 §6.8") // not reached: scan checked it
		}
		return out, nil
	}
	text := make([]byte, 0, n/3*4+4)
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c == '%' {
			c = octets.Unhex(raw[i+1])<<4 | octets.Unhex(raw[i+2])
			i += 2
		}
		if c == '=' || isBase64(c) {
			text = append(text, c)
		}
	}
	out := make([]byte, base64.StdEncoding.DecodedLen(len(text)))
	m, err := base64.StdEncoding.Decode(out, text)
	if err != nil {
		return nil, errorf(ErrBase64, "RFC 2045 §6.8") // not reached: DataSize checked it
	}
	return out[:m], nil
}

// isBase64 reports whether c is of the base64 alphabet (RFC 2045 §6.8,
// Table 1): one lookup.
func isBase64(c byte) bool { return byteClass[c]&classBase64 != 0 }

// isASCIIWhitespace reports whether c is ASCII whitespace (Infra
// Standard: TAB, LF, FF, CR, SPACE): one lookup.
func isASCIIWhitespace(c byte) bool { return byteClass[c]&classSpace != 0 }

const (
	classBase64 = 1 << iota
	classSpace
)

// byteClass holds the classes of each byte.
var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		if 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || b == '+' || b == '/' {
			t[c] |= classBase64
		}
		if strings.IndexByte("\t\n\f\r ", b) >= 0 {
			t[c] |= classSpace
		}
	}
	return t
}()

// percentDecode appends to b the percent-decoding of s (URL Standard,
// percent-decode: "%" and two hexadecimal digits is an octet, anything
// else itself; on a valid URI, the decoding of RFC 3986 §2.1).
func percentDecode(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && octets.IsHex(s[i+1]) && octets.IsHex(s[i+2]) {
			c = octets.Unhex(s[i+1])<<4 | octets.Unhex(s[i+2])
			i += 2
		}
		b = append(b, c)
	}
	return b
}

// isMIMEToken reports whether c may be in a token of RFC 2045 §5.1: a
// US-ASCII CHAR except SPACE, CTLs, or tspecials.
func isMIMEToken(c byte) bool {
	return c > ' ' && c < 0x7f && !strings.ContainsRune(`()<>@,;:\"/[]?=`, rune(c))
}

// writeValue writes v to b as itself if every byte is of token, else as
// a quoted-string with `"` and `\` escaped by `\` (RFC 2045 §5.1 and RFC
// 822 §3.3; the MIME Sniffing Standard's serializer, §4.5, alike).
func writeValue(b *strings.Builder, v string, token func(byte) bool) {
	plain := v != ""
	for i := 0; i < len(v) && plain; i++ {
		plain = token(v[i])
	}
	if plain {
		b.WriteString(v)
		return
	}
	b.WriteByte('"')
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
	}
	b.WriteByte('"')
}
