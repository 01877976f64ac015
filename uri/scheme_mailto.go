package uri

import (
	"sync"

	"github.com/specuri/specuri/gen/rfc6068"
)

// The rules of the "mailto" scheme (RFC 6068): its syntax, mailtoURI of
// §2. A mailto URI has no authority and a rootless path: it is not
// hierarchical, so normalization keeps its path as it is (see
// [URI.Normalize]); it has no scheme-based normalization of its own.

func init() { registerScheme(&schemeRules{check: checkMailto}, "mailto") }

var (
	mailtoParsers = sync.Pool{New: func() any { return rfc6068.NewParser() }}
	mailtoURIRule = func() rfc6068.Rule {
		r, ok := rfc6068.Lookup("mailtoURI")
		if !ok {
			panic("uri: internal error: gen/rfc6068 has no rule mailtoURI")
		}
		return r
	}()
)

// checkMailto checks u, whose scheme is "mailto", against mailtoURI (RFC
// 6068 §2) as grammar/rfc6068.peg transcribes it. The fragment is not
// checked: mailtoURI has none, and §2 says it is to be ignored.
func checkMailto(u URI) error {
	text := u.s
	if f, ok := u.Fragment(); ok {
		text = text[:len(text)-len(f)-1]
	}
	s := text
	if u.syntax == RFC3987 {
		s = uriForm(URI{s: text, syntax: RFC3987})
	}
	p := mailtoParsers.Get().(*rfc6068.Parser)
	defer func() {
		if p.Cap() <= 1<<16 {
			mailtoParsers.Put(p)
		}
	}()
	if p.Match(mailtoURIRule, s) {
		return nil
	}
	far := p.Furthest()
	rule, off := far.Rule.ABNFRule(), far.End
	if rule == 0 {
		rule = mailtoURIRule // the entry point's helper, or nothing matched
	}
	if s != text {
		off = asciiOffset(text, off)
	}
	e := newSchemeError(u, "mailtoURI", rule.String(), rule.Section(), off, "")
	if off >= len(text) {
		// The end of mailtoURI, before the ignored fragment.
		e.Offset, e.Kind, e.Byte = len(text), UnexpectedEnd, -1
	}
	return e
}
