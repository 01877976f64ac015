package uri

import (
	"strings"

	"github.com/specuri/specuri/uri/internal/octets"
	"github.com/specuri/specuri/uri/internal/scheme"
)

// The rules of the "urn" scheme (RFC 8141): its syntax, namestring of
// §2, and the URN-equivalence of §3.

// uriForm returns the URI that u maps to (RFC 3987 §3.1) as text: u's
// text when u is ASCII. The URN and mailto grammars are of URIs.
func uriForm(u URI) string {
	if u.syntax != RFC3987 {
		return u.s
	}
	return octets.Encode(u.s, &octets.ASCII)
}

// withoutFragment returns u's text without its fragment (RFC 3986 §3.5),
// which a scheme's grammar does not include, and the URI that text maps
// to (RFC 3987 §3.1): the same text unless u is an IRI.
func withoutFragment(u URI) (text, uriText string) {
	text = u.s
	if f, ok := u.Fragment(); ok {
		text = text[:len(text)-len(f)-1]
	}
	if u.syntax != RFC3987 {
		return text, text
	}
	return text, uriForm(URI{s: text, syntax: RFC3987})
}

// checkURN checks u, whose scheme is "urn", against namestring (RFC 8141
// §2) as grammar/rfc8141.peg transcribes it.
func checkURN(u URI) error {
	s := uriForm(u)
	_, f := scheme.MatchURN(s)
	if f == nil {
		return nil
	}
	off := f.Offset
	if s != u.s {
		off = asciiOffset(u.s, off)
	}
	return newSchemeError(u, "namestring", f.Rule, f.Section, off, f.Hint)
}

// urnParts returns the NID and the NSS of u, in its URI form (RFC 3987
// §3.1), when u is a URN (RFC 8141 §2).
func urnParts(u URI) (nid, nss string, ok bool) {
	if scheme, _ := u.Scheme(); !strings.EqualFold(scheme, "urn") {
		return "", "", false
	}
	s := uriForm(u)
	n, f := scheme.MatchURN(s)
	if f != nil {
		return "", "", false
	}
	nid, _ = n.NID.Of(s)
	nss, _ = n.NSS.Of(s)
	return nid, nss, true
}

// urnKey returns the form of u in which two URNs are URN-equivalent (RFC
// 8141 §3.1) exactly when they are equal: "urn", the NID in lower case and
// the NSS with the hexadecimal digits of its percent-encodings in upper
// case, none decoded; the r-, q- and f-components are left out. ok is
// false when u is not a URN.
func urnKey(u URI) (nid, nss string, ok bool) {
	nid, nss, ok = urnParts(u)
	if !ok {
		return "", "", false
	}
	return strings.ToLower(nid), octets.UpperPercent(nss), true
}

// normalizeURN is the scheme-based normalization of a URN (RFC 8141 §3.1,
// RFC 3986 §6.2.3): the NID is written in lower case ("urn" already is,
// §6.2.2.1). It changes nothing else: the r-, q- and f-components, which
// URN-equivalence ignores, are part of the URI and are kept ([Compare]
// ignores them for URNs), and p is not a URN when it does not match
// namestring.
func normalizeURN(p *refParts) {
	if p.hasAuthority {
		return
	}
	s := p.String()
	if p.syntax == RFC3987 {
		s = octets.Encode(s, &octets.ASCII) // RFC 3987 §3.1
	}
	if _, f := scheme.MatchURN(s); f != nil {
		return
	}
	if i := strings.IndexByte(p.path, ':'); i > 0 {
		p.path = strings.ToLower(p.path[:i]) + p.path[i:]
	}
}
