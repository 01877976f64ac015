package uri_test

import (
	"strings"

	"github.com/specuri/specuri/uri"
)

// syntaxes are the values of uri.Syntax, the default first.
var syntaxes = [...]uri.Syntax{uri.RFC3986, uri.RFC6874, uri.RFC3987}

// mustDecode percent-decodes text that a parser matched (RFC 3986 §2.1).
func mustDecode(s string) string {
	d, err := uri.PercentDecode(s)
	if err != nil {
		panic("parsed text does not decode: " + err.Error())
	}
	return d
}

// formDecode decodes a name or value of a parsed query, "+" being a space
// (RFC 3986 §3.4, §2.1).
func formDecode(s string) string { return mustDecode(strings.ReplaceAll(s, "+", " ")) }

// userinfoEnd returns the offset of the "@" after the userinfo of u, which
// has one: the authority follows the scheme's ":" and "//" (RFC 3986 §3).
func userinfoEnd(u uri.URI) int {
	n := 2
	if s, ok := u.Scheme(); ok {
		n += len(s) + 1
	}
	ui, _ := u.Userinfo()
	return n + len(ui)
}

func hasAuthority(u uri.URI) bool {
	_, ok := u.Authority()
	return ok
}

// usesDNS reports whether u's scheme uses domain names (RFC 3987 §3.1).
func usesDNS(u uri.URI) bool {
	s, ok := u.Scheme()
	return ok && uri.UsesDomainNames(s)
}
