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
	r := runCLI(stdin, args...)
	return r.Status, r.Stdout, r.Stderr
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
		{[]string{"confusion", "https://paypal.com.evil.net/"}, exitOK, []string{`registrable domain: "evil.net"`,
			"warning: deceptive-subdomain", `"paypal.com" is spelled left of the registrable domain "evil.net"`}},
		{[]string{"confusion", "https://accounts.google.com-login.example.net/"}, exitOK, []string{`registrable domain: "example.net"`,
			"warning: deceptive-subdomain", `"google.com" is spelled`}},
		{[]string{"confusion", "https://co.uk/"}, exitOK, []string{"registrable domain: none (the host is a public suffix)"}},
		{[]string{"confusion", "--json", "https://paypal.com.evil.net/"}, exitOK, []string{`"registrableDomain":"evil.net","spells":"paypal.com"`}},
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
	st, out, _ := runCapture([]string{"confusion", "--json", "--quoted"}, `"//h?"`+"\n"+`"http://a@b@c/"`+"\n"+`"/\xff"`+"\n")
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
			"inputQuoted": m["inputQuoted"],
		})
	}
	want := []map[string]any{
		{"differences": []any{}, "strictQuery": "", "strictPort": nil, "strictRule": nil, "netHost": "h", "inputQuoted": nil},
		{"differences": []any{"validity"}, "strictQuery": nil, "strictPort": nil, "strictRule": "reg-name", "netHost": "c", "inputQuoted": nil},
		{"differences": []any{"validity"}, "strictQuery": nil, "strictPort": nil, "strictRule": "path-absolute", "netHost": nil, "inputQuoted": `"/\xff"`},
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
	want := "  error: uri: invalid URI-reference: byte 0x20 at offset 18 cannot follow reg-name (RFC 3986 §3.2.2); a space is not allowed in a URI: write it \"%20\"\n" +
		"    \"http://u:xxxxx@h st/\"\n" +
		"                     ^\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("printError(%q) mismatch (-want +got):\n%s", s, diff)
	}
}

// parseForTest parses s as --rule URI-reference does.
func parseForTest(s string) (any, error) { return rules["URI-reference"](uri.RFC3986, s) }

// TestConfusionWHATWGCommand checks that the inputs WHATWG parsers read
// with a host, where RFC 3986 reads a path, are reported as a
// disagreement with the host a browser contacts, and exit 1.
func TestConfusionWHATWGCommand(t *testing.T) {
	tests := []struct{ in, line string }{
		{"http:evil.com", `differences: WHATWG host "evil.com"`},
		{"https:/evil.com", `differences: WHATWG host "evil.com"`},
		{"ws:127.1", `differences: WHATWG host "127.0.0.1"`},
		{"http:///evil.com", `differences: WHATWG host "evil.com"`},
		{"ftp:////127.1", `differences: WHATWG host "127.0.0.1"`},
		{"http:///user:pw@evil.com", `differences: WHATWG host "evil.com", WHATWG userinfo "user:xxxxx"`},
	}
	for _, tt := range tests {
		out, _, status := runCmd(t, "", "confusion", tt.in)
		if status != exitInvalid || !strings.Contains(out, "  "+tt.line+"\n") || !strings.Contains(out, "warning: whatwg-host") {
			t.Errorf("uri confusion %q: status %d, want %d and a line %q:\n%s", tt.in, status, exitInvalid, tt.line, out)
		}
	}
	out, _, status := runCmd(t, "", "confusion", "--json", "ws:127.1")
	var rec struct {
		WHATWG struct {
			Host *string `json:"host"`
		} `json:"whatwg"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.WHATWG.Host == nil || *rec.WHATWG.Host != "127.0.0.1" || status != exitInvalid {
		t.Errorf("uri confusion --json ws:127.1: %v, status %d:\n%s", err, status, out)
	}
}

// TestConfusionHugeCell checks that a component of 10^6 bytes and more
// keeps the table aligned (fmt refuses such widths).
func TestConfusionHugeCell(t *testing.T) {
	in := "http://h/" + strings.Repeat("a", 1<<20)
	out, _, _ := runCmd(t, "", "confusion", in)
	if strings.Contains(out, "%!") {
		t.Fatalf("uri confusion: a formatting error in the output: %.200q", out)
	}
	lines := strings.Split(out, "\n")
	col := func(l string) int { return strings.Index(l, `"http"`) }
	if len(lines) < 4 || col(lines[3]) < 0 || strings.Index(lines[1], "RFC 3986") != col(lines[3]) {
		t.Errorf("uri confusion: columns not aligned:\n%.300s", out)
	}
}

// TestConfusionSyntax checks --syntax: the strict reading in that grammar.
func TestConfusionSyntax(t *testing.T) {
	for _, tt := range []struct {
		syntax, in string
		status     int
		line       string
	}{
		{"rfc3986", "http://[fe80::1%25en0]/", exitInvalid, "differences: one rejects"},
		{"rfc6874", "http://[fe80::1%25en0]/", exitOK, "differences: none"},
		{"rfc3987", "http://h/?\u00e9", exitOK, "differences: none"},
		{"rfc3986", "http://h/?\u00e9", exitInvalid, "differences: one rejects"},
		{"bogus", "http://h/", exitUsage, ""},
	} {
		out, _, status := runCmd(t, "", "confusion", "--syntax", tt.syntax, tt.in)
		if status != tt.status || !strings.Contains(out, tt.line) {
			t.Errorf("uri confusion --syntax %s %q: status %d, want %d and %q:\n%s", tt.syntax, tt.in, status, tt.status, tt.line, out)
		}
	}
}

// TestConfusionLinear checks that confusion is linear in time and memory.
func TestConfusionLinear(t *testing.T) {
	checkLinear(t, "confusion")
}

// TestConfusionIDN checks the host a browser contacts and shows, and the
// UTS #39 warnings, in the human and --json output; the password stays
// masked.
func TestConfusionIDN(t *testing.T) {
	tests := []struct {
		in       string
		status   int
		contains []string
	}{
		{"http://u:hunter2@\u0430pple.com/", exitOK, []string{`"xn--pple-43d.com"`, "warning: mixed-script", "warning: confusable",
			`"\u0430pple" is confusable with the Latin "apple"`, `a browser shows punycode: "xn--pple-43d.com"`}},
		{"http://b\u00fccher.de/", exitOK, []string{`"xn--bcher-kva.de"`, `a browser shows the U-labels: "b\u00fccher.de"`}},
		{"http://xn--a.com/", exitOK, []string{"warning: idn-display"}},
	}
	for _, tt := range tests {
		out, _, status := runCmd(t, "", "confusion", "--syntax", "rfc3987", tt.in)
		if status != tt.status {
			t.Errorf("uri confusion %q: status %d, want %d", tt.in, status, tt.status)
		}
		for _, c := range tt.contains {
			if !strings.Contains(out, c) {
				t.Errorf("uri confusion %q: output lacks %q:\n%s", tt.in, c, out)
			}
		}
		if strings.Contains(out, "hunter2") {
			t.Errorf("uri confusion %q: output shows the password:\n%s", tt.in, out)
		}
	}
	out, _, _ := runCmd(t, "", "confusion", "--json", "--syntax", "rfc3987", "http://\u0430pple.com/")
	var rec struct {
		IDN struct {
			ASCII    string `json:"ascii"`
			Punycode bool   `json:"punycode"`
			Labels   []struct {
				Level         string  `json:"level"`
				LatinSpelling *string `json:"latinSpelling"`
			} `json:"labels"`
		} `json:"idn"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.IDN.ASCII != "xn--pple-43d.com" || !rec.IDN.Punycode || len(rec.IDN.Labels) != 2 || rec.IDN.Labels[0].LatinSpelling == nil ||
		*rec.IDN.Labels[0].LatinSpelling != "apple" || !strings.Contains(strings.Join(rec.Warnings, " "), "mixed-script confusable idn-display") {
		t.Errorf("uri confusion --json: %+v:\n%s", rec, out)
	}
}

// TestConfusionWHATWGColumnCommand checks the complete WHATWG column (the
// URL Standard's getters) and its differences in the human and --json
// output.
func TestConfusionWHATWGColumnCommand(t *testing.T) {
	out, _, status := runCmd(t, "", "confusion", "http://ExAmple.com:080/a/../b")
	for _, line := range []string{
		`  host      "ExAmple.com"  "ExAmple.com"  "example.com"`,
		`  port      "080"          "080"          (undefined)`,
		`  path      "/a/../b"      "/a/../b"      "/b"`,
	} {
		if !strings.Contains(out, line+"\n") || status != exitOK || strings.Contains(out, "WHATWG differs") {
			t.Errorf("uri confusion: status %d, want %d and the line %q and no WHATWG difference:\n%s", status, exitOK, line, out)
		}
	}
	out, _, _ = runCmd(t, "", "confusion", "http:evil.com")
	if !strings.Contains(out, "  WHATWG differs in: host, path\n") {
		t.Errorf("uri confusion http:evil.com: no WHATWG differences line:\n%s", out)
	}
	out, _, _ = runCmd(t, "", "confusion", "--json", "http://h:99999/", "http://h/p?q#")
	var got []map[string]any
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatal(err)
		}
		w := m["whatwg"].(map[string]any)
		got = append(got, map[string]any{"diffs": m["whatwgDifferences"], "path": w["path"], "query": w["query"], "fragment": w["fragment"]})
	}
	want := []map[string]any{
		{"diffs": []any{"validity"}, "path": nil, "query": nil, "fragment": nil},
		{"diffs": []any{}, "path": "/p", "query": "q", "fragment": ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("uri confusion --json mismatch (-want +got):\n%s", diff)
	}
}
