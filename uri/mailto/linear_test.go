package mailto_test

import (
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/mailto"
)

// mailtoShapes are 'mailto' URIs (RFC 6068 §2) made of a part repeated:
// many addresses, percent-encodings, header fields, and a to header
// field that Addresses reads.
var mailtoShapes = []lineartest.Shape{
	{Name: "addresses", Prefix: "mailto:", Unit: "a@example.org,", Suffix: "z@example.org"},
	{Name: "percent-encoded address", Prefix: "mailto:", Unit: "%C3%A9", Suffix: "@example.org"},
	{Name: "header fields", Prefix: "mailto:a@example.org?", Unit: "h=v&", Suffix: "to=b@example.org"},
	{Name: "to header field", Prefix: "mailto:?to=", Unit: "a@example.org,", Suffix: "z@example.org"},
	{Name: "long value", Prefix: "mailto:a@example.org?body=", Unit: "%20x"},
}

// TestLinearTime: Parse, Addresses and URI of a 1 MB 'mailto' URI cost per
// byte a bounded multiple of what they cost on 8 KB (package lineartest,
// which load does not fool).
func TestLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	for _, sh := range mailtoShapes {
		if _, err := mailto.Parse(sh.Input(1 << 20)); err != nil {
			t.Fatalf("%s: %v", sh.Name, err)
		}
	}
	lineartest.CheckShapes(t, mailtoShapes, 1<<13, 1<<20, 16, func(s string) {
		m, _ := mailto.Parse(s)
		_, _ = m.Addresses()
		_, _ = m.URI()
	})
}

// TestLinearMemory: what FromURI and Addresses allocate for a 1 MB
// 'mailto' URI is a bounded multiple of its size, measured in bytes,
// which load does not change: the parser's tokens and the slices of
// decoded parts, about 85 bytes per byte for header fields "h=v&" (two
// tokens and a Header per four bytes), a few for the other shapes.
func TestLinearMemory(t *testing.T) {
	for _, sh := range mailtoShapes {
		u := uri.MustParse(sh.Input(1 << 20))
		alloc, _ := lineartest.Allocated(func() {
			m, err := mailto.FromURI(u)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.Addresses(); err != nil {
				t.Fatal(err)
			}
		})
		if ratio := float64(alloc) / float64(len(u.String())); ratio > 128 {
			t.Errorf("%s: %.1f bytes allocated per byte of input", sh.Name, ratio)
		}
	}
}
