package dataurl

import (
	"encoding/base64"
	"strings"

	"github.com/specuri/specuri/uri/whatwg"
)

// ProcessWeb reads input as browsers read a data: URL: the URL Standard's
// basic URL parser ([whatwg.Parse]), then the Fetch Standard's data: URL
// processor (section "data: URLs"), which returns a MIME type, serialized
// as the MIME Sniffing Standard serializes it (§4.5), and the body. It
// fails where the URL parser fails (a *[whatwg.Error]), for a URL of
// another scheme ([ErrNotData]), for a data: URL without "," before its
// body ([ErrMalformed]), and where the body after ";base64" fails
// forgiving-base64 decode ([ErrBase64]); a body larger than [MaxDataSize]
// is refused before decoding ([ErrTooLarge]).
//
// Where the two readings differ (each is checked in the tests against
// web-platform-tests' fetch/data-urls/resources/data-urls.json):
//
//   - Validity. RFC 2397 §3 refuses a media type that is not type "/"
//     subtype tokens and attribute "=" value parameters, and every
//     character no URI holds; Fetch refuses none of them: a media type
//     that does not parse is "text/plain;charset=US-ASCII", and the URL
//     parser percent-encodes what a URL cannot hold ("data:text/plain
//     ,X" is text/plain for Fetch, an error for RFC 2397).
//   - An authority. "data://test/,X" is no dataurl; Fetch reads the media
//     type "//test/", which does not parse, and the body "X".
//   - ";base64". RFC 2397 requires it last in the media type, right after
//     the parameters; Fetch also finds it after spaces ("; base64") and
//     drops the parameters that follow a ";base64" in the middle only
//     when they are invalid ("data:x/x;base64;charset=x,WA" is not base64
//     for Fetch, an error for RFC 2397).
//   - Parameters. RFC 2397 keeps every parameter as written (decoded);
//     Fetch lower-cases type, subtype and attribute, keeps the first of
//     parameters with the same attribute, drops invalid ones, reads a
//     quoted-string value (RFC 2397 leaves quoted-strings out, §3) and
//     does not decode percent-encoding in the media type
//     ("text/plain;a=%2C" keeps "%2C").
//   - Base64. RFC 2045 §6.8 ignores characters outside the alphabet and
//     requires "=" padding to a complete quantum; forgiving-base64 (Infra
//     Standard) removes ASCII whitespace, makes padding optional and fails
//     on any other character.
//   - The default. Both give "text/plain;charset=US-ASCII" for an empty
//     media type and prepend "text/plain" to one that starts with ";"
//     (RFC 2397 §2's shorthand); Fetch also uses the default for a media
//     type that does not parse.
func ProcessWeb(input string) (mimeType string, body []byte, err error) {
	u, err := whatwg.Parse(input)
	if err != nil {
		return "", nil, err
	}
	if u.Scheme() != "data" {
		return "", nil, errorf(ErrNotData, "ProcessWeb")
	}
	// Steps 2 and 3: the URL serializer with exclude fragment, without
	// the leading "data:". The serialized URL's first "#" starts its
	// fragment: the parser percent-encodes "#" nowhere before it.
	s, _, _ := strings.Cut(u.Href(), "#")
	return processData(s[len("data:"):])
}

// processData is the Fetch Standard's data: URL processor from step 4 on,
// input being the serialized URL without "data:" and its fragment.
func processData(input string) (string, []byte, error) {
	// Steps 4 to 9: mimeType up to the first ",", stripped of ASCII
	// whitespace; failure without a ","; encodedBody after it.
	mimeType, encodedBody, ok := strings.Cut(input, ",")
	if !ok {
		return "", nil, errorf(ErrMalformed, "ProcessWeb: no \",\" (Fetch, data: URL processor step 7)")
	}
	mimeType = strings.Trim(mimeType, asciiWhitespace)
	// Step 10: body is the percent-decoding of encodedBody, never longer
	// than it: the limit is checked on its length first.
	if len(encodedBody) > MaxDataSize+2*strings.Count(encodedBody, "%") {
		return "", nil, errorf(ErrTooLarge, "ProcessWeb: a body over %d bytes", MaxDataSize)
	}
	body := percentDecode(make([]byte, 0, len(encodedBody)), encodedBody)
	// Step 11: a mimeType ending in ";", spaces and "base64".
	if rest, ok := cutBase64(mimeType); ok {
		b, err := forgivingBase64(body)
		if err != nil {
			return "", nil, err
		}
		body, mimeType = b, rest
	}
	// Step 12: a mimeType starting with ";" gets "text/plain".
	if strings.HasPrefix(mimeType, ";") {
		mimeType = "text/plain" + mimeType
	}
	// Steps 13 to 15: parse it; on failure, text/plain;charset=US-ASCII.
	rec, ok := parseMIMEType(mimeType)
	if !ok {
		return "text/plain;charset=US-ASCII", body, nil
	}
	return rec.String(), body, nil
}

const (
	asciiWhitespace = "\t\n\f\r "
	httpWhitespace  = "\t\n\r "
)

// cutBase64 is step 11's test and its sub-steps 4 to 6: mimeType ends
// with ";", zero or more U+0020, and "base64" (ASCII case-insensitive);
// it returns mimeType without them.
func cutBase64(mimeType string) (string, bool) {
	const b64 = "base64"
	if len(mimeType) < len(b64) || !strings.EqualFold(mimeType[len(mimeType)-len(b64):], b64) {
		return "", false
	}
	rest := strings.TrimRight(mimeType[:len(mimeType)-len(b64)], " ")
	if !strings.HasSuffix(rest, ";") {
		return "", false
	}
	return rest[:len(rest)-1], true
}

// ProcessBase64 is the Infra Standard's forgiving-base64 decode of s, as
// ProcessWeb applies it to a body after ";base64" (the body's bytes read
// as code points U+0000 to U+00FF, the isomorphic decoding): ASCII
// whitespace is removed, "=" padding is optional, and any other character
// outside the base64 alphabet fails ([ErrBase64]).
func ProcessBase64(s string) ([]byte, error) {
	if len(s) > MaxDataSize/3*4+4 {
		return nil, errorf(ErrTooLarge, "ProcessBase64: over %d bytes", MaxDataSize)
	}
	return forgivingBase64([]byte(s))
}

// forgivingBase64 is the Infra Standard's forgiving-base64 decode of
// body's isomorphic decoding (step 11, sub-steps 1 to 3). body is the
// caller's own copy, which it overwrites.
func forgivingBase64(body []byte) ([]byte, error) {
	// Step 1: remove all ASCII whitespace, in place.
	data := body
	n := 0
	for _, c := range data {
		if !isASCIIWhitespace(c) {
			data[n] = c
			n++
		}
	}
	data = data[:n]
	// Step 2: with a length divisible by 4, remove one or two "=" at the
	// end.
	if len(data)%4 == 0 {
		for i := 0; i < 2 && len(data) > 0 && data[len(data)-1] == '='; i++ {
			data = data[:len(data)-1]
		}
	}
	// Steps 3 and 4: a length of 1 modulo 4, or a code point outside
	// the alphabet, is failure.
	if len(data)%4 == 1 {
		return nil, errorf(ErrBase64, "ProcessWeb: forgiving-base64 decode: a length of 1 modulo 4")
	}
	for _, c := range data {
		if !isBase64(c) {
			return nil, errorf(ErrBase64, "ProcessWeb: forgiving-base64 decode: byte %#02x", c)
		}
	}
	// Steps 5 to 9: six bits per character; leftover bits of a final 2 or
	// 3 characters are discarded, which RawStdEncoding does too.
	out := make([]byte, base64.RawStdEncoding.DecodedLen(len(data)))
	m, err := base64.RawStdEncoding.Decode(out, data)
	if err != nil {
		return nil, errorf(ErrBase64, "ProcessWeb: forgiving-base64 decode")
	}
	return out[:m], nil
}

// mimeRecord is a MIME type record (MIME Sniffing Standard §4.1): type,
// subtype, and parameters in order.
type mimeRecord struct {
	typ, subtype string
	params       []Param
	names        map[string]bool // the names of params, once there are many
}

// String is the MIME Sniffing Standard's serialize a MIME type (§4.5):
// a parameter value that is empty or not only HTTP token code points is a
// quoted string with `"` and `\` escaped.
func (m mimeRecord) String() string {
	var b strings.Builder
	b.WriteString(m.typ + "/" + m.subtype)
	for _, p := range m.params {
		b.WriteString(";" + p.Attribute + "=")
		writeValue(&b, p.Value, isHTTPToken)
	}
	return b.String()
}

// isHTTPToken reports whether c is an HTTP token code point (MIME
// Sniffing §2.1).
func isHTTPToken(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c < 0x80 && strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// isHTTPQuotedStringToken reports whether c is an HTTP quoted-string token
// code point (MIME Sniffing §2.1): U+0009, U+0020 to U+007E, U+0080 to
// U+00FF. input is a serialized URL, ASCII: no byte is 0x80 or above.
func isHTTPQuotedStringToken(c byte) bool { return c == '\t' || ' ' <= c && c <= '~' }

func onlyHTTPToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHTTPToken(s[i]) {
			return false
		}
	}
	return s != ""
}

// parseMIMEType is the MIME Sniffing Standard's parse a MIME type (§4.4)
// of input, ASCII.
func parseMIMEType(input string) (mimeRecord, bool) {
	// Steps 1 to 9: type "/" subtype, each HTTP token code points.
	input = strings.Trim(input, httpWhitespace)
	typ, rest, ok := strings.Cut(input, "/")
	if !ok || !onlyHTTPToken(typ) {
		return mimeRecord{}, false
	}
	subtype, rest, had := strings.Cut(rest, ";")
	subtype = strings.TrimRight(subtype, httpWhitespace)
	if !onlyHTTPToken(subtype) {
		return mimeRecord{}, false
	}
	// Step 10: lower case.
	m := mimeRecord{typ: strings.ToLower(typ), subtype: strings.ToLower(subtype)}
	// Step 11: the parameters; rest follows the ";" after subtype.
	for had {
		rest, had = m.parameter(rest)
	}
	return m, true
}

// parameter is one iteration of step 11 of parse a MIME type, position
// having just passed a ";": it reads one parameter from rest, adds it to
// m's parameters if valid and new (sub-step 10), and returns what follows
// the next ";" and whether there is one.
func (m *mimeRecord) parameter(rest string) (string, bool) {
	// Sub-steps 2 to 4: skip HTTP whitespace; the name up to ";" or "=",
	// lower-cased.
	rest = strings.TrimLeft(rest, httpWhitespace)
	i := strings.IndexAny(rest, ";=")
	if i < 0 {
		return "", false // the name runs to the end: past the end
	}
	name := strings.ToLower(rest[:i])
	// Sub-step 5: a ";" continues with the next parameter; "=" is skipped.
	if rest[i] == ';' {
		return rest[i+1:], true
	}
	rest = rest[i+1:]
	// Sub-steps 6 to 9: the value, quoted or up to ";".
	var value string
	var more bool
	if strings.HasPrefix(rest, `"`) {
		value, rest = collectQuoted(rest)
		_, rest, more = strings.Cut(rest, ";")
	} else {
		value, rest, more = strings.Cut(rest, ";")
		value = strings.TrimRight(value, httpWhitespace)
		if value == "" {
			return rest, more
		}
	}
	// Sub-step 10.
	if onlyHTTPToken(name) && onlyQuotedStringToken(value) && !m.has(name) {
		m.params = append(m.params, Param{name, value})
		if m.names != nil {
			m.names[name] = true
		}
	}
	return rest, more
}

func onlyQuotedStringToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHTTPQuotedStringToken(s[i]) {
			return false
		}
	}
	return true
}

// has reports whether m has a parameter name: a scan of a few, a set
// lookup beyond, so that parsing stays linear in the number of
// parameters.
func (m *mimeRecord) has(name string) bool {
	const few = 8
	if len(m.params) <= few {
		for _, p := range m.params {
			if p.Attribute == name {
				return true
			}
		}
		return false
	}
	if m.names == nil {
		m.names = make(map[string]bool, 2*len(m.params))
		for _, p := range m.params {
			m.names[p.Attribute] = true
		}
	}
	return m.names[name]
}

// collectQuoted is the Fetch Standard's collect an HTTP quoted string
// with extract-value set, s starting with `"`: it returns the value and
// what follows the string.
func collectQuoted(s string) (string, string) {
	var b strings.Builder
	i := 1 // step 4: past the opening `"`
	for {
		j := strings.IndexAny(s[i:], `"\`)
		if j < 0 {
			b.WriteString(s[i:])
			return b.String(), ""
		}
		b.WriteString(s[i : i+j])
		i += j
		if s[i] == '"' {
			return b.String(), s[i+1:]
		}
		// A backslash: the next code point, or a backslash at the end.
		if i+1 >= len(s) {
			b.WriteByte('\\')
			return b.String(), ""
		}
		b.WriteByte(s[i+1])
		i += 2
	}
}
