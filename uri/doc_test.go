package uri_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDocExamplesList checks that the "Examples" section of the package
// documentation names exactly the packages under uri/ that have Example
// functions, so that a reader who looks for them finds them all.
func TestDocExamplesList(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "// # Examples\n")
	if !ok {
		t.Fatal(`doc.go has no "# Examples" section`)
	}
	section, _, _ = strings.Cut(section, "\npackage ")
	section = strings.ReplaceAll(section, "\n// ", " ")
	var named []string
	for _, m := range regexp.MustCompile(`\buri/([a-z0-9]+)`).FindAllStringSubmatch(section, -1) {
		if !slices.Contains(named, m[1]) {
			named = append(named, m[1])
		}
	}
	slices.Sort(named)
	files, err := filepath.Glob(filepath.Join("*", "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	example := regexp.MustCompile(`(?m)^func Example`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if dir := filepath.Dir(f); example.Match(data) && !slices.Contains(have, dir) && dir != "testdata" && dir != "internal" {
			have = append(have, dir)
		}
	}
	slices.Sort(have)
	if diff := cmp.Diff(have, named); diff != "" {
		t.Errorf("doc.go's Examples section names other packages than those with Example functions (-have +named):\n%s", diff)
	}
}

// maxREADMELines is how long the README may grow: it is for users, and
// design notes live next to the code they describe.
const maxREADMELines = 250

// TestREADMELength keeps the README within maxREADMELines lines.
func TestREADMELength(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n") + 1; n > maxREADMELines {
		t.Errorf("README.md has %d lines, more than %d: move detail next to the code it describes", n, maxREADMELines)
	}
}
