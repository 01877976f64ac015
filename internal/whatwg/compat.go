package whatwg

import (
	"strings"
)

// URL is what the basic URL parser reads up to the end of the authority,
// in the form package uri/confusion reads it. Offsets are byte offsets
// into the string given to Parse.
type URL struct {
	Scheme  string // lower-cased
	Special bool   // http, https, ws, wss, ftp or file

	// Credentials. HasCredentials is the URL Standard's "includes
	// credentials": a non-empty username or password. HasPassword reports
	// a ":" in the text before the last "@" of the authority, and
	// PasswordBegin and PasswordEnd delimit the text after it, the
	// password as written, which may be empty. Username and Password are
	// as written (tab and newline removed), not percent-encoded as the
	// parser stores them.
	HasCredentials             bool
	HasPassword                bool
	Username, Password         string
	PasswordBegin, PasswordEnd int

	// Host is the serialized host (URL Standard "host serializer"):
	// "example.com", "127.0.0.1", "[::1]".
	Host     string
	HostKind HostKind
	// NeedsIDNA reports a domain that is not ASCII once percent-decoded
	// (URL Standard, host parsing, steps 4-5), which domain to ASCII
	// mapped with UTS #46 and Punycode. Only the host's text counts: not
	// the userinfo, path, query or fragment around it.
	NeedsIDNA bool

	// Port is the port the parser keeps: "" when there is none or when it
	// is the scheme's default port.
	Port string
}

// Parse runs the basic URL parser on s with no base URL and returns its
// scheme, credentials, host and port, or an *Error.
func Parse(s string) (URL, error) {
	// The href is the parser's buffer, sized as ParseURL sizes that of a
	// long input, so that it is not grown by doubling.
	p := parser{out: make([]byte, 0, hrefBound(s)+16), ownBuffer: true}
	var r Record
	if err := p.parse(s, nil, nil, &r); err != nil {
		return URL{}, err
	}
	u := URL{Scheme: r.Scheme(), Special: r.Special(), HostKind: r.Kind, Host: r.Hostname()}
	if p.credEnd > 0 {
		u.Username, u.Password, _ = strings.Cut(p.in[p.authStart:p.credEnd], ":")
	}
	u.HasCredentials = r.Username() != "" || r.Password() != ""
	u.Port = r.Port()
	u.NeedsIDNA = u.HostKind == Domain && p.idnaDomain
	u.PasswordBegin, u.PasswordEnd, u.HasPassword = p.passwordSpan()
	return u, nil
}

// PasswordSpan returns where the basic URL parser, with no base, finds
// the password in s: the bytes after the first ":" of the text before the
// last "@" of the authority, up to that "@". It reports the span even
// when the parse fails after the authority (at the host or the port), so
// that a program can hide a password in an input it cannot parse. It is
// the answer that package uri's lexical scan (whatwgPasswordSpan, which
// masks passwords without this parser) is tested against.
func PasswordSpan(s string) (begin, end int, ok bool) {
	p := parser{}
	_ = p.run(s, nil, false)
	return p.passwordSpan()
}

// passwordSpan returns the span of the password the last run of p read,
// as offsets into its original input (see [PasswordSpan]).
func (p *parser) passwordSpan() (begin, end int, ok bool) {
	if p.pwEnd == 0 {
		return 0, 0, false
	}
	b, e := p.src.origOffset(p.pwBegin), p.src.origOffset(p.pwEnd)
	if p.pwBegin == p.pwEnd {
		e = b
	}
	return b, e, true
}
