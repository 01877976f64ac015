package punycode

import (
	"testing"
	"unicode/utf8"
)

// FuzzPunycode: Decode never panics, and what it decodes encodes back to
// the same digits when the input is in the lower case Encode writes;
// Encode(s) decodes back to s, and EncodeRunes of its code points gives
// the same.
func FuzzPunycode(f *testing.F) {
	for _, tc := range rfc3492Samples {
		f.Add(tc.punycode)
		f.Add(string(tc.cps))
	}
	f.Fuzz(func(t *testing.T, s string) {
		if dec, err := Decode(s); err == nil {
			enc, err := Encode(nil, string(dec))
			if err != nil {
				t.Fatalf("Encode(Decode(%q)) error %v", s, err)
			}
			if again, err := Decode(string(enc)); err != nil || string(again) != string(dec) {
				t.Fatalf("Decode(Encode(Decode(%q))) = %q, %v; want %q", s, string(again), err, string(dec))
			}
		}
		if !utf8.ValidString(s) {
			return
		}
		enc, err := Encode(nil, s)
		encRunes, errRunes := EncodeRunes(nil, []rune(s))
		if string(encRunes) != string(enc) || errRunes != err {
			t.Fatalf("EncodeRunes(%q) = %q, %v; Encode = %q, %v", s, encRunes, errRunes, enc, err)
		}
		if err != nil {
			return // an overflow
		}
		dec, err := Decode(string(enc))
		if err != nil || string(dec) != s {
			t.Fatalf("Decode(Encode(%q)) = %q, %v", s, string(dec), err)
		}
	})
}
