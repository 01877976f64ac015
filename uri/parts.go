package uri

// The working form of RFC 3986 §5.2.1: a reference split into its
// components, changed component by component (§5.2.2), and recomposed into
// a string that the parser reads again (§5.3).

import (
	"fmt"
	"strings"
)

// refParts holds the five components of RFC 3986 §5.2.1, plus the authority's
// subcomponents, as raw (still percent-encoded) text with their presence:
// the "R", "Base" and "T" of the algorithm of §5.2.2, where "undefined" is
// not "empty". It is the working form of resolution (§5.2.2), normalization
// (§6.2.2) and construction ([Builder], the With methods); every refParts
// value becomes a URI only through its recomposition (§5.3, [refParts.String])
// and the parser ([refParts.uri], [refParts.check]).
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
	if p.hasAuthority && p.path != "" && !strings.HasPrefix(p.path, "/") ||
		!p.hasAuthority && strings.HasPrefix(p.path, "//") {
		return URI{}, ErrPathForm
	}
	if !p.hasScheme && !p.hasAuthority {
		// §4.2: a colon in the first segment would make it a scheme.
		if first, _, _ := strings.Cut(p.path, "/"); strings.IndexByte(first, ':') >= 0 {
			return URI{}, ErrPathForm
		}
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
