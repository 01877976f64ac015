package main

import (
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
)

// TestExplain checks the rule trees of uri explain, including rules that
// match the empty string (RFC 3986 Appendix A: path-empty, an empty query)
// next to rules that start at the same offset: an empty rule is a child of
// the rule that applied it, not of a sibling starting where it is.
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
		{[]string{"explain", "?#"}, exitOK, `"?#"
  URI-reference [0,2) "?#"
    relative-ref [0,2) "?#"
      relative-part [0,0) ""
        path-empty [0,0) ""
      query-part [0,1) "?"
        query [1,1) ""
      fragment-part [1,2) "#"
        fragment [2,2) ""
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

// hostileShapes are inputs that make a parser scan far, repeating a unit
// to a given size: the shapes that made explain quadratic.
var hostileShapes = []struct {
	name                 string
	prefix, unit, suffix string
}{
	{"port then letters", "http://example.com:80", "x", ""},
	{"unclosed IP-literal", "http://[", "1", ""},
	{"userinfo without @", "http://u:", "p", ""},
	{"long path then space", "http://h/", "a/", " "},
	{"valid encoded path", "http://h/", "%41", ""},
	{"several @", "http://", "a@", "/"},
	{"colons", "http://u:", "p:", " @h/"},
	{"nested brackets", "", "[", ""},
	{"empty segments", "http://h", "/", ""},
	{"empty segments then space", "a:", "/", " "},
}

func hostileInput(prefix, unit, suffix string, size int) string {
	n := max(0, (size-len(prefix)-len(suffix))/len(unit))
	return prefix + strings.Repeat(unit, n) + suffix
}

// perByteCost runs uri with args and the input last, reps times, and
// returns the nanoseconds and bytes allocated per input byte.
func perByteCost(args []string, in string, reps int) (ns, alloc float64) {
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	start := time.Now()
	for range reps {
		run(&env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}, append(args, in))
	}
	d := time.Since(start)
	runtime.ReadMemStats(&ms1)
	n := float64(reps) * float64(len(in))
	return float64(d.Nanoseconds()) / n, float64(ms1.TotalAlloc-ms0.TotalAlloc) / n
}

// checkLinear compares the time and memory per byte of a command on 10 KB
// and 1 MB inputs of each hostile shape: a linear command spends about
// the same per byte, a quadratic one a hundred times more. Time is the
// thread's CPU time, the fastest of interleaved rounds (package
// lineartest), which load does not change.
func checkLinear(t *testing.T, args ...string) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("runs on megabytes")
	}
	const slack = 8
	for _, sh := range hostileShapes {
		t.Run(sh.name, func(t *testing.T) {
			small := hostileInput(sh.prefix, sh.unit, sh.suffix, 10<<10)
			large := hostileInput(sh.prefix, sh.unit, sh.suffix, 1<<20)
			_, ms := perByteCost(args, small, 4)
			_, ml := perByteCost(args, large, 1)
			r, ok := lineartest.Compare(sample(args, []string{small}, ""), sample(args, []string{large}, ""), slack)
			t.Logf("%q: %v; %.0f B/byte at 10 KB, %.0f B/byte at 1 MB", args, r, ms, ml)
			if !ok {
				t.Errorf("uri %q: %v: the cost per byte at 1 MB is more than %d times that at 10 KB", args, r, slack)
			}
			if ml > slack*ms {
				t.Errorf("uri %q: %.0f bytes allocated per byte at 1 MB, more than %d times %.0f at 10 KB", args, ml, slack, ms)
			}
		})
	}
}

// TestExplainLinear checks that explain is linear in time and memory,
// on invalid inputs that make the parser scan far (its prefix search
// included) and on valid ones with many rules, with the parser of RFC
// 3986 and that of RFC 3987 (RFC 6874's differs from RFC 3986's in the
// IP-literal only).
func TestExplainLinear(t *testing.T) {
	for _, syntax := range []string{"rfc3986", "rfc3987"} {
		t.Run(syntax, func(t *testing.T) { checkLinear(t, "explain", "--syntax", syntax) })
	}
}

// TestExplainBoundedPrefix checks the wording when the prefix search is
// bounded: the prefix found past the budget is not called the longest.
func TestExplainBoundedPrefix(t *testing.T) {
	in := "http://example.com:80" + strings.Repeat("x", 1<<20)
	out, _, status := runCmd(t, "", "explain", in)
	if status != exitInvalid {
		t.Fatalf("status %d, want %d", status, exitInvalid)
	}
	want := "  prefix matching URI-reference: bytes [0,21) (longer prefixes up to byte 1048597 not all tried: the search is bounded)\n"
	if !strings.Contains(out, want) {
		t.Errorf("uri explain %.30q...: no line %q in:\n%.600s", in, want, out)
	}
	// A short input is searched exhaustively.
	out, _, _ = runCmd(t, "", "explain", "http://example.com:80xxxx")
	if !strings.Contains(out, "  longest prefix matching URI-reference: bytes [0,21)\n") {
		t.Errorf("uri explain short: %s", out)
	}
}

// TestExplainSyntax checks --syntax and the rule names of RFC 3987.
func TestExplainSyntax(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		line   string
	}{
		{[]string{"explain", "--syntax", "rfc6874", "http://[fe80::1%25en0]/"}, exitOK, `ZoneID [18,21) "en0"`},
		{[]string{"explain", "http://[fe80::1%25en0]/"}, exitInvalid, "longest prefix matching URI-reference: bytes [0,7)"},
		{[]string{"explain", "--syntax", "rfc3987", "http://é/"}, exitOK, `ucschar [7,9) "é"`},
		{[]string{"explain", "--syntax", "rfc3987", "--rule", "URI", "http://é/"}, exitOK, `IRI [0,10) "http://é/"`},
		{[]string{"explain", "--rule", "IRI", "http://h/"}, exitOK, `URI [0,9) "http://h/"`},
		{[]string{"explain", "--syntax", "rfc9999", "x"}, exitUsage, ""},
	}
	for _, tt := range tests {
		out, _, status := runCmd(t, "", tt.args...)
		if status != tt.status || !strings.Contains(out, tt.line) {
			t.Errorf("uri %q: status %d (want %d), want a line %q:\n%s", tt.args, status, tt.status, tt.line, out)
		}
	}
}

// TestExplainUsageErrors checks the usage errors of --rule and --syntax,
// with the value masked, and of a bad line of standard input.
func TestExplainUsageErrors(t *testing.T) {
	runCLITests(t, []cliTest{
		{"bad rule", "", []string{"explain", "--rule", "http://u:s3cret@h/", "x"},
			cliResult{Stderr: "uri explain: unknown --rule \"http://u:xxxxx@h/\" (want URI-reference, URI, absolute-URI or relative-ref)\n", Status: exitUsage}},
		{"bad syntax", "", []string{"explain", "--syntax", "http://u:s3cret@h/", "x"},
			cliResult{Stderr: "uri explain: unknown --syntax \"http://u:xxxxx@h/\" (want rfc3986, rfc6874 or rfc3987)\n", Status: exitUsage}},
		{"bad syntax, confusion", "", []string{"confusion", "--syntax", "rfc3968", "x"},
			cliResult{Stderr: "uri confusion: unknown --syntax \"rfc3968\" (want rfc3986, rfc6874 or rfc3987)\n", Status: exitUsage}},
		{"bad quoted line", "\"a\n", []string{"explain", "--quoted"},
			cliResult{Stderr: "uri explain: line 1: not a Go double-quoted string: invalid syntax\n", Status: exitUsage}},
	})
}

// TestExplainGrammars checks that every --syntax value has a generated
// parser for uri explain.
func TestExplainGrammars(t *testing.T) {
	for name := range syntaxes {
		g, ok := grammars[name]
		if !ok {
			t.Errorf("grammars has no %q: want the generated parser of the syntax", name)
			continue
		}
		if p := g(); p.table == nil || p.tokens == nil || p.match == nil || p.furthest == nil {
			t.Errorf("grammars[%q]() = %+v: want the generated parser of the syntax", name, p)
		}
	}
}
