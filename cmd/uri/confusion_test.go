package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

func runCapture(args []string, stdin string) (int, string, string) {
	var out, errb bytes.Buffer
	st := run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, args)
	return st, out.String(), errb.String()
}

// TestConfusionCommand checks the exit statuses of uri confusion and that
// its human output names differences and warnings and never shows a
// password (RFC 3986 §7.5).
func TestConfusionCommand(t *testing.T) {
	tests := []struct {
		args     []string
		status   int
		contains []string
	}{
		{[]string{"confusion", "http://h/"}, exitOK, []string{"differences: none"}},
		{[]string{"confusion", "http://u:hunter2@a@b/"}, exitInvalid,
			[]string{"differences: one rejects", "warning: userinfo", `"u:xxxxx"`}},
		{[]string{"confusion", "///x"}, exitInvalid, []string{"differences: path differs"}},
		{[]string{"confusion", "http://0x7f.1/"}, exitOK, []string{"warning: ipv4-alternate"}},
		{[]string{"confusion", "--bogus"}, exitUsage, nil},
	}
	for _, tt := range tests {
		st, out, _ := runCapture(tt.args, "")
		if st != tt.status {
			t.Errorf("uri %q: status %d, want %d", tt.args, st, tt.status)
		}
		for _, c := range tt.contains {
			if !strings.Contains(out, c) {
				t.Errorf("uri %q: output lacks %q:\n%s", tt.args, c, out)
			}
		}
		if strings.Contains(out, "hunter2") {
			t.Errorf("uri %q: output shows the password:\n%s", tt.args, out)
		}
	}
}

// TestConfusionJSON checks the --json form: null for undefined, "" for
// empty (RFC 3986 §5.2.1), the differences and the strict error.
func TestConfusionJSON(t *testing.T) {
	st, out, _ := runCapture([]string{"confusion", "--json", "--quoted"}, `"//h?"`+"\n"+`"http://a@b@c/"`+"\n")
	if st != exitInvalid {
		t.Errorf("status %d, want %d", st, exitInvalid)
	}
	var got []map[string]any
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		got = append(got, map[string]any{
			"differences": m["differences"],
			"strictQuery": m["strict"].(map[string]any)["query"],
			"strictPort":  m["strict"].(map[string]any)["port"],
			"strictRule":  rule(m["strict"]),
			"netHost":     m["netURL"].(map[string]any)["host"],
		})
	}
	want := []map[string]any{
		{"differences": []any{}, "strictQuery": "", "strictPort": nil, "strictRule": nil, "netHost": "h"},
		{"differences": []any{"validity"}, "strictQuery": nil, "strictPort": nil, "strictRule": "reg-name", "netHost": "c"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("uri confusion --json mismatch (-want +got):\n%s", diff)
	}
}

func rule(reading any) any {
	e, ok := reading.(map[string]any)["error"].(map[string]any)
	if !ok {
		return nil
	}
	return e["rule"]
}

// TestParseErrorHidesPassword checks that printError, used by uri parse,
// masks the password of an invalid input (RFC 3986 §7.5).
func TestParseErrorHidesPassword(t *testing.T) {
	var b bytes.Buffer
	s := "http://u:hunter2@h st/"
	_, err := parseForTest(s)
	printError(&b, s, err)
	want := "  error: uri: invalid URI-reference: byte 0x20 at offset 18 cannot follow reg-name (RFC 3986 §3.2.2)\n" +
		"    \"http://u:xxxxx@h st/\"\n" +
		"                     ^\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("printError(%q) mismatch (-want +got):\n%s", s, diff)
	}
}

// parseForTest parses s as --rule URI-reference does.
func parseForTest(s string) (any, error) { return rules["URI-reference"](uri.RFC3986, s) }
