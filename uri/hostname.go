package uri

import "strings"

// Hostname returns the host (RFC 3986 §3.2.2) as a dialer takes it, as
// net/url's URL.Hostname does: an IPv4 address as written; an IPv6 literal
// without its brackets, with its zone identifier (RFC 6874 §2) decoded
// after a "%" ("fe80::1%en0" for "[fe80::1%25en0]"); a reg-name
// percent-decoded (§2.1), which can then hold any byte, a "/" or a NUL
// included, so check it before using it as a name. The port is never
// part of it; see [URI.Port].
//
// Hostname returns "" when there is no host, when the host is empty
// ("file:///p") and for an IPvFuture literal ("[v1.x]"), whose address
// format no dialer knows: returning its text would make a dialer look it
// up as a name. A dialer given "" dials the local system, so check for ""
// before dialing. [URI.Host] gives the host exactly as written in every
// case. An international name is returned as decoded, not converted: to
// resolve, send or compare a host, use [URI.ASCIIHostname], which gives
// one ASCII form for every way of writing it.
func (u URI) Hostname() string {
	h, ok := u.Host()
	if !ok {
		return ""
	}
	switch h.Kind() {
	case IPv6:
		if addr, zone, ok := h.splitZone(); ok {
			z, _ := PercentDecode(zone) // ZoneID allows only pct-encoded after "%"
			return addr + "%" + z
		}
		lit, _ := h.Literal()
		return lit
	case IPvFuture:
		return ""
	}
	return mustDecode(h.String())
}

// Username returns the user name of the userinfo (RFC 3986 §3.2.1), the
// text before its first ":", percent-decoded (§2.1), and whether the
// userinfo is defined: "http://@h/" has an empty user name, "http://h/"
// none. As with net/url, the bool tells "no userinfo" from "empty".
func (u URI) Username() (string, bool) {
	ui, ok := u.Userinfo()
	if !ok {
		return "", false
	}
	user, _, _ := strings.Cut(ui, ":")
	return mustDecode(user), true
}

// Password returns the password of the userinfo (RFC 3986 §3.2.1), the
// text after its first ":", percent-decoded (§2.1), and whether there is
// one, that is, whether the userinfo has a ":": "http://u:@h/" has an
// empty password, "http://u@h/" none. The "user:password" form is
// deprecated (§3.2.1) and a password must not be logged or displayed
// (§7.5); see [URI.Redacted].
func (u URI) Password() (string, bool) {
	ui, _ := u.Userinfo()
	_, pass, ok := strings.Cut(ui, ":")
	if !ok {
		return "", false
	}
	return mustDecode(pass), true
}

// RequestURI returns the target of an HTTP request for u in origin-form
// (RFC 9112 §3.2.1), as net/url's URL.RequestURI does:
//
//	origin-form = absolute-path [ "?" query ]
//
// that is, the path as written, "/" if it is empty, followed by "?" and
// the query when the query is defined, even empty ("http://h?" gives
// "/?"). The fragment is never sent (RFC 3986 §3.5). For a URI whose path
// is rootless ("mailto:a@b", "urn:x:y?z") and for a relative-path
// reference ("a/b"), it returns the path as written ("a@b", "x:y?z"), as
// net/url returns the Opaque part: that is not an origin-form, and such a
// URI is not requested from an origin server.
//
// A request target is ASCII: for an IRI (RFC 3987), RequestURI returns the
// target of the URI it maps to (RFC 3987 §3.1), [URI.ToURI].
func (u URI) RequestURI() string {
	u = u.ToURI()
	path := u.Path().String()
	if path == "" {
		path = "/" // RFC 9112 §3.2.1: an empty path is sent as "/"
	}
	q, ok := u.Query()
	if !ok {
		return path
	}
	return path + "?" + q
}

// mustDecode percent-decodes text that the grammar matched, in which every
// "%" starts a pct-encoded (RFC 3986 §2.1), so it cannot fail.
func mustDecode(s string) string {
	d, err := PercentDecode(s)
	if err != nil {
		panic("uri: internal error: parsed component does not decode: " + err.Error())
	}
	return d
}
