package idna

import (
	"strconv"
	"strings"
)

// A Code is a status code of UTS #46 as its conformance file
// IdnaTestV2.txt names them: Pn for a step of §4 Processing, Vn for a
// validity criterion of §4.1, U1 for UseSTD3ASCIIRules, An for a step of
// §4.2 ToASCII, Bn for a rule of RFC 5893 §2 (Bidi), C1 and C2 for RFC 5892
// Appendix A.1 and A.2 (CONTEXTJ), X4_2 for an empty label in ToUnicode;
// and the codes this package adds for what UTS #46 leaves to the caller:
// invalid UTF-8, and the two checks of the URL Standard's domain to ASCII.
type Code string

// The status codes.
const (
	CodeP4   Code = "P4"   // UTS #46 §4 step 4.1: an "xn--" label with a non-ASCII code point, bad Punycode, or Punycode of nothing or of ASCII only
	CodeV1   Code = "V1"   // UTS #46 §4.1 criterion 1: the label is not in NFC
	CodeV2   Code = "V2"   // §4.1 criterion 2 (CheckHyphens): "-" in both the third and fourth positions
	CodeV3   Code = "V3"   // §4.1 criterion 3 (CheckHyphens): the label begins or ends with "-"
	CodeV4   Code = "V4"   // §4.1 criterion 4 (without CheckHyphens): the label begins with "xn--"
	CodeV5   Code = "V5"   // §4.1 criterion 5: the label contains "."
	CodeV6   Code = "V6"   // §4.1 criterion 6: the label begins with a combining mark
	CodeV7   Code = "V7"   // §4.1 criterion 7: a code point whose status is not valid (or deviation, nontransitional)
	CodeU1   Code = "U1"   // §4.1 criterion 7 (UseSTD3ASCIIRules): an ASCII code point other than a-z, 0-9 and "-"
	CodeA3   Code = "A3"   // UTS #46 §4.2 step 3: Punycode encoding failed
	CodeA4_1 Code = "A4_1" // §4.2 step 4.1 (VerifyDnsLength): the name is empty or longer than 253
	CodeA4_2 Code = "A4_2" // §4.2 step 4.2 (VerifyDnsLength): a label is empty or longer than 63
	CodeB1   Code = "B1"   // RFC 5893 §2 rule 1: the first character is not L, R or AL
	CodeB2   Code = "B2"   // rule 2: a character of an RTL label is not R, AL, AN, EN, ES, CS, ET, ON, BN or NSM
	CodeB3   Code = "B3"   // rule 3: an RTL label does not end with R, AL, EN or AN (and NSMs)
	CodeB4   Code = "B4"   // rule 4: an RTL label has both EN and AN
	CodeB5   Code = "B5"   // rule 5: a character of an LTR label is not L, EN, ES, CS, ET, ON, BN or NSM
	CodeB6   Code = "B6"   // rule 6: an LTR label does not end with L or EN (and NSMs)
	CodeC1   Code = "C1"   // RFC 5892 Appendix A.1: U+200C ZERO WIDTH NON-JOINER out of context
	CodeC2   Code = "C2"   // RFC 5892 Appendix A.2: U+200D ZERO WIDTH JOINER out of context
	CodeX4_2 Code = "X4_2" // UTS #46 §4.3 (IdnaTestV2.txt): an empty label other than the root label

	// CodeUTF8: the name is not valid UTF-8 at Offset; the bytes are
	// processed as U+FFFD, which is disallowed (V7 too).
	CodeUTF8 Code = "UTF8"
	// CodeEmpty: URL Standard, domain parser step 6 (beStrict false):
	// the result is the empty string (a failure; the strict ToASCII of
	// step 1 records domain-to-ASCII).
	CodeEmpty Code = "domain-to-ASCII"
	// CodeForbidden: URL Standard, domain parser step 7 (beStrict
	// false): the result has a forbidden domain code point (a failure
	// the standard names no validation error for since July 2026: the
	// strict ToASCII of step 1 records domain-to-ASCII).
	CodeForbidden Code = "forbidden-domain-code-point"
)

// messages says what each code means, for Error's text.
var messages = [...]struct {
	code Code
	text string
}{
	{CodeP4, `an "xn--" label is not the Punycode of a non-ASCII label`},
	{CodeV1, "a label is not in Normalization Form C"},
	{CodeV2, `a label has "-" in its third and fourth positions`},
	{CodeV3, `a label begins or ends with "-"`},
	{CodeV4, `a label begins with "xn--"`},
	{CodeV5, `a label contains "."`},
	{CodeV6, "a label begins with a combining mark"},
	{CodeV7, "a code point is not valid in a domain name (IDNA Mapping Table)"},
	{CodeU1, `an ASCII code point other than a-z, 0-9 and "-" (UseSTD3ASCIIRules)`},
	{CodeA3, "Punycode encoding failed (a value overflows, RFC 3492 §6.4)"},
	{CodeA4_1, "the name is empty or longer than 253 (VerifyDnsLength)"},
	{CodeA4_2, "a label is empty or longer than 63 (VerifyDnsLength)"},
	{CodeB1, "Bidi rule 1: a label of a Bidi domain name starts with neither L, R nor AL"},
	{CodeB2, "Bidi rule 2: an RTL label has a character not allowed in it"},
	{CodeB3, "Bidi rule 3: an RTL label ends with neither R, AL, EN nor AN"},
	{CodeB4, "Bidi rule 4: an RTL label has both European and Arabic digits"},
	{CodeB5, "Bidi rule 5: an LTR label of a Bidi domain name has a character not allowed in it"},
	{CodeB6, "Bidi rule 6: an LTR label of a Bidi domain name ends with neither L nor EN"},
	{CodeC1, "U+200C ZERO WIDTH NON-JOINER out of its CONTEXTJ context"},
	{CodeC2, "U+200D ZERO WIDTH JOINER not after a virama"},
	{CodeX4_2, "an empty label"},
	{CodeUTF8, "invalid UTF-8"},
	{CodeEmpty, "the name is empty after processing"},
	{CodeForbidden, "a forbidden domain code point"},
}

// Message returns what c means, in English.
func (c Code) Message() string {
	for _, m := range messages {
		if m.code == c {
			return m.text
		}
	}
	return string(c)
}

// MaxErrors bounds the LabelErrors an Error holds: past it, only the first
// of each code is kept, and Error.More counts those left out.
const MaxErrors = 64

// A LabelError is one status code recorded for one label.
type LabelError struct {
	Code  Code
	Label int // the label's number, from 0
	// Offset is the byte offset in the input of the label's start; for
	// CodeUTF8, of the invalid byte; for CodeForbidden (which ToASCII
	// checks on its result, URL Standard "domain parser" step 7), of
	// the forbidden code point in that result.
	Offset int
	// Text is the label as processing left it (Unicode form), at most 64
	// bytes and "…"; for CodeForbidden, the result from the label's start
	// to the end of the name.
	Text string
}

// An Error is the set of status codes that UTS #46 records for a name
// (§4: "record that there was an error"): ToASCII fails with it, ToUnicode
// returns it along with its result.
type Error struct {
	// Errors are in the order recorded: at most MaxErrors, and then one
	// for each code not among them yet.
	Errors []LabelError
	More   int // the number of errors left out of Errors
}

// Error returns the errors, one per code and label, separated by "; ".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("idna: ")
	for i, le := range e.Errors {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(string(le.Code))
		b.WriteString(" (")
		b.WriteString(le.Code.Message())
		b.WriteString(") in label ")
		b.WriteString(strconv.Itoa(le.Label))
		b.WriteString(" ")
		b.WriteString(strconv.Quote(le.Text))
		b.WriteString(" at offset ")
		b.WriteString(strconv.Itoa(le.Offset))
	}
	if e.More > 0 {
		b.WriteString("; and ")
		b.WriteString(strconv.Itoa(e.More))
		b.WriteString(" more")
	}
	return b.String()
}

// Codes returns the distinct codes of e, in the order first recorded.
func (e *Error) Codes() []Code {
	var cs []Code
	for _, le := range e.Errors {
		if !hasCode(cs, le.Code) {
			cs = append(cs, le.Code)
		}
	}
	return cs
}

// Has reports whether e records code c.
func (e *Error) Has(c Code) bool {
	for _, le := range e.Errors {
		if le.Code == c {
			return true
		}
	}
	return false
}

func hasCode(cs []Code, c Code) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// A codeSet is a set of the codes of labelCodes, one bit each.
type codeSet uint32

// labelCodes are the codes the validity criteria record for a label, in
// the order they are recorded.
var labelCodes = [...]Code{CodeV1, CodeV2, CodeV3, CodeV4, CodeV5, CodeV6, CodeV7, CodeU1,
	CodeC1, CodeC2, CodeB1, CodeB2, CodeB3, CodeB4, CodeB5, CodeB6}

// The sets of one code of labelCodes each.
const (
	setV1 codeSet = 1 << iota
	setV2
	setV3
	setV4
	setV5
	setV6
	setV7
	setU1
	setC1
	setC2
	setB1
	setB2
	setB3
	setB4
	setB5
	setB6
)

// addSet records each code of set for the label number label.
func (l *errorList) addSet(set codeSet, label, offset int, text string) {
	for i := 0; set != 0; i++ {
		if set&1 != 0 {
			l.add(labelCodes[i], label, offset, text)
		}
		set >>= 1
	}
}

// maxText is the most bytes of a label a LabelError quotes.
const maxText = 64

// errorList collects errors as processing records them.
type errorList struct {
	errs []LabelError
	more int
}

// add records code for the label number label starting at offset.
func (l *errorList) add(code Code, label, offset int, text string) {
	if len(l.errs) >= MaxErrors {
		// Past the limit, only a code not recorded yet is kept, so
		// that the set of codes stays exact.
		for _, le := range l.errs {
			if le.Code == code {
				l.more++
				return
			}
		}
	}
	if len(text) > maxText {
		cut := maxText
		for cut > 0 && text[cut]&0xC0 == 0x80 {
			cut--
		}
		text = text[:cut] + "…"
	}
	l.errs = append(l.errs, LabelError{Code: code, Label: label, Offset: offset, Text: text})
}

// err returns the list as an *Error, or nil if it is empty.
func (l *errorList) err() error {
	if len(l.errs) == 0 {
		return nil
	}
	return &Error{Errors: l.errs, More: l.more}
}
