package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/confusion"
	"github.com/specuri/specuri/uri/idna"
)

var idnaCmd = &command{
	name:    "idna",
	summary: "convert domain names to A-labels or U-labels (UTS #46, URL Standard)",
	help:    idnaHelp,
	input:   input{json: "input", quoted: true},
	setup:   idnaSetup,
	words:   []string{"ascii", "unicode"},
}

const idnaHelp = `
Usage: uri idna ascii|unicode [--strict] [--json] [--quoted] [NAME...]

Convert each domain NAME, or each line of standard input when there are no
names or a name is "-", and print one result per line, in order.

ascii gives the name in A-labels ("xn--" and Punycode, RFC 3492): the URL
Standard's domain to ASCII, which a browser applies to the host of a URL
(UTS #46 ToASCII with CheckBidi and CheckJoiners; an ASCII name is only
lower-cased). unicode gives the name in U-labels: the URL Standard's
domain to Unicode (UTS #46 ToUnicode with the same flags).

--strict applies every check of UTS #46 (beStrict in the URL Standard):
hyphens, STD3 ASCII rules (a-z, 0-9 and "-" only) and DNS lengths, to
ASCII names too.

Every input gives one line on standard output: the result, or "error: "
and the status codes of UTS #46 that failed (Vn for the validity criteria
of §4.1, Bn for the Bidi rule of RFC 5893, Cn for RFC 5892's joiners, P4
for a bad "xn--" label, A3/A4_n for ToASCII, X4_2 for an empty label), each
with its label. unicode counts an input with errors as invalid, as UTS #46
§4.3 does, and --json shows its result anyway. A result that holds a
control character (domain to Unicode lets C0 and C1 controls through
when it does not apply the STD3 rules) is printed as a Go double-quoted
string literal, as --quoted reads it, so that no control character is
written raw to a terminal.

With --json, each input gives one JSON object on its own line with the
keys input, ascii and unicode (the two conversions; null for a failed
ascii), valid (whether the chosen one succeeded), errors (its codes, each
with code and message), and asciiErrors and unicodeErrors (those of each
conversion); inputQuoted follows input, as a Go string literal, when the
input is not valid UTF-8.

A name longer than 65,536 bytes is refused before the conversion, with
the code too-long: no DNS name is longer than 253 bytes.

Exit status: 0 when every input converts, 1 when some input does not,
2 on a usage or I/O error.

Examples:

	uri idna ascii 'BÜCHER.de' 納豆.example.org
	uri idna unicode xn--bcher-kva.de
	uri idna ascii --strict --json < hosts.txt
`

type idnaRecord struct {
	Input       string          `json:"input"`
	InputQuoted *string         `json:"inputQuoted,omitempty"`
	ASCII       *string         `json:"ascii"`
	Unicode     string          `json:"unicode"`
	Valid       bool            `json:"valid"`
	Errors      []idnaJSONError `json:"errors"`
	// ASCIIErrors and UnicodeErrors are the errors of each conversion;
	// Errors is one of them, that of the conversion asked for.
	ASCIIErrors   []idnaJSONError `json:"asciiErrors"`
	UnicodeErrors []idnaJSONError `json:"unicodeErrors"`
}

type idnaJSONError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func idnaSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	strict := fs.Bool("strict", false, "apply every check of UTS #46 (the URL Standard's beStrict)")
	return func(args []string) int {
		if len(args) == 0 || args[0] != "ascii" && args[0] != "unicode" {
			return p.usageError("want ascii or unicode before the names")
		}
		opts := idnaOptions{wantASCII: args[0] == "ascii", strict: *strict}
		return runIDNA(p, args[1:], opts)
	}
}

// idnaOptions are the settings of uri idna: the conversion wanted, and
// --strict.
type idnaOptions struct {
	wantASCII bool // ascii, not unicode
	strict    bool
}

// runIDNA converts the names of args as opts say.
func runIDNA(p *pipeline, args []string, opts idnaOptions) int {
	toASCII, toUnicode := idna.ToASCII, idna.ToUnicode
	if opts.strict {
		toASCII, toUnicode = idna.Strict.ToASCII, idna.Strict.ToUnicode
	}
	wantASCII := opts.wantASCII
	return p.each(args, func(s string) error {
		rec := idnaRecord{Input: s, InputQuoted: quotedIfInvalid(s)}
		if len(s) > confusion.MaxHost {
			return refuseLongName(p, rec)
		}
		a, aerr := toASCII(s)
		if aerr == nil {
			rec.ASCII = &a
		}
		u, uerr := toUnicode(s)
		rec.Unicode = u
		result, err := u, uerr
		if wantASCII {
			result, err = a, aerr
		}
		rec.Valid = err == nil
		// The messages quote labels as UTS #46 maps them, which the
		// pipeline cannot find the password in: hideLabels hides them.
		rec.ASCIIErrors, rec.UnicodeErrors = idnaErrors(hideLabels(s, aerr)), idnaErrors(hideLabels(s, uerr))
		rec.Errors = rec.UnicodeErrors
		if wantASCII {
			rec.Errors = rec.ASCIIErrors
		}
		if err != nil {
			p.fail()
		}
		if p.json {
			return p.record(rec, err != nil)
		}
		if err != nil {
			return p.errorLine(errors.New(maskIDNA(s, idnaMessage(hideLabels(s, err)).Error())))
		}
		if strings.ContainsFunc(result, unicode.IsControl) {
			result = strconv.Quote(result)
		}
		_, werr := fmt.Fprintln(p.stdout, result)
		return werr
	})
}

// refuseLongName writes the record of a name longer than
// confusion.MaxHost, which uri idna refuses before converting it: no DNS
// name is longer than 253 bytes (RFC 1035 §2.3.4), and the conversions
// would take memory many times the name.
func refuseLongName(p *pipeline, rec idnaRecord) error {
	p.fail()
	msg := fmt.Sprintf("the name is %d bytes, more than %d: no DNS name is longer than 253 bytes (RFC 1035 §2.3.4); not converted", len(rec.Input), confusion.MaxHost)
	if p.json {
		rec.Errors = []idnaJSONError{{Code: "too-long", Message: msg}}
		rec.ASCIIErrors, rec.UnicodeErrors = rec.Errors, rec.Errors // neither is made
		return p.record(rec, true)
	}
	return p.errorLine(errors.New(msg))
}

// maskIDNA hides the password of an input such as a pasted URL in msg,
// an error line that quotes its labels (RFC 3986 §7.5). A label is quoted
// as UTS #46 maps it, so the password's lower-case spelling (what an
// ASCII name becomes) is hidden too; and a quoted label is cut after 64
// bytes with "…", so a start of the password just before a "…" is hidden
// as well.
func maskIDNA(s, msg string) string { return maskCut(idnaMasker(s), msg) }

// idnaMasker returns the masker of s's password for maskIDNA: its
// spellings and their lower case.
func idnaMasker(s string) masker {
	m := newMasker(s)
	for _, x := range m.secrets {
		if l := strings.ToLower(x); l != x {
			m.secrets = append(m.secrets, l)
		}
	}
	return m
}

// maskCut is maskIDNA with the masker m of the input.
func maskCut(m masker, msg string) string {
	msg = m.mask(msg)
	const cut = "…"
	var b strings.Builder
	for {
		i := strings.Index(msg, cut)
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		head := msg[:i]
	secrets:
		for _, x := range m.secrets {
			for k := min(len(x)-1, len(head)); k > 0; k-- {
				if strings.HasSuffix(head, x[:k]) {
					head = head[:len(head)-k] + "xxxxx"
					break secrets
				}
			}
		}
		b.WriteString(head)
		b.WriteString(cut)
		msg = msg[i+len(cut):]
	}
}

// hideLabels returns err with the text of each label that may hold a byte
// of the password of s masked before it is quoted (RFC 3986 §7.5). A label
// is quoted as processing left it (UTS #46 §4: mapped, normalized,
// Punycode decoded or encoded; URL Standard, domain to ASCII: the rest of
// the name from the label on), where the password may be spelled
// otherwise than in s ("ｓ3cret" maps to "s3cret", "é" becomes "xn--…", a
// password with a "." is split between labels): such a text is shown as s
// spells it, from the label's start, with the password masked.
func hideLabels(s string, err error) error {
	var ie *idna.Error
	b, e, ok := uri.RedactSpan(s)
	if !ok || b == e || !errors.As(err, &ie) {
		return err
	}
	out := &idna.Error{Errors: slices.Clone(ie.Errors), More: ie.More}
	m := idnaMasker(s)
	var labels [][2]int
	for i, le := range out.Errors {
		if le.Text == "" {
			continue
		}
		if t := maskCut(m, le.Text); t != le.Text {
			out.Errors[i].Text = t
			continue
		}
		if labels == nil {
			labels = inputLabels(s)
		}
		if le.Label < 0 || le.Label >= len(labels) {
			out.Errors[i].Text = "xxxxx"
			continue
		}
		start, end := labels[le.Label][0], labels[le.Label][1]
		if strings.Contains(le.Text, ".") {
			end = len(s) // the text runs on over the labels after it
		}
		if end <= b || start >= e {
			continue
		}
		out.Errors[i].Text = cutLabel(s[start:max(start, b)] + "xxxxx" + s[min(end, e):end])
	}
	return out
}

// inputLabels returns the span [start, end) of each label of s: s split
// at the code points that UTS #46 maps to U+002E FULL STOP
// (IdnaMappingTable.txt), where §4 step 3 breaks the mapped name, so
// that the label numbered k by processing is the k-th span.
func inputLabels(s string) [][2]int {
	var spans [][2]int
	start := 0
	for i, r := range s {
		switch r {
		case '.', '\u3002', '\uFF0E', '\uFF61':
			spans = append(spans, [2]int{start, i})
			start = i + utf8.RuneLen(r)
		}
	}
	return append(spans, [2]int{start, len(s)})
}

// cutLabel cuts t after at most 64 bytes, on a character boundary, and
// marks the cut with "…", as idna.LabelError's Text is cut.
func cutLabel(t string) string {
	const maxText = 64
	if len(t) <= maxText {
		return t
	}
	n := maxText
	for n > 0 && !utf8.RuneStart(t[n]) {
		n--
	}
	return t[:n] + "…"
}

// idnaErrors lists the codes of an *idna.Error, one per code and label.
func idnaErrors(err error) []idnaJSONError {
	out := []idnaJSONError{}
	var ie *idna.Error
	if !errors.As(err, &ie) {
		if err != nil {
			out = append(out, idnaJSONError{Code: "error", Message: err.Error()})
		}
		return out
	}
	for _, le := range ie.Errors {
		out = append(out, idnaJSONError{Code: string(le.Code), Message: labelMessage(le)})
	}
	return out
}

// labelMessage says what a LabelError means and where.
func labelMessage(le idna.LabelError) string {
	msg := le.Code.Message()
	if le.Code == idna.CodeA4_1 || le.Code == idna.CodeEmpty {
		return msg
	}
	return msg + " (label " + strconv.Itoa(le.Label) + " " + strconv.Quote(le.Text) + " at offset " + strconv.Itoa(le.Offset) + ")"
}

// idnaMessage is the text of an "error: " line: each code with its label.
func idnaMessage(err error) error {
	var ie *idna.Error
	if !errors.As(err, &ie) {
		return err
	}
	msg := ""
	for i, le := range ie.Errors {
		if i > 0 {
			msg += "; "
		}
		msg += string(le.Code) + ": " + labelMessage(le)
	}
	if ie.More > 0 {
		msg += "; and " + strconv.Itoa(ie.More) + " more"
	}
	return errors.New(msg)
}
