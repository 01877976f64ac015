package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const (
	testABNF = "../../grammar/rfc3986.abnf"
	testPEG  = "../../grammar/rfc3986.peg"
)

// TestAuditCommand checks the exit statuses of uri audit on the real
// grammars, on a drifted copy of grammar/rfc3986.peg and on bad usage.
func TestAuditCommand(t *testing.T) {
	peg, err := os.ReadFile(testPEG)
	if err != nil {
		t.Fatal(err)
	}
	drifted := filepath.Join(t.TempDir(), "drifted.peg")
	if n := strings.Count(string(peg), "'25' [0-5]"); n != 1 {
		t.Fatalf("dec_octet's 25[0-5] occurs %d times", n)
	}
	if err := os.WriteFile(drifted, []byte(strings.Replace(string(peg), "'25' [0-5]", "'25' [0-6]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args     []string
		status   int
		contains string
	}{
		{[]string{"audit", "--abnf", testABNF, "--peg", testPEG}, exitOK,
			"39 ABNF rules: 10 same, 26 equivalent, 3 deviation, 0 missing, 0 unexplained; 10 PEG helper rules (0 without #helper:)"},
		{[]string{"audit", "--abnf", "../../grammar/abnf.abnf", "--peg", "../../grammar/abnf.peg"}, exitOK,
			"0 missing, 0 unexplained"},
		{[]string{"audit", "--abnf", testABNF, "--peg", drifted}, exitInvalid,
			"dec-octet      dec_octet:204      unexplained"},
		{[]string{"audit", "--abnf", testABNF, "--peg", testPEG, "--map", "_"}, exitUsage, ""},
		{[]string{"audit", "--abnf", "no/such/file", "--peg", testPEG}, exitUsage, ""},
		{[]string{"audit", "--abnf", testPEG, "--peg", testPEG}, exitUsage, ""},
		{[]string{"audit", "extra"}, exitUsage, ""},
	}
	for _, tt := range tests {
		out, _, status := runCmd(t, "", tt.args...)
		if status != tt.status {
			t.Errorf("uri %q: status %d, want %d\n%s", tt.args, status, tt.status, out)
		}
		if !strings.Contains(out, tt.contains) {
			t.Errorf("uri %q: output lacks %q:\n%s", tt.args, tt.contains, out)
		}
	}
}

// TestAuditJSON checks the keys of uri audit --json and the verdict of a
// rule that deviates, with its comment.
func TestAuditJSON(t *testing.T) {
	out, _, status := runCmd(t, "", "audit", "--json", "--abnf", testABNF, "--peg", testPEG)
	if status != exitOK {
		t.Fatalf("status %d, want %d", status, exitOK)
	}
	var rep struct {
		Rules []struct {
			Rule    string   `json:"rule"`
			Verdict string   `json:"verdict"`
			Comment []string `json:"comment"`
		} `json:"rules"`
		Helpers []struct {
			Rule string `json:"rule"`
		} `json:"helpers"`
		Counts  map[string]int `json:"counts"`
		Summary string         `json:"summary"`
		OK      bool           `json:"ok"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	wantCounts := map[string]int{"same": 10, "equivalent": 26, "deviation": 3}
	if diff := cmp.Diff(wantCounts, rep.Counts); diff != "" {
		t.Errorf("counts mismatch (-want +got):\n%s", diff)
	}
	if !rep.OK || len(rep.Helpers) != 10 {
		t.Errorf("ok = %v, %d helpers; want true, 10", rep.OK, len(rep.Helpers))
	}
	for _, r := range rep.Rules {
		if r.Rule == "host" && (r.Verdict != "deviation" || !strings.Contains(strings.Join(r.Comment, " "), "first-match-wins")) {
			t.Errorf("host: verdict %s, comment %q", r.Verdict, r.Comment)
		}
	}
}
