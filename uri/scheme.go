package uri

import "strings"

// Scheme rules: the schemes whose specifications add rules of their own to
// the generic syntax of RFC 3986 (§3.1: "each URI scheme ... may further
// restrict the syntax and semantics of identifiers"). Each such scheme has
// a grammar of its own in grammar/, composed over RFC 3986's, and a file of
// this package that registers what it adds: a check of the scheme's syntax
// and the scheme-based normalization of RFC 3986 §6.2.3.

// schemeRules is what package uri knows of one scheme with rules of its
// own. A nil field adds nothing.
type schemeRules struct {
	// check reports the first violation of the scheme's own rules by u, a
	// URI whose scheme is this one; nil when u satisfies them.
	check func(u URI) error
	// normalize applies the scheme's normalization (RFC 3986 §6.2.3) to
	// p, after syntax-based normalization.
	normalize func(p *refParts)
}

// schemes maps a lower-case scheme name to its rules. Only the init
// functions of this package's scheme files write it.
var schemes = map[string]*schemeRules{}

// registerScheme records the rules of the schemes names (lower case). It
// panics on a name registered twice, which is a bug of this package.
func registerScheme(r *schemeRules, names ...string) {
	for _, n := range names {
		if _, dup := schemes[n]; dup || n != strings.ToLower(n) {
			panic("uri: scheme rules registered twice or not lower case: " + n)
		}
		schemes[n] = r
	}
}

// rulesOf returns the rules of scheme (compared case-insensitively, RFC
// 3986 §3.1), or nil.
func rulesOf(scheme string) *schemeRules {
	if r, ok := schemes[scheme]; ok {
		return r
	}
	return schemes[strings.ToLower(scheme)]
}
