// Package wpttest reads web-platform-tests' URL test data, the files of
// testdata/wpt/url (urltestdata.json, setters_tests.json,
// IdnaTestV2.json; see testdata/wpt/README.md), for the tests that check
// a package against it. Each file is one JSON array whose strings are
// comments and whose objects are the cases.
package wpttest

import (
	"encoding/json"
	"os"
	"testing"
)

// A URLCase is one case of urltestdata.json: an input, the base it is
// parsed against (nil for none), and either failure or the getters of
// the URL class on the result. Origin is nil where the case gives none;
// RelativeTo, when set, names the kind of base ("non-opaque-path-base",
// "any-base") the input must also fail against.
type URLCase struct {
	Input      string  `json:"input"`
	Base       *string `json:"base"`
	Failure    bool    `json:"failure"`
	RelativeTo string  `json:"relativeTo"`
	Href       string  `json:"href"`
	Origin     *string `json:"origin"`
	Protocol   string  `json:"protocol"`
	Username   string  `json:"username"`
	Password   string  `json:"password"`
	Host       string  `json:"host"`
	Hostname   string  `json:"hostname"`
	Port       string  `json:"port"`
	Pathname   string  `json:"pathname"`
	Search     string  `json:"search"`
	Hash       string  `json:"hash"`
}

// Objects returns the objects of the JSON array in the file at path, in
// order, leaving out its strings (the comments). It fails tb when the
// file cannot be read or is not such an array.
func Objects(tb testing.TB, path string) []json.RawMessage {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	var out []json.RawMessage
	for _, r := range raw {
		if len(r) > 0 && r[0] == '{' {
			out = append(out, r)
		}
	}
	return out
}

// URLTestData returns the cases of urltestdata.json at path, in order.
func URLTestData(tb testing.TB, path string) []URLCase {
	tb.Helper()
	objs := Objects(tb, path)
	cases := make([]URLCase, len(objs))
	for i, o := range objs {
		if err := json.Unmarshal(o, &cases[i]); err != nil {
			tb.Fatalf("%s: case %d: %v", path, i, err)
		}
	}
	return cases
}

// Inputs returns the input of each case of urltestdata.json at path.
func Inputs(tb testing.TB, path string) []string {
	tb.Helper()
	cases := URLTestData(tb, path)
	in := make([]string, len(cases))
	for i, c := range cases {
		in[i] = c.Input
	}
	return in
}
