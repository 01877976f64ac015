// Package neturl converts between package uri's values and net/url's
// [url.URL], for the programs that hand a URI to net/http or take one from
// it. A [uri.URI] keeps a reference as written (RFC 3986); a url.URL keeps
// some components decoded and cannot represent every reference, so
// [FromURI] refuses, with an error of this package, what it would write
// with another meaning, and [ToURI] parses what net/url writes.
package neturl

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/specuri/specuri/uri"
)

// FromURI converts u to a *url.URL whose String() is u or, where net/url
// re-encodes (hosts and userinfo are stored decoded), a reference
// equivalent to u under syntax-based normalization (RFC 3986 §6.2.2). It
// returns [ErrEmptyFragment], [ErrIPvFuture], [ErrEmptyAuthority] or
// [ErrChanged] rather than a url.URL that means something else.
//
// A URI whose path does not start with "/" and has no authority
// ("mailto:a@b", "urn:x:y") becomes an opaque url.URL (Opaque set).
//
// A zone identifier (RFC 6874) is represented as net/url does: the host
// "[fe80::1%25en0]" is Host "[fe80::1%en0]", whose Hostname() is
// "fe80::1%en0". A url.URL holds a URI, so an IRI (Syntax RFC3987) is
// converted as the URI it maps to, [uri.URI.ToURI] (RFC 3987 §3.1): then
// ToURI(FromURI(u)) is u.ToURI(), up to equivalence.
func FromURI(u uri.URI) (*url.URL, error) {
	u = u.ToURI()
	if f, ok := u.Fragment(); ok && f == "" {
		return nil, ErrEmptyFragment
	}
	h, hasHost := u.Host()
	if h.Kind() == uri.IPvFuture && hasHost {
		return nil, ErrIPvFuture
	}
	scheme, hasScheme := u.Scheme()
	query, hasQuery := u.Query()
	path := u.Path().String()
	v := &url.URL{Scheme: scheme, RawQuery: query, ForceQuery: hasQuery && query == ""}
	if f, ok := u.Fragment(); ok {
		v.Fragment, v.RawFragment = decode(f), f
	}
	switch {
	case hasHost:
		if emptyAuthority(u, h, hasScheme, path) {
			return nil, ErrEmptyAuthority
		}
		setAuthority(v, u, h)
		v.Path, v.RawPath = decode(path), path
	case hasScheme && path != "" && !strings.HasPrefix(path, "/"):
		v.Opaque = path
	default:
		v.Path, v.RawPath = decode(path), path
		v.OmitHost = true
	}
	if err := sameMeaning(u, v.String()); err != nil {
		return nil, err
	}
	return v, nil
}

// decode percent-decodes s, a component of a parsed URI, which always
// decodes (RFC 3986 §2.1).
func decode(s string) string {
	d, _ := uri.PercentDecode(s)
	return d
}

// emptyAuthority reports whether u has an empty authority that net/url
// cannot represent (see [ErrEmptyAuthority]): one with nothing in it, in a
// reference without a scheme or with an empty path.
func emptyAuthority(u uri.URI, h uri.Host, hasScheme bool, path string) bool {
	_, hasUserinfo := u.Userinfo()
	_, hasPort := u.Port()
	return h.String() == "" && !hasUserinfo && !hasPort && (!hasScheme || path == "")
}

// setAuthority sets the User and Host of v from the authority of u, whose
// host is h (RFC 3986 §3.2), as net/url holds them: userinfo and a
// reg-name decoded, a zone identifier decoded after a bare "%".
func setAuthority(v *url.URL, u uri.URI, h uri.Host) {
	if ui, ok := u.Userinfo(); ok {
		user, pass, hasPass := strings.Cut(ui, ":")
		if hasPass {
			v.User = url.UserPassword(decode(user), decode(pass))
		} else {
			v.User = url.User(decode(user))
		}
	}
	v.Host = h.String()
	if h.Kind() == uri.RegName {
		v.Host = decode(v.Host)
	}
	if zone, ok := h.Zone(); ok {
		// net/url keeps the zone decoded after a bare "%".
		lit, _ := h.Literal()
		addr, _, _ := strings.Cut(lit, "%25")
		v.Host = "[" + addr + "%" + zone + "]"
	}
	if port, ok := u.Port(); ok {
		v.Host += ":" + port
	}
}

// sameMeaning checks that s, which net/url wrote for u, parses back to a
// reference equivalent to u (RFC 3986 §6.2.2) and that net/url itself
// reads it.
func sameMeaning(u uri.URI, s string) error {
	w, err := u.Syntax().ParseReference(s)
	if err != nil {
		return ErrChanged
	}
	if c := uri.Compare(u, w); c.Level > uri.SyntaxBased || !c.Equivalent() {
		return ErrChanged
	}
	if _, err := url.Parse(s); err != nil {
		return ErrChanged
	}
	return nil
}

// ToURI converts v to a URI reference (RFC 3986 §4.1) by parsing
// v.String() as [uri.URI.UnmarshalText] does: in RFC3986, or else in
// RFC6874 (net/url writes zone identifiers, "[fe80::1%25en0]") or RFC3987
// (net/url leaves non-ASCII bytes of a host unencoded); the result has the
// narrowest syntax. It returns the [*uri.ParseError] when net/url writes
// something that is not a URI reference (net/url keeps RawQuery as given,
// for example), wrapped with the reason, and [ErrChanged] when the
// reference loses v's fragment.
func ToURI(v *url.URL) (uri.URI, error) {
	var u uri.URI
	if err := u.UnmarshalText([]byte(v.String())); err != nil {
		var pe *uri.ParseError
		if errors.As(err, &pe) {
			err = pe
		}
		return uri.URI{}, fmt.Errorf("neturl: net/url wrote an invalid URI reference (RFC 3986 §4.1): %w", err)
	}
	if _, ok := u.Fragment(); !ok && v.Fragment != "" {
		return uri.URI{}, ErrChanged
	}
	return u, nil
}
