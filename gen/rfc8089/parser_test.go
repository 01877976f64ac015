package rfc8089

import "testing"

// TestFileURI: file URIs of RFC 8089 (§2 and the examples of Appendix B)
// must match file-URI, and what §2 does not define (the nonstandard forms
// of Appendix E, a query, userinfo, a port) must not.
func TestFileURI(t *testing.T) {
	r, ok := Lookup("file-URI")
	if !ok {
		t.Fatal("no rule file-URI")
	}
	for _, tt := range []struct {
		in    string
		valid bool
	}{
		{"file:///path/to/file", true},                 // Appendix B
		{"file:/path/to/file", true},                   // Appendix B
		{"file://host.example.com/path/to/file", true}, // Appendix B
		{"file://localhost/etc/fstab", true},
		{"FILE://LOCALHOST/etc/fstab", true},
		{"file://localhost.example/x", true},
		{"file://localhostx/x", true},
		{"file:///c:/path/to/file.txt", true}, // Appendix E.2 as a path
		{"file://[fe80::1%25eth0]/x", true},   // host as RFC 6874 updates it
		{"file://[::1]/x", true},
		{"file:///", true},
		{"file:///a%20b", true},
		{"file://localhost", false}, // auth-path needs path-absolute
		{"file://", false},
		{"file:", false},
		{"file:c:/path/to/file", false}, // Appendix E.2: no leading "/"
		{"file:x", false},
		{"file:///a?q", false},   // no query in file-URI
		{"file://u@h/x", false},  // file-auth is a host: no userinfo
		{"file://h:80/x", false}, // nor a port
		{"file:////x", false},    // "//x" is no path-absolute
		{"http:///x", false},
	} {
		t.Run(tt.in, func(t *testing.T) {
			p := NewParser()
			if got := p.Match(r, tt.in); got != tt.valid {
				t.Errorf("Match(file-URI, %q) = %v, want %v", tt.in, got, tt.valid)
			}
		})
	}
}
