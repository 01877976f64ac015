package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExplain checks the rule trees of uri explain, including rules that
// match the empty string (RFC 3986 Appendix A: path-empty, an empty query)
// next to rules that start at the same offset.
func TestExplain(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"explain", "a:?q"}, exitOK, `"a:?q"
  URI-reference [0,4) "a:?q"
    URI [0,4) "a:?q"
      scheme [0,1) "a"
      hier-part [2,2) ""
        path-empty [2,2) ""
      query-part [2,4) "?q"
        query [3,4) "q"
`},
		{[]string{"explain", "--rule", "relative-ref", "//1.2.3.4?"}, exitOK, `"//1.2.3.4?"
  relative-ref [0,10) "//1.2.3.4?"
    relative-part [0,9) "//1.2.3.4"
      authority-part [0,9) "//1.2.3.4"
        authority [2,9) "1.2.3.4"
          host [2,9) "1.2.3.4"
            IPv4address [2,9) "1.2.3.4"
              dec-octet [2,3) "1"
              dec-octet [4,5) "2"
              dec-octet [6,7) "3"
              dec-octet [8,9) "4"
      path-abempty [9,9) ""
    query-part [9,10) "?"
      query [10,10) ""
`},
		{[]string{"explain", ""}, exitOK, `""
  URI-reference [0,0) ""
    relative-ref [0,0) ""
      relative-part [0,0) ""
        path-empty [0,0) ""
`},
		{[]string{"explain", "--rule", "URI", "s:/%zz"}, exitInvalid, `"s:/%zz"
  longest prefix matching URI: bytes [0,3)
    URI [0,3) "s:/"
      scheme [0,1) "s"
      hier-part [2,3) "/"
        path-absolute [2,3) "/"
`},
		{[]string{"explain", "--rule", "URI", "a b"}, exitInvalid, `"a b"
  no prefix matches URI
`},
		{[]string{"explain", "--rule", "path"}, exitUsage, ""},
	}
	for _, tt := range tests {
		out, _, status := runCmd(t, "", tt.args...)
		if status != tt.status {
			t.Errorf("uri %q: status %d, want %d", tt.args, status, tt.status)
		}
		if tt.want == "" {
			continue
		}
		// The error line is package uri's message (tested there); the tree
		// before it is explain's.
		if tt.status == exitInvalid {
			i := strings.Index(out, "  error: ")
			if i < 0 {
				t.Errorf("uri %q: no error line:\n%s", tt.args, out)
				continue
			}
			out = out[:i]
		}
		if diff := cmp.Diff(tt.want, out); diff != "" {
			t.Errorf("uri %q mismatch (-want +got):\n%s", tt.args, diff)
		}
	}
}

// TestExplainHidesPassword checks that explain, like parse, never prints a
// password (RFC 3986 §7.5), for valid and invalid inputs.
func TestExplainHidesPassword(t *testing.T) {
	for _, in := range []string{"http://u:s3cr3t@h/p", "http://u:s3cr3t@h/a b", "//u:s3cr3t@[::1"} {
		out, _, _ := runCmd(t, "", "explain", in)
		if strings.Contains(out, "s3cr3t") || !strings.Contains(out, "xxxxx") {
			t.Errorf("uri explain %q:\n%s", in, out)
		}
	}
}
