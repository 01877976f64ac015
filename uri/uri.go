package uri

import (
	"errors"
	"fmt"
	"strconv"
)

// URI is a parsed URI reference (RFC 3986 §4.1): a URI (§3), an absolute URI
// (§4.3) or a relative reference (§4.2). It holds the input string and the
// offsets of its components, so accessors return substrings without copying.
//
// URI values are immutable and safe for concurrent use. They are comparable:
// two values are == exactly when their strings are equal. The zero value is
// the empty relative reference "" (path-empty, nothing else defined), the
// same value ParseReference("") returns.
type URI struct {
	s        string
	spans    [numComponents]span
	has      uint8 // 1<<component for each defined optional component
	hostKind HostKind
	pathKind PathKind
	syntax   Syntax // the narrowest that s is valid in
}

type span struct{ begin, end int32 }

// The components of RFC 3986 §3, as indexes into URI.spans.
const (
	cScheme = iota
	cAuthority
	cUserinfo
	cHost
	cPort
	cPath
	cQuery
	cFragment
	numComponents
)

func (u URI) get(c int) (string, bool) {
	if u.has&(1<<c) == 0 {
		return "", false
	}
	sp := u.spans[c]
	return u.s[sp.begin:sp.end], true
}

// String returns the reference exactly as it was parsed (RFC 3986 §5.3).
func (u URI) String() string { return u.s }

// Scheme returns the scheme (RFC 3986 §3.1) and whether it is defined: it is
// for a URI, not for a relative reference. It is returned as written; schemes
// compare case-insensitively.
func (u URI) Scheme() (string, bool) { return u.get(cScheme) }

// Authority returns the authority (RFC 3986 §3.2), "userinfo@host:port", and
// whether it is defined. "//" has an empty authority; "/p" has none.
func (u URI) Authority() (string, bool) { return u.get(cAuthority) }

// Userinfo returns the userinfo subcomponent (RFC 3986 §3.2.1) without its
// "@", and whether it is defined: "http://@h" has an empty userinfo. It may
// hold a password ("user:password"), whose use is deprecated (§3.2.1); see
// [URI.Redacted].
func (u URI) Userinfo() (string, bool) { return u.get(cUserinfo) }

// Host returns the host subcomponent (RFC 3986 §3.2.2) and whether it is
// defined, which it is exactly when the authority is. The host may be
// empty ("file:///p").
func (u URI) Host() (Host, bool) {
	s, ok := u.get(cHost)
	if !ok {
		return Host{}, false
	}
	return Host{s: s, kind: u.hostKind}, true
}

// Port returns the port subcomponent (RFC 3986 §3.2.3) as written, without
// its ":", and whether it is defined: "http://h:" has an empty port. Since
// port = *DIGIT, it may have leading zeros or exceed 65535; see
// [URI.PortNumber].
func (u URI) Port() (string, bool) { return u.get(cPort) }

// Errors returned by [URI.PortNumber] (RFC 3986 §3.2.3).
var (
	// ErrNoPort: the port is undefined or empty (RFC 3986 §3.2.3).
	ErrNoPort = errors.New("uri: no port number (RFC 3986 §3.2.3)")
	// ErrPortRange: the port's value does not fit in 16 bits
	// (RFC 3986 §3.2.3).
	ErrPortRange = errors.New("uri: port number out of range 0-65535 (RFC 3986 §3.2.3)")
)

// PortNumber returns the port (RFC 3986 §3.2.3) as a number. It returns
// ErrNoPort when the port is undefined or empty, and ErrPortRange when its
// decimal value exceeds 65535, which the syntax allows.
func (u URI) PortNumber() (uint16, error) {
	s, _ := u.get(cPort)
	if s == "" {
		return 0, ErrNoPort
	}
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil {
		return 0, ErrPortRange // the grammar allows only digits
	}
	return uint16(n), nil
}

// Path returns the path (RFC 3986 §3.3), which is always defined, possibly
// empty.
func (u URI) Path() Path {
	sp := u.spans[cPath]
	return Path{s: u.s[sp.begin:sp.end], kind: u.pathKind}
}

// Query returns the query (RFC 3986 §3.4) without its "?", and whether it is
// defined: "http://h?" has an empty query, "http://h" has none.
func (u URI) Query() (string, bool) { return u.get(cQuery) }

// Fragment returns the fragment (RFC 3986 §3.5) without its "#", and whether
// it is defined: "http://h#" has an empty fragment, "http://h" has none.
func (u URI) Fragment() (string, bool) { return u.get(cFragment) }

// IsRelative reports whether u is a relative reference (RFC 3986 §4.2), that
// is, has no scheme.
func (u URI) IsRelative() bool { return u.has&(1<<cScheme) == 0 }

// MarshalText implements [encoding.TextMarshaler]; it returns the reference
// exactly as parsed (RFC 3986 §5.3), in whatever syntax u has: a value with
// a zone identifier (RFC 6874) or an IRI (RFC 3987) is written as it is,
// and [URI.UnmarshalText] reads it back.
func (u URI) MarshalText() ([]byte, error) { return []byte(u.s), nil }

// AppendText implements [encoding.TextAppender]; it appends the reference
// exactly as parsed (RFC 3986 §5.3).
func (u URI) AppendText(b []byte) ([]byte, error) { return append(b, u.s...), nil }

// UnmarshalText implements [encoding.TextUnmarshaler]: it parses text as a
// URI-reference (RFC 3986 §4.1) in RFC3986, then, if that fails, in the
// syntaxes that extend it, RFC6874 (zone identifiers) and RFC3987 (IRIs),
// so that it accepts every value [URI.MarshalText] writes; the result's
// [URI.Syntax] is the narrowest that text is valid in, and
// Unmarshal(Marshal(u)) == u. An error names the input, its password
// masked as [RedactInput] does and cut after 200 bytes, so that
// the bad one among many is found, and wraps the [*ParseError] of the
// syntax that read furthest into text.
func (u *URI) UnmarshalText(text []byte) error {
	if tooLong(len(text)) {
		// Not copied, nor quoted: only its length is read.
		return fmt.Errorf("uri: cannot unmarshal a %d-byte input: %w", len(text),
			&ParseError{Want: "URI-reference", Kind: TooLong, Byte: -1})
	}
	s := string(text)
	v, err := parseAnySyntax(s)
	if err != nil {
		return fmt.Errorf("uri: cannot unmarshal %s: %w", quoteInput(s), err)
	}
	*u = v
	return nil
}

// parseAnySyntax parses s as a URI-reference (RFC 3986 §4.1) in RFC3986,
// RFC6874 or RFC3987, the first that accepts it, which is the narrowest;
// it returns the error of the syntax that read furthest, RFC 3986's on a
// tie.
func parseAnySyntax(s string) (URI, error) {
	u, err := ParseReference(s)
	if err == nil {
		return u, nil
	}
	for _, x := range [...]Syntax{RFC6874, RFC3987} {
		v, e := x.ParseReference(s)
		if e == nil {
			return v, nil
		}
		var pe, best *ParseError
		if errors.As(e, &pe) && errors.As(err, &best) && pe.Offset > best.Offset {
			err = e
		}
	}
	return URI{}, err
}

// maxQuoted is how many bytes of an input an error message quotes (with
// the password masked); a longer input is cut, with "..." after it.
const maxQuoted = 200

// quoteInput quotes s for an error message: its password masked
// ([RedactInput], RFC 3986 §7.5), then cut after maxQuoted bytes.
func quoteInput(s string) string {
	m := RedactInput(s)
	if len(m) > maxQuoted {
		return strconv.Quote(m[:maxQuoted]) + "..."
	}
	return strconv.Quote(m)
}

// mustOK returns u, or panics with an error that names the call and the
// input, its password masked (RFC 3986 §7.5), and wraps err.
func mustOK(call, s string, u URI, err error) URI {
	if err != nil {
		panic(fmt.Errorf("uri: %s(%s): %w", call, quoteInput(s), err))
	}
	return u
}

// Parse parses s as a URI (RFC 3986 §3): it must have a scheme.
func Parse(s string) (URI, error) { return std.parse(eURI, s) }

// ParseReference parses s as a URI-reference (RFC 3986 §4.1): a URI or a
// relative reference.
func ParseReference(s string) (URI, error) { return std.parse(eURIReference, s) }

// ParseAbsolute parses s as an absolute-URI (RFC 3986 §4.3): a URI without
// a fragment, as required of a base URI (§5.1).
func ParseAbsolute(s string) (URI, error) { return std.parse(eAbsoluteURI, s) }

// ParseRelative parses s as a relative-ref (RFC 3986 §4.2): a reference
// without a scheme.
func ParseRelative(s string) (URI, error) { return std.parse(eRelativeRef, s) }

// MustParse is like [Parse] (RFC 3986 §3) but panics if s is not a valid
// URI, with an error that names s (its password masked, as [RedactInput]
// does) and wraps the [*ParseError]. It is meant for tests and hard-coded
// strings.
func MustParse(s string) URI {
	u, err := Parse(s)
	return mustOK("MustParse", s, u, err)
}

// MustParseReference is like [ParseReference] (RFC 3986 §4.1) but panics if
// s is not a valid URI-reference, as [MustParse] does. It is meant for
// tests and hard-coded strings.
func MustParseReference(s string) URI {
	u, err := ParseReference(s)
	return mustOK("MustParseReference", s, u, err)
}

// Valid reports whether s is a URI (RFC 3986 §3), like Parse but without
// building a value or an error.
func Valid(s string) bool { return std.valid(eURI, s) }

// ValidReference reports whether s is a URI-reference (RFC 3986 §4.1),
// like ParseReference but without building a value or an error.
func ValidReference(s string) bool { return std.valid(eURIReference, s) }
