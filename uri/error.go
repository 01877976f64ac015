package uri

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/gen/rfc3986"
)

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
	// UTF-8 encoding of a character (RFC 3987 §2, RFC 3629 §4); for
	// [ParseMailto], the octets that a percent-encoding at the offset
	// starts do not decode as UTF-8 (RFC 6068 §2).
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
	// could not continue there ("reg-name", "IPv6address", ...; see
	// rfc3986.Parser.Furthest), "pct-encoded" for a BadPercent, or Want
	// when not even the first byte could be matched.
	Rule string
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

// The hints of [ParseError.Hint].
const (
	hintPort     = "a port is digits only (RFC 3986 §3.2.3)"
	hintRelative = "this is a relative reference (RFC 3986 §4.2), not a URI: read it as a URI-reference (ParseReference)"
	hintIRI      = "non-ASCII characters are allowed in IRIs: use the RFC 3987 syntax (RFC3987)"
	hintZone     = "zone identifiers in IP literals need the RFC 6874 syntax (RFC6874)"
	hintZone25   = "the \"%\" before a zone identifier is written \"%25\" (RFC 6874 §2)"
)

// Error returns a one-line, lower-case description citing the rule and the
// RFC section that defines it, followed by the Hint if any. It never
// contains the input nor a byte of a password (RFC 3986 §7.5).
func (e *ParseError) Error() string {
	if e.Hint == "" {
		return e.message()
	}
	return e.message() + "; " + e.Hint
}

func (e *ParseError) message() string {
	sec := sectionOf(e.Rule)
	if e.Byte < 0 && e.Kind != UnexpectedEnd && e.Kind != TooLong {
		return fmt.Sprintf("uri: invalid %s: the byte at offset %d, in a masked password, cannot follow %s (%s)",
			e.Want, e.Offset, e.Rule, sec)
	}
	switch e.Kind {
	case UnexpectedEnd:
		return fmt.Sprintf("uri: invalid %s: unexpected end of input at offset %d after %s (%s)",
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
		return fmt.Sprintf("uri: invalid %s: invalid UTF-8 at offset %d (%s)", e.Want, e.Offset, sectionOf(e.Want))
	case UnexpectedChar:
		return fmt.Sprintf("uri: invalid %s: character %U at offset %d cannot follow %s (%s)",
			e.Want, e.Char, e.Offset, e.Rule, sec)
	}
	if e.Rule == e.Want && e.Offset == 0 {
		return fmt.Sprintf("uri: invalid %s: byte %#02x at offset 0 cannot start a %s (%s)",
			e.Want, e.Byte, e.Want, sec)
	}
	return fmt.Sprintf("uri: invalid %s: byte %#02x at offset %d cannot follow %s (%s)",
		e.Want, e.Byte, e.Offset, e.Rule, sec)
}

// sections maps ABNF rule names to the section of RFC 3986 that defines
// them.
var sections = map[string]string{
	"URI": "§3", "hier-part": "§3", "scheme": "§3.1",
	"authority": "§3.2", "userinfo": "§3.2.1", "host": "§3.2.2",
	"IP-literal": "§3.2.2", "IPvFuture": "§3.2.2", "IPv6address": "§3.2.2",
	"h16": "§3.2.2", "ls32": "§3.2.2", "IPv4address": "§3.2.2",
	"dec-octet": "§3.2.2", "reg-name": "§3.2.2", "port": "§3.2.3",
	"path": "§3.3", "path-abempty": "§3.3", "path-absolute": "§3.3",
	"path-noscheme": "§3.3", "path-rootless": "§3.3", "path-empty": "§3.3",
	"segment": "§3.3", "segment-nz": "§3.3", "segment-nz-nc": "§3.3",
	"pchar": "§3.3", "query": "§3.4", "fragment": "§3.5",
	"pct-encoded": "§2.1", "unreserved": "§2.3", "reserved": "§2.2",
	"gen-delims": "§2.2", "sub-delims": "§2.2",
	"URI-reference": "§4.1", "relative-ref": "§4.2", "relative-part": "§4.2",
	"absolute-URI": "§4.3",
}

// mailtoRules are the rules of grammar/rfc6068.peg other than RFC 3986's:
// RFC 6068's own, and the RFC 5322 rules its section 2 uses.
var mailtoRules = map[string]bool{
	"mailtoURI": true, "to": true, "hfields": true, "hfield": true,
	"hfname": true, "hfvalue": true, "addr-spec": true, "local-part": true,
	"domain": true, "dtext-no-obs": true, "qchar": true, "some-delims": true,
	"atext": true, "dot-atom-text": true, "qtext": true, "qcontent": true,
	"quoted-string": true, "quoted-pair": true,
}

// sectionOf cites the RFC section that defines rule: RFC 3986's, RFC
// 3987's for its rules (their names start with "i" or hold "IRI"), RFC
// 6874's for its own.
func sectionOf(rule string) string {
	switch {
	case rule == "IPv6addrz" || rule == "ZoneID":
		return "RFC 6874 §2"
	case mailtoRules[rule]:
		return "RFC 6068 §2"
	case strings.Contains(rule, "IRI") || rule == "ucschar" || rule == "iprivate" ||
		strings.HasPrefix(rule, "i") && sections[rule[1:]] != "":
		return "RFC 3987 §2.2"
	}
	if s, ok := sections[rule]; ok {
		return "RFC 3986 " + s
	}
	return "RFC 3986 Appendix A"
}

// helperRules maps the grammar's helper rules (grammar/rfc3986.peg,
// "#helper:") to the ABNF rule whose optional part they delimit.
var helperRules = map[string]string{
	"query-part":     "query",
	"fragment-part":  "fragment",
	"authority-part": "authority",
	"userinfo-at":    "userinfo",
	"port-part":      "port",
	// and those of grammar/rfc3987.peg
	"iquery-part":     "iquery",
	"ifragment-part":  "ifragment",
	"iauthority-part": "iauthority",
	"iuserinfo-at":    "iuserinfo",
	// and of grammar/rfc6874.peg
	"zone-prefix": "IPv6addrz",
}

// newError builds the ParseError for a failed match of the entry rule r
// against s. It runs on the error path only.
func (e *engine[R, T, P]) newError(p P, r R, s string) *ParseError {
	want := e.name(r)
	far, _, end := p.Furthest().Span()
	pe := &ParseError{Want: want, Offset: end, Rule: e.name(far), Kind: UnexpectedByte, Byte: -1}
	if far == 0 {
		pe.Rule, pe.Offset = want, 0
	}
	if r, ok := helperRules[pe.Rule]; ok {
		pe.Rule = r
	}
	if off, ok := e.portStop(p, s); ok && off <= pe.Offset {
		pe.Offset, pe.Rule, pe.Hint = off, e.name(e.port), hintPort
	}
	if pe.Offset >= len(s) {
		pe.Offset, pe.Kind = len(s), UnexpectedEnd
	} else {
		e.classify(p, pe, s)
	}
	if pe.Hint == "" {
		pe.Hint = e.hint(p, r, pe, s)
	}
	if pe.Byte >= 0 && strings.IndexByte(s, '@') >= 0 {
		// A byte inside what RedactInput masks is not revealed.
		if begin, end, ok := passwordSpan(s); ok && begin <= pe.Offset && pe.Offset < end {
			pe.Byte, pe.Char = -1, 0
		}
	}
	return pe
}

// classify sets the Kind, Byte and Char of an error at a byte of s.
func (e *engine[R, T, P]) classify(p P, pe *ParseError, s string) {
	b := s[pe.Offset]
	pe.Byte = int(b)
	switch {
	case b >= 0x80 && e.unicode != 0:
		r, size := utf8.DecodeRuneInString(s[pe.Offset:])
		if r == utf8.RuneError && size <= 1 {
			pe.Kind = InvalidUTF8
		} else {
			pe.Kind, pe.Char = UnexpectedChar, r
		}
	case b >= 0x80:
		pe.Kind = NonASCII
	case b == '%' && !p.Match(e.pct, s[pe.Offset:min(pe.Offset+3, len(s))]):
		pe.Kind, pe.Rule = BadPercent, e.name(e.pct)
	}
}

// portStop finds, in an authority without "@" (RFC 3986 §3.2), where
// host ":" port stops matching when it stops at a byte of the port: the
// grammar then reads the authority as a userinfo missing its "@", and
// reports the end of the authority, past the likely mistake
// ("http://h:123foo/" fails at offset 12, in the port, not at 15). It
// asks the grammar's own host and port rules.
func (e *engine[R, T, P]) portStop(p P, s string) (int, bool) {
	start := authorityBegin(s)
	if start < 0 {
		return 0, false
	}
	end := len(s)
	if i := strings.IndexAny(s[start:], "/?#"); i >= 0 {
		end = start + i
	}
	auth := s[start:end]
	if strings.IndexByte(auth, '@') >= 0 || p.Match(e.host, auth) {
		return 0, false
	}
	_, _, h := p.Furthest().Span() // how far host matched
	if h >= len(auth) || auth[h] != ':' || p.Match(e.port, auth[h+1:]) {
		return 0, false
	}
	_, _, n := p.Furthest().Span() // how far port matched
	return start + h + 1 + n, true
}

// authorityBegin returns the offset of the authority of s, after the "//"
// that follows the scheme or starts s (RFC 3986 §3.2), or -1.
func authorityBegin(s string) int {
	if strings.HasPrefix(s, "//") {
		return 2 // relative-part = "//" authority path-abempty (§4.2)
	}
	if i := strings.IndexByte(s, ':'); i > 0 && std.matchRule("scheme", s[:i]) == nil &&
		strings.HasPrefix(s[i+1:], "//") {
		return i + 3 // hier-part = "//" authority path-abempty (§3)
	}
	return -1
}

// hint returns the Hint for an error of the entry rule r on s, or "".
func (e *engine[R, T, P]) hint(p P, r R, pe *ParseError, s string) string {
	switch {
	case pe.Kind == NonASCII:
		return hintIRI
	case pe.Offset < len(s) && s[pe.Offset] == '%' && inIPLiteral(s[:pe.Offset]):
		if !e.zoned {
			return hintZone
		}
		if !strings.HasPrefix(s[pe.Offset:], "%25") {
			return hintZone25
		}
	case (r == e.entries[eURI] || r == e.entries[eAbsoluteURI]) && p.Match(e.entries[eRelativeRef], s):
		return hintRelative
	case pe.Rule == e.name(e.port) && pe.Offset < len(s) && s[pe.Offset] > ' ' && s[pe.Offset] < 0x7f:
		// A visible byte where the port could end: it was meant to be
		// part of it ("http://u@h:80x/").
		return hintPort
	}
	return ""
}

// inIPLiteral reports whether the end of s is inside an IP-literal (RFC
// 3986 §3.2.2): after a "[" that no "]" closes.
func inIPLiteral(s string) bool {
	return strings.LastIndexByte(s, '[') > strings.LastIndexByte(s, ']')
}
