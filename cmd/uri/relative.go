package main

import (
	"flag"

	"github.com/specuri/specuri/uri"
)

var relativeCmd = &command{
	name:    "relative",
	summary: "shortest reference from a base to a target (inverse of RFC 3986 §5.2)",
	help:    relativeHelp,
	input:   input{json: "target", quoted: true, pairs: true, skipInvalid: true},
	setup:   relativeSetup,
}

const relativeHelp = `
Usage: uri relative [--syntax SYNTAX] [--json] [--quoted] [--skip-invalid] [BASE [TARGET...]]

Print the shortest URI reference that resolves against the URI BASE to
exactly TARGET (RFC 3986 §5.2, strict): the inverse of "uri resolve".
Candidates are a same-document reference ("", "#f", "?q"), a relative
path ("../g", "./a:b"), an absolute path, a network path ("//host/p") and
TARGET itself; each is checked by resolving it.

The targets come from the arguments after BASE; with none, or for an
argument "-", from the lines of standard input. With no argument at all
(or "-" alone), each line of standard input is a pair "BASE<TAB>TARGET".
Lines lose a final "\r" and the first line a byte order mark; blank lines
are skipped. With --quoted, each side of the tab is a Go double-quoted
string literal.

--syntax chooses the grammar of BASE and TARGET: rfc3986 (the default),
rfc6874 (IPv6 zone identifiers) or rfc3987 (IRIs).

Some targets are the result of no resolution, such as "http://h/a/../b"
(resolution removes dot-segments): that is reported as an error.

Every target gives one line on standard output, so that the output can be
zipped with the input. The reference is printed as it is, password
included (it is a resulting reference); the empty reference is an empty
line. Without a result, the line is "error: " and the message (it has
spaces, so it is no URI reference), and an invalid input is drawn on
standard error with a caret, any password masked.

With --json, each target gives one JSON object on its own line with the
keys base, target, valid, reference and error: null, or {"offset", "rule",
"message", "input"}, where input names the invalid input ("base" or
"target"); valid is true when both inputs are valid, even when no
reference reaches the target. baseQuoted and targetQuoted follow base and
target, as Go string literals, when they are not valid UTF-8. For a line
without exactly one tab, base is the whole line and target is null.

Exit status: 0 when every input is valid and a reference exists for every
target, 1 otherwise, 2 on a usage or I/O error.

Examples:

	uri relative 'http://a/b/c/d;p?q' 'http://a/b/g'
	uri relative 'http://a/b/c/d;p?q' 'http://a/b/c/d;p?y' --json
	printf 'http://a/b/c\thttp://a/x\n' | uri relative
`

type relativeRecord struct {
	Base         string     `json:"base"`
	BaseQuoted   *string    `json:"baseQuoted,omitempty"`
	Target       *string    `json:"target"`
	TargetQuoted *string    `json:"targetQuoted,omitempty"`
	Valid        bool       `json:"valid"`
	Reference    *string    `json:"reference"`
	Error        *jsonError `json:"error"`
}

func relativeSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	syntaxName := syntaxFlag(fs)
	return func(args []string) int {
		syntax := syntaxOf(syntaxName)
		bases := cachedParse{parse: baseParse(syntax.Parse)}
		return runPairs(p, args, func(bs, ts string, err error) (*relativeRecord, error) {
			rec := &relativeRecord{Base: bs, BaseQuoted: quotedIfInvalid(bs)}
			if err == nil {
				rec.Target, rec.TargetQuoted = &ts, quotedIfInvalid(ts)
				err = relative(&bases, syntax, bs, ts, rec)
			}
			return rec, err
		})
	}
}

func (r *relativeRecord) setError(err *jsonError) { r.Error = err }
func (r *relativeRecord) result() string          { return *r.Reference }

// relative finds the reference from bs to ts into rec. An invalid input is
// returned as an inputError; uri.ErrNotReachable as it is, with rec valid.
func relative(bases *cachedParse, syntax uri.Syntax, bs, ts string, rec *relativeRecord) error {
	base, err := bases.get(bs)
	if err != nil {
		return bases.inputError("base", err)
	}
	target, err := syntax.ParseReference(ts)
	if err != nil {
		return &inputError{input: "target", text: ts, err: err}
	}
	rec.Valid = true
	ref, err := uri.Relative(base, target)
	if err != nil {
		return err
	}
	s := ref.String()
	rec.Reference = &s
	return nil
}
