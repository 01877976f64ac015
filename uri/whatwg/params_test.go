package whatwg_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/whatwg"
)

// TestParseSearchParams checks the application/x-www-form-urlencoded
// parser (URL Standard, section 5.1).
func TestParseSearchParams(t *testing.T) {
	tests := []struct {
		in   string
		want []uri.Param
	}{
		{"", nil},
		{"?", nil},
		{"?a=b", []uri.Param{{Key: "a", Value: "b"}}},
		{"a=b&&c&=d&e==f", []uri.Param{{Key: "a", Value: "b"}, {Key: "c", Value: ""}, {Key: "", Value: "d"}, {Key: "e", Value: "=f"}}},
		{"a+b=c+d%2B", []uri.Param{{Key: "a b", Value: "c d+"}}},
		{"%zz=%4", []uri.Param{{Key: "%zz", Value: "%4"}}},
		{"a=%FF%C3%A9", []uri.Param{{Key: "a", Value: "\ufffd\u00e9"}}},
		// UTF-8 decode: one U+FFFD per maximal subpart (Encoding
		// Standard), as Node gives.
		{"a=%FF%FF", []uri.Param{{Key: "a", Value: "\ufffd\ufffd"}}},
		{"a=%E2%82", []uri.Param{{Key: "a", Value: "\ufffd"}}},
		{"a=%E2%82%E2%82%AC", []uri.Param{{Key: "a", Value: "\ufffd\u20ac"}}},
		{"a=%F0%9F%92", []uri.Param{{Key: "a", Value: "\ufffd"}}},
		{"a=%E0%80%AF", []uri.Param{{Key: "a", Value: "\ufffd\ufffd\ufffd"}}}, // an overlong "/"
		{"a=%ED%A0%80", []uri.Param{{Key: "a", Value: "\ufffd\ufffd\ufffd"}}}, // a surrogate
		{"a=%F4%90%80%80", []uri.Param{{Key: "a", Value: "\ufffd\ufffd\ufffd\ufffd"}}},
		{"a=%C2", []uri.Param{{Key: "a", Value: "\ufffd"}}},
		{"a=%80%C2x", []uri.Param{{Key: "a", Value: "\ufffd\ufffdx"}}},
		{"%EF%BB%BFa=\xff\xfe", []uri.Param{{Key: "\ufeffa", Value: "\ufffd\ufffd"}}},
		{"??a=b", []uri.Param{{Key: "?a", Value: "b"}}},
		{"a=b;c=d", []uri.Param{{Key: "a", Value: "b;c=d"}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := whatwg.ParseSearchParams(tt.in).Pairs()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseSearchParams(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestSearchParamsString checks the application/x-www-form-urlencoded serializer.
func TestSearchParamsString(t *testing.T) {
	var p whatwg.SearchParams
	p.Append("a b", "c+d&e=f")
	p.Append("\u00e9", "*-._~!'()")
	p.Append("x", "\xff")
	want := "a+b=c%2Bd%26e%3Df&%C3%A9=*-._%7E%21%27%28%29&x=%EF%BF%BD"
	if got := p.String(); got != want {
		t.Errorf("String() mismatch (-want +got):\n%s", cmp.Diff(want, got))
	}
	if got := whatwg.ParseSearchParams(want).String(); got != want {
		t.Errorf("ParseSearchParams(%q).String() = %q", want, got)
	}
}

// TestSearchParamsEdit checks Get, GetAll, Has, Set, Delete and Sort.
func TestSearchParamsEdit(t *testing.T) {
	p := whatwg.ParseSearchParams("b=1&a=2&b=3&\U0001F600=4&\uFFFD=5")
	orig := p
	if v, ok := p.Get("b"); !ok || v != "1" {
		t.Errorf("Get(b) = %q, %v", v, ok)
	}
	if _, ok := p.Get("z"); ok || p.Has("z") || !p.Has("a") {
		t.Error("Get/Has of a missing or present name")
	}
	if diff := cmp.Diff([]string{"1", "3"}, p.GetAll("b")); diff != "" {
		t.Errorf("GetAll(b) mismatch (-want +got):\n%s", diff)
	}
	p.Set("b", "x")
	if got := p.String(); got != "b=x&a=2&%F0%9F%98%80=4&%EF%BF%BD=5" {
		t.Errorf("after Set: %q", got)
	}
	p.Sort() // UTF-16 order: U+1F600 (D83D DE00) before U+FFFD
	if got := p.String(); got != "a=2&b=x&%F0%9F%98%80=4&%EF%BF%BD=5" {
		t.Errorf("after Sort: %q", got)
	}
	p.Delete("b")
	if got := p.String(); got != "a=2&%F0%9F%98%80=4&%EF%BF%BD=5" {
		t.Errorf("after Delete: %q", got)
	}
	if got := orig.String(); got != "b=1&a=2&b=3&%F0%9F%98%80=4&%EF%BF%BD=5" {
		t.Errorf("the copy changed: %q", got)
	}
	if p.Len() != 3 {
		t.Errorf("Len() = %d", p.Len())
	}
}

// TestWithSearchParams checks setting a URL's query from pairs.
func TestWithSearchParams(t *testing.T) {
	u := whatwg.MustParse("https://h/p?x=1#f")
	p := u.SearchParams()
	p.Append("y", "a b")
	if got := u.WithSearchParams(p).Href(); got != "https://h/p?x=1&y=a+b#f" {
		t.Errorf("WithSearchParams = %q", got)
	}
	if got := u.WithSearchParams(whatwg.SearchParams{}).Href(); got != "https://h/p#f" {
		t.Errorf("WithSearchParams(empty) = %q", got)
	}
}

// TestSearchParamsEditInvalidUTF8 checks that Append and Set read a
// string that is not UTF-8 as a query is read: one U+FFFD for each
// maximal subpart of an ill-formed sequence (Encoding Standard, UTF-8
// decode), so "\xFF\xFF" is two and "\xE2\x82" one.
func TestSearchParamsEditInvalidUTF8(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"\xff\xff", "\uFFFD\uFFFD"},
		{"a\xe2\x82b", "a\uFFFDb"},
		{"é", "é"},
	} {
		t.Run(tt.in, func(t *testing.T) {
			var p whatwg.SearchParams
			p.Append(tt.in, tt.in)
			p.Set("s", tt.in)
			for _, name := range []string{tt.want, "s"} {
				if got, _ := p.Get(name); got != tt.want {
					t.Errorf("Get(%q) = %q, want %q", name, got, tt.want)
				}
			}
		})
	}
}
