package whatwg_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/whatwg"
)

// TestIdnaTestV2 runs web-platform-tests' IdnaTestV2.json through the
// host parser as its test does: "https://" + input + "/x" must fail when
// output is null, and otherwise have output as its host and hostname,
// "/x" as its pathname and "https://" + output + "/x" as its href.
func TestIdnaTestV2(t *testing.T) {
	type result struct{ Host, Hostname, Pathname, Href string }
	cases := loadWPT(t, "IdnaTestV2.json")
	for i, raw := range cases {
		var c struct {
			Input  string  `json:"input"`
			Output *string `json:"output"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		if c.Input == "" {
			continue // the test cannot give an empty host to the URL parser
		}
		t.Run("", func(t *testing.T) {
			in := "https://" + c.Input + "/x"
			u, err := whatwg.Parse(in)
			if c.Output == nil {
				if err == nil {
					t.Errorf("case %d: Parse(%q) = %q, want failure", i, in, u.Href())
				}
				return
			}
			if err != nil {
				t.Fatalf("case %d: Parse(%q): %v", i, in, err)
			}
			want := result{*c.Output, *c.Output, "/x", "https://" + *c.Output + "/x"}
			got := result{u.Host(), u.Hostname(), u.Pathname(), u.Href()}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("case %d: Parse(%q) mismatch (-want +got):\n%s", i, in, diff)
			}
		})
	}
}

// TestLongLabels: the URL Standard's domain to ASCII sets no limit on a
// label's length (UTS #46 with VerifyDnsLength false): a label of 257 or
// 10,000 code points converts, as whatwg-url and Node convert it; the
// strict pass reports domain-to-ASCII.
func TestLongLabels(t *testing.T) {
	for _, tc := range []struct{ label, want string }{
		{strings.Repeat("é", 257), "xn--9c" + strings.Repeat("a", 257)},
		{strings.Repeat("é", 10000), "xn--9c" + strings.Repeat("a", 10000)},
		{"é" + strings.Repeat("a", 256), "xn--" + strings.Repeat("a", 256) + "-99v"},
	} {
		in := "http://" + tc.label + "/"
		u, errs, err := whatwg.ParseWithErrors(in)
		if err != nil {
			t.Errorf("Parse(http:// + %d code points + /): %v", utf8.RuneCountInString(tc.label), err)
			continue
		}
		if u.Hostname() != tc.want {
			t.Errorf("Parse(http:// + %d code points + /) hostname = %.40q…, want %.40q…", utf8.RuneCountInString(tc.label), u.Hostname(), tc.want)
		}
		if diff := cmp.Diff([]whatwg.ValidationError{{Offset: 7, Kind: "domain-to-ASCII"}}, errs); diff != "" {
			t.Errorf("ParseWithErrors(http:// + %d code points + /) mismatch (-want +got):\n%s", utf8.RuneCountInString(tc.label), diff)
		}
	}
}
