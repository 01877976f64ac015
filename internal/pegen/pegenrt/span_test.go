package pegenrt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/internal/lineartest"
)

// class returns the table of a class with these members.
func class(members string) *[256]bool {
	var c [256]bool
	for i := range len(members) {
		c[members[i]] = true
	}
	return &c
}

var (
	lower = class("abcdefghijklmnopqrstuvwxyz")
	hex   = class("0123456789ABCDEFabcdef")
)

func TestSpan(t *testing.T) {
	tests := []struct {
		s    string
		i    int
		want int
	}{
		{"", 0, 0},
		{"abc", 0, 3},
		{"abC", 0, 2},
		{"ab-cd", 3, 5},
		{"ab", 2, 2},     // at the end
		{"\xffa", 0, 0},  // a byte beyond ASCII
		{"a\x00b", 0, 1}, // NUL is a byte like any other
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q@%d", tt.s, tt.i), func(t *testing.T) {
			got := pegenSpan(lower, tt.s, tt.i)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("pegenSpan(%q) mismatch (-want +got):\n%s", tt.s, diff)
			}
		})
	}
}

func TestSpanPercent(t *testing.T) {
	tests := []struct {
		s    string
		i    int
		want int
	}{
		{"", 0, 0},
		{"ab%41cd", 0, 7},
		{"%41%4a%4F", 0, 9},
		{"ab%4", 0, 2},    // a truncated encoding ends the run
		{"ab%", 0, 2},     // so does a lone "%"
		{"ab%zzcd", 0, 2}, // and one that is not hexadecimal
		{"ab%4g", 0, 2},
		{"ab%41", 2, 5},
		{"ab%41-x", 0, 5},
		{"x", 1, 1}, // at the end
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q@%d", tt.s, tt.i), func(t *testing.T) {
			got := pegenSpanPercent(lower, hex, tt.s, tt.i)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("pegenSpanPercent(%q) mismatch (-want +got):\n%s", tt.s, diff)
			}
		})
	}
}

// TestSpanLinear checks that a run of 1 MB is one pass: the run of
// percent-encodings ends where the input does, byte by byte, in time
// linear in its length, as does a run of the class alone.
func TestSpanLinear(t *testing.T) {
	s := strings.Repeat("a%41", 1<<18)
	if got := pegenSpanPercent(lower, hex, s, 0); got != len(s) {
		t.Errorf("pegenSpanPercent(1 MB) = %d, want %d", got, len(s))
	}
	if got := pegenSpan(lower, s, 0); got != 1 {
		t.Errorf("pegenSpan(1 MB) = %d, want 1", got)
	}
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time")
	}
	shapes := []lineartest.Shape{{Name: "percent", Unit: "a%41"}, {Name: "class", Unit: "a"}}
	lineartest.CheckShapes(t, shapes[:1], 1<<10, 1<<20, 16, func(s string) { sinkInt = pegenSpanPercent(lower, hex, s, 0) })
	lineartest.CheckShapes(t, shapes[1:], 1<<10, 1<<20, 16, func(s string) { sinkInt = pegenSpan(lower, s, 0) })
}

var sinkInt int

// TestSpanExhaustive holds pegenSpan and pegenSpanPercent to the
// byte-at-a-time reading of their doc comments on every string of up to
// seven bytes over "a" (class and hex), "1" (hex only), "%" and "Z"
// (neither), from every start: each run length and each place of a
// percent-encoding against the four-byte turns of their first loops.
func TestSpanExhaustive(t *testing.T) {
	span := func(s string, i int) int {
		for i < len(s) && lower[s[i]] {
			i++
		}
		return i
	}
	percent := func(s string, i int) int {
		for {
			i = span(s, i)
			if i+2 >= len(s) || s[i] != '%' || !hex[s[i+1]] || !hex[s[i+2]] {
				return i
			}
			i += 3
		}
	}
	const alphabet = "a1%Z"
	bad := 0
	var walk func(s string)
	walk = func(s string) {
		for i := 0; i <= len(s) && bad < 10; i++ {
			if got, want := pegenSpan(lower, s, i), span(s, i); got != want {
				t.Errorf("pegenSpan(%q, %d) = %d, want %d", s, i, got, want)
				bad++
			}
			if got, want := pegenSpanPercent(lower, hex, s, i), percent(s, i); got != want {
				t.Errorf("pegenSpanPercent(%q, %d) = %d, want %d", s, i, got, want)
				bad++
			}
		}
		if len(s) < 7 {
			for j := range len(alphabet) {
				walk(s + alphabet[j:j+1])
			}
		}
	}
	walk("")
}
