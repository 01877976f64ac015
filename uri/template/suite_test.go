package template

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/specuri/specuri/uri"
)

// suiteDir holds the uritemplate-test suite (testdata/uritemplate-test/SOURCE.md).
const suiteDir = "../../testdata/uritemplate-test"

// suiteFiles are the files of the suite; TestSuite runs them all.
var suiteFiles = []string{
	"spec-examples.json",
	"spec-examples-by-section.json",
	"extended-tests.json",
	"negative-tests.json",
}

// suiteCases is the number of test cases in suiteFiles.
const suiteCases = 270

// suiteGroup is a group of a suite file: variables and [template,
// expected] cases, where expected is a string, a list of acceptable
// strings, or false for an error.
type suiteGroup struct {
	Level     int                 `json:"level"`
	Variables Values              `json:"variables"`
	Testcases [][]json.RawMessage `json:"testcases"`
}

// suiteCase is one case of the suite.
type suiteCase struct {
	file, group, template string
	vars                  Values
	want                  []string // nil: Parse or Expand must fail
}

// loadSuite reads every case of the suite, in file and group order.
func loadSuite(t testing.TB) []suiteCase {
	t.Helper()
	var cases []suiteCase
	for _, f := range suiteFiles {
		data, err := os.ReadFile(filepath.Join(suiteDir, f))
		if err != nil {
			t.Fatal(err)
		}
		// The groups of a file in order: decode the object key by key.
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		names := make([]string, 0, len(raw))
		for name := range raw {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			var g suiteGroup
			if err := json.Unmarshal(raw[name], &g); err != nil {
				t.Fatalf("%s: %s: %v", f, name, err)
			}
			for _, tc := range g.Testcases {
				if len(tc) != 2 {
					t.Fatalf("%s: %s: case of %d elements", f, name, len(tc))
				}
				c := suiteCase{file: f, group: name, vars: g.Variables}
				if err := json.Unmarshal(tc[0], &c.template); err != nil {
					t.Fatalf("%s: %s: %v", f, name, err)
				}
				var one string
				var many []string
				switch {
				case json.Unmarshal(tc[1], &one) == nil:
					c.want = []string{one}
				case json.Unmarshal(tc[1], &many) == nil:
					c.want = many
				case string(tc[1]) != "false":
					t.Fatalf("%s: %s: expected %s", f, name, tc[1])
				}
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// TestSuite runs every case of the uritemplate-test suite: the expansion
// must be the expected one, or one of them, and parse as a URI reference
// (RFC 3986 §4.1); where the suite expects an error, Parse or Expand must
// fail.
func TestSuite(t *testing.T) {
	cases := loadSuite(t)
	ran := 0
	for _, f := range suiteFiles {
		t.Run(f, func(t *testing.T) {
			for _, c := range cases {
				if c.file != f {
					continue
				}
				ran++
				t.Run(c.group+"/"+c.template, func(t *testing.T) {
					tm, err := Parse(c.template)
					if err != nil {
						if c.want != nil {
							t.Fatalf("Parse(%q): %v", c.template, err)
						}
						return
					}
					if got := tm.String(); got != c.template {
						t.Errorf("Parse(%q).String() = %q", c.template, got)
					}
					got, err := tm.Expand(c.vars)
					if c.want == nil {
						if err == nil {
							t.Errorf("Expand(%q) = %q, want an error", c.template, got)
						}
						return
					}
					if err != nil {
						t.Fatalf("Expand(%q): %v", c.template, err)
					}
					if !slices.Contains(c.want, got) {
						t.Errorf("Expand(%q) = %q, want one of %q", c.template, got, c.want)
					}
					if _, err := uri.ParseReference(got); err != nil {
						t.Errorf("Expand(%q) = %q, not a URI-reference: %v", c.template, got, err)
					}
					if b, err := tm.AppendExpand([]byte("x"), c.vars); err != nil || string(b) != "x"+got {
						t.Errorf("AppendExpand(%q) = %q, %v; want %q", c.template, b, err, "x"+got)
					}
					iri, err := ExpandOptions{IRI: true}.Expand(tm, c.vars)
					if err != nil {
						t.Fatalf("Expand IRI(%q): %v", c.template, err)
					}
					if _, err := uri.RFC3987.ParseReference(iri); err != nil {
						t.Errorf("Expand IRI(%q) = %q, not an IRI-reference: %v", c.template, iri, err)
					}
				})
			}
		})
	}
	t.Logf("%d suite cases ran", ran)
	if ran < suiteCases {
		t.Errorf("%d suite cases ran, want %d", ran, suiteCases)
	}
}
