package uri

import "github.com/specuri/specuri/uri/internal/octets"

// Level is a rung of the comparison ladder of RFC 3986 §6.2: the first step
// at which two URI references become equal.
type Level uint8

// The rungs of the comparison ladder (RFC 3986 §6.2), from cheapest to
// most expensive. Protocol-based normalization (§6.2.4) needs the network
// and is not a rung here.
const (
	// Different: the references differ even after scheme-based
	// normalization (RFC 3986 §6.2.3); [Comparison.Component] names where.
	Different Level = iota
	// Exact: simple string comparison (RFC 3986 §6.2.1) finds them equal.
	Exact
	// SyntaxBased: equal after syntax-based normalization (RFC 3986 §6.2.2).
	SyntaxBased
	// SchemeBased: equal only after scheme-based normalization
	// (RFC 3986 §6.2.3).
	SchemeBased
)

var levelNames = [...]string{
	Different:   "different",
	Exact:       "exact",
	SyntaxBased: "syntax-based",
	SchemeBased: "scheme-based",
}

// String returns the rung's name: "exact", "syntax-based", "scheme-based"
// or "different" (RFC 3986 §6.2).
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return ""
}

// MarshalText implements [encoding.TextMarshaler] with the name String
// returns (RFC 3986 §6.2).
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// Comparison is the result of [Compare] (RFC 3986 §6.2).
type Comparison struct {
	// Level is the first rung of the ladder at which the references are
	// equal, or Different.
	Level Level
	// Component is, when Level is Different, the ABNF name of the first
	// component, in the order of §3, that still differs after scheme-based
	// normalization: "scheme", "authority" (defined in one only),
	// "userinfo", "host", "port", "path", "query" or "fragment"; for two
	// URNs, "NID" or "NSS" (RFC 8141 §2). It is "" otherwise.
	Component string
}

// Equivalent reports whether the references are equal at some rung of the
// ladder (RFC 3986 §6.2).
func (c Comparison) Equivalent() bool { return c.Level != Different }

// Compare climbs the comparison ladder of RFC 3986 §6.2 with a and b:
// simple string comparison (§6.2.1), then syntax-based normalization
// (§6.2.2, [URI.Normalize]), then scheme-based normalization (§6.2.3,
// NormalizeOptions{SchemeBased: true}). It reports the first rung at which
// they are equal or, if none, the first component that differs.
//
// For IRIs it climbs the ladder of RFC 3987 §5.3: simple string comparison
// is character by character and "MUST NOT map IRIs to URIs" (§5.3.1);
// syntax-based comparison aligns percent-encoding (§5.3.2.3) by comparing
// the URIs the normalized IRIs map to (§3.1 step 2), so
// "http://example.org/rosé" and "http://example.org/ros%C3%A9" are
// SyntaxBased; character normalization (§5.3.2.2) is not applied, since
// "Equivalence of IRIs MUST rely on the assumption that IRIs are
// appropriately pre-character-normalized" (see [NormalizeOptions.NFC]).
// At the scheme-based rung, the hosts of a scheme that uses domain names
// ([UsesDomainNames]) are equal when their ASCII forms are (UTS #46 §4.2,
// [URI.ASCIIHostname]; RFC 3987 §5.3.3, RFC 9110 §4.2.3):
// "http://BÜCHER.de/" and "http://xn--bcher-kva.de/" are SchemeBased.
//
// Like §6.2.3, it keeps an empty query or fragment distinct from an
// undefined one: "http://example.com/?" equals none of the other forms of
// "http://example.com/".
//
// Two URNs (RFC 8141 §2, both matching namestring) are compared by
// URN-equivalence instead (RFC 8141 §3.1): equal when "urn" and the NID
// are equal ignoring case and the NSS are equal octet by octet but for the
// case of percent-encodings, which are not decoded; the r-, q- and
// f-components are ignored. "urn:example:a123" and "URN:EXAMPLE:a123" are
// equivalent, "urn:example:a-" and "urn:example:a%2D" are not. The Level
// of equivalent URNs is SyntaxBased when syntax-based normalization makes
// them equal too, SchemeBased otherwise.
func Compare(a, b URI) Comparison {
	if a.String() == b.String() {
		return Comparison{Level: Exact}
	}
	if nidA, nssA, ok := urnKey(a); ok {
		if nidB, nssB, ok := urnKey(b); ok {
			switch {
			case nidA != nidB:
				return Comparison{Level: Different, Component: "NID"}
			case nssA != nssB:
				return Comparison{Level: Different, Component: "NSS"}
			case a.Normalize().String() == b.Normalize().String():
				return Comparison{Level: SyntaxBased}
			}
			return Comparison{Level: SchemeBased}
		}
	}
	if na, nb := a.Normalize(), b.Normalize(); na.String() == nb.String() ||
		(na.syntax == RFC3987 || nb.syntax == RFC3987) && alignPercent(na) == alignPercent(nb) {
		return Comparison{Level: SyntaxBased}
	}
	pa, pb := schemeKey(a), schemeKey(b)
	if pa.String() == pb.String() {
		return Comparison{Level: SchemeBased}
	}
	return Comparison{Level: Different, Component: firstDifference(pa, pb)}
}

// alignPercent returns the text of n, a syntax-normalized reference, with
// the percent-encoding of IRIs aligned (RFC 3987 §5.3.2.3): mapped to a
// URI as §3.1 step 2 does, every non-ASCII character as its percent-encoded
// UTF-8 octets in upper case, which normalization writes the others in.
func alignPercent(n URI) string {
	if n.syntax != RFC3987 {
		return n.s
	}
	return octets.Encode(n.s, &octets.ASCII)
}

// schemeKey returns the parts that the scheme-based rung compares for u:
// its components after scheme-based normalization, with a reg-name host
// of a scheme that uses domain names in its ASCII form (RFC 3987 §5.3.3:
// IDN components and their punycode are equivalent; RFC 9110 §4.2.3), so
// that an IRI and a URI naming one host compare equal, and with the
// percent-encoding of an IRI aligned (RFC 3987 §5.3.2.3).
func schemeKey(u URI) refParts {
	p := NormalizeOptions{SchemeBased: true}.normalizeParts(u, true)
	if u.syntax == RFC3987 {
		for _, c := range []*string{&p.userinfo, &p.host, &p.path, &p.query, &p.fragment} {
			*c = octets.Encode(*c, &octets.ASCII)
		}
	}
	return p
}

// firstDifference names the first component of RFC 3986 §3 in which p and
// q differ.
func firstDifference(p, q refParts) string {
	switch {
	case p.hasScheme != q.hasScheme || p.scheme != q.scheme:
		return "scheme"
	case p.hasAuthority != q.hasAuthority:
		return "authority"
	case p.hasUserinfo != q.hasUserinfo || p.userinfo != q.userinfo:
		return "userinfo"
	case p.host != q.host:
		return "host"
	case p.hasPort != q.hasPort || p.port != q.port:
		return "port"
	case p.path != q.path:
		return "path"
	case p.hasQuery != q.hasQuery || p.query != q.query:
		return "query"
	}
	return "fragment"
}
