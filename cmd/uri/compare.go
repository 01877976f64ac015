package main

import (
	"fmt"

	"github.com/specuri/specuri/uri"
)

func init() {
	register(&command{
		name:    "compare",
		summary: "compare two URI references along the ladder of RFC 3986 §6.2",
		run:     runCompare,
	})
}

const compareHelp = `
Usage: uri compare [--json] A B

Compare the URI references A and B along the comparison ladder of RFC 3986
§6.2 and print the first rung at which they are equal:

	exact         simple string comparison (§6.2.1)
	syntax-based  after syntax-based normalization (§6.2.2)
	scheme-based  after scheme-based normalization as well (§6.2.3)

or, when they differ even then, "different" and the first component that
differs: scheme, authority (defined in one only), userinfo, host, port,
path, query or fragment. An empty query or fragment differs from none.

An invalid input is reported on standard error like "uri parse" reports
it. With --json, print one JSON object with the keys a, b, valid, level,
equivalent, component and error.

Exit status: 0 when both inputs are valid, whether or not they are
equivalent; 1 when one is invalid; 2 on a usage error.

Examples:

	uri compare 'HTTP://www.EXAMPLE.com/' 'http://www.example.com/'
	uri compare 'http://example.com' 'http://example.com:80/'
`

type compareRecord struct {
	A          string     `json:"a"`
	B          string     `json:"b"`
	Valid      bool       `json:"valid"`
	Level      *string    `json:"level"`
	Equivalent *bool      `json:"equivalent"`
	Component  *string    `json:"component"`
	Error      *jsonError `json:"error"`
}

func runCompare(e *env, args []string) int {
	fs := newFlags(e, "compare", compareHelp)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	if fs.NArg() != 2 {
		fmt.Fprintln(e.stderr, "uri compare: want A and B (see uri compare --help)")
		return exitUsage
	}
	rec := compareRecord{A: fs.Arg(0), B: fs.Arg(1)}
	var refs [2]uri.URI
	for i, s := range []string{rec.A, rec.B} {
		u, err := uri.ParseReference(s)
		if err != nil {
			if *asJSON {
				rec.Error = newJSONError(err)
				_ = newEncoder(e.stdout).Encode(rec)
			} else {
				printInvalid(e.stderr, "compare", "URI reference", s, err)
			}
			return exitInvalid
		}
		refs[i] = u
	}
	c := uri.Compare(refs[0], refs[1])
	level, eq := c.Level.String(), c.Equivalent()
	rec.Valid, rec.Level, rec.Equivalent = true, &level, &eq
	if !eq {
		rec.Component = &c.Component
	}
	if *asJSON {
		_ = newEncoder(e.stdout).Encode(rec)
		return exitOK
	}
	if eq {
		fmt.Fprintln(e.stdout, level)
	} else {
		fmt.Fprintf(e.stdout, "%s: %s\n", level, c.Component)
	}
	return exitOK
}
