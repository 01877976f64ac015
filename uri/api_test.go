package uri_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// goFile is a non-test Go file of this package or of a sub-package.
type goFile struct {
	path string
	ast  *ast.File
}

// goPackages returns the non-test Go files under root (this package and
// its sub-packages) by directory.
func goPackages(t *testing.T, root string) map[string][]goFile {
	t.Helper()
	fset := token.NewFileSet()
	pkgs := map[string][]goFile{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "testdata":
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], goFile{path, f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestErrorConventions checks the one rule of the errors of this package
// and its sub-packages: a sentinel error's message begins with the name of
// its package and ": " ("uri: ", "template: "), and each package declares
// its error types, those with an Error method and those whose name ends
// in "Error", in one file, errors.go.
func TestErrorConventions(t *testing.T) {
	pkgs := goPackages(t, ".")
	if len(pkgs) < 10 {
		t.Fatalf("found %d packages", len(pkgs))
	}
	sentinels := 0
	for _, files := range pkgs {
		name := files[0].ast.Name.Name
		for _, f := range files {
			inErrors := filepath.Base(f.path) == "errors.go"
			ast.Inspect(f.ast, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if msg, ok := errorsNew(n); ok {
						sentinels++
						if !strings.HasPrefix(msg, name+": ") {
							t.Errorf("%s: errors.New(%q) does not begin with %q", f.path, msg, name+": ")
						}
					}
				case *ast.FuncDecl:
					if n.Recv != nil && n.Name.Name == "Error" && !inErrors {
						t.Errorf("%s: the Error method of %s is not in errors.go", f.path, recvName(n))
					}
				case *ast.TypeSpec:
					if strings.HasSuffix(n.Name.Name, "Error") && !inErrors {
						t.Errorf("%s: type %s is not in errors.go", f.path, n.Name.Name)
					}
				}
				return true
			})
		}
	}
	if sentinels < 20 {
		t.Errorf("found %d calls of errors.New", sentinels)
	}
}

// errorsNew returns the message of a call errors.New("...").
func errorsNew(c *ast.CallExpr) (string, bool) {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "New" || len(c.Args) != 1 {
		return "", false
	}
	if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "errors" {
		return "", false
	}
	lit, ok := c.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	msg, err := strconv.Unquote(lit.Value)
	return msg, err == nil
}

func recvName(fn *ast.FuncDecl) string {
	t := fn.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return "?"
}

// exportedNames returns the exported names of the package made of files,
// as go doc -all lists them: functions, methods of exported types, types,
// constants and variables.
func exportedNames(files []goFile) []string {
	var names []string
	for _, f := range files {
		for _, d := range f.ast.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				switch {
				case !d.Name.IsExported():
				case d.Recv == nil:
					names = append(names, d.Name.Name)
				case ast.IsExported(recvName(d)):
					names = append(names, recvName(d)+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names = append(names, s.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names = append(names, n.Name)
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(names)
	return names
}

// maxExported is the most exported names package uri may have. A view of
// a URI with its own audience is a package of its own (uri/origin,
// uri/fetch, uri/urn, ...), not more names here; net/url's URL has 18
// methods.
const maxExported = 185

// TestExportedBudget counts the exported names of package uri and fails
// above maxExported.
func TestExportedBudget(t *testing.T) {
	names := exportedNames(goPackages(t, ".")["."])
	if len(names) < 100 {
		t.Fatalf("found %d exported names: %v", len(names), names)
	}
	if len(names) > maxExported {
		t.Errorf("package uri exports %d names, more than %d:\n%s", len(names), maxExported, strings.Join(names, "\n"))
	}
	t.Logf("package uri exports %d names", len(names))
}
