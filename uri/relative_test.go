package uri_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

func TestRelative(t *testing.T) {
	tests := []struct{ base, target, want string }{
		{"http://a/b/c/d;p?q", "http://a/b/c/g", "g"},
		{"http://a/b/c/d;p?q", "http://a/b/g", "../g"},
		{"http://a/b/c/d;p?q", "http://a/g", "/g"},
		{"http://a/b/c/d;p?q", "http://a/b/c/", "."},
		{"http://a/b/c/d;p?q", "http://a/b/", ".."},
		{"http://a/b/c/d;p?q", "http://a/", "/"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", ""},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s", "#s"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "?y"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p", "d;p"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?", "?"},
		{"http://a/b/c/d;p?q", "http://g/x", "//g/x"},
		{"http://a/b/c/d;p?q", "https://a/b/c/g", "https://a/b/c/g"},
		{"http://a/b/c/d;p?q", "http://a/b/c/g:h", "./g:h"}, // not a scheme
		{"http://a/b/c/d;p?q", "http://a/b/c//g", ".//g"},
		{"http://a/b/c/d;p?q", "http://a//g", "/.//g"},
		{"http://a", "http://a/x", "x"},
		{"a:/x", "a:/.//y", ".//y"},
		{"foo:a/b", "foo:/c", "/c"},
	}
	for _, tt := range tests {
		t.Run(tt.base, func(t *testing.T) {
			base, target := uri.MustParseReference(tt.base), uri.MustParseReference(tt.target)
			got, err := uri.Relative(base, target)
			if err != nil {
				t.Errorf("Relative(%q, %q): %v", tt.base, tt.target, err)
				return
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("Relative(%q, %q) mismatch (-want +got):\n%s", tt.base, tt.target, diff)
			}
			if back := base.ResolveReference(got).String(); back != tt.target {
				t.Errorf("Resolve(%q, %q) = %q, want %q", tt.base, got, back, tt.target)
			}
		})
	}
}

func TestRelativeNotReachable(t *testing.T) {
	tests := []struct{ base, target string }{
		{"http://a/b", "http://a/x/../y"}, // resolution removes dot-segments
		{"http://a/b", "http://a//x/.."},
		{"a:/x", "a://y"}, // unprotected: "//y" here is an authority... reachable
	}
	for _, tt := range tests[:2] {
		t.Run(tt.base, func(t *testing.T) {
			_, err := uri.Relative(uri.MustParseReference(tt.base), uri.MustParseReference(tt.target))
			if !errors.Is(err, uri.ErrNotReachable) {
				t.Errorf("Relative(%q, %q) error = %v, want ErrNotReachable", tt.base, tt.target, err)
			}
		})
	}
	// "a://y" has an authority; the reference is the target itself.
	got, err := uri.Relative(uri.MustParseReference(tests[2].base), uri.MustParseReference(tests[2].target))
	if err != nil || got.String() != "//y" {
		t.Errorf("Relative(%q, %q) = %q, %v; want %q", tests[2].base, tests[2].target, got, err, "//y")
	}
}
