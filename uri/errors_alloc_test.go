package uri_test

import (
	"testing"

	"github.com/specuri/specuri/uri"
)

// TestParseErrorAllocs checks that an invalid input costs one allocation,
// its *ParseError, when the failing byte is past the userinfo: finding
// whether the byte is in a password (which runs more parsers) is only
// needed before the last "@".
func TestParseErrorAllocs(t *testing.T) {
	for _, s := range []string{
		"http://u:s3cret@h:x/",
		"http://u:s3cret@h/a b",
		"ht tp://a/",
	} {
		if got := testing.AllocsPerRun(20, func() { _, _ = uri.ParseReference(s) }); got > 1 {
			t.Errorf("ParseReference(%q): %v allocations, want 1", s, got)
		}
	}
	// Parse's hints match the scheme rule (a missing ":") or relative-ref
	// (a relative reference) with pooled parsers: still one allocation.
	for _, s := range []string{"http//example.com", "ht_tp//example.com", "/relative"} {
		if got := testing.AllocsPerRun(20, func() { _, _ = uri.Parse(s) }); got > 1 {
			t.Errorf("Parse(%q): %v allocations, want 1", s, got)
		}
	}
}

// TestSyntaxParseAllocs checks that every syntax parses a valid input
// with no allocation, and a ParseError costs one in each: every syntax
// parses on the one engine path, with its grammar's parser on the stack.
func TestSyntaxParseAllocs(t *testing.T) {
	for _, tt := range []struct {
		x      uri.Syntax
		valid  []string
		errors []string
	}{
		{uri.RFC3986, []string{"http://u@h:80/a?q#f", "//[::1]/x", "mailto:a@b"}, []string{"http://h/a b", "http://[::1"}},
		{uri.RFC6874, []string{"http://[fe80::1%25en0]:80/", "http://h/a?q#f"}, []string{"http://[fe80::1%en0]/", "http://h/a b"}},
		{uri.RFC3987, []string{"http://résumé.example/é?é#é", "http://h/a?q#f"}, []string{"http://h/a b", "http://h/\xff"}},
	} {
		for _, s := range tt.valid {
			if got := testing.AllocsPerRun(20, func() { _, _ = tt.x.ParseReference(s) }); got != 0 {
				t.Errorf("%v.ParseReference(%q): %v allocations, want 0", tt.x, s, got)
			}
			if got := testing.AllocsPerRun(20, func() { _ = tt.x.ValidReference(s) }); got != 0 {
				t.Errorf("%v.ValidReference(%q): %v allocations, want 0", tt.x, s, got)
			}
		}
		for _, s := range tt.errors {
			if got := testing.AllocsPerRun(20, func() { _, _ = tt.x.ParseReference(s) }); got > 1 {
				t.Errorf("%v.ParseReference(%q): %v allocations, want 1", tt.x, s, got)
			}
		}
	}
}
