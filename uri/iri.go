package uri

import (
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/uri/internal/octets"
)

// IRIToURI parses s as an IRI reference (RFC 3987 §2.2) and returns the URI
// reference it maps to (§3.1), as [URI.ToURI] maps it: the UTF-8 octets of
// each character that is not ASCII (a ucschar or an iprivate, the only ones
// the grammar allows) are percent-encoded, except in the international host
// of a scheme that uses domain names, which is written in A-labels. s is
// taken to be in UTF-8 already, §3.1 step 1 variant c, so no normalization
// is applied.
//
//	IRIToURI("http://example.org/r\u00e9sum\u00e9") = "http://example.org/r%C3%A9sum%C3%A9"
//	IRIToURI("http://r\u00e9sum\u00e9.example.org") = "http://xn--rsum-bpad.example.org"
func IRIToURI(s string) (URI, error) {
	u, err := RFC3987.ParseReference(s)
	if err != nil {
		return URI{}, err
	}
	return u.ToURI(), nil
}

// ToURI returns the URI reference that u maps to (RFC 3987 §3.1): u itself
// when it is ASCII, otherwise u with the UTF-8 octets of its non-ASCII
// characters percent-encoded. The result's syntax is RFC3986 or RFC6874.
//
// When the scheme uses domain names ([UsesDomainNames]: http, https, ws,
// wss, ftp, file) and the host is a reg-name with non-ASCII characters,
// the host is written in A-labels instead, as RFC 3987 §3.1 says to do
// "for schemes known to use domain names in ireg-name" ("SHOULD be used
// when the goal is to maximize interoperability with legacy URI
// resolvers"): "http://résumé.example.org" gives
// "http://xn--rsum-bpad.example.org", the host of [URI.ASCIIHostname].
// A host that this conversion rejects (§3.1: "The ToASCII operation may
// fail, but this would mean that the IRI cannot be resolved") keeps the
// percent-encoded form of the general mapping, so that ToURI always
// returns the URI; [URI.ASCIIHostname] reports why. Other schemes, and a
// host with no non-ASCII character (percent-encoded or not), keep their
// host as §3.1 step 2 maps it.
func (u URI) ToURI() URI {
	if u.syntax != RFC3987 {
		return u
	}
	s := u.s
	if h, ok := u.Host(); ok && h.kind == RegName && !ascii.Is(h.s) && u.usesDomainNames() {
		if a, err := regNameToASCII(h.s); err == nil {
			sp := u.spans[cHost]
			s = s[:sp.begin] + a + s[sp.end:]
		}
	}
	v, err := ParseReference(octets.Encode(s, &octets.ASCII))
	if err != nil {
		// §3.1: the mapping of a valid IRI is a valid URI; a failure is a
		// bug in the grammars.
		panic("uri: internal error: the URI of an IRI does not parse: " + err.Error())
	}
	return v
}

// ToIRI converts the URI reference u to an IRI reference (RFC 3987 §3.2):
// the percent-encodings of unreserved characters, and those of octets that
// form the UTF-8 encoding of a character an IRI allows in that component
// (a ucschar; an iprivate in the query only), are decoded. It never decodes
// "%25" or a reserved character, whose encoding has a meaning (§3.2 step 2);
// octets that are not strictly legal UTF-8 (step 3) and characters that an
// IRI must not contain, such as the bidirectional formatting characters of
// §4.1 (LRM, RLM, LRE, RLE, LRO, RLO, PDF), stay encoded, in upper case as
// §3.2.1 shows. Other encodings are left as written. The scheme, an IP
// literal and the port have no percent-encodings to decode.
//
// ToIRI(u).ToURI() is u up to the case of percent-encodings and decoded
// unreserved characters (§3.2), that is, equivalent under RFC 3986 §6.2.2,
// except that a percent-encoded international host of a scheme that uses
// domain names comes back in A-labels ([URI.ToURI]): equivalent under
// scheme-based normalization (RFC 3987 §5.3.3).
//
// A value with a zone identifier (Syntax RFC6874) is returned as it is:
// no syntax has both zone identifiers and IRI characters, and RFC 3987
// §3.1 maps such a value, being ASCII, to itself.
func (u URI) ToIRI() URI {
	if u.syntax == RFC6874 || strings.IndexByte(u.s, '%') < 0 {
		return u
	}
	var b strings.Builder
	last := 0
	for _, c := range [...]struct {
		component int
		private   bool
	}{{cUserinfo, false}, {cHost, false}, {cPath, false}, {cQuery, true}, {cFragment, false}} {
		if c.component != cPath && u.has&(1<<c.component) == 0 {
			continue
		}
		sp := u.spans[c.component]
		b.WriteString(u.s[last:sp.begin])
		decodeForIRI(&b, u.s[sp.begin:sp.end], c.private)
		last = int(sp.end)
	}
	b.WriteString(u.s[last:])
	v, err := RFC3987.ParseReference(b.String())
	if err != nil {
		panic("uri: internal error: the IRI of a URI does not parse: " + err.Error())
	}
	return v
}

// decodeForIRI writes the component text s with the percent-encodings that
// RFC 3987 §3.2 converts decoded. private allows iprivate (the query).
func decodeForIRI(b *strings.Builder, s string, private bool) {
	for i := 0; i < len(s); {
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		// A run of percent-encodings, decoded (step 2) ...
		var oct []byte
		j := i
		for j+2 < len(s) && s[j] == '%' {
			oct = append(oct, octets.Unhex(s[j+1])<<4|octets.Unhex(s[j+2]))
			j += 3
		}
		// ... then each octet kept, or re-encoded as steps 2 to 4 say.
		for k := 0; k < len(oct); {
			o := oct[k]
			if o < 0x80 {
				if octets.Unreserved.Has(o) {
					b.WriteByte(o) // step 2: unreserved, neither "%" nor reserved
				} else {
					b.WriteString(s[i+3*k : i+3*k+3]) // as written
				}
				k++
				continue
			}
			r, n := utf8.DecodeRune(oct[k:])
			if r != utf8.RuneError && octets.IRIChar(r, private) {
				b.Write(oct[k : k+n])
				k += n
				continue
			}
			// Steps 3 and 4: not legal UTF-8, or not allowed here.
			if r == utf8.RuneError {
				n = 1
			}
			for _, o := range oct[k : k+n] {
				b.WriteByte('%')
				b.WriteByte(octets.UpperHex[o>>4])
				b.WriteByte(octets.UpperHex[o&15])
			}
			k += n
		}
		i = j
	}
}
