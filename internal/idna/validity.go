package idna

import (
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
)

// validateLabel returns the validity criteria of UTS #46 §4.1 that the
// label l does not satisfy, all but the Bidi criterion (9), and reports
// whether l has a character that makes the name a Bidi domain name. An
// empty label satisfies every criterion.
//
// For a label that was not an "xn--" label, sc.clean means that criterion 7
// holds but for UseSTD3ASCIIRules, and sc.unchanged that the name's scan
// says whether it has a joiner (and an RTL character, which the caller
// counts).
func (p Profile) validateLabel(l *label, transitional bool, sc scan) (codes codeSet, rtl bool) {
	s := l.text
	if s == "" {
		return 0, false
	}
	codes = p.checkForm(l)
	if sc.unchanged && !l.decoded && !p.UseSTD3ASCIIRules {
		// Criterion 7 holds (see process); criterion 8 as below, if
		// the name has a joiner at all.
		if p.CheckJoiners && sc.joiners {
			codes |= checkJoiners(s)
		}
		return codes, false
	}
	st, rtl, joiners := p.checkStatuses(s, transitional, sc.clean && !l.decoded)
	codes |= st
	// 8. "If CheckJoiners, the label must satisify the ContextJ rules
	// from Appendix A, in The Unicode Code Points and IDNA [IDNA2008]."
	if p.CheckJoiners && joiners {
		codes |= checkJoiners(s)
	}
	return codes, rtl
}

// checkForm is UTS #46 §4.1 criteria 1 to 6.
func (p Profile) checkForm(l *label) (codes codeSet) {
	s := l.text
	// 1. "The label must be in Unicode Normalization Form NFC." Only a
	// decoded "xn--" label can fail it: step 2 normalized the others.
	if l.decoded && !norm.IsNFC(s) {
		codes |= setV1
	}
	codes |= p.checkHyphens(s)
	// 5. "The label must not contain a U+002E ( . ) FULL STOP." Only a
	// decoded "xn--" label can: step 3 broke the others at each ".".
	if l.decoded && strings.IndexByte(s, '.') >= 0 {
		codes |= setV5
	}
	// 6. "The label must not begin with a combining mark, that is:
	// General_Category=Mark."
	if first, _ := utf8.DecodeRuneInString(s); first >= 0x300 && ucd.IsMark(first) {
		codes |= setV6
	}
	return codes
}

// checkHyphens is UTS #46 §4.1 criteria 2 to 4.
func (p Profile) checkHyphens(s string) (codes codeSet) {
	if p.CheckHyphens {
		// 2. "If CheckHyphens, the label must not contain a U+002D
		// HYPHEN-MINUS character in both the third and fourth
		// positions."
		if thirdAndFourthHyphens(s) {
			codes |= setV2
		}
		// 3. "If CheckHyphens, the label must neither begin nor end
		// with a U+002D HYPHEN-MINUS character."
		if s[0] == '-' || s[len(s)-1] == '-' {
			codes |= setV3
		}
	}
	// 4. The label must not begin with "xn--" (IdnaTestV2.txt records it
	// with CheckHyphens too: V2 and V4 for the label "xn--a-ä").
	if strings.HasPrefix(s, "xn--") {
		codes |= setV4
	}
	return codes
}

// thirdAndFourthHyphens reports whether the third and fourth code points
// of s are both "-".
func thirdAndFourthHyphens(s string) bool {
	_, n1 := utf8.DecodeRuneInString(s)
	_, n2 := utf8.DecodeRuneInString(s[n1:])
	rest := s[n1+n2:]
	return len(rest) >= 2 && rest[0] == '-' && rest[1] == '-'
}

// checkStatuses is UTS #46 §4.1 criterion 7: "Each code point in the label
// must only have certain Status values according to Section 5, IDNA
// Mapping Table: 1. For Transitional Processing (deprecated), each value
// must be valid. 2. For Nontransitional Processing, each value must be
// either valid or deviation." and "If UseSTD3ASCIIRules=true and the code
// point is an ASCII code point (U+0000..U+007F), then it must be a
// lowercase letter (a-z), a digit (0-9), or a hyphen-minus (U+002D)."
// It reports whether s has a code point of Bidi class R, AL or AN, and
// whether it has U+200C or U+200D. With statusesKnown, the statuses of
// its non-ASCII code points are known to be right (see process).
func (p Profile) checkStatuses(s string, transitional, statusesKnown bool) (codes codeSet, rtl, joiners bool) {
	badStatus, badASCII := false, false
	for _, r := range s {
		if r < utf8.RuneSelf {
			status, std3 := asciiValidity(byte(r))
			badStatus = badStatus || !status
			badASCII = badASCII || !std3 && p.UseSTD3ASCIIRules
			continue
		}
		if !statusesKnown && !validStatus(r, transitional) {
			badStatus = true
		}
		if r == zwnj || r == zwj {
			joiners = true
		}
		if !rtl && isRTL(r) {
			rtl = true
		}
	}
	if badStatus {
		codes |= setV7
	}
	if badASCII {
		codes |= setU1
	}
	return codes, rtl, joiners
}

// validStatus reports whether the status of r is valid, or deviation
// without transitional processing (UTS #46 §4.1 criterion 7).
func validStatus(r rune, transitional bool) bool {
	st, _ := ucd.IDNA(r)
	return st == ucd.IDNAValid || st == ucd.IDNADeviation && !transitional
}

// asciiValidity gives, for an ASCII code point, whether its status is
// valid (all but A-Z, which are mapped) and whether UseSTD3ASCIIRules
// allows it (a-z, 0-9 and "-").
func asciiValidity(c byte) (valid, std3 bool) {
	if 'A' <= c && c <= 'Z' {
		return false, false
	}
	return true, ldh.has(c)
}
