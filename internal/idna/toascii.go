package idna

import (
	"strings"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/idna/punycode"
)

// toASCII is UTS #46 §4.2 ToASCII: the result (even when an error was
// recorded, for the conformance tests) and the errors.
func (p Profile) toASCII(name string) (string, errorList) {
	if p.isFastASCII(name, true) {
		return name, errorList{}
	}
	return p.toASCIISlow(name)
}

// toASCIISlow is toASCII without its fast path.
func (p Profile) toASCIISlow(name string) (string, errorList) {
	// Step 1: "To the input domain_name, apply the Processing Steps in
	// Section 4, Processing, using the input boolean flags
	// Transitional_Processing, CheckHyphens, CheckBidi, CheckJoiners, and
	// UseSTD3ASCIIRules. This may record an error."
	var labelsBuf [4]label
	var startsBuf [4]int
	var errs errorList
	labels := p.process(name, labelsBuf[:0], startsBuf[:0], &errs)
	// Steps 2 and 3: "Break the result into labels at U+002E FULL STOP."
	// and "Convert each label with non-ASCII characters into Punycode
	// [RFC3492], and prefix by “xn--”. This may record an error."
	var buf [128]byte // the result of a usual name, copied once into a string of its size
	b := buf[:0]
	n := len(labels) - 1 // the length of the result: the labels and a "." between two
	for _, l := range labels {
		n += len(l.text)
	}
	if n > len(buf) {
		b = make([]byte, 0, n) // a long name's, not copied as it grows
	}
	for i, l := range labels {
		if i > 0 {
			b = append(b, '.')
		}
		if ascii.Is(l.text) {
			b = append(b, l.text...)
			continue
		}
		start := len(b)
		var err error
		if b, err = punycode.Encode(append(b, "xn--"...), l.text); err != nil {
			errs.add(CodeA3, i, l.offset, l.text)
			b = append(b[:start], l.text...)
		}
	}
	s := string(b)
	// Step 4: "If the VerifyDnsLength flag is true, then verify DNS
	// length restrictions. This may record an error."
	if p.VerifyDNSLength {
		verifyDNSLength(s, labels, &errs)
	}
	// Step 5: "If an error was recorded in steps 1-4, then the operation
	// has failed and a failure value is returned."
	return s, errs
}

// verifyDNSLength is UTS #46 §4.2 step 4 on the result s: "1. The length
// of the domain name, excluding the root label and its dot, is from 1 to
// 253. 2. The length of each label is from 1 to 63." A trailing empty
// label (the root) is excluded from the first but not from the second,
// as IdnaTestV2.txt has it.
func verifyDNSLength(s string, labels []label, errs *errorList) {
	if n := len(strings.TrimSuffix(s, ".")); n < 1 || n > 253 {
		errs.add(CodeA4_1, 0, 0, "")
	}
	for i := 0; ; i++ {
		dot := strings.IndexByte(s, '.')
		l := s
		if dot >= 0 {
			l = s[:dot]
		}
		if len(l) < 1 || len(l) > 63 {
			errs.add(CodeA4_2, i, labels[min(i, len(labels)-1)].offset, l)
		}
		if dot < 0 {
			return
		}
		s = s[dot+1:]
	}
}

// toUnicode is UTS #46 §4.3 ToUnicode: "To the input domain_name, apply
// the Processing Steps in Section 4, Processing, using the input boolean
// flags Transitional_Processing, CheckHyphens, CheckBidi, CheckJoiners,
// and UseSTD3ASCIIRules. This may record an error." and return the result
// with the errors. An empty label other than a trailing root label is
// X4_2 (IdnaTestV2.txt).
func (p Profile) toUnicode(name string) (string, errorList) {
	if p.isFastASCII(name, false) {
		return name, errorList{}
	}
	var labelsBuf [4]label
	var startsBuf [4]int
	var errs errorList
	labels := p.process(name, labelsBuf[:0], startsBuf[:0], &errs)
	var buf [128]byte // the result of a usual name, copied once into a string of its size
	b := buf[:0]
	n := len(labels) - 1 // the length of the result: the labels and a "." between two
	for _, l := range labels {
		n += len(l.text)
	}
	if n > len(buf) {
		b = make([]byte, 0, n) // a long name's, not copied as it grows
	}
	for i, l := range labels {
		if i > 0 {
			b = append(b, '.')
		}
		b = append(b, l.text...)
		if l.text == "" && (i < len(labels)-1 || len(labels) == 1) {
			errs.add(CodeX4_2, i, l.offset, "")
		}
	}
	return string(b), errs
}

// ldh holds the bytes of the fast path: a-z, 0-9 and "-".
var ldh = asciiSet{
	(1<<10-1)<<'0' | 1<<'-',
	(1<<26 - 1) << ('a' - 64),
}

// isFastASCII reports whether name is its own result with no error, from
// one scan: it has only a-z, 0-9, "-" and "." (which UTS #46 §4 leaves
// unchanged and which make no Bidi domain name), no label starts with
// "xn--", and the hyphen, empty label and length checks pass.
func (p Profile) isFastASCII(name string, toASCII bool) bool {
	start := 0
	for i := 0; i <= len(name); i++ {
		if i < len(name) {
			c := name[i]
			if c != '.' {
				if !ldh.has(c) {
					return false
				}
				continue
			}
		}
		if !p.fastLabel(name[start:i], toASCII, i == len(name), start == 0) {
			return false
		}
		start = i + 1
	}
	return !toASCII || !p.VerifyDNSLength || (len(name) >= 1 && len(name) <= 253)
}

// fastLabel is the test of isFastASCII for one label of a-z, 0-9 and "-".
func (p Profile) fastLabel(l string, toASCII, last, first bool) bool {
	if len(l) == 0 {
		if toASCII {
			return !p.VerifyDNSLength
		}
		return last && !first // the root label
	}
	if len(l) >= 4 && l[:4] == "xn--" {
		return false
	}
	if p.CheckHyphens && (l[0] == '-' || l[len(l)-1] == '-' || len(l) >= 4 && l[2] == '-' && l[3] == '-') {
		return false
	}
	return !toASCII || !p.VerifyDNSLength || len(l) <= 63
}
