package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri/confusion"
)

// hugeLines are lines of about n bytes that are, or hold, a host: the
// shapes that cost the most per byte to read as a domain name.
var hugeLines = []struct {
	name string
	make func(n int) string
}{
	{"dots", func(n int) string { return strings.Repeat("a.", n/2) + "com" }},
	{"one label", func(n int) string { return strings.Repeat("a", n) }},
	{"short U-labels", func(n int) string { return strings.Repeat("a\u00e9.", n/4) + "com" }},
	{"U-labels", func(n int) string { return strings.Repeat("\u0430pple.", n/11) + "com" }},
	{"A-labels", func(n int) string { return strings.Repeat("xn--pple-43d.", n/13) + "com" }},
}

// TestLimitBeforeWork checks that uri confusion and uri idna allocate at
// most 10 bytes per byte of a line of 4 MB that is a host (confusion
// reads it in "http://" + line + "/"), text and JSON: a host longer than
// confusion.MaxHost is refused before domain to ASCII and UTS #39 read
// it, and confusion writes its output a field and a piece at a time,
// its table aligned on cells of at most maxPad bytes.
func TestLimitBeforeWork(t *testing.T) {
	if testing.Short() {
		t.Skip("reads lines of megabytes")
	}
	for _, c := range []struct {
		args []string
		line string
	}{
		{[]string{"confusion"}, "http://%s/"},
		{[]string{"confusion", "--json"}, "http://%s/"},
		{[]string{"idna", "ascii"}, "%s"},
		{[]string{"idna", "unicode", "--json"}, "%s"},
	} {
		for _, in := range hugeLines {
			t.Run(strings.Join(c.args, " ")+" < "+c.line+"/"+in.name, func(t *testing.T) {
				if per := allocPerByte(c.args, []string{in.make(4 << 20)}, c.line); per > 10 {
					t.Errorf("%.1f bytes allocated per input byte, want at most 10", per)
				}
			})
		}
	}
}

// TestWriteQuoted checks that writeQuoted writes what strconv.QuoteToASCII
// returns, with pieces that end next to multi-byte characters, invalid
// bytes and continuation bytes without a start.
func TestWriteQuoted(t *testing.T) {
	const piece = 32 << 10
	for _, s := range []string{
		"", "a", "\u00e9\"\\\n",
		strings.Repeat("a", piece-1) + "\u00e9" + "b",
		strings.Repeat("a", piece-2) + "\U0001F600" + strings.Repeat("\u00e9", piece),
		strings.Repeat("a", piece-1) + "\xe2\x82" + "\xff" + "c",
		strings.Repeat("\x80", 3*piece) + "\u00e9",
		strings.Repeat("\u2028", piece) + "\x00",
	} {
		var b strings.Builder
		n := writeQuoted(&b, s)
		if want := strconv.QuoteToASCII(s); b.String() != want || n != len(want) {
			t.Errorf("writeQuoted(%d bytes) wrote %d bytes (said %d), not QuoteToASCII's %d", len(s), b.Len(), n, len(want))
		}
	}
}

// TestIDNATooLong checks the record of a name longer than
// confusion.MaxHost: refused, in text and JSON, with exit status 1; and a
// name of that length converted.
func TestIDNATooLong(t *testing.T) {
	long := strings.Repeat("a", confusion.MaxHost+1)
	status, out, _ := runCapture([]string{"idna", "ascii", long}, "")
	if want := "error: the name is 65537 bytes, more than 65536: no DNS name is longer than 253 bytes (RFC 1035 §2.3.4); not converted\n"; status != exitInvalid || out != want {
		t.Errorf("uri idna ascii (65,537 bytes) = %d, %q; want %d, %q", status, out, exitInvalid, want)
	}
	status, out, _ = runCapture([]string{"idna", "unicode", "--json", long}, "")
	var rec idnaRecord
	if err := json.Unmarshal([]byte(out), &rec); err != nil || status != exitInvalid || rec.Valid || len(rec.Errors) != 1 || rec.Errors[0].Code != "too-long" || rec.Input != long ||
		len(rec.ASCIIErrors) != 1 || len(rec.UnicodeErrors) != 1 {
		t.Errorf("uri idna unicode --json (65,537 bytes) = %d, %.100q", status, out)
	}
	if status, out, _ := runCapture([]string{"idna", "ascii", long[1:]}, ""); status != exitOK || out != long[1:]+"\n" {
		t.Errorf("uri idna ascii (65,536 bytes) = %d, %.100q", status, out)
	}
}

// TestConfusionTooLong checks that uri confusion says why it does not read
// a host longer than confusion.MaxHost as a WHATWG parser would.
func TestConfusionTooLong(t *testing.T) {
	in := "http://" + strings.Repeat("a.", confusion.MaxHost/2+1) + "/"
	_, out, _ := runCapture([]string{"confusion", in}, "")
	if !strings.Contains(out, "\n  WHATWG: "+confusion.ErrHostTooLong.Error()+"\n") || strings.Contains(out, "idn-display") {
		t.Errorf("uri confusion (%d bytes) = %.300q..., want the WHATWG line and no domain warning", len(in), out)
	}
}

// TestConfusionRecordAllocs checks that --json writes the record of a
// long input, whose readings escape its non-ASCII path or host to three
// times its length, allocating at most 3 bytes per input byte: a field
// and a piece of a string at a time, never a reading encoded whole; and
// that what it writes is what encoding/json writes.
func TestConfusionRecordAllocs(t *testing.T) {
	for _, s := range []string{
		"http://h/" + strings.Repeat("\u00e9", 1<<19),
		"foo://" + strings.Repeat("\u00e9", 1<<19) + "/?\u2028<&>\"\\\x01#\xff",
		"http://u:p@h:8/a?q#f",
	} {
		rec := newConfusionRecord(confusion.Check(s))
		var b strings.Builder
		b.Grow(16 * len(s))
		bytes, _ := lineartest.Allocated(func() { writeConfusionRecord(&b, rec) })
		if len(s) > 1<<20 && float64(bytes)/float64(len(s)) > 3 {
			t.Errorf("writing the record of %d bytes allocates %.1f bytes per input byte, want at most 3", len(s), float64(bytes)/float64(len(s)))
		}
		var want strings.Builder
		newEncoder(&want).Encode(rec)
		if b.String() != want.String() {
			t.Errorf("writeConfusionRecord(%.40q) differs from encoding/json's", s)
		}
	}
}
