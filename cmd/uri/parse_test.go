package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/mailto"
)

// runCmd runs the uri command in-process.
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	r := runCLI(stdin, args...)
	return r.Stdout, r.Stderr, r.Status
}

func TestParseJSON(t *testing.T) {
	out, _, status := runCmd(t, "", "parse", "--json", "http://[v1.x]:/?#", "http://a b", "//")
	if status != exitInvalid {
		t.Errorf("status = %d, want %d", status, exitInvalid)
	}
	// Key order and null-vs-empty are part of the contract.
	want := `{"input":"http://[v1.x]:/?#","valid":true,"scheme":"http","userinfo":null,"host":"[v1.x]","hostKind":"IPvFuture","port":"","path":"/","query":"","fragment":"","error":null,"schemeRules":{"scheme":"http","error":null,"origin":"null","registrableDomain":null}}
{"input":"http://a b","valid":false,"scheme":null,"userinfo":null,"host":null,"hostKind":null,"port":null,"path":null,"query":null,"fragment":null,"error":{"offset":8,"rule":"reg-name","message":"uri: invalid URI-reference: byte 0x20 at offset 8 cannot follow reg-name (RFC 3986 §3.2.2); a space is not allowed in a URI: write it \"%20\""}}
{"input":"//","valid":true,"scheme":null,"userinfo":null,"host":"","hostKind":"reg-name","port":null,"path":"","query":null,"fragment":null,"error":null}
`
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("uri parse --json mismatch (-want +got):\n%s", diff)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Errorf("not JSON: %s", line)
		}
		// schemeRules is there only for a scheme with rules of its own.
		delete(m, "schemeRules")
		if len(m) != 11 {
			t.Errorf("%d keys in %s", len(m), line)
		}
	}
}

func TestParseHuman(t *testing.T) {
	out, _, status := runCmd(t, "", "parse", "http://user:secret@h:/p?#f", "http://a b")
	if status != exitInvalid {
		t.Errorf("status = %d, want %d", status, exitInvalid)
	}
	want := `"http://user:xxxxx@h:/p?#f"
  scheme    "http"
  userinfo  "user:xxxxx"
  host      "h"  reg-name
  port      ""
  path      "/p"  path-abempty
  query     ""
  fragment  "f"
  scheme rules (http)
    error: uri: invalid http URI (http-URI): byte 0x75 at offset 7 violates userinfo (RFC 9110 §4.2.4); userinfo in an http or https URI is treated as an error: it can hide the host it names
      "http://user:xxxxx@h:/p?#f"
              ^

"http://a b"
  error: uri: invalid URI-reference: byte 0x20 at offset 8 cannot follow reg-name (RFC 3986 §3.2.2); a space is not allowed in a URI: write it "%20"
    "http://a b"
             ^
`
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("uri parse mismatch (-want +got):\n%s", diff)
	}
	if strings.Contains(out, "secret") {
		t.Error("human output shows the password")
	}
}

func TestParseStdin(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		want   []bool // validity per input, in order
		status int
	}{
		{"lines", "http://h/\na b\n\n", []string{"parse", "--json"}, []bool{true, false}, exitInvalid},
		{"crlf and bom", "\uFEFFhttp://h/\r\n\r\nb\r\n", []string{"parse", "--json"}, []bool{true, true}, exitOK},
		{"quoted empty", "\"\"\n\n", []string{"parse", "--json", "--quoted"}, []bool{true}, exitOK},
		{"no final newline", "http://h/", []string{"parse", "--json"}, []bool{true}, exitOK},
		{"dash", "b:c\n", []string{"parse", "--json", "a:b", "-", "c d"}, []bool{true, true, false}, exitInvalid},
		{"quoted", `"a\x00b"` + "\n" + `"http://h/\n"` + "\n" + `"http://h/"` + "\n", []string{"parse", "--json", "--quoted"}, []bool{false, false, true}, exitInvalid},
		{"rule URI", "a\nb:c\n", []string{"parse", "--json", "--rule", "URI"}, []bool{false, true}, exitInvalid},
		{"rule relative-ref", "a\nb:c\n", []string{"parse", "--json", "--rule=relative-ref"}, []bool{true, false}, exitInvalid},
		{"rule absolute-URI", "a:b#c\n", []string{"parse", "--json", "--rule", "absolute-URI"}, []bool{false}, exitInvalid},
		{"rule IRI", "a:é\n", []string{"parse", "--json", "--rule", "IRI", "--syntax", "rfc3987"}, []bool{true}, exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, tt.stdin, tt.args...)
			if status != tt.status {
				t.Errorf("status = %d, want %d (stderr %q)", status, tt.status, errOut)
			}
			var got []bool
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var r parseRecord
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("%v in %q", err, line)
				}
				got = append(got, r.Valid)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("uri(%q) validity mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

func TestParseInvalidUTF8(t *testing.T) {
	for _, in := range []string{"\xff", "http://h/\xc3", "a\xe2\x80"} {
		t.Run(in, func(t *testing.T) {
			out, _, _ := runCmd(t, "", "parse", "--json", "--syntax", "rfc3987", in)
			var r parseRecord
			if err := json.Unmarshal([]byte(out), &r); err != nil {
				t.Fatal(err)
			}
			if r.InputQuoted == nil {
				t.Fatalf("no inputQuoted in %s", out)
			}
			got, err := strconv.Unquote(*r.InputQuoted)
			if err != nil || got != in {
				t.Errorf("inputQuoted %s gives %q, %v; want %q", *r.InputQuoted, got, err, in)
			}
		})
	}
	out, _, _ := runCmd(t, "", "parse", "--json", "--syntax", "rfc3987", "http://é/")
	if strings.Contains(out, "inputQuoted") {
		t.Errorf("inputQuoted for valid UTF-8: %s", out)
	}
}

func TestParseMailtoHuman(t *testing.T) {
	out, _, status := runCmd(t, "", "parse",
		"mailto:joe@example.com?cc=bob@example.com&body=hello%20there",
		"MAILTO:joe@example.com?cc=bob@example.com?body=hello")
	// The second input is valid RFC 3986 but the incorrect example of RFC
	// 6068 §6.1: the status stays that of RFC 3986.
	if status != exitOK {
		t.Errorf("status = %d, want %d", status, exitOK)
	}
	want := `"mailto:joe@example.com?cc=bob@example.com&body=hello%20there"
  scheme    "mailto"
  userinfo  (undefined)
  host      (undefined)
  port      (undefined)
  path      "joe@example.com"  path-rootless
  query     "cc=bob@example.com&body=hello%20there"
  fragment  (undefined)
  mailto
    to      "joe@example.com"
    header  "cc": "bob@example.com"
    header  "body": "hello there"

"MAILTO:joe@example.com?cc=bob@example.com?body=hello"
  scheme    "MAILTO"
  userinfo  (undefined)
  host      (undefined)
  port      (undefined)
  path      "joe@example.com"  path-rootless
  query     "cc=bob@example.com?body=hello"
  fragment  (undefined)
  mailto
    error: ` + mailtoWrongMessage + `
      "MAILTO:joe@example.com?cc=bob@example.com?body=hello"
                                                ^
`
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("uri parse mismatch (-want +got):\n%s", diff)
	}
}

// mailtoWrongMessage is the error of the incorrect example of RFC 6068
// §6.1, as package uri words it.
var mailtoWrongMessage = func() string {
	_, err := mailto.Parse("mailto:joe@example.com?cc=bob@example.com?body=hello")
	return err.Error()
}()

func TestParseMailtoJSON(t *testing.T) {
	out, _, status := runCmd(t, "", "parse", "--json",
		"mailto:a@b,c@d?subject=caf%C3%A9#f", "mailto:", "mailto:a@b?s=%FF", "http://h/", "mailto:a b")
	if status != exitInvalid {
		t.Errorf("status = %d, want %d", status, exitInvalid)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5:\n%s", len(lines), out)
	}
	var got []any
	for _, line := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %s", line)
		}
		mt, ok := m["mailto"]
		if !ok {
			mt = "absent"
		}
		got = append(got, mt)
	}
	want := []any{
		map[string]any{"to": []any{"a@b", "c@d"}, "headers": []any{map[string]any{"name": "subject", "value": "café"}}, "error": nil},
		map[string]any{"to": []any{}, "headers": []any{}, "error": nil},
		map[string]any{"to": nil, "headers": nil, "error": map[string]any{
			"offset": 13.0, "rule": "pct-encoded", "message": "uri: invalid mailtoURI: invalid UTF-8 at offset 13 (RFC 6068 §2)"}},
		"absent", // not mailto
		"absent", // not a URI
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mailto keys mismatch (-want +got):\n%s", diff)
	}
}
