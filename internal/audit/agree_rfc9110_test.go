package audit

import (
	"testing"

	"github.com/specuri/specuri/gen/rfc9110"
)

// rfc9110Grammar is RFC 9110 §4 (http and https URIs), RFC 9112 §3.2
// (request targets) and RFC 6455 §3 (ws and wss URIs) over RFC 3986
// Appendix A: every rule of the composition is a rule of gen/rfc9110.
// request-target is checked rule by rule but its components are not
// compared: its ABNF is ambiguous ("example.com:80" is both an
// absolute-form and an authority-form), and the parser takes the first.
func rfc9110Grammar(t testing.TB) *extGrammar {
	g := composeABNF(t, "rfc9110.abnf", "rfc9112.abnf", "rfc6455.abnf", "rfc3986.abnf")
	return &extGrammar{
		name:    "rfc9110",
		abnf:    g,
		rules:   ruleNames(g, ""),
		entries: []string{"http-URI", "https-URI", "ws-URI", "wss-URI", "origin-form", "authority-form", "absolute-form"},
		components: map[string]string{
			"scheme": "scheme", "userinfo": "userinfo", "host": "host", "port": "port",
			"path-abempty": "path", "absolute-path": "path", "path-absolute": "path",
			"path-rootless": "path", "path-empty": "path", "query": "query",
		},
		parser: func() extParser {
			p := rfc9110.NewParser()
			return adapter{rfc9110.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc9110.Rule(r), s) }}
		},
		seeds: append(boundarySeeds(g), []string{
			"http://www.example.com/", "HTTP://example.com:80/a?b", "https://x", "http:///x",
			"http://", "http://u:p@h/", "http://h#f", "http:/x", "https://[::1]:443/?",
			"ws://example.com/chat", "wss://h:443", "WS://h?q", "ws://u@h/", "ws://h/#f",
			"ws:/h", "wss://[v1.x]:/", "/where?q=now", "/", "//x", "/a//b?", "?q",
			"http://www.example.org/pub/WWW/TheProject.html", "www.example.com:80",
			"example.com:", "[::1]:443", "1.2.3.4:80", "*", "*:80", "**", "a_b:80",
			"a:b:80", "h:80x", "",
		}...),
	}
}

// FuzzAgreeRFC9110 is the semantic audit of grammar/rfc9110.peg,
// grammar/rfc9112.peg and grammar/rfc6455.peg with grammar/rfc3986.peg:
// gen/rfc9110 and the ABNF of RFC 9110 §4, RFC 9112 §3.2 and RFC 6455 §3
// composed with RFC 3986 Appendix A must accept the same inputs for every
// rule, with the same components for the entry rules.
func FuzzAgreeRFC9110(f *testing.F) { fuzzAgreeExt(f, rfc9110Grammar(f)) }
