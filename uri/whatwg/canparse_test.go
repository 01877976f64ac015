package whatwg_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/specuri/specuri/uri/whatwg"
)

// TestCanParseAgree holds CanParse to web-platform-tests' urltestdata.json
// (URL.canParse(input, base) is false exactly for the failures, and for a
// base that fails) and to Parse on every case's input, with and without
// its base.
func TestCanParseAgree(t *testing.T) {
	for i, raw := range loadWPT(t, "urltestdata.json") {
		var c wptCase
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		var base whatwg.URL
		baseOK := true
		if c.Base != nil {
			var err error
			base, err = whatwg.Parse(*c.Base)
			baseOK = err == nil
		}
		if baseOK {
			if got := base.CanParse(c.Input); got != !c.Failure {
				t.Errorf("case %d: CanParse(%q, %v) = %v, want %v", i, c.Input, c.Base, got, !c.Failure)
			}
		}
		_, err := whatwg.Parse(c.Input)
		if got := whatwg.CanParse(c.Input); got != (err == nil) {
			t.Errorf("case %d: CanParse(%q) = %v, Parse fails: %v", i, c.Input, got, err)
		}
	}
}

// canParseBases are the bases FuzzCanParse tries: none, special, file
// (with a drive letter), non-special with a host, without a host, and
// with an opaque path.
var canParseBases = []whatwg.URL{
	{},
	whatwg.MustParse("https://u:p@example.com:8080/a/b?q#f"),
	whatwg.MustParse("file:///C:/dir/file?q"),
	whatwg.MustParse("sc://h/p/q"),
	whatwg.MustParse("sc:/p/q"),
	whatwg.MustParse("mailto:someone?x#y"),
}

// FuzzCanParse checks CanParse, which stops before the path, against
// Parse, which runs the whole parser, with each of canParseBases.
func FuzzCanParse(f *testing.F) {
	seedInputs(f, func(s string) { f.Add(s) })
	f.Add("https://EXAMPLE.com:443/" + strings.Repeat("\xff", 40))
	f.Fuzz(func(t *testing.T, s string) {
		for _, base := range canParseBases {
			_, err := base.Parse(s)
			if got := base.CanParse(s); got != (err == nil) {
				t.Fatalf("%q.CanParse(%q) = %v; Parse: %v", base, s, got, err)
			}
		}
	})
}
