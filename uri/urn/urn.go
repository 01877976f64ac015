// Package urn reads Uniform Resource Names, the URIs of the "urn" scheme
// (RFC 8141):
//
//	namestring    = assigned-name
//	                [ rq-components ]
//	                [ "#" f-component ]
//	assigned-name = "urn" ":" NID ":" NSS
//
// A [URN] gives its namespace identifier (NID), its namespace specific
// string (NSS) and its r-, q- and f-components, each defined or not, and
// compares URNs by URN-equivalence (RFC 8141 §3). The syntax is that of
// grammar/rfc8141.peg, generated into gen/rfc8141 and matched by the same
// code that [uri.URI.CheckScheme] checks urn URIs with.
package urn

import (
	"strings"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
	schemes "github.com/specuri/specuri/uri/internal/scheme"
)

// URN is a parsed URN (RFC 8141 §2): its text and the spans of its parts.
// The zero value is not a URN: its String is "" and every part is empty
// and undefined.
type URN struct {
	s        string
	nid, nss span
	r, q, f  span
}

// span is a [begin, end) of the text, and whether the part is defined.
type span schemes.Span

func (p span) of(s string) (string, bool) { return schemes.Span(p).Of(s) }

// Parse parses s as a URN (RFC 8141 §2). s must first be a URI (RFC 3986
// §3): otherwise the error is the [*uri.ParseError] of [uri.Parse]. Then
// it must match namestring: otherwise the error is the [*uri.SchemeError]
// of [uri.URI.CheckScheme], with Want "namestring" (and Rule
// "assigned-name" at offset 0 for a scheme other than "urn").
func Parse(s string) (URN, error) {
	u, err := uri.Parse(s)
	if err != nil {
		return URN{}, err
	}
	return FromURI(u)
}

// MustParse is Parse for tests and hard-coded strings: it panics on an
// error.
func MustParse(s string) URN {
	n, err := Parse(s)
	if err != nil {
		panic("urn: MustParse(" + s + "): " + err.Error())
	}
	return n
}

// FromURI reads u as a URN (RFC 8141 §2); the errors are those of
// [Parse], with offsets into u.String(). A URN is ASCII (RFC 8141 §2
// percent-encodes every other character): an IRI (RFC 3987) is read as
// the URI it maps to ([uri.URI.ToURI]), whose text String then returns.
func FromURI(u uri.URI) (URN, error) {
	scheme, _ := u.Scheme()
	if !strings.EqualFold(scheme, "urn") {
		s := u.String()
		e := &uri.SchemeError{Scheme: strings.ToLower(scheme), Want: "namestring", Rule: "assigned-name",
			Section: "RFC 8141 §2", Kind: uri.UnexpectedByte, Byte: -1,
			Hint: "a URN starts with \"urn:\" (RFC 8141 §2)"}
		if s == "" {
			e.Kind = uri.UnexpectedEnd
		} else {
			e.Byte = int(s[0])
		}
		return URN{}, e
	}
	s := u.ToURI().String()
	m, f := schemes.MatchURN(s)
	if f != nil {
		// CheckScheme matches the same text with the same grammar, and
		// gives the error offsets into u.String().
		return URN{}, u.CheckScheme()
	}
	n := URN{s: s, nid: span(m.NID), nss: span(m.NSS), r: span(m.R), q: span(m.Q), f: span(m.F)}
	return n, nil
}

// String returns the URN's text as given to Parse, byte for byte.
func (n URN) String() string { return n.s }

// URI returns the URN as a URI (RFC 3986).
func (n URN) URI() uri.URI {
	if n.s == "" {
		return uri.URI{}
	}
	return uri.MustParse(n.s)
}

// NID returns the namespace identifier as written (RFC 8141 §2.1); NIDs
// are case-insensitive.
func (n URN) NID() string { return n.s[n.nid.Begin:n.nid.End] }

// NSS returns the namespace specific string as written, percent-encodings
// included (RFC 8141 §2.2).
func (n URN) NSS() string { return n.s[n.nss.Begin:n.nss.End] }

// AssignedName returns "urn" ":" NID ":" NSS as written (RFC 8141 §2):
// the URN without its r-, q- and f-components.
func (n URN) AssignedName() string { return n.s[:n.nss.End] }

// RComponent returns the r-component, without its "?+" (RFC 8141 §2.3.1),
// and whether it is defined. A defined r-component is never empty.
func (n URN) RComponent() (string, bool) { return n.r.of(n.s) }

// QComponent returns the q-component, without its "?=" (RFC 8141 §2.3.2),
// and whether it is defined. A defined q-component is never empty.
func (n URN) QComponent() (string, bool) { return n.q.of(n.s) }

// FComponent returns the f-component, without its "#" (RFC 8141 §2.3.3),
// and whether it is defined; it may be defined and empty ("urn:ex:a#").
func (n URN) FComponent() (string, bool) { return n.f.of(n.s) }

// Equal reports whether n and m are the same text, byte for byte (RFC
// 3986 §6.2.1).
func (n URN) Equal(m URN) bool { return n.s == m.s }

// Equivalent reports whether n and m are URN-equivalent (RFC 8141 §3.1):
// their assigned names are equal octet by octet once "urn" and the NID are
// in lower case and the hexadecimal digits of the NSS's percent-encodings
// in upper case; percent-encodings are not decoded, and the r-, q- and
// f-components are ignored.
func (n URN) Equivalent(m URN) bool {
	return strings.EqualFold(n.NID(), m.NID()) && octets.UpperPercent(n.NSS()) == octets.UpperPercent(m.NSS())
}
