package norm

import (
	"strings"
	"testing"
)

// FuzzNFC checks NFC, NFD, IsNFC, IsNFD and AppendNFC against each other
// and, on inputs up to refMax bytes, against the reference implementation
// of reference_test.go: idempotence, NFC(NFD(x)) == NFC(x), NFD(NFC(x)) ==
// NFD(x), IsNFC(NFC(x)), IsNFC(x) == (NFC(x) == x), and no panic on any
// input, ill-formed UTF-8 included.
func FuzzNFC(f *testing.F) {
	parts, order, _ := readConformance(f)
	for _, part := range order {
		cases := parts[part]
		step := 1
		if part == "@Part1" {
			step = 40 // Part 1 is one code point a line: a sample
		}
		for i := 0; i < len(cases); i += step {
			f.Add(cases[i].c[0])
		}
	}
	for _, s := range []string{"", "abc", "e\u0301\xff\u0301", "\xed\xa0\x80", "\u1100\u1161\u11a8\u0301",
		"a" + strings.Repeat("\u0301\u0316", 20), "\u0f73\u0f75\u0f81\u0344"} {
		f.Add(s)
	}
	d := loadRef(f)
	f.Fuzz(func(t *testing.T, s string) {
		nfc, nfd := NFC(s), NFD(s)
		checks := []struct {
			name      string
			got, want string
		}{
			{"NFC(NFC(x))", NFC(nfc), nfc},
			{"NFD(NFD(x))", NFD(nfd), nfd},
			{"NFC(NFD(x))", NFC(nfd), nfc},
			{"NFD(NFC(x))", NFD(nfc), nfd},
			{"AppendNFC(x)", string(AppendNFC([]byte{}, s)), nfc},
		}
		if len(s) <= refMax {
			checks = append(checks,
				struct{ name, got, want string }{"NFC(x) vs reference", nfc, d.refNormalize(s, true)},
				struct{ name, got, want string }{"NFD(x) vs reference", nfd, d.refNormalize(s, false)})
		}
		for _, c := range checks {
			if c.got != c.want {
				t.Errorf("%s of %+q = %+q, want %+q", c.name, s, c.got, c.want)
			}
		}
		if !IsNFC(nfc) || !IsNFD(nfd) {
			t.Errorf("IsNFC(NFC(%+q)), IsNFD(NFD) = %v, %v, want true, true", s, IsNFC(nfc), IsNFD(nfd))
		}
		if IsNFC(s) != (nfc == s) || IsNFD(s) != (nfd == s) {
			t.Errorf("IsNFC(%+q), IsNFD = %v, %v, want %v, %v", s, IsNFC(s), IsNFD(s), nfc == s, nfd == s)
		}
	})
}

// refMax is the longest input compared with the reference, which is
// quadratic.
const refMax = 1 << 10
