// Package httptarget reads the request-target of an HTTP/1.1 request line
// (RFC 9112 §3.2): which of its four forms it has, and its components. A
// parser generated from grammar/rfc9112.peg (with grammar/rfc9110.peg and
// grammar/rfc3986.peg, in gen/rfc9110) decides what is valid; the
// absolute-form is also read by [uri.ParseAbsolute], which gives it as a
// [uri.URI].
//
// The package is named for the protocol element, so that it does not
// clash with net/http in code that uses both. Which parser to use for
// untrusted input is said in package uri's documentation, "Untrusted
// input".
package httptarget

import (
	"errors"
	"strconv"
	"strings"

	"github.com/specuri/specuri/uri"
	schemes "github.com/specuri/specuri/uri/internal/scheme"
)

// Form is one of the four forms of a request-target (RFC 9112 §3.2).
type Form uint8

const (
	// OriginForm is absolute-path [ "?" query ] (RFC 9112 §3.2.1), the form
	// of a request to an origin server: "/where?q=now".
	OriginForm Form = iota + 1
	// AbsoluteForm is absolute-URI (RFC 9112 §3.2.2), the form of a
	// request to a proxy: "http://www.example.org/pub/WWW/TheProject.html".
	AbsoluteForm
	// AuthorityForm is uri-host ":" port (RFC 9112 §3.2.3), the form of a
	// CONNECT request only: "www.example.com:80".
	AuthorityForm
	// AsteriskForm is "*" (RFC 9112 §3.2.4), the form of a server-wide
	// OPTIONS request only.
	AsteriskForm
)

var formNames = [...]string{
	OriginForm: "origin-form", AbsoluteForm: "absolute-form",
	AuthorityForm: "authority-form", AsteriskForm: "asterisk-form",
}

// String returns the ABNF name of the form ("origin-form"), or "Form(N)"
// for a value that is not one of the four.
func (f Form) String() string {
	if f >= OriginForm && int(f) < len(formNames) {
		return formNames[f]
	}
	return "Form(" + strconv.Itoa(int(f)) + ")"
}

// MarshalText implements encoding.TextMarshaler with [Form.String].
func (f Form) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// Target is a parsed request-target (RFC 9112 §3.2). It holds the input
// and the offsets of its components; like uri.URI, it is a small,
// immutable, comparable value. The zero value is no target: its Form is 0.
type Target struct {
	s          string
	form       Form
	path       span // origin-form: absolute-path
	query      span // origin-form: query
	hasQuery   bool
	host, port span // authority-form: uri-host, port
	abs        uri.URI
}

type span struct{ begin, end int }

// String returns the request-target exactly as it was parsed.
func (t Target) String() string { return t.s }

// Form returns the form of t.
func (t Target) Form() Form { return t.form }

// Path returns the absolute-path of an origin-form ("/where", RFC 9112
// §3.2.1), the path of an absolute-form's URI (which may be empty:
// "http://h", §3.2.2), and "" for the other forms. It is not
// percent-decoded.
func (t Target) Path() string {
	switch t.form {
	case OriginForm:
		return t.s[t.path.begin:t.path.end]
	case AbsoluteForm:
		return t.abs.Path().String()
	}
	return ""
}

// Query returns the query of an origin-form or of an absolute-form's URI,
// not percent-decoded, and whether it is defined: "/a?" has an empty
// query, "/a" none (RFC 3986 §3.4).
func (t Target) Query() (string, bool) {
	switch t.form {
	case OriginForm:
		return t.s[t.query.begin:t.query.end], t.hasQuery
	case AbsoluteForm:
		return t.abs.Query()
	}
	return "", false
}

// Host returns the uri-host of an authority-form (RFC 9112 §3.2.3) or the
// host of an absolute-form's URI ("www.example.com", "[::1]"), as
// written, and whether there is one: the origin-form and the
// asterisk-form have none, nor has an absolute-form URI without an
// authority ("urn:x").
func (t Target) Host() (string, bool) {
	switch t.form {
	case AuthorityForm:
		return t.s[t.host.begin:t.host.end], true
	case AbsoluteForm:
		h, ok := t.abs.Host()
		return h.String(), ok
	}
	return "", false
}

// Port returns the port of an authority-form, which may be empty
// (port = *DIGIT, RFC 3986 §3.2.3), or of an absolute-form's URI, and
// whether there is one.
func (t Target) Port() (string, bool) {
	switch t.form {
	case AuthorityForm:
		return t.s[t.port.begin:t.port.end], true
	case AbsoluteForm:
		return t.abs.Port()
	}
	return "", false
}

// URI returns the absolute-URI of an absolute-form (RFC 9112 §3.2.2) and
// true; for the other forms, the zero URI and false.
func (t Target) URI() (uri.URI, bool) { return t.abs, t.form == AbsoluteForm }

// The hints of the errors of Parse.
const (
	hintConnect   = "a CONNECT request's target is the authority-form, uri-host \":\" port (RFC 9112 §3.2.3)"
	hintAuthority = "the authority-form is only for CONNECT requests (RFC 9112 §3.2.3)"
	hintAsterisk  = "the asterisk-form is only for OPTIONS requests (RFC 9112 §3.2.4)"
	hintSpace     = "no whitespace is allowed in the request-target (RFC 9112 §3.2)"
	hintFragment  = "a request-target has no fragment: it is sent without it (RFC 9112 §3.2)"
	hintZone      = "a request-target's host is RFC 3986's: no IPv6 zone identifier (RFC 9112 §3.2, RFC 6874 §2)"
	hintRelative  = "a request-target starts with \"/\", a scheme, a host and port, or is \"*\" (RFC 9112 §3.2)"
	hintMethod    = "a method is a token: letters, digits and !#$%&'*+-.^_`|~ (RFC 9110 §9.1)"
	hintNoHost    = "a CONNECT target names the host of the tunnel's destination (RFC 9110 §9.3.6)"
	hintNoPort    = "a CONNECT target needs a port: there is no default, and a server must reject an empty one (RFC 9110 §9.3.6)"
	hintBadPort   = "a CONNECT target's port is 1 to 65535: a server must reject an invalid one (RFC 9110 §9.3.6)"
)

// Parse parses target as the request-target of a request with the given
// method (RFC 9112 §3.2). The method decides the forms allowed, and is
// compared case-sensitively (RFC 9110 §9.1):
//
//   - "CONNECT": the authority-form only (RFC 9112 §3.2.3);
//   - "OPTIONS": the origin-form, the absolute-form or the asterisk-form
//     (§3.2.4);
//   - any other method: the origin-form or the absolute-form (§3.2.1,
//     §3.2.2).
//
// The grammar is ambiguous: "www.example.com:80" is an absolute-URI with
// the scheme "www.example.com" as well as an authority-form. For CONNECT
// it is the authority-form; for other methods the absolute-form, as
// RFC 9112 §3.2 lists it first.
//
// Beyond the grammar, Parse applies what RFC 9110 requires of a
// recipient: the method is a token (§9.1); an absolute-form satisfies its
// scheme's rules ([uri.URI.CheckScheme]: an http or https URI has a
// non-empty host, §4.2.1, and no userinfo, §4.2.4); a CONNECT target has
// a host and a port from 1 to 65535 (§9.3.6: "a server MUST reject a
// CONNECT request that targets an empty or invalid port number").
//
// The error is a *uri.ParseError, with Want "authority-form" for CONNECT
// and "request-target" otherwise, the byte offset into target, the
// grammar rule that could not continue (or the rule a requirement
// restricts: "uri-host", "port", a scheme rule's), the kind, and a Hint
// for the likely mistakes (whitespace, a fragment, a form the method does
// not allow). An invalid method is a *uri.ParseError with Want "method",
// Rule "token" and the offset into the method. As in package uri, the
// error never holds the input nor a byte of a password ([RedactSpan]). A
// target longer than [uri.MaxLength] is a TooLong error.
//
// Memory: Parse records the tokens of the rules it reads only (the forms,
// absolute-path, query, uri-host, port), so what it allocates beyond the
// pooled parser is proportional to those, not to the segments or
// percent-encodings of the target.
func Parse(method, target string) (Target, error) {
	if err := CheckMethod(method); err != nil {
		return Target{}, err
	}
	connect := method == "CONNECT"
	want := "request-target"
	if connect {
		want = "authority-form"
	}
	if len(target) > uri.MaxLength {
		return Target{}, &uri.ParseError{Want: want, Kind: uri.TooLong, Byte: -1}
	}
	m, f := schemes.MatchTarget(target, connect)
	if f != nil {
		return Target{}, targetError(f, want, target)
	}
	t := Target{s: target, form: Form(m.Form)}
	switch {
	case t.form == AuthorityForm && !connect:
		return Target{}, formError(want, target, "authority-form", hintAuthority)
	case t.form == AsteriskForm && method != "OPTIONS":
		return Target{}, formError(want, target, "asterisk-form", hintAsterisk)
	}
	t.path, t.host, t.port = span{m.Path.Begin, m.Path.End}, span{m.Host.Begin, m.Host.End}, span{m.Port.Begin, m.Port.End}
	t.query, t.hasQuery = span{m.Query.Begin, m.Query.End}, m.Query.OK
	if err := t.checkRules(want); err != nil {
		return Target{}, err
	}
	return t, nil
}

// checkRules applies the rules beyond the grammar to t, matched as want:
// an absolute-form's scheme rules and CONNECT's authority (see Parse),
// and reads an absolute-form's URI.
func (t *Target) checkRules(want string) error {
	switch t.form {
	case AbsoluteForm:
		u, err := uri.ParseAbsolute(t.s)
		if err != nil {
			return err // not reached: the grammar matched absolute-URI
		}
		if err := u.CheckScheme(); err != nil {
			return schemeError(want, err)
		}
		t.abs = u
		t.query, t.hasQuery = span{}, false
	case AuthorityForm:
		return checkConnect(*t)
	}
	return nil
}

// CheckMethod reports whether method is a method of RFC 9110 §9.1
// (method = token; §5.6.2: token = 1*tchar): nil, or the
// *uri.ParseError that Parse returns, Want "method", Rule "token", with
// the offset into method.
func CheckMethod(method string) error {
	for i := 0; i < len(method); i++ {
		if !isTchar(method[i]) {
			return &uri.ParseError{Want: "method", Rule: "token", Section: "RFC 9110 §5.6.2", Offset: i,
				Kind: uri.UnexpectedByte, Byte: int(method[i]), Hint: hintMethod}
		}
	}
	if method == "" {
		return &uri.ParseError{Want: "method", Rule: "token", Section: "RFC 9110 §5.6.2", Kind: uri.UnexpectedEnd,
			Byte: -1, Hint: hintMethod}
	}
	return nil
}

// isTchar reports whether c is a tchar (RFC 9110 §5.6.2).
func isTchar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c < 0x80 && strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// schemeError is the *uri.ParseError of an absolute-form that its
// scheme's rules refuse: the *uri.SchemeError's rule, section, offset,
// byte (masked in a password) and hint.
func schemeError(want string, err error) error {
	var se *uri.SchemeError
	if !errors.As(err, &se) {
		return err
	}
	return &uri.ParseError{Want: want, Rule: se.Rule, Section: se.Section, Offset: se.Offset, Kind: se.Kind,
		Byte: se.Byte, Hint: se.Hint}
}

// checkConnect applies RFC 9110 §9.3.6 to an authority-form: a host, and
// a port from 1 to 65535 (a number, RFC 3986 §3.2.3: leading zeros do
// not change it).
func checkConnect(t Target) error {
	s := t.s
	e := &uri.ParseError{Want: "authority-form", Kind: uri.UnexpectedByte, Section: "RFC 9110 §9.3.6"}
	port := s[t.port.begin:t.port.end]
	switch {
	case t.host.end == t.host.begin:
		e.Rule, e.Offset, e.Hint = "uri-host", t.host.begin, hintNoHost
	case port == "":
		e.Rule, e.Offset, e.Hint = "port", len(s), hintNoPort
	case !validPort(port):
		e.Rule, e.Offset, e.Hint = "port", t.port.begin, hintBadPort
	default:
		return nil
	}
	if e.Offset >= len(s) {
		e.Kind, e.Byte = uri.UnexpectedEnd, -1
		return e
	}
	e.Byte = int(s[e.Offset])
	if b, end, ok := RedactSpan("CONNECT", s); ok && b <= e.Offset && e.Offset < end {
		e.Byte, e.Hint = -1, ""
	}
	return e
}

// validPort reports whether port, digits, is 1 to 65535: a 16-bit
// number, as uri.URI.PortNumber reads it, other than 0.
func validPort(port string) bool {
	n, err := strconv.ParseUint(port, 10, 16)
	return err == nil && n != 0
}

// RedactSpan returns the bytes of target that a password could be in, as
// [uri.RedactSpan] finds them, for a request with the given method: for
// CONNECT, whose authority-form has no userinfo, those of a userinfo
// written before the host anyway ("u:pw@h:80", read as the authority of
// RFC 3986 §3.2 reads it); for other methods, uri.RedactSpan's. Errors and
// programs that show a target mask these bytes.
func RedactSpan(method, target string) (begin, end int, ok bool) {
	if method != "CONNECT" {
		return uri.RedactSpan(target)
	}
	if strings.ContainsAny(target, "/?#") || strings.IndexByte(target, '@') < 0 {
		return 0, 0, false
	}
	at := strings.LastIndexByte(target, '@')
	colon := strings.IndexByte(target[:at], ':')
	if colon < 0 {
		return 0, 0, false
	}
	return colon + 1, at, true
}

// methodOf is the method whose password span targetError masks.
func methodOf(want string) string {
	if want == "authority-form" {
		return "CONNECT"
	}
	return ""
}

// formError is the error of a target whose form the method does not
// allow: it starts at offset 0.
func formError(want, s, form, hint string) *uri.ParseError {
	e := &uri.ParseError{Want: want, Rule: form, Section: schemes.HTTPSection(form), Kind: uri.UnexpectedByte, Byte: int(s[0]), Hint: hint}
	if begin, end, ok := uri.RedactSpan(s); ok && begin <= 0 && 0 < end {
		e.Byte = -1
	}
	return e
}

// targetError builds the error of a failed match of want against s,
// which f describes.
func targetError(f *schemes.Failure, want, s string) *uri.ParseError {
	e := &uri.ParseError{Want: want, Rule: f.Rule, Section: f.Section, Offset: f.Offset, Kind: uri.UnexpectedByte, Byte: -1}
	if e.Offset >= len(s) {
		e.Offset, e.Kind = len(s), uri.UnexpectedEnd
		if want == "authority-form" {
			e.Hint = hintConnect
		} else if s == "" {
			e.Hint = hintRelative
		}
		return e
	}
	b := s[e.Offset]
	e.Byte = int(b)
	switch {
	case b >= 0x80:
		e.Kind = uri.NonASCII
	case b == '%' && !schemes.PctEncoded(s[e.Offset:min(e.Offset+3, len(s))]):
		e.Kind, e.Rule, e.Section = uri.BadPercent, "pct-encoded", schemes.HTTPSection("pct-encoded")
	default:
		e.Hint = byteHint(want, s, e.Offset)
	}
	if begin, end, ok := RedactSpan(methodOf(want), s); ok && begin <= e.Offset && e.Offset < end {
		e.Byte, e.Hint = -1, "" // a hint would tell what the byte is
		if e.Kind == uri.NonASCII || e.Kind == uri.BadPercent {
			e.Kind = uri.UnexpectedByte
		}
	}
	return e
}

// byteHint returns the likely mistake of a target s that want does not
// match at the ASCII byte at off (not a bad percent-encoding), or "".
func byteHint(want, s string, off int) string {
	switch b := s[off]; {
	case b == ' ' || b == '\t' || b == '\r' || b == '\n':
		return hintSpace
	case b == '#':
		return hintFragment
	case b == '%' && strings.LastIndexByte(s[:off], '[') > strings.LastIndexByte(s[:off], ']'):
		return hintZone
	case want == "authority-form":
		return hintConnect
	case off == 0 || strings.IndexByte(s[:off], '/') < 0 && strings.IndexByte(s[:off], ':') < 0:
		return hintRelative
	}
	return ""
}
