package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/specuri/specuri/uri"
)

// FuzzQuery checks query splitting and encoding (RFC 3986 §3.4, §2.1):
// Split(Encode(p)) gives p back, Encode writes text the query rule
// matches, Split never panics on any text and honours the pair limit, and
// the one model holds: ParseParams reads a query as a URI's Params does,
// and QueryOptions{Form: true} is a view of the same pairs.
func FuzzQuery(f *testing.F) {
	f.Add("a=1&b=2&a=3", "a\x001\x00b\x00", uint8(0), uint8(0))
	f.Add("q=x+y%2Bz&%20=+", "x y\x00+\x00&;=#%", uint8(3), uint8(2))
	f.Add("a&&b=&=c;d", "\x00\x00\x00", uint8(1), uint8(1))
	f.Add("%zz=%", "é\x00\xff", uint8(2), uint8(0))
	f.Fuzz(func(t *testing.T, query, fields string, flags, max uint8) {
		o := uri.QueryOptions{Semicolon: flags&1 != 0, Form: flags&2 != 0, MaxPairs: int(max) - 8}
		limit := o.MaxPairs
		if limit == 0 {
			limit = uri.DefaultMaxPairs
		}
		// Any text: pairs or a documented error.
		got, err := o.Split(query)
		var le *uri.LimitError
		var pe *uri.ParseError
		switch {
		case errors.As(err, &le):
			if limit < 0 || le.Limit != limit || countPairs(o, query) <= limit {
				t.Fatalf("%+v.Split(%q): %v with %d pairs", o, query, err, countPairs(o, query))
			}
		case errors.As(err, &pe):
			if pe.Kind != uri.BadPercent || query[pe.Offset] != '%' {
				t.Fatalf("%+v.Split(%q): %#v", o, query, pe)
			}
		case err != nil:
			t.Fatalf("%+v.Split(%q): undocumented error %v", o, query, err)
		case limit >= 0 && len(got) > limit:
			t.Fatalf("%+v.Split(%q): %d pairs, limit %d", o, query, len(got), limit)
		}
		checkOneModel(t, query)
		// Split(Encode(p)) == p.
		var params []uri.Param
		parts := strings.Split(fields, "\x00")
		for i := 0; i+1 < len(parts); i += 2 {
			params = append(params, uri.Param{parts[i], parts[i+1]})
		}
		enc := o.Encode(params)
		if q, err := uri.ParseReference("?" + enc); err != nil || !cmp.Equal(componentsOf(q).Query, &enc) {
			t.Fatalf("%+v.Encode(%q) = %q is not a query (RFC 3986 §3.4): %v", o, params, enc, err)
		}
		back, err := o.Split(enc)
		if limit >= 0 && len(params) > limit {
			if !errors.As(err, &le) {
				t.Fatalf("%+v.Split(%q): %d pairs, error %v, want a *LimitError", o, enc, len(params), err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%+v.Split(Encode(%q) = %q): %v", o, params, enc, err)
		}
		if diff := cmp.Diff(params, back, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%+v.Split(Encode(%q) = %q) mismatch (-want +got):\n%s", o, params, enc, diff)
		}
	})
}

// countPairs counts the pairs of query that Split returns: the non-empty
// pieces between the separators (RFC 3986 §3.4).
func countPairs(o uri.QueryOptions, query string) int {
	return len(strings.FieldsFunc(query, func(r rune) bool { return r == '&' || o.Semicolon && r == ';' }))
}

// checkOneModel checks that ParseParams(query) accepts what the query rule
// of RFC 3986 (§3.4) accepts, reads it as URI.Params does, writes it back
// unchanged, and that QueryOptions{Form: true}.Split sees the same pairs.
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
	view, err := uri.QueryOptions{Form: true, MaxPairs: -1}.Split(query)
	if err != nil {
		t.Fatalf("QueryOptions{Form: true}.Split(%q): %v", query, err)
	}
	if diff := cmp.Diff(p.Pairs(), view, cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("QueryOptions{Form: true}.Split(%q) mismatch (-want +got):\n%s", query, diff)
	}
}
