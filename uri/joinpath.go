package uri

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/uri/internal/octets"
)

// ErrDotSegment is returned by [URI.JoinPath] for an element that is "."
// or "..": such a segment means "this level" or "one level up" (RFC 3986
// §3.3, §5.2.4), and a join that climbed would let an element taken from
// user input escape the path it was meant to stay under.
var ErrDotSegment = errors.New(`uri: a path element cannot be "." or ".." (RFC 3986 §3.3)`)

// JoinPath returns u with elem appended to its path (RFC 3986 §3.3), each
// element as one segment: an element is decoded text, which is
// percent-encoded as a segment (§2.1), so a "/" inside it is written "%2F"
// and never becomes a delimiter, and a "%" is written "%25". An element
// that is "." or ".." is an error wrapping [ErrDotSegment], not a climb.
// The segments u already has keep their text ("https://h/a%2Fb/" joined
// with "c" is "https://h/a%2Fb/c"), and so do the query and the fragment,
// which stay where they are. With no element, JoinPath returns u.
//
// A path that ends with "/" ends with an empty segment, and the first
// element takes its place: "https://h/a/" and "https://h/a" both give
// "https://h/a/c" with "c". An element is a segment even when it is empty,
// so a final "" gives a trailing "/" ("c", "" gives "https://h/a/c/") and
// an empty element elsewhere gives "//".
//
// An empty path gets the elements as its segments: "/c" after an
// authority ("https://h?q" gives "https://h/c?q"), "c" without one
// ("mailto:" gives "mailto:c", "" gives "c"), since a path without an
// authority keeps its form. In a relative-path reference (§4.2) the first
// segment cannot hold a ":", which would make it a scheme, so it is
// written "%3A" there. Without an authority, a path cannot start with
// "//", which would start an authority (§3.3), and an empty path cannot
// take an empty first segment: a join that would need either is
// [ErrPathForm] ("/" with "", "x"; "" with "").
//
// In a value whose [URI.Syntax] is [RFC3987], the characters an IRI
// allows in a segment are written as they are (RFC 3987 §2.2) rather than
// percent-encoded. The result is parsed in u's syntax; an error is as
// [URI.WithPath] returns.
func (u URI) JoinPath(elem ...string) (URI, error) {
	if len(elem) == 0 {
		return u, nil
	}
	for i, e := range elem {
		if e == "." || e == ".." {
			return URI{}, fmt.Errorf("%w: element %d is %q", ErrDotSegment, i, e)
		}
	}
	_, hasAuthority := u.Authority()
	old := u.Path().String()
	var b strings.Builder
	if !joinStart(&b, old, hasAuthority, elem[0]) {
		return URI{}, ErrPathForm
	}
	for i, e := range elem {
		if i > 0 {
			b.WriteByte('/')
		}
		set := &encodingSets[SegmentEncoding]
		if i == 0 && old == "" && !hasAuthority && u.IsRelative() {
			set = &encodingSets[SegmentNzNcEncoding] // §4.2: no ":" in the first segment
		}
		b.WriteString(encodeIn(e, set, u.syntax, false))
	}
	path := b.String()
	if !hasAuthority && strings.HasPrefix(path, "//") {
		return URI{}, ErrPathForm // §3.3
	}
	return u.with(func(p *refParts) { p.path = path })
}

// joinStart writes to b what comes before the first element joined to
// the path old: "/" for an empty path-abempty, old and "/" unless old ends
// with one, whose empty last segment the first element replaces. It
// reports false when the first element, first, cannot start an empty path
// without an authority (path-rootless, or path-noscheme in a relative
// reference, §4.2): it is empty.
func joinStart(b *strings.Builder, old string, hasAuthority bool, first string) bool {
	switch {
	case old == "" && hasAuthority:
		b.WriteByte('/') // path-abempty
	case old == "":
		return first != ""
	case strings.HasSuffix(old, "/"):
		b.WriteString(old)
	default:
		b.WriteString(old)
		b.WriteByte('/')
	}
	return true
}

// encodeIn percent-encodes s as [encodeSet] does, except that in the IRI
// syntax (RFC 3987 §2.2) the characters that syntax allows beyond ASCII, a
// ucschar or, when private is set (the query), an iprivate, are written as
// they are; bytes that are not UTF-8 and the bidirectional formatting
// characters (§4.1) are percent-encoded.
func encodeIn(s string, set *octets.Set, x Syntax, private bool) string {
	if x != RFC3987 || ascii.Is(s) {
		return octets.Encode(s, set)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		ch := s[i : i+n]
		switch {
		case r < utf8.RuneSelf && set.Has(s[i]):
			b.WriteByte(s[i])
		case r >= utf8.RuneSelf && r != utf8.RuneError && octets.IRIChar(r, private):
			b.WriteString(ch)
		default:
			for j := 0; j < len(ch); j++ {
				b.WriteByte('%')
				b.WriteByte(octets.UpperHex[ch[j]>>4])
				b.WriteByte(octets.UpperHex[ch[j]&15])
			}
		}
		i += n
	}
	return b.String()
}
