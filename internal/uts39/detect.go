package uts39

import (
	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
)

// MixedNumbers reports whether the decimal digits of s are of more than
// one decimal number system (UTS #39 §5.3, Mixed-Number Detection): of
// its characters with Numeric_Type=Decimal, two have different zeros, as
// "1२3" (ASCII and Devanagari) and "১2৩" (Bengali and ASCII) do. Such a
// string can show a number that it does not hold: "৪" (Bengali four)
// looks like "8".
func MixedNumbers(s string) bool {
	zero := rune(-1)
	for _, r := range s {
		z, ok := ucd.DecimalZero(r)
		if !ok {
			continue
		}
		if zero >= 0 && z != zero {
			return true
		}
		zero = z
	}
	return false
}

// Marks names an unlikely sequence of combining marks (UTS #39 §5.4,
// Optional Detection, "Check for unlikely sequences of combining marks").
type Marks uint8

// The sequences of UTS #39 §5.4 that [UnlikelyMarks] finds.
const (
	// MarksNone: no unlikely sequence.
	MarksNone Marks = iota
	// MarksRepeated: a nonspacing mark (General_Category Mn) right after
	// the same mark, as in "a\u0301\u0301", which shows as one.
	MarksRepeated
	// MarksMany: more than 4 nonspacing marks (Mn or Me) in a row.
	MarksMany
	// MarksHidden: a base character and a nonspacing mark that look the
	// same as the base character alone, the mark being hidden by it: a
	// U+0307 COMBINING DOT ABOVE on a letter that has a dot there, "i",
	// "j" or a character whose prototype (§4) ends in one ("ı", Cyrillic
	// "і"), with no other mark above (Canonical_Combining_Class 230)
	// between them. "i\u0307nfo" is what UTS #46 maps "İnfo" to.
	MarksHidden
)

// String returns a short lower-case description of m.
func (m Marks) String() string {
	switch m {
	case MarksNone:
		return "none"
	case MarksRepeated:
		return "a repeated nonspacing mark"
	case MarksMany:
		return "more than 4 nonspacing marks in a row"
	case MarksHidden:
		return "a nonspacing mark hidden by its base character"
	}
	return "invalid marks"
}

// maxMarks is the most nonspacing marks in a row that UTS #39 §5.4 finds
// likely.
const maxMarks = 4

// dotAbove is U+0307 COMBINING DOT ABOVE, the mark UTS #39 §5.4 gives as
// hidden by "i", and cccAbove its Canonical_Combining_Class (Above).
const (
	dotAbove = '\u0307'
	cccAbove = 230
)

// UnlikelyMarks returns the first unlikely sequence of combining marks
// in s (UTS #39 §5.4), or MarksNone. s is read in NFD, so that marks
// compare as canonical equivalence orders them ("\u00E9\u0301" is "e"
// and two U+0301).
func UnlikelyMarks(s string) Marks {
	d := norm.NFD(s)
	run, prev, dotted := 0, rune(-1), false
	for _, r := range d {
		mn := ucd.IsNonspacingMark(r)
		switch {
		case mn && r == prev:
			return MarksRepeated
		case mn || ucd.IsEnclosingMark(r):
			if run++; run > maxMarks {
				return MarksMany
			}
		default:
			run = 0
		}
		if r == dotAbove && dotted {
			return MarksHidden
		}
		prev = -1
		if mn {
			prev = r
		}
		if c := norm.CombiningClass(r); c == 0 || c == cccAbove {
			dotted = hasDotAbove(r)
		}
	}
	return MarksNone
}

// hasDotAbove reports whether r is a letter whose dot hides a U+0307 on
// it: "i", "j", or a character whose prototype (UTS #39 §4) ends in one.
func hasDotAbove(r rune) bool {
	if p, ok := ucd.Prototype(r); ok && p != "" {
		r = rune(p[len(p)-1]) // an ASCII letter, or no match below
	}
	return r == 'i' || r == 'j'
}
