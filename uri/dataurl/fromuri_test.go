package dataurl_test

import (
	"errors"
	"testing"

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
