package uri

import (
	"strings"

	"github.com/specuri/specuri/uri/internal/scheme"
)

// Scheme rules: the schemes whose specifications add rules of their own to
// the generic syntax of RFC 3986 (§3.1: "each URI scheme ... may further
// restrict the syntax and semantics of identifiers"). Each such scheme has
// a grammar of its own in grammar/, composed over RFC 3986's, and a file of
// this package that registers what it adds: a check of the scheme's syntax
// and the scheme-based normalization of RFC 3986 §6.2.3.

// schemeRules is what package uri knows of one scheme with rules of its
// own. A nil field adds nothing.
type schemeRules struct {
	// check reports the first violation of the scheme's own rules by u, a
	// URI whose scheme is this one; nil when u satisfies them.
	check func(u URI) error
	// normalize applies the scheme's normalization (RFC 3986 §6.2.3) to
	// p, after syntax-based normalization.
	normalize func(p *refParts)
}

// The rules of each scheme, one file of this package per specification.
// They are constant data and rulesOf a switch, so that a program that
// never checks or normalizes a scheme links none of the scheme grammars.
var (
	urnSchemeRules    = schemeRules{check: checkURN, normalize: normalizeURN}
	fileSchemeRules   = schemeRules{check: checkFile, normalize: normalizeFile}
	mailtoSchemeRules = schemeRules{check: checkMailto}
	httpSchemeRules   = schemeRules{check: checkHTTP, normalize: normalizeHTTP}
	dataSchemeRules   = schemeRules{check: checkData}
)

// rulesOf returns the rules of scheme (compared case-insensitively, RFC
// 3986 §3.1), or nil.
func rulesOf(scheme string) *schemeRules {
	if r := lowerRulesOf(scheme); r != nil {
		return r
	}
	return lowerRulesOf(strings.ToLower(scheme))
}

// lowerRulesOf returns the rules of the lower-case scheme, or nil.
func lowerRulesOf(scheme string) *schemeRules {
	switch scheme {
	case "urn":
		return &urnSchemeRules
	case "file":
		return &fileSchemeRules
	case "mailto":
		return &mailtoSchemeRules
	case "http", "https", "ws", "wss":
		return &httpSchemeRules
	case "data":
		return &dataSchemeRules
	}
	return nil
}

// HasSchemeRules reports whether package uri knows rules of scheme's own
// (compared case-insensitively, RFC 3986 §3.1): rules that
// [URI.CheckScheme] checks and that [NormalizeOptions.SchemeBased] and
// [Compare] apply. See [URI.CheckScheme] for the list.
func HasSchemeRules(scheme string) bool { return rulesOf(scheme) != nil }

// CheckScheme reports whether u satisfies the rules that its scheme's
// specification adds to the generic syntax (RFC 3986 §3.1: each scheme
// "may further restrict the syntax and semantics of identifiers"). It
// returns nil for a reference without a scheme and for a scheme without
// rules of its own ([HasSchemeRules]), and otherwise the first violation
// as a [*SchemeError]. The schemes with rules, each checked against the
// grammar of its specification:
//
//   - http, https: RFC 9110 §4.2.1, §4.2.2 (http-URI, https-URI);
//   - ws, wss: RFC 6455 §3 (ws-URI, wss-URI);
//   - file: RFC 8089 §2 (file-URI);
//   - urn: RFC 8141 §2 (namestring);
//   - mailto: RFC 6068 §2 (mailtoURI; the fragment, which §2 says is to be
//     ignored, is not checked);
//   - data: RFC 2397 §3 (dataurl, with the media type of RFC 2045 §5.1;
//     see package uri/dataurl).
//
// It works on values of every syntax: an IRI (RFC 3987) is checked as the
// URI it maps to (RFC 3987 §3.1) where the scheme's grammar is one of
// URIs, with offsets into u.String().
//
// Memory: for http, https, ws, wss, file and data, CheckScheme allocates a
// bounded amount (the parser records the entry rule's token only; an IRI
// is first mapped to its URI form, a copy); for urn and mailto, in
// proportion to the components it reads. Time is linear in u.
func (u URI) CheckScheme() error {
	s, ok := u.Scheme()
	if !ok {
		return nil
	}
	r := rulesOf(s)
	if r == nil || r.check == nil {
		return nil
	}
	return r.check(u)
}

// newSchemeError returns the SchemeError of u for a violation of rule
// (defined in section) at offset off of u.String(), u checked as want.
// It sets Kind and Byte, and hides a byte of a password.
func newSchemeError(u URI, want, rule, section string, off int, hint string) *SchemeError {
	s := u.String()
	scheme, _ := u.Scheme()
	e := &SchemeError{Scheme: strings.ToLower(scheme), Want: want, Rule: rule, Section: section,
		Offset: off, Kind: UnexpectedByte, Byte: -1, Hint: hint}
	if off >= len(s) {
		e.Offset, e.Kind = len(s), UnexpectedEnd
		return e
	}
	e.Byte = int(s[off])
	if begin, end, ok := passwordSpan(s); ok && begin <= off && off < end {
		e.Byte = -1
	}
	return e
}

// fragmentlessError builds the error of f, a failed match of the rule want
// against uriText, the URI form of text (RFC 3987 §3.1), which is u
// without its fragment (see withoutFragment): the offset is mapped back
// into text, and the end of text, where the rule ended before the
// fragment, is an unexpected end. hint, when not nil, gives the hint for
// that offset.
func fragmentlessError(u URI, want string, f *scheme.Failure, text, uriText string, hint func(off int) string) *SchemeError {
	off := f.Offset
	if uriText != text {
		off = asciiOffset(text, off)
	}
	h := ""
	if hint != nil {
		h = hint(off)
	}
	e := newSchemeError(u, want, f.Rule, f.Section, off, h)
	if off >= len(text) {
		e.Offset, e.Kind, e.Byte = len(text), UnexpectedEnd, -1
	}
	return e
}

// asciiOffset maps off, an offset into the URI form of s (RFC 3987 §3.1,
// every byte >= 0x80 of s written as "%" and two hexadecimal digits), to
// the offset in s of the byte it comes from.
func asciiOffset(s string, off int) int {
	n := 0
	for i := 0; i < len(s); i++ {
		w := 1
		if s[i] >= 0x80 {
			w = 3
		}
		if n+w > off {
			return i
		}
		n += w
	}
	return len(s)
}
