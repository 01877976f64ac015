package uri

// This file owns password masking (RFC 3986 §3.2.1, §7.5): where a
// password is, as RFC 3986 reads it (the grammar's userinfo, or the
// delimiters of §3.2 in an invalid input) and as a WHATWG URL parser
// reads it (a lexical scan, whatwgPasswordSpan), and the masking of it.

import (
	"math"
	"strings"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/internal/ascii"
)

// Redacted returns the reference with the password in its userinfo, the
// text after the first ":", replaced by "xxxxx" (RFC 3986 §3.2.1, §7.5):
// "http://user:secret@h/" becomes "http://user:xxxxx@h/". A reference
// without a password is returned unchanged. [URI.String] stays lossless.
//
// Like [RedactInput], it errs on the side of hiding: it also masks what a
// WHATWG URL parser (browsers, Node's URL) reads as a password where RFC
// 3986 reads a path, as in "http:///user:pw@host/" (a special scheme
// whose slashes such a parser skips), so that Redacted(u) is
// RedactInput(u.String()) for every value.
func (u URI) Redacted() string {
	b, e, ok := u.userinfoPassword()
	begin, end, ok := withWHATWG(u.s, b, e, ok)
	if !ok {
		return u.s
	}
	return u.s[:begin] + "xxxxx" + u.s[end:]
}

// userinfoPassword returns where the password of u's userinfo is: the
// bytes after its first ":" (RFC 3986 §3.2.1).
func (u URI) userinfoPassword() (begin, end int, ok bool) {
	ui, has := u.Userinfo()
	if !has {
		return 0, 0, false
	}
	colon := strings.IndexByte(ui, ':')
	if colon < 0 {
		return 0, 0, false
	}
	sp := u.spans[cUserinfo]
	return int(sp.begin) + colon + 1, int(sp.end), true
}

// withWHATWG widens the span [begin, end) of a password in s, if ok, to
// cover the password a WHATWG URL parser reads in s, if any (even when
// its parse fails after the credentials, at the host or the port): the
// span returned covers both.
func withWHATWG(s string, begin, end int, ok bool) (int, int, bool) {
	wb, we, wok := whatwgPasswordSpan(s)
	if !wok {
		return begin, end, ok
	}
	if !ok {
		return wb, we, true
	}
	return min(begin, wb), max(end, we), true
}

// RedactUserinfo returns userinfo with the password, the text after the
// first ":", replaced by "xxxxx" (RFC 3986 §3.2.1, §7.5). Userinfo without
// a ":" is returned unchanged.
func RedactUserinfo(userinfo string) string {
	user, _, ok := strings.Cut(userinfo, ":")
	if !ok {
		return userinfo
	}
	return user + ":xxxxx"
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
	if strings.IndexByte(s, '@') < 0 {
		// A password ends at an "@" in either reading: the userinfo's
		// (RFC 3986 §3.2.1) and the WHATWG authority state's, which
		// takes credentials only once it has seen one. Most inputs have
		// none, and a log line or a CLI record asks of every input.
		return 0, 0, false
	}
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
		if x == RFC6874 && strings.IndexByte(s, '[') < 0 || x == RFC3987 && ascii.Is(s) {
			continue
		}
		if x.ValidReference(s) {
			u, _ := x.ParseReference(s)
			return u.userinfoPassword()
		}
	}
	p := get3986()
	defer put3986(p)
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
		for i, n := 0, p.Tokens().Len(); i < n; i++ {
			if t := p.Tokens().At(i); rfc3986.Rule(t.Rule) == ruleUserinfo {
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

// maxWHATWGInput is the longest input the WHATWG URL parser of
// internal/whatwg (package uri/whatwg) reads: past it, the parse fails
// before reading anything, and so no password.
const maxWHATWGInput = min(1<<32-1, math.MaxInt)

// whatwgPasswordSpan returns where the basic URL parser of the URL
// Standard, run on s with no base URL, reads a password: the bytes after
// the first ":" of the text before the last "@" of the authority, up to
// that "@" (authority state, step 1), even when the parse fails after it.
// It finds them without parsing, by reading s as the states before the
// host read it:
//
//   - steps 1-3 of the basic URL parser: leading C0 controls and spaces
//     are not read, nor any ASCII tab or newline (the offsets returned are
//     of s itself); trailing ones are read, as they change nothing here;
//   - scheme start and scheme states: an ASCII alpha, then alphanumerics,
//     "+", "-" and ".", then ":"; without them there is no scheme, and
//     with no base the parse fails;
//   - a special scheme (http, https, ws, wss, ftp) goes through the special
//     authority slashes and special authority ignore slashes states, which
//     skip every "/" and "\" before the authority; "file" goes to the file
//     state, which reads no credentials; any other scheme has an authority
//     only after exactly "//" (path or authority state);
//   - authority state: the authority ends at "/", "?", "#" or the end (and
//     at "\" for a special scheme), and its last "@" ends the
//     credentials.
//
// The host is not read. A differential test holds it equal to
// internal/whatwg's PasswordSpan.
func whatwgPasswordSpan(s string) (begin, end int, ok bool) {
	if len(s) > maxWHATWGInput {
		return 0, 0, false
	}
	r := urlReader{s: s}
	r.trim()
	special, ok := r.schemeAndSlashes()
	if !ok {
		return 0, 0, false
	}
	colon, at := -1, -1
	for c := r.c(); c >= 0 && c != '/' && c != '?' && c != '#' && !(c == '\\' && special); c = r.c() {
		switch {
		case c == '@':
			at = r.i
		case c == ':' && colon < 0:
			colon = r.i
		}
		r.i++
	}
	if at < 0 || colon < 0 || colon > at {
		return 0, 0, false
	}
	// The password starts at the first byte read after the ":", which is
	// the "@" when it is empty.
	r.i = colon + 1
	r.c()
	return r.i, at, true
}

// A urlReader reads s from offset i as the basic URL parser reads its
// input after steps 1-3 (URL Standard, "URL parsing"): without ASCII tabs
// and newlines, which c skips.
type urlReader struct {
	s string
	i int
}

// trim leaves out the leading C0 controls and spaces (basic URL parser,
// step 1). The trailing ones need not be left out: none is a byte the
// states before the host look for ("@", ":", "/", "\\", "?", "#").
func (r *urlReader) trim() {
	for r.i < len(r.s) && r.s[r.i] <= ' ' {
		r.i++
	}
}

// c returns the byte at the pointer, after any tab or newline, which it
// moves past (basic URL parser, step 3), or -1 at the end.
func (r *urlReader) c() int {
	for r.i < len(r.s) && (r.s[r.i] == '\t' || r.s[r.i] == '\n' || r.s[r.i] == '\r') {
		r.i++
	}
	if r.i == len(r.s) {
		return -1
	}
	return int(r.s[r.i])
}

// schemeAndSlashes reads the scheme, its ":" and the slashes that come
// before an authority (scheme start state to the authority state), and
// reports whether the scheme is special and whether an authority follows.
func (r *urlReader) schemeAndSlashes() (special, authority bool) {
	// Scheme start state, step 1: an ASCII alpha.
	if c := r.c(); c < 0 || !isASCIIAlpha(byte(c)) {
		return false, false
	}
	// Scheme state, step 1: the scheme, lower-cased; a name longer than
	// five bytes is no special scheme.
	var name [5]byte
	n := 0
	for c := r.c(); c >= 0 && isSchemeByte(byte(c)); c = r.c() {
		if n < len(name) {
			name[n] = byte(c) | 0x20 // lower-cases a letter; "+", "-", "." and digits are not letters
		}
		n++
		r.i++
	}
	// Scheme state, steps 2 and 3.
	if r.c() != ':' {
		return false, false
	}
	r.i++
	if n > len(name) {
		n = 0
	}
	switch string(name[:n]) {
	case "file":
		return true, false // file state: no credentials
	case "http", "https", "ws", "wss", "ftp":
		// Special authority slashes and special authority ignore
		// slashes states.
		for c := r.c(); c == '/' || c == '\\'; c = r.c() {
			r.i++
		}
		return true, true
	}
	// Path or authority state: "//" starts the authority.
	for range 2 {
		if r.c() != '/' {
			return false, false
		}
		r.i++
	}
	return false, true
}

func isASCIIAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isSchemeByte(c byte) bool {
	return isASCIIAlpha(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}
