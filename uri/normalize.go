package uri

import (
	"strconv"
	"strings"

	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/uri/internal/octets"
	"github.com/specuri/specuri/uri/internal/scheme"
)

// NormalizeOptions selects the normalizations [NormalizeOptions.Normalize]
// applies on top of syntax-based normalization (RFC 3986 §6.2.2), which it
// always applies. The zero value is syntax-based normalization only, what
// [URI.Normalize] does.
type NormalizeOptions struct {
	// SchemeBased adds scheme-based normalization (RFC 3986 §6.2.3): an
	// empty port and its ":" are removed for every scheme (§3.2.3), so are
	// the leading zeros of a port, a decimal number (§3.2.3: ":08080" is
	// ":8080"), and a port equal to the scheme's default (80 for http and
	// ws, RFC 9110 §4.2.1, RFC 6455 §3; 443 for https and wss, RFC 9110
	// §4.2.2; 21 for ftp, RFC 1738 §3.2).
	//
	// For a scheme that uses domain names ([UsesDomainNames]), a reg-name
	// host is written in the form UTS #46 gives it (RFC 3987 §5.3.3:
	// "Scheme-based normalization may also consider IDN components and
	// their conversions to punycode as equivalent"; RFC 9110 §4.2.3): the
	// host of [URI.ASCIIHostname] in a URI ("http://B%C3%9Ccher.de" gives
	// "http://xn--bcher-kva.de"), its U-labels in an IRI, which §5.3.3
	// says "SHOULD NOT be converted into ASCII Compatible Encoding"
	// ("HTTP://BÜCHER.de" and "http://xn--bcher-kva.de" give
	// "http://bücher.de"). A host that UTS #46 rejects keeps its
	// syntax-based form.
	//
	// It also applies the normalization of each scheme with rules of its
	// own ([HasSchemeRules]): for http, https, ws and wss, an empty path
	// with an authority becomes "/" (RFC 9110 §4.2.3, RFC 6455 §3); for
	// urn, the NID in lower case (RFC 8141 §3.1). The r-, q- and f-components of a URN are kept: they are
	// ignored by URN-equivalence, which is [Compare]'s, not removed. Note
	// that the decoding of unreserved octets (RFC 3986 §6.2.2.2), which
	// every normalization applies, gives a URN that RFC 8141 §3.1 does
	// not call equivalent ("urn:ex:a%2D" and "urn:ex:a-"): compare URNs
	// with [Compare], not by their normalizations.
	SchemeBased bool
	// NFC applies character normalization (RFC 3987 §5.3.2.2) to an IRI:
	// the text of its userinfo, host, path, query and fragment is put in
	// Unicode Normalization Form C (UAX #15), so that "re\u0301sume\u0301"
	// and "résumé" normalize alike. RFC 3987 §5.3.2.2 says equivalence
	// "MUST rely on the assumption that IRIs are appropriately
	// pre-character-normalized": [Compare] does not apply it, and it is an
	// option here for producing IRIs, which "SHOULD be created by using
	// NFC". A URI (ASCII) is left as it is; so is an IRI whose normalized
	// text would not be an IRI any more.
	NFC bool
	// IPv6Canonical writes IPv6 literals in the canonical text form of RFC
	// 5952 ("[2001:db8::1]", IPv4-mapped addresses as "[::ffff:1.2.3.4]").
	// RFC 3986 §6.2.2 itself only lower-cases them.
	IPv6Canonical bool
}

// Normalize returns u after syntax-based normalization (RFC 3986 §6.2.2);
// it is NormalizeOptions{}.Normalize(u):
//
//   - case (§6.2.2.1): the scheme and the host are lower-cased, the
//     hexadecimal digits of percent-encodings upper-cased;
//   - percent-encoding (§6.2.2.2): octets of unreserved characters (§2.3)
//     are decoded in every component; no other octet is, so "%2F" stays;
//   - path segments (§6.2.2.3): remove_dot_segments (§5.2.4) is applied to
//     hierarchical paths: a path after an authority, and a path that starts
//     with "/". A relative-path reference keeps its dot-segments, since
//     they change what it resolves to (§5.2) and §6 defines normalization
//     for URIs. So does a URI with no authority and a rootless path
//     ("urn:example:a/../b", "data:text/plain,a/../b", "mailto:a@b"): its
//     path is not a hierarchy (§1.2.3: for some schemes "everything after
//     the scheme component delimiter (":") is considered opaque to URI
//     processing"), and dot-segments "are defined for relative reference
//     within the path name hierarchy" (§3.3);
//
// As in resolution, "/." is written before a path that would otherwise
// start with "//" without an authority ("a:/x/..//y" gives "a:/.//y"), so
// the result parses to the same structure. Normalization is idempotent.
func (u URI) Normalize() URI { return NormalizeOptions{}.Normalize(u) }

// Normalize returns u normalized as o selects (RFC 3986 §6.2.2, §6.2.3);
// see [URI.Normalize] and the fields of [NormalizeOptions].
func (o NormalizeOptions) Normalize(u URI) URI {
	p := o.normalizeParts(u, false)
	return p.uri()
}

// normalizeParts returns the parts of u normalized as o selects, ready to
// be recomposed. With asciiHosts, scheme-based normalization writes the
// host of a scheme that uses domain names in its ASCII form in an IRI too:
// the form [Compare] compares (RFC 3987 §5.3.3).
func (o NormalizeOptions) normalizeParts(u URI, asciiHosts bool) refParts {
	p := refPartsOf(u)
	h, _ := u.Host()
	// §6.2.2.1: scheme to lower case.
	p.scheme = strings.ToLower(p.scheme)
	p.userinfo = normalizePercent(p.userinfo)
	if p.hasAuthority {
		p.host = normalizeHost(h, o.IPv6Canonical)
	}
	p.path = normalizePercent(p.path)
	p.query = normalizePercent(p.query)
	p.fragment = normalizePercent(p.fragment)
	// RFC 3987 §5.3.2.2 after the case and percent-encoding steps, whose
	// results it must see: lower-casing "AY\u030A" gives "ay\u030A", whose
	// NFC is "a\u1E99", and decoding "%41\u030A" gives "A\u030A".
	if o.NFC && u.syntax == RFC3987 {
		nfcParts(&p, &h)
	}
	if p.hasAuthority && o.SchemeBased && UsesDomainNames(p.scheme) {
		p.host = hostForScheme(p.host, h.kind, u.syntax == RFC3987 && !asciiHosts)
	}
	// §6.2.2.3: dot-segments, for hierarchical paths only (§3.3, §1.2.3):
	// not for a rootless path, of a URI or of a relative reference.
	if p.hasAuthority || strings.HasPrefix(p.path, "/") {
		p.path = RemoveDotSegments(p.path)
	}
	if o.SchemeBased {
		schemeBased(&p)
		if r := rulesOf(p.scheme); p.hasScheme && r != nil && r.normalize != nil {
			r.normalize(&p)
		}
	}
	p.protectPath()
	return p
}

// schemeBased applies scheme-based normalization (RFC 3986 §6.2.3) to p.
func schemeBased(p *refParts) {
	if p.hasPort {
		if len(p.port) > 1 && p.port[0] == '0' {
			// §3.2.3: a port is a decimal number; keep one digit of "00".
			p.port = strings.TrimLeft(p.port[:len(p.port)-1], "0") + p.port[len(p.port)-1:]
		}
		if p.port == "" {
			p.hasPort = false // §3.2.3: omit an empty port and its ":"
		} else if def, ok := scheme.DefaultPort(p.scheme); ok {
			if n, err := strconv.ParseUint(p.port, 10, 16); err == nil && uint16(n) == def {
				p.hasPort = false
			}
		}
	}
}

// normalizeHost lower-cases a host (RFC 3986 §3.2.2, §6.2.2.1) apart from
// its percent-encodings, and decodes those of unreserved octets (§6.2.2.2).
func normalizeHost(h Host, ipv6Canonical bool) string {
	if addr, zone, ok := h.splitZone(); ok {
		// RFC 6874 §2: the zone identifier is not part of RFC 3986's
		// case-insensitive host; only its percent-encodings are
		// normalized.
		a := Host{s: "[" + addr + "]", kind: IPv6}
		s := normalizeHost(a, ipv6Canonical)
		return s[:len(s)-1] + "%25" + normalizePercent(zone) + "]"
	}
	if ipv6Canonical && h.Kind() == IPv6 {
		if a, ok := h.Addr(); ok {
			return "[" + a.String() + "]"
		}
	}
	return lowerOutsidePercent(normalizePercent(h.String()))
}

// lowerOutsidePercent lower-cases s except the hexadecimal digits of its
// percent-encodings, which normalizePercent has upper-cased.
func lowerOutsidePercent(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '%':
			i += 2
		case 'A' <= c && c <= 'Z':
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// normalizePercent decodes the percent-encoded octets of unreserved
// characters and upper-cases the hexadecimal digits of the others
// (RFC 3986 §6.2.2.1, §6.2.2.2). s comes from a parsed URI, so every "%" is followed
// by two hexadecimal digits.
func normalizePercent(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' || i+2 >= len(s) {
			b = append(b, c)
			continue
		}
		v := octets.Unhex(s[i+1])<<4 | octets.Unhex(s[i+2])
		if octets.Unreserved.Has(v) {
			b = append(b, v)
		} else {
			b = append(b, '%', octets.UpperHex[v>>4], octets.UpperHex[v&15])
		}
		i += 2
	}
	return string(b)
}

// nfcParts puts the text of the components of p, the parts of an IRI
// after the case and percent-encoding normalizations (RFC 3986 §6.2.2.1,
// §6.2.2.2), in NFC (RFC 3987 §5.3.2.2, UAX #15), unless that would make
// them something other than an IRI's; h becomes the host of the result.
// A reg-name is lower-cased again, since NFC maps U+212A KELVIN SIGN to
// "K", and put in NFC again if that undid it; NFC has no U+212A, so the
// result is lower-case and in NFC, and a second normalization keeps it.
func nfcParts(p *refParts, h *Host) {
	if norm.IsNFC(p.userinfo) && norm.IsNFC(p.host) && norm.IsNFC(p.path) &&
		norm.IsNFC(p.query) && norm.IsNFC(p.fragment) {
		return
	}
	q := *p
	q.userinfo = norm.NFC(q.userinfo)
	q.host = norm.NFC(q.host)
	if !strings.HasPrefix(q.host, "[") {
		if q.host = lowerOutsidePercent(q.host); !norm.IsNFC(q.host) { // §6.2.2.1
			q.host = norm.NFC(q.host)
		}
	}
	q.path = norm.NFC(q.path)
	q.query = norm.NFC(q.query)
	q.fragment = norm.NFC(q.fragment)
	v, err := q.check()
	if err != nil {
		return
	}
	// The text must delimit as it did: NFC maps no character to a
	// delimiter of RFC 3986 §2.2 but ";" (U+037E), which this keeps.
	r := refPartsOf(v)
	if r.userinfo != q.userinfo || r.host != q.host || r.path != q.path || r.query != q.query || r.fragment != q.fragment {
		return
	}
	*p = r
	*h, _ = v.Host()
}
