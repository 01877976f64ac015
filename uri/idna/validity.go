package idna

import (
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
)

// validateLabel records the validity criteria of UTS #46 §4.1 that the
// label l (number i) does not satisfy, all but the Bidi criterion (9), and
// reports whether l has a character that makes the name a Bidi domain
// name. An empty label satisfies every criterion.
func (p Profile) validateLabel(l *label, i int, transitional bool, errs *errorList) (rtl bool) {
	s := l.text
	if s == "" {
		return false
	}
	report := func(c Code) { errs.add(c, i, l.offset, s) }
	// 1. "The label must be in Unicode Normalization Form NFC." Only a
	// decoded "xn--" label can fail it: step 2 normalized the others.
	if !norm.IsNFC(s) {
		report(CodeV1)
	}
	p.checkHyphens(s, report)
	// 5. "The label must not contain a U+002E ( . ) FULL STOP."
	if strings.IndexByte(s, '.') >= 0 {
		report(CodeV5)
	}
	// 6. "The label must not begin with a combining mark, that is:
	// General_Category=Mark."
	if first, _ := utf8.DecodeRuneInString(s); ucd.IsMark(first) {
		report(CodeV6)
	}
	rtl = p.checkStatuses(s, transitional, report)
	// 8. "If CheckJoiners, the label must satisify the ContextJ rules
	// from Appendix A, in The Unicode Code Points and IDNA [IDNA2008]."
	if p.CheckJoiners {
		checkJoiners(s, report)
	}
	return rtl
}

// checkHyphens is UTS #46 §4.1 criteria 2 to 4.
func (p Profile) checkHyphens(s string, report func(Code)) {
	if p.CheckHyphens {
		// 2. "If CheckHyphens, the label must not contain a U+002D
		// HYPHEN-MINUS character in both the third and fourth
		// positions."
		if thirdAndFourthHyphens(s) {
			report(CodeV2)
		}
		// 3. "If CheckHyphens, the label must neither begin nor end
		// with a U+002D HYPHEN-MINUS character."
		if s[0] == '-' || s[len(s)-1] == '-' {
			report(CodeV3)
		}
	}
	// 4. The label must not begin with "xn--" (IdnaTestV2.txt records it
	// with CheckHyphens too: V2 and V4 for the label "xn--a-ä").
	if strings.HasPrefix(s, "xn--") {
		report(CodeV4)
	}
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
// It reports whether s has a code point of Bidi class R, AL or AN.
func (p Profile) checkStatuses(s string, transitional bool, report func(Code)) (rtl bool) {
	badStatus, badASCII := false, false
	for _, r := range s {
		if r < utf8.RuneSelf {
			status, std3 := asciiValidity(byte(r))
			badStatus = badStatus || !status
			badASCII = badASCII || !std3 && p.UseSTD3ASCIIRules
			continue
		}
		st, _ := ucd.IDNA(r)
		if st != ucd.IDNAValid && (st != ucd.IDNADeviation || transitional) {
			badStatus = true
		}
		if !rtl && isRTL(ucd.Bidi(r)) {
			rtl = true
		}
	}
	if badStatus {
		report(CodeV7)
	}
	if badASCII {
		report(CodeU1)
	}
	return rtl
}

// asciiValidity gives, for an ASCII code point, whether its status is
// valid (all but A-Z, which are mapped) and whether UseSTD3ASCIIRules
// allows it (a-z, 0-9 and "-").
func asciiValidity(c byte) (valid, std3 bool) {
	if 'A' <= c && c <= 'Z' {
		return false, false
	}
	return true, ldh[c]
}
