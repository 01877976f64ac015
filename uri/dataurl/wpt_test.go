package dataurl_test

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/dataurl"
	"github.com/specuri/specuri/uri/whatwg"
)

// wptDataURL is one case of web-platform-tests' data-urls.json: the input,
// the serialized MIME type (nil for failure, "" for
// text/plain;charset=US-ASCII) and the body.
type wptDataURL struct {
	Input    string
	MIMEType *string
	Body     []byte
}

func (c *wptDataURL) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if err := json.Unmarshal(raw[0], &c.Input); err != nil {
		return err
	}
	if err := json.Unmarshal(raw[1], &c.MIMEType); err != nil {
		return err
	}
	if len(raw) > 2 {
		var body []int
		if err := json.Unmarshal(raw[2], &body); err != nil {
			return err
		}
		c.Body = make([]byte, len(body))
		for i, v := range body {
			c.Body[i] = byte(v)
		}
	}
	return nil
}

func loadJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile("../../testdata/wpt/fetch/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// rfcReading is how RFC 2397 reads the data-urls.json cases it accepts
// where its reading differs from Fetch's: the media type of MediaType and
// the data, or "" and the error of Data. Every other case RFC 2397 accepts
// reads as Fetch reads it; the differences are those listed in
// ProcessWeb's documentation.
var rfcReading = map[string]struct{ mediaType, data string }{
	// Fetch keeps percent-encoding in the media type; RFC 2397 decodes it
	// (§3: tokens "represented using URL escaped encoding").
	"data:text/plain;a=%2C,X": {`text/plain;a=","`, "X"},
	// RFC 2045 §6.8 ignores the space but requires a complete quantum;
	// forgiving-base64 makes padding optional.
	"data:;base64,W%20A": {"", "error"},
	"data:;base64,W%0CA": {"", "error"},
	"data:;BASe64,WA":    {"", "error"},
}

// newerFetch are the cases of the copy of data-urls.json (web-platform-
// tests at 17f202dd17d1e7481da6bc50c1ffe1ef535e772d) whose expectation
// the Fetch Standard has since changed, with what ProcessWeb returns as
// the standard now reads:
//   - step 11 finds ";base64" after zero or more spaces ("ends with U+003B
//     (;), followed by zero or more U+0020 SPACE, followed by ... base64"),
//     so "; base64" is base64;
//   - parse a MIME type keeps a parameter whose quoted value is empty
//     (mimesniff: "Allow quoted empty string MIME type parameter values"),
//     serialized as "".
var newerFetch = map[string]struct {
	mimeType string
	body     []byte
}{
	"data:; base64,WA":        {"text/plain;charset=US-ASCII", []byte("X")},
	`data:text/plain;a=",",X`: {`text/plain;a=""`, []byte(`",X`)},
}

// TestWPTDataURLs runs data-urls.json through ProcessWeb, and through
// Parse where RFC 2397 accepts the input.
func TestWPTDataURLs(t *testing.T) {
	var cases []wptDataURL
	loadJSON(t, "data-urls.json", &cases)
	if len(cases) != 59 {
		t.Fatalf("data-urls.json has %d cases, want 59", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Input, func(t *testing.T) {
			mt, body, err := dataurl.ProcessWeb(c.Input)
			if c.MIMEType == nil {
				if err == nil {
					t.Fatalf("ProcessWeb(%q) = %q, %q; want failure", c.Input, mt, body)
				}
				return
			}
			want := *c.MIMEType
			if want == "" {
				want = "text/plain;charset=US-ASCII"
			}
			if n, ok := newerFetch[c.Input]; ok {
				want, c.Body = n.mimeType, n.body
			}
			if err != nil {
				t.Fatalf("ProcessWeb(%q): %v", c.Input, err)
			}
			type result struct {
				MIMEType string
				Body     []byte
			}
			if diff := cmp.Diff(result{want, c.Body}, result{mt, body}); diff != "" {
				t.Errorf("ProcessWeb(%q) mismatch (-want +got):\n%s", c.Input, diff)
			}
			compareRFC(t, c.Input, want, body)
		})
	}
}

// compareRFC checks the RFC 2397 reading of a case Fetch reads as
// mimeType and body.
func compareRFC(t *testing.T, in, mimeType string, body []byte) {
	d, err := dataurl.Parse(in)
	if err != nil {
		return // RFC 2397 refuses what Fetch accepts: ProcessWeb's documentation
	}
	want := struct{ mediaType, data string }{mimeType, string(body)}
	if r, ok := rfcReading[in]; ok {
		want = r
	}
	got := struct{ mediaType, data string }{"", "error"}
	if data, err := d.Data(); err == nil {
		got = struct{ mediaType, data string }{d.MediaType(), string(data)}
	}
	if got != want {
		t.Errorf("Parse(%q) reads %+v, want %+v", in, got, want)
	}
}

// TestWPTBase64 runs base64.json through ProcessWeb's forgiving-base64
// decode, as the body of "data:;base64,".
func TestWPTBase64(t *testing.T) {
	var cases [][2]json.RawMessage
	loadJSON(t, "base64.json", &cases)
	if len(cases) != 71 {
		t.Fatalf("base64.json has %d cases, want 71", len(cases))
	}
	for _, c := range cases {
		var in string
		var want *[]int
		if err := json.Unmarshal(c[0], &in); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c[1], &want); err != nil {
			t.Fatal(err)
		}
		t.Run(in, func(t *testing.T) {
			got, err := dataurl.ProcessBase64(in)
			if want == nil {
				if !errors.Is(err, dataurl.ErrBase64) {
					t.Fatalf("ProcessBase64(%q) = %v, %v; want ErrBase64", in, got, err)
				}
				return
			}
			wb := make([]byte, len(*want))
			for i, v := range *want {
				wb[i] = byte(v)
			}
			if err != nil {
				t.Fatalf("ProcessBase64(%q): %v", in, err)
			}
			if diff := cmp.Diff(wb, got); diff != "" {
				t.Errorf("ProcessBase64(%q) mismatch (-want +got):\n%s", in, diff)
			}
		})
	}
}

// TestProcessWebErrors checks which error ProcessWeb's failures wrap: a
// malformed data: URL is not "not a data: URL".
func TestProcessWebErrors(t *testing.T) {
	tests := []struct {
		in   string
		want error
	}{
		{"data:text/plain", dataurl.ErrMalformed},
		{"data:", dataurl.ErrMalformed},
		{"data:#,x", dataurl.ErrMalformed},
		{"http://example.com/,x", dataurl.ErrNotData},
		{"datum:,x", dataurl.ErrNotData},
		{"data:;base64,%", dataurl.ErrBase64},
		{"no scheme", whatwg.ErrFailure},
	}
	all := []error{dataurl.ErrMalformed, dataurl.ErrNotData, dataurl.ErrBase64, dataurl.ErrTooLarge, whatwg.ErrFailure}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, _, err := dataurl.ProcessWeb(tt.in)
			for _, e := range all {
				if got, want := errors.Is(err, e), e == tt.want; got != want {
					t.Errorf("ProcessWeb(%q) = %v: errors.Is(err, %v) = %v, want %v", tt.in, err, e, got, want)
				}
			}
		})
	}
}
