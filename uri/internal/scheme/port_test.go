package scheme_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/whatwg"
	"github.com/specuri/specuri/uri/internal/scheme"
)

// defaultPort is DefaultPort's result.
type defaultPort struct {
	Port uint16
	OK   bool
}

// TestDefaultPort checks the default port of each scheme its
// specification gives one, without regard to case, and none for others.
func TestDefaultPort(t *testing.T) {
	for name, want := range map[string]defaultPort{
		"http":   {80, true},  // RFC 9110 §4.2.1
		"HTTPS":  {443, true}, // RFC 9110 §4.2.2
		"ws":     {80, true},  // RFC 6455 §3
		"wsS":    {443, true}, // RFC 6455 §3
		"ftp":    {21, true},  // RFC 1738 §3.2
		"file":   {},
		"mailto": {},
		"urn":    {},
		"":       {},
		"httpx":  {},
		"httpſ":  {}, // U+017F folds to "s", but is two bytes
		"HTTPſ":  {},
	} {
		t.Run(name, func(t *testing.T) {
			p, ok := scheme.DefaultPort(name)
			if diff := cmp.Diff(want, defaultPort{p, ok}); diff != "" {
				t.Errorf("DefaultPort(%q) mismatch (-want +got):\n%s", name, diff)
			}
		})
	}
}

// TestDefaultPortsAgree checks that the default ports of the RFCs and
// those of the URL Standard's special schemes (internal/whatwg, its own
// owner) agree wherever both give one, and that each special scheme
// with a default port has one here.
func TestDefaultPortsAgree(t *testing.T) {
	for _, name := range []string{"http", "https", "ws", "wss", "ftp", "file", "mailto", "urn", "gopher", "foo"} {
		t.Run(name, func(t *testing.T) {
			want := defaultPort{}
			if p := whatwg.DefaultPort(name); p >= 0 {
				want = defaultPort{uint16(p), true}
			}
			p, ok := scheme.DefaultPort(name)
			if diff := cmp.Diff(want, defaultPort{p, ok}); diff != "" {
				t.Errorf("DefaultPort(%q) mismatch with the URL Standard's (-want +got):\n%s", name, diff)
			}
		})
	}
}
