package uri_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
)

// TestMaxLengthFitsOffsets checks that every offset of an accepted input
// fits the int32 offsets of a URI (the package's own limit, not RFC
// 3986's, which sets none).
func TestMaxLengthFitsOffsets(t *testing.T) {
	if uri.MaxLength > math.MaxInt32 {
		t.Errorf("MaxLength = %d, more than the int32 offsets hold (%d)", uri.MaxLength, math.MaxInt32)
	}
	tests := []struct {
		name string
		n    int64
		want bool
	}{
		{"empty", 0, false},
		{"at the limit", uri.MaxLength, false},
		{"one past", uri.MaxLength + 1, true},
		{"2^31", 1 << 31, true},
		{"2^32-2 (the generated parser's limit)", 1<<32 - 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.n > math.MaxInt {
				t.Skipf("%d does not fit this platform's int", tt.n)
			}
			if got := uri.ExceedsMaxLength(int(tt.n)); got != tt.want {
				t.Errorf("tooLong(%d) = %v, want %v", tt.n, got, tt.want)
			}
		})
	}
}

// TestParamsOptionsLimit checks ParamsOptions.MaxPairs: a limit on the
// pieces of a query, pairs and empty pieces alike, with the separators
// the options choose.
func TestParamsOptionsLimit(t *testing.T) {
	tests := []struct {
		name  string
		opts  uri.ParamsOptions
		query string
		pairs int // -1: refused
		limit int
	}{
		{"default, at the limit", uri.ParamsOptions{}, strings.Repeat("a&", uri.DefaultMaxPairs-1) + "a", uri.DefaultMaxPairs, 0},
		{"default, one past", uri.ParamsOptions{}, strings.Repeat("a&", uri.DefaultMaxPairs) + "b", -1, uri.DefaultMaxPairs},
		{"empty pieces count", uri.ParamsOptions{MaxPairs: 7}, "&&&a=1&&&", 1, 0},
		{"empty pieces count, one past", uri.ParamsOptions{MaxPairs: 6}, "&&&a=1&&&", -1, 6},
		{"semicolons count with Semicolon", uri.ParamsOptions{MaxPairs: 2, Semicolon: true}, "a;b;c", -1, 2},
		{"semicolons do not count without", uri.ParamsOptions{MaxPairs: 1}, "a;b;c", 1, 0},
		{"raised", uri.ParamsOptions{MaxPairs: 3}, "a&b&c", 3, 0},
		{"lowered", uri.ParamsOptions{MaxPairs: 2}, "a&b&c", -1, 2},
		{"no limit", uri.ParamsOptions{MaxPairs: -1}, strings.Repeat("a&", uri.DefaultMaxPairs+1), uri.DefaultMaxPairs + 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.opts.Parse(tt.query)
			if tt.pairs < 0 {
				var le *uri.LimitError
				if !errors.As(err, &le) {
					t.Fatalf("Parse: error = %v, want a *LimitError", err)
				}
				if diff := cmp.Diff(&uri.LimitError{What: "query pairs", Limit: tt.limit}, le); diff != "" {
					t.Errorf("Parse(%.20q...) mismatch (-want +got):\n%s", tt.query, diff)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if n := len(got.Pairs()); n != tt.pairs {
				t.Errorf("Parse: %d pairs, want %d", n, tt.pairs)
			}
		})
	}
}

// TestParamsOptionsHostile checks that 16 MB of "a&", 8.4 million pairs, is
// refused before anything proportional to it is allocated.
func TestParamsOptionsHostile(t *testing.T) {
	q := strings.Repeat("a&", 8<<20)
	var err error
	n, _ := lineartest.Allocated(func() { _, err = uri.ParamsOptions{LiteralPlus: true}.Parse(q) })
	var le *uri.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("Parse(16 MB of a&): error = %v, want a *LimitError", err)
	}
	if n > 1<<16 {
		t.Errorf("Parse(16 MB of a&) allocated %d bytes before refusing", n)
	}
}
