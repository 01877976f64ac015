package idna

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/ucd"
	"github.com/specuri/specuri/internal/wpttest"
)

// checkFastAgrees fails t if browserFast answers for name with anything
// but what the general path (browserToASCII) returns, and reports whether
// it answered.
func checkFastAgrees(t *testing.T, name string) bool {
	t.Helper()
	fast, ok := browserFast(name)
	if !ok {
		return false
	}
	slow, err := browserToASCII(name)
	if err != nil {
		t.Errorf("browserFast(%q) = %q; the general path fails: %v", name, fast, err)
		return true
	}
	if diff := cmp.Diff(slow, fast); diff != "" {
		t.Errorf("browserFast(%q) mismatch (-want +got):\n%s", name, diff)
	}
	return true
}

// fastInputs returns the sources of IdnaTestV2.txt and the inputs of
// WPT's IdnaTestV2.json.
func fastInputs(t *testing.T) []string {
	tests, _ := readIDNATests(t)
	var names []string
	for _, tc := range tests {
		names = append(names, tc.source, tc.toUnicode)
	}
	entries := wpttest.Objects(t, "../../testdata/wpt/url/IdnaTestV2.json")
	for _, raw := range entries {
		var tc struct{ Input string }
		if json.Unmarshal(raw, &tc) == nil {
			names = append(names, tc.Input)
		}
	}
	return names
}

// TestBrowserFastConformance: on every name of the conformance files,
// browserFast either declines or returns what the general path returns;
// and it answers for enough of them to be worth having.
func TestBrowserFastConformance(t *testing.T) {
	answered, total := 0, 0
	for _, name := range fastInputs(t) {
		if ascii.Is(name) {
			continue
		}
		total++
		if checkFastAgrees(t, name) {
			answered++
		}
	}
	t.Logf("browserFast answered %d of %d non-ASCII names", answered, total)
	if answered < 1000 {
		t.Errorf("browserFast answered %d of %d non-ASCII names, want at least 1000", answered, total)
	}
}

// TestBrowserFast: the names browserFast answers for, with their results,
// and names it leaves to the general path, each for one of its reasons.
func TestBrowserFast(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		fast       bool
	}{
		{"bücher.de", "xn--bcher-kva.de", true},
		{"BÜCHER.DE", "xn--bcher-kva.de", true},
		{"faß.de", "xn--fa-hia.de", true},                  // deviation, kept
		{"日本語。ＪＰ", "xn--wgv71a119e.jp", true},              // mapped to "." and to ASCII
		{"a\u00ADb.ü", "ab.xn--tda", true},                 // ignored
		{"≠.ᠿ", "xn--1ch.xn--y7e", true},                   // NFC_Quick_Check Yes
		{"ss\U000114C3", "xn--ss-bh7o", true},              // a mark with ccc 7 after a starter
		{"\u05D0\u05D1.example", "xn--4dbc.example", true}, // a Bidi domain name that passes
		{"\u05D0.1a", "", false},                           // B1 in the label "1a"
		{"\u0301a.ü", "", false},                           // V6
		{"a\u0301.ü", "", false},                           // NFC_Quick_Check Maybe
		{"ü.xn--tda", "", false},                           // an "xn--" label
		{"ü.XN--TDA", "", false},                           // mapped to an "xn--" label
		{"a\u200Cb.ü", "", false},                          // a joiner
		{"ü\uFFFF", "", false},                             // disallowed
		{"ü\xff", "", false},                               // invalid UTF-8
		{"ü%.de", "", false},                               // forbidden domain code point
		{"ü\uFF05.de", "", false},                          // mapped to one
		{"\u00AD", "", false},                              // empty result
		{"ü" + strings.Repeat("a", 256), "xn--" + strings.Repeat("a", 256) + "-s9z", true}, // no limit on a label's length
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := browserFast(tc.name)
			if ok != tc.fast || got != tc.want {
				t.Errorf("browserFast(%q) = %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.fast)
			}
			checkFastAgrees(t, tc.name)
		})
	}
}

// TestMappingsValid checks what browserFast takes for criterion 7 of
// UTS #46 §4.1: every code point of a mapping of the IDNA Mapping Table is
// valid or deviation, or an ASCII code point that is not A-Z.
func TestMappingsValid(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		st, m := ucd.IDNA(r)
		if st != ucd.IDNAMapped && st != ucd.IDNADeviation {
			continue
		}
		for _, c := range m {
			if c < utf8.RuneSelf {
				if 'A' <= c && c <= 'Z' {
					t.Errorf("the mapping %q of U+%04X has an upper-case ASCII letter", m, r)
				}
				continue
			}
			if cs, _ := ucd.IDNA(c); cs != ucd.IDNAValid && cs != ucd.IDNADeviation {
				t.Errorf("the mapping %q of U+%04X has U+%04X, status %v", m, r, c, cs)
			}
		}
	}
}
