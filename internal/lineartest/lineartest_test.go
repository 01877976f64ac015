package lineartest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// linear counts a byte in a string: linear time.
func linear(s string) func() { return func() { sink = strings.Count(s, "b") } }

// quadratic compares every pair of bytes: quadratic time.
func quadratic(s string) func() {
	return func() {
		n := 0
		for i := range len(s) {
			for j := i + 1; j < len(s); j++ {
				if s[i] == s[j] {
					n++
				}
			}
		}
		sink = n
	}
}

// TestLinearCompare checks that Compare tells a linear operation from a
// quadratic one: counting a byte in a string is linear, comparing every
// pair of bytes quadratic.
func TestLinearCompare(t *testing.T) {
	small, large := strings.Repeat("a", 1<<6), strings.Repeat("a", 1<<12)
	tests := []struct {
		name string
		op   func(string) func()
		want bool
	}{
		{"linear", linear, true},
		{"quadratic", quadratic, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := Compare(Sample{len(small), tt.op(small)}, Sample{len(large), tt.op(large)}, 8)
			t.Log(r)
			if ok != tt.want {
				t.Errorf("Compare(%s) = %v, want %v: %v", tt.name, ok, tt.want, r)
			}
		})
	}
}

var sink int

// recorder is a testing.TB that records what Check reports.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Log(...any)            {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }

// TestLinearCheck checks that Check fails the test of a quadratic operation
// and only that one.
func TestLinearCheck(t *testing.T) {
	small, large := strings.Repeat("a", 1<<6), strings.Repeat("a", 1<<12)
	for _, tt := range []struct {
		name       string
		op         func(string) func()
		wantFailed bool
	}{
		{"linear", linear, false},
		{"quadratic", quadratic, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{}
			Check(r, Sample{len(small), tt.op(small)}, Sample{len(large), tt.op(large)}, 8)
			if diff := cmp.Diff(tt.wantFailed, r.failed); diff != "" {
				t.Errorf("Check(%s) mismatch (-want failed +got):\n%s", tt.name, diff)
			}
		})
	}
}

func TestInput(t *testing.T) {
	tests := []struct {
		prefix, unit, suffix string
		size                 int
		want                 string
	}{
		{"p", "ab", "s", 8, "pababab" + "s"},
		{"p", "ab", "s", 9, "pababab" + "s"},
		{"", "a", "", 3, "aaa"},
		{"prefix", "u", "suffix", 0, "prefixusuffix"}, // the unit once at the least
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Input(tt.prefix, tt.unit, tt.suffix, tt.size)); diff != "" {
				t.Errorf("Input(%q, %q, %q, %d) mismatch (-want +got):\n%s", tt.prefix, tt.unit, tt.suffix, tt.size, diff)
			}
		})
	}
}

// TestAllocated checks that Allocated counts what its operation
// allocates and little else.
func TestAllocated(t *testing.T) {
	bytes, allocs := Allocated(func() { sinkBytes = make([]byte, 1<<20) })
	if bytes < 1<<20 || bytes > 1<<20+64<<10 || allocs < 1 {
		t.Errorf("Allocated(1 MiB) = %d bytes, %d allocations", bytes, allocs)
	}
	if bytes, _ := Allocated(func() {}); bytes > 64<<10 {
		t.Errorf("Allocated(nothing) = %d bytes", bytes)
	}
}

var sinkBytes []byte

// TestLinearCheckShapes checks that CheckShapes runs op on each shape's
// inputs of both sizes.
func TestLinearCheckShapes(t *testing.T) {
	shapes := []Shape{{"dots", "a", ".", "b"}, {"letters", "", "x", ""}}
	seen := map[string]bool{}
	CheckShapes(t, shapes, 1<<6, 1<<10, 8, func(s string) { seen[s] = true })
	want := map[string]bool{
		Input("a", ".", "b", 1<<6): true, Input("a", ".", "b", 1<<10): true,
		Input("", "x", "", 1<<6): true, Input("", "x", "", 1<<10): true,
	}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("CheckShapes inputs mismatch (-want +got):\n%s", diff)
	}
}
