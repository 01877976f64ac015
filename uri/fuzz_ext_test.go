package uri_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
)

// FuzzZones checks RFC6874 like every entry point (fuzzEntry), and that it
// agrees with RFC 3986 on every input without a "%25".
func FuzzZones(f *testing.F) {
	f.Add("http://[fe80::1%25en0]/")
	f.Add("//[::1%25%41]:1")
	fuzzEntry(f, func(s string) (uri.URI, error) {
		u, err := uri.RFC6874.ParseReference(s)
		if !strings.Contains(s, "%25") {
			v, verr := uri.ParseReference(s)
			if (err == nil) != (verr == nil) || err == nil && u != v {
				panic("RFC6874 and RFC 3986 disagree on " + s)
			}
		}
		return u, err
	})
}

// FuzzIRI checks RFC3987 like every entry point (fuzzEntry), and the
// conversions of RFC 3987 §3.1 and §3.2: an IRI's URI is an RFC 3986
// reference, which converts back to an IRI that maps to an equivalent URI;
// an IRI without "%" and without bidi formatting characters survives the
// round trip unchanged.
func FuzzIRI(f *testing.F) {
	f.Add("http://r\u00e9sum\u00e9.example.org/\u00e9?\ue000#\u00a7")
	f.Add("http://www.example.org/D%C3%BCrst")
	f.Add("/%E2%80%AE%c3%a9%FC")
	fuzzEntry(f, func(s string) (uri.URI, error) {
		u, err := uri.RFC3987.ParseReference(s)
		if err != nil {
			if utf8.ValidString(s) && uri.RFC3987.ValidReference(s) {
				panic("Valid and Parse disagree on " + s)
			}
			return u, err
		}
		asURI := u.ToURI()
		if asURI.Syntax() != uri.RFC3986 || !uri.ValidReference(asURI.String()) {
			panic("the URI of an IRI is not a URI: " + asURI.String())
		}
		back := asURI.ToIRI()
		if usesDNS(back) {
			if !uri.Compare(back.ToURI(), asURI).Equivalent() {
				panic("URI -> IRI -> URI is not equivalent for " + s)
			}
		} else if back.ToURI().Normalize() != asURI.Normalize() {
			panic("URI -> IRI -> URI is not equivalent for " + s)
		}
		// ToIRI leaves bidi formatting characters encoded (RFC 3987
		// §4.1: an IRI must not contain them), so only an IRI without
		// them comes back as it was.
		// A host of a scheme that uses domain names comes back in
		// A-labels (§3.1), the same host for scheme-based comparison.
		if h, ok := u.Host(); ok && !ascii.Is(h.String()) && usesDNS(u) {
			if !uri.Compare(back, u).Equivalent() {
				panic("IRI -> URI -> IRI is not equivalent for " + s)
			}
		} else if !strings.Contains(s, "%") && !strings.ContainsFunc(s, octets.BidiFormatting) && back != u {
			panic("IRI -> URI -> IRI changed " + s + " to " + back.String())
		}
		return u, err
	})
}
