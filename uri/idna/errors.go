package idna

import ii "github.com/specuri/specuri/internal/idna"

// A Code is a status code of UTS #46 as its conformance file
// IdnaTestV2.txt names them: Pn for a step of §4 Processing, Vn for a
// validity criterion of §4.1, U1 for UseSTD3ASCIIRules, An for a step of
// §4.2 ToASCII, Bn for a rule of RFC 5893 §2 (Bidi), C1 and C2 for RFC 5892
// Appendix A.1 and A.2 (CONTEXTJ), X4_2 for an empty label in ToUnicode;
// and the codes this package adds for what UTS #46 leaves to the caller:
// invalid UTF-8, and the two checks of the URL Standard's domain to ASCII.
// Its Message method says what a code means, in English.
type Code = ii.Code

// The status codes.
const (
	CodeP4   Code = ii.CodeP4   // UTS #46 §4 step 4.1: an "xn--" label with a non-ASCII code point, bad Punycode, or Punycode of nothing or of ASCII only
	CodeV1   Code = ii.CodeV1   // UTS #46 §4.1 criterion 1: the label is not in NFC
	CodeV2   Code = ii.CodeV2   // §4.1 criterion 2 (CheckHyphens): "-" in both the third and fourth positions
	CodeV3   Code = ii.CodeV3   // §4.1 criterion 3 (CheckHyphens): the label begins or ends with "-"
	CodeV4   Code = ii.CodeV4   // §4.1 criterion 4 (without CheckHyphens): the label begins with "xn--"
	CodeV5   Code = ii.CodeV5   // §4.1 criterion 5: the label contains "."
	CodeV6   Code = ii.CodeV6   // §4.1 criterion 6: the label begins with a combining mark
	CodeV7   Code = ii.CodeV7   // §4.1 criterion 7: a code point whose status is not valid (or deviation, nontransitional)
	CodeU1   Code = ii.CodeU1   // §4.1 criterion 7 (UseSTD3ASCIIRules): an ASCII code point other than a-z, 0-9 and "-"
	CodeA3   Code = ii.CodeA3   // UTS #46 §4.2 step 3: Punycode encoding failed
	CodeA4_1 Code = ii.CodeA4_1 // §4.2 step 4.1 (VerifyDnsLength): the name is empty or longer than 253
	CodeA4_2 Code = ii.CodeA4_2 // §4.2 step 4.2 (VerifyDnsLength): a label is empty or longer than 63
	CodeB1   Code = ii.CodeB1   // RFC 5893 §2 rule 1: the first character is not L, R or AL
	CodeB2   Code = ii.CodeB2   // rule 2: a character of an RTL label is not R, AL, AN, EN, ES, CS, ET, ON, BN or NSM
	CodeB3   Code = ii.CodeB3   // rule 3: an RTL label does not end with R, AL, EN or AN (and NSMs)
	CodeB4   Code = ii.CodeB4   // rule 4: an RTL label has both EN and AN
	CodeB5   Code = ii.CodeB5   // rule 5: a character of an LTR label is not L, EN, ES, CS, ET, ON, BN or NSM
	CodeB6   Code = ii.CodeB6   // rule 6: an LTR label does not end with L or EN (and NSMs)
	CodeC1   Code = ii.CodeC1   // RFC 5892 Appendix A.1: U+200C ZERO WIDTH NON-JOINER out of context
	CodeC2   Code = ii.CodeC2   // RFC 5892 Appendix A.2: U+200D ZERO WIDTH JOINER out of context
	CodeX4_2 Code = ii.CodeX4_2 // UTS #46 §4.3 (IdnaTestV2.txt): an empty label other than the root label

	// CodeUTF8: the name is not valid UTF-8 at Offset; the bytes are
	// processed as U+FFFD, which is disallowed (V7 too).
	CodeUTF8 Code = ii.CodeUTF8
	// CodeEmpty: URL Standard, domain parser step 6 (beStrict false):
	// the result is the empty string (a failure; the strict ToASCII of
	// step 1 records domain-to-ASCII).
	CodeEmpty Code = ii.CodeEmpty
	// CodeForbidden: URL Standard, domain parser step 7 (beStrict
	// false): the result has a forbidden domain code point (a failure
	// the standard names no validation error for since July 2026: the
	// strict ToASCII of step 1 records domain-to-ASCII).
	CodeForbidden Code = ii.CodeForbidden
)

// MaxErrors bounds the LabelErrors an Error holds: past it, only the first
// of each code is kept, and Error.More counts those left out.
const MaxErrors = ii.MaxErrors

// A LabelError is one status code recorded for one label: its Code, the
// label's number (Label, from 0), the byte offset in the input of the
// label's start (Offset; for CodeUTF8, of the invalid byte; for
// CodeForbidden, which ToASCII checks on its result, URL Standard "domain
// parser" step 7, of the forbidden code point in that result), and
// the label as processing left it (Text, Unicode form, at most 64 bytes
// and "…"; for CodeForbidden, the result from the label's start to the
// end of the name).
type LabelError = ii.LabelError

// An Error is the set of status codes that UTS #46 records for a name
// (§4: "record that there was an error"): ToASCII fails with it, ToUnicode
// returns it along with its result. Its Errors are in the order recorded:
// at most MaxErrors, and then one for each code not among them yet; More
// is the number of errors left out of Errors. Its Error method lists the
// errors, one per code and label; Codes returns the distinct codes, in the
// order first recorded; Has reports whether it records a code.
type Error = ii.Error
