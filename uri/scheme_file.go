package uri

import (
	"strings"

	"github.com/specuri/specuri/uri/internal/scheme"
)

// The rules of the "file" scheme (RFC 8089): its syntax, file-URI of §2,
// and the normalization §2 licenses: "localhost" is "the machine from
// which the URI is being interpreted", exactly as if no authority were
// present.

// The hints of a URI that is not a file-URI (RFC 8089 §2).
const (
	hintFileQuery     = "a file URI has no query (RFC 8089 §2)"
	hintFileAuthority = "the authority of a file URI is a host only: no userinfo, no port (RFC 8089 §2)"
	hintFilePath      = "a file URI's path is absolute: \"file:///path\" or \"file://host/path\" (RFC 8089 §2)"
	hintFileDrive     = "\"file:c:/path\" is a nonstandard form (RFC 8089 Appendix E.2): write \"file:///c:/path\""
)

// checkFile checks u, whose scheme is "file", against file-URI (RFC 8089
// §2) as grammar/rfc8089.peg transcribes it. The fragment is not checked:
// it belongs to the reference, not to the scheme (RFC 3986 §3.5).
func checkFile(u URI) error {
	text, s := withoutFragment(u)
	f := scheme.MatchFile(s)
	if f == nil {
		return nil
	}
	return fragmentlessError(u, "file-URI", f, text, s, func(off int) string { return fileHint(u, text, off) })
}

// fileHint returns the likely mistake of a file URI that fails at off of
// text (u without its fragment), or "".
func fileHint(u URI, text string, off int) string {
	_, hasUserinfo := u.Userinfo()
	_, hasPort := u.Port()
	_, hasAuthority := u.Authority()
	path := u.Path().String()
	drive := !hasAuthority && len(path) >= 2 && (path[1] == ':' || path[1] == '|')
	switch {
	case off < len(text) && text[off] == '?':
		return hintFileQuery
	case hasUserinfo || hasPort:
		return hintFileAuthority
	case drive:
		return hintFileDrive
	case !strings.HasPrefix(path, "/"):
		return hintFilePath
	}
	return ""
}

// normalizeFile is the scheme-based normalization of a file URI (RFC 8089
// §2): the host "localhost" (compared case-insensitively, RFC 3986 §3.2.2)
// becomes the empty host, since it is interpreted "exactly as if no
// authority were present", so that "file://localhost/etc/hosts" and
// "file:///etc/hosts" normalize alike. The authority's "//" is kept:
// "file:/etc/hosts" is not rewritten.
func normalizeFile(p *refParts) {
	if p.hasAuthority && !p.hasUserinfo && !p.hasPort && strings.EqualFold(p.host, "localhost") {
		p.host = ""
	}
}
