package idna

import (
	"unicode/utf8"

	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
)

const (
	zwnj = '\u200C' // ZERO WIDTH NON-JOINER, RFC 5892 Appendix A.1
	zwj  = '\u200D' // ZERO WIDTH JOINER, RFC 5892 Appendix A.2
	// virama is the Canonical_Combining_Class Virama (9), which both
	// rules of RFC 5892 Appendix A.1 and A.2 test the character before.
	virama = 9
)

// checkJoiners returns C1 if a U+200C and C2 if a U+200D of label fails
// its CONTEXTJ rule (RFC 5892 Appendix A.1 and A.2): UTS #46 §4.1,
// CheckJoiners. Each joiner scans the Transparent
// characters next to it, which end at the next joiner (U+200C is
// Non_Joining and U+200D Join_Causing), so each character is scanned at
// most twice more.
func checkJoiners(label string) (codes codeSet) {
	for i, r := range label {
		switch r {
		case zwnj:
			if !zwnjAllowed(label, i) {
				codes |= setC1
			}
		case zwj:
			// A.2: "If Canonical_Combining_Class(Before(cp)) .eq. Virama
			// Then True; ... False."
			if !afterVirama(label, i) {
				codes |= setC2
			}
		}
	}
	return codes
}

// afterVirama reports whether the character before label[i:] has the
// combining class Virama.
func afterVirama(label string, i int) bool {
	if i == 0 {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(label[:i])
	return norm.CombiningClass(before) == virama
}

// zwnjAllowed is the rule of RFC 5892 Appendix A.1 for the U+200C at
// label[i:]: "If Canonical_Combining_Class(Before(cp)) .eq. Virama Then
// True; If RegExpMatch((Joining_Type:{L,D})(Joining_Type:T)*\u200C
// (Joining_Type:T)*(Joining_Type:{R,D})) Then True;" else False.
func zwnjAllowed(label string, i int) bool {
	if afterVirama(label, i) {
		return true
	}
	return joinsBefore(label[:i]) && joinsAfter(label[i+len(string(zwnj)):])
}

// joinsBefore reports whether s ends with (Joining_Type:{L,D})
// (Joining_Type:T)*.
func joinsBefore(s string) bool {
	for len(s) > 0 {
		r, n := utf8.DecodeLastRuneInString(s)
		switch ucd.Joining(r) {
		case ucd.JoiningT:
			s = s[:len(s)-n]
		case ucd.JoiningL, ucd.JoiningD:
			return true
		default:
			return false
		}
	}
	return false
}

// joinsAfter reports whether s starts with (Joining_Type:T)*
// (Joining_Type:{R,D}).
func joinsAfter(s string) bool {
	for _, r := range s {
		switch ucd.Joining(r) {
		case ucd.JoiningT:
		case ucd.JoiningR, ucd.JoiningD:
			return true
		default:
			return false
		}
	}
	return false
}
