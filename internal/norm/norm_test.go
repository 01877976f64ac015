package norm

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A conformance case is one line of NormalizationTest.txt: its five
// columns, c1 to c5.
type conformance struct {
	line int
	c    [5]string
}

// readConformance reads NormalizationTest.txt, its cases by part, and the
// code points listed in Part 1.
func readConformance(t testing.TB) (parts map[string][]conformance, order []string, part1 map[rune]bool) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "unicode", Version, "NormalizationTest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	parts = map[string][]conformance{}
	part1 = map[rune]bool{}
	part := ""
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if strings.HasPrefix(line, "@") {
			part = strings.TrimSpace(line)
			order = append(order, part)
			continue
		}
		fields := strings.Split(line, ";")
		if len(fields) < 6 {
			t.Fatalf("NormalizationTest.txt:%d: %d fields, want 5 and a comment", n, len(fields)-1)
		}
		var c conformance
		c.line = n
		for i := range c.c {
			c.c[i] = parseCodePoints(t, n, fields[i])
		}
		if part == "@Part1" {
			part1[[]rune(c.c[0])[0]] = true
		}
		parts[part] = append(parts[part], c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return parts, order, part1
}

func parseCodePoints(t testing.TB, n int, field string) string {
	t.Helper()
	var b strings.Builder
	for _, f := range strings.Fields(field) {
		v, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			t.Fatalf("NormalizationTest.txt:%d: bad code point %q", n, f)
		}
		b.WriteRune(rune(v))
	}
	return b.String()
}

// TestConformance runs every line of NormalizationTest.txt, by part, on
// the NFC and NFD columns (UAX #15's invariants):
//
//	c2 == toNFC(c1) == toNFC(c2) == toNFC(c3)
//	c4 == toNFC(c4) == toNFC(c5)
//	c3 == toNFD(c1) == toNFD(c2) == toNFD(c3)
//	c5 == toNFD(c4) == toNFD(c5)
//
// with IsNFC and IsNFD agreeing, and AppendNFC too.
func TestConformance(t *testing.T) {
	parts, order, _ := readConformance(t)
	if len(order) != 6 {
		t.Fatalf("NormalizationTest.txt has parts %q, want @Part0 to @Part5", order)
	}
	total := 0
	for _, part := range order {
		t.Run(part, func(t *testing.T) {
			for _, c := range parts[part] {
				total++
				checkCase(t, c)
			}
		})
	}
	if total < 20000 {
		t.Errorf("ran %d cases, want the file's 20,000 or more", total)
	}
}

// checkCase checks one conformance line.
func checkCase(t *testing.T, c conformance) {
	t.Helper()
	type check struct {
		fn   string
		f    func(string) string
		col  int
		want int
	}
	checks := []check{
		{"NFC", NFC, 0, 1}, {"NFC", NFC, 1, 1}, {"NFC", NFC, 2, 1}, {"NFC", NFC, 3, 3}, {"NFC", NFC, 4, 3},
		{"NFD", NFD, 0, 2}, {"NFD", NFD, 1, 2}, {"NFD", NFD, 2, 2}, {"NFD", NFD, 3, 4}, {"NFD", NFD, 4, 4},
		{"AppendNFC", func(s string) string { return string(AppendNFC([]byte("x"), s)[1:]) }, 0, 1},
	}
	for _, k := range checks {
		if got := k.f(c.c[k.col]); got != c.c[k.want] {
			t.Errorf("line %d: %s(c%d %+q) mismatch (-want +got):\n%s", c.line, k.fn, k.col+1, c.c[k.col], cmp.Diff(c.c[k.want], got))
		}
	}
	for col, s := range c.c {
		if got := IsNFC(s); got != (NFC(s) == s) {
			t.Errorf("line %d: IsNFC(c%d %+q) = %v, NFC(s) == s is %v", c.line, col+1, s, got, NFC(s) == s)
		}
		if got := IsNFD(s); got != (NFD(s) == s) {
			t.Errorf("line %d: IsNFD(c%d %+q) = %v, NFD(s) == s is %v", c.line, col+1, s, got, NFD(s) == s)
		}
	}
}

// TestUnlisted checks Part 1's second invariant: every code point
// assigned in this version of Unicode (UnicodeData.txt) and not listed in
// Part 1 is unchanged by NFC and NFD, alone and after a starter.
func TestUnlisted(t *testing.T) {
	_, _, part1 := readConformance(t)
	assigned := readAssigned(t)
	checked := 0
	for _, r := range assigned {
		if part1[r] {
			continue
		}
		checked++
		s := string(r)
		if got := NFC(s); got != s {
			t.Errorf("NFC(%+q) mismatch (-want +got):\n%s", s, cmp.Diff(s, got))
		}
		if got := NFD(s); got != s {
			t.Errorf("NFD(%+q) mismatch (-want +got):\n%s", s, cmp.Diff(s, got))
		}
		if !IsNFC(s) || !IsNFD(s) {
			t.Errorf("IsNFC(%+q), IsNFD = %v, %v, want true, true", s, IsNFC(s), IsNFD(s))
		}
	}
	if checked < 200000 {
		t.Errorf("checked %d code points, want the 200,000 or more that are assigned and unlisted", checked)
	}
}

// readAssigned returns the code points UnicodeData.txt assigns (its
// First/Last ranges included), surrogates excepted (not in a Go string).
func readAssigned(t *testing.T) []rune {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "grammar", "unicode", Version, "ucd", "UnicodeData.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []rune
	var first rune = -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), ";")
		v, err := strconv.ParseUint(fields[0], 16, 32)
		if err != nil || len(fields) < 3 {
			t.Fatalf("UnicodeData.txt: bad line %q", sc.Text())
		}
		r := rune(v)
		switch {
		case strings.HasSuffix(fields[1], ", First>"):
			first = r
			continue
		case strings.HasSuffix(fields[1], ", Last>"):
		default:
			first = r
		}
		for c := first; c <= r; c++ {
			if c < 0xD800 || c > 0xDFFF {
				out = append(out, c)
			}
		}
	}
	return out
}

func TestExamples(t *testing.T) {
	tests := []struct {
		in, nfc, nfd string
	}{
		{"", "", ""},
		{"abc", "abc", "abc"},
		{"e\u0301", "\u00e9", "e\u0301"},
		{"\u00e9", "\u00e9", "e\u0301"},
		{"a\u0301\u0316", "\u00e1\u0316", "a\u0316\u0301"},                 // reordered, then composed past the lower class
		{"\u1100\u1161\u11a8", "\uac01", "\u1100\u1161\u11a8"},             // Hangul L V T
		{"\uac00\u11a8", "\uac01", "\u1100\u1161\u11a8"},                   // Hangul LV T
		{"\u212b", "\u00c5", "A\u030a"},                                    // ANGSTROM SIGN, a singleton
		{"\u0958", "\u0915\u093c", "\u0915\u093c"},                         // a composition exclusion
		{"\u0344", "\u0308\u0301", "\u0308\u0301"},                         // a non-starter decomposition
		{"e\u0301\u0301", "\u00e9\u0301", "e\u0301\u0301"},                 // the second acute is blocked
		{"\xff", "\xff", "\xff"},                                           // ill-formed: kept
		{"e\xcc\x81\xff\xcc\x81", "\u00e9\xff\u0301", "e\u0301\xff\u0301"}, // ill-formed bytes block
		{"\xed\xa0\x80\u0301", "\xed\xa0\x80\u0301", "\xed\xa0\x80\u0301"}, // an encoded surrogate is three ill-formed bytes
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+q", tt.in), func(t *testing.T) {
			if got := NFC(tt.in); got != tt.nfc {
				t.Errorf("NFC(%q) mismatch (-want +got):\n%s", tt.in, cmp.Diff(tt.nfc, got))
			}
			if got := NFD(tt.in); got != tt.nfd {
				t.Errorf("NFD(%q) mismatch (-want +got):\n%s", tt.in, cmp.Diff(tt.nfd, got))
			}
			if got, want := IsNFC(tt.in), tt.in == tt.nfc; got != want {
				t.Errorf("IsNFC(%q) = %v, want %v", tt.in, got, want)
			}
			if got, want := IsNFD(tt.in), tt.in == tt.nfd; got != want {
				t.Errorf("IsNFD(%q) = %v, want %v", tt.in, got, want)
			}
		})
	}
}

// TestNoAllocation checks that text already in the form costs no
// allocation.
func TestNoAllocation(t *testing.T) {
	for _, s := range []string{"example.org", "bücher.de", "納豆.example", "\u00e9\u0316x", "\uac01"} {
		t.Run(s, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, func() { sinkStr = NFC(s) }); n != 0 {
				t.Errorf("NFC(%q) allocates %v times, want 0", s, n)
			}
			if n := testing.AllocsPerRun(100, func() { sinkBool = IsNFC(s) }); n != 0 {
				t.Errorf("IsNFC(%q) allocates %v times, want 0", s, n)
			}
		})
	}
}

var (
	sinkStr  string
	sinkBool bool
)
