package octets_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
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
