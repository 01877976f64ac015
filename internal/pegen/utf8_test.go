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

	"github.com/specuri/specuri/internal/grammar"
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
			`([\000-\037A-Za-z\-\\] / '\0xC2' [\0xA0-\0xBF])`},
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
		e := mustUTF8Expr(t, tt.ranges)
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

// TestUTF8ClassExhaustive runs the expression of each set in utf8Sets through
// a small PEG interpreter: every code point is accepted iff it is in the
// set, consuming exactly its encoding; surrogates, overlong forms, code
// points above U+10FFFF, truncated encodings, C0, C1, F5-FF and lone
// continuation bytes are all rejected, each at the first byte that no
// encoding of the set has there.
func TestUTF8ClassExhaustive(t *testing.T) {
	for _, set := range utf8Sets {
		t.Run(set.name, func(t *testing.T) {
			m := matcher{e: mustUTF8Expr(t, set.ranges)}
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
	src := `package main

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
	derived, err := derive(job{names: []string{"t.peg"}, srcs: [][]byte{[]byte(src)}})
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

// toPexpr returns the expression utf8Expr built as the interpreter's:
// its literals and sets stand for bytes.
func toPexpr(t *testing.T, e *grammar.Expr) *pexpr {
	t.Helper()
	p := &pexpr{kind: byteExpr}
	switch e.Op {
	case grammar.OpAlt, grammar.OpSeq:
		p.kind = map[grammar.Op]int{grammar.OpAlt: choiceExpr, grammar.OpSeq: seqExpr}[e.Op]
		for _, s := range e.Subs {
			p.subs = append(p.subs, toPexpr(t, s))
		}
	case grammar.OpLit:
		if r := []rune(e.Text); len(r) != 1 || r[0] > 0xFF {
			t.Fatalf("literal %q is not one byte", e.Text)
		}
		p.bytes[[]rune(e.Text)[0]] = true
	case grammar.OpSet:
		for _, r := range e.Set.Ranges() {
			if r.Hi > 0xFF {
				t.Fatalf("set %s is not of bytes", e.Set)
			}
			for c := r.Lo; c <= r.Hi; c++ {
				p.bytes[c] = true
			}
		}
	default:
		t.Fatalf("unexpected %s", e)
	}
	return p
}

// mustUTF8Expr returns utf8Expr(ranges) for the interpreter.
func mustUTF8Expr(t *testing.T, ranges []runeRange) *pexpr {
	t.Helper()
	e, err := utf8Expr(ranges)
	if err != nil {
		t.Fatalf("utf8Expr(%v): %v", ranges, err)
	}
	return toPexpr(t, e)
}

// utf8Class returns utf8Expr(ranges) as the derived grammar writes it in a
// sequence.
func utf8Class(ranges []runeRange) (string, error) {
	e, err := utf8Expr(ranges)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	printExpr(&b, e, precSeqItem)
	return b.String(), nil
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
