package uri

import (
	"errors"
	"fmt"
	"strings"
)

// Builder constructs a URI reference from decoded components (RFC 3986 §3,
// §2.4): [Builder.URI] percent-encodes each one with its [Encoding] and
// parses the result, so the value it returns is always valid and decoding
// its components gives back the Builder's fields.
//
// Presence is explicit, as in [URI]: an empty Query with HasQuery is "?",
// without it no query at all. The zero Builder builds "".
type Builder struct {
	// Scheme (§3.1) is written as is; it is undefined when empty (a scheme
	// is never empty) and must otherwise match the scheme rule.
	Scheme string
	// HasAuthority defines the authority (§3.2): "//" followed by
	// Userinfo "@" when HasUserinfo, Host, and ":" Port when HasPort.
	HasAuthority bool
	Userinfo     string
	HasUserinfo  bool
	// Host (§3.2.2) is an IP-literal such as "[::1]" or "[v1.x]", written
	// as is, or else a registered name or IPv4 address, percent-encoded as
	// a reg-name.
	Host    string
	Port    string // digits only (§3.2.3)
	HasPort bool
	// Path (§3.3) is decoded text whose "/" are delimiters; every other
	// byte is encoded as the path needs. With an authority it must be
	// empty or start with "/"; without one it must not start with "//".
	Path        string
	Query       string
	HasQuery    bool
	Fragment    string
	HasFragment bool
}

// Errors of [Builder.URI] and the With methods (RFC 3986 §3).
var (
	// ErrBadScheme: the scheme does not match the scheme rule
	// (RFC 3986 §3.1), scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
	ErrBadScheme = errors.New("uri: invalid scheme (RFC 3986 §3.1)")
	// ErrBadPort: the port has a byte other than a digit (RFC 3986 §3.2.3).
	ErrBadPort = errors.New("uri: port must be digits (RFC 3986 §3.2.3)")
	// ErrNoAuthority: userinfo, host or port without an authority
	// (RFC 3986 §3.2).
	ErrNoAuthority = errors.New("uri: userinfo or port without an authority (RFC 3986 §3.2)")
	// ErrPathForm: with an authority, the path must be empty or start with
	// "/"; without one, it must not start with "//" (RFC 3986 §3.3).
	ErrPathForm = errors.New("uri: path cannot follow the authority, or its absence, as given (RFC 3986 §3.3)")
)

// URI percent-encodes the Builder's components (RFC 3986 §2.1, §2.4),
// recomposes them (§5.3) and parses the result. A relative-path reference
// whose first segment has a ":" gets it encoded as "%3A" (§4.2), which
// decodes to the same path. Errors are ErrBadScheme, ErrBadPort,
// ErrNoAuthority, ErrPathForm or a [*ParseError] for an invalid IP-literal.
func (b Builder) URI() (URI, error) {
	var p refParts
	if b.Scheme != "" {
		p.scheme, p.hasScheme = b.Scheme, true
	}
	if !b.HasAuthority && (b.HasUserinfo || b.HasPort || b.Host != "") {
		return URI{}, ErrNoAuthority
	}
	if b.HasAuthority {
		p.hasAuthority = true
		if b.HasUserinfo {
			p.userinfo, p.hasUserinfo = UserinfoEncoding.Encode(b.Userinfo), true
		}
		p.host = encodeHost(b.Host)
		if b.HasPort {
			p.port, p.hasPort = b.Port, true
		}
	}
	p.path = encodePath(b.Path, !b.HasScheme() && !b.HasAuthority)
	if b.HasQuery {
		p.query, p.hasQuery = QueryEncoding.Encode(b.Query), true
	}
	if b.HasFragment {
		p.fragment, p.hasFragment = FragmentEncoding.Encode(b.Fragment), true
	}
	return p.check()
}

// HasScheme reports whether the Builder defines a scheme (RFC 3986 §3.1).
func (b Builder) HasScheme() bool { return b.Scheme != "" }

// encodeHost encodes a host as a reg-name unless it is an IP-literal (RFC
// 3986 §3.2.2), which is kept for the parser to check.
func encodeHost(h string) string {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		return h
	}
	return HostEncoding.Encode(h)
}

// encodePath encodes a decoded path (RFC 3986 §3.3); in a relative-path
// reference, the first segment is encoded as segment-nz-nc (§4.2).
func encodePath(path string, relative bool) string {
	if !relative || strings.HasPrefix(path, "/") {
		return PathEncoding.Encode(path)
	}
	first, rest, ok := strings.Cut(path, "/")
	s := SegmentNzNcEncoding.Encode(first)
	if ok {
		s += "/" + PathEncoding.Encode(rest)
	}
	return s
}

// check validates raw parts against the rules that their concatenation
// alone would not enforce (RFC 3986 §3) and parses them.
func (p *refParts) check() (URI, error) {
	if p.hasScheme && !validScheme(p.scheme) {
		return URI{}, ErrBadScheme
	}
	if p.hasPort && strings.Trim(p.port, "0123456789") != "" {
		return URI{}, ErrBadPort
	}
	if p.hasAuthority && p.path != "" && !strings.HasPrefix(p.path, "/") ||
		!p.hasAuthority && strings.HasPrefix(p.path, "//") {
		return URI{}, ErrPathForm
	}
	s := p.String()
	u, err := ParseReference(s)
	if err != nil {
		return URI{}, err
	}
	return u, nil
}

func validScheme(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// Builder returns u's components decoded (RFC 3986 §2.4), such that
// Builder().URI() gives a URI whose decoded components equal u's. Decoding
// loses the difference between a reserved character and its encoding
// ("%2F" and "/" in a path); to change one component of u and keep the
// others' exact text, use the With methods.
func (u URI) Builder() Builder {
	p := refPartsOf(u)
	dec := func(s string) string {
		d, err := PercentDecode(s)
		if err != nil {
			panic(fmt.Sprintf("uri: internal error: parsed component does not decode: %v", err))
		}
		return d
	}
	b := Builder{
		Scheme: p.scheme, HasAuthority: p.hasAuthority,
		Userinfo: dec(p.userinfo), HasUserinfo: p.hasUserinfo,
		Host: p.host, Port: p.port, HasPort: p.hasPort,
		Path:  dec(p.path),
		Query: dec(p.query), HasQuery: p.hasQuery,
		Fragment: dec(p.fragment), HasFragment: p.hasFragment,
	}
	if h, _ := u.Host(); h.Kind() != IPv6 && h.Kind() != IPvFuture {
		b.Host = dec(p.host)
	}
	return b
}

func (u URI) with(f func(p *refParts)) (URI, error) {
	p := refPartsOf(u)
	f(&p)
	return p.check()
}

// WithScheme returns u with its scheme set to scheme (RFC 3986 §3.1), or
// removed when scheme is "". Every other component keeps its exact text.
func (u URI) WithScheme(scheme string) (URI, error) {
	return u.with(func(p *refParts) { p.scheme, p.hasScheme = scheme, scheme != "" })
}

// WithUserinfo returns u with the userinfo (RFC 3986 §3.2.1) set to the
// encoding of the decoded userinfo. u must have an authority.
func (u URI) WithUserinfo(userinfo string) (URI, error) {
	if _, ok := u.Authority(); !ok {
		return URI{}, ErrNoAuthority
	}
	return u.with(func(p *refParts) { p.userinfo, p.hasUserinfo = UserinfoEncoding.Encode(userinfo), true })
}

// WithoutUserinfo returns u without a userinfo (RFC 3986 §3.2.1).
func (u URI) WithoutUserinfo() (URI, error) {
	return u.with(func(p *refParts) { p.userinfo, p.hasUserinfo = "", false })
}

// WithHost returns u with the host set to host (RFC 3986 §3.2.2), encoded
// as [Builder] does, defining the authority if u had none.
func (u URI) WithHost(host string) (URI, error) {
	return u.with(func(p *refParts) { p.host, p.hasAuthority = encodeHost(host), true })
}

// WithPort returns u with the port set to port (RFC 3986 §3.2.3), which
// must be digits, possibly none. u must have an authority.
func (u URI) WithPort(port string) (URI, error) {
	if _, ok := u.Authority(); !ok {
		return URI{}, ErrNoAuthority
	}
	return u.with(func(p *refParts) { p.port, p.hasPort = port, true })
}

// WithoutPort returns u without a port (RFC 3986 §3.2.3).
func (u URI) WithoutPort() (URI, error) {
	return u.with(func(p *refParts) { p.port, p.hasPort = "", false })
}

// WithPath returns u with the path set to the encoding of the decoded path
// (RFC 3986 §3.3), "/" being delimiters; see [Builder] for its form.
func (u URI) WithPath(path string) (URI, error) {
	return u.with(func(p *refParts) { p.path = encodePath(path, !p.hasScheme && !p.hasAuthority) })
}

// WithQuery returns u with the query set to the encoding of the decoded
// query (RFC 3986 §3.4); "" gives an empty query, "?".
func (u URI) WithQuery(query string) (URI, error) {
	return u.with(func(p *refParts) { p.query, p.hasQuery = QueryEncoding.Encode(query), true })
}

// WithRawQuery returns u with the query set to the already encoded query
// (RFC 3986 §3.4), such as [QueryOptions.Encode] returns; it must match the
// query rule.
func (u URI) WithRawQuery(query string) (URI, error) {
	return u.with(func(p *refParts) { p.query, p.hasQuery = query, true })
}

// WithoutQuery returns u without a query (RFC 3986 §3.4).
func (u URI) WithoutQuery() (URI, error) {
	return u.with(func(p *refParts) { p.query, p.hasQuery = "", false })
}

// WithFragment returns u with the fragment set to the encoding of the
// decoded fragment (RFC 3986 §3.5); "" gives an empty fragment, "#".
func (u URI) WithFragment(fragment string) (URI, error) {
	return u.with(func(p *refParts) { p.fragment, p.hasFragment = FragmentEncoding.Encode(fragment), true })
}

// WithoutFragment returns u without a fragment (RFC 3986 §3.5).
func (u URI) WithoutFragment() (URI, error) {
	return u.with(func(p *refParts) { p.fragment, p.hasFragment = "", false })
}
