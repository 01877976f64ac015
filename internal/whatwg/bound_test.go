package whatwg

import (
	"strings"
	"testing"
)

// TestDomainBound checks the bound on the host of special URLs and 0 for
// the others.
func TestDomainBound(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"http://example.com/a", len("example.com")},
		{"HTTP://u:p@h:80?q", len("u:p@h:80")},
		{"https:\\\\\\h\\x", 1},
		{"ws:h#f", 1},
		{" \t wss:/\t/ab\tc/", 3},
		{"h\tt\ntp://abc", 3},
		{"file:///p/q", 0},
		{"file://h/p", 1},
		{"file:/h/p", 1}, // no host: a path, over-counted
		{"foo://example.com/", 0},
		{"https+x://h/", 0},
		{"httpsx://h/", 0},
		{"//h/", 0},
		{"1http://h/", 0},
		{"", 0},
		{"http:", 0},
		{"http://" + strings.Repeat("\u00e9", 100), 200},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if got := DomainBound(tt.in); got != tt.want {
				t.Errorf("DomainBound(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzDomainBound checks that a URL with a domain has a special scheme
// and a bound above 0, and that an ASCII domain the host parser only
// lower-cases and percent-decodes is no longer than the bound.
func FuzzDomainBound(f *testing.F) {
	for _, s := range []string{"http://u:p@h:1/", "ws:127.1", "http://[::1]/", "file://h/", "foo://u@h", "http:\t//u:p@h", "HTTP:\\\\a%41b\\", "file:\\\\\\h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := DomainBound(s)
		u, err := Parse(s)
		if err != nil || u.HostKind != Domain {
			return
		}
		if b == 0 {
			t.Fatalf("Parse(%q) has the domain %q, DomainBound says none", s, u.Host)
		}
		if !u.NeedsIDNA && len(u.Host) > b {
			t.Fatalf("Parse(%q) has the domain %q, longer than DomainBound's %d", s, u.Host, b)
		}
	})
}
