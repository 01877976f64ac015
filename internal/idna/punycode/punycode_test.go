package punycode

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// rfc3492Samples are the sample strings of RFC 3492 §7.1, their code
// points and their Punycode (with the samples' mixed-case annotations).
var rfc3492Samples = []struct {
	name     string
	cps      []rune
	punycode string
}{
	{"A Arabic (Egyptian)", []rune{0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F}, "egbpdaj6bu4bxfgehfvwxn"},
	{"B Chinese (simplified)", []rune{0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587}, "ihqwcrb4cv8a8dqg056pqjye"},
	{"C Chinese (traditional)", []rune{0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587}, "ihqwctvzc91f659drss3x8bo0yb"},
	{"D Czech", []rune{0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074, 0x011B, 0x006E, 0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D, 0x0065, 0x0073, 0x006B, 0x0079}, "Proprostnemluvesky-uyb24dma41a"},
	{"E Hebrew", []rune{0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC, 0x05D0, 0x05DE, 0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA}, "4dbcagdahymbxekheh6e0a7fei0b"},
	{"F Hindi (Devanagari)", []rune{0x092F, 0x0939, 0x0932, 0x094B, 0x0917, 0x0939, 0x093F, 0x0928, 0x094D, 0x0926, 0x0940, 0x0915, 0x094D, 0x092F, 0x094B, 0x0902, 0x0928, 0x0939, 0x0940, 0x0902, 0x092C, 0x094B, 0x0932, 0x0938, 0x0915, 0x0924, 0x0947, 0x0939, 0x0948, 0x0902}, "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
	{"G Japanese (kanji and hiragana)", []rune{0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092, 0x8A71, 0x3057, 0x3066, 0x304F, 0x308C, 0x306A, 0x3044, 0x306E, 0x304B}, "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
	{"H Korean (Hangul syllables)", []rune{0xC138, 0xACC4, 0xC758, 0xBAA8, 0xB4E0, 0xC0AC, 0xB78C, 0xB4E4, 0xC774, 0xD55C, 0xAD6D, 0xC5B4, 0xB97C, 0xC774, 0xD574, 0xD55C, 0xB2E4, 0xBA74, 0xC5BC, 0xB9C8, 0xB098, 0xC88B, 0xC744, 0xAE4C}, "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
	{"I Russian (Cyrillic)", []rune{0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D, 0x0438, 0x043D, 0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442, 0x043F, 0x043E, 0x0440, 0x0443, 0x0441, 0x0441, 0x043A, 0x0438}, "b1abfaaepdrnnbgefbaDotcwatmq2g4l"},
	{"J Spanish", []rune{0x0050, 0x006F, 0x0072, 0x0071, 0x0075, 0x00E9, 0x006E, 0x006F, 0x0070, 0x0075, 0x0065, 0x0064, 0x0065, 0x006E, 0x0073, 0x0069, 0x006D, 0x0070, 0x006C, 0x0065, 0x006D, 0x0065, 0x006E, 0x0074, 0x0065, 0x0068, 0x0061, 0x0062, 0x006C, 0x0061, 0x0072, 0x0065, 0x006E, 0x0045, 0x0073, 0x0070, 0x0061, 0x00F1, 0x006F, 0x006C}, "PorqunopuedensimplementehablarenEspaol-fmd56a"},
	{"K Vietnamese", []rune{0x0054, 0x1EA1, 0x0069, 0x0073, 0x0061, 0x006F, 0x0068, 0x1ECD, 0x006B, 0x0068, 0x00F4, 0x006E, 0x0067, 0x0074, 0x0068, 0x1EC3, 0x0063, 0x0068, 0x1EC9, 0x006E, 0x00F3, 0x0069, 0x0074, 0x0069, 0x1EBF, 0x006E, 0x0067, 0x0056, 0x0069, 0x1EC7, 0x0074}, "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
	{"L 3nenBgumikinpachisensei", []rune{0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F}, "3B-ww4c5e180e575a65lsy2b"},
	{"M amuronamie-with-SUPER-MONKEYS", []rune{0x5B89, 0x5BA4, 0x5948, 0x7F8E, 0x6075, 0x002D, 0x0077, 0x0069, 0x0074, 0x0068, 0x002D, 0x0053, 0x0055, 0x0050, 0x0045, 0x0052, 0x002D, 0x004D, 0x004F, 0x004E, 0x004B, 0x0045, 0x0059, 0x0053}, "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
	{"N Hello-Another-Way-sorezorenobasho", []rune{0x0048, 0x0065, 0x006C, 0x006C, 0x006F, 0x002D, 0x0041, 0x006E, 0x006F, 0x0074, 0x0068, 0x0065, 0x0072, 0x002D, 0x0057, 0x0061, 0x0079, 0x002D, 0x305D, 0x308C, 0x305E, 0x308C, 0x306E, 0x5834, 0x6240}, "Hello-Another-Way--fc4qua05auwb3674vfr0b"},
	{"O hitotsuyanenoshita2", []rune{0x3072, 0x3068, 0x3064, 0x5C4B, 0x6839, 0x306E, 0x4E0B, 0x0032}, "2-u9tlzr9756bt3uc0v"},
	{"P MajideKoisuru5byoumae", []rune{0x004D, 0x0061, 0x006A, 0x0069, 0x3067, 0x004B, 0x006F, 0x0069, 0x3059, 0x308B, 0x0035, 0x79D2, 0x524D}, "MajiKoi5-783gue6qz075azm5e"},
	{"Q pafiiderunba", []rune{0x30D1, 0x30D5, 0x30A3, 0x30FC, 0x0064, 0x0065, 0x30EB, 0x30F3, 0x30D0}, "de-jg4avhby1noc0d"},
	{"R sonosupiidode", []rune{0x305D, 0x306E, 0x30B9, 0x30D4, 0x30FC, 0x30C9, 0x3067}, "d9juau41awczczp"},
	{"S -> $1.00 <-", []rune{0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C, 0x002D}, "-> $1.00 <--"},
}

// withoutAnnotations lower-cases the digits after the last delimiter of a
// sample: the mixed-case annotations of RFC 3492 Appendix A, which Encode
// does not write.
func withoutAnnotations(s string) string {
	i := strings.LastIndexByte(s, '-')
	return s[:i+1] + strings.ToLower(s[i+1:])
}

func TestDecodeRFC3492Samples(t *testing.T) {
	for _, tc := range rfc3492Samples {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Decode(tc.punycode)
			if err != nil {
				t.Fatalf("Decode(%q): %v", tc.punycode, err)
			}
			if diff := cmp.Diff(tc.cps, got); diff != "" {
				t.Errorf("Decode(%q) mismatch (-want +got):\n%s", tc.punycode, diff)
			}
		})
	}
}

func TestEncodeRFC3492Samples(t *testing.T) {
	for _, tc := range rfc3492Samples {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Encode(nil, string(tc.cps))
			if err != nil {
				t.Fatalf("Encode(%q): %v", string(tc.cps), err)
			}
			if diff := cmp.Diff(withoutAnnotations(tc.punycode), string(got)); diff != "" {
				t.Errorf("Encode(%q) mismatch (-want +got):\n%s", string(tc.cps), diff)
			}
			got, err = EncodeRunes([]byte("xn--"), tc.cps)
			if err != nil {
				t.Fatalf("EncodeRunes(%q): %v", string(tc.cps), err)
			}
			if diff := cmp.Diff("xn--"+withoutAnnotations(tc.punycode), string(got)); diff != "" {
				t.Errorf("EncodeRunes(%q) mismatch (-want +got):\n%s", string(tc.cps), diff)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"a-é", ErrBadInput},            // a non-basic code point before the delimiter
		{"abcé", ErrBadInput},           // a non-basic code point among the digits
		{"-abc", ErrBadInput},           // no basic code points: the delimiter is not a digit
		{"ab-c!", ErrBadInput},          // not a digit
		{"99", ErrBadInput},             // a variable-length integer cut short (9 = 35 ≥ t)
		{"9999999999", ErrOverflow},     // RFC 3492 §6.4: i*w overflows
		{"99999999999999", ErrOverflow}, // RFC 3492 §6.4: w overflows
		{"99999a", ErrNotCodePoint},     // a code point past U+10FFFF
		{"a-999999a", ErrNotCodePoint},
		{strings.Repeat("a", 300) + "-99999999999999", ErrOverflow}, // the long path checks the same
		{strings.Repeat("a", 300) + "-99", ErrBadInput},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Decode(tc.in)
			if !errors.Is(err, tc.want) {
				t.Errorf("Decode(%q) = %q, %v; want error %v", tc.in, string(got), err, tc.want)
			}
		})
	}
}

// TestLongLabels: a label of any length converts (RFC 3492 sets no
// limit), the Punycode of 257 × "é" as Python's and punycode.js's.
func TestLongLabels(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{strings.Repeat("é", 257), "9c" + strings.Repeat("a", 257)},
		{"é" + strings.Repeat("a", 256), strings.Repeat("a", 256) + "-99v"},
	} {
		got, err := Encode(nil, tc.in)
		if err != nil || string(got) != tc.want {
			t.Errorf("Encode(%d code points) = %q, %v; want %q", utf8.RuneCountInString(tc.in), got, err, tc.want)
		}
		dec, err := Decode(tc.want)
		if err != nil || string(dec) != tc.in {
			t.Errorf("Decode(%q) = %q, %v; want %q", tc.want, string(dec), err, tc.in)
		}
	}
	// An overflow leaves dst as it was.
	huge := []rune(strings.Repeat("\U0010FFFF\u0080", 5000))
	if got, err := EncodeRunes([]byte("x"), huge); !errors.Is(err, ErrOverflow) || string(got) != "x" {
		t.Errorf("EncodeRunes(10,000 code points) = %.20q, %v; want \"x\", %v", got, err, ErrOverflow)
	}
}

// TestLongAgreesWithDirect: the Fenwick-tree steps for long labels give
// what RFC 3492's steps as written give, on random labels of up to 600
// code points drawn from a few values (so that rounds have many
// occurrences) or from many.
func TestLongAgreesWithDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 400 {
		n := rng.IntN(600) + 1
		alphabet := []rune("ab\u00e9\u00fc\u4e2d\U0001F600")
		if rng.IntN(2) == 0 {
			alphabet = nil
			for range 50 {
				alphabet = append(alphabet, rune(rng.IntN(0xD000)))
			}
		}
		cps := make([]rune, n)
		for i := range cps {
			cps[i] = alphabet[rng.IntN(len(alphabet))]
		}
		b := uint32(0)
		var basic []byte
		for _, r := range cps {
			if r < 0x80 {
				basic = append(basic, byte(r))
				b++
			}
		}
		if b > 0 {
			basic = append(basic, '-')
		}
		direct, err1 := encodeDeltas(slices.Clone(basic), cps, b)
		long, err2 := encodeDeltasLong(slices.Clone(basic), cps, b)
		if string(direct) != string(long) || err1 != err2 {
			t.Fatalf("encodeDeltas = %q, %v; encodeDeltasLong = %q, %v", direct, err1, long, err2)
		}
		if err1 != nil {
			continue
		}
		in := string(direct)
		start := 0
		if b > 0 {
			start = int(b) + 1
		}
		out := []rune(in[:max(start-1, 0)])
		d1, err1 := decodeDeltas(in[start:], slices.Clone(out))
		d2, err2 := decodeDeltasLong(in[start:], slices.Clone(out))
		if string(d1) != string(d2) || err1 != err2 || string(d1) != string(cps) {
			t.Fatalf("decodeDeltas(%q) = %q, %v; decodeDeltasLong = %q, %v; want %q", in, string(d1), err1, string(d2), err2, string(cps))
		}
	}
}

// TestRoundTrip: Decode(Encode(s)) == s on edge code points.
func TestRoundTrip(t *testing.T) {
	for _, s := range []string{"\u0080", "\U0010FFFF", "a\U0010FFFFb\u0080", "\uD7FF\uE000", strings.Repeat("\U0010FFFF", DirectLength), strings.Repeat("\U0010FFFF", 1000)} {
		t.Run(s, func(t *testing.T) {
			enc, err := Encode(nil, s)
			if err != nil {
				t.Fatalf("Encode(%q): %v", s, err)
			}
			dec, err := Decode(string(enc))
			if err != nil {
				t.Fatalf("Decode(%q): %v", enc, err)
			}
			if diff := cmp.Diff(s, string(dec)); diff != "" {
				t.Errorf("Decode(Encode(%q)) mismatch (-want +got):\n%s", s, diff)
			}
		})
	}
}

// TestDivMod checks divMod against the division operators for every
// divisor of its table and beyond, on edge and spread values.
func TestDivMod(t *testing.T) {
	for d := uint32(1); d <= maxDivisor+1; d++ {
		for _, x := range []uint32{0, 1, d - 1, d, d + 1, 1<<31 - 1, 1 << 31, maxInt, maxInt - d + 1, 123456789} {
			q, r := divMod(x, d)
			if q != x/d || r != x%d {
				t.Errorf("divMod(%d, %d) = %d, %d; want %d, %d", x, d, q, r, x/d, x%d)
			}
		}
		for x := uint32(0); x < maxInt-1<<23; x += 1<<22 + 7 {
			if q, r := divMod(x, d); q != x/d || r != x%d {
				t.Fatalf("divMod(%d, %d) = %d, %d; want %d, %d", x, d, q, r, x/d, x%d)
			}
		}
	}
}
