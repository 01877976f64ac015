package whatwg_test

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/whatwg"
)

// setterCase is one case of web-platform-tests' setters_tests.json: a URL,
// a value for one setter, and the getters expected after the set.
type setterCase struct {
	Comment  string            `json:"comment"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// getters returns every getter of u by its IDL name.
func getters(u whatwg.URL) map[string]string {
	return map[string]string{
		"href": u.Href(), "origin": u.Origin(), "protocol": u.Protocol(), "username": u.Username(),
		"password": u.Password(), "host": u.Host(), "hostname": u.Hostname(), "port": u.Port(),
		"pathname": u.Pathname(), "search": u.Search(), "hash": u.Hash(),
	}
}

// TestSetters runs web-platform-tests' setters_tests.json: for each case,
// the setter named by its group on the parsed href, then every getter the
// case expects; every other getter must be that of the new href parsed
// again (a URL whose href reads back as another URL is a defect).
func TestSetters(t *testing.T) {
	data, err := os.ReadFile("../../testdata/wpt/url/setters_tests.json")
	if err != nil {
		t.Fatal(err)
	}
	var groups map[string]json.RawMessage
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range setterNames {
		var cases []setterCase
		if err := json.Unmarshal(groups[name], &cases); err != nil {
			t.Fatal(err)
		}
		n += len(cases)
		for i, c := range cases {
			t.Run(name+"/"+strconv.Itoa(i), func(t *testing.T) {
				u, err := whatwg.Parse(c.Href)
				if err != nil {
					t.Fatalf("Parse(%q): %v", c.Href, err)
				}
				got, err := u.With(name, c.NewValue)
				if err != nil {
					if name == "href" && c.Expected["href"] == c.Href {
						return // the href setter throws; the URL stays
					}
					t.Fatalf("%q.With(%q, %q): %v", c.Href, name, c.NewValue, err)
				}
				all := getters(got)
				want := map[string]string{}
				for k := range c.Expected {
					want[k] = all[k]
				}
				if diff := cmp.Diff(c.Expected, want); diff != "" {
					t.Errorf("%q.With(%q, %q) mismatch (-want +got):\n%s", c.Href, name, c.NewValue, diff)
				}
				again, err := whatwg.Parse(got.Href())
				if err != nil {
					t.Fatalf("Parse(%q) of the set URL's href: %v", got.Href(), err)
				}
				if diff := cmp.Diff(getters(again), all); diff != "" {
					t.Errorf("%q.With(%q, %q): getters differ from those of its href parsed (-parsed +set):\n%s", c.Href, name, c.NewValue, diff)
				}
				if again != got {
					t.Errorf("%q.With(%q, %q) = %#v, its href parses to %#v", c.Href, name, c.NewValue, got, again)
				}
			})
		}
	}
	if n != 278 {
		t.Errorf("setters_tests.json: %d cases, want 278", n)
	}
}
