package audit

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/grammar"
)

var dash = NameMap{From: "-", To: "_"}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../../grammar/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func auditSources(t *testing.T, abnfSrc, pegSrc string) *Report {
	t.Helper()
	a, err := grammar.ReadABNF(abnfSrc)
	if err != nil {
		t.Fatalf("ReadABNF: %v", err)
	}
	p, err := grammar.ReadPEG(pegSrc)
	if err != nil {
		t.Fatalf("ReadPEG: %v", err)
	}
	return Audit(a, p, dash)
}

func verdicts(rep *Report) map[string]Verdict {
	m := map[string]Verdict{}
	for _, r := range rep.Rules {
		m[r.Rule] = r.Verdict
	}
	return m
}

// TestAuditRFC3986 pins the verdict of every rule of RFC 3986 Appendix A.
func TestAuditRFC3986(t *testing.T) {
	rep := auditSources(t, readFile(t, "rfc3986.abnf"), readFile(t, "rfc3986.peg"))
	want := map[string]Verdict{
		"URI": Equivalent, "hier-part": Equivalent, "URI-reference": Same,
		"absolute-URI": Equivalent, "relative-ref": Equivalent, "relative-part": Equivalent,
		"scheme": Equivalent, "authority": Equivalent, "userinfo": Equivalent,
		"host": Deviation, "port": Equivalent, "IP-literal": Same, "IPvFuture": Equivalent,
		"IPv6address": Deviation, "h16": Equivalent, "ls32": Same, "IPv4address": Same,
		"dec-octet": Equivalent, "reg-name": Equivalent, "path": Deviation,
		"path-abempty": Same, "path-absolute": Same, "path-noscheme": Same,
		"path-rootless": Same, "path-empty": Equivalent, "segment": Equivalent,
		"segment-nz": Equivalent, "segment-nz-nc": Equivalent, "pchar": Equivalent,
		"query": Equivalent, "fragment": Equivalent, "pct-encoded": Equivalent,
		"unreserved": Equivalent, "reserved": Equivalent, "gen-delims": Equivalent,
		"sub-delims": Equivalent, "ALPHA": Same, "DIGIT": Same, "HEXDIG": Equivalent,
	}
	if diff := cmp.Diff(want, verdicts(rep)); diff != "" {
		t.Errorf("Audit(rfc3986) verdicts mismatch (-want +got):\n%s", diff)
	}
	if !rep.OK {
		var b strings.Builder
		rep.WriteTable(&b)
		t.Errorf("Audit(rfc3986) failed:\n%s", b.String())
	}
	if got := len(rep.Helpers); got != 10 {
		t.Errorf("Audit(rfc3986) lists %d helper rules, want 10", got)
	}
}

// TestAuditABNF audits grammar/abnf.peg against RFC 5234 §4.
func TestAuditABNF(t *testing.T) {
	rep := auditSources(t, readFile(t, "abnf.abnf"), readFile(t, "abnf.peg"))
	got := map[string]Verdict{}
	for r, v := range verdicts(rep) {
		if v != Same {
			got[r] = v
		}
	}
	want := map[string]Verdict{
		"rule": Deviation, "defined-as": Equivalent, "c-wsp": Deviation,
		"repeat": Equivalent, "CRLF": Deviation,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Audit(abnf) verdicts other than same mismatch (-want +got):\n%s", diff)
	}
	if !rep.OK {
		t.Errorf("Audit(abnf) failed: %s", rep.Summary)
	}
}

// TestAuditDrift injects a change into the real grammar files and checks
// that the audit fails, with the changed rule as the failure.
func TestAuditDrift(t *testing.T) {
	tests := []struct {
		name     string
		file     string // "abnf" or "peg"
		old, new string
		rule     string
		want     Verdict
	}{
		{
			name: "drop an IPv6address alternative",
			file: "peg",
			old:  "             / '::' h16 ':' h16 ':' h16 ':' h16 ':' h16 ':' ls32 ![0-9A-Fa-f:.]\n",
			rule: "IPv6address", want: Unexplained,
		},
		{
			name: "widen dec-octet 25[0-5] to 25[0-6]",
			file: "peg", old: "'25' [0-5]", new: "'25' [0-6]",
			rule: "dec-octet", want: Unexplained,
		},
		{
			name: "swap ALPHA for HEXDIG in scheme",
			file: "peg", old: "scheme <- [a-zA-Z] ", new: "scheme <- [0-9A-Fa-f] ",
			rule: "scheme", want: Unexplained,
		},
		{
			name: "delete a rule",
			file: "peg", old: "port <- [0-9]*\n",
			rule: "port", want: Missing,
		},
		{
			name: "case-sensitive literal for a case-insensitive string",
			file: "peg", old: `IPvFuture <- "v"`, new: `IPvFuture <- 'v'`,
			rule: "IPvFuture", want: Unexplained,
		},
		{
			name: "lookahead without a #peg: comment",
			file: "peg", old: "ls32 <- h16 ':' h16 / IPv4address\n", new: "ls32 <- h16 ':' h16 / IPv4address !'.'\n",
			rule: "ls32", want: Unexplained,
		},
		{
			name: "stale #abnf: quote",
			file: "peg", old: "#abnf: port          = *DIGIT", new: "#abnf: port          = 1*DIGIT",
			rule: "port", want: Unexplained,
		},
		{
			name: "inline class without its #peg: inline line",
			file: "peg", old: "#peg: inline unreserved sub-delims\n#section", new: "#section",
			rule: "reg-name", want: Unexplained,
		},
		{
			name: "ABNF changed under the PEG",
			file: "abnf", old: `"25" %x30-35`, new: `"25" %x30-36`,
			rule: "dec-octet", want: Unexplained,
		},
	}
	abnfSrc, pegSrc := readFile(t, "rfc3986.abnf"), readFile(t, "rfc3986.peg")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, p := abnfSrc, pegSrc
			src := &p
			if tt.file == "abnf" {
				src = &a
			}
			if n := strings.Count(*src, tt.old); n != 1 {
				t.Fatalf("%q occurs %d times in the %s file, want 1", tt.old, n, tt.file)
			}
			*src = strings.Replace(*src, tt.old, tt.new, 1)
			rep := auditSources(t, a, p)
			if rep.OK {
				t.Errorf("Audit passed after the change: %s", rep.Summary)
			}
			var bad []string
			for _, r := range rep.Rules {
				if r.Verdict == Missing || r.Verdict == Unexplained {
					bad = append(bad, r.Rule+" "+string(r.Verdict))
				}
			}
			if diff := cmp.Diff([]string{tt.rule + " " + string(tt.want)}, bad); diff != "" {
				t.Errorf("failing rules mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAuditHelperWithoutPurpose checks that a PEG-only rule needs a
// #helper: comment.
func TestAuditHelperWithoutPurpose(t *testing.T) {
	p := strings.Replace(readFile(t, "rfc3986.peg"),
		"#helper: \"#\" fragment, for the same reason as query_part.\n", "", 1)
	rep := auditSources(t, readFile(t, "rfc3986.abnf"), p)
	if rep.OK {
		t.Fatalf("Audit passed with fragment_part undocumented: %s", rep.Summary)
	}
	var bad []string
	for _, h := range rep.Helpers {
		if !h.OK {
			bad = append(bad, h.Rule)
		}
	}
	if diff := cmp.Diff([]string{"fragment_part"}, bad); diff != "" {
		t.Errorf("helpers without purpose mismatch (-want +got):\n%s", diff)
	}
}

// TestTransforms pins which checked transformations make some rules
// equivalent.
func TestTransforms(t *testing.T) {
	rep := auditSources(t, readFile(t, "rfc3986.abnf"), readFile(t, "rfc3986.peg"))
	got := map[string][]string{}
	for _, r := range rep.Rules {
		switch r.Rule {
		case "URI", "dec-octet", "path-empty", "segment", "HEXDIG":
			got[r.Rule] = r.Transforms
		}
	}
	want := map[string][]string{
		"URI":        {"helper rule inlined"},
		"dec-octet":  {"single-character rules as one character class", "alternatives reordered"},
		"path-empty": {"empty match written as lookahead"},
		"segment":    {"single-character rules as one character class", "rule inlined"},
		"HEXDIG":     {"single-character rules as one character class"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("transforms mismatch (-want +got):\n%s", diff)
	}
}

// TestRotate checks the IPv6address rewrite on its own: [ *2( h16 ":" ) h16 ]
// "::" is the same language as ( h16 *2( ":" h16 ) )? "::", and not as
// ( h16 *3( ":" h16 ) )? "::".
func TestRotate(t *testing.T) {
	const abnfSrc = "a = [ *2( h16 \":\" ) h16 ] \"::\"\nh16 = \"x\"\n"
	tests := []struct {
		peg  string
		want Verdict
	}{
		{"(h16 (':' h16 (':' h16)?)?)? '::'", Equivalent},
		{"(h16 (':' h16 (':' h16 (':' h16)?)?)?)? '::'", Unexplained},
		{"(h16 (':' h16)?)? '::'", Unexplained},
	}
	for _, tt := range tests {
		pegSrc := "package x\ntype g Peg {}\n#abnf: a = [ *2( h16 \":\" ) h16 ] \"::\"\na <- " + tt.peg +
			"\n#abnf: h16 = \"x\"\nh16 <- \"x\"\n"
		rep := auditSources(t, abnfSrc, pegSrc)
		if got := rep.Rules[0].Verdict; got != tt.want {
			t.Errorf("a <- %s: verdict %s, want %s (%s / %s)", tt.peg, got, tt.want, rep.Rules[0].ABNF, rep.Rules[0].PEG)
		}
	}
}
