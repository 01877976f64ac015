package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// The sets of RFC 3987 §2.2.
var (
	ucschar = []runeRange{
		{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
		{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
		{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
		{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
		{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
		{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	}
	iprivate = []runeRange{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}
	// iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
	iunreserved = append([]runeRange{{'a', 'z'}, {'A', 'Z'}, {'0', '9'}, {'-', '-'}, {'.', '.'}, {'_', '_'}, {'~', '~'}}, ucschar...)
	// Every code point that has an encoding.
	allScalars = []runeRange{{0, 0xD7FF}, {0xE000, utf8.MaxRune}}
)

// utf8Sets are the sets checked code point by code point: the RFC's, and
// sets whose edges fall on every boundary of the encoding.
var utf8Sets = []struct {
	name   string
	ranges []runeRange
}{
	{"ucschar", ucschar},
	{"iprivate", iprivate},
	{"iunreserved", iunreserved},
	{"all", allScalars},
	{"non-ASCII", []runeRange{{0x80, 0xD7FF}, {0xE000, utf8.MaxRune}}},
	{"7F-80", []runeRange{{0x7F, 0x80}}},
	{"7FF-800", []runeRange{{0x7FF, 0x800}}},
	{"FFFF-10000", []runeRange{{0xFFFF, 0x10000}}},
	{"around surrogates", []runeRange{{0xD7FF, 0xD7FF}, {0xE000, 0xE000}}},
	{"10FFFF", []runeRange{{0x10FFFF, 0x10FFFF}}},
	{"first and last of each length", []runeRange{{0, 0}, {0x7F, 0x7F}, {0x80, 0x80}, {0x7FF, 0x7FF}, {0x800, 0x800}, {0xFFFF, 0xFFFF}, {0x10000, 0x10000}, {0x10FFFF, 0x10FFFF}}},
	{"continuation edges", []runeRange{{0xBF, 0xC0}, {0x83F, 0x840}, {0xFFF, 0x1000}, {0x1003F, 0x10040}, {0x3FFFF, 0x40000}, {0xFFFFF, 0x100000}}},
	{"ragged", []runeRange{{0x123, 0x4567}, {0x89AB, 0xCDEF}, {0x12345, 0x6789A}, {0xABCDE, 0x10FEDC}}},
	{"single tails", []runeRange{{0x801, 0x801}, {0x10041, 0x10041}, {0x10FFFE, 0x10FFFE}}},
}

func TestUTF8Class(t *testing.T) {
	tests := []struct {
		ranges []runeRange
		want   string
	}{
		{[]runeRange{{0x80, 0x7FF}}, `([\0xC2-\0xDF] [\0x80-\0xBF])`},
		{[]runeRange{{0x80, 0x80}}, `('\0xC2' '\0x80')`},
		{[]runeRange{{0x10FFFF, 0x10FFFF}}, `('\0xF4' '\0x8F' '\0xBF' '\0xBF')`},
		// RFC 3629 §4, UTF8-2 / UTF8-3 / UTF8-4, in the fewest alternatives.
		{[]runeRange{{0x80, 0xD7FF}, {0xE000, 0x10FFFF}}, `(` +
			`[\0xC2-\0xDF] [\0x80-\0xBF]` +
			` / '\0xE0' [\0xA0-\0xBF] [\0x80-\0xBF]` +
			` / [\0xE1-\0xEC\0xEE-\0xEF] [\0x80-\0xBF] [\0x80-\0xBF]` +
			` / '\0xED' [\0x80-\0x9F] [\0x80-\0xBF]` +
			` / '\0xF0' [\0x90-\0xBF] [\0x80-\0xBF] [\0x80-\0xBF]` +
			` / [\0xF1-\0xF3] [\0x80-\0xBF] [\0x80-\0xBF] [\0x80-\0xBF]` +
			` / '\0xF4' [\0x80-\0x8F] [\0x80-\0xBF] [\0x80-\0xBF])`},
		// The ASCII part first, as one class; ranges in any order.
		{[]runeRange{{0xA0, 0xBF}, {'a', 'z'}, {'-', '-'}, {0, 0x1F}, {'\\', '\\'}, {'A', 'Z'}},
			`([\000-\037\-A-Z\\a-z] / '\0xC2' [\0xA0-\0xBF])`},
		// Overlapping and adjacent ranges merge.
		{[]runeRange{{0x100, 0x17F}, {0x80, 0xFF}, {0x150, 0x1FF}}, `([\0xC2-\0xC7] [\0x80-\0xBF])`},
		// A node with several edges: the lead byte once.
		{[]runeRange{{0xF900, 0xFDCF}, {0xFDF0, 0xFFEF}}, `('\0xEF' (` +
			`[\0xA4-\0xB6\0xB8-\0xBE] [\0x80-\0xBF]` +
			` / '\0xB7' [\0x80-\0x8F\0xB0-\0xBF]` +
			` / '\0xBF' [\0x80-\0xAF]))`},
		{iprivate, `(` +
			`'\0xEE' [\0x80-\0xBF] [\0x80-\0xBF]` +
			` / '\0xEF' [\0x80-\0xA3] [\0x80-\0xBF]` +
			` / '\0xF3' ([\0xB0-\0xBE] [\0x80-\0xBF] [\0x80-\0xBF] / '\0xBF' ([\0x80-\0xBE] [\0x80-\0xBF] / '\0xBF' [\0x80-\0xBD]))` +
			` / '\0xF4' ([\0x80-\0x8E] [\0x80-\0xBF] [\0x80-\0xBF] / '\0x8F' ([\0x80-\0xBE] [\0x80-\0xBF] / '\0xBF' [\0x80-\0xBD])))`},
	}
	for _, tt := range tests {
		got, err := utf8Class(tt.ranges)
		if err != nil {
			t.Errorf("utf8Class(%v): %v", tt.ranges, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("utf8Class(%v) mismatch (-want +got):\n%s", tt.ranges, diff)
		}
	}
}

// TestUTF8ClassAlternatives pins the size of the RFC 3987 classes: the
// alternatives of the outermost choice, and of all choices together.
func TestUTF8ClassAlternatives(t *testing.T) {
	tests := []struct {
		name       string
		ranges     []runeRange
		top, total int
	}{
		{"ucschar", ucschar, 9, 24},
		{"iprivate", iprivate, 4, 12},
		{"iunreserved", iunreserved, 10, 25},
	}
	for _, tt := range tests {
		text, err := utf8Class(tt.ranges)
		if err != nil {
			t.Fatalf("utf8Class(%s): %v", tt.name, err)
		}
		e := mustParseExpr(t, text)
		for len(e.subs) == 1 { // the parentheses
			e = e.subs[0]
		}
		top, total := len(e.subs), countAlternatives(e)
		if top != tt.top || total != tt.total {
			t.Errorf("utf8Class(%s) has %d alternatives, %d in all; want %d, %d:\n%s", tt.name, top, total, tt.top, tt.total, text)
		}
	}
}

func countAlternatives(e *pexpr) int {
	n := 0
	if e.kind == choiceExpr && len(e.subs) > 1 {
		n = len(e.subs)
	}
	for _, s := range e.subs {
		n += countAlternatives(s)
	}
	return n
}

func TestUTF8ClassErrors(t *testing.T) {
	for _, ranges := range [][]runeRange{
		nil,
		{{0x100, 0xFF}},
		{{-1, 0x80}},
		{{0x80, 0x110000}},
		{{0xD800, 0xD800}},
		{{0xDFFF, 0xE000}},
		{{0x80, 0x10FFFF}},
		{{'a', 'z'}, {0xD000, 0xD900}},
	} {
		if got, err := utf8Class(ranges); err == nil {
			t.Errorf("utf8Class(%v) = %q, want an error", ranges, got)
		}
	}
}

// TestUTF8ClassDeterministic checks that the text depends on the set
// alone, not on how its ranges are written.
func TestUTF8ClassDeterministic(t *testing.T) {
	want, err := utf8Class(ucschar)
	if err != nil {
		t.Fatal(err)
	}
	var split []runeRange
	for i := len(ucschar) - 1; i >= 0; i-- {
		r := ucschar[i]
		mid := r.lo + (r.hi-r.lo)/3
		split = append(split, runeRange{mid, r.hi}, runeRange{r.lo, mid}, runeRange{r.lo, r.lo})
	}
	got, err := utf8Class(split)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("utf8Class(ucschar split and reversed) mismatch (-want +got):\n%s", diff)
	}
}

// TestUTF8ClassExhaustive runs the text of each set in utf8Sets through
// a small PEG interpreter: every code point is accepted iff it is in the
// set, consuming exactly its encoding; surrogates, overlong forms, code
// points above U+10FFFF, truncated encodings, C0, C1, F5-FF and lone
// continuation bytes are all rejected, each at the first byte that no
// encoding of the set has there.
func TestUTF8ClassExhaustive(t *testing.T) {
	for _, set := range utf8Sets {
		t.Run(set.name, func(t *testing.T) {
			text, err := utf8Class(set.ranges)
			if err != nil {
				t.Fatalf("utf8Class: %v", err)
			}
			m := matcher{e: mustParseExpr(t, text)}
			in := make([]bool, utf8.MaxRune+1)
			prefixes := map[string]bool{}
			for _, r := range set.ranges {
				for c := r.lo; c <= r.hi; c++ {
					in[c] = true
				}
			}
			fails := 0
			fail := func(format string, args ...any) {
				t.Helper()
				if fails++; fails <= 10 {
					t.Errorf(format, args...)
				}
			}
			var buf [8]byte
			for c := rune(0); c <= utf8.MaxRune; c++ {
				if 0xD800 <= c && c <= 0xDFFF {
					continue
				}
				n := utf8.EncodeRune(buf[:], c)
				if in[c] {
					for k := 1; k < n; k++ {
						prefixes[string(buf[:k])] = true
					}
				}
				// A continuation byte and an ASCII byte after it must not
				// be consumed.
				buf[n], buf[n+1] = 0x80, 'a'
				got, ok := m.match(buf[:n+2])
				switch {
				case ok != in[c]:
					fail("U+%04X % X: matched %v, want %v", c, buf[:n], ok, in[c])
				case ok && got != n:
					fail("U+%04X % X: consumed %d bytes, want %d", c, buf[:n], got, n)
				}
			}
			// The offset of the first byte that no encoding in the set
			// has at its place.
			offending := func(b []byte) int {
				k := 0
				for k < len(b) && k < 3 && prefixes[string(b[:k+1])] {
					k++
				}
				return k
			}
			reject := func(b []byte) {
				t.Helper()
				if n, ok := m.match(b); ok {
					fail("% X: matched %d bytes, want no match", b, n)
				} else if want := offending(b); m.furthest != want {
					fail("% X: failed at byte %d, want %d", b, m.furthest, want)
				}
			}
			for c := rune(0xD800); c <= 0xDFFF; c++ {
				reject(encode(c, 3))
			}
			for c := rune(0); c < 0x10000; c++ {
				if c < 0x80 {
					reject(encode(c, 2))
				}
				if c < 0x800 {
					reject(encode(c, 3))
				}
				reject(encode(c, 4))
			}
			for c := rune(utf8.MaxRune + 1); c < 1<<21; c++ {
				reject(encode(c, 4))
			}
			for b := 0x80; b <= 0xFF; b++ {
				if b < 0xC2 || b > 0xF4 {
					for _, tail := range [][]byte{nil, {0x80}, {0x80, 0x80}, {0x80, 0x80, 0x80}, {0xBF, 0xBF, 0xBF}} {
						reject(append([]byte{byte(b)}, tail...))
					}
				}
			}
			for _, b := range [][]byte{
				{}, {0xC2}, {0xE1, 0x80}, {0xF1, 0x80, 0x80}, {0xC2, 0xC2}, {0xC2, 'a'},
				{0xE1, 0x80, 0xC0}, {0xF4, 0x8F, 0xBF, 0x7F}, {0xED, 0xA0, 0x80}, {0xEF, 0xBF},
			} {
				reject(b)
			}
			// Every code point of the set, cut short.
			for c := rune(0x80); c <= utf8.MaxRune; c += 0x3F {
				if in[c] {
					n := utf8.EncodeRune(buf[:], c)
					for k := 1; k < n; k++ {
						reject(buf[:k])
					}
				}
			}
			if fails > 10 {
				t.Errorf("%d failures in all", fails)
			}
		})
	}
}

// encode returns the n-byte form of c, which is overlong if c needs fewer
// bytes, and is not UTF-8 if c is a surrogate or above U+10FFFF.
func encode(c rune, n int) []byte {
	b := make([]byte, n)
	for i := n - 1; i > 0; i-- {
		b[i] = 0x80 | byte(c&0x3F)
		c >>= 6
	}
	b[0] = [...]byte{0, 0, 0xC0, 0xE0, 0xF0}[n] | byte(c)
	return b
}

func TestRewriteUTF8Classes(t *testing.T) {
	tests := []struct{ in, want string }{
		// ASCII classes, comments, literals and actions are left alone.
		{`a <- [a-zA-Z0-9\-._~] [\0x41-\0x42] [^a] [[a-f]] [\177]`, `a <- [a-zA-Z0-9\-._~] [\0x41-\0x42] [^a] [[a-f]] [\177]`},
		{"# [\\0xA0-\\0xFF]\n// [\\0xA0]\na <- '[\\0xA0]' \"[\\0xA0]\" { x := \"[\\0xA0]\"; { } }",
			"# [\\0xA0-\\0xFF]\n// [\\0xA0]\na <- '[\\0xA0]' \"[\\0xA0]\" { x := \"[\\0xA0]\"; { } }"},
		{`a <- '\'' [\]] [']"["`, `a <- '\'' [\]] [']"["`},
		// Non-ASCII classes, in every way peg reads a code point.
		{`a <- [\0xA0-\0xBF] b`, `a <- ('\0xC2' [\0xA0-\0xBF]) b`},
		{`a <- [\0XA0-\0xbf]*`, `a <- ('\0xC2' [\0xA0-\0xBF])*`},
		{"a <- [é]", `a <- ('\0xC3' '\0xA9')`},
		{`a <- [a-z\-\0x10FFFF]`, `a <- ([\-a-z] / '\0xF4' '\0x8F' '\0xBF' '\0xBF')`},
		{`a <- [\n\0xA0] / [\0xA0-\0xA1\0xA3]`, `a <- ([\n] / '\0xC2' '\0xA0') / ('\0xC2' [\0xA0-\0xA1\0xA3])`},
		// The ucschar of RFC 3987 §2.2, one class at a time.
		{`ucschar <- [\0xA0-\0xD7FF] / [\0xF900-\0xFDCF] / [\0xFDF0-\0xFFEF] / [\0xE1000-\0xEFFFD]`,
			`ucschar <- ('\0xC2' [\0xA0-\0xBF] / [\0xC3-\0xDF] [\0x80-\0xBF] / '\0xE0' [\0xA0-\0xBF] [\0x80-\0xBF] / [\0xE1-\0xEC] [\0x80-\0xBF] [\0x80-\0xBF] / '\0xED' [\0x80-\0x9F] [\0x80-\0xBF])` +
				` / ('\0xEF' ([\0xA4-\0xB6] [\0x80-\0xBF] / '\0xB7' [\0x80-\0x8F]))` +
				` / ('\0xEF' ('\0xB7' [\0xB0-\0xBF] / [\0xB8-\0xBE] [\0x80-\0xBF] / '\0xBF' [\0x80-\0xAF]))` +
				` / ('\0xF3' ([\0xA1-\0xAE] [\0x80-\0xBF] [\0x80-\0xBF] / '\0xAF' ([\0x80-\0xBE] [\0x80-\0xBF] / '\0xBF' [\0x80-\0xBD])))`},
	}
	for _, tt := range tests {
		got, err := rewriteUTF8Classes([]byte(tt.in))
		if err != nil {
			t.Errorf("rewriteUTF8Classes(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, string(got)); diff != "" {
			t.Errorf("rewriteUTF8Classes(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestRewriteUTF8ClassesErrors(t *testing.T) {
	for _, in := range []string{
		`a <- [^\0xA0]`,          // negated
		`a <- [[\0xA0]]`,         // case-insensitive
		`a <- [\0xD800]`,         // surrogate (peg would make it U+FFFD)
		`a <- [\0xD7FF-\0xE000]`, // surrogates inside
		`a <- [\0x110000]`,       // above U+10FFFF
		`a <- [\0x100000000]`,    // above what peg parses
		`a <- [\0xBF-\0xA0]`,     // empty
		`a <- [\200]`,            // peg reads it as \177
		`a <- [\q]`,              // no such escape
		`a <- [\0xA0`,            // unterminated
		"a <- [\xff]",            // not UTF-8
		`a <- '\0xA0`,            // unterminated literal
		`type T Peg { `,          // unterminated action
	} {
		if got, err := rewriteUTF8Classes([]byte(in)); err == nil {
			t.Errorf("rewriteUTF8Classes(%q) = %q, want an error", in, got)
		}
	}
}

// TestReadPegClass checks the class reader against peg's grammar of
// classes (Class, Ranges, Range, Char and Escape in peg.peg), including
// the corners peg reads in its own way.
func TestReadPegClass(t *testing.T) {
	tests := []struct {
		in   string
		want pegClass
	}{
		{`[a-z]x`, pegClass{ranges: []runeRange{{'a', 'z'}}, n: 5}},
		{`[]`, pegClass{n: 2}},
		{`[^a]`, pegClass{ranges: []runeRange{{'a', 'a'}}, negated: true, n: 4}},
		{`[^]`, pegClass{ranges: []runeRange{{'^', '^'}}, n: 3}},
		{`[[a-f]]`, pegClass{ranges: []runeRange{{'a', 'f'}}, double: true, n: 7}},
		{`[[^a]]`, pegClass{ranges: []runeRange{{'a', 'a'}}, double: true, negated: true, n: 6}},
		{`[-a-]b]`, pegClass{ranges: []runeRange{{'-', '-'}, {'a', ']'}, {'b', 'b'}}, n: 7}},
		{`[\a\A\b\e\f\n\N\r\t\v\V]`, pegClass{ranges: []runeRange{{7, 7}, {7, 7}, {8, 8}, {0x1B, 0x1B}, {0xC, 0xC}, {'\n', '\n'}, {'\n', '\n'}, {'\r', '\r'}, {'\t', '\t'}, {0xB, 0xB}, {0xB, 0xB}}, n: 24}},
		{`[\'\"\[\]\-\\]`, pegClass{ranges: []runeRange{{'\'', '\''}, {'"', '"'}, {'[', '['}, {']', ']'}, {'-', '-'}, {'\\', '\\'}}, n: 14}},
		{`[\0x41\0X42\0x0000000043\0xAb]`, pegClass{ranges: []runeRange{{'A', 'A'}, {'B', 'B'}, {'C', 'C'}, {0xAB, 0xAB}}, n: 30}},
		// Octal: three digits from [0-3], else one or two.
		{`[\101\477\0x]`, pegClass{ranges: []runeRange{{'A', 'A'}, {'\'', '\''}, {'7', '7'}, {0, 0}, {'x', 'x'}}, n: 13}},
		{"[é-\U0010FFFF]", pegClass{ranges: []runeRange{{0xE9, 0x10FFFF}}, n: 9}},
	}
	for _, tt := range tests {
		got, err := readPegClass([]byte(tt.in))
		if err != nil {
			t.Errorf("readPegClass(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(pegClass{}, runeRange{})); diff != "" {
			t.Errorf("readPegClass(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestUTF8ClassPeg runs peg v1.0.1 on a grammar with rewritten classes,
// then runs the parser it generates on every code point. That parser reads
// runes; given one rune per byte of an encoding (the Latin-1 reading of
// the bytes), it matches as the byte parser will.
func TestUTF8ClassPeg(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs peg")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	build := exec.Command(goTool, "build", "-o", filepath.Join(dir, "peg"), "github.com/pointlander/peg")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building peg: %v\n%s", err, out)
	}
	grammar := `package main

type T Peg {}

start    <- ucschar !. / iprivate !. / mixed !. / x !.
# RFC 3987 §2.2
ucschar  <- [\0xA0-\0xD7FF] / [\0xF900-\0xFDCF] / [\0xFDF0-\0xFFEF]
          / [\0x10000-\0x1FFFD] / [\0x20000-\0x2FFFD] / [\0x30000-\0x3FFFD]
          / [\0x40000-\0x4FFFD] / [\0x50000-\0x5FFFD] / [\0x60000-\0x6FFFD]
          / [\0x70000-\0x7FFFD] / [\0x80000-\0x8FFFD] / [\0x90000-\0x9FFFD]
          / [\0xA0000-\0xAFFFD] / [\0xB0000-\0xBFFFD] / [\0xC0000-\0xCFFFD]
          / [\0xD0000-\0xDFFFD] / [\0xE1000-\0xEFFFD]
iprivate <- [\0xE000-\0xF8FF] / [\0xF0000-\0xFFFFD] / [\0x100000-\0x10FFFD]
mixed    <- [a-zA-Z0-9\-._~\0xA0-\0xD7FF]
x        <- 'x' [\0x80-\0xD7FF\0xE000-\0x10FFFF]
`
	derived, err := rewriteUTF8Classes([]byte(grammar))
	if err != nil {
		t.Fatal(err)
	}
	// The program checks each code point c against start, as c alone and
	// as 'x' c, with the set of each computed from the RFC's ranges.
	var want strings.Builder
	want.WriteString("func in(c rune) (start, x bool) {\n\tswitch {\n")
	for _, r := range append(append(append([]runeRange{}, ucschar...), iprivate...), runeRange{'a', 'z'}, runeRange{'A', 'Z'}, runeRange{'0', '9'}, runeRange{'-', '.'}, runeRange{'_', '_'}, runeRange{'~', '~'}) {
		fmt.Fprintf(&want, "\tcase %#x <= c && c <= %#x:\n\t\treturn true, c >= 0x80\n", r.lo, r.hi)
	}
	want.WriteString("\t}\n\treturn false, c >= 0x80\n}\n")
	prog := `package main

import (
	"fmt"
	"os"
	"unicode/utf8"
)

` + want.String() + `
func main() {
	p := &T{}
	if err := p.Init(); err != nil {
		panic(err)
	}
	bad := 0
	check := func(s string, want bool) {
		// One rune per byte.
		rs := make([]rune, len(s))
		for i := 0; i < len(s); i++ {
			rs[i] = rune(s[i])
		}
		p.Buffer = string(rs)
		p.Reset()
		if got := p.Parse() == nil; got != want {
			if bad++; bad <= 10 {
				fmt.Printf("% X: matched %v, want %v\n", s, got, want)
			}
		}
	}
	for c := rune(0); c <= utf8.MaxRune; c++ {
		if 0xD800 <= c && c <= 0xDFFF {
			continue
		}
		start, x := in(c)
		check(string(c), start)
		check("x"+string(c), x)
	}
	for _, s := range []string{"\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xf0\x80\x80\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\x80", "\xff"} {
		check(s, false)
		check("x"+s, false)
	}
	if bad > 0 {
		fmt.Printf("%d mismatches\n", bad)
		os.Exit(1)
	}
}
`
	for name, data := range map[string]string{
		"go.mod":   "module utf8check\n\ngo 1.24\n",
		"t.peg":    string(derived),
		"check.go": prog,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	peg := exec.Command(filepath.Join(dir, "peg"), "-strict", "-output", "t.peg.go", "t.peg")
	peg.Dir = dir
	if out, err := peg.CombinedOutput(); err != nil {
		t.Fatalf("peg rejects the rewritten grammar: %v\n%s\n%s", err, out, derived)
	}
	run := exec.Command(goTool, "run", ".")
	run.Dir = dir
	run.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("peg's parser of the rewritten grammar: %v\n%s", err, out)
	}
}

// A PEG interpreter for the expressions utf8Class writes: choices,
// sequences, parentheses, single-quoted literals of one character and
// classes, each character standing for the byte of the same value.

const (
	choiceExpr = iota
	seqExpr
	byteExpr
)

type pexpr struct {
	kind  int
	subs  []*pexpr
	bytes [256]bool // byteExpr
}

func mustParseExpr(t *testing.T, s string) *pexpr {
	t.Helper()
	p := exprParser{s: s}
	e := p.choice()
	if p.err == nil && p.i != len(s) {
		p.fail("trailing text")
	}
	if p.err != nil {
		t.Fatalf("parsing %q: %v", s, p.err)
	}
	return e
}

type exprParser struct {
	s   string
	i   int
	err error
}

func (p *exprParser) fail(msg string) {
	if p.err == nil {
		p.err = fmt.Errorf("%s at %d", msg, p.i)
	}
}

func (p *exprParser) choice() *pexpr {
	e := &pexpr{kind: choiceExpr}
	for {
		e.subs = append(e.subs, p.seq())
		if !strings.HasPrefix(p.s[p.i:], " / ") {
			return e
		}
		p.i += 3
	}
}

func (p *exprParser) seq() *pexpr {
	e := &pexpr{kind: seqExpr}
	for p.err == nil {
		e.subs = append(e.subs, p.primary())
		if p.i >= len(p.s) || p.s[p.i] != ' ' || strings.HasPrefix(p.s[p.i:], " / ") {
			return e
		}
		p.i++
	}
	return e
}

func (p *exprParser) primary() *pexpr {
	if p.i >= len(p.s) {
		p.fail("unexpected end")
		return nil
	}
	switch p.s[p.i] {
	case '(':
		p.i++
		e := p.choice()
		if p.i >= len(p.s) || p.s[p.i] != ')' {
			p.fail("no )")
		}
		p.i++
		return e
	case '\'':
		c, j, err := readPegChar([]byte(p.s), p.i+1)
		if err != nil || j >= len(p.s) || p.s[j] != '\'' || c > 0xFF {
			p.fail("bad literal")
			return nil
		}
		e := &pexpr{kind: byteExpr}
		e.bytes[c] = true
		p.i = j + 1
		return e
	case '[':
		cl, err := readPegClass([]byte(p.s[p.i:]))
		if err != nil || cl.negated || cl.double {
			p.fail("bad class")
			return nil
		}
		e := &pexpr{kind: byteExpr}
		for _, r := range cl.ranges {
			if r.lo > r.hi || r.hi > 0xFF {
				p.fail("bad range")
				return nil
			}
			for c := r.lo; c <= r.hi; c++ {
				e.bytes[c] = true
			}
		}
		p.i += cl.n
		return e
	}
	p.fail("unexpected character")
	return nil
}

// matcher matches an expression at the start of an input and records the
// furthest offset its byte tests reached (one past the last byte a test
// accepted).
type matcher struct {
	e        *pexpr
	furthest int
}

func (m *matcher) match(in []byte) (int, bool) {
	m.furthest = 0
	return m.at(m.e, in, 0)
}

func (m *matcher) at(e *pexpr, in []byte, pos int) (int, bool) {
	switch e.kind {
	case choiceExpr:
		for _, s := range e.subs {
			if end, ok := m.at(s, in, pos); ok {
				return end, true
			}
		}
		return pos, false
	case seqExpr:
		for _, s := range e.subs {
			var ok bool
			if pos, ok = m.at(s, in, pos); !ok {
				return pos, false
			}
		}
		return pos, true
	}
	if pos < len(in) && e.bytes[in[pos]] {
		m.furthest = max(m.furthest, pos+1)
		return pos + 1, true
	}
	return pos, false
}
