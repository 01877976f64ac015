package main

import (
	"errors"
	"fmt"

	"github.com/specuri/specuri/uri"
)

func init() {
	register(&command{
		name:    "relative",
		summary: "shortest reference from a base to a target (inverse of RFC 3986 §5.2)",
		run:     runRelative,
	})
}

const relativeHelp = `
Usage: uri relative [--json] BASE TARGET

Print the shortest URI reference that resolves against the URI BASE to
exactly TARGET (RFC 3986 §5.2, strict): the inverse of "uri resolve".
Candidates are a same-document reference ("", "#f", "?q"), a relative
path ("../g", "./a:b"), an absolute path, a network path ("//host/p") and
TARGET itself; each is checked by resolving it.

Some targets are the result of no resolution, such as "http://h/a/../b"
(resolution removes dot-segments): that is reported as an error.

With --json, print one JSON object with the keys base, target, valid,
reference and error (null or {"offset", "rule", "message"}).

Exit status: 0 when both inputs are valid and a reference exists, 1
otherwise, 2 on a usage error.

Examples:

	uri relative 'http://a/b/c/d;p?q' 'http://a/b/g'
	uri relative 'http://a/b/c/d;p?q' 'http://a/b/c/d;p?y'
`

type relativeRecord struct {
	Base      string     `json:"base"`
	Target    string     `json:"target"`
	Valid     bool       `json:"valid"`
	Reference *string    `json:"reference"`
	Error     *jsonError `json:"error"`
}

func runRelative(e *env, args []string) int {
	fs := newFlags(e, "relative", relativeHelp)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	if fs.NArg() != 2 {
		fmt.Fprintln(e.stderr, "uri relative: want BASE and TARGET (see uri relative --help)")
		return exitUsage
	}
	bs, ts := fs.Arg(0), fs.Arg(1)
	rec := relativeRecord{Base: bs, Target: ts}
	fail := func(what, s string, err error) int {
		if *asJSON {
			rec.Error = newJSONError(err)
			_ = newEncoder(e.stdout).Encode(rec)
		} else {
			printInvalid(e.stderr, "relative", what, s, err)
		}
		return exitInvalid
	}
	base, err := uri.Parse(bs)
	if err != nil {
		return fail("base", bs, err)
	}
	target, err := uri.ParseReference(ts)
	if err != nil {
		return fail("target", ts, err)
	}
	ref, err := uri.Relative(base, target)
	if errors.Is(err, uri.ErrNotReachable) {
		if *asJSON {
			rec.Valid = true
			rec.Error = newJSONError(err)
			_ = newEncoder(e.stdout).Encode(rec)
		} else {
			fmt.Fprintf(e.stderr, "uri relative: %v\n", err)
		}
		return exitInvalid
	}
	s := ref.String()
	if *asJSON {
		rec.Valid, rec.Reference = true, &s
		_ = newEncoder(e.stdout).Encode(rec)
		return exitOK
	}
	fmt.Fprintln(e.stdout, s)
	return exitOK
}
