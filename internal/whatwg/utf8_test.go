package whatwg

import (
	"testing"
)

// utf8DecodeSpec is the Encoding Standard's UTF-8 decoder ("UTF-8
// decoder" handler, with the error mode replacement) as written, one byte
// at a time: the reference TestUTF8DecodeExhaustive holds UTF8Decode to.
func utf8DecodeSpec(s string) string {
	var out []rune
	var cp rune
	need, seen := 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; i <= len(s); {
		if i == len(s) { // end-of-queue
			if need != 0 {
				out = append(out, 0xFFFD)
			}
			break
		}
		b := s[i]
		if need == 0 {
			i++
			switch {
			case b <= 0x7F:
				out = append(out, rune(b))
			case 0xC2 <= b && b <= 0xDF:
				need, cp = 1, rune(b&0x1F)
			case 0xE0 <= b && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				need, cp = 2, rune(b&0xF)
			case 0xF0 <= b && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				need, cp = 3, rune(b&0x7)
			default:
				out = append(out, 0xFFFD)
			}
			continue
		}
		if b < lower || b > upper {
			// Reset and prepend the byte to the stream: it is read again.
			cp, need, seen, lower, upper = 0, 0, 0, 0x80, 0xBF
			out = append(out, 0xFFFD)
			continue
		}
		i++
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(b&0x3F)
		seen++
		if seen == need {
			out = append(out, cp)
			cp, need, seen = 0, 0, 0
		}
	}
	return string(out)
}

// TestUTF8DecodeExhaustive compares UTF8Decode with the Encoding
// Standard's decoder on every string of one and two bytes, and on every
// string of three and four bytes drawn from the bytes where the decoder's
// boundaries change, each followed by "a" too.
func TestUTF8DecodeExhaustive(t *testing.T) {
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF}
	check := func(s string) {
		for _, x := range []string{s, s + "a"} {
			if got, want := UTF8Decode(x), utf8DecodeSpec(x); got != want {
				t.Fatalf("UTF8Decode(%q) = %+q, want %+q", x, got, want)
			}
		}
	}
	for a := range 256 {
		check(string([]byte{byte(a)}))
		for b := range 256 {
			check(string([]byte{byte(a), byte(b)}))
		}
	}
	for _, a := range edges {
		for _, b := range edges {
			for _, c := range edges {
				check(string([]byte{a, b, c}))
				for _, d := range edges {
					check(string([]byte{a, b, c, d}))
				}
			}
		}
	}
}
