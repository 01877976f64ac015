package uri_test

import (
	"errors"
	"testing"

	"github.com/specuri/specuri/uri"
)

// seedFromCorpus adds every input of the conformance corpus.
func seedFromCorpus(f *testing.F) {
	for _, c := range loadParseCases(f) {
		f.Add(c.Input)
	}
}

// fuzzEntry checks the properties every parse must have: no panic; on
// success String is the input (RFC 3986 §5.3), parsing is pure and a
// re-parse gives an equal value; on failure a *ParseError whose offset is
// within the input.
func fuzzEntry(f *testing.F, parse func(string) (uri.URI, error)) {
	seedFromCorpus(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := parse(s)
		if err != nil {
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			if pe.Offset < 0 || pe.Offset > len(s) {
				t.Fatalf("offset %d outside input of length %d", pe.Offset, len(s))
			}
			if pe.Kind == 0 || pe.Rule == "" {
				t.Fatalf("error without kind or rule: %#v", pe)
			}
			if (pe.Offset == len(s)) != (pe.Kind == uri.UnexpectedEnd) && pe.Kind != uri.TooLong {
				t.Fatalf("offset %d of %d with kind %v", pe.Offset, len(s), pe.Kind)
			}
			if _, err2 := parse(s); err2 == nil || err2.Error() != err.Error() {
				t.Fatalf("second parse gave %v, first %v", err2, err)
			}
			return
		}
		if u.String() != s {
			t.Fatalf("String() = %q", u.String())
		}
		v, err := parse(u.String())
		if err != nil || v != u {
			t.Fatalf("re-parse = %#v, %v; want %#v", v, err, u)
		}
		// Every component is a substring at its place: recomposing them
		// (RFC 3986 §5.3) gives the input back.
		if got := recompose(u); got != s {
			t.Fatalf("recomposed %q", got)
		}
		if h, ok := u.Host(); ok && (h.Kind() == uri.IPv4 || h.Kind() == uri.IPv6) {
			if _, ok := h.Addr(); !ok {
				t.Fatalf("host %q of kind %v has no netip.Addr", h, h.Kind())
			}
		}
	})
}

// recompose is RFC 3986 §5.3 component recomposition, from the accessors.
func recompose(u uri.URI) string {
	var b []byte
	if s, ok := u.Scheme(); ok {
		b = append(append(b, s...), ':')
	}
	if a, ok := u.Authority(); ok {
		b = append(append(b, "//"...), a...)
	}
	b = append(b, u.Path().String()...)
	if q, ok := u.Query(); ok {
		b = append(append(b, '?'), q...)
	}
	if f, ok := u.Fragment(); ok {
		b = append(append(b, '#'), f...)
	}
	return string(b)
}

func FuzzParse(f *testing.F)          { fuzzEntry(f, uri.Parse) }
func FuzzParseReference(f *testing.F) { fuzzEntry(f, uri.ParseReference) }
func FuzzParseAbsolute(f *testing.F)  { fuzzEntry(f, uri.ParseAbsolute) }
func FuzzParseRelative(f *testing.F)  { fuzzEntry(f, uri.ParseRelative) }
