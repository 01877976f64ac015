package ascii_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/ascii"
)

func TestIs(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"", true},
		{"example.com", true},
		{"\x00\x7f", true},
		{strings.Repeat("a", 1000), true},
		{"\x80", false},
		{"é", false},
		{"example.com/\xff", false},
		{strings.Repeat("a", 1000) + "\u0301", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, ascii.Is(tt.in)); diff != "" {
				t.Errorf("Is(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestIsAllocs(t *testing.T) {
	s := strings.Repeat("a", 1<<10)
	if n := testing.AllocsPerRun(10, func() { sink = ascii.Is(s) }); n != 0 {
		t.Errorf("Is of 1 KB: %v allocations, want 0", n)
	}
}

var sink bool
