package grammar

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	embedded "github.com/specuri/specuri/grammar"
)

// TestSetsNameEveryPackage checks that the table has one entry per
// package of gen/, no more, and that each package's go:generate line names
// it.
func TestSetsNameEveryPackage(t *testing.T) {
	dirs, err := os.ReadDir("../../gen")
	if err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for _, d := range dirs {
		if d.IsDir() {
			want = append(want, d.Name())
		}
	}
	for _, s := range Sets() {
		got = append(got, s.Name)
	}
	slices.Sort(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Sets() names mismatch with gen/ (-want +got):\n%s", diff)
	}
	for _, s := range Sets() {
		t.Run(s.Name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("../../gen", s.Name, "generate.go"))
			if err != nil {
				t.Fatal(err)
			}
			want := "//go:generate go run ../../internal/pegen " + s.Name
			var got string
			for _, line := range strings.Split(string(b), "\n") {
				if strings.HasPrefix(line, "//go:generate ") {
					got = line
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("gen/%s/generate.go mismatch (-want +got):\n%s", s.Name, diff)
			}
			_, err = os.Stat(filepath.Join("../../gen", s.Name, "api.go"))
			if hasAPI := err == nil; hasAPI != s.API {
				t.Errorf("gen/%s/api.go exists: %v, want %v (Set.API)", s.Name, hasAPI, s.API)
			}
		})
	}
}

// TestSetsFiles checks that every file the table names is embedded in the
// grammar package, that every embedded file is in the table, that each set
// reads and composes, and that its first PEG file has the set's name.
func TestSetsFiles(t *testing.T) {
	named := map[string]bool{}
	for _, s := range Sets() {
		t.Run(s.Name, func(t *testing.T) {
			if want := s.Name + ".peg"; len(s.PEG) == 0 || s.PEG[0] != want {
				t.Errorf("PEG = %q, want %s first", s.PEG, want)
			}
			for _, f := range append(slices.Clone(s.PEG), s.ABNF...) {
				named[f] = true
				if _, err := fs.Stat(embedded.Files, f); err != nil {
					t.Errorf("%s is not in grammar.Files: %v", f, err)
				}
			}
			p, err := s.ReadPEG()
			if err != nil {
				t.Fatal(err)
			}
			if p.Package != s.Name {
				t.Errorf("package %q, want %q", p.Package, s.Name)
			}
			for _, m := range s.Memo {
				if p.Rule(m) == nil {
					t.Errorf("memoized rule %s is not in the grammar", m)
				}
			}
			if len(s.ABNF) == 0 {
				return
			}
			if _, err := s.ReadABNF(); err != nil {
				t.Fatal(err)
			}
		})
	}
	all, err := fs.Glob(embedded.Files, "*")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range all {
		if !named[f] {
			t.Errorf("%s is in grammar.Files but in no Set", f)
		}
	}
}

// TestLookup checks Lookup and that the table's slices are copies.
func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
		peg  []string
	}{
		{"rfc6874", true, []string{"rfc6874.peg", "rfc3986.peg"}},
		{"rfc3986", true, []string{"rfc3986.peg"}},
		{"RFC3986", false, nil},
		{"", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := Lookup(tt.name)
			if ok != tt.ok {
				t.Fatalf("Lookup(%q) ok = %v, want %v", tt.name, ok, tt.ok)
			}
			if diff := cmp.Diff(tt.peg, s.PEG); diff != "" {
				t.Errorf("Lookup(%q).PEG mismatch (-want +got):\n%s", tt.name, diff)
			}
			if ok {
				s.PEG[0] = "changed"
				again, _ := Lookup(tt.name)
				if again.PEG[0] == "changed" {
					t.Errorf("Lookup(%q) shares its slices with the table", tt.name)
				}
			}
		})
	}
}

// TestSections checks that every rule of the grammars of RFCs, except the
// start rule and the entry points, names the section that defines it, in
// the form "RFC 3986 §3.2.2" or "RFC 5234 Appendix B.1".
func TestSections(t *testing.T) {
	for _, name := range []string{"rfc3986", "rfc6874", "rfc3987", "rfc6068", "rfc6570", "rfc8089", "rfc8141", "rfc9110", "rfc2397"} {
		t.Run(name, func(t *testing.T) {
			s, _ := Lookup(name)
			g, err := s.ReadPEG()
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range g.Rules {
				if r.Name == "specuri" || strings.HasPrefix(r.Name, "whole_") {
					continue
				}
				if !isSection(r.Section) {
					t.Errorf("%s (%s:%d): #section: %q, want \"RFC N §x.y\" or \"RFC N Appendix X\"", r.Name, r.File, r.Line, r.Section)
				}
			}
		})
	}
}

// isSection reports whether s is "RFC N §x.y..." or "RFC N Appendix X.y...".
func isSection(s string) bool {
	f := strings.Fields(s)
	switch {
	case len(f) == 3 && strings.HasPrefix(f[2], "§"):
		f[2] = strings.TrimPrefix(f[2], "§")
	case len(f) == 4 && f[2] == "Appendix":
		f = append(f[:2], f[3][1:])
		if f[2] == "" {
			f[2] = "1"
		}
	default:
		return false
	}
	return f[0] == "RFC" && isDotted(f[1]) && isDotted(strings.TrimPrefix(f[2], "."))
}

// isDotted reports whether s is digits separated by dots.
func isDotted(s string) bool {
	for _, p := range strings.Split(s, ".") {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return true
}
