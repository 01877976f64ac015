package main

import (
	"strings"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/uri"
)

// cliNames rewrites the Go names that the library's messages give as the
// way out (a function, a syntax value, an operation) into the flags of
// this command line: a user of uri acts on flags.
var cliNames = strings.NewReplacer(
	"read it as a URI-reference (ParseReference)", "read it as a URI-reference (--rule URI-reference)",
	"use the RFC 3987 syntax (RFC3987)", "use --syntax rfc3987",
	"need the RFC 6874 syntax (RFC6874)", "need --syntax rfc6874",
	"fileuri: FromPath: ", "",
	"fileuri: ToPath: ", "",
)

// cliMessage is the message of an error as the command line shows it:
// with flags in place of Go names (cliNames).
func cliMessage(msg string) string { return cliNames.Replace(msg) }

// The ways out cliNames gives name flags that some commands do not have:
// a base (resolve, relative) must be a URI whatever flag is given (RFC 3986
// §5.1), and fetch-check and data have no --rule nor --syntax. These
// rewrite them first, for those inputs.
var (
	baseHints = strings.NewReplacer(
		"read it as a URI-reference (ParseReference)", "a base URI has a scheme",
	)
	fetchHints = strings.NewReplacer(
		"read it as a URI-reference (ParseReference)", "a URL to fetch has a scheme and a host",
		"zone identifiers in IP literals need the RFC 6874 syntax (RFC6874)", "a URL to fetch has no zone identifier, which names a link of this machine",
	)
	dataHints = strings.NewReplacer(
		"use the RFC 3987 syntax (RFC3987)", "--web reads them as browsers do",
	)
)

// baseParse returns parse for a base URI: the hint of its error for a
// relative reference says that a base needs a scheme (baseHints).
func baseParse(parse func(string) (uri.URI, error)) func(string) (uri.URI, error) {
	return func(s string) (uri.URI, error) {
		u, err := parse(s)
		if pe, ok := err.(*uri.ParseError); ok && pe.Hint != "" {
			c := *pe
			c.Hint = baseHints.Replace(c.Hint)
			return u, &c
		}
		return u, err
	}
}

// cliError is an error whose message is shown with cliMessage.
type cliError struct{ err error }

func (e cliError) Error() string { return cliMessage(e.err.Error()) }
func (e cliError) Unwrap() error { return e.err }

// relativeNote returns a note for a valid relative reference (RFC 3986
// §4.2) that was most likely meant as a URI, or "": a first segment that
// is a scheme followed by "//" without its ":" ("http//example.com"), or
// one that looks like a host name ("example.com/path"), which without
// "//" is a path. The note holds no byte of the input.
func relativeNote(u uri.URI) string {
	if !u.IsRelative() {
		return ""
	}
	if _, ok := u.Authority(); ok {
		return ""
	}
	p := u.Path().String()
	first, _, _ := strings.Cut(p, "/")
	switch {
	case isSchemeName(first) && strings.HasPrefix(p[len(first):], "//"):
		return `a relative reference (RFC 3986 §4.2) whose path starts with a word and "//": a URI's scheme ends with ":" ("http://"), so a ":" may be missing`
	case looksLikeHost(first):
		return `a relative reference (RFC 3986 §4.2): its first segment is a path, not a host; a URI names a host after a scheme and "//" ("https://" before it)`
	}
	return ""
}

// isSchemeName reports whether s matches the scheme rule (RFC 3986 §3.1),
// with the generated parser of RFC 3986 Appendix A.
func isSchemeName(s string) bool {
	p := hintParsers.Get()
	defer hintParsers.Put(p)
	return p.Match(schemeRule, s)
}

var (
	hintParsers rfc3986.Pool
	schemeRule  = rfc3986.MustLookup("scheme")
)

// looksLikeHost reports whether a first path segment reads as a domain
// name: labels of letters, digits and "-" separated by dots, the last one
// starting with a letter ("example.com", not "1.5" or "a.").
func looksLikeHost(s string) bool {
	dot := strings.LastIndexByte(s, '.')
	if dot <= 0 || dot == len(s)-1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('a' <= c && c <= 'z' || '0' <= s[i] && s[i] <= '9' || s[i] == '-' || s[i] == '.') {
			return false
		}
	}
	last := s[dot+1] | 0x20
	return 'a' <= last && last <= 'z'
}
