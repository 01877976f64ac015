package dataurl_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/dataurl"
)

// TestFromURIIRI: an IRI (RFC 3987) is read as the URI it maps to (§3.1),
// fragment excluded from the data.
func TestFromURIIRI(t *testing.T) {
	u, err := uri.RFC3987.ParseReference("data:text/plain,é#fé")
	if err != nil {
		t.Fatal(err)
	}
	d, err := dataurl.FromURI(u)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "data:text/plain,%C3%A9#f%C3%A9"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := d.RawData(), "%C3%A9"; got != want {
		t.Errorf("RawData() = %q, want %q", got, want)
	}
	if b, err := d.Data(); err != nil || string(b) != "é" {
		t.Errorf("Data() = %q, %v, want \"é\"", b, err)
	}
}

// TestFromURIErrors: a URI that is no data URL (RFC 2397 §3) is a
// *uri.SchemeError, the IRI case included.
func TestFromURIErrors(t *testing.T) {
	for _, s := range []string{"data:text/plain", "data:é", "http://h/", ""} {
		u, err := uri.RFC3987.ParseReference(s)
		if err != nil {
			t.Fatal(err)
		}
		_, err = dataurl.FromURI(u)
		var se *uri.SchemeError
		if !errors.As(err, &se) || se.Want != "dataurl" {
			t.Errorf("FromURI(%q) = %v, want a *uri.SchemeError with Want \"dataurl\"", s, err)
		}
	}
}

// TestFromURIErrorMessage: the message of a reference that is no data URL
// names what it is, a URI of another scheme or a reference without one.
func TestFromURIErrorMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://h/", `uri: invalid http URI (dataurl): byte 0x68 at offset 0 violates dataurl (RFC 2397 §3); a data URL starts with "data:"`},
		{"//h/,x", `uri: invalid reference (dataurl): byte 0x2f at offset 0 violates dataurl (RFC 2397 §3); a data URL starts with "data:"`},
		{"", `uri: invalid reference (dataurl): unexpected end of input at offset 0 after dataurl (RFC 2397 §3); a data URL starts with "data:"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := dataurl.Parse(tt.in)
			if diff := cmp.Diff(tt.want, fmt.Sprint(err)); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
