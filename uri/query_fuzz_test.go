package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/specuri/specuri/uri"
)

// FuzzQuery checks the reading and writing of a query as Params (RFC 3986
// §3.4, §2.1) with every choice of ParamsOptions: Parse never panics on
// any text and honours the limit on pieces, a query it reads is written
// back unchanged, pairs written by Add are read back as they were, and the
// one model holds: ParseParams reads a query as a URI's Params does.
func FuzzQuery(f *testing.F) {
	f.Add("a=1&b=2&a=3", "a\x001\x00b\x00", uint8(0), uint8(0))
	f.Add("q=x+y%2Bz&%20=+", "x y\x00+\x00&;=#%", uint8(3), uint8(2))
	f.Add("a&&b=&=c;d", "\x00\x00\x00", uint8(1), uint8(1))
	f.Add("%zz=%", "é\x00\xff", uint8(2), uint8(0))
	f.Fuzz(func(t *testing.T, query, fields string, flags, max uint8) {
		o := uri.ParamsOptions{Semicolon: flags&1 != 0, LiteralPlus: flags&2 != 0, MaxPairs: int(max) - 8}
		limit := o.MaxPairs
		if limit == 0 {
			limit = uri.DefaultMaxPairs
		}
		// Any text: pairs or a documented error.
		got, err := o.Parse(query)
		var le *uri.LimitError
		var pe *uri.ParseError
		switch {
		case errors.As(err, &le):
			if limit < 0 || le.Limit != limit || countPieces(o, query) <= limit {
				t.Fatalf("%+v.Parse(%q): %v with %d pieces", o, query, err, countPieces(o, query))
			}
		case errors.As(err, &pe):
			if pe.Offset < 0 || pe.Offset >= len(query) || pe.Kind == uri.BadPercent && query[pe.Offset] != '%' {
				t.Fatalf("%+v.Parse(%q): %#v", o, query, pe)
			}
		case err != nil:
			t.Fatalf("%+v.Parse(%q): undocumented error %v", o, query, err)
		case limit >= 0 && countPieces(o, query) > limit:
			t.Fatalf("%+v.Parse(%q): %d pieces, limit %d", o, query, countPieces(o, query), limit)
		case got.String() != query:
			t.Fatalf("%+v.Parse(%q).String() = %q", o, query, got.String())
		}
		checkOneModel(t, query)
		// Parse(String of pairs added) gives the pairs back.
		var params []uri.Param
		var p uri.Params
		parts := strings.Split(fields, "\x00")
		for i := 0; i+1 < len(parts); i += 2 {
			params = append(params, uri.Param{parts[i], parts[i+1]})
			p.Add(parts[i], parts[i+1])
		}
		enc := p.String()
		if q, err := uri.ParseReference("?" + enc); err != nil || !cmp.Equal(componentsOf(q).Query, &enc) {
			t.Fatalf("String of %q = %q is not a query (RFC 3986 §3.4): %v", params, enc, err)
		}
		back, err := o.Parse(enc)
		if limit >= 0 && countPieces(o, enc) > limit {
			if !errors.As(err, &le) {
				t.Fatalf("%+v.Parse(%q): %d pieces, error %v, want a *LimitError", o, enc, countPieces(o, enc), err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%+v.Parse(String of %q = %q): %v", o, params, enc, err)
		}
		if diff := cmp.Diff(params, back.Pairs(), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%+v.Parse(String of %q = %q) mismatch (-want +got):\n%s", o, params, enc, diff)
		}
	})
}

// countPieces counts the pieces of query that Parse keeps: the text
// between its separators (RFC 3986 §3.4), empty pieces included.
func countPieces(o uri.ParamsOptions, query string) int {
	if query == "" {
		return 0
	}
	n := 1
	for i := range len(query) {
		if query[i] == '&' || o.Semicolon && query[i] == ';' {
			n++
		}
	}
	return n
}

// checkOneModel checks that ParseParams(query) accepts what the query rule
// of RFC 3986 (§3.4) accepts, reads it as URI.Params does, and writes it
// back unchanged.
func checkOneModel(t *testing.T, query string) {
	t.Helper()
	p, err := uri.ParseParams(query)
	var le *uri.LimitError
	if errors.As(err, &le) {
		if strings.Count(query, "&") < uri.DefaultMaxPairs {
			t.Fatalf("ParseParams(%q): %v with %d pieces", query, err, strings.Count(query, "&")+1)
		}
		return
	}
	u, uerr := uri.Parse("http://h/?" + query)
	if uerr == nil {
		if q, _ := u.Query(); q != query {
			uerr = errors.New("not one query")
		}
	}
	if (err == nil) != (uerr == nil) {
		t.Fatalf("ParseParams(%q) error = %v, but as a URI's query: %v", query, err, uerr)
	}
	if err != nil {
		return
	}
	fromURI, err := u.Params()
	if err != nil {
		t.Fatalf("Params of %q: %v", u, err)
	}
	if diff := cmp.Diff(fromURI.Pairs(), p.Pairs()); diff != "" {
		t.Fatalf("ParseParams(%q) and URI.Params mismatch (-want +got):\n%s", query, diff)
	}
	if got := p.String(); got != query {
		t.Fatalf("ParseParams(%q).String() = %q", query, got)
	}
}
