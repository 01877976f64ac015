package uri

import (
	"strings"

	"github.com/specuri/specuri/internal/whatwg"
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
// cover the password a WHATWG URL parser reads in s, if any: the span
// returned covers both.
func withWHATWG(s string, begin, end int, ok bool) (int, int, bool) {
	w, err := whatwg.Parse(s)
	if err != nil || !w.HasPassword {
		return begin, end, ok
	}
	if !ok {
		return w.PasswordBegin, w.PasswordEnd, true
	}
	return min(begin, w.PasswordBegin), max(end, w.PasswordEnd), true
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
