// Package mailto reads and writes 'mailto' URIs (RFC 6068): the addresses
// and header fields of a message, decoded. It stands apart from package
// uri as net/mail does from net/url, and is built on uri's public API (and
// the byte sets of uri/internal/octets, which percent-encode as uri does):
// a 'mailto' URI is first a URI (RFC 3986 §3), which [uri.Parse] reads,
// and then an instance of mailtoURI (RFC 6068 §2), which a parser
// generated from grammar/rfc6068.peg reads (through uri/internal/scheme,
// as [uri.URI.CheckScheme] does).
package mailto

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
	schemes "github.com/specuri/specuri/uri/internal/scheme"
)

// Mailto is a 'mailto' URI (RFC 6068 §2), decoded:
//
//	mailtoURI    = "mailto:" [ to ] [ hfields ]
//	to           = addr-spec *("," addr-spec )
//	hfields      = "?" hfield *( "&" hfield )
//	hfield       = hfname "=" hfvalue
//
// To holds the addresses of the to part, percent-decoded, in URI order.
// Headers holds the header fields of hfields, in URI order, names and
// values percent-decoded; a name keeps the case it was written in (hfname
// is case-insensitive, §2), and repeated names are all kept (§2 leaves
// their meaning to the user agent). "to" header fields stay in Headers;
// [Mailto.Addresses] merges them with To. Both are nil when the URI has
// none. The zero value is the URI "mailto:".
type Mailto struct {
	To      []string
	Headers []Header
}

// Header is one header field of a 'mailto' URI (RFC 6068 §2, hfield =
// hfname "=" hfvalue), its name and value percent-decoded. The name "body"
// is the message body (§2), not a header field.
type Header struct {
	Name, Value string
}

// mailtoSection is the section of RFC 6068 that defines mailtoURI and
// its rules.
var mailtoSection = schemes.MailtoSection("mailtoURI")

// Parse parses s as a 'mailto' URI (RFC 6068 §2) and decodes it.
//
// s must first be a URI (RFC 3986 §3): otherwise the error is the one
// [uri.Parse] returns, with Want "URI". Its scheme must be "mailto" (in any
// case), and the rest must match mailtoURI of RFC 6068 §2, as transcribed
// in grammar/rfc6068.peg: otherwise the error is a [*uri.ParseError] with
// Want "mailtoURI", the offset of the first byte that cannot be matched, and the
// RFC 6068 rule that could not continue there ("mailtoURI" at offset 0 for
// another scheme). A fragment is ignored: mailtoURI has none, and §2 says
// a fragment is meaningless on a 'mailto' URI and is to be ignored.
//
// Addresses, header names and header values are percent-decoded once (§2:
// "applied only once"). The decoded text must be UTF-8 (§2: non-ASCII
// characters are percent-encoded as the octets of their UTF-8 form);
// otherwise the error has Want "mailtoURI", Rule "pct-encoded", Kind
// [uri.InvalidUTF8], the offset of the "%" of the first encoded octet that
// does not belong to a UTF-8 sequence, and that "%" as Byte.
func Parse(s string) (Mailto, error) {
	u, err := uri.Parse(s)
	if err != nil {
		return Mailto{}, err
	}
	return FromURI(u)
}

// FromURI decodes u as a 'mailto' URI (RFC 6068 §2); the errors are those
// of [Parse], with offsets into u.String(). An IRI (RFC 3987) is read as
// the URI it maps to ([uri.URI.ToURI], RFC 3987 §3.1), as
// [uri.URI.CheckScheme] reads it, and the offsets of its errors are into
// that URI's text.
func FromURI(u uri.URI) (Mailto, error) {
	u = u.ToURI()
	s := u.String()
	text := s // §2: the fragment is not part of mailtoURI; it is ignored.
	if f, ok := u.Fragment(); ok {
		text = s[:len(s)-len(f)-1]
	}
	var m Mailto
	var err error
	f := schemes.MatchMailto(text, func(part schemes.MailtoPart, begin, end int) bool {
		var v string
		if v, err = decodeMailto(s, begin, end); err != nil {
			return false
		}
		switch part {
		case schemes.AddrSpec:
			m.To = append(m.To, v)
		case schemes.HFName:
			m.Headers = append(m.Headers, Header{Name: v})
		default:
			// hfield = hfname "=" hfvalue: the value follows its name.
			m.Headers[len(m.Headers)-1].Value = v
		}
		return true
	})
	if f != nil {
		return Mailto{}, mailtoError(f, s)
	}
	if err != nil {
		return Mailto{}, err
	}
	return m, nil
}

// mailtoError builds the error for a failed match of mailtoURI against s
// (RFC 6068 §2), or against s without its fragment, which f describes.
func mailtoError(f *schemes.Failure, s string) *uri.ParseError {
	e := &uri.ParseError{Want: "mailtoURI", Offset: f.Offset, Rule: f.Rule, Section: f.Section, Kind: uri.UnexpectedByte, Byte: -1}
	if e.Offset >= len(s) {
		e.Offset, e.Kind = len(s), uri.UnexpectedEnd
		return e
	}
	// s is a valid URI, so the byte is ASCII and any "%" is pct-encoded.
	e.Byte = int(s[e.Offset])
	return e
}

// decodeMailto percent-decodes s[begin:end], a span that the grammar
// matched (so every "%" starts a pct-encoded), and checks that the result
// is UTF-8 (RFC 6068 §2).
func decodeMailto(s string, begin, end int) (string, error) {
	raw := s[begin:end]
	d, err := uri.PercentDecode(raw)
	if err != nil {
		return "", err // not reached: the grammar matched raw
	}
	if !utf8.ValidString(d) {
		off := badUTF8Offset(raw, d)
		return "", &uri.ParseError{Want: "mailtoURI", Offset: begin + off,
			Rule: "pct-encoded", Section: mailtoSection, Kind: uri.InvalidUTF8, Byte: int(raw[off])}
	}
	return d, nil
}

// badUTF8Offset returns the offset in raw of the first decoded octet of b
// (raw decoded) that does not start a valid UTF-8 sequence. Only an encoded
// octet can be one, so the offset is that of a "%".
func badUTF8Offset(raw, b string) int {
	bad := 0 // index in b
	for bad < len(b) {
		r, n := utf8.DecodeRuneInString(b[bad:])
		if r == utf8.RuneError && n == 1 {
			break
		}
		bad += n
	}
	off := 0
	for k := 0; k < bad; k++ {
		if raw[off] == '%' {
			off += 3
		} else {
			off++
		}
	}
	return off
}

// Bytes that the builder leaves unencoded (RFC 6068 §2, §5): in an
// address, the atext that item 1 of §2 does not require to be encoded,
// "." and "@" (every other byte, "," included, is encoded, so that the to
// list splits only where the builder put a ","); in a header name or value,
// the unencoded qchar (unreserved and some-delims), so "?", "=", "&", "#",
// "/", "%" and space are encoded.
var addrSet, addrListSet, hfieldSet octets.Set

func init() {
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") {
		addrSet.Add(c)
		hfieldSet.Add(c)
	}
	for _, c := range []byte("!$'*+-_~.@") {
		addrSet.Add(c)
	}
	addrListSet = addrSet
	addrListSet.Add(',')
	for _, c := range []byte("-._~!$'()*+,;:@") {
		hfieldSet.Add(c)
	}
}

// String returns m as a 'mailto' URI (RFC 6068 §2): "mailto:", the
// addresses separated by ",", then the header fields as "?name=value" and
// "&name=value", each part percent-encoded as §2 and §5 say (upper-case hex
// digits, space as "%20"). An address keeps letters, digits, "!", "$",
// "'", "*", "+", "-", "_", "~", "." and "@"; a header name or value keeps
// unreserved characters and some-delims. String does not check m: use
// [Mailto.URI] for a checked result. When URI reports no error,
// Parse(m.String()) returns m.
func (m Mailto) String() string {
	var b strings.Builder
	b.WriteString("mailto:")
	for i, a := range m.To {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(octets.Encode(a, &addrSet))
	}
	for i, h := range m.Headers {
		if i == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		b.WriteString(octets.Encode(h.Name, &hfieldSet))
		b.WriteByte('=')
		b.WriteString(octets.Encode(h.Value, &hfieldSet))
	}
	return b.String()
}

// URI returns [Mailto.String] parsed as a URI, after checking that it is
// a 'mailto' URI (RFC 6068 §2) that decodes to m. The error is the one
// [Parse] returns for m.String(): an address that is not an addr-spec
// of §2 (an RFC 5322 address without whitespace, comments or obsolete
// syntax), or a part that is not UTF-8.
func (m Mailto) URI() (uri.URI, error) {
	s := m.String()
	u, err := uri.Parse(s)
	if err != nil {
		return uri.URI{}, err
	}
	got, err := FromURI(u)
	if err != nil {
		return uri.URI{}, err
	}
	if len(got.To) != len(m.To) {
		// The one address that is empty: "mailto:" has no address.
		e := &uri.ParseError{Want: "mailtoURI", Offset: len("mailto:"), Rule: "addr-spec", Section: schemes.MailtoSection("addr-spec"),
			Kind: uri.UnexpectedEnd, Byte: -1}
		if len(s) > e.Offset {
			e.Kind, e.Byte = uri.UnexpectedByte, int(s[e.Offset])
		}
		return uri.URI{}, e
	}
	return u, nil
}

// Values returns the values of the header fields named name, compared
// case-insensitively as hfname is (RFC 6068 §2), in URI order. §2 advises
// against repeating a name and leaves the meaning of repeats to the user
// agent; Values returns them all.
func (m Mailto) Values(name string) []string {
	var vs []string
	for _, h := range m.Headers {
		if strings.EqualFold(h.Name, name) {
			vs = append(vs, h.Value)
		}
	}
	return vs
}

// Addresses returns the addresses of m's to part followed by those of each
// "to" header field, in URI order: RFC 6068 §2 makes
// <mailto:a@an.example,b@an.example>, <mailto:?to=a@an.example,b@an.example>
// and <mailto:a@an.example?to=b@an.example> equivalent. The value of a "to"
// header field must be a list of addresses as the to part is (addr-spec
// *("," addr-spec), a "," inside a quoted local-part or a domain literal
// being data); an empty value has no address. Otherwise Addresses returns
// an error naming the field's index in Headers.
func (m Mailto) Addresses() ([]string, error) {
	as := append([]string(nil), m.To...)
	for i, h := range m.Headers {
		if !strings.EqualFold(h.Name, "to") || h.Value == "" {
			continue
		}
		// Encoded as the to part is, "," left as the list's delimiter.
		s := octets.Encode(h.Value, &addrListSet)
		if !utf8.ValidString(h.Value) || !schemes.MatchMailtoTo(s, func(_ schemes.MailtoPart, begin, end int) bool {
			v, _ := decodeMailto(s, begin, end) // UTF-8: h.Value is
			as = append(as, v)
			return true
		}) {
			return nil, fmt.Errorf("mailto: header field %d (%q) is not a list of addr-spec (RFC 6068 §2)", i, h.Name)
		}
	}
	return as, nil
}
