package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fileuri"
	"github.com/specuri/specuri/uri/mailto"
	"github.com/specuri/specuri/uri/origin"
	"github.com/specuri/specuri/uri/publicsuffix"
	"github.com/specuri/specuri/uri/urn"
)

var parseCmd = &command{
	name:    "parse",
	summary: "check URI references and show their components",
	help:    parseHelp,
	input:   input{json: "input", quoted: true},
	setup:   parseSetup,
}

const parseHelp = `
Usage: uri parse [--rule RULE] [--syntax SYNTAX] [--scheme-rules] [--json] [--quoted] [URI...]

Parse each URI argument, or each line of standard input when there are no
arguments or the argument is "-", as the RFC 3986 rule RULE, and show its
components: scheme, userinfo, host (with its kind), port, path (with its
form), query and fragment. Components are the exact text of the input. An
undefined component is shown as (undefined), an empty one as "" (RFC 3986
§5.2.1: "http://h?" has an empty query, "http://h" has none). A password
in the userinfo is shown as xxxxx (RFC 3986 §7.5), in the input line too;
--json shows it as written.

Lines of standard input lose a final "\r" and the first line a byte order
mark; blank lines are skipped (with --quoted, "" is the empty reference).

Each input gives one block of lines, blocks separated by a blank line. For
an invalid input, the block is the input and the error: the byte offset,
the grammar rule that could not continue, and a caret under the byte.

--syntax chooses the grammar, each generated from its own RFC:

  rfc3986  the generic syntax of RFC 3986 (the default)
  rfc6874  RFC 3986 with IPv6 zone identifiers (RFC 6874 §2):
           "http://[fe80::1%25en0]/"; the zone is shown decoded
  rfc3987  IRIs (RFC 3987 §2.2): UTF-8 characters of ucschar, and of
           iprivate in the query; invalid UTF-8 is an error at its offset.
           A host with such characters, in a scheme that uses domain
           names (http, https, ws, wss, ftp, file), is also shown as
           "ascii": in A-labels (RFC 3987 §3.1, UTS #46), or why not

RULE may also be given by its RFC 3987 name (IRI-reference, IRI,
absolute-IRI, irelative-ref).

When the scheme is "mailto" (in any case), the output also shows the
'mailto' URI decoded (RFC 6068 §2): its addresses (to) and its header
fields (name and value) in URI order, percent-decoded. A URI that is valid
RFC 3986 but not a valid 'mailto' URI shows the RFC 6068 error instead;
it still counts as valid for the exit status, which reports RFC 3986
validity only.

When the scheme has rules of its own (RFC 3986 §3.1: http, https, ws,
wss, file, urn, mailto, each from its own RFC), the output also shows a
"scheme rules" section: the URI checked against its scheme's grammar
(urn: RFC 8141 §2) and, for a urn, its NID, NSS and r-, q- and
f-components (RFC 8141 §2); for mailto, the mailto section is that check. A violated scheme rule is shown
with the rule and its section; it makes the input invalid only with
--scheme-rules, which reports it like an RFC 3986 error (the rule, the
offset and a caret under the byte, passwords masked) and exits 1.

With --json, each input gives one JSON object on its own line, in input
order, with the keys input, valid, scheme, userinfo, host, hostKind, port,
path, query, fragment and error, for a mailto URI the key mailto, and for a scheme with rules the key
schemeRules.
Undefined components are null, empty ones "". host is the text the host
rule matched (an IP-literal keeps its brackets); hostKind is "IPv4",
"IPv6", "IPvFuture" or "reg-name", or null without a host. With --syntax
rfc6874 the key zone is added: the decoded zone identifier, or null. With
--syntax rfc3987 the key asciiHost is added: for a host shown as "ascii",
{"name": "xn--...", "error": null}, or name null and error an object as
below (rule is the code: idna, byte, number, invalid-utf8); null
otherwise. For
an invalid input every component is null and error is {"offset": N,
"rule": "...", "message": "..."}; otherwise error is null. mailto is
{"to": [...], "headers": [{"name": ..., "value": ...}, ...], "error":
null}, or, when the URI is not a valid 'mailto' URI, to and headers are
null and error is an object as above; the key is absent for other schemes
and invalid inputs. schemeRules is {"scheme": "urn", "error": null,
"urn": {"nid": ..., "nss": ..., "r": ..., "q": ..., "f": ...}}: error is
null or an object as above for a violated scheme rule, and the key named
after the scheme holds what the scheme's rules read (for urn the NID, the
NSS and the r-, q- and f-components, null when undefined; when the URN
is invalid, null); it is absent for schemes without rules and invalid
inputs. For http, https, ws and wss it has origin, the serialization of
the URI's origin, and registrableDomain, the registrable domain of the
origin's host (URL Standard, from the Public Suffix List: the site it
belongs to), or null when it has none (an IP address, a public suffix);
the human form shows both in the scheme rules section. With --scheme-rules, an input that violates its scheme's rules
has valid false and the violation as error, and its components are shown
still. A JSON string holds only valid UTF-8: when the input
is not, the key inputQuoted follows input and holds it as a Go string
literal (strconv.Quote), from which it can be recovered byte for byte;
the key is absent otherwise.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage or I/O error. Validity is that of the rule RULE in SYNTAX: an
error of a scheme's rules (RFC 6068, RFC 8141, ...) is shown but does not
change the status, unless --scheme-rules is given.

Examples:

	uri parse 'https://example.com:8080/a/b?q=1#top'
	uri parse 'http://[v1.x]:/?#' --json
	uri parse --syntax rfc6874 'http://[fe80::1%25en0]:8080/'
	uri parse --syntax rfc3987 'http://résumé.example.org/'
	uri parse 'mailto:joe@example.com?cc=bob@example.com&body=hello'
	uri parse --scheme-rules 'urn:example:a123?+r?=q#f' 'urn:-bad:x'
	printf '%s\n' '"a\x00b"' | uri parse --quoted
	uri parse --json < links.txt
`

// rules maps --rule values to the parse methods of uri.Syntax, under their
// RFC 3986 and RFC 3987 names.
var rules = map[string]func(uri.Syntax, string) (uri.URI, error){
	"URI-reference": uri.Syntax.ParseReference,
	"URI":           uri.Syntax.Parse,
	"absolute-URI":  uri.Syntax.ParseAbsolute,
	"relative-ref":  uri.Syntax.ParseRelative,
	"IRI-reference": uri.Syntax.ParseReference,
	"IRI":           uri.Syntax.Parse,
	"absolute-IRI":  uri.Syntax.ParseAbsolute,
	"irelative-ref": uri.Syntax.ParseRelative,
}

// syntaxes maps --syntax values to the grammars of package uri.
var syntaxes = map[string]uri.Syntax{
	"rfc3986": uri.RFC3986,
	"rfc6874": uri.RFC6874,
	"rfc3987": uri.RFC3987,
}

func parseSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	rule := ruleFlag(fs)
	syntaxName := syntaxFlag(fs)
	schemeRules := fs.Bool("scheme-rules", false, "make a violated rule of the URI's scheme (urn, mailto, ...) an error")
	return func(args []string) int {
		parseAs, syntax := rules[rule.value], syntaxOf(syntaxName)
		out := blocks{w: p.stdout}
		return p.each(args, func(s string) error {
			u, err := parseAs(syntax, s)
			var serr error
			if err == nil {
				serr = u.CheckScheme()
			}
			if err != nil || *schemeRules && serr != nil {
				p.fail()
			}
			if p.json {
				return p.writeLine(func(b []byte) []byte {
					return appendParseJSON(b, s, u, err, serr, syntax == uri.RFC6874, syntax == uri.RFC3987, *schemeRules)
				})
			}
			printParse(out.next(), s, u, err, *schemeRules)
			return nil
		})
	}
}

// parseRecord is the --json form of one input. Pointers are null when the
// component is undefined.
type parseRecord struct {
	Input string `json:"input"`
	// InputQuoted is Input as a Go string literal, only when Input is not
	// valid UTF-8.
	InputQuoted *string    `json:"inputQuoted,omitempty"`
	Valid       bool       `json:"valid"`
	Scheme      *string    `json:"scheme"`
	Userinfo    *string    `json:"userinfo"`
	Host        *string    `json:"host"`
	HostKind    *string    `json:"hostKind"`
	Port        *string    `json:"port"`
	Path        *string    `json:"path"`
	Query       *string    `json:"query"`
	Fragment    *string    `json:"fragment"`
	Error       *jsonError `json:"error"`
	// Zone is the decoded zone identifier (RFC 6874 §2), only with
	// --syntax rfc6874: absent otherwise, null without a zone.
	Zone **string `json:"zone,omitempty"`
	// ASCIIHost is the ASCII host of an IRI whose scheme uses domain names
	// (RFC 3987 §3.1, uri.URI.ASCIIHostname), only with --syntax rfc3987:
	// absent otherwise, null for other values.
	ASCIIHost **asciiHostRecord `json:"asciiHost,omitempty"`
	// Mailto is the 'mailto' URI decoded (RFC 6068 §2), only when the
	// scheme is mailto.
	Mailto *mailtoRecord `json:"mailto,omitempty"`
	// SchemeRules is what the rules of the URI's scheme say of it, only
	// for a scheme with rules (uri.HasSchemeRules).
	SchemeRules *schemeRecord `json:"schemeRules,omitempty"`
}

// schemeRecord is the --json form of the check of a URI against its
// scheme's rules (uri.URI.CheckScheme). Scheme is the scheme in lower
// case; Error is null when the URI satisfies the rules. URN is what RFC
// 8141 §2 reads of a urn, null when it is not a valid URN; other schemes
// add a key of their own here, named after the scheme, filled by
// schemeSections.
type schemeRecord struct {
	Scheme string      `json:"scheme"`
	Error  *jsonError  `json:"error"`
	URN    **urnRecord `json:"urn,omitempty"`
	// File is the path a file URI names (RFC 8089) in each style, null
	// where it names none (package fileuri's errors).
	File *filePaths `json:"file,omitempty"`
	// Origin is the ASCII serialization of an http(s) or ws(s) URI's
	// origin (RFC 6454 §6.2).
	Origin *string `json:"origin,omitempty"`
	// RegistrableDomain is the registrable domain of the host of an
	// http(s) or ws(s) URI's origin (URL Standard, from the Public Suffix
	// List), null when it has none (an IP address, a public suffix, an
	// opaque origin); absent for other schemes.
	RegistrableDomain **string `json:"registrableDomain,omitempty"`
	// Data is what RFC 2397 reads of a valid data URL.
	Data *dataRecord `json:"data,omitempty"`
}

// asciiHostRecord is the --json form of the ASCII host of an IRI: the
// name, or null and the error.
type asciiHostRecord struct {
	Name  *string    `json:"name"`
	Error *jsonError `json:"error"`
}

// newASCIIHostRecord returns the ASCII host of u when u is an IRI (RFC
// 3987) with non-ASCII characters in a reg-name host and a scheme that
// uses domain names, the host uri.URI.ToURI writes in A-labels; nil
// otherwise.
func newASCIIHostRecord(u uri.URI) *asciiHostRecord {
	h, ok := u.Host()
	sc, _ := u.Scheme()
	if !ok || u.Syntax() != uri.RFC3987 || h.Kind() != uri.RegName || !uri.UsesDomainNames(sc) || ascii.Is(h.String()) {
		return nil
	}
	name, err := u.ASCIIHostname()
	if err != nil {
		return &asciiHostRecord{Error: newJSONError(err)}
	}
	return &asciiHostRecord{Name: &name}
}

type filePaths struct {
	Posix   *string `json:"posix"`
	Windows *string `json:"windows"`
}

// urnRecord is a URN's parts (RFC 8141 §2): null when undefined.
type urnRecord struct {
	NID string  `json:"nid"`
	NSS string  `json:"nss"`
	R   *string `json:"r"`
	Q   *string `json:"q"`
	F   *string `json:"f"`
}

// schemeSections fill the section of a schemeRecord that is particular to
// a scheme, by lower-case scheme name. A scheme with rules but no entry
// gets the scheme and the error only.
var schemeSections = map[string]func(r *schemeRecord, u uri.URI){
	"urn": func(r *schemeRecord, u uri.URI) {
		var rec *urnRecord
		if n, err := urn.FromURI(u); err == nil {
			rec = &urnRecord{NID: n.NID(), NSS: n.NSS()}
			rec.R = opt(n.RComponent())
			rec.Q = opt(n.QComponent())
			rec.F = opt(n.FComponent())
		}
		r.URN = &rec
	},
	"file": func(r *schemeRecord, u uri.URI) {
		path := func(st fileuri.Style) *string {
			p, err := fileuri.ToPath(u, st)
			if err != nil {
				return nil
			}
			return &p
		}
		r.File = &filePaths{Posix: path(fileuri.Posix), Windows: path(fileuri.Windows)}
	},
	"data": dataSection,
}

// hasOriginSection reports whether the schemeRecord of a URI with the
// scheme sc, in lower case, has origin and registrableDomain: for http,
// https, ws and wss, whose URIs have a tuple origin (HTML "origin").
func hasOriginSection(sc string) bool {
	switch sc {
	case "http", "https", "ws", "wss":
		return true
	}
	return false
}

// originSection fills r.Origin and r.RegistrableDomain (see originSite).
func originSection(r *schemeRecord, u uri.URI) {
	o, d := originSite(u)
	os := o.String()
	r.Origin = &os
	var rd *string
	if d != "" {
		rd = &d
	}
	r.RegistrableDomain = &rd
}

// originSite returns the origin of u and the registrable domain of its
// host, in ASCII (URL Standard, from the Public Suffix List), or "" when
// it has none: the origin is opaque, the host an IP address or a public
// suffix.
func originSite(u uri.URI) (origin.Origin, string) {
	o := origin.Of(u)
	if o.IsOpaque() {
		return o, ""
	}
	d, err := publicsuffix.RegistrableDomain(o.Host())
	if err != nil {
		return o, ""
	}
	return o, d
}

// newSchemeRecord returns the schemeRecord of u, a valid URI whose check
// against its scheme's rules gave serr, or nil when its scheme has none.
func newSchemeRecord(u uri.URI, serr error) *schemeRecord {
	sc, ok := u.Scheme()
	if !ok || !uri.HasSchemeRules(sc) {
		return nil
	}
	r := &schemeRecord{Scheme: strings.ToLower(sc)}
	if serr != nil {
		r.Error = newJSONError(serr)
	}
	if hasOriginSection(r.Scheme) {
		originSection(r, u)
	} else if f := schemeSections[r.Scheme]; f != nil {
		f(r, u)
	}
	return r
}

// printSchemeRules writes the scheme-rules section of the human form: the
// check of u against its scheme's rules (serr) and, for a URN, its parts
// (RFC 8141 §2). It writes nothing for a scheme without rules.
func printSchemeRules(w io.Writer, u uri.URI, serr error) {
	r := newSchemeRecord(u, serr)
	if r == nil || isMailto(u) {
		return // the mailto section shows the check of RFC 6068 §2
	}
	fmt.Fprintf(w, "  scheme rules (%s)\n", r.Scheme)
	if serr != nil {
		printSectionError[*uri.SchemeError](w, u.String(), serr)
		return
	}
	fmt.Fprintf(w, "    ok\n")
	if r.URN != nil && *r.URN != nil {
		n := *r.URN
		show := func(name string, v *string) {
			text := "(undefined)"
			if v != nil {
				text = strconv.Quote(*v)
			}
			fmt.Fprintf(w, "    %-4s %s\n", name, text)
		}
		show("nid", &n.NID)
		show("nss", &n.NSS)
		show("r", n.R)
		show("q", n.Q)
		show("f", n.F)
	}
	if r.File != nil {
		for _, p := range []struct {
			name string
			v    *string
		}{{"posix", r.File.Posix}, {"windows", r.File.Windows}} {
			text := "(none)"
			if p.v != nil {
				text = strconv.Quote(*p.v)
			}
			fmt.Fprintf(w, "    %-7s %s\n", p.name, text)
		}
	}
	if r.Origin != nil {
		fmt.Fprintf(w, "    origin  %s\n", *r.Origin)
	}
	if r.RegistrableDomain != nil {
		rd := "(none)"
		if *r.RegistrableDomain != nil {
			rd = **r.RegistrableDomain
		}
		fmt.Fprintf(w, "    registrable domain  %s\n", rd)
	}
	if r.Data != nil {
		printData(w, r.Data)
	}
}

// mailtoRecord is the --json form of a 'mailto' URI (RFC 6068 §2): To and
// Headers are null when the URI is not a valid 'mailto' URI, and Error is
// then why.
type mailtoRecord struct {
	To      []string       `json:"to"`
	Headers []headerRecord `json:"headers"`
	Error   *jsonError     `json:"error"`
}

type headerRecord struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// isMailto reports whether u has the scheme mailto (RFC 3986 §3.1: schemes
// are case-insensitive).
func isMailto(u uri.URI) bool {
	sc, ok := u.Scheme()
	return ok && strings.EqualFold(sc, "mailto")
}

func newMailtoRecord(u uri.URI) *mailtoRecord {
	m, err := mailto.FromURI(u)
	if err != nil {
		return &mailtoRecord{Error: newJSONError(err)}
	}
	r := &mailtoRecord{To: append([]string{}, m.To...), Headers: []headerRecord{}}
	for _, h := range m.Headers {
		r.Headers = append(r.Headers, headerRecord{h.Name, h.Value})
	}
	return r
}

type jsonError struct {
	Offset  int    `json:"offset"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
	// Input is, for a command that reads two inputs, the key of the one
	// the error is about.
	Input string `json:"input,omitempty"`
}

func opt(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

func newParseRecord(s string, u uri.URI, err error) parseRecord {
	r := parseRecord{Input: s, InputQuoted: quotedIfInvalid(s)}
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
	if isMailto(u) {
		r.Mailto = newMailtoRecord(u)
	}
	r.SchemeRules = newSchemeRecord(u, u.CheckScheme())
	return r
}

// appendParseJSON appends the --json line of one input: newParseRecord's
// record as encoding/json writes it, without reflection. serr is what
// u.CheckScheme returned when err is nil.
func appendParseJSON(b []byte, s string, u uri.URI, err, serr error, zone, iri, schemeRules bool) []byte {
	o := jsonObject{b: b}
	o.key("input")
	o.b, o.plain = appendJSONStringPlain(o.b, s)
	if !o.plain {
		o.quotedIfInvalid("inputQuoted", s)
	}
	o.boolean("valid", err == nil && !(schemeRules && serr != nil))
	if err != nil {
		for _, k := range [...]string{"scheme", "userinfo", "host", "hostKind", "port", "path", "query", "fragment"} {
			o.null(k)
		}
		o.jsonErr("error", newJSONError(err))
		if zone {
			o.null("zone")
		}
		if iri {
			o.asciiHost(nil)
		}
		return o.end()
	}
	// The components are substrings of s: when s needs no escaping,
	// neither do they (jsonObject.part).
	o.key("scheme")
	o.part(u.Scheme())
	o.key("userinfo")
	o.part(u.Userinfo())
	h, hasHost := u.Host()
	o.key("host")
	o.part(h.String(), hasHost)
	o.opt("hostKind", h.Kind().String(), hasHost)
	o.key("port")
	o.part(u.Port())
	o.key("path")
	o.part(u.Path().String(), true)
	o.key("query")
	o.part(u.Query())
	o.key("fragment")
	o.part(u.Fragment())
	if schemeRules && serr != nil {
		o.jsonErr("error", newJSONError(serr))
	} else {
		o.null("error")
	}
	if zone {
		z, ok := h.Zone()
		o.opt("zone", z, ok && hasHost)
	}
	if iri {
		o.asciiHost(newASCIIHostRecord(u))
	}
	if isMailto(u) {
		if err := o.value("mailto", newMailtoRecord(u)); err != nil {
			panic(err) // a mailtoRecord always marshals
		}
	}
	o.schemeRules(u, serr)
	return o.end()
}

// schemeRules writes the member schemeRules of u, whose check against its
// scheme's rules gave serr, as appendSchemeRecord writes newSchemeRecord's
// record; for the schemes with an origin, the most common on the web,
// without building the record.
func (o *jsonObject) schemeRules(u uri.URI, serr error) {
	sc, ok := u.Scheme()
	if !ok || !uri.HasSchemeRules(sc) {
		return
	}
	o.key("schemeRules")
	sc = strings.ToLower(sc)
	if !hasOriginSection(sc) {
		o.b = appendSchemeRecord(o.b, newSchemeRecord(u, serr))
		return
	}
	r := jsonObject{b: o.b}
	r.str("scheme", sc)
	if serr != nil {
		r.jsonErr("error", newJSONError(serr))
	} else {
		r.null("error")
	}
	org, d := originSite(u)
	if h := org.Host(); jsonPlainPrefix(h) == len(h) {
		// The scheme and the port need no escaping either.
		r.key("origin")
		r.b = append(r.b, '"')
		r.b, _ = org.AppendText(r.b)
		r.b = append(r.b, '"')
	} else {
		r.str("origin", org.String())
	}
	r.opt("registrableDomain", d, d != "")
	o.b = r.close()
}

// asciiHost writes the member asciiHost: r, or null.
func (o *jsonObject) asciiHost(r *asciiHostRecord) {
	if r == nil {
		o.null("asciiHost")
		return
	}
	o.key("asciiHost")
	a := jsonObject{b: o.b}
	a.optPtr("name", r.Name)
	a.jsonErr("error", r.Error)
	o.b = a.close()
}

// appendSchemeRecord appends r as encoding/json writes it.
func appendSchemeRecord(b []byte, r *schemeRecord) []byte {
	o := jsonObject{b: b}
	o.str("scheme", r.Scheme)
	o.jsonErr("error", r.Error)
	if r.URN != nil {
		if n := *r.URN; n == nil {
			o.null("urn")
		} else {
			o.key("urn")
			u := jsonObject{b: o.b}
			u.str("nid", n.NID)
			u.str("nss", n.NSS)
			u.optPtr("r", n.R)
			u.optPtr("q", n.Q)
			u.optPtr("f", n.F)
			o.b = u.close()
		}
	}
	if r.File != nil {
		o.key("file")
		f := jsonObject{b: o.b}
		f.optPtr("posix", r.File.Posix)
		f.optPtr("windows", r.File.Windows)
		o.b = f.close()
	}
	if r.Origin != nil {
		o.str("origin", *r.Origin)
	}
	if r.RegistrableDomain != nil {
		o.optPtr("registrableDomain", *r.RegistrableDomain)
	}
	if r.Data != nil {
		if err := o.value("data", r.Data); err != nil {
			panic(err) // a dataRecord always marshals
		}
	}
	return o.close()
}

func newJSONError(err error) *jsonError {
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		return &jsonError{Offset: pe.Offset, Rule: pe.Rule, Message: cliMessage(pe.Error())}
	}
	var se *uri.SchemeError
	if errors.As(err, &se) {
		return &jsonError{Offset: se.Offset, Rule: se.Rule, Message: cliMessage(se.Error())}
	}
	var he *uri.HostError
	if errors.As(err, &he) {
		return &jsonError{Offset: he.Offset, Rule: he.Code, Message: he.Error()}
	}
	return &jsonError{Rule: "", Message: cliMessage(err.Error())}
}

// printParse writes the human form of one result. Inputs are shown quoted,
// so that any byte is visible, and with any password replaced (RFC 3986
// §7.5).
func printParse(w io.Writer, s string, u uri.URI, err error, schemeRules bool) {
	if err != nil {
		fmt.Fprintf(w, "%s\n", strconv.Quote(uri.RedactInput(s)))
		printError(w, s, err)
		return
	}
	serr := u.CheckScheme()
	if schemeRules && serr != nil {
		fmt.Fprintf(w, "%s\n", strconv.Quote(uri.RedactInput(s)))
		printError(w, s, serr)
		return
	}
	fmt.Fprintf(w, "%s\n", strconv.Quote(u.Redacted()))
	// What a WHATWG parser reads as a password may sit in another
	// component than the userinfo ("http:///u:pw@h" has it in the path):
	// every component shown hides the text that Redacted masks.
	var pw string
	if begin, end, ok := uri.RedactSpan(s); ok {
		pw = s[begin:end]
	}
	show := func(name, v string, ok bool, note string) {
		text := "(undefined)"
		if ok {
			if pw != "" {
				v = strings.ReplaceAll(v, pw, "xxxxx")
			}
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
	if z, ok := h.Zone(); ok {
		show("zone", z, true, "RFC 6874")
	}
	if r := newASCIIHostRecord(u); r != nil {
		if r.Name != nil {
			show("ascii", *r.Name, true, "RFC 3987 §3.1, UTS #46")
		} else {
			fmt.Fprintf(w, "  %-9s error: %s\n", "ascii", r.Error.Message)
		}
	}
	po, ok := u.Port()
	show("port", po, ok, "")
	show("path", u.Path().String(), true, u.Path().Kind().String())
	q, ok := u.Query()
	show("query", q, ok, "")
	f, ok := u.Fragment()
	show("fragment", f, ok, "")
	if n := relativeNote(u); n != "" {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	if isMailto(u) {
		printMailto(w, u)
	}
	printSchemeRules(w, u, serr)
}

// printMailto writes the 'mailto' section of the human form (RFC 6068 §2):
// the addresses and header fields decoded, or the error.
func printMailto(w io.Writer, u uri.URI) {
	m, err := mailto.FromURI(u)
	if err != nil {
		fmt.Fprintf(w, "  mailto\n")
		printSectionError[*uri.ParseError](w, u.String(), err)
		return
	}
	fmt.Fprintf(w, "  mailto\n")
	if len(m.To) == 0 && len(m.Headers) == 0 {
		fmt.Fprintf(w, "    (no address, no header field)\n")
	}
	for _, a := range m.To {
		fmt.Fprintf(w, "    to      %s\n", strconv.Quote(a))
	}
	for _, h := range m.Headers {
		fmt.Fprintf(w, "    header  %s: %s\n", strconv.Quote(h.Name), strconv.Quote(h.Value))
	}
}

// printSectionError writes the error line of a section of the human form
// (scheme rules, mailto): err drawn against the input s by its Render
// method, its lines indented under the first, when err is or wraps an E
// (a *uri.SchemeError or *uri.ParseError); else its message.
func printSectionError[E interface {
	error
	Render(string) string
}](w io.Writer, s string, err error) {
	var re E
	if errors.As(err, &re) {
		fmt.Fprintf(w, "    error: %s\n", strings.ReplaceAll(re.Render(s), "\n", "\n      "))
	} else {
		fmt.Fprintf(w, "    error: %v\n", err)
	}
}

// printError writes err and, for a parse error, the input drawn by
// ParseError.Render: quoted, with any password masked even when the input
// is invalid (RFC 3986 §7.5), and a caret under the failing byte.
func printError(w io.Writer, s string, err error) {
	var pe *uri.ParseError
	var se *uri.SchemeError
	switch {
	case errors.As(err, &pe):
		fmt.Fprintf(w, "  error: %s\n", strings.ReplaceAll(cliMessage(pe.Render(s)), "\n", "\n    "))
	case errors.As(err, &se):
		fmt.Fprintf(w, "  error: %s\n", strings.ReplaceAll(cliMessage(se.Render(s)), "\n", "\n    "))
	default:
		fmt.Fprintf(w, "  error: %s\n", cliMessage(err.Error()))
	}
}
