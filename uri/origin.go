package uri

import (
	"strconv"
	"strings"
)

// An Origin is the origin of a URI (RFC 6454 §3.2, §4): the triple of a
// scheme, a host and a port of an http, https, ws or wss URI, or an opaque
// origin, the "globally unique identifier" RFC 6454 §4 gives every other
// URI. Like net/netip.Addr, it is a small comparable value; its zero value
// is an opaque origin.
//
// Two triples are the same origin exactly when they are == (RFC 6454 §5).
// RFC 6454 makes every opaque origin unique, the same only as itself; this
// value cannot tell two of them apart, so use [Origin.Same], which is
// false for opaque origins, to compare origins as §5 does.
type Origin struct {
	scheme, host string
	port         uint16
}

// Origin returns the origin of u (RFC 6454 §4):
//
//   - for an http, https, ws or wss URI with a non-empty host and a port
//     that fits 16 bits, the triple of its scheme and host in lower case
//     (RFC 6454 §4 steps 2 and 5, i;ascii-casemap) and its port, or the
//     scheme's default port (80 for http and ws, 443 for https and wss)
//     when the port is empty or absent (step 6; RFC 9110 §4.2.1: "If the
//     port subcomponent is empty or not given, TCP port 80 ... is the
//     default");
//   - an opaque origin otherwise: for a relative reference (step 1), for
//     every other scheme, such as file, urn, mailto and data (steps 1 and
//     3: RFC 6454 defines the origin of no other scheme, and step 4
//     leaves that of file URIs to the implementation), for an http URI
//     with an empty host (RFC 9110 §4.2.1 makes it invalid) and for a port
//     beyond 65535.
//
// The host is serialized as a browser serializes it (RFC 6454 §6.2, which
// assumes IDNA has been applied; URL Standard, host serializing): a
// reg-name, percent-decoded, in the ASCII form of the URL Standard's
// "domain to ASCII" (UTS #46 §4.2, [idna.ToASCII]): A-labels in lower case,
// the host of [URI.ASCIIHostname], so "http://納豆.example.org" and
// "http://xn--99zt52a.example.org" have the same origin, whatever the
// syntax the value was parsed with. An IP literal or IPv4 address is
// written as syntax-based normalization writes it (RFC 3986 §6.2.2, as
// [Compare] compares hosts): lower-cased, with its brackets, and any zone
// identifier (RFC 6874 §2) in its own case, only its percent-encodings
// normalized, so "[fe80::1%25EN0]" and "[fe80::1%25en0]" are different
// origins, as they are different hosts. A
// reg-name that domain to ASCII rejects, or whose ASCII form holds a byte
// a host cannot hold unencoded ("a%2Fb"), is a host no browser contacts:
// its origin is opaque.
//
// Origin reads the components; it does not apply the scheme's own rules
// beyond the empty host: an http URI with a userinfo, which RFC 9110
// §4.2.4 treats as an error, has the origin of its host, and the userinfo
// is never part of an origin.
func (u URI) Origin() Origin {
	scheme, ok := u.Scheme()
	if !ok {
		return Origin{}
	}
	scheme = strings.ToLower(scheme)
	def, ok := httpDefaultPort(scheme)
	if !ok {
		return Origin{}
	}
	h, ok := u.Host()
	if !ok || h.String() == "" {
		return Origin{}
	}
	var host string
	if h.kind == RegName {
		a, err := regNameToASCII(h.s)
		if err != nil {
			return Origin{}
		}
		host = a
	} else {
		host = normalizeHost(h, false)
	}
	port := def
	if ps, _ := u.Port(); ps != "" {
		n, err := strconv.ParseUint(ps, 10, 16)
		if err != nil {
			return Origin{}
		}
		port = uint16(n)
	}
	return Origin{scheme: scheme, host: host, port: port}
}

// IsOpaque reports whether o is an opaque origin, not a scheme/host/port
// triple (RFC 6454 §4).
func (o Origin) IsOpaque() bool { return o.scheme == "" }

// Scheme returns the scheme of the triple in lower case ("https"), or ""
// for an opaque origin.
func (o Origin) Scheme() string { return o.scheme }

// Host returns the host of the triple in lower case, a domain name in
// A-labels ("example.com", "xn--99zt52a.example.org", "[::1]"), or "" for
// an opaque origin.
func (o Origin) Host() string { return o.host }

// Port returns the port of the triple, the scheme's default port when
// the URI gave none (RFC 6454 §4 step 6), or 0 for an opaque origin.
func (o Origin) Port() uint16 { return o.port }

// Same reports whether o and p are the same origin (RFC 6454 §5): two
// triples with the same scheme, host and port. An opaque origin is the
// same only as itself, which a value cannot know, so Same is false when
// either is opaque.
func (o Origin) Same(p Origin) bool { return !o.IsOpaque() && o == p }

// String returns the ASCII serialization of o (RFC 6454 §6.2): "null" for
// an opaque origin, else the scheme, "://", the host, and ":" and the
// port when it is not the scheme's default ("https://example.com",
// "http://example.com:8080").
func (o Origin) String() string {
	if o.IsOpaque() {
		return "null"
	}
	s := o.scheme + "://" + o.host
	if def, _ := httpDefaultPort(o.scheme); o.port != def {
		s += ":" + strconv.FormatUint(uint64(o.port), 10)
	}
	return s
}

// MarshalText implements encoding.TextMarshaler with [Origin.String].
func (o Origin) MarshalText() ([]byte, error) { return []byte(o.String()), nil }
