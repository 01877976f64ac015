package scheme

import "github.com/specuri/specuri/gen/rfc8141"

// URN is what a match of namestring (RFC 8141 §2) reads: the spans of
// the NID, the NSS and the r-, q- and f-components.
type URN struct {
	NID, NSS, R, Q, F Span
}

// The hints of a URN that is not a namestring (RFC 8141 §2).
const (
	hintNID      = "a URN's NID is 2 to 32 letters, digits and \"-\", and neither starts nor ends with \"-\" (RFC 8141 §2)"
	hintNSS      = "a URN's NSS is not empty and does not start with \"/\" (RFC 8141 §2)"
	hintURNQuery = "after the NSS, \"?\" starts an r-component (\"?+\") or a q-component (\"?=\"); a \"?\" in the NSS is written %3F (RFC 8141 §2)"
)

// The rules of RFC 8141 that URN reads, looked up with the first parser.
var urnRules struct {
	namestring, assigned, nid, nss, r, q, f rfc8141.Rule
}

var urnParsers rfc8141.Pool

var urnSetup = lazy{setup: func() {
	r := &urnRules
	r.namestring, r.assigned = rfc8141.MustLookup("namestring"), rfc8141.MustLookup("assigned-name")
	r.nid, r.nss = rfc8141.MustLookup("NID"), rfc8141.MustLookup("NSS")
	r.r, r.q, r.f = rfc8141.MustLookup("r-component"), rfc8141.MustLookup("q-component"), rfc8141.MustLookup("f-component")
}}

// MatchURN matches s, a URI in its ASCII form (RFC 3987 §3.1), against
// namestring (RFC 8141 §2), and returns the spans of its parts, or why it
// does not match.
func MatchURN(s string) (URN, *Failure) {
	urnSetup.do()
	p := urnParsers.Get()
	defer urnParsers.Put(p)
	rs := &urnRules
	if !p.Match(rs.namestring, s) {
		return URN{}, urnFailure(p.Furthest(), s)
	}
	var n URN
	for i := 0; i < p.Tokens().Len(); i++ {
		t := p.Tokens().At(i)
		sp := Span{t.Begin, t.End, true}
		switch rfc8141.Rule(t.Rule) {
		case rs.nid:
			n.NID = sp
		case rs.nss:
			n.NSS = sp
		case rs.r:
			n.R = sp
		case rs.q:
			n.Q = sp
		case rs.f:
			n.F = sp
		}
	}
	return n, nil
}

// urnFailure builds the Failure of a failed match of namestring against s
// that got as far as far.
func urnFailure(far rfc8141.Token, s string) *Failure {
	rs := &urnRules
	rule, off := rfc8141.Rule(far.Rule).ABNFRule(), far.End
	if rule == 0 {
		rule = rs.namestring // the entry point's helper, or nothing matched
	}
	if rule == rs.assigned && off == len("urn:") {
		// NID has no rules inside: a bad NID fails where it starts.
		rule = rs.nid
	}
	f := &Failure{Rule: rule.String(), Section: rule.Section(), Offset: off, None: far.Rule == 0}
	switch {
	case rule == rs.nid:
		f.Hint = hintNID
	case rule == rs.assigned && off < len(s) && s[off] == '/':
		f.Hint = hintNSS
	case off < len(s) && s[off] == '?':
		f.Hint = hintURNQuery
	}
	return f
}
