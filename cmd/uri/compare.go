package main

import (
	"flag"
	"fmt"

	"github.com/specuri/specuri/uri"
)

var compareCmd = &command{
	name:    "compare",
	summary: "compare URI references along the ladder of RFC 3986 §6.2",
	help:    compareHelp,
	input:   input{json: "comparison", quoted: true, pairs: true},
	setup:   compareSetup,
}

const compareHelp = `
Usage: uri compare [--syntax SYNTAX] [--json] [--quoted] [A [B...]]

Compare the URI references A and B along the comparison ladder of RFC 3986
§6.2 and print the first rung at which they are equal:

	exact         simple string comparison (§6.2.1)
	syntax-based  after syntax-based normalization (§6.2.2)
	scheme-based  after scheme-based normalization as well (§6.2.3)

or, when they differ even then, "different: " and the first component
that differs: scheme, authority (defined in one only), userinfo, host,
port, path, query or fragment. An empty query or fragment differs from
none.

Two URNs are compared by URN-equivalence (RFC 8141 §3.1): "urn" and the
NID ignore case, the NSS is compared octet by octet but for the case of
its percent-encodings (which are not decoded), and the r-, q- and
f-components are ignored; the first component that differs is then NID
or NSS.

A is compared with each B argument; with none, or for an argument "-",
with each line of standard input. With no argument at all (or "-" alone),
each line of standard input is a pair "A<TAB>B". Lines lose a final "\r"
and the first line a byte order mark; blank lines are skipped. With
--quoted, each side of the tab is a Go double-quoted string literal.

--syntax chooses the grammar of A and B: rfc3986 (the default), rfc6874
(IPv6 zone identifiers) or rfc3987 (IRIs). IRIs climb the ladder of RFC
3987 §5.3: syntax-based comparison aligns their percent-encoding
(§5.3.2.3: "rosé" and "ros%C3%A9" are syntax-based), and at the
scheme-based rung the hosts of a scheme that uses domain names (http,
https, ws, wss, ftp, file) are equal when UTS #46 gives them one ASCII
form ("BÜCHER.de" and "xn--bcher-kva.de", §5.3.3).

Every comparison gives one line on standard output, so that the output can
be zipped with the input. For an invalid input, or a line without exactly
one tab, the line is "error: " and the message, and the input is drawn on
standard error with a caret, any password masked.

With --json, each comparison gives one JSON object on its own line with
the keys a, b, valid, level, equivalent, component and error: null, or
{"offset", "rule", "message", "input"}, where input names the invalid
input ("a" or "b"). aQuoted and bQuoted follow a and b, as Go string
literals, when they are not valid UTF-8. For a line without exactly one
tab, a is the whole line and b is null.

Exit status, as cmp(1): 0 when every pair is equivalent (at any rung),
1 when some pair is different, 2 when some input is invalid (the other
pairs are still compared) or on a usage or I/O error.

Examples:

	uri compare 'HTTP://www.EXAMPLE.com/' 'http://www.example.com/'
	uri compare 'http://example.com' 'http://example.com:80/' --json
	paste old.txt new.txt | uri compare
`

type compareRecord struct {
	A          string     `json:"a"`
	AQuoted    *string    `json:"aQuoted,omitempty"`
	B          *string    `json:"b"`
	BQuoted    *string    `json:"bQuoted,omitempty"`
	Valid      bool       `json:"valid"`
	Level      *string    `json:"level"`
	Equivalent *bool      `json:"equivalent"`
	Component  *string    `json:"component"`
	Error      *jsonError `json:"error"`
}

// Exit statuses of compare, as cmp(1)'s: the values of exitOK, exitInvalid
// and exitUsage, so that the pipeline's statuses are compare's too.
const (
	exitSame      = exitOK
	exitDifferent = exitInvalid
	exitTrouble   = exitUsage
)

func compareSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	syntaxName := syntaxFlag(fs)
	return func(args []string) int {
		syntax := syntaxOf(syntaxName)
		as := cachedParse{parse: syntax.ParseReference}
		return p.eachPair(args, func(a, b string, err error) error {
			rec := compareRecord{A: a, AQuoted: quotedIfInvalid(a)}
			var c uri.Comparison
			if err == nil {
				rec.B, rec.BQuoted = &b, quotedIfInvalid(b)
				c, err = compare(&as, syntax, a, b)
			}
			if err != nil {
				p.raise(exitTrouble)
				rec.Error = recordError(err)
			} else {
				level, eq := c.Level.String(), c.Equivalent()
				rec.Valid, rec.Level, rec.Equivalent = true, &level, &eq
				if !eq {
					rec.Component = &c.Component
					p.raise(exitDifferent)
				}
			}
			if p.json {
				return p.record(rec, err != nil)
			}
			var werr error
			switch {
			case err != nil:
				werr = p.reportInvalid(err)
			case *rec.Equivalent:
				_, werr = fmt.Fprintln(p.stdout, *rec.Level)
			default:
				_, werr = fmt.Fprintf(p.stdout, "%s: %s\n", *rec.Level, c.Component)
			}
			return werr
		})
	}
}

// compare compares a and b; an invalid input is returned as an inputError.
func compare(as *cachedParse, syntax uri.Syntax, a, b string) (uri.Comparison, error) {
	ua, err := as.get(a)
	if err != nil {
		return uri.Comparison{}, as.inputError("a", err)
	}
	ub, err := syntax.ParseReference(b)
	if err != nil {
		return uri.Comparison{}, &inputError{input: "b", text: b, err: err}
	}
	return uri.Compare(ua, ub), nil
}
