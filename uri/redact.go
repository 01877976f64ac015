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
	begin, end, ok := 0, 0, false
	if ui, has := u.Userinfo(); has {
		if colon := strings.IndexByte(ui, ':'); colon >= 0 {
			sp := u.spans[cUserinfo]
			begin, end, ok = int(sp.begin)+colon+1, int(sp.end), true
		}
	}
	if w, err := whatwg.Parse(u.s); err == nil && w.HasPassword {
		if !ok {
			begin, end = w.PasswordBegin, w.PasswordEnd
		}
		begin, end, ok = min(begin, w.PasswordBegin), max(end, w.PasswordEnd), true
	}
	if !ok {
		return u.s
	}
	return u.s[:begin] + "xxxxx" + u.s[end:]
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
