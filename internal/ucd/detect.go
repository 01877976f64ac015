package ucd

// DecimalZero returns the zero of the decimal digit system of r: the code
// point of value 0 among the digits r is one of, when r has
// Numeric_Type=Decimal (UnicodeData.txt field 6). UTS #39 §5.3 calls a
// string's digits mixed when they have more than one zero.
func DecimalZero(r rune) (rune, bool) {
	n := detectTrie.Lookup(r) & detectZeroMask
	if n == 0 {
		return 0, false
	}
	return decimalZeros[n-1], true
}

// IsNonspacingMark reports whether the General_Category of r is Mn
// (Nonspacing_Mark, UnicodeData.txt field 2).
func IsNonspacingMark(r rune) bool { return detectTrie.Lookup(r)&detectMn != 0 }

// IsEnclosingMark reports whether the General_Category of r is Me
// (Enclosing_Mark, UnicodeData.txt field 2).
func IsEnclosingMark(r rune) bool { return detectTrie.Lookup(r)&detectMe != 0 }
