package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/specuri/specuri/uri"
)

func init() {
	register(&command{
		name:    "parse",
		summary: "check URI references and show their components",
		run:     runParse,
	})
}

const parseHelp = `
Usage: uri parse [--rule RULE] [--json] [--quoted] [URI...]

Parse each URI argument, or each line of standard input when there are no
arguments, as the RFC 3986 rule RULE, and show its components: scheme,
userinfo, host (with its kind), port, path (with its form), query and
fragment. Components are the exact text of the input. An undefined
component is shown as (undefined), an empty one as "" (RFC 3986 §5.2.1:
"http://h?" has an empty query, "http://h" has none). A password in the
userinfo is shown as xxxxx (RFC 3986 §7.5); --json shows it as written.

For an invalid input, the error names the byte offset and the grammar rule
that could not continue, and a caret points at the byte.

With --json, each input gives one JSON object on its own line, in input
order, with the keys input, valid, scheme, userinfo, host, hostKind, port,
path, query, fragment and error. Undefined components are null, empty ones
"". host is the text the host rule matched (an IP-literal keeps its
brackets); hostKind is "IPv4", "IPv6", "IPvFuture" or "reg-name", or null
without a host. For an invalid input every component is null and error is
{"offset": N, "rule": "...", "message": "..."}; otherwise error is null.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage error.

Examples:

	uri parse 'http://user@example.com:8080/a/b?q=1#top'
	uri parse --json 'http://[v1.x]:/?#'
	printf '%s\n' '"a\x00b"' | uri parse --quoted
`

// rules maps --rule values to the parse functions of package uri.
var rules = map[string]func(string) (uri.URI, error){
	"URI-reference": uri.ParseReference,
	"URI":           uri.Parse,
	"absolute-URI":  uri.ParseAbsolute,
	"relative-ref":  uri.ParseRelative,
}

func runParse(e *env, args []string) int {
	fs := newFlags(e, "parse", parseHelp)
	rule := fs.String("rule", "URI-reference", "the RFC 3986 rule to parse as: URI-reference, URI, absolute-URI or relative-ref")
	asJSON := fs.Bool("json", false, "print one JSON object per input")
	quoted := fs.Bool("quoted", false, "read each line of standard input as a Go double-quoted string literal")
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	parse, ok := rules[*rule]
	if !ok {
		fmt.Fprintf(e.stderr, "uri parse: unknown --rule %q (want URI-reference, URI, absolute-URI or relative-ref)\n", *rule)
		return exitUsage
	}
	status := exitOK
	enc := newEncoder(e.stdout)
	out := blocks{w: e.stdout}
	err := inputs(e, fs.Args(), *quoted, func(s string) error {
		u, err := parse(s)
		if err != nil {
			status = exitInvalid
		}
		if *asJSON {
			return enc.Encode(newParseRecord(s, u, err))
		}
		printParse(out.next(), s, u, err)
		return nil
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "uri parse: %v\n", err)
		return exitUsage
	}
	return status
}

// parseRecord is the --json form of one input. Pointers are null when the
// component is undefined.
type parseRecord struct {
	Input    string     `json:"input"`
	Valid    bool       `json:"valid"`
	Scheme   *string    `json:"scheme"`
	Userinfo *string    `json:"userinfo"`
	Host     *string    `json:"host"`
	HostKind *string    `json:"hostKind"`
	Port     *string    `json:"port"`
	Path     *string    `json:"path"`
	Query    *string    `json:"query"`
	Fragment *string    `json:"fragment"`
	Error    *jsonError `json:"error"`
}

type jsonError struct {
	Offset  int    `json:"offset"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

func opt(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

func newParseRecord(s string, u uri.URI, err error) parseRecord {
	r := parseRecord{Input: s}
	if err != nil {
		r.Error = newJSONError(err)
		return r
	}
	r.Valid = true
	r.Scheme = opt(u.Scheme())
	r.Userinfo = opt(u.Userinfo())
	if h, ok := u.Host(); ok {
		r.Host = opt(h.String(), true)
		r.HostKind = opt(h.Kind().String(), true)
	}
	r.Port = opt(u.Port())
	r.Path = opt(u.Path().String(), true)
	r.Query = opt(u.Query())
	r.Fragment = opt(u.Fragment())
	return r
}

func newJSONError(err error) *jsonError {
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		return &jsonError{Offset: pe.Offset, Rule: pe.Rule, Message: pe.Error()}
	}
	return &jsonError{Rule: "", Message: err.Error()}
}

// printParse writes the human form of one result. Inputs are shown quoted,
// so that any byte is visible, and with any password replaced (RFC 3986
// §7.5).
func printParse(w io.Writer, s string, u uri.URI, err error) {
	if err != nil {
		fmt.Fprintf(w, "%s\n", strconv.Quote(uri.RedactInput(s)))
		printError(w, s, err)
		return
	}
	fmt.Fprintf(w, "%s\n", strconv.Quote(u.Redacted()))
	show := func(name, v string, ok bool, note string) {
		text := "(undefined)"
		if ok {
			text = strconv.Quote(v)
			if note != "" {
				text += "  " + note
			}
		}
		fmt.Fprintf(w, "  %-9s %s\n", name, text)
	}
	sc, ok := u.Scheme()
	show("scheme", sc, ok, "")
	ui, ok := u.Userinfo()
	show("userinfo", uri.RedactUserinfo(ui), ok, "")
	h, ok := u.Host()
	show("host", h.String(), ok, h.Kind().String())
	po, ok := u.Port()
	show("port", po, ok, "")
	show("path", u.Path().String(), true, u.Path().Kind().String())
	q, ok := u.Query()
	show("query", q, ok, "")
	f, ok := u.Fragment()
	show("fragment", f, ok, "")
}

// printError writes err and, for a parse error, the input drawn by
// ParseError.Render: quoted, with any password masked even when the input
// is invalid (RFC 3986 §7.5), and a caret under the failing byte.
func printError(w io.Writer, s string, err error) {
	var pe *uri.ParseError
	if !errors.As(err, &pe) {
		fmt.Fprintf(w, "  error: %v\n", err)
		return
	}
	fmt.Fprintf(w, "  error: %s\n", strings.ReplaceAll(pe.Render(s), "\n", "\n    "))
}
