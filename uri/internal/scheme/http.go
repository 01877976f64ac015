package scheme

import "github.com/specuri/specuri/gen/rfc9110"

// The rules of RFC 9110, RFC 9112 and RFC 6455 that this file reads,
// looked up with the first parser.
var httpRules struct {
	http, https, ws, wss                          rfc9110.Rule
	target, origin, absolute, authority, asterisk rfc9110.Rule
	absPath, query, uriHost, port, pct            rfc9110.Rule
}

var httpParsers rfc9110.Pool

var httpSetup = lazy{setup: func() {
	r := &httpRules
	r.http, r.https = rfc9110.MustLookup("http-URI"), rfc9110.MustLookup("https-URI")
	r.ws, r.wss = rfc9110.MustLookup("ws-URI"), rfc9110.MustLookup("wss-URI")
	r.target, r.origin = rfc9110.MustLookup("request-target"), rfc9110.MustLookup("origin-form")
	r.absolute, r.authority = rfc9110.MustLookup("absolute-form"), rfc9110.MustLookup("authority-form")
	r.asterisk, r.absPath = rfc9110.MustLookup("asterisk-form"), rfc9110.MustLookup("absolute-path")
	r.query, r.uriHost = rfc9110.MustLookup("query"), rfc9110.MustLookup("uri-host")
	r.port, r.pct = rfc9110.MustLookup("port"), rfc9110.MustLookup("pct-encoded")
}}

// HTTPSection returns the section that defines the rule of RFC 9110, RFC
// 9112 or RFC 6455 (or of RFC 3986 under them) of that ABNF name, or "".
func HTTPSection(rule string) string {
	if r, ok := rfc9110.Lookup(rule); ok {
		return r.Section()
	}
	return ""
}

// MatchHTTP matches s against the rule of the scheme: http-URI or
// https-URI (RFC 9110 §4.2.1, §4.2.2), ws-URI or wss-URI (RFC 6455 §3),
// for the lower-case scheme "http", "https", "ws" or "wss"; nil when it
// matches, or for another scheme. The Failure's Rule is the scheme's rule
// where the rule that could not continue is a helper, and None says that
// not even the scheme's literal matched.
func MatchHTTP(scheme, s string) *Failure {
	httpSetup.do() // looks the rules up, the first time
	p := httpParsers.Get()
	defer httpParsers.Put(p)
	var want rfc9110.Rule
	switch scheme {
	case "http":
		want = httpRules.http
	case "https":
		want = httpRules.https
	case "ws":
		want = httpRules.ws
	case "wss":
		want = httpRules.wss
	default:
		return nil
	}
	// The entry rule's token only: memory does not grow with the path's
	// segments (a match records nothing else it needs).
	p.Keep(want)
	if p.Match(want, s) {
		return nil
	}
	return httpFailure(want, p.Furthest())
}

// httpFailure is the Failure of a match of want that got as far as far:
// the ABNF rule far stands for, or want when that is a helper or nothing
// matched.
func httpFailure(want rfc9110.Rule, far rfc9110.Token) *Failure {
	if far.Rule == 0 {
		return &Failure{Rule: want.String(), Section: want.Section(), None: true}
	}
	r := rfc9110.Rule(far.Rule)
	if a := r.ABNFRule(); a != 0 {
		r = a
	}
	if r.Helper() {
		r = want
	}
	return &Failure{Rule: r.String(), Section: r.Section(), Offset: far.End}
}

// The forms of a request-target (RFC 9112 §3.2).
const (
	OriginForm = iota + 1
	AbsoluteForm
	AuthorityForm
	AsteriskForm
)

// Target is what a match of a request-target (RFC 9112 §3.2) reads: its
// form, and the spans of its absolute-path, query, uri-host and port.
type Target struct {
	Form                    int
	Path, Query, Host, Port Span
}

// MatchTarget matches s against request-target (RFC 9112 §3.2), or
// against authority-form (§3.2.3) when connect is true, and returns what
// it reads, or why it does not match (Rule the rule matched where it is a
// helper).
func MatchTarget(s string, connect bool) (Target, *Failure) {
	httpSetup.do() // looks the rules up, the first time
	p := httpParsers.Get()
	defer httpParsers.Put(p)
	r := &httpRules
	want := r.target
	if connect {
		want = r.authority
	}
	// Only the tokens read below: memory does not grow with the segments
	// or percent-encodings of the target.
	p.Keep(r.target, r.origin, r.absolute, r.authority, r.asterisk, r.absPath, r.query, r.uriHost, r.port)
	if !p.Match(want, s) {
		return Target{}, httpFailure(want, p.Furthest())
	}
	var t Target
	if connect {
		t.Form = AuthorityForm
	} else {
		for c := range p.Tokens().Children(p.Tokens().Len() - 1) {
			switch rfc9110.Rule(p.Tokens().At(c).Rule) {
			case r.origin:
				t.Form = OriginForm
			case r.absolute:
				t.Form = AbsoluteForm
			case r.authority:
				t.Form = AuthorityForm
			case r.asterisk:
				t.Form = AsteriskForm
			}
		}
	}
	for i := 0; i < p.Tokens().Len(); i++ {
		tok := p.Tokens().At(i)
		sp := Span{tok.Begin, tok.End, true}
		switch rfc9110.Rule(tok.Rule) {
		case r.absPath:
			t.Path = sp
		case r.query:
			t.Query = sp
		case r.uriHost:
			t.Host = sp
		case r.port:
			t.Port = sp
		}
	}
	return t, nil
}

// PctEncoded reports whether s is one pct-encoded (RFC 3986 §2.1, as RFC
// 9110 uses it).
func PctEncoded(s string) bool {
	httpSetup.do() // looks the rules up, the first time
	p := httpParsers.Get()
	defer httpParsers.Put(p)
	return p.Match(httpRules.pct, s)
}
