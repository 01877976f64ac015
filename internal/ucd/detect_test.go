package ucd

import (
	"strconv"
	"testing"
)

// TestDecimalZeroExhaustive checks DecimalZero and the mark categories of
// every code point against UnicodeData.txt as the test reads it.
func TestDecimalZeroExhaustive(t *testing.T) {
	data, _ := readLines(t, "UnicodeData.txt", true)
	zero := make([]int, MaxRune+1)
	for c := range zero {
		zero[c] = -1
	}
	mn, me := make([]int, MaxRune+1), make([]int, MaxRune+1)
	digits := 0
	for _, l := range data {
		for c := l.lo; c <= l.hi; c++ {
			switch l.fields[1] {
			case "Mn":
				mn[c] = 1
			case "Me":
				me[c] = 1
			}
			if d := l.fields[5]; d != "" {
				v, err := strconv.Atoi(d)
				if err != nil {
					t.Fatalf("line %d: digit %q", l.n, d)
				}
				zero[c] = int(c) - v
				digits++
			}
		}
	}
	if digits < 700 {
		t.Fatalf("UnicodeData.txt lists %d decimal digits, want over 700", digits)
	}
	compareAll(t, "DecimalZero", zero, func(r rune) int {
		if z, ok := DecimalZero(r); ok {
			return int(z)
		}
		return -1
	})
	b := func(f func(rune) bool) func(rune) int {
		return func(r rune) int {
			if f(r) {
				return 1
			}
			return 0
		}
	}
	compareAll(t, "IsNonspacingMark", mn, b(IsNonspacingMark))
	compareAll(t, "IsEnclosingMark", me, b(IsEnclosingMark))
	for _, r := range []rune{-1, MaxRune + 1} {
		if _, ok := DecimalZero(r); ok || IsNonspacingMark(r) || IsEnclosingMark(r) {
			t.Errorf("U+%X, not a code point, has a property", r)
		}
	}
}
