package main

import (
	"flag"

	"github.com/specuri/specuri/uri"
)

var resolveCmd = &command{
	name:    "resolve",
	summary: "resolve references against a base URI (RFC 3986 §5.2)",
	help:    resolveHelp,
	input:   input{json: "reference", quoted: true, pairs: true, skipInvalid: true},
	setup:   resolveSetup,
}

const resolveHelp = `
Usage: uri resolve [--non-strict] [--syntax SYNTAX] [--json] [--quoted] [--skip-invalid] [BASE [REF...]]

Resolve each REF against the base URI BASE as RFC 3986 §5.2 describes
(strict §5.2.2, merge §5.2.3, remove_dot_segments §5.2.4, recomposition
§5.3), and print each target URI on its own line, in order. BASE must be a
URI (it must have a scheme, §5.1); a fragment in it is ignored.

The references come from the arguments after BASE; with none, or for an
argument "-", from the lines of standard input. With no argument at all
(or "-" alone), each line of standard input is a pair "BASE<TAB>REF", so
that a whole list of links is resolved by one process. Lines lose a final
"\r" and the first line a byte order mark; blank lines are skipped. With
--quoted, each reference (each side of the tab) is a Go double-quoted
string literal, so that any byte fits and "" is the empty reference.

--non-strict applies §5.2.2's backward-compatible rule: a reference whose
scheme equals the base's is resolved as if it had none ("http:g" against
"http://a/b/c/d;p?q" gives "http://a/b/c/g" instead of "http:g").

--syntax chooses the grammar of BASE and REF: rfc3986 (the default),
rfc6874 (IPv6 zone identifiers) or rfc3987 (IRIs).

The algorithm is followed literally, with one deviation: where it gives a
path starting with "//" and no authority, "/." is written before the path
("a:/x" with ".//y" gives "a:/.//y"), so that the result does not parse
with an authority it never had.

Every reference gives one line on standard output, so that the output can
be zipped with the input. For an invalid BASE or REF, or a line without
exactly one tab, the line is "error: " and the message (it has spaces, so
it is no URI reference), and the input is drawn on standard error like
"uri parse" draws it: the byte offset, the grammar rule and a caret, with
any password masked. A target is a resulting reference: it is printed as
it is, password included.

With --json, each reference gives one JSON object on its own line with the
keys base, ref, valid, target and error: null, or {"offset", "rule",
"message", "input"}, where input names the key of the invalid input
("base" or "ref"). baseQuoted and refQuoted follow base and ref, holding
them as Go string literals, when they are not valid UTF-8. For a line
without exactly one tab, base is the whole line and ref is null.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage or I/O error.

Examples:

	uri resolve 'http://a/b/c/d;p?q' g ../g '//g' '?y'
	uri resolve --non-strict 'http://a/b/c/d;p?q' http:g
	uri resolve 'https://example.com/docs/' < hrefs.txt
	printf 'http://a/b/c\t../x\n' | uri resolve --json
`

// resolveRecord is the --json form of one resolution.
type resolveRecord struct {
	Base       string     `json:"base"`
	BaseQuoted *string    `json:"baseQuoted,omitempty"`
	Ref        *string    `json:"ref"`
	RefQuoted  *string    `json:"refQuoted,omitempty"`
	Valid      bool       `json:"valid"`
	Target     *string    `json:"target"`
	Error      *jsonError `json:"error"`
}

func resolveSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	nonStrict := fs.Bool("non-strict", false, "ignore a reference scheme equal to the base's (RFC 3986 §5.2.2)")
	syntaxName := syntaxFlag(fs)
	return func(args []string) int {
		syntax := syntaxOf(syntaxName)
		bases := cachedParse{parse: baseParse(syntax.Parse)}
		opts := uri.ResolveOptions{NonStrict: *nonStrict}
		return runPairs(p, args, func(bs, rs string, err error) (*resolveRecord, error) {
			rec := &resolveRecord{Base: bs, BaseQuoted: quotedIfInvalid(bs)}
			if err == nil {
				rec.Ref, rec.RefQuoted = &rs, quotedIfInvalid(rs)
				err = resolve(&bases, syntax, opts, bs, rs, rec)
			}
			return rec, err
		})
	}
}

func (r *resolveRecord) setError(err *jsonError) { r.Error = err }
func (r *resolveRecord) result() string          { return *r.Target }

// resolve resolves rs against bs into rec. An invalid input is returned
// as an inputError.
func resolve(bases *cachedParse, syntax uri.Syntax, opts uri.ResolveOptions, bs, rs string, rec *resolveRecord) error {
	base, err := bases.get(bs)
	if err != nil {
		return bases.inputError("base", err)
	}
	ref, err := syntax.ParseReference(rs)
	if err != nil {
		return &inputError{input: "ref", text: rs, err: err}
	}
	t := opts.Resolve(base, ref).String()
	rec.Valid, rec.Target = true, &t
	return nil
}
