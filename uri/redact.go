package uri

import "strings"

// Redacted returns the reference with the password in its userinfo, the
// text after the first ":", replaced by "xxxxx" (RFC 3986 §3.2.1, §7.5):
// "http://user:secret@h/" becomes "http://user:xxxxx@h/". A reference
// without a password is returned unchanged. [URI.String] stays lossless.
func (u URI) Redacted() string {
	ui, ok := u.Userinfo()
	if !ok {
		return u.s
	}
	red := RedactUserinfo(ui)
	if red == ui {
		return u.s
	}
	sp := u.spans[cUserinfo]
	return u.s[:sp.begin] + red + u.s[sp.end:]
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
