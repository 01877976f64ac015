package uri

import (
	"iter"
	"strings"
)

// PathKind tells which of the five path forms of RFC 3986 §3.3 matched:
//
//	path-abempty  ; begins with "/" or is empty, after an authority
//	path-absolute ; begins with "/" but not "//"
//	path-noscheme ; begins with a non-colon segment (relative references)
//	path-rootless ; begins with a segment (URIs)
//	path-empty    ; zero characters
//
// The zero value is PathEmpty.
type PathKind uint8

// The path forms of RFC 3986 §3.3, named after their ABNF rules.
const (
	PathEmpty PathKind = iota
	PathAbempty
	PathAbsolute
	PathNoscheme
	PathRootless
)

// String returns the ABNF name of the path form, such as "path-abempty"
// (RFC 3986 §3.3).
func (k PathKind) String() string {
	switch k {
	case PathEmpty:
		return "path-empty"
	case PathAbempty:
		return "path-abempty"
	case PathAbsolute:
		return "path-absolute"
	case PathNoscheme:
		return "path-noscheme"
	case PathRootless:
		return "path-rootless"
	}
	return ""
}

// MarshalText implements [encoding.TextMarshaler] with the name String
// returns (RFC 3986 §3.3).
func (k PathKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Path is the path component of a URI reference (RFC 3986 §3.3), exactly as
// written, with the form that matched. The zero value is the empty path.
type Path struct {
	s    string
	kind PathKind
}

// String returns the path exactly as written (RFC 3986 §3.3).
func (p Path) String() string { return p.s }

// Kind reports which path form matched (RFC 3986 §3.3).
func (p Path) Kind() PathKind { return p.kind }

// Segments yields the path's segments (RFC 3986 §3.3), the strings between
// "/" delimiters after a leading "/", as written (still percent-encoded).
// "" has no segments; "/" has one empty segment; "/a/" has "a" and "".
func (p Path) Segments() iter.Seq[string] {
	return func(yield func(string) bool) {
		s := strings.TrimPrefix(p.s, "/")
		if p.s == "" {
			return
		}
		for {
			i := strings.IndexByte(s, '/')
			if i < 0 {
				yield(s)
				return
			}
			if !yield(s[:i]) {
				return
			}
			s = s[i+1:]
		}
	}
}

// MarshalText implements [encoding.TextMarshaler]: the path exactly as
// written (RFC 3986 §3.3), as String returns it, so that a Path is
// marshaled as a JSON string.
func (p Path) MarshalText() ([]byte, error) { return []byte(p.s), nil }

// AppendText implements [encoding.TextAppender]: it appends the path
// exactly as written (RFC 3986 §3.3).
func (p Path) AppendText(b []byte) ([]byte, error) { return append(b, p.s...), nil }
