// Package origin computes the origin of a URI as a browser computes it
// (URL Standard §4 "origin"; HTML "Origins"; RFC 6454), and compares
// origins. It reads a [uri.URI] through uri's public API, as package
// uri/urn does, and a [whatwg.URL] through its getters. The site of an
// origin and same-site ("obtain a site", HTML "Sites"), which read the
// Public Suffix List, live here too.
//
// An [Origin] is the tuple of a scheme, a host and a port, or an opaque
// origin. The host is the URL Standard's: the host parser reads it
// (percent-decoding, "domain to ASCII" with UTS #46, the IPv4 parser with
// its hexadecimal, octal and short forms, the IPv6 parser) and the host
// serializer writes it, so "http://2130706433/", "http://0x7f.1/" and
// "http://127.0.0.1./" all have the origin "http://127.0.0.1", and
// "http://[0:0::1]/" has "http://[::1]". A host the URL Standard rejects
// ("http://..7/", the IPvFuture literal "http://[v1.x]/", an IPv6 zone
// "http://[fe80::1%25en0]/", which no browser reads) gives an opaque
// origin, so [Origin.Same] agrees with a browser.
package origin

import (
	"strconv"
	"strings"

	iw "github.com/specuri/specuri/internal/whatwg"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/whatwg"
)

// An Origin is the origin of a URL (URL Standard §4 "origin", HTML
// "Origins"; RFC 6454 §3.2): the tuple of a scheme, a host and a port,
// or an opaque origin, the "globally unique identifier" RFC 6454 §4 gives
// every URI whose scheme defines no tuple. Like net/netip.Addr, it is a
// small comparable value; its zero value is an opaque origin.
//
// Two tuples are the same origin exactly when they are == (HTML "same
// origin"; RFC 6454 §5). An opaque origin is the same only as itself;
// this value cannot tell two of them apart, so use [Origin.Same], which
// is false for opaque origins, to compare origins.
type Origin struct {
	scheme, host string
	port         uint16
}

// Of returns the origin of u (URL Standard §4 "origin", RFC 6454 §4),
// read from u's scheme, host and port:
//
//   - for an http, https, ws, wss or ftp URI with a non-empty host that
//     the URL Standard's host parser accepts and a port that fits 16
//     bits, the tuple of its scheme in lower case, its host as the host
//     serializer writes it (see [Origin.Host]) and its effective port:
//     the port written, or the scheme's default port (80 for http and ws,
//     443 for https and wss, 21 for ftp) when the port is empty or absent
//     (RFC 6454 §4 step 6; URL Standard "default port");
//   - for a blob URI, the origin of the http or https URI its path is
//     (URL Standard §4 "origin", "blob");
//   - an opaque origin otherwise: for a relative reference (RFC 6454 §4
//     step 1), for every other scheme, file, urn, mailto and data
//     included (the URL Standard leaves file's origin "as an exercise to
//     the reader" and advises an opaque one), for an http URI with no
//     host or an empty one ("http:///x", which RFC 9110 §4.2.1 makes
//     invalid), for a host the URL Standard rejects, and for a port
//     beyond 65535.
//
// Of reads the components as RFC 3986 splits them; it does not apply the
// scheme's own rules beyond the empty host: an http URI with a userinfo,
// which RFC 9110 §4.2.4 treats as an error, has the origin of its host,
// and the userinfo is never part of an origin. For the origin a browser
// gives a string, which may split it differently ("http:/x" has the host
// "x" there), use [OfURL] on [whatwg.Parse]'s result.
func Of(u uri.URI) Origin {
	scheme, ok := u.Scheme()
	if !ok {
		return Origin{}
	}
	scheme = strings.ToLower(scheme)
	if scheme == "blob" {
		p, err := u.Syntax().Parse(u.Path().String())
		if sc, _ := p.Scheme(); err != nil || !blobPathScheme(sc) {
			return Origin{}
		}
		return Of(p)
	}
	def := iw.DefaultPort(scheme)
	if def < 0 {
		return Origin{}
	}
	h, ok := u.Host()
	if !ok || h.String() == "" {
		return Origin{}
	}
	host, ok := serializeHost(u, h)
	if !ok {
		return Origin{}
	}
	ps, _ := u.Port()
	port, ok := parsePort(ps, def)
	if !ok {
		return Origin{}
	}
	return Origin{scheme: scheme, host: host, port: port}
}

// OfURL returns the origin of u (URL Standard §4 "origin"), the origin
// whose serialization is [whatwg.URL.Origin]: the tuple of u's scheme,
// host and effective port for http, https, ws, wss and ftp; for blob,
// the origin of the http or https URL its path parses as; an opaque
// origin otherwise, and for the zero URL.
func OfURL(u whatwg.URL) Origin {
	scheme := u.Scheme()
	if scheme == "blob" {
		p, err := whatwg.Parse(u.Pathname())
		if err != nil || !blobPathScheme(p.Scheme()) {
			return Origin{}
		}
		return OfURL(p)
	}
	def := iw.DefaultPort(scheme)
	if def < 0 || u.Hostname() == "" {
		return Origin{}
	}
	port, ok := parsePort(u.Port(), def)
	if !ok {
		return Origin{} // not reached: the URL parser refuses such a port
	}
	return Origin{scheme: scheme, host: u.Hostname(), port: port}
}

// blobPathScheme reports whether the URL a blob URL's path parses as
// gives the blob URL its origin (URL Standard §4 "origin", "blob": "If
// pathURL's scheme is "http", "https", or "file""; file's origin is
// opaque, so only http and https give a tuple).
func blobPathScheme(scheme string) bool {
	return strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https")
}

// serializeHost returns the URL Standard's host parser's result on h
// (special, not opaque), as the host serializer writes it, and false
// when the parser fails.
func serializeHost(u uri.URI, h uri.Host) (string, bool) {
	switch h.Kind() {
	case uri.IPv4:
		// An IPv4address (RFC 3986 §3.2.2) has no leading zero: the IPv4
		// parser reads it as the serializer writes it.
		return h.String(), true
	case uri.RegName:
		// ASCIIHostname is the URL Standard's domain to ASCII, and refuses
		// a name that ends in a number unless it is an IPv4address: its
		// result is the host parser's.
		if name, err := u.ASCIIHostname(); err == nil {
			return name, true
		}
	}
	// The rest (IP literals, names that end in a number, names whose
	// ASCII form holds a byte RFC 3986 keeps out of a reg-name) is the
	// URL parser's to read. h holds none of "/?#@\" and no ":" outside
	// brackets, so the authority of this URL is h.
	w, err := whatwg.Parse("http://" + h.String() + "/")
	if err != nil {
		return "", false
	}
	return w.Hostname(), true
}

// parsePort returns the port written in s (RFC 3986 §3.2.3 port =
// *DIGIT), or def when s is empty, and false when it is beyond 65535.
func parsePort(s string, def int) (uint16, bool) {
	if s == "" {
		return uint16(def), true
	}
	n, err := strconv.ParseUint(s, 10, 16)
	return uint16(n), err == nil
}

// IsOpaque reports whether o is an opaque origin, not a scheme/host/port
// tuple.
func (o Origin) IsOpaque() bool { return o.scheme == "" }

// Scheme returns the scheme of the tuple in lower case ("https"), or ""
// for an opaque origin.
func (o Origin) Scheme() string { return o.scheme }

// Host returns the host of the tuple as the URL Standard's host
// serializer writes it: a domain in lower case and A-labels
// ("example.com", "xn--99zt52a.example.org"), an IPv4 address in dotted
// decimal ("127.0.0.1"), an IPv6 address in brackets in its compressed
// form ("[::1]", "[::ffff:102:304]"); or "" for an opaque origin.
func (o Origin) Host() string { return o.host }

// Port returns the effective port of the tuple: the port the URI gave,
// or the scheme's default port when it gave none or an empty one (80 for
// http, 443 for https), so that "http://example.com/" and
// "http://example.com:80/" have the same origin. It returns 0 for an
// opaque origin.
func (o Origin) Port() uint16 { return o.port }

// Same reports whether o and p are the same origin (HTML "same origin";
// RFC 6454 §5): two tuples with the same scheme, host and port. An opaque
// origin is the same only as itself, which a value cannot know, so Same
// is false when either is opaque.
func (o Origin) Same(p Origin) bool { return !o.IsOpaque() && o == p }

// String returns the serialization of o (HTML "serialization of an
// origin"; RFC 6454 §6.2): "null" for an opaque origin, else the scheme,
// "://", the host, and ":" and the port when it is not the scheme's
// default ("https://example.com", "http://example.com:8080").
func (o Origin) String() string {
	var a [64]byte
	b, _ := o.AppendText(a[:0])
	return string(b)
}

// AppendText implements encoding.TextAppender: [Origin.String] appended
// to b.
func (o Origin) AppendText(b []byte) ([]byte, error) {
	if o.IsOpaque() {
		return append(b, "null"...), nil
	}
	b = append(b, o.scheme...)
	b = append(b, "://"...)
	b = append(b, o.host...)
	if int(o.port) != iw.DefaultPort(o.scheme) {
		b = append(b, ':')
		b = strconv.AppendUint(b, uint64(o.port), 10)
	}
	return b, nil
}

// MarshalText implements encoding.TextMarshaler with [Origin.String].
func (o Origin) MarshalText() ([]byte, error) { return []byte(o.String()), nil }
