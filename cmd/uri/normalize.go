package main

import (
	"flag"
	"fmt"

	"github.com/specuri/specuri/uri"
)

var normalizeCmd = &command{
	name:    "normalize",
	summary: "normalize URI references (RFC 3986 §6.2.2, §6.2.3)",
	help:    normalizeHelp,
	input:   input{json: "input", quoted: true, skipInvalid: true},
	setup:   normalizeSetup,
}

const normalizeHelp = `
Usage: uri normalize [--scheme] [--ipv6] [--nfc] [--syntax SYNTAX] [--json] [--quoted] [--skip-invalid] [URI...]

Normalize each URI argument, or each line of standard input when there are
no arguments or the argument is "-", and print one result per line, in
order. Lines lose a final "\r" and the first line a byte order mark; blank
lines are skipped (with --quoted, "" is the empty reference).

Syntax-based normalization (RFC 3986 §6.2.2) is always applied: scheme and
host to lower case, hexadecimal digits of percent-encodings to upper case,
percent-encoded unreserved characters decoded (never "%2F" or any other
reserved character), and dot-segments removed from the path of a URI or an
absolute path (§5.2.4). Relative-path references keep their dot-segments,
which change what they resolve to. A path that would start with "//"
without an authority gets "/." before it.

--scheme adds scheme-based normalization (§6.2.3): an empty port is
removed, so is the default port of http, https, ws, wss and ftp, and an
empty path becomes "/" for http and https with an authority, and the
host of a scheme that uses domain names (http, https, ws, wss, ftp, file)
is written as UTS #46 maps it (RFC 3987 §5.3.3): in A-labels in a URI,
in U-labels in an IRI ("HTTP://BÜCHER.de" gives "http://bücher.de/" with
--syntax rfc3987).

--ipv6 writes IPv6 literals in the canonical form of RFC 5952.

--nfc puts the characters of an IRI in Unicode Normalization Form C
(character normalization, RFC 3987 §5.3.2.2); a URI, being ASCII, does
not change.

--syntax chooses the grammar: rfc3986 (the default), rfc6874 (IPv6 zone
identifiers) or rfc3987 (IRIs).

Every input gives one line on standard output, so that the output can be
zipped with the input. The result is a reference: it is printed as it is,
password included. For an invalid input, the line is "error: " and the
message (it has spaces, so it is no URI reference), and the input is drawn
on standard error like "uri parse" draws it, with a caret and any password
masked. --skip-invalid leaves out that line (and with --json the record),
for pipelines that want results only ("uri normalize --skip-invalid <
links | sort -u"); the exit status is still 1.

With --json, each input gives one JSON object on its own line with the
keys input, valid, normalized and error; inputQuoted follows input, as a
Go string literal, when the input is not valid UTF-8.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage or I/O error.

Examples:

	uri normalize 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
	uri normalize --scheme 'HTTP://Example.COM:80'
	uri normalize --json < links.txt
`

type normalizeRecord struct {
	Input       string     `json:"input"`
	InputQuoted *string    `json:"inputQuoted,omitempty"`
	Valid       bool       `json:"valid"`
	Normalized  *string    `json:"normalized"`
	Error       *jsonError `json:"error"`
}

func normalizeSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	scheme := fs.Bool("scheme", false, "also apply scheme-based normalization (RFC 3986 §6.2.3)")
	ipv6 := fs.Bool("ipv6", false, "write IPv6 literals in RFC 5952 canonical form")
	nfc := fs.Bool("nfc", false, "put the characters of an IRI in NFC (RFC 3987 §5.3.2.2)")
	syntaxName := syntaxFlag(fs)
	return func(args []string) int {
		syntax := syntaxOf(syntaxName)
		opts := uri.NormalizeOptions{SchemeBased: *scheme, IPv6Canonical: *ipv6, NFC: *nfc}
		return p.each(args, func(s string) error {
			rec := normalizeRecord{Input: s, InputQuoted: quotedIfInvalid(s)}
			u, err := syntax.ParseReference(s)
			if err != nil {
				p.fail()
				rec.Error = newJSONError(err)
			} else {
				n := opts.Normalize(u).String()
				rec.Valid, rec.Normalized = true, &n
			}
			if p.json {
				return p.record(rec, err != nil)
			}
			if err != nil {
				if werr := p.errorLine(cliError{err}); werr != nil {
					return werr
				}
				printInvalid(p.stderr, p.name, "URI reference", s, err)
				return nil
			}
			_, werr := fmt.Fprintln(p.stdout, *rec.Normalized)
			return werr
		})
	}
}
