package scheme

import "github.com/specuri/specuri/gen/rfc8089"

// The rules of RFC 8089 that MatchFile reads, looked up with the first
// parser.
var fileRules struct{ uri, scheme, hier rfc8089.Rule }

var fileParsers rfc8089.Pool

var fileSetup = lazy{setup: func() {
	fileRules.uri = rfc8089.MustLookup("file-URI")
	fileRules.scheme = rfc8089.MustLookup("file-scheme")
	fileRules.hier = rfc8089.MustLookup("file-hier-part")
}}

// MatchFile matches s, a URI in its ASCII form (RFC 3987 §3.1) without
// its fragment, against file-URI (RFC 8089 §2); nil when it matches. The
// Failure has no hint: what a file URI gets wrong is read from its
// components (see package uri).
func MatchFile(s string) *Failure {
	fileSetup.do()
	p := fileParsers.Get()
	defer fileParsers.Put(p)
	p.Keep(fileRules.uri) // memory does not grow with the path's segments
	if p.Match(fileRules.uri, s) {
		return nil
	}
	far := p.Furthest()
	rule, off := rfc8089.Rule(far.Rule).ABNFRule(), far.End
	switch {
	case rule == 0:
		rule = fileRules.uri // the entry point's helper, or nothing matched
	case rule == fileRules.scheme && off > len("file"):
		rule = fileRules.hier // "file:" matched, what follows did not
	}
	return &Failure{Rule: rule.String(), Section: rule.Section(), Offset: off, None: far.Rule == 0}
}
