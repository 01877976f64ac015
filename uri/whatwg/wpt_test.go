package whatwg_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/wpttest"
	"github.com/specuri/specuri/uri/whatwg"
)

// wptCase is one case of web-platform-tests' urltestdata.json.
type wptCase = wpttest.URLCase

// loadWPT returns the cases of the file name of testdata/wpt/url, as
// JSON objects.
func loadWPT(t testing.TB, name string) []json.RawMessage {
	t.Helper()
	return wpttest.Objects(t, "../../testdata/wpt/url/"+name)
}

// fields returns the getters of u as WPT names them; origin only when the
// case has one.
func fields(u whatwg.URL, withOrigin bool) wptCase {
	c := wptCase{
		Href: u.Href(), Protocol: u.Protocol(), Username: u.Username(), Password: u.Password(),
		Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
		Search: u.Search(), Hash: u.Hash(),
	}
	if withOrigin {
		o := u.Origin()
		c.Origin = &o
	}
	return c
}

// TestURLTestData runs web-platform-tests' urltestdata.json as the API
// URL parser does in the URL constructor test: parse the base (if any),
// then the input against it, and compare every field; a failure case
// must fail, and one with relativeTo must also fail against a base of
// that kind.
func TestURLTestData(t *testing.T) {
	cases := loadWPT(t, "urltestdata.json")
	if len(cases) != 891 {
		t.Fatalf("urltestdata.json: %d cases, want 891", len(cases))
	}
	for i, raw := range cases {
		var c wptCase
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		base := "<none>"
		if c.Base != nil {
			base = *c.Base
		}
		t.Run("", func(t *testing.T) {
			var b whatwg.URL
			if c.Base != nil {
				var err error
				if b, err = whatwg.Parse(*c.Base); err != nil {
					if c.Failure {
						return // the base itself fails: the constructor throws
					}
					t.Fatalf("case %d: base Parse(%q): %v", i, *c.Base, err)
				}
			}
			u, err := b.Parse(c.Input)
			if c.Failure {
				if err == nil {
					t.Errorf("case %d: Parse(%q) against %q = %q, want failure", i, c.Input, base, u.Href())
				}
				checkRelativeTo(t, c)
				return
			}
			if err != nil {
				t.Fatalf("case %d: Parse(%q) against %q: %v", i, c.Input, base, err)
			}
			want := c
			want.Input, want.Base, want.RelativeTo = "", nil, ""
			got := fields(u, c.Origin != nil)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("case %d: Parse(%q) against %q mismatch (-want +got):\n%s", i, c.Input, base, diff)
			}
		})
	}
}

// checkRelativeTo checks a failure case's relativeTo, which says that the
// input fails only without a base: it parses against a base with a
// hierarchical path ("non-opaque-path-base"), and against one with an
// opaque path too ("any-base").
func checkRelativeTo(t *testing.T, c wptCase) {
	t.Helper()
	// A base of the input's scheme, for inputs such as "http:@/x".
	hier := "https://example.com/a/b"
	if scheme, _, ok := strings.Cut(c.Input, ":"); ok && whatwg.MustParse(hier).Scheme() != scheme {
		if _, err := whatwg.Parse(scheme + "://example.com/a/b"); err == nil {
			hier = scheme + "://example.com/a/b"
		}
	}
	var bases []string
	switch c.RelativeTo {
	case "non-opaque-path-base":
		bases = []string{hier}
	case "any-base":
		bases = []string{hier, "data:opaque"}
	}
	for _, bs := range bases {
		b := whatwg.MustParse(bs)
		if _, err := b.Parse(c.Input); err != nil {
			t.Errorf("Parse(%q) against %q: %v, want success (relativeTo %s)", c.Input, bs, err, c.RelativeTo)
		}
	}
}
