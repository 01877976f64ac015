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

	// Fixtures of internal/audit: a grammar of two files, ext over base.
	extABNF  = "../../internal/audit/testdata/ext.abnf"
	baseABNF = "../../internal/audit/testdata/base.abnf"
	extPEG   = "../../internal/audit/testdata/ext.peg"
	basePEG  = "../../internal/audit/testdata/base.peg"
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
		{[]string{"audit", "--abnf", extABNF, "--abnf", baseABNF, "--peg", extPEG, "--peg", basePEG}, exitOK,
			"12 ABNF rules: 10 same, 2 equivalent, 0 deviation, 0 missing, 0 unexplained; 1 PEG helper rules (0 without #helper:); 1 ABNF rules of later files unused"},
		{[]string{"audit", "--abnf", extABNF, "--abnf", baseABNF, "--peg", extPEG, "--peg", basePEG}, exitOK,
			"ext.abnf:10 ../../internal/audit/testdata/ext.peg:27"},
		// The base grammar's start rule is unreachable, so its uri is not
		// generated; without the extension's ABNF, the base's rules are
		// all audited.
		{[]string{"audit", "--abnf", baseABNF, "--peg", extPEG, "--peg", basePEG}, exitInvalid,
			"PEG rule uri (../../internal/audit/testdata/base.peg:12) is not reachable from the first rule start"},
		{[]string{"audit", "--abnf", extABNF, "--abnf", baseABNF, "--peg", basePEG, "--peg", extPEG}, exitInvalid,
			"PEG rule iri (../../internal/audit/testdata/ext.peg:13) is not reachable from the first rule top"},
		{[]string{"audit", "--abnf", extABNF, "--abnf", "no/such/file", "--peg", extPEG}, exitUsage, ""},
		{[]string{"audit", "--help"}, exitOK, "--abnf grammar/rfc6874.abnf --abnf grammar/rfc3986.abnf"},
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

// TestAuditJSONComposed checks the file keys of uri audit --json for a
// grammar of several files, and their absence for one file.
func TestAuditJSONComposed(t *testing.T) {
	type rule struct {
		Rule     string `json:"rule"`
		File     string `json:"file"`
		Line     int    `json:"line"`
		ABNFFile string `json:"abnfFile"`
		ABNFLine int    `json:"abnfLine"`
	}
	var rep struct {
		Rules   []rule `json:"rules"`
		Helpers []struct {
			Rule string `json:"rule"`
			File string `json:"file"`
		} `json:"helpers"`
		Unused []struct {
			Rule string `json:"rule"`
			File string `json:"file"`
		} `json:"unused"`
		OK bool `json:"ok"`
	}
	out, _, status := runCmd(t, "", "audit", "--json", "--abnf", extABNF, "--abnf", baseABNF, "--peg", extPEG, "--peg", basePEG)
	if status != exitOK {
		t.Fatalf("status %d, want %d\n%s", status, exitOK, out)
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	got := map[string]rule{}
	for _, r := range rep.Rules {
		if r.Rule == "host" || r.Rule == "num" {
			got[r.Rule] = r
		}
	}
	want := map[string]rule{
		"host": {"host", extPEG, 16, extABNF, 7},
		"num":  {"num", basePEG, 21, baseABNF, 7},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rules mismatch (-want +got):\n%s", diff)
	}
	if len(rep.Helpers) != 1 || rep.Helpers[0].File != extPEG || len(rep.Unused) != 1 || rep.Unused[0].Rule != "uri" {
		t.Errorf("helpers %+v, unused %+v", rep.Helpers, rep.Unused)
	}
	out, _, _ = runCmd(t, "", "audit", "--json", "--abnf", testABNF, "--peg", testPEG)
	for _, key := range []string{`"file"`, `"abnfFile"`, `"abnfLine"`, `"unused"`} {
		if strings.Contains(out, key) {
			t.Errorf("the report of one file has the key %s", key)
		}
	}
}
