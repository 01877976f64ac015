package template

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// suiteFiles are the files of the public uritemplate-test suite.
var suiteFiles = []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"}

type suiteGroup struct {
	Variables map[string]json.RawMessage `json:"variables"`
	Testcases [][2]json.RawMessage        `json:"testcases"`
}

// suiteDir is where the suite's copy is, or "".
func suiteDir() string {
	for _, d := range []string{"testdata/uritemplate-test", "../../testdata/uritemplate-test"} {
		if _, err := os.Stat(filepath.Join(d, suiteFiles[0])); err == nil {
			return d
		}
	}
	return ""
}

// suiteGroups reads the suite's groups of test cases, if its copy is there.
func suiteGroups(t testing.TB) map[string]suiteGroup {
	dir := suiteDir()
	if dir == "" {
		return nil
	}
	all := map[string]suiteGroup{}
	for _, f := range suiteFiles {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		var groups map[string]suiteGroup
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for name, g := range groups {
			all[f+"/"+name] = g
		}
	}
	return all
}

// suiteTemplates returns the templates of the suite, if its copy is there.
func suiteTemplates(t testing.TB) []string {
	var out []string
	for _, g := range suiteGroups(t) {
		for _, c := range g.Testcases {
			var s string
			if json.Unmarshal(c[0], &s) == nil {
				out = append(out, s)
			}
		}
	}
	return out
}
