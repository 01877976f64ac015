package uri

import (
	"strconv"
	"strings"

	"github.com/specuri/specuri/gen/rfc3986"
)

var (
	ruleAuthority = mustRule("authority")
	ruleUserinfo  = mustRule("userinfo")
)

// renderWindow is how many bytes of the (masked) input Render shows on each
// side of the failing byte; longer inputs are cut with "...".
const renderWindow = 60

// Render draws the error under the input it was returned for (RFC 3986
// Appendix A, §7.5): the message, then the input as a Go string literal
// (every byte outside printable ASCII escaped) with any password replaced
// by "xxxxx", then a caret under the failing byte:
//
//	uri: invalid URI-reference: byte 0x20 at offset 20 cannot follow ...
//	"http://user:xxxxx@h st/"
//	                    ^
//
// The lines are separated by "\n", without a final one. The password is found
// as [RedactInput] finds it, so also in inputs that are not valid. An
// input longer than a terminal line is shown around the failing byte only.
// Render is opt-in: [ParseError.Error] never contains the input.
func (e *ParseError) Render(input string) string {
	msg := e.Error()
	if e.Kind == TooLong {
		return msg
	}
	off := min(max(e.Offset, 0), len(input))
	shown, col := maskedAt(input, off)
	prefix, suffix := "", ""
	if col > renderWindow {
		shown, col, prefix = shown[col-renderWindow:], renderWindow, "..."
	}
	if len(shown) > col+renderWindow {
		shown, suffix = shown[:col+renderWindow], "..."
	}
	// The bytes before the offset matched the grammar, or are the mask, so
	// they are printable ASCII and quoting them is a prefix of quoting the
	// whole line.
	caret := len(prefix) + len(strconv.QuoteToASCII(shown[:col])) - 1
	var b strings.Builder
	b.WriteString(msg)
	b.WriteString("\n")
	b.WriteString(prefix)
	b.WriteString(strconv.QuoteToASCII(shown))
	b.WriteString(suffix)
	b.WriteString("\n")
	b.WriteString(strings.Repeat(" ", caret))
	b.WriteString("^")
	return b.String()
}

// maskedAt returns s with its password masked and where offset off of s
// lands in it: at the mask when off points into the password.
func maskedAt(s string, off int) (string, int) {
	begin, end, ok := passwordSpan(s)
	if !ok {
		return s, off
	}
	const mask = "xxxxx"
	switch {
	case off >= end:
		off += len(mask) - (end - begin)
	case off > begin:
		off = begin
	}
	return s[:begin] + mask + s[end:], off
}

// RedactInput returns s with the password of its userinfo replaced by
// "xxxxx" (RFC 3986 §3.2.1, §7.5), whether or not s is a valid
// URI-reference, so that a program can show any input it was given. For a
// valid s it returns what [URI.Redacted] returns.
//
// It errs on the side of hiding. For an invalid s it also looks behind
// "\" (which some parsers read as "/"), behind leading bytes that are not
// a scheme, and in a userinfo the grammar does not accept. And it hides
// what a WHATWG URL parser (browsers, Node's URL) reads as a password,
// even where RFC 3986 reads a path: in "http:///user:pw@host/" such a
// parser skips the slashes of a special scheme and reads the password
// "pw". When the two readings find passwords in different places, the
// bytes from the first to the end of the last are masked as one.
func RedactInput(s string) string {
	m, _ := maskedAt(s, 0)
	return m
}

// RedactSpan returns the bytes of s that [RedactInput] replaces by
// "xxxxx": s[begin:end], with ok false when it returns s unchanged. A
// program that shows parts of an input (a rule's text, a component) masks
// the same bytes as RedactInput does for the whole input by masking their
// overlap with this span (RFC 3986 §7.5).
func RedactSpan(s string) (begin, end int, ok bool) { return passwordSpan(s) }

// passwordSpan returns where the password of s is: the bytes after the
// first ":" of its userinfo, up to the "@" (RFC 3986 §3.2.1). It uses the
// grammar's rules: URI-reference for a valid s; for an invalid one, scheme
// and authority to find the userinfo, or failing those the delimiters of
// §3.2 ("//" before, "/", "?" or "#" after, the userinfo ending at the
// last "@" of the authority, as lenient parsers read it). It adds the
// password a WHATWG URL parser reads, when there is one: the span returned
// covers both.
func passwordSpan(s string) (begin, end int, ok bool) {
	begin, end, ok = rfcPasswordSpan(s)
	return withWHATWG(s, begin, end, ok)
}

// rfcPasswordSpan is passwordSpan without the WHATWG reading. A valid s,
// in any syntax, is read as [URI.Redacted] reads it.
func rfcPasswordSpan(s string) (begin, end int, ok bool) {
	if len(s) > MaxLength {
		return 0, 0, false
	}
	for x := range numSyntaxes {
		// An extension accepts more than RFC 3986 only with a "[" (a zone,
		// RFC 6874) or a non-ASCII byte (RFC 3987): a failed match costs
		// a second parse that records every token, so it is not tried
		// without one. Valid first: a failed parse would build an error,
		// which asks for the password span again.
		if x == RFC6874 && strings.IndexByte(s, '[') < 0 || x == RFC3987 && isASCII(s) {
			continue
		}
		if x.ValidReference(s) {
			u, _ := x.ParseReference(s)
			return u.userinfoPassword()
		}
	}
	p := std.get()
	defer std.put(p)
	ui, found := invalidUserinfo(p, s)
	if !found {
		return 0, 0, false
	}
	colon := strings.IndexByte(s[ui.begin:ui.end], ':')
	if colon < 0 {
		return 0, 0, false
	}
	return int(ui.begin) + colon + 1, int(ui.end), true
}

// invalidUserinfo finds the userinfo of an input that is not a
// URI-reference, for masking only.
func invalidUserinfo(p *rfc3986.Parser, s string) (span, bool) {
	start := authorityStart(s)
	if start < 0 {
		return span{}, false
	}
	// §3.2: the authority "is terminated by the next slash ("/"), question
	// mark ("?"), or number sign ("#") character, or by the end of the URI".
	end := len(s)
	if i := strings.IndexAny(s[start:], "/?#"); i >= 0 {
		end = start + i
	}
	if p.Match(ruleAuthority, s[start:end]) {
		for i, n := 0, p.Len(); i < n; i++ {
			if t := p.At(i); t.Rule == ruleUserinfo {
				return span{int32(start + t.Begin), int32(start + t.End)}, true
			}
		}
		return span{}, false
	}
	// Not an authority: read as lenient parsers do (net/url among them),
	// the userinfo ends at the last "@".
	at := strings.LastIndexByte(s[start:end], '@')
	if at < 0 {
		return span{}, false
	}
	return span{int32(start), int32(start + at)}, true
}

// authorityStart returns the offset after the "//" that begins the
// authority of s (RFC 3986 §3.2), or -1: where authorityBegin finds it
// or, since an invalid input may have bytes before its scheme or
// backslashes for slashes, after the first pair of "/" or "\" that is not
// in a query or fragment.
func authorityStart(s string) int {
	if i := authorityBegin(s); i >= 0 {
		return i
	}
	for i := 0; i+1 < len(s); i++ {
		switch s[i] {
		case '?', '#':
			return -1
		case '/', '\\':
			if s[i+1] == '/' || s[i+1] == '\\' {
				return i + 2
			}
		}
	}
	return -1
}
