package norm

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestQuickCheckNFC compares QuickCheckNFC on every code point with
// UnicodeData.txt's Canonical_Combining_Class and the NFC_QC values of
// DerivedNormalizationProps.txt (Yes where it lists none), read by the
// test itself.
func TestQuickCheckNFC(t *testing.T) {
	d := loadRef(t)
	notYes := map[rune]bool{}
	path := filepath.Join("..", "..", "grammar", "unicode", Version, "ucd", "DerivedNormalizationProps.txt")
	err := eachLine(path, func(f []string) error {
		if len(f) != 3 || strings.TrimSpace(f[1]) != "NFC_QC" {
			return nil
		}
		lo, hi, _ := strings.Cut(strings.TrimSpace(f[0]), "..")
		if hi == "" {
			hi = lo
		}
		a, err1 := strconv.ParseUint(lo, 16, 32)
		b, err2 := strconv.ParseUint(hi, 16, 32)
		if err1 != nil || err2 != nil {
			return strconv.ErrSyntax
		}
		for c := rune(a); c <= rune(b); c++ {
			notYes[c] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(notYes) < 100 {
		t.Fatalf("read %d code points whose NFC_QC is not Yes", len(notYes))
	}
	bad := 0
	for r := rune(0); r <= 0x10FFFF && bad < 10; r++ {
		ccc, yes := QuickCheckNFC(r)
		if int(ccc) != d.ccc[r] || yes == notYes[r] {
			t.Errorf("QuickCheckNFC(U+%04X) = %d, %v; want %d, %v", r, ccc, yes, d.ccc[r], !notYes[r])
			bad++
		}
	}
}
