package grammar

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCharSet checks the set operations on code points (RFC 5234 §3.4
// ranges, RFC 3987 §2.2 ranges beyond one byte).
func TestCharSet(t *testing.T) {
	tests := []struct {
		name string
		set  CharSet
		want []CharRange
		str  string
		n    int
	}{
		{"empty", CharSet{}, nil, "[]", 0},
		{"adjacent ranges merge", Chars('a', 'c', 'd', 'f'), []CharRange{{'a', 'f'}}, "[a-f]", 6},
		{"overlap", Chars('0', '5', '3', '9', 'A', 'A'), []CharRange{{'0', '9'}, {'A', 'A'}}, "[0-9A]", 11},
		{"unsorted", Chars(0x10000, 0x1FFFD, 0xA0, 0xD7FF), []CharRange{{0xA0, 0xD7FF}, {0x10000, 0x1FFFD}}, `[\0xA0-\0xD7FF\0x10000-\0x1FFFD]`, 0xD7FF - 0xA0 + 1 + 0x1FFFD - 0x10000 + 1},
		{"two in a row", Chars('a', 'b'), []CharRange{{'a', 'b'}}, "[ab]", 2},
		{"escapes", Chars(0, 0x20, '-', '-', ']', ']'), []CharRange{{0, 0x20}, {'-', '-'}, {']', ']'}}, `[\0x00-\0x20\-\]]`, 35},
		{"every code point", Chars(0, MaxCodePoint), []CharRange{{0, MaxCodePoint}}, ".", MaxCodePoint + 1},
		{"empty range adds nothing", CharSet{}.With(5, 4), nil, "[]", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.set.Ranges()); diff != "" {
				t.Errorf("Ranges mismatch (-want +got):\n%s", diff)
			}
			if got := tt.set.String(); got != tt.str {
				t.Errorf("String = %s, want %s", got, tt.str)
			}
			if got := tt.set.Len(); got != tt.n {
				t.Errorf("Len = %d, want %d", got, tt.n)
			}
		})
	}
	s := Chars(0xA0, 0xD7FF, 0x10000, 0x1FFFD)
	has := map[rune]bool{}
	for _, c := range []rune{0x9F, 0xA0, 0xD7FF, 0xD800, 0xFFFF, 0x10000, 0x1FFFD, 0x1FFFE, 'a'} {
		has[c] = s.Has(c)
	}
	want := map[rune]bool{0x9F: false, 0xA0: true, 0xD7FF: true, 0xD800: false, 0xFFFF: false,
		0x10000: true, 0x1FFFD: true, 0x1FFFE: false, 'a': false}
	if diff := cmp.Diff(want, has); diff != "" {
		t.Errorf("Has mismatch (-want +got):\n%s", diff)
	}
	if got := s.Nth(0xD7FF - 0xA0 + 1); got != 0x10000 {
		t.Errorf("Nth = %#x, want 0x10000", got)
	}
	if !s.Equal(Chars(0x10000, 0x1FFFD).Union(Chars(0xA0, 0xD7FF))) || s.Equal(Chars(0xA0, 0xD7FF)) {
		t.Errorf("Equal or Union is wrong")
	}
}

// TestReadCodePoints checks that both readers take values beyond one byte
// as code points: ABNF num-vals (RFC 5234 §2.3) and PEG \0x escapes, in
// classes and in literals (UTF-8 encoded).
func TestReadCodePoints(t *testing.T) {
	g := mustABNF(t, "a = %xA0-D7FF / %x10000-1FFFD\nb = %xE9.41\nc = %d233\nd = %b11101001\n")
	p := mustPEG(t, "package x\ntype g Peg {}\n"+
		"a <- [\\0xA0-\\0xD7FF\\0x10000-\\0x1FFFD]\nb <- '\\0xE9\\0x41'\nc <- [\\0XE9]\nd <- 'é' \"\\0xE9\"\ne <- [\\101-\\132] '\\177'\n")
	got := map[string]string{}
	for _, r := range g.Rules {
		got["abnf "+r.Name] = r.Expr.String()
	}
	for _, r := range p.Rules {
		got["peg "+r.Name] = r.Expr.String()
	}
	want := map[string]string{
		"abnf a": `[\0xA0-\0xD7FF] | [\0x10000-\0x1FFFD]`,
		"abnf b": `'éA'`, "abnf c": `'é'`, "abnf d": `'é'`,
		"peg a": `[\0xA0-\0xD7FF\0x10000-\0x1FFFD]`,
		"peg b": `'éA'`, "peg c": `[\0xE9]`, "peg d": `'é' "é"`, "peg e": `[A-Z] '\x7f'`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("read mismatch (-want +got):\n%s", diff)
	}
	if s := p.Rule("b").Expr.Text; s != "\u00e9A" {
		t.Errorf("PEG literal '\\0xE9\\0x41' is %q, want the UTF-8 of U+00E9 U+0041", s)
	}
}

// TestReadCodePointErrors checks the values that are not characters, and
// the forms that pointlander/peg would read otherwise than they look.
func TestReadCodePointErrors(t *testing.T) {
	for _, src := range []string{
		"a = %x110000\n", "a = %xD800\n", "a = %x41.DFFF\n", "a = %x5A-41\n", "a = %x0-110000\n",
	} {
		if _, err := ReadABNF(src); err == nil {
			t.Errorf("ReadABNF(%q) gave no error", src)
		}
	}
	for _, body := range []string{
		`[\0x110000]`, `'\0xD800'`, `[\0xDFFF-\0xE000]`, `'\377'`, `[\200]`, "[é]", "'\xff'", `[\0x20-\0x10]`,
	} {
		if _, err := ReadPEG("package x\ntype g Peg {}\na <- " + body + "\n"); err == nil {
			t.Errorf("ReadPEG(a <- %s) gave no error", body)
		}
	}
	// A range may span the surrogates in both: only its bounds must be
	// characters.
	mustABNF(t, "a = %xD7FF-E000\n")
	mustPEG(t, "package x\ntype g Peg {}\na <- [\\0xD7FF-\\0xE000]\n")
}
