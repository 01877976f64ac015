package uri

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Errors of [URI.URL] and [FromURL]: what net/url cannot represent, or
// represents with another meaning (RFC 3986 §3).
var (
	// ErrURLEmptyFragment: url.URL cannot tell an empty fragment ("#")
	// from none (RFC 3986 §3.5).
	ErrURLEmptyFragment = errors.New("uri: net/url cannot represent an empty fragment (RFC 3986 §3.5)")
	// ErrURLIPvFuture: net/url does not accept IPvFuture hosts
	// (RFC 3986 §3.2.2).
	ErrURLIPvFuture = errors.New("uri: net/url cannot represent an IPvFuture host (RFC 3986 §3.2.2)")
	// ErrURLEmptyAuthority: url.URL writes an empty authority only with
	// a scheme and a non-empty path ("file:///p"), so not "//", "s://"
	// or "//?q" (RFC 3986 §3.2).
	ErrURLEmptyAuthority = errors.New("uri: net/url cannot represent this empty authority (RFC 3986 §3.2)")
	// ErrURLChanged: the url.URL would write a reference that is not
	// equivalent to the original under syntax-based normalization
	// (RFC 3986 §6.2.2).
	ErrURLChanged = errors.New("uri: net/url would change the meaning of the reference (RFC 3986 §6.2.2)")
)

// URL converts u to a *url.URL whose String() is u or, where net/url
// re-encodes (hosts and userinfo are stored decoded), a reference
// equivalent to u under syntax-based normalization (RFC 3986 §6.2.2). It
// returns ErrURLEmptyFragment, ErrURLIPvFuture, ErrURLEmptyAuthority or
// ErrURLChanged rather than a url.URL that means something else.
//
// A URI whose path does not start with "/" and has no authority
// ("mailto:a@b", "urn:x:y") becomes an opaque url.URL (Opaque set).
//
// A zone identifier (RFC 6874) is represented as net/url does: the host
// "[fe80::1%25en0]" is Host "[fe80::1%en0]", whose Hostname() is
// "fe80::1%en0". A url.URL holds a URI, so an IRI (Syntax RFC3987) is
// converted as the URI it maps to, [URI.ToURI] (RFC 3987 §3.1): then
// FromURL(u.URL()) is u.ToURI(), up to equivalence.
func (u URI) URL() (*url.URL, error) {
	u = u.ToURI()
	p := refPartsOf(u)
	if p.hasFragment && p.fragment == "" {
		return nil, ErrURLEmptyFragment
	}
	h, _ := u.Host()
	if h.Kind() == IPvFuture {
		return nil, ErrURLIPvFuture
	}
	v := &url.URL{Scheme: p.scheme, RawQuery: p.query, ForceQuery: p.hasQuery && p.query == ""}
	dec := func(s string) string {
		d, _ := PercentDecode(s) // parsed text always decodes
		return d
	}
	if p.hasFragment {
		v.Fragment, v.RawFragment = dec(p.fragment), p.fragment
	}
	switch {
	case p.hasAuthority:
		if p.urlEmptyAuthority() {
			return nil, ErrURLEmptyAuthority
		}
		urlAuthority(v, &p, h, dec)
		v.Path, v.RawPath = dec(p.path), p.path
	case p.hasScheme && p.path != "" && !strings.HasPrefix(p.path, "/"):
		v.Opaque = p.path
	default:
		v.Path, v.RawPath = dec(p.path), p.path
		v.OmitHost = true
	}
	if err := sameMeaning(u, v.String()); err != nil {
		return nil, err
	}
	return v, nil
}

// urlEmptyAuthority reports whether p has an empty authority that net/url
// cannot represent (see ErrURLEmptyAuthority): one with nothing in it, in
// a reference without a scheme or with an empty path.
func (p *refParts) urlEmptyAuthority() bool {
	return p.host == "" && !p.hasUserinfo && !p.hasPort && (!p.hasScheme || p.path == "")
}

// urlAuthority sets the User and Host of v from the authority of p, whose
// host is h (RFC 3986 §3.2), as net/url holds them: userinfo and a
// reg-name decoded by dec, a zone identifier decoded after a bare "%".
func urlAuthority(v *url.URL, p *refParts, h Host, dec func(string) string) {
	if p.hasUserinfo {
		user, pass, ok := strings.Cut(p.userinfo, ":")
		if ok {
			v.User = url.UserPassword(dec(user), dec(pass))
		} else {
			v.User = url.User(dec(user))
		}
	}
	v.Host = p.host
	if h.Kind() == RegName {
		v.Host = dec(p.host)
	}
	if addr, zone, ok := h.splitZone(); ok {
		// net/url keeps the zone decoded after a bare "%".
		v.Host = "[" + addr + "%" + dec(zone) + "]"
	}
	if p.hasPort {
		v.Host += ":" + p.port
	}
}

// FromURL converts v to a URI reference (RFC 3986 §4.1) by parsing
// v.String() as [URI.UnmarshalText] does: in RFC3986, or else in RFC6874
// (net/url writes zone identifiers, "[fe80::1%25en0]") or RFC3987 (net/url
// leaves non-ASCII bytes of a host unencoded); the result has the
// narrowest syntax. It returns the [*ParseError] when net/url writes
// something that is not a URI reference (net/url keeps RawQuery as given,
// for example), wrapped with the reason.
func FromURL(v *url.URL) (URI, error) {
	s := v.String()
	u, err := parseAnySyntax(s)
	if err != nil {
		return URI{}, fmt.Errorf("uri: net/url wrote an invalid URI reference (RFC 3986 §4.1): %w", err)
	}
	if _, ok := u.Fragment(); !ok && v.Fragment != "" {
		return URI{}, ErrURLChanged
	}
	return u, nil
}

// sameMeaning checks that s, which net/url wrote for u, parses back to a
// reference equivalent to u (RFC 3986 §6.2.2) and that net/url itself
// reads it.
func sameMeaning(u URI, s string) error {
	w, err := u.syntax.ParseReference(s)
	if err != nil {
		return ErrURLChanged
	}
	if Compare(u, w).Level > SyntaxBased || !Compare(u, w).Equivalent() {
		return ErrURLChanged
	}
	if _, err := url.Parse(s); err != nil {
		return ErrURLChanged
	}
	return nil
}
