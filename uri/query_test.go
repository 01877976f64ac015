package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// TestParamsOptions checks the readings of a query that ParamsOptions
// choose: "+" as a space or as itself, ";" as a byte or a separator; each
// reads the pairs and writes the query back unchanged.
func TestParamsOptions(t *testing.T) {
	literal := uri.ParamsOptions{LiteralPlus: true}
	tests := []struct {
		opts uri.ParamsOptions
		in   string
		want []uri.Param
	}{
		{literal, "", nil},
		{literal, "a=1&b=2&a=3", []uri.Param{{"a", "1"}, {"b", "2"}, {"a", "3"}}},
		{literal, "b=2&a=1", []uri.Param{{"b", "2"}, {"a", "1"}}},
		{literal, "a&&b=&=c", []uri.Param{{"a", ""}, {"b", ""}, {"", "c"}}},
		{literal, "k=v=w", []uri.Param{{"k", "v=w"}}},
		{literal, "a=x+y;b=%2B", []uri.Param{{"a", "x+y;b=+"}}},
		{uri.ParamsOptions{LiteralPlus: true, Semicolon: true}, "a=1;b=2&c", []uri.Param{{"a", "1"}, {"b", "2"}, {"c", ""}}},
		{uri.ParamsOptions{Semicolon: true}, "a=x+y;;b", []uri.Param{{"a", "x y"}, {"b", ""}}},
		{uri.ParamsOptions{}, "q=x+y%2Bz&%20=+", []uri.Param{{"q", "x y+z"}, {" ", " "}}},
		{literal, "q=%26%3D", []uri.Param{{"q", "&="}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := tt.opts.Parse(tt.in)
			if err != nil {
				t.Fatalf("%+v.Parse(%q): %v", tt.opts, tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got.Pairs()); diff != "" {
				t.Errorf("%+v.Parse(%q) mismatch (-want +got):\n%s", tt.opts, tt.in, diff)
			}
			if s := got.String(); s != tt.in {
				t.Errorf("%+v.Parse(%q).String() = %q", tt.opts, tt.in, s)
			}
		})
	}
}

// TestParamsOptionsSeparators checks that an edit keeps the separator
// before each piece it does not remove, and writes "&" before a new pair.
func TestParamsOptionsSeparators(t *testing.T) {
	p, err := uri.ParamsOptions{Semicolon: true}.Parse("a=1;b=2&c=3;;d")
	if err != nil {
		t.Fatal(err)
	}
	p.Set("b", "x y")
	p.Del("c")
	p.Add("e", "+")
	if diff := cmp.Diff("a=1;b=x%20y;;d&e=%2B", p.String()); diff != "" {
		t.Errorf("edited Params mismatch (-want +got):\n%s", diff)
	}
}

func TestParamsOptionsError(t *testing.T) {
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
			_, err := uri.ParamsOptions{LiteralPlus: true, Semicolon: true}.Parse(tt.in)
			pe, ok := err.(*uri.ParseError)
			if !ok || pe.Offset != tt.offset || pe.Kind != uri.BadPercent {
				t.Errorf("Parse(%q) error = %v, want BadPercent at %d", tt.in, err, tt.offset)
			}
		})
	}
}

// TestParamsEncode checks that pairs added to a Params are written so that
// every reading gives them back: a space as "%20", "+" as "%2B", and the
// separators encoded.
func TestParamsEncode(t *testing.T) {
	params := []uri.Param{{"a b", "x&y"}, {"k=1", "v;w+z"}, {"a b", "é/?"}, {"", ""}}
	var p uri.Params
	for _, kv := range params {
		p.Add(kv.Key, kv.Value)
	}
	got := p.String()
	if diff := cmp.Diff("a%20b=x%26y&k%3D1=v%3Bw%2Bz&a%20b=%C3%A9/?&=", got); diff != "" {
		t.Errorf("String mismatch (-want +got):\n%s", diff)
	}
	if _, err := uri.MustParse("http://h/").WithRawQuery(got); err != nil {
		t.Errorf("String = %q is not a query: %v", got, err)
	}
	for _, o := range []uri.ParamsOptions{{}, {LiteralPlus: true}, {Semicolon: true}, {LiteralPlus: true, Semicolon: true}} {
		back, err := o.Parse(got)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(params, back.Pairs()); diff != "" {
			t.Errorf("%+v.Parse(String) mismatch (-want +got):\n%s", o, diff)
		}
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
			// The one model: a URI's Params and ParseParams agree.
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
