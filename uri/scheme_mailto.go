package uri

import "github.com/specuri/specuri/uri/internal/scheme"

// The rules of the "mailto" scheme (RFC 6068): its syntax, mailtoURI of
// §2. A mailto URI has no authority and a rootless path: it is not
// hierarchical, so normalization keeps its path as it is (see
// [URI.Normalize]); it has no scheme-based normalization of its own.

// checkMailto checks u, whose scheme is "mailto", against mailtoURI (RFC
// 6068 §2) as grammar/rfc6068.peg transcribes it. The fragment is not
// checked: mailtoURI has none, and §2 says it is to be ignored.
func checkMailto(u URI) error {
	text, s := withoutFragment(u)
	f := scheme.MatchMailto(s, func(scheme.MailtoPart, int, int) bool { return false })
	if f == nil {
		return nil
	}
	return fragmentlessError(u, "mailtoURI", f, text, s, nil)
}
