package uri_test

import (
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
)

// convOps are the conveniences run on inputs that repeat a unit, each
// with the syntax the input needs; every one must take time linear in its
// input (RFC 3986 sets no length limit, §2).
var convOps = []struct {
	name                 string
	syntax               uri.Syntax
	prefix, unit, suffix string
	op                   func(u uri.URI) error
}{
	{"Hostname of a pct-encoded reg-name", uri.RFC3986, "http://", "%41", "/", func(u uri.URI) error { _ = u.Hostname(); return nil }},
	{"Hostname of a zone", uri.RFC6874, "http://[fe80::1%25", "%41", "]/", func(u uri.URI) error { _ = u.Hostname(); return nil }},
	{"Password", uri.RFC3986, "http://u:", "%41:", "@h/", func(u uri.URI) error { _, _ = u.Password(); return nil }},
	{"RequestURI of an IRI", uri.RFC3987, "http://h/", "\u00e9/", "?q", func(u uri.URI) error { _ = u.RequestURI(); return nil }},
	// International hosts (UTS #46 through package idna): an error is a
	// result like any other here, only the time counts.
	{"ASCIIHostname of 10^6 dots", uri.RFC3986, "http://", "a.", "/", func(u uri.URI) error { _, _ = u.ASCIIHostname(); return nil }},
	{"ASCIIHostname of a pct-encoded host", uri.RFC3986, "http://", "%C3%A9.", "/", func(u uri.URI) error { _, _ = u.ASCIIHostname(); return nil }},
	{"ASCIIHostname of combining marks", uri.RFC3987, "http://a", "\u0301", "/", func(u uri.URI) error { _, _ = u.ASCIIHostname(); return nil }},
	// Compare runs ToURI, Origin's conversion and both normalizations.
	{"Compare of U-labels and their URI", uri.RFC3987, "http://", "B\u00dc.", "/", func(u uri.URI) error { _ = uri.Compare(u, u.ToURI()); return nil }},
	{"NFC of combining marks", uri.RFC3987, "http://h/", "e\u0301/", "", func(u uri.URI) error {
		_ = uri.NormalizeOptions{NFC: true, SchemeBased: true}.Normalize(u)
		return nil
	}},
	{"JoinPath on a long path", uri.RFC3986, "http://h/", "seg/", "", func(u uri.URI) error {
		_, err := u.JoinPath("a", "b")
		return err
	}},
	{"JoinPath of a long element", uri.RFC3986, "http://h/", "s", "", func(u uri.URI) error {
		_, err := u.JoinPath(strings.Repeat("a b/", len(u.String())/4))
		return err
	}},
	{"Params, Set, WithParams", uri.RFC3986, "http://h/?", "name%20of+the+pair=a+value+long+enough+that+a+megabyte+of+pairs+stays+under+the+limit+of+pairs+%21%21%21&", "", func(u uri.URI) error {
		p, err := u.Params()
		if err != nil {
			return err
		}
		p.Set("name of the pair", "x")
		p.Add("y", "z")
		_, err = u.WithParams(p)
		return err
	}},
}

// TestConvLinearTime compares the time per byte of each convenience on 1
// KB and 1 MB inputs of the same shape, as TestLinearTime does for
// parsing.
func TestConvLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("works on megabytes")
	}
	for _, c := range convOps {
		t.Run(c.name, func(t *testing.T) {
			small := mustParseIn(c.syntax, lineartest.Input(c.prefix, c.unit, c.suffix, 1<<10))
			large := mustParseIn(c.syntax, lineartest.Input(c.prefix, c.unit, c.suffix, 1<<20))
			if err := c.op(large); err != nil {
				t.Fatal(err)
			}
			lineartest.Check(t,
				lineartest.Sample{N: len(small.String()), Op: func() { _ = c.op(small) }},
				lineartest.Sample{N: len(large.String()), Op: func() { _ = c.op(large) }}, linearSlack)
		})
	}
}
