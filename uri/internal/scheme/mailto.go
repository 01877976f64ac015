package scheme

import "github.com/specuri/specuri/gen/rfc6068"

// MailtoPart is the rule of a part of a 'mailto' URI (RFC 6068 §2) that
// MatchMailto reports.
type MailtoPart uint8

const (
	AddrSpec MailtoPart = iota + 1 // addr-spec, an address of to
	HFName                         // hfname, the name of a header field
	HFValue                        // hfvalue, the value of a header field
)

// The rules of RFC 6068 that MatchMailto reads, looked up with the first
// parser.
var mailtoRules struct{ uri, to, addrSpec, hfname, hfvalue rfc6068.Rule }

var mailtoParsers *rfc6068.Pool

var mailtoSetup = lazy{setup: func() {
	r := &mailtoRules
	r.uri, r.to = rfc6068.MustLookup("mailtoURI"), rfc6068.MustLookup("to")
	r.addrSpec = rfc6068.MustLookup("addr-spec")
	r.hfname, r.hfvalue = rfc6068.MustLookup("hfname"), rfc6068.MustLookup("hfvalue")
	// The entry rules too: Match ignores a filter that drops them.
	mailtoParsers = rfc6068.NewPool(r.uri, r.to, r.addrSpec, r.hfname, r.hfvalue)
}}

// MailtoSection returns the section of RFC 6068 that defines the rule of
// that ABNF name, or "".
func MailtoSection(rule string) string {
	if r, ok := rfc6068.Lookup(rule); ok {
		return r.Section()
	}
	return ""
}

// MatchMailto matches s, a URI without its fragment, against mailtoURI
// (RFC 6068 §2), and calls yield with each addr-spec, hfname and hfvalue
// in input order, until yield returns false; or returns why it does not
// match.
func MatchMailto(s string, yield func(part MailtoPart, begin, end int) bool) *Failure {
	return matchMailto(true, s, yield)
}

// MatchMailtoTo matches s against to (RFC 6068 §2, a list of addr-spec
// separated by ","), and calls yield with each addr-spec; it reports
// whether s matches.
func MatchMailtoTo(s string, yield func(part MailtoPart, begin, end int) bool) bool {
	return matchMailto(false, s, yield) == nil
}

// matchMailto matches s against mailtoURI, or against to when not whole.
func matchMailto(whole bool, s string, yield func(MailtoPart, int, int) bool) *Failure {
	mailtoSetup.do() // looks the rules up, the first time
	p := mailtoParsers.Get()
	defer mailtoParsers.Put(p)
	r := &mailtoRules
	want := r.to
	if whole {
		want = r.uri
	}
	if !p.Match(want, s) {
		far := p.Furthest()
		rule := rfc6068.Rule(far.Rule).ABNFRule()
		if rule == 0 {
			rule = want // the entry point's helper, or nothing matched
		}
		return &Failure{Rule: rule.String(), Section: rule.Section(), Offset: far.End, None: far.Rule == 0}
	}
	for i, n := 0, p.Tokens().Len(); i < n; i++ {
		t := p.Tokens().At(i)
		var part MailtoPart
		switch rfc6068.Rule(t.Rule) {
		case r.addrSpec:
			part = AddrSpec
		case r.hfname:
			part = HFName
		case r.hfvalue:
			part = HFValue
		default:
			continue
		}
		if !yield(part, t.Begin, t.End) {
			break
		}
	}
	return nil
}
