package lineartest

import (
	"strings"
	"testing"
)

// TestLinearCompare checks that Compare tells a linear operation from a
// quadratic one: counting a byte in a string is linear, comparing every
// pair of bytes quadratic.
func TestLinearCompare(t *testing.T) {
	linear := func(s string) func() { return func() { sink = strings.Count(s, "b") } }
	quadratic := func(s string) func() {
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
