package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseSyntax checks --syntax: each grammar's verdict, exit status and
// the zone key of --json.
func TestParseSyntax(t *testing.T) {
	for _, tc := range []struct {
		syntax string
		input  string
		status int
		zone   any // the zone key: absent, nil or the zone
	}{
		{"rfc3986", "http://[fe80::1%25en0]/", exitInvalid, "absent"},
		{"rfc6874", "http://[fe80::1%25en0]/", exitOK, "en0"},
		{"rfc6874", "http://[fe80::1%25%65n0]/", exitOK, "en0"},
		{"rfc6874", "http://[fe80::1]/", exitOK, nil},
		{"rfc6874", "http://[fe80::1%25]evil.com]/", exitInvalid, nil},
		{"rfc6874", "http://[fe80::1%en0]/", exitInvalid, nil},
		{"rfc3986", "http://r\u00e9sum\u00e9.example.org/", exitInvalid, "absent"},
		{"rfc3987", "http://r\u00e9sum\u00e9.example.org/", exitOK, "absent"},
		{"rfc3987", "http://a/\xff", exitInvalid, "absent"},
		{"rfc3987", "http://a/\ue000", exitInvalid, "absent"},
		{"rfc3987", "http://a/?\ue000", exitOK, "absent"},
	} {
		out, _, status := runCmd(t, "", "parse", "--json", "--syntax", tc.syntax, tc.input)
		if status != tc.status {
			t.Errorf("--syntax %s %q: status %d, want %d", tc.syntax, tc.input, status, tc.status)
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(out), &rec); err != nil {
			t.Fatalf("--syntax %s %q: %v\n%s", tc.syntax, tc.input, err, out)
		}
		zone, ok := rec["zone"]
		if !ok {
			zone = "absent"
		}
		if diff := cmp.Diff(tc.zone, zone); diff != "" {
			t.Errorf("--syntax %s %q: zone (-want +got):\n%s", tc.syntax, tc.input, diff)
		}
	}
	_, stderr, status := runCmd(t, "", "parse", "--syntax", "rfc9999", "x")
	if status != exitUsage || !strings.Contains(stderr, "rfc9999") {
		t.Errorf("unknown syntax: status %d, stderr %q", status, stderr)
	}
}

func TestParseSyntaxHuman(t *testing.T) {
	out, _, status := runCmd(t, "", "parse", "--syntax", "rfc3987", "--rule", "IRI", "http://a/b\xffc")
	if status != exitInvalid || !strings.Contains(out, "invalid UTF-8 at offset 10") {
		t.Errorf("status %d, output:\n%s", status, out)
	}
	out, _, _ = runCmd(t, "", "parse", "--syntax", "rfc6874", "http://u:secret@[fe80::1%25en0]/")
	if !strings.Contains(out, `zone      "en0"`) || strings.Contains(out, "secret") {
		t.Errorf("output:\n%s", out)
	}
}
