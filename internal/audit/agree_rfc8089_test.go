package audit

import (
	"testing"

	"github.com/specuri/specuri/gen/rfc8089"
)

// rfc8089Grammar is RFC 8089 §2 (file URIs) over RFC 6874 §2 and RFC 3986
// Appendix A: every rule of the composition is a rule of gen/rfc8089.
func rfc8089Grammar(t testing.TB) *extGrammar {
	g := composeABNF(t, "rfc8089.abnf", "rfc6874.abnf", "rfc3986.abnf")
	return &extGrammar{
		name:    "rfc8089",
		abnf:    g,
		rules:   ruleNames(g, ""),
		entries: []string{"file-URI"},
		components: map[string]string{
			"file-scheme": "scheme", "host": "host", "path-absolute": "path",
		},
		parser: func() extParser {
			p := rfc8089.NewParser()
			return adapter{rfc8089.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc8089.Rule(r), s) }}
		},
		seeds: append(boundarySeeds(g), []string{
			"file:///etc/hosts", "file://localhost/etc/hosts", "FILE://LOCALHOST/x",
			"file://localhost.example/x", "file://localhostx/", "file://localhost",
			"file://host.example.com/path/to/file", "file:/path/to/file",
			"file:///c:/path/to/file.txt", "file:c:/x", "file:///", "file://",
			"file:", "file:x", "file://[fe80::1%25eth0]/x", "file://[::1]/x",
			"file:///a%20b", "file:///a?q", "file:///a#f", "file://u@h/x",
			"file://h:80/x", "file://///server/share", "",
		}...),
	}
}

// FuzzAgreeRFC8089 is the semantic audit of grammar/rfc8089.peg with
// grammar/rfc6874.peg and grammar/rfc3986.peg: gen/rfc8089 and the ABNF of
// RFC 8089 §2 composed with RFC 6874 §2 and RFC 3986 Appendix A must accept
// the same inputs for every rule, with the same components for file-URI.
func FuzzAgreeRFC8089(f *testing.F) { fuzzAgreeExt(f, rfc8089Grammar(f)) }
