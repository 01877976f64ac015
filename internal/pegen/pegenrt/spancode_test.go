package pegenrt

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// spanFuncs are the loops every generated parser's runs go through
// (span.go), which pegen copies into each generated package.
var spanFuncs = []string{"pegenSpan", "pegenSpanPercent"}

// TestSpanCode builds this package and checks what the speed of the runs
// relies on, which no other test would see go: the compiler proves every
// index of spanFuncs in bounds (no bounds check in their loops) and gives
// them no frame (NOFRAME), so that a call moves no argument through the
// stack.
func TestSpanCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-S")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goCmd, "build", "-gcflags=-S -d=ssa/check_bce", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "span.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string][2]int{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			lines[fd.Name.Name] = [2]int{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line}
		}
	}
	checks := regexp.MustCompile(`span\.go:(\d+):\d+: Found Is(Slice)?InBounds`).FindAllSubmatch(out, -1)
	for _, name := range spanFuncs {
		r, ok := lines[name]
		if !ok {
			t.Fatalf("span.go has no func %s", name)
		}
		for _, m := range checks {
			if n, _ := strconv.Atoi(string(m[1])); r[0] <= n && n <= r[1] {
				t.Errorf("%s has a bounds check at span.go:%d", name, n)
			}
		}
		if !regexp.MustCompile(`pegenrt\.` + name + `\(SB\), \S*NOFRAME`).Match(out) {
			t.Errorf("%s has a frame", name)
		}
	}
}
