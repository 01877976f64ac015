package uri

import (
	"strings"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/whatwg"
)

var (
	ruleAuthority = mustRule("authority")
	ruleUserinfo  = mustRule("userinfo")
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
	wb, we, wok := whatwg.PasswordSpan(s)
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
