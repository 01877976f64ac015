package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/template"
)

var templateCmd = &command{
	name:    "template",
	summary: "expand URI Templates, or match URIs against one (RFC 6570)",
	help:    templateHelp,
	subs: []*command{
		{name: "expand", help: templateHelp, input: input{json: "template (or URI)"}, setup: templateExpandSetup},
		{name: "match", help: templateHelp, input: input{json: "URI, with its raw values"}, setup: templateMatchSetup},
	},
}

const templateHelp = `
Usage: uri template expand [--vars FILE|-] [--var NAME=VALUE]... [--iri] [--check] [--json] [TEMPLATE...]
       uri template match [--ignore-unknown-query] [--no-traversal] [--delimiters] [--per-uri] [--form-query] [--iri] [--json] TEMPLATE [URI...]
       uri template match --set FILE [--allow-traversal] [match flags] [URI...]

expand prints the expansion of each TEMPLATE (RFC 6570 §3) with the
variables of FILE, a JSON object ("-" reads it from standard input; no
--vars: every variable is undefined, and a template with variables gets a
warning); --var NAME=VALUE sets one variable to a string, and may be
repeated. A string or a number is a string
value, an array a list, an object an associative array in the order it is
written, null undefined (§2.3). With no TEMPLATE argument, each line of
standard input is a template. The expansion follows RFC 6570 §3 literally,
so "{#f}" with f = "a#b" gives "#a#b", which is no URI reference; --check
makes such a result an error. Reserved expansion ("{+p}", "{#p}") copies
reserved characters of a value, so it can change a URI's structure:
"http://example.com{+p}" with p = "@evil.com/" has the host evil.com.
With --iri, non-ASCII characters are not percent-encoded (bidirectional
formatting characters aside, RFC 3987 §4.1).

match prints the variables that each URI was expanded from (§1.4), as one
JSON object per line: strings, lists as arrays and associative arrays as
objects in URI order, each value percent-decoded once. The template is
refused when a URI splits two ways between its parts ("{a}{b}"); the
error shows a shortest such URI and its two readings. --delimiters reads
the first "?" and "#" as RFC 3986 does, so that "{+path}{?ref}" is
accepted and "?ref=x" is its query. --per-uri accepts a template that
only some URIs split two ways ("{+a}/x{+b}") and refuses those URIs.
--set FILE reads templates, one a line, and routes each URI to the one
that matches it, printing {"template": ..., "vars": ...}; two templates
that match one URI are refused, with such a URI; a value in the path that
decodes to a "/" or a dot-segment is refused unless --allow-traversal; a
URI no template matches gets the error of the closest. A URI matches only
as expansion writes it ("%41" is no {a}). A variable that
occurs twice must have the same value; query expressions ("{?a,b}") match
their pairs in any order, and a pair the template does not name is an
error unless --ignore-unknown-query. --no-traversal refuses a value whose
decoding holds a "/" or is a dot-segment where the expansion would have
percent-encoded it ("..%2F..%2Fetc"). --form-query reads "+" in query
pairs as a space, as HTML forms write it. --iri matches IRIs, as expand
--iri writes them. With no URI argument, each line of standard input is a URI.

Every input gives one line on standard output, so that the output can be
zipped with the input; without a result the line is "error: " and the
message for expand, and {"error": "..."} for match. An invalid template,
one that cannot be expanded with the variables, or one refused for
matching is drawn on standard error with a caret at the expression at
fault, any password masked. A value that match reads from the password of
a URI's userinfo is shown as "xxxxx" (not with --json).

With --json, each input gives one JSON object on its own line: for expand
the keys template, expansion and error; for match the keys uri, vars, raw
(each value as written in the URI, still percent-encoded) and error, and
with --set template. error is null or {"offset", "rule", "message"}.

Exit status: 0 when every template is valid and (match) accepted and
every URI matches, 1 otherwise (a refused template also when no URI is
read), 2 on a usage or I/O error.

Examples:

	echo '{"id": "42", "q": ["a b", "c"]}' | uri template expand --vars - '/users/{id}{?q*}'
	uri template match 'users://{id}/profile' 'users://42/profile'
	uri template match --no-traversal 'file:///{path}' 'file:///..%2F..%2Fetc%2Fpasswd'
`

// expandFlags defines the flags of uri template expand.
func expandFlags(fs *flag.FlagSet) (varsFile *string, vars *varFlag, opts *template.ExpandOptions) {
	opts, vars = new(template.ExpandOptions), new(varFlag)
	varsFile = fs.String("vars", "", "expand: read the variables, a JSON object, from `FILE` (- for standard input)")
	fs.Var(vars, "var", "expand: set the variable to a string, as `NAME=VALUE` (repeatable; overrides --vars)")
	fs.BoolVar(&opts.IRI, "iri", false, "expand to (or match) IRIs (RFC 3987): non-ASCII characters as they are")
	fs.BoolVar(&opts.Check, "check", false, "expand: make an expansion that is no URI reference an error")
	return varsFile, vars, opts
}

// matchFlags defines the flags of uri template match.
func matchFlags(fs *flag.FlagSet) (so *template.SetOptions, setFile *string) {
	so = new(template.SetOptions)
	opts := &so.Match
	setFile = fs.String("set", "", "match: the templates, one a line, of a set that routes each URI to the one that matches it, from `FILE`")
	fs.BoolVar(&opts.IgnoreUnknownQuery, "ignore-unknown-query", false, "ignore query pairs the template does not name")
	fs.BoolVar(&opts.IRI, "iri", false, "match IRIs (RFC 3987): non-ASCII characters as they are")
	fs.BoolVar(&opts.NoTraversal, "no-traversal", false, "refuse values that decode to a \"/\" or a dot-segment the expansion would have encoded")
	fs.BoolVar(&opts.Delimiters, "delimiters", false, "read the first \"?\" and \"#\" as RFC 3986 delimits them, also in {+path}")
	fs.BoolVar(&opts.PerURI, "per-uri", false, "accept a template some URIs split two ways, and refuse those URIs")
	fs.BoolVar(&opts.FormQuery, "form-query", false, "read \"+\" in query pairs as a space, as HTML forms write it")
	fs.BoolVar(&so.AllowTraversal, "allow-traversal", false, "with --set, let path values hold an encoded \"/\" or a dot-segment (refused by default)")
	return so, setFile
}

// maxVars is the largest variables file read, in bytes.
const maxVars = 64 << 20

type expandRecord struct {
	Template       string     `json:"template"`
	TemplateQuoted *string    `json:"templateQuoted,omitempty"`
	Expansion      *string    `json:"expansion"`
	Error          *jsonError `json:"error"`
}

func templateExpandSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	varsFile, varFlags, opts := expandFlags(fs)
	return func(args []string) int {
		vars, err := readVars(p.env, *varsFile)
		if err != nil {
			return p.end(err)
		}
		vars = varFlags.apply(vars)
		if *varsFile == "-" && len(args) == 0 {
			return p.usageError("the variables come from standard input (--vars -): give the templates as arguments")
		}
		return templateExpand(p, args, vars, opts)
	}
}

// templateExpand expands each template of args with vars.
func templateExpand(p *pipeline, args []string, vars template.Values, opts *template.ExpandOptions) int {
	warned := false
	var buf []byte
	return p.each(args, func(s string) error {
		rec := expandRecord{Template: s, TemplateQuoted: quotedIfInvalid(s)}
		t, err := template.Parse(s)
		if err == nil {
			if !warned && allUndefined(t, vars) {
				warned = true
				undefinedWarning(p.env, p.name)
			}
			buf, err = opts.AppendExpand(buf[:0], t, vars)
		}
		if err != nil {
			p.fail()
			rec.Error = templateJSONError(err)
			if p.json {
				return p.record(rec, true)
			}
			if werr := p.errorLine(err); werr != nil {
				return werr
			}
			printTemplateError(p.stderr, p.name, s, err)
			return nil
		}
		x := string(buf)
		rec.Expansion = &x
		if p.json {
			return p.record(rec, false)
		}
		_, werr := fmt.Fprintln(p.stdout, x)
		return werr
	})
}

// readVars reads the variables of --vars: a JSON object whose members are
// template values (template.Value's JSON form).
func readVars(e *env, name string) (template.Values, error) {
	if name == "" {
		return template.Values{}, nil
	}
	var r io.Reader
	if name == "-" {
		r = e.stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err // the name is the user's: not repeated
			}
			return nil, fmt.Errorf("--vars: %v", err)
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, maxVars+1))
	if err != nil {
		return nil, fmt.Errorf("--vars: %v", err)
	}
	if len(data) > maxVars {
		return nil, fmt.Errorf("--vars: longer than %d bytes", maxVars)
	}
	var vars template.Values
	d := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte(bom))))
	if err := d.Decode(&vars); err != nil {
		return nil, fmt.Errorf("--vars: not a JSON object of template values: %v", err)
	}
	if d.More() {
		return nil, fmt.Errorf("--vars: more than one JSON value")
	}
	return vars, nil
}

type matchRecord struct {
	Template  string          `json:"template,omitempty"`
	URI       string          `json:"uri"`
	URIQuoted *string         `json:"uriQuoted,omitempty"`
	Vars      json.RawMessage `json:"vars"`
	Raw       json.RawMessage `json:"raw"`
	Error     *jsonError      `json:"error"`
}

func templateMatchSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	so, setFile := matchFlags(fs)
	opts := &so.Match
	return func(uris []string) int {
		var (
			match func(string) (*template.Template, *template.Result, error)
			err   error
		)
		if *setFile != "" {
			match, err = templateSet(p.env, *setFile, so)
		} else {
			if len(uris) == 0 {
				return p.usageError("want a TEMPLATE, then URIs")
			}
			match, err = templateMatcher(p.env, uris[0], opts)
			uris = uris[1:]
		}
		if errors.Is(err, errUsage) {
			return exitUsage
		}
		if err != nil {
			p.fail()
		}
		return templateMatch(p, uris, uriMatcher{match: match, err: err, set: *setFile != ""})
	}
}

// A uriMatcher matches URIs with the template, or the set, of uri template
// match.
type uriMatcher struct {
	match func(string) (*template.Template, *template.Result, error)
	err   error // the template's, given to every URI instead of a match
	set   bool  // match is that of a set (--set): records name the template
}

// templateMatch matches each URI of args with m.
func templateMatch(p *pipeline, args []string, m uriMatcher) int {
	set := m.set
	return p.each(args, func(s string) error {
		var (
			t    *template.Template
			res  *template.Result
			merr = m.err
		)
		if merr == nil {
			t, res, merr = m.match(s)
		}
		if merr != nil {
			p.fail()
		}
		if p.json {
			rec := matchRecord{URI: s, URIQuoted: quotedIfInvalid(s), Vars: null, Raw: null}
			if merr != nil {
				rec.Error = templateJSONError(merr)
			} else {
				if set {
					rec.Template = t.String()
				}
				rec.Vars, rec.Raw = matchJSON(t, res, spanMask{})
			}
			return p.record(rec, merr != nil)
		}
		if merr != nil {
			return p.record(struct {
				Error string `json:"error"`
			}{merr.Error()}, false)
		}
		vars, _ := matchJSON(t, res, newSpanMask(s))
		if set {
			tq, _ := json.Marshal(uri.RedactInput(t.String()))
			_, werr := fmt.Fprintf(p.stdout, "{\"template\":%s,\"vars\":%s}\n", tq, vars)
			return werr
		}
		_, werr := fmt.Fprintf(p.stdout, "%s\n", vars)
		return werr
	})
}

// errUsage is the error of templateSet for a file it cannot read, which
// it has reported.
var errUsage = errors.New("usage")

// templateMatcher returns the match function of the template ts, or its
// error, which it draws on standard error: every URI then gets it, so
// that output zips with input, and the template is drawn once.
func templateMatcher(e *env, ts string, opts *template.MatchOptions) (func(string) (*template.Template, *template.Result, error), error) {
	t, err := template.Parse(ts)
	var m *template.Matcher
	if err == nil {
		m, err = t.Matcher(*opts)
	}
	if err != nil {
		printTemplateError(e.stderr, "template match", ts, err)
		return nil, err
	}
	return func(s string) (*template.Template, *template.Result, error) {
		r, err := m.Match(s)
		return t, r, err
	}, nil
}

// maxSet is the largest --set file read, in bytes.
const maxSet = 16 << 20

// templateSet returns the match function of the set of the templates of
// the file name, one a line (empty lines skipped), or the error of the
// first that is invalid, ambiguous or overlaps one before it, which it
// reports on standard error.
func templateSet(e *env, name string, so *template.SetOptions) (func(string) (*template.Template, *template.Result, error), error) {
	f, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the name is the user's: not repeated
		}
		fmt.Fprintf(e.stderr, "uri template match: --set: %v\n", err)
		return nil, errUsage
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSet+1))
	if err != nil || len(data) > maxSet {
		if err == nil {
			err = fmt.Errorf("longer than %d bytes", maxSet)
		}
		fmt.Fprintf(e.stderr, "uri template match: --set: %v\n", err)
		return nil, errUsage
	}
	set := template.NewSet(*so)
	for i, b := range bytes.Split(data, []byte("\n")) {
		line := trimLine(string(b), i+1) // as a line of standard input
		if line == "" {
			continue
		}
		t, err := template.Parse(line)
		if err == nil {
			err = set.Add(t)
		}
		var oe *template.OverlapError
		switch {
		case errors.As(err, &oe):
			fmt.Fprintf(e.stderr, "uri template match: --set line %d: %v\n", i+1, err)
			return nil, err
		case err != nil:
			fmt.Fprintf(e.stderr, "uri template match: --set line %d:\n", i+1)
			printTemplateError(e.stderr, "template match", line, err)
			return nil, err
		}
	}
	return set.Match, nil
}

var null = json.RawMessage("null")

// matchJSON returns the variables of a match as two JSON objects, in the
// order of the template's variables: their values (null when the URI
// leaves one undefined) and their raw text as written in the URI. The
// values that mask hides are "xxxxx".
func matchJSON(t *template.Template, res *template.Result, mask spanMask) (vars, raw json.RawMessage) {
	values := res.Values()
	var vb, rb jsonObject
	for _, name := range t.Varnames() {
		v, ok := values[name]
		if !ok || !v.Defined() {
			vb.null(name)
			rb.null(name)
			continue
		}
		_ = vb.value(name, mask.value(res, name, v))
		r, _ := res.Raw(name)
		rb.str(name, r)
	}
	return bytes.TrimSuffix(vb.end(), []byte("\n")), bytes.TrimSuffix(rb.end(), []byte("\n"))
}

// templateJSONError returns the --json error object of an error of package
// template: offset is into the template for a parse, expansion or
// ambiguity error, into the URI for a failed match; rule is the ABNF rule
// of a parse error, else "".
func templateJSONError(err error) *jsonError {
	var (
		ee *template.ExpandError
		ae *template.AmbiguousError
		ne *template.NoMatchError
	)
	switch {
	case errors.As(err, &ne):
		return &jsonError{Offset: ne.Offset, Message: err.Error()}
	case errors.As(err, &ae):
		return &jsonError{Offset: ae.Offset, Message: err.Error()}
	case errors.As(err, &ee):
		return &jsonError{Offset: ee.Offset, Message: err.Error()}
	}
	return newJSONError(err)
}

// A spanMask hides the values a match read from the password of a URI
// (RFC 3986 §3.2.1, §7.5): the bytes uri.RedactSpan finds, and copies of
// the password, raw or decoded, in other values.
type spanMask struct {
	begin, end int
	secrets    []string
}

func newSpanMask(s string) spanMask {
	b, e, ok := uri.RedactSpan(s)
	if !ok || b == e {
		return spanMask{}
	}
	m := spanMask{begin: b, end: e, secrets: []string{s[b:e]}}
	if d, err := uri.PercentDecode(s[b:e]); err == nil && d != s[b:e] {
		m.secrets = append(m.secrets, d)
	}
	return m
}

// value returns v, or "xxxxx" where it was read from the password or
// holds a copy of it.
func (m spanMask) value(res *template.Result, name string, v template.Value) template.Value {
	if len(m.secrets) == 0 {
		return v
	}
	if b, e, ok := res.Span(name); ok && b < m.end && m.begin < e {
		return template.String("xxxxx")
	}
	masked := false
	hide := func(s string) string {
		for _, x := range m.secrets {
			if strings.Contains(s, x) {
				masked = true
				s = strings.ReplaceAll(s, x, "xxxxx")
			}
		}
		return s
	}
	switch v.Kind() {
	case template.KindString:
		v = template.String(hide(v.Str()))
	case template.KindList:
		items := v.List()
		for i := range items {
			items[i] = hide(items[i])
		}
		if masked {
			v = template.List(items...)
		}
	case template.KindAssoc:
		pairs := v.Pairs()
		for i := range pairs {
			pairs[i] = template.Pair{Key: hide(pairs[i].Key), Value: hide(pairs[i].Value)}
		}
		if masked {
			v = template.Assoc(pairs...)
		}
	}
	return v
}

// printTemplateError writes the error of a template to w: a parse error
// drawn under the template as printInvalid does; an expansion error or a
// refusal for matching, which are no parse errors of the template, with a
// caret at the expression at fault. Any password is masked.
func printTemplateError(w io.Writer, cmd, s string, err error) {
	var (
		ee *template.ExpandError
		ae *template.AmbiguousError
	)
	off, what := 0, ""
	switch {
	case errors.As(err, &ae):
		off, what = ae.Offset, "cannot match with template"
	case errors.As(err, &ee):
		off, what = ee.Offset, "cannot expand template"
	default:
		printInvalid(w, cmd, "template", s, err)
		return
	}
	// Render draws s with its password masked and a caret at off; its
	// first line, the message of a parse error, is replaced.
	drawn := (&uri.ParseError{Want: "URI-Template", Offset: off, Kind: uri.UnexpectedByte, Byte: -1}).Render(s)
	_, lines, _ := strings.Cut(drawn, "\n")
	var b strings.Builder
	fmt.Fprintf(&b, "uri %s: %s %s\n", cmd, what, strconv.Quote(uri.RedactInput(s)))
	fmt.Fprintf(&b, "  error: %v\n    %s\n", err, strings.ReplaceAll(lines, "\n", "\n    "))
	_, _ = io.WriteString(w, b.String())
}
