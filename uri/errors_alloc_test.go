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
