package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/specuri/specuri/uri"
)

func init() {
	register(&command{
		name:    "confusion",
		summary: "compare how RFC 3986 and Go's net/url read URI references",
		run:     runConfusion,
	})
}

const confusionHelp = `
Usage: uri confusion [--json] [--quoted] [URI...]

Read each URI argument, or each line of standard input when there are no
arguments, with this strict RFC 3986 parser (as a URI-reference) and with
Go's net/url, and show both readings side by side: validity, scheme,
userinfo, host, port, path, query and fragment. Then name what they
disagree on (validity, scheme, userinfo, host, port, path, query, fragment)
and warn about features that browsers and other parsers commonly read
differently (RFC 3986 §7): backslash, ipv4-alternate (§7.4),
percent-encoded-host, non-ascii-host, userinfo, zone-id and
whitespace-or-control.

Components are compared by meaning: schemes case-insensitively, user name,
password and host after percent-decoding; net/url cannot tell an empty
authority or port from none. Passwords are shown as xxxxx (RFC 3986 §7.5);
--json shows them as written.

With --json, each input gives one JSON object on its own line with the keys
input, strict, netURL, differences and warnings; strict and netURL have the
keys valid, scheme, userinfo, host, port, path, query, fragment (null when
undefined) and error (null, or {"offset": N, "rule": "...", "message":
"..."} for strict, {"message": "..."} for net/url).

Exit status: 0 when the two parsers agree on every input, 1 when they
disagree on some input, 2 on a usage error.

Examples:

	uri confusion 'http://a@b@c/' 'http://0x7f.1/' 'http:\\evil.example'
	uri confusion --json 'http://[fe80::1%25eth0]/'
`

func runConfusion(e *env, args []string) int {
	fs := newFlags(e, "confusion", confusionHelp)
	asJSON := fs.Bool("json", false, "print one JSON object per input")
	quoted := fs.Bool("quoted", false, "read each line of standard input as a Go double-quoted string literal")
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	status := exitOK
	enc := newEncoder(e.stdout)
	out := blocks{w: e.stdout}
	err := inputs(e, fs.Args(), *quoted, func(s string) error {
		r := uri.Confusion(s)
		if len(r.Differences) > 0 {
			status = exitInvalid
		}
		if *asJSON {
			return enc.Encode(newConfusionRecord(r))
		}
		printConfusion(out.next(), r)
		return nil
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "uri confusion: %v\n", err)
		return exitUsage
	}
	return status
}

// confusionRecord is the --json form of one report.
type confusionRecord struct {
	Input       string           `json:"input"`
	Strict      readingRecord    `json:"strict"`
	NetURL      readingRecord    `json:"netURL"`
	Differences []uri.Difference `json:"differences"`
	Warnings    []uri.Warning    `json:"warnings"`
}

type readingRecord struct {
	Valid    bool       `json:"valid"`
	Scheme   *string    `json:"scheme"`
	Userinfo *string    `json:"userinfo"`
	Host     *string    `json:"host"`
	HostKind *string    `json:"hostKind,omitempty"`
	Port     *string    `json:"port"`
	Path     *string    `json:"path"`
	Query    *string    `json:"query"`
	Fragment *string    `json:"fragment"`
	Error    *jsonError `json:"error"`
}

func field(f uri.Field) *string { return opt(f.Value, f.Defined) }

func newReadingRecord(rd uri.Reading, strict bool) readingRecord {
	r := readingRecord{Valid: rd.Valid}
	if !rd.Valid {
		if strict {
			r.Error = newJSONError(rd.Err)
		} else {
			r.Error = &jsonError{Message: rd.Err.Error()}
		}
		return r
	}
	r.Scheme, r.Userinfo, r.Host = field(rd.Scheme), field(rd.Userinfo), field(rd.Host)
	if rd.HostKind != 0 {
		r.HostKind = opt(rd.HostKind.String(), true)
	}
	r.Port, r.Path, r.Query, r.Fragment = field(rd.Port), field(rd.Path), field(rd.Query), field(rd.Fragment)
	return r
}

func newConfusionRecord(r uri.Report) confusionRecord {
	c := confusionRecord{
		Input:       r.Input,
		Strict:      newReadingRecord(r.Strict, true),
		NetURL:      newReadingRecord(r.NetURL, false),
		Differences: r.Differences,
		Warnings:    r.Warnings,
	}
	if c.Differences == nil {
		c.Differences = []uri.Difference{}
	}
	if c.Warnings == nil {
		c.Warnings = []uri.Warning{}
	}
	return c
}

// printConfusion writes the human form of one report: the input, the two
// readings in columns, the differences and the warnings. Every password
// is masked (RFC 3986 §7.5): net/url's error messages quote the input, so
// they are not shown.
func printConfusion(w io.Writer, r uri.Report) {
	fmt.Fprintf(w, "%s\n", strconv.QuoteToASCII(uri.RedactInput(r.Input)))
	cell := func(rd uri.Reading, f uri.Field, redact bool) string {
		switch {
		case !rd.Valid:
			return "-"
		case !f.Defined:
			return "(undefined)"
		case redact:
			return strconv.QuoteToASCII(uri.RedactUserinfo(f.Value))
		}
		return strconv.QuoteToASCII(f.Value)
	}
	valid := func(rd uri.Reading) string {
		if rd.Valid {
			return "valid"
		}
		return "invalid"
	}
	rows := [][3]string{{"", "RFC 3986", "net/url"}, {"", valid(r.Strict), valid(r.NetURL)}}
	for _, c := range []struct {
		name   string
		s, n   uri.Field
		redact bool
	}{
		{"scheme", r.Strict.Scheme, r.NetURL.Scheme, false},
		{"userinfo", r.Strict.Userinfo, r.NetURL.Userinfo, true},
		{"host", r.Strict.Host, r.NetURL.Host, false},
		{"port", r.Strict.Port, r.NetURL.Port, false},
		{"path", r.Strict.Path, r.NetURL.Path, false},
		{"query", r.Strict.Query, r.NetURL.Query, false},
		{"fragment", r.Strict.Fragment, r.NetURL.Fragment, false},
	} {
		rows = append(rows, [3]string{c.name, cell(r.Strict, c.s, c.redact), cell(r.NetURL, c.n, c.redact)})
	}
	width := 0
	for _, row := range rows {
		width = max(width, len(row[1]))
	}
	for _, row := range rows {
		fmt.Fprintf(w, "  %-9s %-*s  %s\n", row[0], width, row[1], row[2])
	}
	if !r.Strict.Valid {
		fmt.Fprintf(w, "  RFC 3986 error: %v\n", r.Strict.Err)
	}
	if len(r.Differences) == 0 {
		fmt.Fprintln(w, "  differences: none")
	} else {
		d := make([]string, len(r.Differences))
		for i, x := range r.Differences {
			d[i] = string(x) + " differs"
		}
		if r.Differences[0] == uri.DiffValidity {
			d[0] = "one rejects"
		}
		fmt.Fprintf(w, "  differences: %s\n", strings.Join(d, ", "))
	}
	for _, x := range r.Warnings {
		fmt.Fprintf(w, "  warning: %s: %s\n", x, x.Explain())
	}
}
