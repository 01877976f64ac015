package idna

import (
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ucd"
)

// isRTL reports whether r makes a domain name a Bidi domain name: RFC 5893
// §1.4 ("a domain name containing at least one character with Bidi_Class
// R, AL, or AN"), to which UTS #46 §4.1 criterion CheckBidi refers. No
// code point below U+0590 has one of these classes, which spares the
// lookup for most text.
func isRTL(r rune) bool {
	if r < 0x590 {
		return false
	}
	switch ucd.Bidi(r) {
	case ucd.BidiR, ucd.BidiAL, ucd.BidiAN:
		return true
	}
	return false
}

// checkBidi returns the rules of RFC 5893 §2 that label breaks: UTS #46
// §4.1, CheckBidi, for a label of a Bidi domain name. A label whose first
// character breaks rule 1 is neither an RTL nor an LTR label, and the
// other rules, which speak of one or the other, are not applied to it.
func checkBidi(label string) codeSet {
	first, _ := utf8.DecodeRuneInString(label)
	switch ucd.Bidi(first) {
	case ucd.BidiR, ucd.BidiAL:
		return checkRTL(label)
	case ucd.BidiL:
		return checkLTR(label)
	}
	// Rule 1: "The first character must be a character with Bidi
	// property L, R, or AL."
	return setB1
}

// checkRTL applies rules 2 to 4 of RFC 5893 §2 to an RTL label.
func checkRTL(label string) (codes codeSet) {
	bad, en, an := false, false, false
	last := ucd.BidiClass(255) // the class of the last character that is not NSM
	for _, r := range label {
		c := ucd.Bidi(r)
		switch c {
		case ucd.BidiR, ucd.BidiAL, ucd.BidiES, ucd.BidiCS, ucd.BidiET, ucd.BidiON, ucd.BidiBN:
		case ucd.BidiEN:
			en = true
		case ucd.BidiAN:
			an = true
		case ucd.BidiNSM:
			continue
		default:
			bad = true
		}
		last = c
	}
	// Rule 2: "In an RTL label, only characters with the Bidi properties
	// R, AL, AN, EN, ES, CS, ET, ON, BN, or NSM are allowed."
	if bad {
		codes |= setB2
	}
	// Rule 3: "In an RTL label, the end of the label must be a character
	// with Bidi property R, AL, EN, or AN, followed by zero or more
	// characters with Bidi property NSM."
	if last != ucd.BidiR && last != ucd.BidiAL && last != ucd.BidiEN && last != ucd.BidiAN {
		codes |= setB3
	}
	// Rule 4: "In an RTL label, if an EN is present, no AN may be present,
	// and vice versa."
	if en && an {
		codes |= setB4
	}
	return codes
}

// checkLTR applies rules 5 and 6 of RFC 5893 §2 to an LTR label.
func checkLTR(label string) (codes codeSet) {
	bad := false
	last := ucd.BidiClass(255)
	for _, r := range label {
		c := ucd.Bidi(r)
		switch c {
		case ucd.BidiL, ucd.BidiEN, ucd.BidiES, ucd.BidiCS, ucd.BidiET, ucd.BidiON, ucd.BidiBN:
		case ucd.BidiNSM:
			continue
		default:
			bad = true
		}
		last = c
	}
	// Rule 5: "In an LTR label, only characters with the Bidi properties
	// L, EN, ES, CS, ET, ON, BN, or NSM are allowed."
	if bad {
		codes |= setB5
	}
	// Rule 6: "In an LTR label, the end of the label must be a character
	// with Bidi property L or EN, followed by zero or more characters with
	// Bidi property NSM."
	if last != ucd.BidiL && last != ucd.BidiEN {
		codes |= setB6
	}
	return codes
}
