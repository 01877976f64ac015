package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/httptarget"
)

var requestTargetCmd = &command{
	name:    "request-target",
	summary: "read HTTP/1.1 request targets: their form and components (RFC 9112 §3.2)",
	help:    requestTargetHelp,
	input:   input{json: "target", quoted: true},
	setup:   requestTargetSetup,
}

const requestTargetHelp = `
Usage: uri request-target [--json] [--quoted] METHOD [TARGET...]

Read each TARGET as the request-target of an HTTP/1.1 request line with
the method METHOD (RFC 9112 §3.2), and print its form and components. The
method decides the forms allowed, and is case-sensitive (RFC 9110 §9.1):
CONNECT takes the authority-form only ("www.example.com:80", §3.2.3);
OPTIONS the origin-form, the absolute-form or the asterisk-form ("*",
§3.2.4); every other method the origin-form ("/where?q=now", §3.2.1) or
the absolute-form ("http://www.example.org/pub", §3.2.2). As RFC 9110
requires of a recipient, METHOD must be a token (§9.1), an absolute-form
must satisfy its scheme's rules (an http or https URI has a host, §4.2.1,
and no userinfo, §4.2.4), and a CONNECT target must have a host and a
port from 1 to 65535 (§9.3.6).

The targets come from the arguments after METHOD; with none, or for an
argument "-", from the lines of standard input. Lines lose a final "\r"
and the first line a byte order mark; blank lines are skipped. With
--quoted, each line is a Go double-quoted string literal.

Every target gives one line on standard output, so that the output can be
zipped with the input: the form, then the components it has, each as
NAME=VALUE with VALUE a Go string literal: host and port (authority-form
and absolute-form), path and query (origin-form and absolute-form), and
for the absolute-form scheme and userinfo; any password is masked, also
one a browser reads in a path ("//u:pw@h", "ftp:////u:pw@h"). For an
invalid target, the line is "error: " and the message (it has spaces, so
it is no form), and the target is drawn on standard error with a caret at
the byte offset, the grammar rule, and any password masked (also one
written before the host of a CONNECT target).

With --json, each target gives one JSON object on its own line with the
keys method, target, valid, form, scheme, userinfo, host, port, path,
query (null
when the form has no such component) and error: null, or {"offset",
"rule", "message"}. targetQuoted follows target, as a Go string literal,
when it is not valid UTF-8.

Exit status: 0 when every target is valid, 1 when some target is
invalid, 2 on a usage or I/O error.

Examples:

	uri request-target GET /where?q=now http://www.example.org/pub/WWW/TheProject.html
	uri request-target CONNECT www.example.com:80
	uri request-target --json OPTIONS '*'
`

// requestTargetRecord is the --json form of one target.
type requestTargetRecord struct {
	Method       string     `json:"method"`
	Target       string     `json:"target"`
	TargetQuoted *string    `json:"targetQuoted,omitempty"`
	Valid        bool       `json:"valid"`
	Form         *string    `json:"form"`
	Scheme       *string    `json:"scheme"`
	Userinfo     *string    `json:"userinfo"`
	Host         *string    `json:"host"`
	Port         *string    `json:"port"`
	Path         *string    `json:"path"`
	Query        *string    `json:"query"`
	Error        *jsonError `json:"error"`
}

func requestTargetSetup(_ *flag.FlagSet, p *pipeline) func([]string) int {
	return func(args []string) int {
		if len(args) < 1 {
			return p.usageError("want a METHOD, then targets")
		}
		method := args[0]
		if err := httptarget.CheckMethod(method); err != nil {
			return p.usageError("METHOD " + quoteArg(method) + " is not a token (RFC 9110 §9.1): letters, digits and !#$%&'*+-.^_`|~")
		}
		return p.each(args[1:], func(ts string) error {
			rec := requestTargetRecord{Method: method, Target: ts, TargetQuoted: quotedIfInvalid(ts)}
			t, err := httptarget.Parse(method, ts)
			if err != nil {
				p.fail()
				if p.json {
					rec.Error = newJSONError(err)
					return p.record(rec, true)
				}
				text, shown := maskTarget(method, ts, err)
				return p.reportInvalid(&inputError{input: "target", text: text, err: shown})
			}
			fillTargetRecord(&rec, t)
			if p.json {
				return p.record(rec, false)
			}
			_, werr := fmt.Fprintln(p.stdout, targetLine(&rec, passwordOf(method, ts)))
			return werr
		})
	}
}

// fillTargetRecord sets the form and components of t in rec.
func fillTargetRecord(rec *requestTargetRecord, t httptarget.Target) {
	rec.Valid = true
	form := t.Form().String()
	rec.Form = &form
	switch t.Form() {
	case httptarget.OriginForm:
		path := t.Path()
		rec.Path = &path
		rec.Query = opt(t.Query())
	case httptarget.AbsoluteForm:
		u, _ := t.URI()
		rec.Scheme = opt(u.Scheme())
		rec.Userinfo = opt(u.Userinfo())
		rec.Host = opt(t.Host())
		rec.Port = opt(t.Port())
		path := t.Path()
		rec.Path = &path
		rec.Query = opt(t.Query())
	case httptarget.AuthorityForm:
		rec.Host = opt(t.Host())
		rec.Port = opt(t.Port())
	}
}

// maskTarget returns the target to draw for err, a password that
// httptarget.RedactSpan finds in it masked as uri.RedactInput masks one
// (a CONNECT target's, which uri.RedactInput does not see), and err with
// its offset moved into that text.
func maskTarget(method, s string, err error) (string, error) {
	begin, end, ok := httptarget.RedactSpan(method, s)
	var pe *uri.ParseError
	if !ok || method != "CONNECT" || !errors.As(err, &pe) {
		return s, err
	}
	const mask = "xxxxx"
	moved := *pe
	switch {
	case pe.Offset >= end:
		moved.Offset += len(mask) - (end - begin)
	case pe.Offset > begin:
		moved.Offset = begin
	}
	return s[:begin] + mask + s[end:], &moved
}

// maskedUserinfo is a userinfo for the human form: its password, after
// the first ":", masked by uri.RedactUserinfo (RFC 3986 §3.2.1, §7.5).
func maskedUserinfo(ui *string) *string {
	if ui == nil {
		return nil
	}
	m := uri.RedactUserinfo(*ui)
	return &m
}

// passwordOf returns the bytes of target that httptarget.RedactSpan
// finds a password in, or "".
func passwordOf(method, target string) string {
	if begin, end, ok := httptarget.RedactSpan(method, target); ok {
		return target[begin:end]
	}
	return ""
}

// targetLine is the human form of a valid target's record, with pw, the
// password of the target, masked in every component: what a WHATWG parser
// or a reader of a relative reference takes for a password may sit in the
// path ("//u:pw@h" is an origin-form's path, "ftp:////u:pw@h" an
// absolute-form's), RFC 3986 §7.5.
func targetLine(rec *requestTargetRecord, pw string) string {
	var b strings.Builder
	b.WriteString(*rec.Form)
	for _, c := range []struct {
		name string
		v    *string
	}{{"scheme", rec.Scheme}, {"userinfo", maskedUserinfo(rec.Userinfo)}, {"host", rec.Host}, {"port", rec.Port},
		{"path", rec.Path}, {"query", rec.Query}} {
		if c.v != nil {
			v := *c.v
			if pw != "" {
				v = strings.ReplaceAll(v, pw, "xxxxx")
			}
			b.WriteString(" " + c.name + "=" + strconv.Quote(v))
		}
	}
	return b.String()
}
