package norm

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// TestCombiningClass compares CombiningClass on every code point with the
// Canonical_Combining_Class of DerivedCombiningClass.txt (Not_Reordered,
// 0, where it lists none) and of UnicodeData.txt, both read by the test
// itself, and checks the value of what is not a code point.
func TestCombiningClass(t *testing.T) {
	d := loadRef(t)
	derived := map[rune]int{}
	path := filepath.Join("..", "..", "grammar", "unicode", Version, "ucd", "extracted", "DerivedCombiningClass.txt")
	err := eachLine(path, func(f []string) error {
		if len(f) < 2 {
			return nil
		}
		lo, hi, _ := strings.Cut(strings.TrimSpace(f[0]), "..")
		if hi == "" {
			hi = lo
		}
		a, err1 := strconv.ParseUint(lo, 16, 32)
		b, err2 := strconv.ParseUint(hi, 16, 32)
		v, err3 := strconv.Atoi(strings.TrimSpace(f[1]))
		if err1 != nil || err2 != nil || err3 != nil || v < 0 || v > 254 {
			return strconv.ErrSyntax
		}
		for c := rune(a); c <= rune(b); c++ {
			derived[c] = v
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(derived) < 900 {
		t.Fatalf("read %d code points of DerivedCombiningClass.txt", len(derived))
	}
	bad := 0
	for r := rune(0); r <= 0x10FFFF && bad < 10; r++ {
		if got := int(CombiningClass(r)); got != derived[r] || got != d.ccc[r] {
			t.Errorf("CombiningClass(U+%04X) = %d; DerivedCombiningClass.txt says %d, UnicodeData.txt %d", r, got, derived[r], d.ccc[r])
			bad++
		}
	}
	for _, tt := range []struct {
		r    rune
		want uint8
	}{
		{'a', 0}, {0x0301, 230}, {0x094D, 9}, {0x05B0, 10}, {0x1D16D, 226},
		{-1, 0}, {-0x7FFFFFFF - 1, 0}, {0x110000, 0}, {0x7FFFFFFF, 0},
	} {
		t.Run(strconv.Itoa(int(tt.r)), func(t *testing.T) {
			if diff := cmp.Diff(tt.want, CombiningClass(tt.r)); diff != "" {
				t.Errorf("CombiningClass(%q) mismatch (-want +got):\n%s", tt.r, diff)
			}
		})
	}
}
