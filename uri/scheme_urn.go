package uri

import (
	"strings"
	"sync"

	"github.com/specuri/specuri/gen/rfc8141"
	"github.com/specuri/specuri/uri/internal/octets"
)

// The rules of the "urn" scheme (RFC 8141): its syntax, namestring of
// §2, and the URN-equivalence of §3.

func init() { registerScheme(&schemeRules{check: checkURN, normalize: normalizeURN}, "urn") }

var (
	urnParsers    = sync.Pool{New: func() any { return rfc8141.NewParser() }}
	urnNamestring = mustRFC8141Rule("namestring")
	urnNID        = mustRFC8141Rule("NID")
	urnNSS        = mustRFC8141Rule("NSS")
	urnAssigned   = mustRFC8141Rule("assigned-name")
)

func mustRFC8141Rule(name string) rfc8141.Rule {
	r, ok := rfc8141.Lookup(name)
	if !ok {
		panic("uri: internal error: gen/rfc8141 has no rule " + name)
	}
	return r
}

// The hints of a URN that is not a namestring (RFC 8141 §2).
const (
	hintNID      = "a URN's NID is 2 to 32 letters, digits and \"-\", and neither starts nor ends with \"-\" (RFC 8141 §2)"
	hintNSS      = "a URN's NSS is not empty and does not start with \"/\" (RFC 8141 §2)"
	hintURNQuery = "after the NSS, \"?\" starts an r-component (\"?+\") or a q-component (\"?=\"); a \"?\" in the NSS is written %3F (RFC 8141 §2)"
)

// uriForm returns the URI that u maps to (RFC 3987 §3.1) as text: u's
// text when u is ASCII. The URN and mailto grammars are of URIs.
func uriForm(u URI) string {
	if u.syntax != RFC3987 {
		return u.s
	}
	return octets.Encode(u.s, &asciiSet)
}

// checkURN checks u, whose scheme is "urn", against namestring (RFC 8141
// §2) as grammar/rfc8141.peg transcribes it.
func checkURN(u URI) error {
	s := uriForm(u)
	p := urnParsers.Get().(*rfc8141.Parser)
	defer putURNParser(p)
	if p.Match(urnNamestring, s) {
		return nil
	}
	far := p.Furthest()
	rule, off := far.Rule.ABNFRule(), far.End
	if rule == 0 {
		rule = urnNamestring // the entry point's helper, or nothing matched
	}
	if s != u.s {
		off = asciiOffset(u.s, off)
	}
	if rule == urnAssigned && off == len("urn:") {
		// NID has no rules inside: a bad NID fails where it starts.
		rule = urnNID
	}
	var hint string
	switch {
	case rule == urnNID:
		hint = hintNID
	case rule == urnAssigned && off < len(u.s) && u.s[off] == '/':
		hint = hintNSS
	case off < len(u.s) && u.s[off] == '?':
		hint = hintURNQuery
	}
	return newSchemeError(u, "namestring", rule.String(), rule.Section(), off, hint)
}

func putURNParser(p *rfc8141.Parser) {
	if p.Cap() > 1<<16 {
		return // do not keep a parser grown by a huge input
	}
	urnParsers.Put(p)
}

// urnParts returns the NID and the NSS of u, in its URI form (RFC 3987
// §3.1), when u is a URN (RFC 8141 §2).
func urnParts(u URI) (nid, nss string, ok bool) {
	if scheme, _ := u.Scheme(); !strings.EqualFold(scheme, "urn") {
		return "", "", false
	}
	s := uriForm(u)
	p := urnParsers.Get().(*rfc8141.Parser)
	defer putURNParser(p)
	if !p.Match(urnNamestring, s) {
		return "", "", false
	}
	for i := 0; i < p.Len(); i++ {
		switch t := p.At(i); t.Rule {
		case urnNID:
			nid = s[t.Begin:t.End]
		case urnNSS:
			nss = s[t.Begin:t.End]
		}
	}
	return nid, nss, true
}

// urnKey returns the form of u in which two URNs are URN-equivalent (RFC
// 8141 §3.1) exactly when they are equal: "urn", the NID in lower case and
// the NSS with the hexadecimal digits of its percent-encodings in upper
// case, none decoded; the r-, q- and f-components are left out. ok is
// false when u is not a URN.
func urnKey(u URI) (nid, nss string, ok bool) {
	nid, nss, ok = urnParts(u)
	if !ok {
		return "", "", false
	}
	return strings.ToLower(nid), octets.UpperPercent(nss), true
}

// normalizeURN is the scheme-based normalization of a URN (RFC 8141 §3.1,
// RFC 3986 §6.2.3): the NID is written in lower case ("urn" already is,
// §6.2.2.1). It changes nothing else: the r-, q- and f-components, which
// URN-equivalence ignores, are part of the URI and are kept ([Compare]
// ignores them for URNs), and p is not a URN when it does not match
// namestring.
func normalizeURN(p *refParts) {
	if p.hasAuthority {
		return
	}
	s := p.String()
	if p.syntax == RFC3987 {
		s = octets.Encode(s, &asciiSet) // RFC 3987 §3.1
	}
	q := urnParsers.Get().(*rfc8141.Parser)
	defer putURNParser(q)
	if !q.Match(urnNamestring, s) {
		return
	}
	if i := strings.IndexByte(p.path, ':'); i > 0 {
		p.path = strings.ToLower(p.path[:i]) + p.path[i:]
	}
}
