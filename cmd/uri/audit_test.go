package main

import (
	"encoding/json"
	"fmt"
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

// ruleLine returns the line of the rule name in the PEG file src.
func ruleLine(t *testing.T, src []byte, name string) int {
	t.Helper()
	for i, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, name+" <-") {
			return i + 1
		}
	}
	t.Fatalf("no rule %s", name)
	return 0
}

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
	decOctetRow := fmt.Sprintf("dec-octet      dec_octet:%d      unexplained", ruleLine(t, peg, "dec_octet"))
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
			decOctetRow},
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
		name := strings.ReplaceAll(strings.Join(tt.args, " "), drifted, "drifted.peg")
		t.Run(strings.ReplaceAll(name, "../../", ""), func(t *testing.T) {
			out, _, status := runCmd(t, "", tt.args...)
			if status != tt.status {
				t.Errorf("uri %q: status %d, want %d\n%s", tt.args, status, tt.status, out)
			}
			if !strings.Contains(out, tt.contains) {
				t.Errorf("uri %q: output lacks %q:\n%s", tt.args, tt.contains, out)
			}
		})
	}
}

// Summaries of the built-in grammars, as make audit prints them.
var auditSummaries = []string{
	"ok    rfc3986  39 ABNF rules: 10 same, 26 equivalent, 3 deviation, 0 missing, 0 unexplained; 10 PEG helper rules (0 without #helper:)",
	"ok    abnf     33 ABNF rules: 28 same, 2 equivalent, 3 deviation, 0 missing, 0 unexplained; 2 PEG helper rules (0 without #helper:)",
	"ok    rfc6874  41 ABNF rules: 9 same, 29 equivalent, 3 deviation, 0 missing, 0 unexplained; 11 PEG helper rules (0 without #helper:)",
	"ok    rfc3987  42 ABNF rules: 10 same, 29 equivalent, 3 deviation, 0 missing, 0 unexplained; 10 PEG helper rules (0 without #helper:)",
	"ok    rfc6068  28 ABNF rules: 10 same, 7 equivalent, 11 deviation, 0 missing, 0 unexplained; 3 PEG helper rules (0 without #helper:)",
	"ok    rfc6570  21 ABNF rules: 13 same, 8 equivalent, 0 deviation, 0 missing, 0 unexplained; 2 PEG helper rules (0 without #helper:)",
	"ok    rfc8089  47 ABNF rules: 12 same, 30 equivalent, 5 deviation, 0 missing, 0 unexplained; 13 PEG helper rules (0 without #helper:)",
	"ok    rfc8141  49 ABNF rules: 12 same, 32 equivalent, 5 deviation, 0 missing, 0 unexplained; 15 PEG helper rules (0 without #helper:)",
	"ok    rfc9110  50 ABNF rules: 16 same, 31 equivalent, 3 deviation, 0 missing, 0 unexplained; 19 PEG helper rules (0 without #helper:)",
	"ok    rfc2397  29 ABNF rules: 9 same, 14 equivalent, 6 deviation, 0 missing, 0 unexplained; 4 PEG helper rules (0 without #helper:)",
}

// TestAuditBuiltin runs uri audit on its built-in grammars from a
// directory that has no grammar files, as an installed binary runs.
func TestAuditBuiltin(t *testing.T) {
	peg, err := os.ReadFile(testPEG)
	if err != nil {
		t.Fatal(err)
	}
	drifted, err := filepath.Abs(filepath.Join(t.TempDir(), "drifted.peg"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(drifted, []byte(strings.Replace(string(peg), "'25' [0-5]", "'25' [0-6]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	decOctetRow := fmt.Sprintf("dec-octet      dec_octet:%d      unexplained", ruleLine(t, peg, "dec_octet"))
	t.Chdir(t.TempDir())
	if _, err := os.Stat("grammar"); err == nil {
		t.Fatal("the test directory has a grammar directory")
	}

	out, _, status := runCmd(t, "", "audit", "--summary")
	if status != exitOK {
		t.Errorf("uri audit --summary: status %d, want %d", status, exitOK)
	}
	if diff := cmp.Diff(strings.Join(auditSummaries, "\n")+"\n", out); diff != "" {
		t.Errorf("uri audit --summary mismatch (-want +got):\n%s", diff)
	}

	tests := []struct {
		name     string
		args     []string
		status   int
		contains []string
		lacks    []string
	}{
		{"every table", []string{"audit"}, exitOK, []string{
			"== rfc3986: grammar/rfc3986.peg against grammar/rfc3986.abnf\nABNF RULE",
			"\n\n== rfc6874: grammar/rfc6874.peg grammar/rfc3986.peg against grammar/rfc6874.abnf grammar/rfc3986.abnf\n",
			"\n\n== rfc3987: grammar/rfc3987.peg grammar/rfc3986.peg against grammar/rfc3987.abnf\n",
			"IP-literal     IP_literal     grammar/rfc6874.abnf:10 grammar/rfc6874.peg:",
			"\n28 ABNF rules: 10 same, 7 equivalent, 11 deviation, 0 missing, 0 unexplained; 3 PEG helper rules (0 without #helper:)\n",
		}, []string{"ok    "}},
		{"one grammar", []string{"audit", "rfc6874"}, exitOK, []string{
			"ABNF RULE      PEG RULE       FILES",
			"\n41 ABNF rules: 9 same, 29 equivalent, 3 deviation, 0 missing, 0 unexplained;",
		}, []string{"==", "rfc3987", "rfc6068"}},
		{"two grammars, summary", []string{"audit", "--summary", "rfc6068", "abnf"}, exitOK,
			[]string{auditSummaries[4] + "\n" + auditSummaries[1] + "\n"}, []string{"rfc3986"}},
		{"one grammar, summary", []string{"audit", "--summary", "rfc3987"}, exitOK,
			[]string{auditSummaries[3] + "\n"}, []string{"ABNF RULE"}},
		{"drifted PEG, summary", []string{"audit", "--summary", "--peg", drifted}, exitInvalid, []string{
			"== " + drifted + ": " + drifted + " against grammar/rfc3986.abnf\nABNF RULE",
			decOctetRow,
			"\nFAIL  " + drifted + " 39 ABNF rules: 10 same, 25 equivalent, 3 deviation, 0 missing, 1 unexplained;",
		}, []string{"ok    "}},
		{"drifted PEG", []string{"audit", "--peg", drifted}, exitInvalid,
			[]string{"ABNF RULE", decOctetRow}, []string{"==", "FAIL"}},
		{"drifted PEG over rfc6874", []string{"audit", "--peg", drifted, "--peg", drifted, "rfc6874"}, exitInvalid,
			[]string{"IP-literal     IP_literal     grammar/rfc6874.abnf:10 " + drifted + ":"}, nil},
		{"the repository's files are not read", []string{"audit", "--abnf", "grammar/rfc3986.abnf"}, exitUsage, nil, []string{"ABNF RULE"}},
		{"unknown grammar", []string{"audit", "rfc3896"}, exitUsage, nil, []string{"ABNF RULE"}},
		{"files for two grammars", []string{"audit", "--peg", drifted, "rfc3986", "rfc6874"}, exitUsage, nil, []string{"ABNF RULE"}},
		{"json and summary", []string{"audit", "--json", "--summary"}, exitUsage, nil, []string{"{"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, status := runCmd(t, "", tt.args...)
			if status != tt.status {
				t.Errorf("uri %q: status %d, want %d\n%s%s", tt.args, status, tt.status, out, stderr)
			}
			for _, c := range tt.contains {
				if !strings.Contains(out, c) {
					t.Errorf("uri %q: output lacks %q:\n%s", tt.args, c, out)
				}
			}
			for _, c := range tt.lacks {
				if strings.Contains(out, c) {
					t.Errorf("uri %q: output has %q:\n%s", tt.args, c, out)
				}
			}
			if status == exitUsage && !strings.HasPrefix(stderr, "uri audit: ") {
				t.Errorf("uri %q: stderr %q, want a uri audit: message", tt.args, stderr)
			}
		})
	}
}

// TestAuditBuiltinJSON checks that uri audit --json names each built-in
// grammar, one object each, and no grammar for files named.
func TestAuditBuiltinJSON(t *testing.T) {
	t.Chdir(t.TempDir())
	out, _, status := runCmd(t, "", "audit", "--json")
	if status != exitOK {
		t.Fatalf("status %d, want %d", status, exitOK)
	}
	type report struct {
		Grammar string `json:"grammar"`
		Summary string `json:"summary"`
		OK      bool   `json:"ok"`
	}
	var got []report
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var r report
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		got = append(got, r)
	}
	var want []report
	for _, s := range auditSummaries {
		f := strings.Fields(s)
		want = append(want, report{f[1], strings.Join(f[2:], " "), true})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("uri audit --json mismatch (-want +got):\n%s", diff)
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
