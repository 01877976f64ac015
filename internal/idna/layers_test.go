package idna

import (
	"os/exec"
	"strings"
	"testing"
)

// TestInternalImportsNoURI lists the imports of every package under
// internal/ with go list: none may be a package of the library's API
// (uri/...), which are built on them, so that no import runs back up.
// Their tests may import uri.
func TestInternalImportsNoURI(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	const module = "github.com/specuri/specuri/"
	out, err := exec.Command(gobin, "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"internal/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	n := 0
	for line := range strings.Lines(string(out)) {
		pkg, imports, _ := strings.Cut(strings.TrimSpace(line), " ")
		n++
		for _, imp := range strings.Fields(imports) {
			if imp == module+"uri" || strings.HasPrefix(imp, module+"uri/") {
				t.Errorf("%s imports %s", strings.TrimPrefix(pkg, module), strings.TrimPrefix(imp, module))
			}
		}
	}
	if n < 10 {
		t.Errorf("go list listed %d packages under internal/, want them all", n)
	}
}
