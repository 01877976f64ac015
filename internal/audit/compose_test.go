package audit

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/grammar"
)

// readTestdata reads a fixture of testdata/.
func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// composed audits the fixtures ext.abnf over base.abnf and ext.peg over
// base.peg, after edit changes the sources (keyed by file name).
func composed(t *testing.T, edit func(map[string]*string)) *Report {
	t.Helper()
	src := map[string]*string{}
	for _, n := range []string{"ext.abnf", "base.abnf", "ext.peg", "base.peg"} {
		s := readTestdata(t, n)
		src[n] = &s
	}
	if edit != nil {
		edit(src)
	}
	var af, pf []grammar.GrammarFile
	for _, n := range []string{"ext.abnf", "base.abnf"} {
		g, err := grammar.ReadABNF(*src[n])
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		af = append(af, grammar.GrammarFile{Name: n, Grammar: g})
	}
	for _, n := range []string{"ext.peg", "base.peg"} {
		g, err := grammar.ReadPEG(*src[n])
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		pf = append(pf, grammar.GrammarFile{Name: n, Grammar: g})
	}
	a, err := grammar.ComposeABNF(af...)
	if err != nil {
		t.Fatal(err)
	}
	p, err := grammar.ComposePEG(pf...)
	if err != nil {
		t.Fatal(err)
	}
	return Audit(a, p, NameMap{})
}

// TestAuditComposed audits the composed fixtures: the rules of both files
// with their files and lines, the base grammar's unused rule listed apart.
func TestAuditComposed(t *testing.T) {
	rep := composed(t, nil)
	type row struct {
		Rule, File, ABNFFile string
		Verdict              Verdict
	}
	var got []row
	for _, r := range rep.Rules {
		got = append(got, row{r.Rule, r.File, r.ABNFFile, r.Verdict})
	}
	want := []row{
		{"iri", "ext.peg", "ext.abnf", Same}, {"host", "ext.peg", "ext.abnf", Same},
		{"iword", "ext.peg", "ext.abnf", Same}, {"ichar", "ext.peg", "ext.abnf", Same},
		{"ucschar", "ext.peg", "ext.abnf", Equivalent}, {"iprivate", "ext.peg", "ext.abnf", Same},
		{"scheme", "base.peg", "base.abnf", Same}, {"num", "base.peg", "base.abnf", Same},
		{"pct", "base.peg", "base.abnf", Same}, {"ALPHA", "base.peg", "base.abnf", Same},
		{"DIGIT", "base.peg", "base.abnf", Same}, {"HEXDIG", "base.peg", "base.abnf", Equivalent},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Audit(composed) mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]UnusedRule{{"uri", "base.abnf", 4}}, rep.Unused); diff != "" {
		t.Errorf("Audit(composed) unused mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]HelperResult{{Rule: "start", Line: 10, File: "ext.peg", Purpose: "the start rule: the whole input is an iri.", OK: true}}, rep.Helpers); diff != "" {
		t.Errorf("Audit(composed) helpers mismatch (-want +got):\n%s", diff)
	}
	const summary = "12 ABNF rules: 10 same, 2 equivalent, 0 deviation, 0 missing, 0 unexplained; 1 PEG helper rules (0 without #helper:); 1 ABNF rules of later files unused"
	if !rep.OK || rep.Summary != summary {
		t.Errorf("Audit(composed): ok %v, summary %q; want true, %q", rep.OK, rep.Summary, summary)
	}
	var b strings.Builder
	if err := rep.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"FILES", "ext.abnf:10 ext.peg:27", "start ext.peg:10", "base.abnf: uri\n"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("WriteTable lacks %q:\n%s", s, b.String())
		}
	}
}

// TestAuditComposedDrift changes the composed fixtures and checks which
// rules fail: a PEG rule left unreachable is missing (and says why), a rule
// of the first ABNF file without a PEG rule is missing, an override that
// the PEG does not follow is unexplained.
func TestAuditComposedDrift(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		old, new string
		want     []string // failing rules, "rule verdict"
		reason   string   // of the first failing rule
	}{
		{
			name: "base rule no longer reachable",
			file: "ext.peg", old: "host <- iword / num", new: "host <- iword",
			want:   []string{"host unexplained", "num missing"},
			reason: "the PEG rule differs from the ABNF",
		},
		{
			name: "rule of the first ABNF file not transcribed",
			file: "ext.peg", old: "#abnf: iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD\niprivate <- [\\0xE000-\\0xF8FF] / [\\0xF0000-\\0xFFFFD] / [\\0x100000-\\0x10FFFD]\n",
			new:  "",
			want: []string{"iprivate missing"}, reason: "no PEG rule iprivate",
		},
		{
			name: "the override in the PEG is missing",
			file: "ext.peg", old: "#abnf: host     = iword / num\nhost <- iword / num\n", new: "",
			want: []string{"host unexplained", "iword missing", "ichar missing", "ucschar missing",
				"iprivate missing", "pct missing", "HEXDIG missing"},
			reason: "the #abnf: lines do not quote the ABNF rule",
		},
		{
			name: "the override in the ABNF is missing",
			file: "ext.abnf", old: "   host     = iword / num\n", new: "",
			want:   []string{"host unexplained"},
			reason: "the #abnf: lines do not quote the ABNF rule",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := composed(t, func(src map[string]*string) {
				s := src[tt.file]
				if n := strings.Count(*s, tt.old); n != 1 {
					t.Fatalf("%q occurs %d times in %s, want 1", tt.old, n, tt.file)
				}
				*s = strings.Replace(*s, tt.old, tt.new, 1)
			})
			if rep.OK {
				t.Errorf("Audit passed after the change: %s", rep.Summary)
			}
			var bad []string
			reason := ""
			for _, r := range rep.Rules {
				if r.Verdict == Missing || r.Verdict == Unexplained {
					bad = append(bad, r.Rule+" "+string(r.Verdict))
					if reason == "" {
						reason = r.Reason
					}
				}
			}
			if diff := cmp.Diff(tt.want, bad); diff != "" {
				t.Errorf("failing rules mismatch (-want +got):\n%s", diff)
			}
			if reason != tt.reason {
				t.Errorf("reason %q, want %q", reason, tt.reason)
			}
		})
	}
}

// TestMissingUnreachable checks the reason given for an ABNF rule whose PEG
// rule exists but is dropped as unreachable.
func TestMissingUnreachable(t *testing.T) {
	rep := composed(t, func(src map[string]*string) {
		*src["ext.peg"] = strings.Replace(*src["ext.peg"], "iword <- (ichar / pct)+", "iword <- ichar+", 1)
	})
	for _, r := range rep.Rules {
		if r.Rule == "pct" {
			const want = "PEG rule pct (base.peg:24) is not reachable from the first rule start, so it is not generated"
			if r.Verdict != Missing || r.Reason != want {
				t.Errorf("pct: %s, %q; want missing, %q", r.Verdict, r.Reason, want)
			}
			return
		}
	}
	t.Errorf("no result for pct")
}
