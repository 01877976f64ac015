package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/specuri/specuri/uri"
)

func init() {
	register(&command{
		name:    "resolve",
		summary: "resolve references against a base URI (RFC 3986 §5.2)",
		run:     runResolve,
	})
}

const resolveHelp = `
Usage: uri resolve [--non-strict] [--json] [--quoted] BASE [REF...]

Resolve each REF, or each line of standard input when there is no REF,
against the base URI BASE as RFC 3986 §5.2 describes (strict §5.2.2,
merge §5.2.3, remove_dot_segments §5.2.4, recomposition §5.3), and print
each target URI on its own line, in order. BASE must be a URI (it must
have a scheme, §5.1); a fragment in it is ignored.

--non-strict applies §5.2.2's backward-compatible rule: a reference whose
scheme equals the base's is resolved as if it had none ("http:g" against
"http://a/b/c/d;p?q" gives "http://a/b/c/g" instead of "http:g").

The algorithm is followed literally, with one deviation: where it gives a
path starting with "//" and no authority, "/." is written before the path
("a:/x" with ".//y" gives "a:/.//y"), so that the result does not parse
with an authority it never had.

An invalid BASE or REF is reported on standard error like "uri parse"
reports it: the byte offset, the grammar rule, and a caret.

With --json, each REF gives one JSON object on its own line with the keys
base, ref, valid, target and error (null or {"offset", "rule",
"message"}); an invalid BASE gives one object with ref null.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage error.

Examples:

	uri resolve 'http://a/b/c/d;p?q' g ../g '//g' '?y'
	uri resolve --non-strict 'http://a/b/c/d;p?q' http:g
`

// resolveRecord is the --json form of one resolution.
type resolveRecord struct {
	Base   string     `json:"base"`
	Ref    *string    `json:"ref"`
	Valid  bool       `json:"valid"`
	Target *string    `json:"target"`
	Error  *jsonError `json:"error"`
}

func runResolve(e *env, args []string) int {
	fs := newFlags(e, "resolve", resolveHelp)
	nonStrict := fs.Bool("non-strict", false, "ignore a reference scheme equal to the base's (RFC 3986 §5.2.2)")
	asJSON := fs.Bool("json", false, "print one JSON object per reference")
	quoted := fs.Bool("quoted", false, "read each line of standard input as a Go double-quoted string literal")
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	if fs.NArg() < 1 {
		fmt.Fprintln(e.stderr, "uri resolve: missing BASE (see uri resolve --help)")
		return exitUsage
	}
	enc := newEncoder(e.stdout)
	bs := fs.Arg(0)
	base, err := uri.Parse(bs)
	if err != nil {
		if *asJSON {
			_ = enc.Encode(resolveRecord{Base: bs, Error: newJSONError(err)})
		} else {
			printInvalid(e.stderr, "resolve", "base", bs, err)
		}
		return exitInvalid
	}
	opts := uri.ResolveOptions{NonStrict: *nonStrict}
	status := exitOK
	err = inputs(e, fs.Args()[1:], *quoted, func(s string) error {
		rec := resolveRecord{Base: bs, Ref: &s}
		ref, err := uri.ParseReference(s)
		if err != nil {
			status = exitInvalid
			rec.Error = newJSONError(err)
		} else {
			t := opts.Resolve(base, ref).String()
			rec.Valid, rec.Target = true, &t
		}
		if *asJSON {
			return enc.Encode(rec)
		}
		if err != nil {
			printInvalid(e.stderr, "resolve", "reference", s, err)
			return nil
		}
		_, werr := fmt.Fprintln(e.stdout, *rec.Target)
		return werr
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "uri resolve: %v\n", err)
		return exitUsage
	}
	return status
}

// printInvalid reports an invalid input of a command as "uri parse" does:
// the quoted input, then printError's message and caret.
func printInvalid(w io.Writer, cmd, what, s string, err error) {
	fmt.Fprintf(w, "uri %s: invalid %s %s\n", cmd, what, strconv.Quote(uri.RedactInput(s)))
	printError(w, s, err)
}
