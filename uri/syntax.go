package uri

import "strings"

// Syntaxes: which grammar parses.

// A Syntax is a grammar that references can be parsed with: the generic
// syntax of RFC 3986, which the package's functions use, or one of the
// syntaxes that extend it, which a program opts into by calling the methods
// of its Syntax value:
//
//	u, err := uri.RFC6874.ParseReference("http://[fe80::1%25en0]/")
//
// Each is generated from its own grammar (grammar/*.peg) and audited
// against its RFC's ABNF like RFC 3986's.
type Syntax uint8

const (
	// RFC3986 is the generic syntax of RFC 3986 Appendix A, the default.
	RFC3986 Syntax = iota
	// RFC6874 is RFC 3986 with IPv6 zone identifiers in IP literals
	// (RFC 6874 §2): "http://[fe80::1%25en0]/". The "%" that introduces
	// the zone must be written "%25".
	RFC6874
	// RFC3987 is the syntax of IRIs (RFC 3987 §2.2), which allows the
	// characters of ucschar (and iprivate in the query) as UTF-8:
	// "http://example.org/résumé". It has no zone identifiers. See
	// [IRIToURI] for the URI an IRI maps to.
	RFC3987
	numSyntaxes
)

var syntaxNames = [numSyntaxes]string{
	RFC3986: "RFC 3986",
	RFC6874: "RFC 6874",
	RFC3987: "RFC 3987",
}

// String returns the RFC that defines x, "RFC 3986" (RFC 3986 §1.1.1).
func (x Syntax) String() string {
	if x < numSyntaxes {
		return syntaxNames[x]
	}
	return "Syntax(invalid)"
}

// engines holds the engine of each syntax's grammar.
// (the engines of tables.go, by address, so that it is set when the
// package is linked).
var engines = [numSyntaxes]*engine{RFC3986: &stdEngine, RFC6874: &zonesEngine, RFC3987: &irisEngine}

// engine returns x's engine; an invalid Syntax parses as RFC 3986.
func (x Syntax) engine() *engine {
	if x < numSyntaxes {
		return engines[x]
	}
	return std
}

// Parse parses s as a URI (RFC 3986 §3) in syntax x: it must have a scheme.
func (x Syntax) Parse(s string) (URI, error) { return x.engine().parse(eURI, s) }

// ParseReference parses s as a URI-reference (RFC 3986 §4.1) in syntax x.
func (x Syntax) ParseReference(s string) (URI, error) { return x.engine().parse(eURIReference, s) }

// ParseAbsolute parses s as an absolute-URI (RFC 3986 §4.3) in syntax x.
func (x Syntax) ParseAbsolute(s string) (URI, error) { return x.engine().parse(eAbsoluteURI, s) }

// ParseRelative parses s as a relative-ref (RFC 3986 §4.2) in syntax x.
func (x Syntax) ParseRelative(s string) (URI, error) { return x.engine().parse(eRelativeRef, s) }

// MustParse is like [Syntax.Parse] (RFC 3986 §3) but panics if s is not a
// valid URI in syntax x, as [MustParse] does. It is meant for tests and
// hard-coded strings.
func (x Syntax) MustParse(s string) URI {
	u, err := x.Parse(s)
	return mustOK(x.callName("MustParse"), s, u, err)
}

// MustParseReference is like [Syntax.ParseReference] (RFC 3986 §4.1) but
// panics if s is not a valid URI-reference in syntax x, as [MustParse]
// does. It is meant for tests and hard-coded strings.
func (x Syntax) MustParseReference(s string) URI {
	u, err := x.ParseReference(s)
	return mustOK(x.callName("MustParseReference"), s, u, err)
}

// callName returns the Go name of method m of x, "RFC6874.MustParse".
func (x Syntax) callName(m string) string {
	return strings.ReplaceAll(x.String(), " ", "") + "." + m
}

// Valid reports whether s is a URI (RFC 3986 §3) in syntax x.
func (x Syntax) Valid(s string) bool { return x.engine().valid(eURI, s) }

// ValidReference reports whether s is a URI-reference (RFC 3986 §4.1) in
// syntax x.
func (x Syntax) ValidReference(s string) bool { return x.engine().valid(eURIReference, s) }

// Syntax returns the narrowest syntax that u is valid in (RFC 3986 §1.1.1):
// RFC3986 unless u needs an extension, such as a zone identifier (RFC 6874
// §2). Values with equal strings have equal syntaxes.
func (u URI) Syntax() Syntax { return u.syntax }
