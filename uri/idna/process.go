package idna

import (
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
	"github.com/specuri/specuri/uri/idna/internal/punycode"
)

// A label is one label of a name during UTS #46 §4 step 4.
type label struct {
	text     string // the label: after step 2, then decoded if it was an "xn--" label
	offset   int    // the byte offset in the input of the label's first code point
	validate bool   // step 4 checks its validity (not an "xn--" label that failed)
}

// processed is the result of UTS #46 §4 Processing: the labels and the
// errors recorded.
type processed struct {
	labels []label
	errs   errorList
}

// process is UTS #46 §4 Processing: steps 1 (Map), 2 (Normalize),
// 3 (Break) and 4 (Convert/Validate).
func (p Profile) process(name string) *processed {
	pr := &processed{}
	mapped, starts := p.mapStep(name, &pr.errs)
	normalized := normalizeStep(mapped)
	pr.labels = breakStep(normalized, starts, len(name))
	p.convertValidateStep(pr)
	return pr
}

// mapStep is UTS #46 §4 step 1, Map: each code point of name by its status
// in the IDNA Mapping Table. "disallowed: Leave the code point unchanged in
// the string" (criterion 7 of §4.1 rejects it); "ignored: Remove the code
// point"; "mapped: Replace the code point by its mapping"; "deviation: If
// Transitional_Processing, replace the code point by its mapping;
// otherwise leave it unchanged"; "valid: Leave the code point unchanged".
// Invalid UTF-8 is CodeUTF8 at its offset and becomes U+FFFD
// (disallowed). starts gets the offset in name of the start of each label
// the result will have: after each code point that maps to ".".
func (p Profile) mapStep(name string, errs *errorList) (mapped []byte, starts []int) {
	mapped = make([]byte, 0, len(name)+len(name)/2)
	starts = append(starts, 0)
	for i := 0; i < len(name); {
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
		st, m := ucd.IDNA(r)
		switch {
		case st == ucd.IDNAIgnored:
		case st == ucd.IDNAMapped || st == ucd.IDNADeviation && p.TransitionalProcessing:
			if p.TransitionalProcessing && st == ucd.IDNAMapped {
				m = mapDeviations(m)
			}
			mapped = append(mapped, m...)
			for j := strings.Count(m, "."); j > 0; j-- {
				starts = append(starts, i+size)
			}
		default:
			mapped = utf8.AppendRune(mapped, r)
		}
		i += size
	}
	return mapped, starts
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
// domain_name string to Unicode Normalization Form C."
func normalizeStep(mapped []byte) string {
	return norm.NFC(string(mapped))
}

// breakStep is UTS #46 §4 step 3, Break: "Break the string into labels at
// U+002E ( . ) FULL STOP." starts holds the offset in the input of each
// label (normalization neither adds nor removes a "."); inputLen stands in
// for a missing one.
func breakStep(s string, starts []int, inputLen int) []label {
	labels := make([]label, 0, strings.Count(s, ".")+1)
	for i := 0; ; i++ {
		off := inputLen
		if i < len(starts) {
			off = starts[i]
		}
		dot := strings.IndexByte(s, '.')
		if dot < 0 {
			return append(labels, label{text: s, offset: off, validate: true})
		}
		labels = append(labels, label{text: s[:dot], offset: off, validate: true})
		s = s[dot+1:]
	}
}

// convertValidateStep is UTS #46 §4 step 4, Convert/Validate, for each
// label: convertLabel (step 4.1), then the validity criteria of §4.1
// (validateLabel), the Bidi criterion last, as it needs to know whether
// the whole name is a Bidi domain name.
func (p Profile) convertValidateStep(pr *processed) {
	bidiDomain := false
	for i := range pr.labels {
		l := &pr.labels[i]
		transitional := p.TransitionalProcessing
		if strings.HasPrefix(l.text, "xn--") {
			p.convertLabel(l, i, &pr.errs)
			// Step 4.1.4: "Check validity of the label using
			// Nontransitional Processing."
			transitional = false
		}
		if l.validate && p.validateLabel(l, i, transitional, &pr.errs) {
			bidiDomain = true
		}
	}
	if !p.CheckBidi || !bidiDomain {
		return
	}
	for i := range pr.labels {
		l := &pr.labels[i]
		if l.validate && l.text != "" {
			checkBidi(l.text, func(c Code) { pr.errs.add(c, i, l.offset, l.text) })
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
	if !isASCII(l.text) {
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
	l.text = string(decoded)
	if l.text == "" || isASCII(l.text) {
		errs.add(CodeP4, i, l.offset, l.text)
	}
}

// isASCII reports whether s has only ASCII code points.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
