package uri

// The working form of RFC 3986 §5.2.1: a reference split into its
// components, changed component by component (§5.2.2), and recomposed into
// a string (§5.3). Resolution recomposes with a composer, which keeps the
// spans of the components it writes; normalization and construction, which
// change the text of components, recompose a refParts and parse the result.

import (
	"fmt"
	"strings"

	"github.com/specuri/specuri/internal/ascii"
)

// refParts holds the five components of RFC 3986 §5.2.1, plus the authority's
// subcomponents, as raw (still percent-encoded) text with their presence:
// the "R", "Base" and "T" of the algorithm of §5.2.2, where "undefined" is
// not "empty". It is the working form of resolution (§5.2.2), normalization
// (§6.2.2) and construction ([Builder], the With methods); every refParts
// value becomes a URI only through its recomposition (§5.3, [refParts.String])
// and the parser ([refParts.uri], [refParts.check]). Resolution, which
// changes no component's text but the path's, uses a [composer] instead.
type refParts struct {
	scheme                string
	hasScheme             bool
	userinfo              string
	hasUserinfo           bool
	host                  string
	hasAuthority          bool // host is defined exactly when authority is
	port                  string
	hasPort               bool
	path                  string
	query, fragment       string
	hasQuery, hasFragment bool
	syntax                Syntax // one that the parts are valid in
}

func refPartsOf(u URI) refParts {
	var p refParts
	p.scheme, p.hasScheme = u.Scheme()
	p.userinfo, p.hasUserinfo = u.Userinfo()
	var h Host
	h, p.hasAuthority = u.Host()
	p.host = h.String()
	p.port, p.hasPort = u.Port()
	p.path = u.Path().String()
	p.query, p.hasQuery = u.Query()
	p.fragment, p.hasFragment = u.Fragment()
	p.syntax = u.syntax
	return p
}

// authority returns userinfo "@" host ":" port as present (RFC 3986 §3.2).
func (p *refParts) authority() string {
	var b strings.Builder
	if p.hasUserinfo {
		b.WriteString(p.userinfo)
		b.WriteByte('@')
	}
	b.WriteString(p.host)
	if p.hasPort {
		b.WriteByte(':')
		b.WriteString(p.port)
	}
	return b.String()
}

// String recomposes p as RFC 3986 §5.3 describes.
func (p *refParts) String() string {
	var b strings.Builder
	if p.hasScheme {
		b.WriteString(p.scheme)
		b.WriteByte(':')
	}
	if p.hasAuthority {
		b.WriteString("//")
		b.WriteString(p.authority())
	}
	b.WriteString(p.path)
	if p.hasQuery {
		b.WriteByte('?')
		b.WriteString(p.query)
	}
	if p.hasFragment {
		b.WriteByte('#')
		b.WriteString(p.fragment)
	}
	return b.String()
}

// protectPath makes p re-parse with the same structure when its path alone
// would not (RFC 3986 §3.3, §4.2): a path starting with "//" without an
// authority would be read as an authority, so "/." is put before it; a
// relative-path reference whose first segment has a ":" would be read as a
// scheme, so "./" is put before it. Both additions are dot-segments that
// remove_dot_segments (§5.2.4) takes away again.
func (p *refParts) protectPath() {
	if p.hasAuthority {
		return
	}
	if strings.HasPrefix(p.path, "//") {
		p.path = "/." + p.path
		return
	}
	if !p.hasScheme && !strings.HasPrefix(p.path, "/") {
		first, _, _ := strings.Cut(p.path, "/")
		if strings.Contains(first, ":") {
			p.path = "./" + p.path
		}
	}
}

// uri parses the recomposition of p with the package's parser. The callers
// only build refParts that match URI-reference; a failure is a bug.
func (p *refParts) uri() URI {
	s := p.String()
	u, err := p.syntax.ParseReference(s)
	if err != nil {
		panic(fmt.Sprintf("uri: internal error: recomposed %q does not parse: %v", s, err))
	}
	return u
}

// check validates raw parts against the rules that their concatenation
// alone would not enforce (RFC 3986 §3) and parses them.
func (p *refParts) check() (URI, error) {
	// The scheme and port rules are the same in every syntax.
	if p.hasScheme && std.matchRule("scheme", p.scheme) != nil {
		return URI{}, ErrBadScheme
	}
	if p.hasPort && std.matchRule("port", p.port) != nil {
		return URI{}, ErrBadPort
	}
	if !p.pathFormOK() {
		return URI{}, ErrPathForm
	}
	if p.hasAuthority && strings.HasPrefix(p.host, "[") {
		// An IP-literal is written as given: it must be one, not text
		// that recomposes into another authority ("[::1]:80").
		if err := p.syntax.engine().matchRule("host", p.host); err != nil {
			return URI{}, err
		}
	}
	return p.syntax.ParseReference(p.String())
}

// pathFormOK reports whether p's path has a form its other parts allow
// (RFC 3986 §3.3): with an authority, empty or starting with "/";
// without one, not starting with "//"; and without a scheme either, no
// colon in its first segment, which would make it a scheme (§4.2).
func (p *refParts) pathFormOK() bool {
	if p.hasAuthority {
		return p.path == "" || strings.HasPrefix(p.path, "/")
	}
	if strings.HasPrefix(p.path, "//") {
		return false
	}
	if !p.hasScheme {
		first, _, _ := strings.Cut(p.path, "/")
		return strings.IndexByte(first, ':') < 0
	}
	return true
}

// composeBuf is how long a recomposed reference can be before a composer
// writes it outside the stack.
const composeBuf = 256

// A composer recomposes a reference (RFC 3986 §5.3) from the components of
// valid references, and records their spans as it writes them, so that
// the result needs no parsing: each component is copied with the
// delimiter the grammar puts before it and no other change, except the
// path, which goes through remove_dot_segments (§5.2.4) when dots is set,
// and then gets the prefix protectPath would give it. The concatenation
// then matches URI-reference with these components, and the kinds of the
// host and of the path follow from where they come from and what they
// start with. Resolution writes with composeExact (resolve.go), one
// allocation of the result's exact size, and falls back on compose for a
// path to rewrite that is longer than composeBuf: compose writes the text
// into a buffer on the stack when it fits, then copies it once into the
// result's string.
type composer struct {
	// Where the scheme, the authority (with its userinfo, host, port
	// and the host's kind), the query and the fragment come from; each
	// is written if defined there.
	scheme, authority, query, fragment *URI
	// The path is pathHead followed by pathTail.
	pathHead, pathTail string
	dots               bool
}

// compose writes the reference into u. iri is set when a component may
// come from an IRI (RFC 3987), so that the syntax of the result is the
// narrowest its string is valid in, as a parser would give it.
func (c *composer) compose(u *URI, iri bool) {
	*u = URI{}
	var arr [composeBuf]byte
	buf := arr[:0]
	if s, ok := c.scheme.Scheme(); ok {
		buf = append(buf, s...)
		u.spans[cScheme] = span{0, int32(len(buf))}
		u.has |= 1 << cScheme
		buf = append(buf, ':')
	}
	if a, ok := c.authority.Authority(); ok {
		buf = append(buf, "//"...)
		at := int32(len(buf))
		buf = append(buf, a...)
		c.copyAuthority(u, at)
	}
	at := len(buf)
	buf = append(buf, c.pathHead...)
	buf = append(buf, c.pathTail...)
	if c.dots {
		buf = buf[:at+removeDotSegmentsInPlace(buf[at:])]
	}
	path := buf[at:]
	hasScheme, hasAuthority := u.has&(1<<cScheme) != 0, u.has&(1<<cAuthority) != 0
	u.pathKind = pathKindOf(path, hasScheme, hasAuthority)
	if !hasAuthority {
		if p := protectPrefix(path, hasScheme); p != "" {
			buf = append(buf, p...)
			copy(buf[at+len(p):], buf[at:])
			copy(buf[at:], p)
		}
	}
	u.spans[cPath] = span{int32(at), int32(len(buf))}
	if q, ok := c.query.Query(); ok {
		buf = append(buf, '?')
		u.spans[cQuery] = span{int32(len(buf)), int32(len(buf) + len(q))}
		u.has |= 1 << cQuery
		buf = append(buf, q...)
	}
	if f, ok := c.fragment.Fragment(); ok {
		buf = append(buf, '#')
		u.spans[cFragment] = span{int32(len(buf)), int32(len(buf) + len(f))}
		u.has |= 1 << cFragment
		buf = append(buf, f...)
	}
	u.s = string(buf)
	if iri && u.syntax != RFC6874 && !ascii.Is(u.s) {
		u.syntax = RFC3987
	}
}

// pathKindOf returns the form of path (RFC 3986 §3.3) in a reference with
// or without a scheme and an authority, given that it matches one.
func pathKindOf(path []byte, hasScheme, hasAuthority bool) PathKind {
	switch {
	case hasAuthority:
		return PathAbempty
	case len(path) == 0:
		return PathEmpty
	case path[0] == '/':
		return PathAbsolute
	case hasScheme:
		return PathRootless
	}
	return PathNoscheme
}

// protectPrefix returns what protectPath puts before a path without an
// authority: "/." before "//", "./" before a first segment with a ":"
// in a reference without a scheme; else "".
func protectPrefix(path []byte, hasScheme bool) string {
	if len(path) >= 2 && path[0] == '/' && path[1] == '/' {
		return "/."
	}
	if hasScheme {
		return ""
	}
	for _, c := range path {
		switch c {
		case '/':
			return ""
		case ':':
			return "./"
		}
	}
	return ""
}
