package confusion

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/idna"
)

// TestJudgeIDN checks what UTS #39 says of the labels of a name read
// with domain to ASCII and domain to Unicode, and what a browser shows.
func TestJudgeIDN(t *testing.T) {
	type label struct {
		Level  string
		Mixed  bool
		Latin  string
		Same   int
		IsIDN  bool
		Suffix string
	}
	tests := []struct {
		ascii, uni string
		display    string
		punycode   bool
		warns      []Warning
		first      label // what is said of the first label
	}{
		// Mixed-script and confusable with "apple" (Cyrillic а): punycode.
		{"xn--pple-43d.com", "\u0430pple.com", "xn--pple-43d.com", true,
			[]Warning{WarnMixedScript, WarnConfusable, WarnIDNDisplay},
			label{"Moderately Restrictive or less", true, "apple", -1, true, ""}},
		// Whole-script Cyrillic "аррӏе": single script, confusable with "apple".
		{"xn--80ak6aa92e.com", "\u0430\u0440\u0440\u04cf\u0435.com", "xn--80ak6aa92e.com", true,
			[]Warning{WarnConfusable, WarnIDNDisplay},
			label{"Single Script", false, "apple", -1, true, ""}},
		// A Latin name with a diacritic: shown in Unicode.
		{"xn--bcher-kva.de", "b\u00fccher.de", "b\u00fccher.de", false,
			[]Warning{WarnIDNDisplay},
			label{"Single Script", false, "", -1, true, ""}},
		// Han with Latin: Highly Restrictive.
		{"xn--tokyo-w91hq39l.jp", "東京tokyo.jp", "東京tokyo.jp", false,
			[]Warning{WarnIDNDisplay},
			label{"Highly Restrictive", false, "", -1, true, ""}},
		// Another label of the name with the same skeleton.
		{"xn--pple-43d.apple.com", "\u0430pple.apple.com", "xn--pple-43d.apple.com", true,
			[]Warning{WarnMixedScript, WarnConfusable, WarnIDNDisplay},
			label{"Moderately Restrictive or less", true, "apple", 1, true, ""}},
		// ASCII only: nothing to say.
		{"example.com", "example.com", "example.com", false, nil,
			label{"ASCII-Only", false, "", -1, false, ""}},
		// Greek, not like Latin: shown in Unicode.
		{"xn--hxajbheg2az3al.xn--jxalpdlp", "παράδειγμα.δοκιμή", "παράδειγμα.δοκιμή", false,
			[]Warning{WarnIDNDisplay},
			label{"Single Script", false, "", -1, true, ""}},
	}
	for _, tt := range tests {
		t.Run(tt.uni, func(t *testing.T) {
			if a, err := idna.ToASCII(tt.uni); a != tt.ascii || err != nil {
				t.Fatalf("idna.ToASCII(%q) = %q, %v; the table says %q", tt.uni, a, err, tt.ascii)
			}
			n := readIDN(tt.uni)
			l := n.Labels[0]
			got := []any{n.Display, n.Punycode, idnWarnings(n), label{l.Level, l.MixedScript, l.LatinSpelling, l.SameSkeletonAs, l.IsIDN(), ""}}
			want := []any{tt.display, tt.punycode, tt.warns, tt.first}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("judge(%q, %q) mismatch (-want +got):\n%s", tt.ascii, tt.uni, diff)
			}
		})
	}
}

// TestJudgeIDNLinear checks that the allocations of judging a name grow
// with its number of labels, 10^3 and 10^4 here, not with its square: the
// labels are compared by skeleton through a map, never pairwise.
func TestJudgeIDNLinear(t *testing.T) {
	allocs := func(k int) float64 {
		ascii := strings.Repeat("xn--pple-43d.", k) + "com"
		uni := strings.Repeat("\u0430pple.", k) + "com"
		return testing.AllocsPerRun(1, func() { (&IDN{}).judge(ascii, uni) })
	}
	if a, b := allocs(1e3), allocs(1e4); b > 20*a {
		t.Errorf("%v allocations for 10^3 labels, %v for 10^4", a, b)
	}
}
