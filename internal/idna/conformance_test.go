package idna

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/wpttest"
)

// idnaTestFile is Unicode's conformance file for UTS #46.
const idnaTestFile = "../../testdata/unicode/" + UnicodeVersion + "/IdnaTestV2.txt"

// An idnaTest is one line of IdnaTestV2.txt, its blank columns filled in
// as the file's header says.
type idnaTest struct {
	line                            int
	source                          string
	toUnicode, toASCIIN, toASCIIT   string
	unicodeStatus, nStatus, tStatus []string
}

// unescapeIDNATest replaces the \uXXXX and \x{XXXX} escapes of a column;
// ok is false for an escaped surrogate, which a Go string cannot hold.
func unescapeIDNATest(s string) (string, bool) {
	if s == `""` {
		return "", true
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		var hex string
		switch {
		case strings.HasPrefix(s[i:], `\u`) && i+6 <= len(s):
			hex, i = s[i+2:i+6], i+6
		case strings.HasPrefix(s[i:], `\x{`):
			end := strings.IndexByte(s[i:], '}')
			hex, i = s[i+3:i+end], i+end+1
		default:
			b.WriteByte(s[i])
			i++
			continue
		}
		v, err := strconv.ParseUint(hex, 16, 32)
		if err != nil || 0xD800 <= v && v <= 0xDFFF {
			return "", false
		}
		b.WriteRune(rune(v))
	}
	return b.String(), true
}

// parseStatus parses "[B5, B6]"; a blank column is def.
func parseStatus(s string, def []string) []string {
	if s == "" {
		return def
	}
	s = strings.Trim(s, "[]")
	out := []string{}
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// readIDNATests reads every test of IdnaTestV2.txt; skipped counts the
// lines with an escaped surrogate (the header: "Implementations that
// cannot work with ill-formed strings would skip test cases that contain
// them").
func readIDNATests(t testing.TB) (tests []idnaTest, skipped int) {
	t.Helper()
	f, err := os.Open(idnaTestFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, ";")
		if len(cols) < 7 {
			t.Fatalf("%s:%d: %d columns, want 7", idnaTestFile, n, len(cols))
		}
		var c [7]string
		ok := true
		for i := range c {
			c[i] = strings.TrimSpace(cols[i])
			if i == 0 || i == 1 || i == 3 || i == 5 {
				var good bool
				if c[i], good = unescapeIDNATest(c[i]); !good {
					ok = false
				}
			}
		}
		if !ok {
			skipped++
			continue
		}
		raw := func(i int) string { return strings.TrimSpace(cols[i]) }
		tc := idnaTest{line: n, source: c[0]}
		// "A blank value means the same as the source value."
		tc.toUnicode = c[1]
		if raw(1) == "" {
			tc.toUnicode = tc.source
		}
		tc.unicodeStatus = parseStatus(raw(2), []string{})
		// toAsciiN: "A blank value means the same as the toUnicode
		// value"; its status "the same as the toUnicodeStatus value".
		tc.toASCIIN = c[3]
		if raw(3) == "" {
			tc.toASCIIN = tc.toUnicode
		}
		tc.nStatus = parseStatus(raw(4), tc.unicodeStatus)
		tc.toASCIIT = c[5]
		if raw(5) == "" {
			tc.toASCIIT = tc.toASCIIN
		}
		tc.tStatus = parseStatus(raw(6), tc.nStatus)
		tests = append(tests, tc)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return tests, skipped
}

// conformance is the profile IdnaTestV2.txt is made with: every flag of
// UTS #46 but Transitional_Processing and IgnoreInvalidPunycode.
var conformance = Profile{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}

// statusOf returns the sorted codes of errs ([] for none); CodeUTF8 never
// occurs, the file having no invalid UTF-8.
func statusOf(errs errorList) []string {
	out := []string{}
	for _, le := range errs.errs {
		if !slices.Contains(out, string(le.Code)) {
			out = append(out, string(le.Code))
		}
	}
	slices.Sort(out)
	return out
}

type result struct {
	Value  string
	Status []string
}

// TestIdnaTestV2 runs every line of IdnaTestV2.txt, all three columns,
// comparing the result and the exact set of status codes.
func TestIdnaTestV2(t *testing.T) {
	tests, skipped := readIDNATests(t)
	if len(tests)+skipped != 6391 {
		t.Errorf("read %d tests and skipped %d, want 6391 in all", len(tests), skipped)
	}
	t.Logf("%d tests, %d skipped (escaped surrogates)", len(tests), skipped)
	transitional := conformance
	transitional.TransitionalProcessing = true
	for _, tc := range tests {
		t.Run(strconv.Itoa(tc.line), func(t *testing.T) {
			u, uerrs := conformance.toUnicode(tc.source)
			if diff := cmp.Diff(result{tc.toUnicode, tc.unicodeStatus}, result{u, statusOf(uerrs)}); diff != "" {
				t.Errorf("toUnicode(%q) mismatch (-want +got):\n%s", tc.source, diff)
			}
			n, nerrs := conformance.toASCII(tc.source)
			if diff := cmp.Diff(result{tc.toASCIIN, tc.nStatus}, result{n, statusOf(nerrs)}); diff != "" {
				t.Errorf("toAsciiN(%q) mismatch (-want +got):\n%s", tc.source, diff)
			}
			a, terrs := transitional.toASCII(tc.source)
			if diff := cmp.Diff(result{tc.toASCIIT, tc.tStatus}, result{a, statusOf(terrs)}); diff != "" {
				t.Errorf("toAsciiT(%q) mismatch (-want +got):\n%s", tc.source, diff)
			}
		})
	}
}

// TestWPTIdnaTestV2 runs web-platform-tests' IdnaTestV2.json through
// ToASCII, the URL Standard's domain to ASCII with beStrict false: output
// null means failure.
func TestWPTIdnaTestV2(t *testing.T) {
	entries := wpttest.Objects(t, "../../testdata/wpt/url/IdnaTestV2.json")
	n := 0
	for i, raw := range entries {
		var tc struct {
			Comment string  `json:"comment"`
			Input   string  `json:"input"`
			Output  *string `json:"output"`
		}
		if err := json.Unmarshal(raw, &tc); err != nil {
			t.Fatal(err)
		}
		n++
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			got, err := ToASCII(tc.Input)
			switch {
			case tc.Output == nil && err == nil:
				t.Errorf("ToASCII(%q) = %q, want failure (%s)", tc.Input, got, tc.Comment)
			case tc.Output != nil && err != nil:
				t.Errorf("ToASCII(%q) error %v, want %q", tc.Input, err, *tc.Output)
			case tc.Output != nil && got != *tc.Output:
				t.Errorf("ToASCII(%q) mismatch (-want +got):\n%s", tc.Input, cmp.Diff(*tc.Output, got))
			}
		})
	}
	if n != 2671 {
		t.Errorf("ran %d cases, want 2671", n)
	}
}
