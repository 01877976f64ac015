package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/confusion"
)

var confusionCmd = &command{
	name:    "confusion",
	summary: "compare how RFC 3986, Go's net/url and browsers read URI references",
	help:    confusionHelp,
	input:   input{json: "input", quoted: true},
	setup:   confusionSetup,
}

const confusionHelp = `
Usage: uri confusion [--syntax SYNTAX] [--json] [--quoted] [URI...]

Read each URI argument, or each line of standard input when there are no
arguments, with this strict parser (as a URI-reference in SYNTAX), with
Go's net/url and with the WHATWG URL Standard's parser (browsers, Node's
URL; package uri/whatwg), and show the readings side by side: validity,
scheme, userinfo, host, port, path, query and fragment, the WHATWG column
as that parser's getters serialize them (no default port, no
dot-segments). Then name what the strict parser and net/url disagree on
(validity, scheme, userinfo, host, port, path, query, fragment) and, on a
line of its own, what the WHATWG reading differs in from the strict one
(net/url's when the strict parser rejects the input), each component
compared as the WHATWG parser serializes it ("HTTP://h:080/a/../b" agrees),
and warn about features that browsers and other parsers commonly
read differently (RFC 3986 §7): backslash, ipv4-alternate (§7.4),
percent-encoded-host, non-ascii-host, userinfo, zone-id,
whitespace-or-control, and whatwg-host and whatwg-userinfo, when a WHATWG
parser reads another host or a userinfo: for http, https, ws, wss and ftp
it skips any number of slashes, so that "http:evil.com" and
"http:///evil.com", paths for RFC 3986, contact the host evil.com. The
WHATWG host is shown as that parser serializes it ("ws:127.1" contacts
127.0.0.1), a domain after domain to ASCII (UTS #46): the host a browser
contacts. For a domain, six more warnings: idna-invalid (domain to ASCII
fails: a browser refuses the URL), mixed-script (a label below UTS #39's
"Highly Restrictive", the level Chromium uses), confusable (a label with
the UTS #39 skeleton of an all-Latin label or of another label of the
name, as Cyrillic "аpple" and "apple"), mixed-numbers (a label with
digits of more than one decimal number system, as "1२3", UTS #39 §5.3),
unlikely-marks (a label with a repeated nonspacing mark, more than 4 in a
row, or one its letter hides, as "i\u0307nfo", UTS #39 §5.4) and
idn-display (what a browser shows: the U-labels, or punycode for the
labels it distrusts). The domain's registrable domain (URL Standard, from
the Public Suffix List) is shown under the table, whose owner the host
belongs to, and deceptive-subdomain warns when labels left of it spell
another registrable domain under com, net, org, edu, gov, mil, int or a
country code: paypal.com.evil.net is evil.net's, and
accounts.google.com-login.example.net is example.net's.

--syntax chooses the grammar of the strict reading: rfc3986 (the default),
rfc6874 (IPv6 zone identifiers) or rfc3987 (IRIs).

Components are compared by meaning: schemes case-insensitively, user name,
password and host after percent-decoding; net/url cannot tell an empty
authority or port from none. Passwords are shown as xxxxx (RFC 3986 §7.5)
in every cell, also where one parser reads a path and a browser reads a
password, as in "http:\\user:pw@host/"; --json shows them as written.

With --json, each input gives one JSON object on its own line with the keys
input, strict, netURL, whatwg, differences, whatwgDifferences, warnings
and idn; strict, netURL and whatwg have the keys valid, scheme, userinfo,
host, port, path, query, fragment (null when undefined) and error (null, or {"offset": N, "rule": "...", "message":
"..."} for strict, {"message": "..."} for the others). idn is null, or
for a domain {"input", "ascii", "display", "punycode", "error", "labels":
[{"ascii", "unicode", "level", "mixedScript", "latinSpelling",
"sameSkeletonAs", "mixedNumbers", "unlikelyMarks"}], "registrableDomain",
"spells"}: domain to ASCII's input and result (or error), what a browser
shows, each label's UTS #39 restriction level, confusables (null, or the
index of the label), mixed numbers and unlikely marks (null, or which),
the registrable domain and the one labels left of it spell (null for
none). inputQuoted follows input, holding it as a Go string literal, when
it is not valid UTF-8, which a JSON string cannot hold.

A host longer than 65,536 bytes is not read as a domain (no DNS name is
longer than 253 bytes): when a WHATWG parser would read an authority
that long, the WHATWG reading is not made (its column says invalid, a
line says why) and no WHATWG difference or domain warning is given.
Columns are aligned on cells of at most 64 bytes; a longer cell moves
the rest of its row right.

Exit status: 0 when the parsers agree on every input, 1 when they disagree
on some input (a difference, or a whatwg-host or whatwg-userinfo warning),
2 on a usage error.

Examples:

	uri confusion 'http://a@b@c/' 'http://0x7f.1/' 'http:\\evil.example'
	uri confusion --json 'http://[fe80::1%25eth0]/'
	uri confusion 'http:///evil.com' 'ws:127.1' 'http://ExAmple.com:080/'
	uri confusion --syntax rfc3987 'http://аpple.com/'
`

func confusionSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	syntaxName := fs.String("syntax", "rfc3986", "the grammar of the strict reading: rfc3986, rfc6874 (zone identifiers) or rfc3987 (IRIs)")
	return func(args []string) int {
		syntax, ok := syntaxNamed(p.env, "confusion", *syntaxName)
		if !ok {
			return exitUsage
		}
		out := blocks{w: p.stdout}
		return p.each(args, func(s string) error {
			r := confusion.Options{Syntax: syntax}.Check(s)
			if disagree(r) {
				p.fail()
			}
			if p.json {
				return writeConfusionRecord(p.stdout, withoutPasswords(p, newConfusionRecord(r)))
			}
			printConfusion(out.next(), r)
			return nil
		})
	}
}

// confusionRecord is the --json form of one report.
type confusionRecord struct {
	Input             string                 `json:"input"`
	InputQuoted       *string                `json:"inputQuoted,omitempty"`
	Strict            readingRecord          `json:"strict"`
	NetURL            readingRecord          `json:"netURL"`
	WHATWG            readingRecord          `json:"whatwg"`
	Differences       []confusion.Difference `json:"differences"`
	WHATWGDifferences []confusion.Difference `json:"whatwgDifferences"`
	Warnings          []confusion.Warning    `json:"warnings"`
	IDN               *idnRecord             `json:"idn"`
}

// writeConfusionRecord writes c as one line of JSON, as an encoder
// writes it, but one field at a time, and a string (the input, a
// reading's component) a piece at a time, so that the line of a long
// input is not held whole in memory.
func writeConfusionRecord(w io.Writer, c confusionRecord) error {
	fields := []jsonField{{"input", c.Input}}
	if c.InputQuoted != nil {
		fields = append(fields, jsonField{"inputQuoted", c.InputQuoted})
	}
	fields = append(fields, jsonField{"strict", c.Strict}, jsonField{"netURL", c.NetURL}, jsonField{"whatwg", c.WHATWG},
		jsonField{"differences", c.Differences}, jsonField{"whatwgDifferences", c.WHATWGDifferences},
		jsonField{"warnings", c.Warnings}, jsonField{"idn", c.IDN})
	j := newPieceEncoder(w)
	if err := j.object(fields); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// lineWriter writes what an encoder writes without the newline that ends
// each value, for a value inside a line.
type lineWriter struct{ w io.Writer }

func (l lineWriter) Write(b []byte) (int, error) {
	_, err := l.w.Write(bytes.TrimSuffix(b, []byte("\n")))
	return len(b), err
}

// A jsonField is a key and a value of an object that a pieceEncoder
// writes.
type jsonField struct {
	key   string
	value any
}

// A pieceEncoder writes JSON as an encoder of newEncoder writes it, less
// the newline after a value, with objects a field at a time and strings
// a piece at a time (see writeQuoted).
type pieceEncoder struct {
	w     io.Writer
	enc   *json.Encoder // writes to w
	piece bytes.Buffer
	penc  *json.Encoder // writes to piece
}

func newPieceEncoder(w io.Writer) *pieceEncoder {
	j := &pieceEncoder{w: w, enc: newEncoder(lineWriter{w})}
	j.penc = newEncoder(&j.piece)
	return j
}

// object writes fields as a JSON object, in their order.
func (j *pieceEncoder) object(fields []jsonField) error {
	for i, f := range fields {
		open := ","
		if i == 0 {
			open = "{"
		}
		if _, err := io.WriteString(j.w, open+strconv.Quote(f.key)+":"); err != nil {
			return err
		}
		if err := j.value(f.value); err != nil {
			return err
		}
	}
	if len(fields) == 0 {
		_, err := io.WriteString(j.w, "{}")
		return err
	}
	_, err := io.WriteString(j.w, "}")
	return err
}

// value writes v: a string, a *string or a readingRecord in pieces, any
// other value as the encoder writes it.
func (j *pieceEncoder) value(v any) error {
	switch v := v.(type) {
	case string:
		return j.string(v)
	case *string:
		if v != nil {
			return j.string(*v)
		}
	case readingRecord:
		return j.object(v.fields())
	}
	return j.enc.Encode(v)
}

// string writes s as a JSON string, a piece at a time.
func (j *pieceEncoder) string(s string) error {
	var err error
	writePieces(j.w, s, func(buf []byte, piece string) []byte {
		j.piece.Reset()
		if e := j.penc.Encode(piece); e != nil && err == nil {
			err = e
		}
		return append(buf[:0], bytes.TrimSuffix(j.piece.Bytes(), []byte("\n"))...)
	})
	return err
}

// fields returns the fields of r as encoding/json writes them: in the
// order of the struct, hostKind omitted when nil.
func (r readingRecord) fields() []jsonField {
	f := []jsonField{{"valid", r.Valid}, {"scheme", r.Scheme}, {"userinfo", r.Userinfo}, {"host", r.Host}}
	if r.HostKind != nil {
		f = append(f, jsonField{"hostKind", r.HostKind})
	}
	return append(f, jsonField{"port", r.Port}, jsonField{"path", r.Path}, jsonField{"query", r.Query},
		jsonField{"fragment", r.Fragment}, jsonField{"error", r.Error})
}

// idnRecord is the --json form of a report's IDN.
type idnRecord struct {
	Input    string        `json:"input"`
	ASCII    *string       `json:"ascii"`
	Display  *string       `json:"display"`
	Punycode bool          `json:"punycode"`
	Error    *jsonError    `json:"error"`
	Labels   []labelRecord `json:"labels"`
	// RegistrableDomain and Spells are the IDN's, null when "".
	RegistrableDomain *string `json:"registrableDomain"`
	Spells            *string `json:"spells"`
}

type labelRecord struct {
	ASCII          string  `json:"ascii"`
	Unicode        string  `json:"unicode"`
	Level          string  `json:"level"`
	MixedScript    bool    `json:"mixedScript"`
	LatinSpelling  *string `json:"latinSpelling"`
	SameSkeletonAs *int    `json:"sameSkeletonAs"`
	MixedNumbers   bool    `json:"mixedNumbers"`
	UnlikelyMarks  *string `json:"unlikelyMarks"`
}

func newIDNRecord(n *confusion.IDN) *idnRecord {
	if n == nil {
		return nil
	}
	r := &idnRecord{Input: n.Input, Labels: []labelRecord{}}
	if n.Err != nil {
		r.Error = &jsonError{Message: n.Err.Error()}
		return r
	}
	r.ASCII, r.Display, r.Punycode = &n.ASCII, &n.Display, n.Punycode
	r.RegistrableDomain = opt(n.RegistrableDomain, n.RegistrableDomain != "")
	r.Spells = opt(n.Spells, n.Spells != "")
	for _, l := range n.Labels {
		lr := labelRecord{ASCII: l.ASCII, Unicode: l.Unicode, Level: l.Level, MixedScript: l.MixedScript,
			LatinSpelling: opt(l.LatinSpelling, l.LatinSpelling != ""), MixedNumbers: l.MixedNumbers,
			UnlikelyMarks: opt(l.UnlikelyMarks, l.UnlikelyMarks != "")}
		if l.SameSkeletonAs >= 0 {
			i := l.SameSkeletonAs
			lr.SameSkeletonAs = &i
		}
		r.Labels = append(r.Labels, lr)
	}
	return r
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

func field(f confusion.Field) *string { return opt(f.Value, f.Defined) }

func newReadingRecord(rd confusion.Reading, strict bool) readingRecord {
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

func newConfusionRecord(r confusion.Report) confusionRecord {
	c := confusionRecord{
		Input:             r.Input,
		InputQuoted:       quotedIfInvalid(r.Input),
		Strict:            newReadingRecord(r.Strict, true),
		NetURL:            newReadingRecord(r.NetURL, false),
		WHATWG:            newReadingRecord(r.WHATWG, false),
		Differences:       r.Differences,
		WHATWGDifferences: r.WHATWGDifferences,
		Warnings:          r.Warnings,
		IDN:               newIDNRecord(r.IDN),
	}
	if c.Differences == nil {
		c.Differences = []confusion.Difference{}
	}
	if c.WHATWGDifferences == nil {
		c.WHATWGDifferences = []confusion.Difference{}
	}
	if c.Warnings == nil {
		c.Warnings = []confusion.Warning{}
	}
	return c
}

// disagree reports whether the readings of r disagree: a difference
// between the strict reading and net/url's, or a WHATWG parser reading
// another host or userinfo.
func disagree(r confusion.Report) bool {
	return len(r.Differences) > 0 || len(whatwgWarnings(r)) > 0
}

func whatwgWarnings(r confusion.Report) []confusion.Warning {
	var w []confusion.Warning
	for _, x := range r.Warnings {
		if x == confusion.WarnWHATWGHost || x == confusion.WarnWHATWGUserinfo {
			w = append(w, x)
		}
	}
	return w
}

// A masker hides a password in the cells of one report (RFC 3986 §7.5):
// the bytes RedactInput masks, as they appear in the input and as the
// parsers decode and re-encode them.
type masker struct {
	secrets []string
	input   string // the input as RedactInput masks it
}

func newMasker(s string) masker {
	b, e, ok := uri.RedactSpan(s)
	if !ok {
		return masker{input: s}
	}
	m := masker{input: s[:b] + "xxxxx" + s[e:]}
	if b == e {
		return m
	}
	raw := s[b:e]
	m.secrets = []string{raw}
	// Messages that quote the input (net/url's) escape its control and
	// invalid bytes.
	if q := strconv.Quote(raw); q[1:len(q)-1] != raw {
		m.secrets = append(m.secrets, q[1:len(q)-1])
	}
	if d, err := uri.PercentDecode(raw); err == nil {
		m.secrets = append(m.secrets, d)
		// net/url re-encodes a password (Userinfo.String) and a path.
		m.secrets = append(m.secrets, strings.TrimPrefix(url.UserPassword("", d).String(), ":"),
			(&url.URL{Path: d}).EscapedPath())
	}
	// Longest spelling first, so that a shorter one found inside it does
	// not leave part of it.
	sort.Slice(m.secrets, func(i, j int) bool { return len(m.secrets[i]) > len(m.secrets[j]) })
	return m
}

// mask returns v with every copy of the password replaced by "xxxxx". A
// short password also hides the same bytes elsewhere in v: masking errs
// on the side of hiding.
func (m masker) mask(v string) string {
	for _, x := range m.secrets {
		if x != "" {
			v = strings.ReplaceAll(v, x, "xxxxx")
		}
	}
	return v
}

// printConfusion writes the human form of one report: the input, the
// three readings in columns, the differences and the warnings. Every password
// is masked (RFC 3986 §7.5): net/url's error messages quote the input, so
// they are not shown.
func printConfusion(w io.Writer, r confusion.Report) {
	m := newMasker(r.Input)
	writeQuoted(w, m.input)
	io.WriteString(w, "\n")
	printRows(w, confusionRows(r, m), m)
	if !r.Strict.Valid {
		fmt.Fprintf(w, "  %s error: %v\n", r.Syntax.String(), r.Strict.Err)
	}
	if errors.Is(r.WHATWG.Err, confusion.ErrHostTooLong) {
		fmt.Fprintf(w, "  WHATWG: %v\n", r.WHATWG.Err)
	}
	if r.IDN != nil && r.IDN.Err == nil {
		rd := "none (the host is a public suffix)"
		if r.IDN.RegistrableDomain != "" {
			rd = strconv.QuoteToASCII(m.mask(r.IDN.RegistrableDomain))
		}
		fmt.Fprintf(w, "  registrable domain: %s\n", rd)
	}
	fmt.Fprintf(w, "  differences: %s\n", differenceList(r, m))
	if len(r.WHATWGDifferences) > 0 {
		fmt.Fprintf(w, "  WHATWG differs in: %s\n", whatwgDifferenceList(r.WHATWGDifferences))
	}
	for _, x := range r.Warnings {
		fmt.Fprintf(w, "  warning: %s: %s\n", x, x.Explain())
		if d := idnDetail(x, r.IDN); d != "" {
			fmt.Fprintf(w, "    %s\n", m.mask(d))
		}
	}
}

// A cell is one cell of printConfusion's table: a word, or a component's
// value to quote, masked as how says. A value is masked and quoted as it
// is written, so that the table of a long input holds no copy of it.
type cell struct {
	text   string
	quoted bool
	how    int // for a quoted value: maskNone, maskUserinfo or maskCopies
}

// maxPad is the widest cell that printRows aligns the next column after:
// a wider one (a long path) is written as it is, and the columns after
// it on its row move right, rather than every other row being padded to
// its width.
const maxPad = 64

// value returns the text of a quoted cell, masked, before quoting.
func (c cell) value(m masker) string {
	switch c.how {
	case maskUserinfo:
		return m.mask(uri.RedactUserinfo(c.text))
	case maskCopies:
		return m.mask(c.text)
	}
	return c.text
}

// width returns the width of c as written, or maxPad+1 for a cell wider
// than maxPad: a quoted value is at least as long as the value.
func (c cell) width(m masker) int {
	switch {
	case !c.quoted:
		return len(c.text)
	case len(c.text) > maxPad:
		return maxPad + 1
	}
	return len(strconv.QuoteToASCII(c.value(m)))
}

// write writes c to w and returns its width.
func (c cell) write(w io.Writer, m masker) int {
	if !c.quoted {
		io.WriteString(w, c.text)
		return len(c.text)
	}
	return writeQuoted(w, c.value(m))
}

// confusionRows returns the table of printConfusion: a header, validity,
// and a row per component.
func confusionRows(r confusion.Report, m masker) [][4]cell {
	// A password is in the authority, so it can be read as a userinfo,
	// host, port or path, never as a scheme, query or fragment.
	value := func(rd confusion.Reading, f confusion.Field, how int) cell {
		switch {
		case !rd.Valid:
			return cell{text: "-"}
		case !f.Defined:
			return cell{text: "(undefined)"}
		}
		return cell{text: f.Value, quoted: true, how: how}
	}
	valid := func(rd confusion.Reading) cell {
		if rd.Valid {
			return cell{text: "valid"}
		}
		return cell{text: "invalid"}
	}
	rows := [][4]cell{
		{{}, {text: r.Syntax.String()}, {text: "net/url"}, {text: "WHATWG"}},
		{{}, valid(r.Strict), valid(r.NetURL), valid(r.WHATWG)},
	}
	for _, c := range []struct {
		name    string
		s, n, g confusion.Field
		how     int
	}{
		{"scheme", r.Strict.Scheme, r.NetURL.Scheme, r.WHATWG.Scheme, maskNone},
		{"userinfo", r.Strict.Userinfo, r.NetURL.Userinfo, r.WHATWG.Userinfo, maskUserinfo},
		{"host", r.Strict.Host, r.NetURL.Host, r.WHATWG.Host, maskCopies},
		{"port", r.Strict.Port, r.NetURL.Port, r.WHATWG.Port, maskCopies},
		{"path", r.Strict.Path, r.NetURL.Path, r.WHATWG.Path, maskCopies},
		{"query", r.Strict.Query, r.NetURL.Query, r.WHATWG.Query, maskNone},
		{"fragment", r.Strict.Fragment, r.NetURL.Fragment, r.WHATWG.Fragment, maskNone},
	} {
		rows = append(rows, [4]cell{{text: c.name}, value(r.Strict, c.s, c.how), value(r.NetURL, c.n, c.how), value(r.WHATWG, c.g, c.how)})
	}
	return rows
}

// printRows writes rows in aligned columns, each as wide as its widest
// cell up to maxPad. Columns are padded by hand: fmt refuses widths of
// 10^6 and more.
func printRows(w io.Writer, rows [][4]cell, m masker) {
	var w1, w2 int
	for _, row := range rows {
		w1, w2 = max(w1, min(row[1].width(m), maxPad)), max(w2, min(row[2].width(m), maxPad))
	}
	for _, row := range rows {
		io.WriteString(w, "  ")
		writePadded(w, row[0], 9, m)
		io.WriteString(w, " ")
		writePadded(w, row[1], w1, m)
		io.WriteString(w, "  ")
		writePadded(w, row[2], w2, m)
		io.WriteString(w, "  ")
		row[3].write(w, m)
		io.WriteString(w, "\n")
	}
}

// writePadded writes c and spaces up to width bytes.
func writePadded(w io.Writer, c cell, width int, m masker) {
	if n := c.write(w, m); n < width {
		io.WriteString(w, strings.Repeat(" ", width-n))
	}
}

// writeQuoted writes s as strconv.QuoteToASCII quotes it and returns the
// bytes written, a piece at a time (see writePieces).
func writeQuoted(w io.Writer, s string) int {
	return writePieces(w, s, func(buf []byte, piece string) []byte { return strconv.AppendQuoteToASCII(buf[:0], piece) })
}

// writePieces writes s quoted by quote, which appends a piece of s to
// buf[:0] quoted, and returns the bytes written, a piece at a time, so
// that a long s is not copied whole. Pieces end before a byte that starts
// a UTF-8 sequence, where quote's reading of s, one code point or invalid
// byte at a time (strconv.QuoteToASCII, a JSON string), also breaks.
func writePieces(w io.Writer, s string, quote func(buf []byte, piece string) []byte) int {
	const piece = 32 << 10
	var buf []byte
	n := 0
	for first := true; first || s != ""; first = false {
		end := min(len(s), piece)
		for end < len(s) && !utf8.RuneStart(s[end]) {
			end++
		}
		q := quote(buf, s[:end])
		buf = q // its whole capacity, for the next piece
		if !first {
			q = q[1:] // the opening quote of a piece after the first
		}
		if end < len(s) {
			q = q[:len(q)-1] // the closing quote of a piece before the last
		}
		w.Write(q)
		n += len(q)
		s = s[end:]
	}
	return n
}

// differenceList names the differences of r and the host and userinfo a
// WHATWG parser reads otherwise, or says none.
func differenceList(r confusion.Report, m masker) string {
	var d []string
	for i, x := range r.Differences {
		if i == 0 && x == confusion.DiffValidity {
			d = append(d, "one rejects")
			continue
		}
		d = append(d, string(x)+" differs")
	}
	for _, x := range whatwgWarnings(r) {
		switch x {
		case confusion.WarnWHATWGHost:
			d = append(d, "WHATWG host "+strconv.QuoteToASCII(m.mask(r.WHATWG.Host.Value)))
		case confusion.WarnWHATWGUserinfo:
			d = append(d, "WHATWG userinfo "+strconv.QuoteToASCII(m.mask(uri.RedactUserinfo(r.WHATWG.Userinfo.Value))))
		}
	}
	if len(d) == 0 {
		return "none"
	}
	return strings.Join(d, ", ")
}

// whatwgDifferenceList names the components the WHATWG reading differs
// in from the reference reading, or says that it rejects the input.
func whatwgDifferenceList(ds []confusion.Difference) string {
	if ds[0] == confusion.DiffValidity {
		return "validity (it rejects the input)"
	}
	s := make([]string, len(ds))
	for i, x := range ds {
		s[i] = string(x)
	}
	return strings.Join(s, ", ")
}

// idnDetail says, for a warning about the domain n, which label and
// what a browser does.
func idnDetail(x confusion.Warning, n *confusion.IDN) string {
	if n == nil {
		return ""
	}
	q := strconv.QuoteToASCII
	var d []string
	switch x {
	case confusion.WarnIDNAInvalid:
		return "domain to ASCII of " + q(n.Input) + ": " + n.Err.Error()
	case confusion.WarnMixedScript:
		for _, l := range n.Labels {
			if l.IsIDN() && l.MixedScript {
				d = append(d, q(l.Unicode)+" is "+l.Level)
			}
		}
	case confusion.WarnConfusable, confusion.WarnMixedNumbers, confusion.WarnUnlikelyMarks:
		d = detectionDetails(x, n)
	case confusion.WarnDeceptiveSubdomain:
		return q(n.Spells) + " is spelled left of the registrable domain " + q(n.RegistrableDomain)
	case confusion.WarnIDNDisplay:
		if n.Punycode {
			return "a browser shows punycode: " + q(n.Display)
		}
		return "a browser shows the U-labels: " + q(n.Display)
	}
	return strings.Join(d, "; ")
}

// How a cell of printConfusion is masked.
const (
	maskNone     = iota // a scheme, query or fragment: no password there
	maskUserinfo        // the text after the first ":", and copies of the password
	maskCopies          // copies of the password
)

// detectionDetails names the labels of n that UTS #39 §4 (confusables),
// §5.3 (mixed numbers) or §5.4 (unlikely marks) finds, as warning x says.
func detectionDetails(x confusion.Warning, n *confusion.IDN) []string {
	q := strconv.QuoteToASCII
	var d []string
	for _, l := range n.Labels {
		switch {
		case !l.IsIDN():
		case x == confusion.WarnConfusable:
			if l.LatinSpelling != "" {
				d = append(d, q(l.Unicode)+" is confusable with the Latin "+q(l.LatinSpelling))
			}
			if l.SameSkeletonAs >= 0 {
				d = append(d, q(l.Unicode)+" is confusable with the label "+q(n.Labels[l.SameSkeletonAs].Unicode))
			}
		case x == confusion.WarnMixedNumbers && l.MixedNumbers:
			d = append(d, strconv.QuoteToASCII(l.Unicode)+" has digits of more than one decimal number system")
		case x == confusion.WarnUnlikelyMarks && l.UnlikelyMarks != "":
			d = append(d, strconv.QuoteToASCII(l.Unicode)+" has "+l.UnlikelyMarks)
		}
	}
	return d
}
