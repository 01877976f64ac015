package uri

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestQuerySplit(t *testing.T) {
	tests := []struct {
		opts QueryOptions
		in   string
		want []Param
	}{
		{QueryOptions{}, "", nil},
		{QueryOptions{}, "a=1&b=2&a=3", []Param{{"a", "1"}, {"b", "2"}, {"a", "3"}}},
		{QueryOptions{}, "b=2&a=1", []Param{{"b", "2"}, {"a", "1"}}},
		{QueryOptions{}, "a&&b=&=c", []Param{{"a", ""}, {"b", ""}, {"", "c"}}},
		{QueryOptions{}, "k=v=w", []Param{{"k", "v=w"}}},
		{QueryOptions{}, "a=x+y;b=%2B", []Param{{"a", "x+y;b=+"}}},
		{QueryOptions{Semicolon: true}, "a=1;b=2&c", []Param{{"a", "1"}, {"b", "2"}, {"c", ""}}},
		{QueryOptions{Form: true}, "q=x+y%2Bz&%20=+", []Param{{"q", "x y+z"}, {" ", " "}}},
		{QueryOptions{}, "q=%26%3D", []Param{{"q", "&="}}},
	}
	for _, tt := range tests {
		got, err := tt.opts.Split(tt.in)
		if err != nil {
			t.Errorf("%+v.Split(%q): %v", tt.opts, tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%+v.Split(%q) mismatch (-want +got):\n%s", tt.opts, tt.in, diff)
		}
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
		_, err := ParseQuery(tt.in)
		pe, ok := err.(*ParseError)
		if !ok || pe.Offset != tt.offset || pe.Kind != BadPercent {
			t.Errorf("ParseQuery(%q) error = %v, want BadPercent at %d", tt.in, err, tt.offset)
		}
	}
}

func TestQueryEncode(t *testing.T) {
	params := []Param{{"a b", "x&y"}, {"k=1", "v;w+z"}, {"a b", "é/?"}, {"", ""}}
	tests := []struct {
		opts QueryOptions
		want string
	}{
		{QueryOptions{}, "a%20b=x%26y&k%3D1=v%3Bw%2Bz&a%20b=%C3%A9/?&="},
		{QueryOptions{Form: true}, "a+b=x%26y&k%3D1=v%3Bw%2Bz&a+b=%C3%A9/?&="},
	}
	for _, tt := range tests {
		got := tt.opts.Encode(params)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%+v.Encode mismatch (-want +got):\n%s", tt.opts, diff)
		}
		if _, err := MustParse("http://h/").WithRawQuery(got); err != nil {
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
	}
}
