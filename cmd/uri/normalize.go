package main

import (
	"fmt"

	"github.com/specuri/specuri/uri"
)

func init() {
	register(&command{
		name:    "normalize",
		summary: "normalize URI references (RFC 3986 §6.2.2, §6.2.3)",
		run:     runNormalize,
	})
}

const normalizeHelp = `
Usage: uri normalize [--scheme] [--ipv6] [--json] [--quoted] [URI...]

Normalize each URI argument, or each line of standard input when there are
no arguments, and print one result per line, in order.

Syntax-based normalization (RFC 3986 §6.2.2) is always applied: scheme and
host to lower case, hexadecimal digits of percent-encodings to upper case,
percent-encoded unreserved characters decoded (never "%2F" or any other
reserved character), and dot-segments removed from the path of a URI or an
absolute path (§5.2.4). Relative-path references keep their dot-segments,
which change what they resolve to. A path that would start with "//"
without an authority gets "/." before it.

--scheme adds scheme-based normalization (§6.2.3): an empty port is
removed, so is the default port of http, https, ws, wss and ftp, and an
empty path becomes "/" for http and https with an authority.

--ipv6 writes IPv6 literals in the canonical form of RFC 5952.

An invalid input is reported on standard error like "uri parse" reports
it. With --json, each input gives one JSON object on its own line with the
keys input, valid, normalized and error.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage error.

Examples:

	uri normalize 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
	uri normalize --scheme 'HTTP://Example.COM:80'
`

type normalizeRecord struct {
	Input      string     `json:"input"`
	Valid      bool       `json:"valid"`
	Normalized *string    `json:"normalized"`
	Error      *jsonError `json:"error"`
}

func runNormalize(e *env, args []string) int {
	fs := newFlags(e, "normalize", normalizeHelp)
	scheme := fs.Bool("scheme", false, "also apply scheme-based normalization (RFC 3986 §6.2.3)")
	ipv6 := fs.Bool("ipv6", false, "write IPv6 literals in RFC 5952 canonical form")
	asJSON := fs.Bool("json", false, "print one JSON object per input")
	quoted := fs.Bool("quoted", false, "read each line of standard input as a Go double-quoted string literal")
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	opts := uri.NormalizeOptions{SchemeBased: *scheme, IPv6Canonical: *ipv6}
	enc := newEncoder(e.stdout)
	status := exitOK
	err := inputs(e, fs.Args(), *quoted, func(s string) error {
		rec := normalizeRecord{Input: s}
		u, err := uri.ParseReference(s)
		if err != nil {
			status = exitInvalid
			rec.Error = newJSONError(err)
		} else {
			n := opts.Normalize(u).String()
			rec.Valid, rec.Normalized = true, &n
		}
		if *asJSON {
			return enc.Encode(rec)
		}
		if err != nil {
			printInvalid(e.stderr, "normalize", "URI reference", s, err)
			return nil
		}
		_, werr := fmt.Fprintln(e.stdout, *rec.Normalized)
		return werr
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "uri normalize: %v\n", err)
		return exitUsage
	}
	return status
}
