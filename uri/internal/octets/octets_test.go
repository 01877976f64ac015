package octets_test

import (
	"fmt"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/uri/internal/octets"
)

func TestEncode(t *testing.T) {
	var set octets.Set
	for _, c := range []byte("az09-") {
		set.Add(c)
	}
	tests := []struct {
		in, want string
	}{
		{"", ""},
		{"az-09", "az-09"},
		{"a z", "a%20z"},
		{"%", "%25"},
		{"\xff\x00", "%FF%00"},
		{"é", "%C3%A9"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, octets.Encode(tt.in, &set)); diff != "" {
				t.Errorf("Encode(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestSet(t *testing.T) {
	var s octets.Set
	s.Add('a')
	s.Add(0xff)
	w := s.Without('a')
	for c := 0; c < 256; c++ {
		if got, want := s.Has(byte(c)), c == 'a' || c == 0xff; got != want {
			t.Errorf("Has(%#02x) = %v, want %v", c, got, want)
		}
		if got, want := w.Has(byte(c)), c == 0xff; got != want {
			t.Errorf("Without('a').Has(%#02x) = %v, want %v", c, got, want)
		}
	}
}

func TestUpperPercent(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a%2fb%c3%a9", "a%2Fb%C3%A9"},
		{"%AB%cd", "%AB%CD"},
		{"ef%2f", "ef%2F"},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, octets.UpperPercent(tt.in)); diff != "" {
				t.Errorf("octets.UpperPercent(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestHex(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := -1
		switch {
		case '0' <= c && c <= '9':
			want = c - '0'
		case 'a' <= c && c <= 'f':
			want = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			want = c - 'A' + 10
		}
		if octets.IsHex(byte(c)) != (want >= 0) {
			t.Errorf("octets.IsHex(%q) = %v", c, octets.IsHex(byte(c)))
		}
		if want >= 0 && int(octets.Unhex(byte(c))) != want {
			t.Errorf("octets.Unhex(%q) = %d, want %d", c, octets.Unhex(byte(c)), want)
		}
	}
}

func TestBidiFormatting(t *testing.T) {
	tests := []struct {
		r    rune
		want bool
	}{
		{'a', false},
		{0x200D, false}, // ZWJ: a ucschar that stays
		{0x200E, true},  // LRM
		{0x200F, true},  // RLM
		{0x2029, false},
		{0x202A, true}, // LRE
		{0x202C, true}, // PDF
		{0x202E, true}, // RLO
		{0x202F, false},
		{0x2066, false}, // LRI: not in RFC 3987's list
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%U", tt.r), func(t *testing.T) {
			if diff := cmp.Diff(tt.want, octets.BidiFormatting(tt.r)); diff != "" {
				t.Errorf("BidiFormatting(%q) mismatch (-want +got):\n%s", tt.r, diff)
			}
		})
	}
}

// TestIRICharExhaustive holds IRIChar to the grammar of RFC 3987 on every
// code point: ucschar, and iprivate with private, as
// grammar/rfc3987.peg matches them, less the bidirectional formatting
// characters of §4.1.
func TestIRICharExhaustive(t *testing.T) {
	p := rfc3987.NewParser()
	ucs, priv := rfc3987.MustLookup("ucschar"), rfc3987.MustLookup("iprivate")
	bad := 0
	for r := rune(0); r <= unicode.MaxRune && bad < 10; r++ {
		var u, i bool
		if utf8.ValidRune(r) {
			u, i = p.Match(ucs, string(r)), p.Match(priv, string(r))
		}
		for _, private := range []bool{false, true} {
			want := (u || private && i) && !octets.BidiFormatting(r)
			if got := octets.IRIChar(r, private); got != want {
				t.Errorf("IRIChar(%U, %t) = %t, want %t", r, private, got, want)
				bad++
			}
		}
	}
}
