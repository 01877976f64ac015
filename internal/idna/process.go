package idna

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/idna/punycode"
	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
)

// A label is one label of a name during UTS #46 §4 step 4.
type label struct {
	text     string // the label: after step 2, then decoded if it was an "xn--" label
	offset   int    // the byte offset in the input of the label's first code point
	validate bool   // step 4 checks its validity (not an "xn--" label that failed)
	decoded  bool   // it was an "xn--" label, decoded
}

// process is UTS #46 §4 Processing: steps 1 (Map), 2 (Normalize),
// 3 (Break) and 4 (Convert/Validate). The labels are appended to labels,
// the errors recorded in errs; starts is a buffer for the Map step.
//
// When the Map step leaves no disallowed code point and the Normalize step
// changes nothing, every code point of a label that was not an "xn--"
// label has the status valid or deviation (nontransitional), so the
// validity criterion 7 holds for it without looking its code points up
// again.
func (p Profile) process(name string, labels []label, starts []int, errs *errorList) []label {
	var buf [128]byte
	mapped, starts, sc := p.mapStep(name, starts, buf[:0], errs)
	normalized := normalizeStep(mapped)
	labels = breakStep(normalized, labels, starts, len(name))
	sc.clean = sc.clean && normalized == mapped
	sc.unchanged = sc.unchanged && sc.clean
	p.convertValidateStep(labels, sc, errs)
	return labels
}

// A scan is what the Map step learns of a name on the way.
type scan struct {
	// clean: no disallowed code point in the result (with the Normalize
	// step changing nothing: see process).
	clean bool
	// unchanged: the Map and Normalize steps changed nothing, and the
	// name is clean; then rtl and joiners hold for the whole name.
	unchanged bool
	rtl       bool // a code point of Bidi class R, AL or AN
	joiners   bool // U+200C or U+200D
}

// mapStep is UTS #46 §4 step 1, Map: each code point of name by its status
// in the IDNA Mapping Table. "disallowed: Leave the code point unchanged in
// the string" (criterion 7 of §4.1 rejects it); "ignored: Remove the code
// point"; "mapped: Replace the code point by its mapping"; "deviation: If
// Transitional_Processing, replace the code point by its mapping;
// otherwise leave it unchanged"; "valid: Leave the code point unchanged".
// Invalid UTF-8 is CodeUTF8 at its offset and becomes U+FFFD
// (disallowed). starts gets the offset in name of the start of each
// label the result will have: after each code point that maps to ".".
// A name the step leaves unchanged is returned as it is, with no copy;
// buf is a buffer for the other ones. sc tells what the scan saw (see
// scan).
func (p Profile) mapStep(name string, starts []int, buf []byte, errs *errorList) (mapped string, _ []int, sc scan) {
	// A start after each "." of name, and after a code point that maps
	// to one, which is rare: the starts of a long name are not copied as
	// the slice grows.
	starts = append(slices.Grow(starts, strings.Count(name, ".")+1), 0)
	sc.clean = true
	i := 0
	for i < len(name) {
		c := name[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				break
			}
			if c == '.' {
				starts = append(starts, i+1)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && size == 1 || !p.scanRune(r, &sc) {
			break
		}
		i += size
	}
	if i == len(name) {
		sc.unchanged = true
		return name, starts, sc
	}
	b, starts, cleanRest := p.mapFrom(name, i, starts, append(buf, name[:i]...), errs)
	sc.clean = sc.clean && cleanRest
	return string(b), starts, sc
}

// scanRune notes in sc what the non-ASCII code point r tells of the name,
// and reports whether the Map step leaves r unchanged.
func (p Profile) scanRune(r rune, sc *scan) bool {
	st, _ := ucd.IDNA(r)
	if st == ucd.IDNADisallowed {
		sc.clean = false
	} else if st != ucd.IDNAValid && (st != ucd.IDNADeviation || p.TransitionalProcessing) {
		return false
	}
	sc.joiners = sc.joiners || r == zwnj || r == zwj
	sc.rtl = sc.rtl || isRTL(r)
	return true
}

// mapFrom is mapStep from name[i:], the first code point that changes,
// appending to mapped.
func (p Profile) mapFrom(name string, i int, starts []int, mapped []byte, errs *errorList) (_ []byte, _ []int, clean bool) {
	clean = true
	for i < len(name) {
		if c := name[i]; c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A' // mapped to its lower case (IdnaMappingTable.txt)
			} else if c == '.' {
				starts = append(starts, i+1)
			}
			mapped = append(mapped, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && size == 1 {
			errs.add(CodeUTF8, len(starts)-1, i, "")
		}
		var dots int
		var ok bool
		mapped, dots, ok = p.appendMapped(mapped, r)
		clean = clean && ok
		for ; dots > 0; dots-- {
			starts = append(starts, i+size)
		}
		i += size
	}
	return mapped, starts, clean
}

// appendMapped appends what the Map step makes of the non-ASCII code
// point r: dots is the number of "." in it, and ok is false if it is a
// disallowed code point.
func (p Profile) appendMapped(mapped []byte, r rune) (_ []byte, dots int, ok bool) {
	st, m := ucd.IDNA(r)
	switch {
	case st == ucd.IDNAIgnored:
	case st == ucd.IDNAMapped || st == ucd.IDNADeviation && p.TransitionalProcessing:
		if p.TransitionalProcessing && st == ucd.IDNAMapped {
			m = mapDeviations(m)
		}
		return append(mapped, m...), strings.Count(m, "."), true
	default:
		return utf8.AppendRune(mapped, r), 0, st != ucd.IDNADisallowed
	}
	return mapped, 0, true
}

// mapDeviations maps the deviation characters of the mapping m, for
// Transitional_Processing: U+1E9E LATIN CAPITAL LETTER SHARP S maps to
// U+00DF, a deviation, which transitional processing maps to "ss" (as
// IdnaTestV2.txt's toAsciiT of "FAẞ.de" is "fass.de").
func mapDeviations(m string) string {
	for _, r := range m {
		if st, _ := ucd.IDNA(r); st == ucd.IDNADeviation {
			var b []byte
			for _, r := range m {
				if st, dm := ucd.IDNA(r); st == ucd.IDNADeviation {
					b = append(b, dm...)
				} else {
					b = utf8.AppendRune(b, r)
				}
			}
			return string(b)
		}
	}
	return m
}

// normalizeStep is UTS #46 §4 step 2, Normalize: "Normalize the
// domain_name string to Unicode Normalization Form C." A string of code
// points below U+0300 is in NFC already (UAX #15: they all have
// NFC_Quick_Check=Yes and Canonical_Combining_Class 0, and none composes
// with a preceding one), which one scan tells.
func normalizeStep(mapped string) string {
	for i := 0; i < len(mapped); i++ {
		// U+0300 is 0xCC 0x80 in UTF-8: a lead byte below 0xCC starts a
		// code point below it.
		if mapped[i] >= 0xCC {
			return norm.NFC(mapped)
		}
	}
	return mapped
}

// breakStep is UTS #46 §4 step 3, Break: "Break the string into labels at
// U+002E ( . ) FULL STOP." starts holds the offset in the input of each
// label (normalization neither adds nor removes a "."); inputLen stands in
// for a missing one.
func breakStep(s string, labels []label, starts []int, inputLen int) []label {
	// A label after each ".": the labels of a long name are not copied
	// as the slice grows.
	labels = slices.Grow(labels, strings.Count(s, ".")+1)
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '.' {
			continue
		}
		off := inputLen
		if n := len(labels); n < len(starts) {
			off = starts[n]
		}
		labels = append(labels, label{text: s[start:i], offset: off, validate: true})
		start = i + 1
	}
	return labels
}

// convertValidateStep is UTS #46 §4 step 4, Convert/Validate, for each
// label: convertLabel (step 4.1), then the validity criteria of §4.1
// (validateLabel), the Bidi criterion last, as it needs to know whether
// the whole name is a Bidi domain name.
// sc says what the Map step learned of the name (see process).
func (p Profile) convertValidateStep(labels []label, sc scan, errs *errorList) {
	bidiDomain := sc.unchanged && sc.rtl
	for i := range labels {
		l := &labels[i]
		transitional := p.TransitionalProcessing
		if strings.HasPrefix(l.text, "xn--") {
			p.convertLabel(l, i, errs)
			// Step 4.1.4: "Check validity of the label using
			// Nontransitional Processing."
			transitional = false
		}
		if !l.validate {
			// Not validated, but part of the domain name, which its
			// characters can make a Bidi domain name.
			bidiDomain = bidiDomain || p.CheckBidi && hasRTL(l.text)
			continue
		}
		codes, rtl := p.validateLabel(l, transitional, sc)
		if codes != 0 {
			errs.addSet(codes, i, l.offset, l.text)
		}
		bidiDomain = bidiDomain || rtl
	}
	if !p.CheckBidi || !bidiDomain {
		return
	}
	for i := range labels {
		l := &labels[i]
		if l.validate && l.text != "" {
			errs.addSet(checkBidi(l.text), i, l.offset, l.text)
		}
	}
}

// convertLabel is UTS #46 §4 step 4.1, for a label that starts with "xn--":
//  1. "If the label contains any non-ASCII code point (i.e., a code point
//     greater than U+007F), record that there was an error, and continue
//     with the next label."
//  2. "Attempt to convert the rest of the label to Unicode using the
//     Punycode algorithm. If that conversion fails and if not
//     IgnoreInvalidPunycode, record that there was an error, and continue
//     with the next label. Otherwise replace the original label in the
//     string by the results of the conversion." (With
//     IgnoreInvalidPunycode, a label that fails is kept and, like one
//     that fails without it, not validated.)
//  3. "If the label is empty, or if the label contains only ASCII code
//     points, record that there was an error."
func (p Profile) convertLabel(l *label, i int, errs *errorList) {
	if !ascii.Is(l.text) {
		errs.add(CodeP4, i, l.offset, l.text)
		l.validate = false
		return
	}
	decoded, err := punycode.Decode(l.text[len("xn--"):])
	if err != nil {
		if !p.IgnoreInvalidPunycode {
			errs.add(CodeP4, i, l.offset, l.text)
		}
		l.validate = false
		return
	}
	l.text, l.decoded = string(decoded), true
	if l.text == "" || ascii.Is(l.text) {
		errs.add(CodeP4, i, l.offset, l.text)
	}
}

// hasRTL reports whether s has a code point of Bidi class R, AL or AN.
func hasRTL(s string) bool {
	for _, r := range s {
		if isRTL(r) {
			return true
		}
	}
	return false
}
