package uts39

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
)

// scripts returns the short names of the scripts of s, the added ones
// (Hanb, Jpan, Kore) last.
func scripts(s ucd.ScriptSet) []string {
	var out []string
	for i := 0; i < ucd.NumScripts; i++ {
		if s.Has(i) {
			out = append(out, name(ucd.Script(i)))
		}
	}
	for i, n := range []string{"Hanb", "Jpan", "Kore"} {
		if s.Has(Hanb + i) {
			out = append(out, n)
		}
	}
	return out
}

// name returns the short name of x, or its long name when the aliases do
// not have it.
func name(x ucd.Script) string {
	if s := x.Short(); s != "" {
		return s
	}
	return x.Name()
}

// TestResolvedScriptSet checks the examples of UTS #39 §5.1, Table 1a.
func TestResolvedScriptSet(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Circle", []string{"Latn"}},
		{"СігсӀе", []string{"Cyrl"}},
		{"Сirсlе", nil},
		{"Circ1e", []string{"Latn"}},
		{"C\U0001D5C2\U0001D5CB\U0001D5BC\U0001D5C5\U0001D5BE", []string{"Latn"}},
		{"〆切", []string{"Hani", "Hanb", "Jpan", "Kore"}},
		{"ねガ", []string{"Jpan"}},
		// A Common or Inherited character alone fits every script.
		{"1", scripts(all)},
		{"", scripts(all)},
		{"\xff", scripts(all)}, // U+FFFD, Common
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, scripts(ResolvedScriptSet(tt.in))); diff != "" {
				t.Errorf("ResolvedScriptSet(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestRestrictionLevel checks the levels of UTS #39 §5.2.
func TestRestrictionLevel(t *testing.T) {
	tests := []struct {
		in   string
		want Level
	}{
		{"apple", ASCIIOnly},
		{"a-1", ASCIIOnly},
		{"b\u00fccher", SingleScript},
		{"παράδειγμα", SingleScript},
		{"\u0430pple", BelowHighlyRestrictive}, // Cyrillic а with Latin
		{"ab\u03b1", BelowHighlyRestrictive},   // Latin with Greek
		{"東京tokyo", HighlyRestrictive},         // Latin + Han (Hanb, Jpan, Kore)
		{"ひらがなabc漢字", HighlyRestrictive},       // Latin + Jpan
		{"한국abc", HighlyRestrictive},           // Latin + Kore
		{"ㄅabc漢", Unrestricted},                // Bopomofo is Restricted (IdentifierStatus.txt)
		{"ひらがな한국", BelowHighlyRestrictive},     // Jpan and Kore
		{"\u0430б\u03b1", BelowHighlyRestrictive},
		{"a b", Unrestricted},  // U+0020 is Restricted
		{"\xff", Unrestricted}, // U+FFFD
		{"A", ASCIIOnly},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := RestrictionLevel(tt.in); got != tt.want {
				t.Errorf("RestrictionLevel(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// TestSkeleton checks skeletons and confusability (UTS #39 §4) on the
// examples of the text.
func TestSkeleton(t *testing.T) {
	tests := []struct {
		x, y string
		want bool
	}{
		{"paypal", "p\u0430yp\u0430l", true}, // Cyrillic а
		{"\u0441\u0430\u0440", "cap", true},  // whole-script Cyrillic
		{"m", "rn", true},
		{"apple", "appie", false},
		{"1", "l", true},
		{"0", "O", true},
		{"\u2170", "i", true}, // SMALL ROMAN NUMERAL ONE
		{"abc", "abd", false},
	}
	for _, tt := range tests {
		t.Run(tt.x+" "+tt.y, func(t *testing.T) {
			if got := Confusable(tt.x, tt.y); got != tt.want {
				t.Errorf("Confusable(%q, %q) = %v, want %v (skeletons %q and %q)", tt.x, tt.y, got, tt.want, Skeleton(tt.x), Skeleton(tt.y))
			}
		})
	}
}

// TestLatinConfusable checks the Latin spellings that non-ASCII labels
// are confusable with.
func TestLatinConfusable(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"\u0430pple", "apple", true},       // mixed-script
		{"\u0441\u0430\u0440", "cap", true}, // whole-script Cyrillic
		{"\u0251pple", "apple", true},       // single-script Latin (U+0251 LATIN SMALL LETTER ALPHA)
		{"apple", "", false},                // ASCII: the Latin spelling itself
		{"παράδειγμα", "", false},           // Greek, not like Latin
		{"東京", "", false},
		{"\u0430\u0431", "a6", true}, // б is like 6
		{"\u0436\u0430", "", false},  // ж has no Latin look-alike
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := LatinConfusable(tt.in)
			if diff := cmp.Diff([]any{tt.want, tt.ok}, []any{got, ok}); diff != "" {
				t.Errorf("LatinConfusable(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// readData calls f with the fields of each data line of a UCD file.
func readData(t *testing.T, path string, f func(lo, hi rune, fields []string)) {
	t.Helper()
	file, err := os.Open("../../grammar/unicode/17.0.0/" + path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Split(line, ";")
		if len(fields) < 2 {
			continue
		}
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		a, b, ok := strings.Cut(fields[0], "..")
		if !ok {
			b = a
		}
		lo, err1 := strconv.ParseUint(a, 16, 32)
		hi, err2 := strconv.ParseUint(b, 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		f(rune(lo), rune(hi), fields[1:])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestTablesAgainstData checks every code point of the generated tables
// against Unicode's files, read here independently of the generator.
func TestTablesAgainstData(t *testing.T) {
	short := map[string]string{} // long -> short
	readAliases(t, short)
	byShort := map[string]int{}
	for i := 0; i < ucd.NumScripts; i++ {
		byShort[name(ucd.Script(i))] = i
	}
	// want[r] is an index in sets; 0 is {Unknown}.
	sets := []ucd.ScriptSet{ucd.ScriptSet{}.With(int(ucd.ScriptUnknown))}
	want := make([]uint16, 0x110000)
	add := func(lo, hi rune, names []string) {
		var s ucd.ScriptSet
		for _, n := range names {
			i, ok := byShort[n]
			if !ok {
				t.Fatalf("U+%04X: no script %q", lo, n)
			}
			s = s.With(i)
		}
		sets = append(sets, s)
		for r := lo; r <= hi; r++ {
			want[r] = uint16(len(sets) - 1)
		}
	}
	readData(t, "ucd/Scripts.txt", func(lo, hi rune, f []string) {
		n, ok := short[f[0]]
		if !ok {
			n = f[0]
		}
		add(lo, hi, []string{n})
	})
	readData(t, "ucd/ScriptExtensions.txt", func(lo, hi rune, f []string) { add(lo, hi, strings.Fields(f[0])) })
	bad := 0
	for r := rune(0); r <= 0x10FFFF && bad < 10; r++ {
		if got := ucd.ScriptExtensions(r); got != sets[want[r]] {
			t.Errorf("ScriptExtensions(U+%04X) = %v, want %v", r, scripts(got), scripts(sets[want[r]]))
			bad++
		}
	}
	proto := map[rune]string{}
	readData(t, "security/confusables.txt", func(lo, _ rune, f []string) {
		var p []rune
		for _, h := range strings.Fields(f[0]) {
			n, _ := strconv.ParseUint(h, 16, 32)
			p = append(p, rune(n))
		}
		proto[lo] = string(p)
	})
	allowed := make([]bool, 0x110000)
	nAllowed := 0
	readData(t, "security/IdentifierStatus.txt", func(lo, hi rune, f []string) {
		for r := lo; r <= hi; r++ {
			allowed[r] = f[0] == "Allowed"
			nAllowed++
		}
	})
	for r := rune(0); r <= 0x10FFFF && bad < 20; r++ {
		if got := ucd.IdentifierAllowed(r); got != allowed[r] {
			t.Errorf("IdentifierAllowed(U+%04X) = %v, want %v", r, got, allowed[r])
			bad++
		}
		p, ok := ucd.Prototype(r)
		if !ok && p == "" && r > 0x1FFFF {
			continue
		}
		if wp, wok := proto[r]; p != wp || ok != wok {
			t.Errorf("Prototype(U+%04X) = %q, %v; want %q, %v", r, p, ok, wp, wok)
			bad++
		}
	}
	for r, wp := range proto {
		if p, _ := ucd.Prototype(r); p != wp {
			t.Errorf("Prototype(U+%04X) = %q, want %q", r, p, wp)
		}
	}
	if len(proto) < 6000 || nAllowed < 30000 {
		t.Errorf("read %d confusables and %d identifier statuses: too few", len(proto), nAllowed)
	}
}

func readAliases(t *testing.T, short map[string]string) {
	file, err := os.ReadFile("../../grammar/unicode/17.0.0/ucd/PropertyValueAliases.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(file), "\n") {
		f := strings.Split(line, ";")
		if len(f) >= 3 && strings.TrimSpace(f[0]) == "sc" {
			short[strings.TrimSpace(f[2])] = strings.TrimSpace(f[1])
		}
	}
}

// TestConfusablesData checks each line of confusables.txt whose source
// is its own NFD: its skeleton is the NFD of its prototype (UTS #39 §4).
// A source with a canonical decomposition is decomposed first, so that
// its line is never used.
func TestConfusablesData(t *testing.T) {
	n, checked := 0, 0
	readData(t, "security/confusables.txt", func(lo, _ rune, f []string) {
		var p []rune
		for _, h := range strings.Fields(f[0]) {
			x, _ := strconv.ParseUint(h, 16, 32)
			p = append(p, rune(x))
		}
		src, proto := string(lo), string(p)
		if norm.NFD(src) != src {
			return
		}
		checked++
		if sk := Skeleton(src); sk != norm.NFD(proto) {
			if n++; n <= 10 {
				t.Errorf("Skeleton(%q) = %q, want NFD(%q) = %q", src, sk, proto, norm.NFD(proto))
			}
		}
	})
	if checked < 5000 {
		t.Errorf("checked %d lines: too few", checked)
	}
}

// TestLinear checks that a label of 10^6 combining marks and one of 10^6
// confusable letters cost memory in proportion to their length.
func TestLinear(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector makes 10^6-character strings slow; make test runs this without it")
	}
	for _, unit := range []string{"\u0301", "\u0430", "m", "\u6771"} {
		small, big := strings.Repeat(unit, 1e5), strings.Repeat(unit, 1e6)
		allocs := func(s string) float64 {
			return testing.AllocsPerRun(1, func() { Skeleton(s); RestrictionLevel(s); LatinConfusable(s); MixedNumbers(s); UnlikelyMarks(s) })
		}
		if a, b := allocs(small), allocs(big); b > 2*a+10 {
			t.Errorf("%q: %v allocations for 10^5 copies, %v for 10^6", unit, a, b)
		}
		// The bytes allocated, per byte of input, are about the same at
		// both sizes: the number of allocations alone does not see one
		// allocation of quadratic size.
		perByte := func(s string) float64 {
			bytes, _ := lineartest.Allocated(func() { Skeleton(s); RestrictionLevel(s); LatinConfusable(s); MixedNumbers(s); UnlikelyMarks(s) })
			return float64(bytes) / float64(len(s))
		}
		if a, b := perByte(small), perByte(big); b > 2*a+8 {
			t.Errorf("%q: %.1f bytes allocated per byte for 10^5 copies, %.1f for 10^6", unit, a, b)
		}
	}
}

// TestLinearTime: the cost per byte at 1 MB is within a wide factor of
// the cost per byte at 16 KB (a quadratic cost would be 64 times), timed
// alternately on the thread's CPU clock, the fastest of each kept
// (package lineartest), which load does not change.
func TestLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("timings mean nothing under the race detector; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("reads megabytes")
	}
	shapes := []lineartest.Shape{
		{Name: "combining marks", Prefix: "a", Unit: "\u0301"},
		{Name: "Cyrillic letters", Unit: "\u0430"},
		{Name: "confusable ASCII", Unit: "m"},
		{Name: "Han", Unit: "\u6771"},
		{Name: "mixed scripts", Unit: "a\u0430\u6771\u3042"},
		{Name: "invalid UTF-8", Prefix: "a", Unit: "\xff"},
		{Name: "digits", Unit: "1\u0967"},
		{Name: "marks below and above", Prefix: "i", Unit: "\u0323\u0300"},
	}
	lineartest.CheckShapes(t, shapes, 1<<14, 1<<20, 16, func(s string) {
		Skeleton(s)
		RestrictionLevel(s)
		LatinConfusable(s)
		MixedNumbers(s)
		UnlikelyMarks(s)
	})
}

func FuzzSkeleton(f *testing.F) {
	for _, s := range []string{"paypal", "p\u0430yp\u0430l", "\u0441\u0430\u0440", "rn", "東京tokyo", "\xff", "a\u0301\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if sk := Skeleton(s); sk != Skeleton(s) || !Confusable(s, s) {
			t.Errorf("Skeleton(%q) = %q, then %q", s, sk, Skeleton(s))
		}
		l := RestrictionLevel(s)
		if l < ASCIIOnly || l > Unrestricted {
			t.Errorf("RestrictionLevel(%q) = %d", s, l)
		}
		if lat, ok := LatinConfusable(s); ok && !Confusable(s, lat) {
			t.Errorf("LatinConfusable(%q) = %q, not confusable", s, lat)
		}
		// §5.4 reads the NFD, so canonically equivalent strings agree.
		if m := UnlikelyMarks(s); m != UnlikelyMarks(norm.NFC(s)) || m > MarksHidden {
			t.Errorf("UnlikelyMarks(%q) = %v, of its NFC %v", s, m, UnlikelyMarks(norm.NFC(s)))
		}
		if MixedNumbers(s) && !strings.ContainsFunc(s, func(r rune) bool { _, ok := ucd.DecimalZero(r); return ok }) {
			t.Errorf("MixedNumbers(%q) without a decimal digit", s)
		}
	})
}
