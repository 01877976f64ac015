package uri

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
	if a.Normalize().String() == b.Normalize().String() {
		return Comparison{Level: SyntaxBased}
	}
	sb := NormalizeOptions{SchemeBased: true}
	na, nb := sb.Normalize(a), sb.Normalize(b)
	if na.String() == nb.String() {
		return Comparison{Level: SchemeBased}
	}
	return Comparison{Level: Different, Component: firstDifference(refPartsOf(na), refPartsOf(nb))}
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
