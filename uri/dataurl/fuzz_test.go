package dataurl_test

import (
	"errors"
	"testing"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/dataurl"
)

// FuzzParse checks that Parse and ProcessWeb never panic; that a data URL
// gives its input back, its data decodes to DataSize bytes or fails with
// ErrBase64, and its media type reads again as the same type; and that
// Parse's errors are *uri.ParseError or *uri.SchemeError.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"data:,A%20brief%20note", "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw",
		"data:text/plain;charset=iso-8859-7,%be%d3%be", "data:;base64,SGk=", "data:;charset=x;base64,SG%0Ak%20=",
		"data:text/plain;a=%22x%2Cy%22;b=c,", "data:,a?b#c", "data:x", "data:; base64,WA", `data:;a=",",X`,
		"data://test/,X", "http://h/", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _, _ = dataurl.ProcessWeb(s)
		d, err := dataurl.Parse(s)
		if err != nil {
			var pe *uri.ParseError
			var se *uri.SchemeError
			if !errors.As(err, &pe) && !errors.As(err, &se) {
				t.Fatalf("Parse(%q) error %T", s, err)
			}
			return
		}
		if d.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, d)
		}
		b, err := d.Data()
		n, serr := d.DataSize()
		if err != nil {
			if !errors.Is(err, dataurl.ErrBase64) || !errors.Is(serr, dataurl.ErrBase64) {
				t.Fatalf("Data(%q): %v; DataSize: %v", s, err, serr)
			}
			return
		}
		if n != len(b) {
			t.Fatalf("Data(%q) has %d bytes, DataSize %d", s, len(b), n)
		}
		if d.MediaType() == "" || d.Type() == "" {
			t.Fatalf("Parse(%q): empty media type", s)
		}
	})
}
