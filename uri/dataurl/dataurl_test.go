package dataurl_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/dataurl"
)

// view is what the tests compare of a URL.
type view struct {
	Type, MediaType string
	Params          []dataurl.Param
	Base64          bool
	Data            string
}

func viewOf(t *testing.T, d dataurl.URL) view {
	t.Helper()
	b, err := d.Data()
	if err != nil {
		t.Fatalf("Data(%q): %v", d, err)
	}
	if n, err := d.DataSize(); err != nil || n != len(b) {
		t.Errorf("DataSize(%q) = %d, %v; Data has %d bytes", d, n, err, len(b))
	}
	return view{d.Type(), d.MediaType(), d.Params(), d.Base64(), string(b)}
}

// TestParse: the examples of RFC 2397 §4, the defaults of §2, and the
// forms of §3.
func TestParse(t *testing.T) {
	ascii := []dataurl.Param{{Attribute: "charset", Value: "US-ASCII"}}
	tests := []struct {
		in   string
		want view
	}{
		{"data:,A%20brief%20note", view{"text/plain", "text/plain;charset=US-ASCII", ascii, false, "A brief note"}},
		{"data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw",
			view{"image/gif", "image/gif", nil, true, "GIF87a0\x000\x00\xf0\x00\x00\x00\x00\x00\xff\xff\xff,\x00\x00\x00\x000\x000"}},
		{"data:text/plain;charset=iso-8859-7,%be%d3%be",
			view{"text/plain", "text/plain;charset=iso-8859-7", []dataurl.Param{{"charset", "iso-8859-7"}}, false, "\xbe\xd3\xbe"}},
		{"data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
			view{"application/vnd-xxx-query", "application/vnd-xxx-query", nil, false, "select_vcount,fcol_from_fieldtable/local"}},
		// §2: "text/plain" can be omitted but the charset supplied.
		{"data:;charset=utf-8,%E2%82%AC", view{"text/plain", "text/plain;charset=utf-8", []dataurl.Param{{"charset", "utf-8"}}, false, "€"}},
		{"data:;base64,SGk=", view{"text/plain", "text/plain;charset=US-ASCII", ascii, true, "Hi"}},
		{"DATA:Text/HTML;Charset=UTF-8;BASE64,SGk=#f",
			view{"text/html", "text/html;charset=UTF-8", []dataurl.Param{{"charset", "UTF-8"}}, true, "Hi"}},
		// A value with a tspecial, percent-encoded (§3), is quoted by
		// MediaType as RFC 2045 writes it.
		{"data:text/plain;a=%22x%2Cy%22;b=c,", view{"text/plain", `text/plain;a="\"x,y\"";b=c`,
			[]dataurl.Param{{"a", `"x,y"`}, {"b", "c"}}, false, ""}},
		// The query is data (RFC 2397 has none); the fragment is not.
		{"data:,a?b#c", view{"text/plain", "text/plain;charset=US-ASCII", ascii, false, "a?b"}},
		// RFC 2045 §6.8: characters outside the alphabet are ignored.
		{"data:;base64,SG%0Ak%20=", view{"text/plain", "text/plain;charset=US-ASCII", ascii, true, "Hi"}},
		{"data:;base64,", view{"text/plain", "text/plain;charset=US-ASCII", ascii, true, ""}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			d, err := dataurl.Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, viewOf(t, d)); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if d.String() != tt.in || d.URI().String() != tt.in {
				t.Errorf("Parse(%q).String() = %q", tt.in, d)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in   string
		want string // the error's Rule
	}{
		{"data:text/plain;charset=,x", "attribute"},
		{"data:text,x", "type"},
		{"data:x", "type"},
		{"data:;base64;charset=x,", "dataurl"},
		{"http://h/", "dataurl"},
		{"", "dataurl"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := dataurl.Parse(tt.in)
			var se *uri.SchemeError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) error = %v, want a *uri.SchemeError", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, se.Rule); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	if _, err := dataurl.Parse("data:,a b"); err == nil {
		t.Error(`Parse("data:,a b") = nil error`)
	}
}

func TestDataErrors(t *testing.T) {
	for _, s := range []string{"data:;base64,SGk", "data:;base64,S===", "data:;base64,SG==SGk=", "data:;base64,A"} {
		d := dataurl.MustParse(s)
		if _, err := d.Data(); !errors.Is(err, dataurl.ErrBase64) {
			t.Errorf("Data(%q) error = %v, want ErrBase64", s, err)
		}
	}
	big := dataurl.MustParse("data:," + strings.Repeat("a", dataurl.MaxDataSize+1))
	if _, err := big.Data(); !errors.Is(err, dataurl.ErrTooLarge) {
		t.Errorf("Data(%d bytes) error = %v, want ErrTooLarge", dataurl.MaxDataSize+1, err)
	}
	// The size is decoded, not written: three escapes per byte fit.
	fits := dataurl.MustParse("data:," + strings.Repeat("%41", 1<<20))
	if b, err := fits.Data(); err != nil || len(b) != 1<<20 {
		t.Errorf("Data(1 MiB of %%41) = %d bytes, %v", len(b), err)
	}
	var zero dataurl.URL
	if b, err := zero.Data(); err != nil || len(b) != 0 || zero.MediaType() != "" || zero.Params() != nil {
		t.Errorf("zero URL: Data = %q, %v; MediaType %q", b, err, zero.MediaType())
	}
}

// TestDataAllocs: Data allocates the result only (not base64).
func TestDataAllocs(t *testing.T) {
	d := dataurl.MustParse("data:," + strings.Repeat("%41b", 1000))
	if n := testing.AllocsPerRun(10, func() { _, _ = d.Data() }); n > 1 {
		t.Errorf("Data allocates %v times, want 1", n)
	}
}

// TestParseMemory: what Parse allocates does not grow with the number of
// percent-encodings in the data or the parameters (the parsers record the
// tokens of a few rules only): under 4 KiB for a URL of 600 KB.
func TestParseMemory(t *testing.T) {
	large := "data:text/plain;a=" + strings.Repeat("%41", 100000) + "," + strings.Repeat("%41", 100000)
	bytes, _ := lineartest.Allocated(func() {
		for range 10 {
			if _, err := dataurl.Parse(large); err != nil {
				t.Fatal(err)
			}
		}
	})
	if n := bytes / 10; n > 4096 {
		t.Errorf("Parse allocates %d bytes for %d bytes of input", n, len(large))
	}
}
