package main

import (
	"os"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPassList checks that the package comment (passes.go) and the table
// of gen/README.md list the passes that edit runs, passes, in its order.
func TestPassList(t *testing.T) {
	var want []string
	for _, p := range passes {
		want = append(want, p.name)
	}
	for _, tt := range []struct {
		file string
		re   *regexp.Regexp
	}{
		{"passes.go", regexp.MustCompile(`(?m)^//\s+\d+\. (\w+Pass)\b`)},
		{"../../gen/README.md", regexp.MustCompile("(?m)^\\| `(\\w+Pass)` \\|")},
	} {
		t.Run(tt.file, func(t *testing.T) {
			b, err := os.ReadFile(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range tt.re.FindAllStringSubmatch(string(b), -1) {
				got = append(got, m[1])
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("passes listed in %s mismatch (-want +got):\n%s", tt.file, diff)
			}
		})
	}
}
