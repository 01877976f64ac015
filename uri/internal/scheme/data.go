package scheme

import "github.com/specuri/specuri/gen/rfc2397"

// The rules of RFC 2397 that this file reads, looked up with the first
// parser.
var dataRules struct{ dataurl, subtype, base64, data rfc2397.Rule }

var dataParsers *rfc2397.Pool

var dataSetup = lazy{setup: func() {
	r := &dataRules
	r.dataurl, r.subtype = rfc2397.MustLookup("dataurl"), rfc2397.MustLookup("subtype")
	r.base64, r.data = rfc2397.MustLookup("base64"), rfc2397.MustLookup("data")
	// The parser records the tokens of the rules read only.
	dataParsers = rfc2397.NewPool(r.dataurl, r.subtype, r.base64, r.data)
}}

// Data is what a match of dataurl (RFC 2397 §3) reads: the span of the
// first subtype (OK false when the media type has no type "/" subtype),
// whether ";base64" is there, and the span of the data.
type Data struct {
	Subtype Span
	Base64  bool
	Data    Span
}

// MatchData matches s, a URI in its ASCII form (RFC 3987 §3.1) without
// its fragment, against dataurl (RFC 2397 §3, with RFC 2045 §5.1's media
// type), and returns what it reads, or why it does not match. The parser
// records the tokens of the rules read only, so its memory does not grow
// with the parameters' or the data's percent-encodings.
func MatchData(s string) (Data, *Failure) {
	dataSetup.do() // looks the rules up, the first time
	p := dataParsers.Get()
	defer dataParsers.Put(p)
	r := &dataRules
	if !p.Match(r.dataurl, s) {
		far := p.Furthest()
		rule, off := rfc2397.Rule(far.Rule).ABNFRule(), far.End
		if rule == 0 || off < len("data:") {
			// The helper of the entry point, or nothing after "data:",
			// which the scheme matched.
			rule, off = r.dataurl, max(off, len("data:"))
		}
		return Data{}, &Failure{Rule: rule.String(), Section: rule.Section(), Offset: off}
	}
	var d Data
	for i := 0; i < p.Tokens().Len(); i++ {
		tok := p.Tokens().At(i)
		sp := Span{tok.Begin, tok.End, true}
		switch rfc2397.Rule(tok.Rule) {
		case r.subtype:
			if !d.Subtype.OK {
				d.Subtype = sp
			}
		case r.base64:
			d.Base64 = true
		case r.data:
			d.Data = sp
		}
	}
	return d, nil
}
