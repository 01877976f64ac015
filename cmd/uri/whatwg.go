package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/whatwg"
)

var whatwgCmd = &command{
	name:    "whatwg",
	summary: "parse URLs as browsers do (WHATWG URL Standard)",
	help:    whatwgHelp,
	input:   input{json: "input", quoted: true, skipInvalid: true},
	setup:   whatwgSetup,
}

const whatwgHelp = `
Usage: uri whatwg [--base URL] [--with NAME=VALUE]... [--json] [--quoted] [--skip-invalid] [URL...]

Parse each URL argument, or each line of standard input when there are no
arguments or the argument is "-", with the WHATWG URL Standard's API URL
parser (what browsers, Node and Deno do with new URL(input, base)), and
print one result per line, in order. Lines lose a final "\r" and the first
line a byte order mark; blank lines are skipped (with --quoted, "" is the
empty input).

The standard reads what RFC 3986 rejects ("http://a b/", "\" as "/", tabs
and newlines removed, "http:example.com", "http://0x7f.1/") and rewrites
what it keeps: hosts through IDNA (UTS #46) and the IPv4 and IPv6 parsers,
percent-encoding of its encode sets, default ports dropped, dot-segments
removed. --base parses each input against a base URL, as new URL(input,
base) does.

--with NAME=VALUE runs a setter of the standard's URL class on each parsed
URL, as url.NAME = VALUE does in a browser; it may be repeated, and the
setters run in the order given. NAME is href, protocol, username,
password, host, hostname, port, pathname, search or hash. Each setter
parses VALUE as the standard says (the hash setter percent-encodes it as
a fragment, the host setter reads a host and maybe a port, ...) and leaves
the URL as it is where the standard's setter does nothing ("port" on a
file: URL, a "host" that does not parse); only href fails, with a value
that does not parse, which makes the input fail (its failure's offset is
then one in that value). The result is printed as a parsed URL is.

Human output is the href, as it is (passwords included: it is data for a
pipeline, as the results of normalize and resolve are), or "error: " and
the failure (it has spaces, so it is no URL). The validation errors of
the standard (parses that succeed but that a conforming URL would not
need) go to standard error: the input, its password masked, then one line
per error with its byte offset (at most 100 errors an input); a failure
is drawn there too, masked. --skip-invalid prints nothing on standard
output for an input that fails, so that "uri whatwg --with hash=
--skip-invalid < links.txt | sort -u" gives a crawl's distinct URLs.

With --json, each input gives one JSON object on its own line with the
field names of web-platform-tests' urltestdata.json: input, base, failure,
href, origin, protocol, username, password, host, hostname, port,
pathname, search, hash, and validationErrors (a list of {offset, kind},
the failure's own last); a failed input has only input, base, failure
and validationErrors. --json keeps passwords (it is lossless). inputQuoted
follows input, as a Go string literal, when the input is not valid UTF-8.

Exit status: 0 when every input parses, 1 when some input fails, 2 on a
usage or I/O error (a --base that does not parse included).

Examples:

	uri whatwg 'HTTP://EXAMPLE.com:80/a/../b c'
	uri whatwg --base https://example.com/dir/ '../x?y#z'
	uri whatwg --with hash= --with search= < links.txt
	uri whatwg --json < links.txt
`

type whatwgRecord struct {
	Input       string  `json:"input"`
	InputQuoted *string `json:"inputQuoted,omitempty"`
	Base        *string `json:"base"`
	Failure     bool    `json:"failure"`
	*whatwgGetters
	Errors []wgJErr `json:"validationErrors"`
}

// whatwgGetters are the getters of a URL a record holds when the parse
// succeeds (one allocation, where a pointer a field would take eleven).
type whatwgGetters struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

type wgJErr struct {
	Offset int    `json:"offset"`
	Kind   string `json:"kind"`
}

// appendJSON writes r's line as newEncoder would (see jsonAppender): the
// fields in their order, the getters' in place of the embedded pointer
// when it is set.
func (r whatwgRecord) appendJSON(b []byte) []byte {
	o := jsonObject{b: b}
	o.str("input", r.Input)
	if r.InputQuoted != nil {
		o.str("inputQuoted", *r.InputQuoted)
	}
	if r.Base != nil {
		o.str("base", *r.Base)
	} else {
		o.null("base")
	}
	o.boolean("failure", r.Failure)
	if g := r.whatwgGetters; g != nil {
		o.str("href", g.Href)
		o.str("origin", g.Origin)
		o.str("protocol", g.Protocol)
		o.str("username", g.Username)
		o.str("password", g.Password)
		o.str("host", g.Host)
		o.str("hostname", g.Hostname)
		o.str("port", g.Port)
		o.str("pathname", g.Pathname)
		o.str("search", g.Search)
		o.str("hash", g.Hash)
	}
	o.key("validationErrors")
	if r.Errors == nil {
		o.b = append(o.b, "null"...)
	} else {
		o.b = append(o.b, '[')
		for i, e := range r.Errors {
			if i > 0 {
				o.b = append(o.b, ',')
			}
			k := jsonObject{b: o.b}
			k.key("offset")
			k.b = strconv.AppendInt(k.b, int64(e.Offset), 10)
			k.str("kind", e.Kind)
			o.b = append(k.b, '}')
		}
		o.b = append(o.b, ']')
	}
	return append(o.b, '}', '\n')
}

func newWHATWGRecord(in string, base *string, u whatwg.URL, verrs []whatwg.ValidationError, err error) whatwgRecord {
	rec := whatwgRecord{Input: in, InputQuoted: quotedIfInvalid(in), Base: base, Errors: []wgJErr{}}
	for _, v := range verrs {
		rec.Errors = append(rec.Errors, wgJErr{v.Offset, v.Kind})
	}
	if e, ok := err.(*whatwg.Error); ok {
		rec.Failure = true
		rec.Errors = append(rec.Errors, wgJErr{e.Offset, e.Kind})
		return rec
	}
	rec.whatwgGetters = &whatwgGetters{
		Href: u.Href(), Origin: u.Origin(), Protocol: u.Protocol(),
		Username: u.Username(), Password: u.Password(),
		Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(),
		Pathname: u.Pathname(), Search: u.Search(), Hash: u.Hash(),
	}
	return rec
}

func whatwgSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	baseFlag := fs.String("base", "", "parse each input against this base URL")
	withs := &withFlag{}
	fs.Var(withs, "with", "run the URL class's setter NAME with VALUE on each URL, as `NAME=VALUE` (repeatable, in order; NAME: "+strings.Join(setterNames, ", ")+")")
	return func(args []string) int {
		var base whatwg.URL
		var baseStr *string
		if flagSet(fs, "base") {
			b, err := whatwg.Parse(*baseFlag)
			if err != nil {
				return p.usageError("invalid --base " + quoteArg(*baseFlag) + ": " + err.Error())
			}
			base, baseStr = b, baseFlag
		}
		return p.each(args, func(s string) error { return whatwgInput(p, base, baseStr, withs, s) })
	}
}

// whatwgInput parses s against base (baseStr as --base gave it, or nil),
// runs the setters of withs, and writes the record.
func whatwgInput(p *pipeline, base whatwg.URL, baseStr *string, withs *withFlag, s string) error {
	u, verrs, err := base.ParseWithErrors(s)
	parsed := err == nil
	var value string // the --with href value that failed
	if parsed {
		u, value, err = withs.apply(u)
	}
	if err != nil {
		p.fail()
	}
	if p.json {
		return p.record(newWHATWGRecord(s, baseStr, u, verrs, err), err != nil)
	}
	var masked string
	if len(verrs) > 0 || err != nil {
		masked = uri.RedactInput(s)
	}
	printValidationErrors(p.stderr, masked, verrs)
	if err == nil {
		_, werr := fmt.Fprintln(p.stdout, u.Href())
		return werr
	}
	if werr := p.errorLine(err); werr != nil {
		return werr
	}
	if parsed {
		fmt.Fprintf(p.stderr, "uri whatwg: %s: --with href=%s: %v\n", strconv.Quote(masked), quoteArg(value), err)
		return nil
	}
	printWHATWGFailure(p.stderr, s, masked, err)
	return nil
}

// setterNames are the setters of the URL class, as --with names them.
var setterNames = []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// withFlag is --with NAME=VALUE of whatwg, repeatable: the setters to run
// on each URL, in order.
type withFlag struct {
	names, values []string
}

func (w *withFlag) String() string { return "" }

// completions returns what shell completion offers as the value of
// --with: the setters' names, each with its "=".
func (w *withFlag) completions() []string {
	out := make([]string, len(setterNames))
	for i, n := range setterNames {
		out[i] = n + "="
	}
	return out
}

// Set adds a setter. Its error names the setter only: VALUE may be a
// password.
func (w *withFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	switch {
	case !ok:
		return &secretValueError{"want NAME=VALUE"}
	case !contains(setterNames, name):
		msg := "no setter " + quoteArg(name) + "; want one of " + strings.Join(setterNames, ", ")
		if g := suggest(name, setterNames); g != "" {
			msg = "no setter " + quoteArg(name) + "; did you mean " + g + "?"
		}
		return &secretValueError{msg}
	}
	w.names = append(w.names, name)
	w.values = append(w.values, value)
	return nil
}

// apply runs the setters of w on u, in order (URL Standard, URL class).
// Only the href setter fails: apply returns its value and error.
func (w *withFlag) apply(u whatwg.URL) (_ whatwg.URL, failed string, _ error) {
	for i, name := range w.names {
		v, err := u.With(name, w.values[i])
		if err != nil {
			return u, w.values[i], err
		}
		u = v
	}
	return u, "", nil
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// printValidationErrors writes the input, masked (masked is
// uri.RedactInput of it), and one line per validation error.
func printValidationErrors(w io.Writer, masked string, verrs []whatwg.ValidationError) {
	if len(verrs) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "uri whatwg: validation errors in %s:\n", strconv.Quote(masked))
	for _, v := range verrs {
		fmt.Fprintf(&b, "  offset %d: %s", v.Offset, v.Kind)
		if h := whatwg.Hint(v.Kind); h != "" {
			b.WriteString(" (" + h + ")")
		}
		b.WriteByte('\n')
	}
	_, _ = io.WriteString(w, b.String())
}

// printWHATWGFailure draws a failure on standard error: the input masked
// (masked is uri.RedactInput(s)), and a caret under the offset when the
// masking left it in place.
func printWHATWGFailure(w io.Writer, s, masked string, err error) {
	var b strings.Builder
	fmt.Fprintf(&b, "uri whatwg: invalid URL %s\n", strconv.Quote(masked))
	fmt.Fprintf(&b, "  error: %v\n", err)
	if e, ok := err.(*whatwg.Error); ok && masked == s && e.Offset <= len(s) && isPrintableASCII(s) {
		fmt.Fprintf(&b, "    %s\n    %s^\n", s, strings.Repeat(" ", e.Offset))
	}
	_, _ = io.WriteString(w, b.String())
}

func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}
