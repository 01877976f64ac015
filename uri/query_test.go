package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

func TestQuerySplit(t *testing.T) {
	tests := []struct {
		opts uri.QueryOptions
		in   string
		want []uri.Param
	}{
		{uri.QueryOptions{}, "", nil},
		{uri.QueryOptions{}, "a=1&b=2&a=3", []uri.Param{{"a", "1"}, {"b", "2"}, {"a", "3"}}},
		{uri.QueryOptions{}, "b=2&a=1", []uri.Param{{"b", "2"}, {"a", "1"}}},
		{uri.QueryOptions{}, "a&&b=&=c", []uri.Param{{"a", ""}, {"b", ""}, {"", "c"}}},
		{uri.QueryOptions{}, "k=v=w", []uri.Param{{"k", "v=w"}}},
		{uri.QueryOptions{}, "a=x+y;b=%2B", []uri.Param{{"a", "x+y;b=+"}}},
		{uri.QueryOptions{Semicolon: true}, "a=1;b=2&c", []uri.Param{{"a", "1"}, {"b", "2"}, {"c", ""}}},
		{uri.QueryOptions{Form: true}, "q=x+y%2Bz&%20=+", []uri.Param{{"q", "x y+z"}, {" ", " "}}},
		{uri.QueryOptions{}, "q=%26%3D", []uri.Param{{"q", "&="}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := tt.opts.Split(tt.in)
			if err != nil {
				t.Errorf("%+v.Split(%q): %v", tt.opts, tt.in, err)
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%+v.Split(%q) mismatch (-want +got):\n%s", tt.opts, tt.in, diff)
			}
		})
	}
}

func TestQuerySplitError(t *testing.T) {
	tests := []struct {
		in     string
		offset int
	}{
		{"a=%zz", 2},
		{"abc=1&d%=2", 7},
		{"x&y=%4", 4},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.ParseQuery(tt.in)
			pe, ok := err.(*uri.ParseError)
			if !ok || pe.Offset != tt.offset || pe.Kind != uri.BadPercent {
				t.Errorf("ParseQuery(%q) error = %v, want BadPercent at %d", tt.in, err, tt.offset)
			}
		})
	}
}

func TestQueryEncode(t *testing.T) {
	params := []uri.Param{{"a b", "x&y"}, {"k=1", "v;w+z"}, {"a b", "é/?"}, {"", ""}}
	tests := []struct {
		opts uri.QueryOptions
		want string
	}{
		{uri.QueryOptions{}, "a%20b=x%26y&k%3D1=v%3Bw%2Bz&a%20b=%C3%A9/?&="},
		{uri.QueryOptions{Form: true}, "a+b=x%26y&k%3D1=v%3Bw%2Bz&a+b=%C3%A9/?&="},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			got := tt.opts.Encode(params)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%+v.Encode mismatch (-want +got):\n%s", tt.opts, diff)
			}
			if _, err := uri.MustParse("http://h/").WithRawQuery(got); err != nil {
				t.Errorf("%+v.Encode = %q is not a query: %v", tt.opts, got, err)
			}
			for _, semi := range []bool{false, true} {
				o := tt.opts
				o.Semicolon = semi
				back, err := o.Split(got)
				if err != nil {
					t.Fatal(err)
				}
				// Split skips empty pairs, so the last ("", "") comes back
				// as written, "=".
				if diff := cmp.Diff(params, back); diff != "" {
					t.Errorf("%+v.Split(Encode) mismatch (-want +got):\n%s", o, diff)
				}
			}
		})
	}
}

func TestParseParams(t *testing.T) {
	tests := []struct {
		in   string
		want []uri.Param
		str  string // String(), the query written back
	}{
		{"", nil, ""},
		{"a=1&b=2&a=3", []uri.Param{{"a", "1"}, {"b", "2"}, {"a", "3"}}, "a=1&b=2&a=3"},
		{"a&&b=&=c&", []uri.Param{{"a", ""}, {"b", ""}, {"", "c"}}, "a&&b=&=c&"},
		{"q=x+y%2Bz&%20=+", []uri.Param{{"q", "x y+z"}, {" ", " "}}, "q=x+y%2Bz&%20=+"},
		{"a=x;b=y", []uri.Param{{"a", "x;b=y"}}, "a=x;b=y"},
		{"k=v=w/?", []uri.Param{{"k", "v=w/?"}}, "k=v=w/?"},
		{"=", []uri.Param{{"", ""}}, "="},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := uri.ParseParams(tt.in)
			if err != nil {
				t.Fatalf("ParseParams(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, p.Pairs()); diff != "" {
				t.Errorf("ParseParams(%q).Pairs() mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.str, p.String()); diff != "" {
				t.Errorf("ParseParams(%q).String() mismatch (-want +got):\n%s", tt.in, diff)
			}
			// The one model: a URI's Params and ParseParams agree, and
			// QueryOptions{Form: true} is a view of the same pairs.
			u := uri.MustParse("http://h/?" + tt.in)
			fromURI, err := u.Params()
			if err != nil {
				t.Fatalf("Params of %q: %v", u, err)
			}
			if diff := cmp.Diff(p.String(), fromURI.String()); diff != "" {
				t.Errorf("ParseParams(%q) and URI.Params mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(p.Pairs(), fromURI.Pairs()); diff != "" {
				t.Errorf("ParseParams(%q) and URI.Params pairs mismatch (-want +got):\n%s", tt.in, diff)
			}
			view, err := uri.QueryOptions{Form: true}.Split(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, view); diff != "" {
				t.Errorf("QueryOptions{Form: true}.Split(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestParseParamsError(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		kind   uri.ErrorKind
	}{
		{"a=%zz", 2, uri.BadPercent},
		{"abc=1&d%=2", 7, uri.BadPercent},
		{"a=1#f", 3, uri.UnexpectedByte},
		{"a b", 1, uri.UnexpectedByte},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.ParseParams(tt.in)
			pe, ok := err.(*uri.ParseError)
			if !ok || pe.Offset != tt.offset || pe.Kind != tt.kind {
				t.Errorf("ParseParams(%q) error = %#v, want %v at %d", tt.in, err, tt.kind, tt.offset)
			}
		})
	}
}

func TestParseParamsLimit(t *testing.T) {
	tests := []struct {
		in      string
		wantErr bool
	}{
		{strings.Repeat("&", uri.DefaultMaxPairs-1), false},
		{strings.Repeat("&", uri.DefaultMaxPairs), true},
		// Counted before the grammar runs: a bad byte past the limit is
		// never read.
		{strings.Repeat("&", uri.DefaultMaxPairs) + "#", true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(len(tt.in)), func(t *testing.T) {
			_, err := uri.ParseParams(tt.in)
			var le *uri.LimitError
			if got := errors.As(err, &le); got != tt.wantErr {
				t.Errorf("ParseParams(%d bytes) error = %v, want a *LimitError: %v", len(tt.in), err, tt.wantErr)
			}
		})
	}
}
