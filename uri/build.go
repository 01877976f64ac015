package uri

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"

	"github.com/specuri/specuri/uri/internal/octets"
)

// Builder constructs a URI reference from decoded components (RFC 3986 §3,
// §2.4): [Builder.URI] percent-encodes each one with its [Encoding] and
// parses the result, so the value it returns is always valid and decoding
// its components gives back the Builder's fields.
//
// A Builder returned by [URI.Builder] also remembers the text of u's
// components: URI writes a component whose field the caller left unchanged
// with that text, so "a%2Fb" stays "a%2Fb" (encoding the decoded "a/b"
// again would name another resource) and u.Builder().URI() is u. Only the
// fields the caller changed are encoded; a field set to the decoded value
// it already had counts as unchanged.
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
	// as is and checked against the host rule; or an IPv6 address without
	// brackets, as netip gives it ("fd00::1", "fe80::1%en0"), written as
	// its IP-literal with its zone, if any, decoded and written after
	// "%25" (RFC 6874 §2; a zone needs Syntax RFC6874); or else a
	// registered name or IPv4 address, percent-encoded as a reg-name. An
	// IP-literal the host rule rejects is a [*ParseError] whose Offset is
	// in Host.
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
	// Syntax is the syntax URI parses the result in: the zero value is
	// RFC3986; [URI.Builder] sets u's, so that a Builder of a value with a
	// zone identifier (RFC 6874) or of an IRI (RFC 3987) builds one.
	Syntax Syntax

	orig builderOrig
}

// builderOrig is what [URI.Builder] remembers of u: the text of each
// component, and the decoded text it put in the
// Builder's field. A zero builderOrig remembers nothing.
type builderOrig struct {
	userinfo, host, path, query, fragment rawDecoded
}

// rawDecoded is a component's text as written and decoded.
type rawDecoded struct {
	set          bool
	raw, decoded string
}

// encode returns the text of a component whose decoded value is d: the
// remembered text if d is the remembered value, else enc(d).
func (o rawDecoded) encode(d string, enc func(string) string) string {
	if o.set && d == o.decoded {
		return o.raw
	}
	return enc(d)
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
	// "/"; without one, it must not start with "//" (RFC 3986 §3.3); and
	// without a scheme either, its first segment must not have a ":",
	// which would be read as a scheme (§4.2).
	ErrPathForm = errors.New("uri: path cannot follow the authority, or its absence, as given (RFC 3986 §3.3)")
)

// URI percent-encodes the Builder's components (RFC 3986 §2.1, §2.4),
// recomposes them (§5.3) and parses the result in b.Syntax. A component
// whose field still holds what [URI.Builder] put there keeps its original
// text. A relative-path reference whose first segment has a ":" gets it
// encoded as "%3A" (§4.2), which decodes to the same path. Errors are
// ErrBadScheme, ErrBadPort, ErrNoAuthority, ErrPathForm or a [*ParseError]
// for an IP-literal that does not match the host rule, or a component
// that is not valid in b.Syntax.
func (b Builder) URI() (URI, error) {
	p := refParts{syntax: b.Syntax}
	if b.Scheme != "" {
		p.scheme, p.hasScheme = b.Scheme, true
	}
	if !b.HasAuthority && (b.HasUserinfo || b.HasPort || b.Host != "") {
		return URI{}, ErrNoAuthority
	}
	if b.HasAuthority {
		p.hasAuthority = true
		if b.HasUserinfo {
			p.userinfo, p.hasUserinfo = b.orig.userinfo.encode(b.Userinfo, UserinfoEncoding.Encode), true
		}
		p.host = b.orig.host.encode(b.Host, encodeHost)
		if err := checkHost(b.Host, p.host, b.Syntax, hintZone); err != nil {
			return URI{}, err
		}
		if b.HasPort {
			p.port, p.hasPort = b.Port, true
		}
	}
	relative := b.Scheme == "" && !b.HasAuthority
	p.path = b.orig.path.encode(b.Path, func(d string) string { return encodePath(d, relative) })
	if relative {
		p.path = protectColon(p.path)
	}
	if b.HasQuery {
		p.query, p.hasQuery = b.orig.query.encode(b.Query, QueryEncoding.Encode), true
	}
	if b.HasFragment {
		p.fragment, p.hasFragment = b.orig.fragment.encode(b.Fragment, FragmentEncoding.Encode), true
	}
	return p.check()
}

// encodeHost encodes a host as a reg-name unless it is an IP-literal (RFC
// 3986 §3.2.2), which is kept for the parser to check, or an IPv6 address
// without brackets ("fd00::1", as uri.URI.ASCIIHostname and netip give
// it), which is written as the IP-literal it is (its zone, if any, after
// "%25", RFC 6874 §2): encoding its colons would name another host.
func encodeHost(h string) string {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		return h
	}
	if a, err := netip.ParseAddr(h); err == nil && a.Is6() {
		addr, zone, _ := strings.Cut(h, "%")
		if a.Zone() == "" {
			return "[" + addr + "]"
		}
		return "[" + addr + "%25" + encodeZone(zone) + "]"
	}
	return HostEncoding.Encode(h)
}

// checkHost checks lit, the text encodeHost (or the Builder's memory) gave
// for the caller's host, against the host rule of sx when it is an
// IP-literal (RFC 3986 §3.2.2), and returns a [*ParseError] about host, the
// caller's text: its offset is in host, and a zone identifier (RFC 6874
// §2), which only the RFC6874 syntax has, gets zoneHint, which says so.
func checkHost(host, lit string, sx Syntax, zoneHint string) error {
	if !strings.HasPrefix(lit, "[") {
		return nil
	}
	err := sx.engine().matchRule("host", lit)
	pe, ok := err.(*ParseError)
	if !ok {
		return err // nil, or no offset to move
	}
	i := strings.IndexByte(host, '%')
	switch {
	case i >= 0 && sx != RFC6874:
		pe.Offset, pe.Kind, pe.Byte, pe.Char, pe.Hint = i, UnexpectedByte, '%', 0, zoneHint
	case i >= 0 && lit == host && !strings.HasPrefix(host[i:], "%25"):
		pe.Offset, pe.Kind, pe.Byte, pe.Char, pe.Hint = i, UnexpectedByte, '%', 0, hintZone25
	case lit != host:
		pe.Offset = 0 // in lit's "[", which host does not have
	}
	return pe
}

// encodeZone percent-encodes every byte of a zone identifier but the
// unreserved ones (RFC 6874 §2: ZoneID = 1*( unreserved / pct-encoded )).
func encodeZone(z string) string { return octets.Encode(z, &octets.Unreserved) }

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

// protectColon encodes the ":" of the first segment of a relative-path
// reference as "%3A" (RFC 3986 §4.2: segment-nz-nc), which decodes to the
// same path.
func protectColon(path string) string {
	first, _, _ := strings.Cut(path, "/")
	if strings.IndexByte(first, ':') < 0 {
		return path
	}
	return strings.ReplaceAll(first, ":", "%3A") + path[len(first):]
}

// Builder returns u's components decoded (RFC 3986 §2.4), and u's syntax,
// such that Builder().URI() is u: the Builder remembers the text of each
// component, which URI writes again for every field the caller leaves
// unchanged (see [Builder]). Decoding alone would lose the difference
// between a reserved character and its encoding ("%2F" and "/" in a path).
func (u URI) Builder() Builder {
	p := refPartsOf(u)
	b := Builder{
		Scheme: p.scheme, HasAuthority: p.hasAuthority,
		HasUserinfo: p.hasUserinfo,
		Host:        p.host, Port: p.port, HasPort: p.hasPort,
		HasQuery: p.hasQuery, HasFragment: p.hasFragment,
		Syntax: u.syntax,
	}
	b.Userinfo, b.orig.userinfo = decodeKept(p.userinfo)
	b.Path, b.orig.path = decodeKept(p.path)
	b.Query, b.orig.query = decodeKept(p.query)
	b.Fragment, b.orig.fragment = decodeKept(p.fragment)
	if h, _ := u.Host(); h.Kind() != IPv6 && h.Kind() != IPvFuture {
		b.Host, b.orig.host = decodeKept(p.host)
	}
	return b
}

// decodeKept decodes the text of a parsed component, which always
// decodes (RFC 3986 §2.1), and remembers the text: even without a
// percent-encoding, encoding the decoded text may change it (an IRI's
// characters, RFC 3987 §3.1).
func decodeKept(raw string) (string, rawDecoded) {
	d, err := PercentDecode(raw)
	if err != nil {
		panic(fmt.Sprintf("uri: internal error: parsed component does not decode: %v", err))
	}
	return d, rawDecoded{set: true, raw: raw, decoded: d}
}

// with applies f to u's parts and parses the result in u's syntax. The
// With methods keep the text of every component they do not set, byte for
// byte: where it would read as another structure, they fail (check)
// rather than rewrite it.
func (u URI) with(f func(p *refParts)) (URI, error) {
	p := refPartsOf(u)
	f(&p)
	return p.check()
}

// WithScheme returns u with its scheme set to scheme (RFC 3986 §3.1), or
// removed when scheme is "". Every other component keeps its exact text,
// so removing the scheme of a URI without authority whose path's first
// segment has a ":" ("urn:isbn:0451450523") is ErrPathForm: the segment
// would be read as a scheme (§4.2).
//
// Like every With and Without method, it parses the result in u's
// [URI.Syntax], so zone identifiers (RFC 6874) and IRIs (RFC 3987) stay
// valid, and returns a value that keeps, byte for byte, every component it
// was not asked to set, or an error: ErrBadScheme, ErrBadPort,
// ErrNoAuthority, ErrPathForm, or a [*ParseError] for text that does not
// match its rule.
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
// as [Builder] does, defining the authority if u had none. An IPv6 address
// with a zone ("fe80::1%en0", or the IP-literal "[fe80::1%25en0]") is
// valid only in a value whose [URI.Syntax] is RFC6874 (RFC 6874 §2), which
// a value has only when it already holds a zone: to add one to another
// value, use a [Builder] whose Syntax is RFC6874. An IP-literal the host
// rule rejects is a [*ParseError] whose Offset is in host.
func (u URI) WithHost(host string) (URI, error) {
	h := encodeHost(host)
	if err := checkHost(host, h, u.syntax, hintZoneBuilder); err != nil {
		return URI{}, err
	}
	return u.with(func(p *refParts) { p.host, p.hasAuthority = h, true })
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
// query (RFC 3986 §3.4); "" gives an empty query, "?". The "&" and "=" of
// query are kept as the delimiters of form pairs, so
// WithQuery("q=red shoes & socks") gives the two pairs "q=red shoes " and
// " socks": to set names and values that may hold any character, use
// [Params] ([URI.Params], [Params.Set], [URI.WithParams], [ParamsFromMap]),
// which encodes them.
func (u URI) WithQuery(query string) (URI, error) {
	return u.with(func(p *refParts) { p.query, p.hasQuery = QueryEncoding.Encode(query), true })
}

// WithRawQuery returns u with the query set to the already encoded query
// (RFC 3986 §3.4), such as [Params.String] returns. It must match
// the query rule of u's syntax (iquery for an IRI, RFC 3987 §2.2): "a=1#f"
// is a [*ParseError] (Want "query", Offset 3), not a query and a fragment.
func (u URI) WithRawQuery(query string) (URI, error) {
	if err := u.syntax.engine().matchRule("query", query); err != nil {
		return URI{}, err
	}
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
