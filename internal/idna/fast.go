package idna

import (
	"unicode/utf8"

	"github.com/specuri/specuri/internal/idna/punycode"
	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
)

// browserFast is the package-level ToASCII of a usual valid Unicode name
// in one pass over the input and one over its mapped form, with no
// intermediate string: UTS #46 §4 (Browser profile) and §4.2 for a name
// whose mapped form needs none of the work the general path exists for.
// It reports ok = false, having decided nothing, for any other name, which
// then takes the general path (Profile.toASCIISlow): the result of the two
// is the same wherever browserFast answers (fast_test.go checks it on the
// conformance files and in FuzzToASCII).
//
// The name it answers for:
//   - Map (§4 step 1): every code point is valid, deviation (kept:
//     nontransitional), ignored or mapped; no disallowed code point, no
//     invalid UTF-8; no U+200C or U+200D (CheckJoiners, criterion 8, is
//     left to the general path); no forbidden domain code point (URL
//     Standard) in the mapped form.
//   - Normalize (§4 step 2): the mapped form passes the quick check of
//     UAX #15 §9 (every NFC_Quick_Check Yes, the non-zero combining
//     classes in order), so it is in NFC and the step changes nothing;
//     criterion 1 holds.
//   - Break (§4 step 3) at each "." of the mapped form: criterion 5 holds.
//   - Convert/Validate (§4 step 4): no label starts with "xn--" (step 4.1
//     and criterion 4 are left to the general path); criteria 2 and 3 are
//     not checked (no CheckHyphens); criterion 6 (a leading mark) and,
//     if the name is a Bidi domain name (RFC 5893 §1.4: it has a code
//     point of Bidi class R, AL or AN), criterion 9 hold for each label;
//     criterion 7 holds because the statuses of the mapped form are valid
//     or deviation (the mappings of the IDNA Mapping Table are made of
//     valid and deviation code points, which fast_test.go checks on the
//     whole table) and no UseSTD3ASCIIRules.
//   - ToASCII (§4.2 step 3): Punycode does not overflow (RFC 3492
//     §6.4), and the result is not empty (URL Standard, domain to ASCII).
func browserFast(name string) (_ string, ok bool) {
	var runeBuf [256]rune
	runes := runeBuf[:0]
	if len(name) > len(runeBuf) {
		// A code point a code point, unless the mapping expands some: a
		// long name's are not copied as the slice grows.
		runes = make([]rune, 0, utf8.RuneCountInString(name))
	}
	var q fastQuick
	runes, ok = q.mapName(name, runes)
	if !ok || len(runes) == 0 {
		return "", false
	}
	var outBuf [256]byte
	out, ok := browserFastLabels(runes, q.rtl, outBuf[:0])
	if !ok {
		return "", false
	}
	return string(out), true
}

// fastQuick is what browserFast knows of the mapped form so far: the
// state of the quick check of UAX #15 §9, and whether it has a code point
// of Bidi class R, AL or AN.
type fastQuick struct {
	lastCCC uint8 // the Canonical_Combining_Class of its last code point
	rtl     bool
}

// mapName is the Map step (UTS #46 §4 step 1) of browserFast, appending
// the code points of the mapped form of name to runes, with the checks of
// the Normalize step on the way (see browserFast).
func (q *fastQuick) mapName(name string, runes []rune) (_ []rune, ok bool) {
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A' // mapped to its lower case (IdnaMappingTable.txt)
			} else if forbiddenDomain.has(c) {
				return runes, false
			}
			runes = append(runes, rune(c))
			q.lastCCC = 0
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && size == 1 {
			return runes, false
		}
		switch st, m := ucd.IDNA(r); st {
		case ucd.IDNAValid, ucd.IDNADeviation:
			if !q.keeps(r) {
				return runes, false
			}
			runes = append(runes, r)
		case ucd.IDNAMapped:
			if runes, ok = q.mapping(m, runes); !ok {
				return runes, false
			}
		case ucd.IDNAIgnored:
		default:
			return runes, false
		}
		i += size
	}
	return runes, true
}

// keeps reports whether browserFast can append the non-ASCII code point r
// to the mapped form: not a joiner, and the quick check of UAX #15 §9
// still Yes ("if ccc != 0 and lastCanonicalClass > ccc: NO"; "if
// NFC_Quick_Check is not Yes: not YES"). It notes whether r has Bidi class
// R, AL or AN.
func (q *fastQuick) keeps(r rune) bool {
	ccc, yes := norm.QuickCheckNFC(r)
	if !yes || ccc != 0 && q.lastCCC > ccc || r == zwnj || r == zwj {
		return false
	}
	q.lastCCC = ccc
	if !q.rtl && isRTL(r) {
		q.rtl = true
	}
	return true
}

// mapping appends the code points of m, the mapping of a code point, to
// runes, and reports whether browserFast can take it into the mapped
// form: keeps for each non-ASCII code point, and no forbidden domain code
// point.
func (q *fastQuick) mapping(m string, runes []rune) (_ []rune, ok bool) {
	for _, r := range m {
		if r < utf8.RuneSelf {
			if forbiddenDomain.has(byte(r)) {
				return runes, false
			}
			q.lastCCC = 0
		} else if !q.keeps(r) {
			return runes, false
		}
		runes = append(runes, r)
	}
	return runes, true
}

// browserFastLabels is the Break and Convert/Validate steps (UTS #46 §4
// steps 3 and 4) and ToASCII's steps 2 and 3 (§4.2) of browserFast on the
// mapped form, of code points runes: each label checked (see
// browserFast) and appended to out, in Punycode with the "xn--" prefix if
// it is not all ASCII.
func browserFastLabels(runes []rune, rtl bool, out []byte) (_ []byte, ok bool) {
	for {
		// The label: its code points up to the next ".".
		n, ascii := 0, true
		for ; n < len(runes) && runes[n] != '.'; n++ {
			if runes[n] >= utf8.RuneSelf {
				ascii = false
			}
		}
		l := runes[:n]
		if !fastLabelValid(l, rtl) {
			return out, false
		}
		if ascii {
			for _, r := range l {
				out = append(out, byte(r))
			}
		} else {
			var err error
			if out, err = punycode.EncodeRunes(append(out, "xn--"...), l); err != nil {
				return out, false
			}
		}
		if n == len(runes) {
			return out, true
		}
		out = append(out, '.')
		runes = runes[n+1:]
	}
}

// fastLabelValid checks the label l (its code points) of browserFast: not
// an "xn--" label (left to the general path), UTS #46 §4.1 criterion 6
// ("The label must not begin with a combining mark") and, in a Bidi domain
// name, criterion 9 (the Bidi rule of RFC 5893 §2).
func fastLabelValid(l []rune, rtl bool) bool {
	if len(l) == 0 {
		return true
	}
	if len(l) >= 4 && l[0] == 'x' && l[1] == 'n' && l[2] == '-' && l[3] == '-' {
		return false
	}
	if first := l[0]; first >= 0x300 && ucd.IsMark(first) {
		return false
	}
	return !rtl || fastBidi(l)
}

// fastBidi reports whether the label l (its code points) satisfies the
// Bidi rule (checkBidi).
func fastBidi(l []rune) bool {
	var buf [256]byte
	b := buf[:0]
	for _, r := range l {
		b = utf8.AppendRune(b, r)
	}
	// The conversion copies only for labels with right-to-left code
	// points, the only ones that reach here.
	return checkBidi(string(b)) == 0
}
