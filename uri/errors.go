package uri

// This file is the errors: the package's error types (ParseError and
// its kinds, SchemeError, HostError and its codes, LimitError), and how
// the engine builds a ParseError from a failed match.

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/internal/pegen/pegenrt"
)

// Errors: why an input is not valid.

// ErrorKind classifies a [ParseError] (RFC 3986 §2, Appendix A).
type ErrorKind uint8

// The kinds of [ParseError].
const (
	// UnexpectedByte: the byte at the offset is not allowed there by the
	// grammar (RFC 3986 Appendix A).
	UnexpectedByte ErrorKind = iota + 1
	// UnexpectedEnd: the input ends where the grammar needs more (RFC 3986
	// Appendix A), as in "http://[::1".
	UnexpectedEnd
	// NonASCII: a byte >= 0x80. URIs are ASCII (RFC 3986 §2); internationalized
	// identifiers are IRIs (RFC 3987).
	NonASCII
	// BadPercent: a "%" not followed by two hexadecimal digits (RFC 3986
	// §2.1, pct-encoded).
	BadPercent
	// TooLong: the input is longer than [MaxLength] (RFC 3986 sets no limit;
	// this implementation does).
	TooLong
	// InvalidUTF8: with [RFC3987], the bytes at the offset are not the
	// UTF-8 encoding of a character (RFC 3987 §2, RFC 3629 §4); for a
	// 'mailto' URI (package uri/mailto), the octets that a
	// percent-encoding at the offset starts do not decode as UTF-8 (RFC
	// 6068 §2).
	InvalidUTF8
	// UnexpectedChar: with [RFC3987], the character at the offset, a
	// non-ASCII one (ParseError.Char), is not allowed there (RFC 3987
	// §2.2): not a ucschar, or an iprivate outside the query.
	UnexpectedChar
)

var kindNames = [...]string{
	UnexpectedByte: "unexpected byte",
	UnexpectedEnd:  "unexpected end",
	NonASCII:       "non-ASCII byte",
	BadPercent:     "bad percent-encoding",
	TooLong:        "too long",
	InvalidUTF8:    "invalid UTF-8",
	UnexpectedChar: "unexpected character",
}

// String returns a short lower-case name for k (RFC 3986 §2, Appendix A).
func (k ErrorKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("ErrorKind(%d)", uint8(k))
}

// MaxLength is the longest input the parsers accept, in bytes: 2^31-1.
// RFC 3986 sets no limit (§2); a URI keeps the offsets of its components
// as int32, and a longer input is a [*ParseError] of Kind TooLong.
const MaxLength = math.MaxInt32

// The offsets of a URI are int32 and the generated parsers' uint32: both
// hold MaxLength (a constant that does not fit fails to compile).
const (
	_ = int32(MaxLength)
	_ = uint32(rfc3986.MaxInput - MaxLength)
)

// A ParseError reports why an input is not a valid instance of an RFC 3986
// rule (RFC 3986 Appendix A). It never holds the input itself, nor a byte
// of a password: when Offset falls inside the password that [RedactInput]
// masks ("http://j@ne:password@h", where a strict reading sees a port and
// a lenient one a password), Byte is -1 and Char 0, and Error says the byte
// is masked. Printing it cannot leak a password (§7.5).
type ParseError struct {
	// Want is the ABNF name of the rule the input was parsed as:
	// "URI-reference", "URI", "absolute-URI" or "relative-ref".
	Want string
	// Offset is the byte offset of the first byte that cannot be matched,
	// or the input's length when it ends too early.
	Offset int
	// Rule is the ABNF name of the rule that matched up to Offset and
	// could not continue there. Where the longest prefix of the input
	// that Want matches ends, it is the innermost of the rules of the
	// components that ends there: scheme, authority, userinfo, host
	// ("reg-name", "IPv4address", ... for its form; an IP-literal is a
	// "host"), port, the path ("path-abempty", ...; a segment is named by
	// its path), query, fragment. Elsewhere it is the rule of the attempt
	// that got furthest ("IPv6address" in an unclosed IP literal,
	// "userinfo" before a missing "@"). See rfc3986.Parser.Failure. It is
	// "pct-encoded" for a BadPercent, and Want when not even the first
	// byte could be matched.
	Rule string
	// Section is the section of the specification that defines Rule, in
	// the form "RFC 3986 §3.2.2", as the generated package of the grammar
	// that matched says it (its Rule.Section); for an InvalidUTF8 error,
	// the section that defines Want. The code that builds the error fills
	// it in; Error leaves the citation out when it is empty.
	Section string
	// Kind classifies the error.
	Kind ErrorKind
	// Byte is the byte at Offset, or -1 when Offset is the end of input or
	// the byte is part of a password (it is not revealed).
	Byte int
	// Char is the character at Offset for an UnexpectedChar, else 0 (also
	// inside a password).
	Char rune
	// Hint, when not empty, is the likely mistake where the grammar allows
	// a better guess than the failing byte: a port that is not digits
	// (RFC 3986 §3.2.3), a relative reference given where a URI is
	// required (§4.2), a non-ASCII character (an IRI, RFC 3987), a zone
	// identifier in an IP literal (RFC 6874). It never holds the input.
	Hint string
}

// The hints of [ParseError.Hint]. They cite no section: the message
// before them cites the rule's, once.
const (
	hintPort        = "a port is digits only"
	hintRelative    = "this is a relative reference, not a URI: read it as a URI-reference (ParseReference)"
	hintIRI         = "non-ASCII characters are allowed in IRIs: use the RFC 3987 syntax (RFC3987)"
	hintZone        = "zone identifiers in IP literals need the RFC 6874 syntax (RFC6874)"
	hintZoneBuilder = "zone identifiers in IP literals need the RFC 6874 syntax: build the URI with a Builder whose Syntax is RFC6874"
	hintZone25      = "the \"%\" before a zone identifier is written \"%25\""
)

// Error returns a one-line, lower-case description citing the rule and the
// RFC section that defines it, followed by the Hint if any. It never
// contains the input nor a byte of a password (RFC 3986 §7.5).
func (e *ParseError) Error() string {
	if e.Hint == "" {
		return e.message()
	}
	return withHint(e.message(), e.Hint)
}

func (e *ParseError) message() string {
	sec := ""
	if e.Section != "" {
		sec = " (" + e.Section + ")"
	}
	if e.Byte < 0 && e.Kind != UnexpectedEnd && e.Kind != TooLong {
		return fmt.Sprintf("uri: invalid %s: the byte at offset %d, in a masked password, cannot follow %s%s",
			e.Want, e.Offset, e.Rule, sec)
	}
	switch e.Kind {
	case UnexpectedEnd:
		return fmt.Sprintf("uri: invalid %s: unexpected end of input at offset %d after %s%s",
			e.Want, e.Offset, e.Rule, sec)
	case NonASCII:
		return fmt.Sprintf("uri: invalid %s: non-ASCII byte %#02x at offset %d (RFC 3986 §2)",
			e.Want, e.Byte, e.Offset)
	case BadPercent:
		return fmt.Sprintf("uri: invalid %s: %q at offset %d not followed by two hex digits (RFC 3986 §2.1)",
			e.Want, '%', e.Offset)
	case TooLong:
		return fmt.Sprintf("uri: invalid %s: longer than %d bytes", e.Want, MaxLength)
	case InvalidUTF8:
		return fmt.Sprintf("uri: invalid %s: invalid UTF-8 at offset %d%s", e.Want, e.Offset, sec)
	case UnexpectedChar:
		return fmt.Sprintf("uri: invalid %s: character %U at offset %d cannot follow %s%s",
			e.Want, e.Char, e.Offset, e.Rule, sec)
	}
	if e.Offset == 0 {
		// Nothing precedes the byte: it cannot start the rule wanted.
		return fmt.Sprintf("uri: invalid %s: byte %#02x at offset 0 cannot start %s %s%s",
			e.Want, e.Byte, article(e.Want), e.Want, sec)
	}
	return fmt.Sprintf("uri: invalid %s: byte %#02x at offset %d cannot follow %s%s",
		e.Want, e.Byte, e.Offset, e.Rule, sec)
}

// article returns the indefinite article of a rule's name as it is read
// aloud: "an IRI", "an absolute-URI", "an origin-form", but "a URI".
func article(rule string) string {
	if rule != "" && strings.IndexByte("aeioAEIO", rule[0]) >= 0 {
		return "an"
	}
	return "a"
}

// A LimitError reports an input that exceeds one of the package's
// documented limits (RFC 3986 sets none on lengths or counts). What names
// what was counted, such as "query pairs".
type LimitError struct {
	What  string
	Limit int
}

// Error returns a one-line description with the limit and what was
// counted.
func (e *LimitError) Error() string {
	return fmt.Sprintf("uri: more than %d %s", e.Limit, e.What)
}

// SchemeError is the error of [URI.CheckScheme]: u is a URI (RFC 3986
// §3), but violates a rule that its scheme's specification adds. Like
// [ParseError] it never holds the input, nor a byte of a password.
type SchemeError struct {
	// Scheme is the URI's scheme, in lower case ("urn").
	Scheme string
	// Want is the ABNF name of the scheme's rule that the URI was checked
	// as: "namestring" (RFC 8141), "mailtoURI" (RFC 6068), "http-URI"...
	Want string
	// Rule is the ABNF name of the rule violated: the rule that matched up
	// to Offset and could not continue there ("NID"), or the rule that a
	// prose requirement of the specification restricts ("host" for the
	// non-empty host of RFC 9110 §4.2.1).
	Rule string
	// Section is the section of the specification that defines Rule or the
	// requirement, in the form "RFC 8141 §2".
	Section string
	// Offset is the byte offset in u.String() of the first byte that
	// violates the rule, or its length when the URI ends too early.
	Offset int
	// Kind is UnexpectedByte or UnexpectedEnd.
	Kind ErrorKind
	// Byte is the byte at Offset, or -1 at the end of the input or inside
	// a password.
	Byte int
	// Hint, when not empty, says what the rule requires, with its section.
	Hint string
}

// Error returns a one-line, lower-case description naming the scheme, the
// rule and its section, followed by the Hint if any.
func (e *SchemeError) Error() string {
	// A reference without a scheme, checked as a scheme's URI (a data URL,
	// package dataurl), is no URI of a scheme.
	what := "reference"
	if e.Scheme != "" {
		what = e.Scheme + " URI"
	}
	var msg string
	switch {
	case e.Kind == UnexpectedEnd:
		msg = fmt.Sprintf("uri: invalid %s (%s): unexpected end of input at offset %d after %s (%s)",
			what, e.Want, e.Offset, e.Rule, e.Section)
	case e.Byte < 0:
		msg = fmt.Sprintf("uri: invalid %s (%s): the byte at offset %d, in a masked password, violates %s (%s)",
			what, e.Want, e.Offset, e.Rule, e.Section)
	default:
		msg = fmt.Sprintf("uri: invalid %s (%s): byte %#02x at offset %d violates %s (%s)",
			what, e.Want, e.Byte, e.Offset, e.Rule, e.Section)
	}
	if e.Hint != "" {
		msg = withHint(msg, e.Hint)
	}
	return msg
}

// Render returns Error followed by two lines: input quoted, with any
// password masked (RFC 3986 §7.5), and a caret under the byte at Offset,
// as [ParseError.Render] draws them. input is the text u.String() of the
// URI that was checked.
func (e *SchemeError) Render(input string) string {
	drawn := (&ParseError{Offset: e.Offset, Kind: e.Kind}).Render(input)
	_, lines, _ := strings.Cut(drawn, "\n")
	return e.Error() + "\n" + lines
}

// The codes of [HostError].
const (
	// HostInvalidUTF8: the percent-decoded reg-name is not UTF-8 (RFC
	// 3986 §3.2.2: "non-ASCII characters must first be encoded
	// according to UTF-8").
	HostInvalidUTF8 = "invalid-utf8"
	// HostIDNA: UTS #46 processing rejects the name (UTS #46 §4.2,
	// URL Standard "domain to ASCII"); Err holds the status codes.
	HostIDNA = "idna"
	// HostByte: the ASCII form holds a byte that a reg-name cannot hold
	// unencoded (RFC 3986 §3.2.2: unreserved and sub-delims), such as
	// "/", ":", "@", "%" or a control character, which a resolver or a
	// Host header would read as something else.
	HostByte = "byte"
	// HostNumber: the last label is a number ("1.2.3", "0x7f.1"), which
	// the resolvers of many systems read as an IPv4 address in a
	// notation RFC 3986 §3.2.2 does not have (RFC 3986 §7.4).
	HostNumber = "number"
)

// HostError is the error of [URI.ASCIIHostname] for a reg-name (RFC 3986
// §3.2.2) that is not a name a resolver can be given (see the codes). It holds no byte of the input
// beyond the label that IDNA names in Err, and never a password.
type HostError struct {
	// Offset is the byte offset in u.String() of the first byte at fault
	// when it is known (the "%" of an octet that is not UTF-8), else of
	// the host's first byte.
	Offset int
	// Code is HostInvalidUTF8, HostIDNA, HostByte or HostNumber.
	Code string
	// Byte is, for HostByte, the byte of the ASCII form at fault.
	Byte byte
	// Err is, for HostIDNA, the error of [idna.ToASCII].
	Err error
}

// Error returns a one-line, lower-case description with the offset, the
// code and what the rule requires.
func (e *HostError) Error() string {
	prefix := fmt.Sprintf("uri: invalid host name at offset %d (%s)", e.Offset, e.Code)
	switch e.Code {
	case HostInvalidUTF8:
		return prefix + ": the percent-decoded host is not UTF-8 (RFC 3986 §3.2.2)"
	case HostIDNA:
		return prefix + ": " + e.Err.Error()
	case HostByte:
		return fmt.Sprintf("%s: byte %#02x of its ASCII form is not allowed unencoded in a host (RFC 3986 §3.2.2)", prefix, e.Byte)
	case HostNumber:
		return prefix + ": its last label is a number, which a resolver may read as an IPv4 address (RFC 3986 §7.4)"
	}
	return prefix
}

// Unwrap returns Err.
func (e *HostError) Unwrap() error { return e.Err }

// newError builds the ParseError for a failed match of the entry rule r
// against s, from what explains it (Failure): stop, where s stops matching
// and the rule there, and prefix, whether r matched a prefix of s, whose
// span slots sp holds as MatchSpans left them. It parses s no more,
// except for the two checks classify and hint name.
func (e *engine) newError(stop pegenrt.Token, prefix bool, r uint8, s string, sp *pegenrt.Spans) *ParseError {
	pre := &URI{s: s}
	pre.fill(e.mapped, sp)
	want := e.name(r)
	far, end := stop.Rule, stop.End
	rule := far
	if far == 0 {
		rule, end = r, 0
	}
	if a := e.table().ABNFRule(far); a != 0 && far != 0 {
		// A helper is reported as the rule it stands for (userinfo-at as
		// userinfo).
		rule = a
	}
	pe := &ParseError{Want: want, Offset: end, Rule: e.name(rule), Section: e.section(rule), Kind: UnexpectedByte, Byte: -1}
	if off, ok := portStop(pre, s); ok && off <= pe.Offset {
		pe.Offset, pe.Rule, pe.Section, pe.Hint = off, e.name(e.port), e.section(e.port), hintPort
	}
	if pe.Offset >= len(s) {
		pe.Offset, pe.Kind = len(s), UnexpectedEnd
	} else {
		e.classify(pe, r, s)
	}
	if pe.Hint == "" {
		pe.Hint = e.hint(r, prefix, pe, s)
	}
	if pe.Byte >= 0 && strings.IndexByte(s[pe.Offset+1:], '@') >= 0 {
		// A byte inside what RedactInput masks is not revealed. Every
		// reading of a password ends it at an "@" (RFC 3986 §3.2.1, and
		// the WHATWG parser's), so a byte with no "@" after it is in
		// none, and the common error past the userinfo costs no search.
		// (IndexByte forward, not LastIndexByte: Go's LastIndexByte reads
		// a byte at a time, and was a tenth of the time of an invalid
		// reference.)
		if begin, end, ok := passwordSpan(s); ok && begin <= pe.Offset && pe.Offset < end {
			pe.Byte, pe.Char = -1, 0
		}
	}
	return pe
}

// classify sets the Kind, Byte and Char of an error at a byte of s, when
// s was matched as the entry rule want. At a "%", it matches pct-encoded
// there.
func (e *engine) classify(pe *ParseError, want uint8, s string) {
	b := s[pe.Offset]
	pe.Byte = int(b)
	switch {
	case b >= 0x80 && e.unicode != 0:
		r, size := utf8.DecodeRuneInString(s[pe.Offset:])
		if r == utf8.RuneError && size <= 1 {
			pe.Kind, pe.Section = InvalidUTF8, e.section(want)
		} else {
			pe.Kind, pe.Char = UnexpectedChar, r
		}
	case b >= 0x80:
		pe.Kind = NonASCII
	case b == '%' && !e.matches(e.pct, s[pe.Offset:min(pe.Offset+3, len(s))]):
		pe.Kind, pe.Rule, pe.Section = BadPercent, e.name(e.pct), e.section(e.pct)
	}
}

// portStop finds, in an authority without "@" (RFC 3986 §3.2), where
// host ":" port stops matching when it stops at a byte of the port: the
// grammar then reads the authority as a userinfo missing its "@", and
// reports the end of the authority, past the likely mistake
// ("http://h:123foo/" fails at offset 12, in the port, not at 15).
//
// It reads the components of the prefix that the entry rule matched (see
// newError), as MatchSpans left them: the authority ends at the first
// "/", "?" or "#" after it or at the end of s (§3.2), and none of the
// rules in it match those bytes, so its host and port are where the
// grammar's host and port rules stop on the authority alone. The offset
// is the end of the port when host ":" port stops before the end of the
// authority, inside the port.
func portStop(pre *URI, s string) (int, bool) {
	const need = 1<<cAuthority | 1<<cHost | 1<<cPort
	if pre.has&need != need || pre.has&(1<<cUserinfo) != 0 {
		return 0, false
	}
	start := int(pre.spans[cAuthority].begin)
	hostEnd, portEnd := int(pre.spans[cHost].end), int(pre.spans[cPort].end)
	end := len(s)
	if i := strings.IndexAny(s[start:], "/?#"); i >= 0 {
		end = start + i
	}
	if strings.IndexByte(s[start:end], '@') >= 0 || hostEnd >= end || portEnd >= end {
		return 0, false
	}
	return portEnd, true
}

// hint returns the Hint for an error of the entry rule r on s, or "".
//
// prefix says whether r matched a prefix of s. A URI or absolute-URI that
// matches no prefix does not start with scheme ":" (its hier-part can be
// empty, §3), which a relative-ref needs (§4.2: path-noscheme has no ":"
// in its first segment, the other forms start with "/"): only then can s
// be a relative-ref.
func (e *engine) hint(r uint8, prefix bool, pe *ParseError, s string) string {
	if pe.Kind == NonASCII {
		return hintIRI
	}
	if h, decided := e.byteHint(pe.Offset, s); decided {
		return h
	}
	if h := e.entryHint(r, prefix, s); h != "" {
		return h
	}
	if pe.Rule == e.name(e.port) && pe.Offset < len(s) && s[pe.Offset] > ' ' && s[pe.Offset] < 0x7f {
		// A visible byte where the port could end: it was meant to be
		// part of it ("http://u@h:80x/").
		return hintPort
	}
	return ""
}

// byteHint returns the hint that the byte of s at off, where the error
// is, gives, and whether that byte decides the hint: a "%" inside an
// IP-literal starts a zone identifier (RFC 6874 §2), which the syntax may
// not allow or which is written "%25" (and no hint when it is); a space
// is written "%20" (RFC 3986 §2.1).
func (e *engine) byteHint(off int, s string) (string, bool) {
	if off >= len(s) {
		return "", false
	}
	switch {
	case s[off] == '%' && inIPLiteral(s[:off]):
		if !e.zoned {
			return hintZone, true
		}
		if !strings.HasPrefix(s[off:], "%25") {
			return hintZone25, true
		}
		return "", true
	case s[off] == ' ':
		return hintSpace, true
	}
	return "", false
}

// entryHint returns the hint for an error of the entry rule r on s when r
// is URI or absolute-URI and matched no prefix of s (see hint), or "": a
// scheme without its ":" (RFC 3986 §3.1), or a relative-ref (§4.2).
func (e *engine) entryHint(r uint8, prefix bool, s string) string {
	if prefix || r != e.entries[eURI] && r != e.entries[eAbsoluteURI] {
		return ""
	}
	if missingColon(s) {
		return hintColon
	}
	if e.matches(e.entries[eRelativeRef], s) {
		return hintRelative
	}
	return ""
}

// inIPLiteral reports whether the end of s is inside an IP-literal (RFC
// 3986 §3.2.2): after a "[" that no "]" closes.
func inIPLiteral(s string) bool {
	if strings.IndexByte(s, '[') < 0 {
		return false // the common case, found by a faster scan
	}
	return strings.LastIndexByte(s, '[') > strings.LastIndexByte(s, ']')
}
