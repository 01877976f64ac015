package origin

import "github.com/specuri/specuri/uri/publicsuffix"

// A Site is the site of an origin (HTML "Sites"): an opaque origin, or a
// scheme-and-host, the tuple of a scheme and a host whose registrable
// domain is itself, or that has none (an IP address, a public suffix,
// localhost). Sites group the origins of one registrant: https://a.example.com
// and https://b.example.com:8443 have the site https://example.com, while
// https://a.github.io and https://b.github.io, under a public suffix, have
// two. Like Origin it is a small comparable value; its zero value is an
// opaque site, which, like an opaque origin, cannot be told apart from
// another: compare sites with [Site.Same].
type Site struct {
	scheme, host string
}

// Site returns the site of o (HTML "obtain a site"), reading the Public
// Suffix List generated into package publicsuffix:
//
//  1. If o is opaque, the site is o (here an opaque Site).
//  2. If o's host's registrable domain is null, the site is o's scheme
//     and host.
//  3. Otherwise it is o's scheme and the registrable domain of its host.
func (o Origin) Site() Site { return o.SiteIn(publicsuffix.Default()) }

// SiteIn is [Origin.Site] with the list l, such as one read at run time
// with [publicsuffix.Parse].
func (o Origin) SiteIn(l *publicsuffix.List) Site {
	if o.IsOpaque() {
		return Site{}
	}
	// The host is serialized, so domain to ASCII cannot fail on it.
	if rd, err := l.RegistrableDomain(o.host); err == nil && rd != "" {
		return Site{o.scheme, rd}
	}
	return Site{o.scheme, o.host}
}

// IsOpaque reports whether s is the site of an opaque origin.
func (s Site) IsOpaque() bool { return s.scheme == "" }

// Scheme returns the scheme of the site in lower case, or "" for an
// opaque site.
func (s Site) Scheme() string { return s.scheme }

// Host returns the host of the site, in ASCII: a registrable domain
// ("example.co.uk"), or a host that has none ("localhost", "127.0.0.1",
// "[::1]", "github.io"); "" for an opaque site.
func (s Site) Host() string { return s.host }

// Same reports whether s and t are the same site (HTML "same site", for
// sites): two scheme-and-hosts with the same scheme and host. An opaque
// site is the same only as itself, which a value cannot know, so Same
// is false when either is opaque.
func (s Site) Same(t Site) bool { return !s.IsOpaque() && s == t }

// String returns the serialization of s (HTML "serialization of a site"):
// "null" for an opaque site, else the scheme, "://" and the host
// ("https://example.com").
func (s Site) String() string {
	if s.IsOpaque() {
		return "null"
	}
	return s.scheme + "://" + s.host
}

// AppendText implements encoding.TextAppender: [Site.String] appended to
// b.
func (s Site) AppendText(b []byte) ([]byte, error) { return append(b, s.String()...), nil }

// MarshalText implements encoding.TextMarshaler with [Site.String].
func (s Site) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// SameSite reports whether o and p are same site (HTML "same site", for
// origins): schemelessly same site ([Origin.SchemelesslySameSite]) and
// with the same scheme. It is the test of a SameSite cookie and of
// Sec-Fetch-Site: same-site. It is false when either is opaque, as
// [Origin.Same] is.
func (o Origin) SameSite(p Origin) bool {
	return o.scheme == p.scheme && o.SchemelesslySameSite(p)
}

// SchemelesslySameSite reports whether o and p are schemelessly same site
// (HTML "schemelessly same site"): both tuples, and either their hosts
// are equal and have no registrable domain, or their hosts' registrable
// domains are equal. It is false when either is opaque.
func (o Origin) SchemelesslySameSite(p Origin) bool {
	if o.IsOpaque() || p.IsOpaque() {
		return false
	}
	l := publicsuffix.Default()
	a, errA := l.RegistrableDomain(o.host)
	b, errB := l.RegistrableDomain(p.host)
	if errA != nil || errB != nil {
		return false
	}
	if a == "" {
		return o.host == p.host && b == ""
	}
	return a == b
}
