package ucd

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// dataDir is where the data files the tables are generated from live,
// relative to this package's directory.
var dataDir = filepath.Join("..", "..", "grammar", "unicode", Version, "ucd")

// A line is one data line of a UCD file, parsed by the test itself.
type line struct {
	lo, hi rune
	fields []string
	n      int
}

// readLines parses a UCD file: its data lines, and its @missing lines
// (UAX #44 §4.2.10) apart. In UnicodeData.txt (noComments), a First/Last
// pair of lines becomes one range.
func readLines(t *testing.T, name string, noComments bool) (data, missing []line) {
	t.Helper()
	f, err := os.Open(filepath.Join(dataDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		text := sc.Text()
		isMissing := strings.HasPrefix(text, "# @missing:")
		if isMissing {
			text = strings.TrimPrefix(text, "# @missing:")
		} else if !noComments {
			text, _, _ = strings.Cut(text, "#")
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		l := parseLine(t, name, n, text)
		switch {
		case isMissing:
			missing = append(missing, l)
		case noComments && strings.HasSuffix(l.fields[0], ", Last>"):
			data[len(data)-1].hi = l.lo
		default:
			data = append(data, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 {
		t.Fatalf("%s: no data lines", name)
	}
	return data, missing
}

func parseLine(t *testing.T, name string, n int, text string) line {
	t.Helper()
	parts := strings.Split(text, ";")
	cps := strings.TrimSpace(parts[0])
	a, b, ok := strings.Cut(cps, "..")
	if !ok {
		b = a
	}
	lo, err1 := strconv.ParseUint(a, 16, 32)
	hi, err2 := strconv.ParseUint(b, 16, 32)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s:%d: bad code points %q", name, n, cps)
	}
	l := line{lo: rune(lo), hi: rune(hi), n: n}
	for _, p := range parts[1:] {
		l.fields = append(l.fields, strings.TrimSpace(p))
	}
	return l
}

// expect returns the value of each code point: the @missing lines' in
// file order, then the data lines', through value.
func expect(t *testing.T, name string, value func(string) (int, bool)) []int {
	t.Helper()
	data, missing := readLines(t, name, false)
	want := make([]int, MaxRune+1)
	for _, l := range append(missing, data...) {
		v, ok := value(l.fields[0])
		if !ok {
			t.Fatalf("%s:%d: unknown value %q", name, l.n, l.fields[0])
		}
		for c := l.lo; c <= l.hi; c++ {
			want[c] = v
		}
	}
	return want
}

// compareAll compares got(c) with want[c] for every code point, reporting
// at most a few mismatches.
func compareAll(t *testing.T, name string, want []int, got func(rune) int) {
	t.Helper()
	bad := 0
	for c := rune(0); c <= MaxRune; c++ {
		if g := got(c); g != want[c] {
			if bad++; bad <= 10 {
				t.Errorf("%s(U+%04X) = %d, want %d", name, c, g, want[c])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d code points differ from the data file", name, bad)
	}
}

// longBidi are the long names of the @missing lines of
// DerivedBidiClass.txt, UAX #44 §5.7.4.
var longBidi = map[string]string{
	"Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
	"European_Terminator": "ET", "Boundary_Neutral": "BN",
}

func TestBidi(t *testing.T) {
	value := func(s string) (int, bool) {
		if short, ok := longBidi[s]; ok {
			s = short
		}
		for i, n := range bidiNames {
			if n == s {
				return i, true
			}
		}
		return 0, false
	}
	want := expect(t, "extracted/DerivedBidiClass.txt", value)
	compareAll(t, "Bidi", want, func(r rune) int { return int(Bidi(r)) })
}

func TestJoining(t *testing.T) {
	value := func(s string) (int, bool) {
		if s == "Non_Joining" {
			return int(JoiningU), true
		}
		for i, n := range joiningNames {
			if n == s {
				return i, true
			}
		}
		return 0, false
	}
	want := expect(t, "extracted/DerivedJoiningType.txt", value)
	compareAll(t, "Joining", want, func(r rune) int { return int(Joining(r)) })
}

func TestIsMark(t *testing.T) {
	data, _ := readLines(t, "UnicodeData.txt", true)
	want := make([]int, MaxRune+1)
	marks := 0
	for _, l := range data {
		if gc := l.fields[1]; gc == "Mn" || gc == "Mc" || gc == "Me" {
			for c := l.lo; c <= l.hi; c++ {
				want[c] = 1
				marks++
			}
		}
	}
	if marks < 2000 {
		t.Fatalf("UnicodeData.txt lists %d marks, want over 2000", marks)
	}
	compareAll(t, "IsMark", want, func(r rune) int {
		if IsMark(r) {
			return 1
		}
		return 0
	})
}

// TestOutOfRange checks the documented value of non-code-points.
func TestOutOfRange(t *testing.T) {
	type props struct {
		Bidi    BidiClass
		Joining JoiningType
		Mark    bool
	}
	for _, r := range []rune{-1, -0x7FFFFFFF - 1, MaxRune + 1, 0x7FFFFFFF} {
		t.Run(strconv.Itoa(int(r)), func(t *testing.T) {
			got := props{Bidi(r), Joining(r), IsMark(r)}
			if diff := cmp.Diff(props{BidiL, JoiningU, false}, got); diff != "" {
				t.Errorf("props(%q) mismatch (-want +got):\n%s", r, diff)
			}
		})
	}
}

func TestSamples(t *testing.T) {
	type props struct {
		Bidi    string
		Joining string
		Mark    bool
	}
	tests := []struct {
		r    rune
		want props
	}{
		{'a', props{"L", "U", false}},
		{'1', props{"EN", "U", false}},
		{0x05D0, props{"R", "U", false}},  // HEBREW LETTER ALEF
		{0x0628, props{"AL", "D", false}}, // ARABIC LETTER BEH
		{0x0627, props{"AL", "R", false}}, // ARABIC LETTER ALEF
		{0x0301, props{"NSM", "T", true}}, // COMBINING ACUTE ACCENT
		{0x200C, props{"BN", "U", false}}, // ZERO WIDTH NON-JOINER
		{0x200D, props{"BN", "C", false}}, // ZERO WIDTH JOINER
		{0x0903, props{"L", "U", true}},   // DEVANAGARI SIGN VISARGA (Mc)
		{0x20DD, props{"NSM", "T", true}}, // COMBINING ENCLOSING CIRCLE (Me)
		{0x0660, props{"AN", "U", false}}, // ARABIC-INDIC DIGIT ZERO
		{0x05FF, props{"R", "U", false}},  // unassigned, @missing R
		{0x20CF, props{"ET", "U", false}}, // unassigned, @missing ET
		{0xFDD0, props{"BN", "U", false}}, // noncharacter, DerivedBidiClass lists BN
		{0x2067, props{"RLI", "U", false}},
	}
	for _, tt := range tests {
		t.Run(strconv.QuoteRune(tt.r), func(t *testing.T) {
			got := props{Bidi(tt.r).String(), Joining(tt.r).String(), IsMark(tt.r)}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("props(%q) mismatch (-want +got):\n%s", tt.r, diff)
			}
		})
	}
}

func TestString(t *testing.T) {
	got := []string{BidiPDI.String(), BidiClass(200).String(), JoiningT.String(), JoiningType(9).String(),
		IDNADisallowed.String(), IDNAStatus(42).String()}
	want := []string{"PDI", "BidiClass(200)", "T", "JoiningType(9)", "disallowed", "IDNAStatus(42)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("String() mismatch (-want +got):\n%s", diff)
	}
}

var sink int

// benchText mixes ASCII, Latin, CJK, Arabic, marks, joiners, Devanagari
// and a supplementary-plane letter.
var benchText = []rune("aé中ب\u0301\u200dक्ष𝒜")

// report sets the time per rune of a benchmark over benchText.
func report(b *testing.B) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchText)), "ns/rune")
}

func BenchmarkBidi(b *testing.B) {
	for b.Loop() {
		for _, r := range benchText {
			sink += int(Bidi(r))
		}
	}
	report(b)
}

func BenchmarkJoining(b *testing.B) {
	for b.Loop() {
		for _, r := range benchText {
			sink += int(Joining(r))
		}
	}
	report(b)
}
