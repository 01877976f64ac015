package uri_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseLinksOnlyURIGrammars builds testdata/parseonly, a program that
// calls only uri.Parse, and lists the symbols it links with go tool nm:
// it must link the grammars package uri parses with itself (RFC 3986,
// 6874, 3987) and none of those that only scheme checks, templates or
// other packages use, since nothing of a generated package runs unless it
// is called.
func TestParseLinksOnlyURIGrammars(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "parseonly")
	if out, err := exec.Command(gobin, "build", "-o", bin, "./testdata/parseonly").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(gobin, "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	linked := map[string]bool{}
	for line := range strings.Lines(string(out)) {
		if _, sym, ok := strings.Cut(line, "github.com/specuri/specuri/gen/"); ok {
			pkg, _, _ := strings.Cut(sym, ".")
			linked[pkg] = true
		}
	}
	for _, tt := range []struct {
		pkg  string
		want bool
	}{
		{"rfc3986", true},
		{"rfc6874", true},
		{"rfc3987", true},
		{"rfc6068", false}, // mailto
		{"rfc6570", false}, // URI templates
		{"rfc8089", false}, // file
		{"rfc8141", false}, // URN
		{"rfc9110", false}, // HTTP
	} {
		t.Run(tt.pkg, func(t *testing.T) {
			if got := linked[tt.pkg]; got != tt.want {
				t.Errorf("a program calling only uri.Parse links gen/%s: %v, want %v", tt.pkg, got, tt.want)
			}
		})
	}
}
