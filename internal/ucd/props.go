package ucd

import "strconv"

// BidiClass is a value of the Bidi_Class property (UAX #9 §3.2, Table 4),
// as DerivedBidiClass.txt gives it, its @missing lines included: a code
// point no data line lists has the class of the @missing line whose range
// holds it (L, R, AL, ET or BN for unassigned code points).
type BidiClass uint8

// Bidi returns the Bidi_Class of r (UAX #9 §3.2); BidiL if r is not a
// code point.
func Bidi(r rune) BidiClass {
	return BidiClass(propsTrie.Lookup(r) & propBidiMask)
}

// String returns the short name of c ("L", "AL", "NSM", ...), UAX #44
// §5.7.4.
func (c BidiClass) String() string {
	if int(c) < len(bidiNames) {
		return bidiNames[c]
	}
	return "BidiClass(" + strconv.Itoa(int(c)) + ")"
}

var bidiNames = [numBidiClass]string{
	"L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S",
	"WS", "ON", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
}

// JoiningType is a value of the Joining_Type property (The Unicode
// Standard §9.2, Table 9-3), as DerivedJoiningType.txt gives it: JoiningU
// (Non_Joining) for every code point it does not list. RFC 5892
// Appendix A.1 (CONTEXTJ rule of U+200C) reads it.
type JoiningType uint8

// Joining returns the Joining_Type of r; JoiningU if r is not a code
// point.
func Joining(r rune) JoiningType {
	return JoiningType(propsTrie.Lookup(r) >> propJoiningShift & 7)
}

// String returns the short name of j ("U", "C", "D", "L", "R", "T").
func (j JoiningType) String() string {
	if int(j) < len(joiningNames) {
		return joiningNames[j]
	}
	return "JoiningType(" + strconv.Itoa(int(j)) + ")"
}

var joiningNames = [numJoiningType]string{"U", "C", "D", "L", "R", "T"}

// IsMark reports whether the General_Category of r is Mn, Mc or Me
// (UnicodeData.txt field 2): the marks that UTS #46 §4.1 validity
// criterion 6 and RFC 5893 rule 1 speak of.
func IsMark(r rune) bool {
	return propsTrie.Lookup(r)&propMark != 0
}
