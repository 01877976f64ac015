package uri

import (
	"strings"
	"sync"

	"github.com/specuri/specuri/gen/rfc2397"
)

// The rules of the "data" scheme (RFC 2397): its syntax, dataurl of §3,
// with the media type of RFC 2045 §5.1. RFC 2397 defines no normalization
// beyond the generic one. Package uri/dataurl reads the media type and
// decodes the data.

func init() { registerScheme(&schemeRules{check: checkData}, "data") }

var (
	dataParsers = sync.Pool{New: func() any { return rfc2397.NewParser() }}
	dataURLRule = mustRFC2397Rule("dataurl")
	dataRule    = mustRFC2397Rule("data")
)

func mustRFC2397Rule(name string) rfc2397.Rule {
	r, ok := rfc2397.Lookup(name)
	if !ok {
		panic("uri: internal error: gen/rfc2397 has no rule " + name)
	}
	return r
}

// The hints of a URI that is not a dataurl (RFC 2397 §3).
const (
	hintDataComma = "a data URL is \"data:\" [mediatype] [\";base64\"] \",\" data: the \",\" is required (RFC 2397 §3)"
	hintDataType  = "a media type is type \"/\" subtype, each a token, then \";attribute=value\" parameters; write a tspecial of a value percent-encoded (RFC 2397 §3, RFC 2045 §5.1)"
)

// checkData checks u, whose scheme is "data", against dataurl (RFC 2397
// §3) as grammar/rfc2397.peg transcribes it. The fragment is not checked:
// it belongs to the reference, not to the scheme (RFC 3986 §3.5). The
// parser records the token of the data rule only, so that its memory does
// not grow with the data's percent-encodings.
func checkData(u URI) error {
	text := u.s
	if f, ok := u.Fragment(); ok {
		text = text[:len(text)-len(f)-1]
	}
	s := text
	if u.syntax == RFC3987 {
		s = uriForm(URI{s: text, syntax: RFC3987})
	}
	p := dataParsers.Get().(*rfc2397.Parser)
	defer func() {
		if p.Cap() <= 1<<16 {
			dataParsers.Put(p) // not a parser grown by a huge input
		}
	}()
	p.Keep(dataURLRule, dataRule)
	if p.Match(dataURLRule, s) {
		return nil
	}
	far := p.Furthest()
	rule, off := far.Rule.ABNFRule(), far.End
	if rule == 0 || off < len("data:") {
		// The helper of the entry point, or nothing after "data:",
		// which the scheme matched.
		rule, off = dataURLRule, max(off, len("data:"))
	}
	if s != text {
		off = asciiOffset(text, off)
	}
	hint := hintDataType
	if !strings.Contains(text, ",") {
		hint = hintDataComma
	}
	e := newSchemeError(u, "dataurl", rule.String(), rule.Section(), off, hint)
	if off >= len(text) {
		e.Offset, e.Kind, e.Byte = len(text), UnexpectedEnd, -1
	}
	return e
}
