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

// TestJudgeIDNNumbersAndMarks checks the detections of UTS #39 §5.3 and
// §5.4 on U-labels, and that a browser shows such a label as punycode.
func TestJudgeIDNNumbersAndMarks(t *testing.T) {
	type label struct {
		Numbers bool
		Marks   string
	}
	for _, tt := range []struct {
		host    string // given to domain to ASCII
		display string
		warns   []Warning
		first   label
	}{
		{"1\u09683.com", "xn--13-quf.com", []Warning{WarnMixedNumbers, WarnIDNDisplay}, label{true, ""}},
		{"\u09e72\u09e9.com", "xn--2-t6dh.com", []Warning{WarnMixedNumbers, WarnIDNDisplay}, label{true, ""}},
		{"\u09e7\u09e8\u09e9.com", "\u09e7\u09e8\u09e9.com", []Warning{WarnIDNDisplay}, label{false, ""}},
		{"i\u0307nfo.com", "xn--info-qwc.com", []Warning{WarnUnlikelyMarks, WarnIDNDisplay}, label{false, "a nonspacing mark hidden by its base character"}},
		{"\u0130nfo.com", "xn--info-qwc.com", []Warning{WarnUnlikelyMarks, WarnIDNDisplay}, label{false, "a nonspacing mark hidden by its base character"}},
		{"xn--info-qwc.com", "xn--info-qwc.com", []Warning{WarnUnlikelyMarks, WarnIDNDisplay}, label{false, "a nonspacing mark hidden by its base character"}},
		{"e\u0301\u0301.com", "xn--9ca68h.com", []Warning{WarnUnlikelyMarks, WarnIDNDisplay}, label{false, "a repeated nonspacing mark"}},
		{"e\u0300\u0301\u0302\u0303\u0304.com", "xn--8ca88hdaef.com", []Warning{WarnUnlikelyMarks, WarnIDNDisplay}, label{false, "more than 4 nonspacing marks in a row"}},
		{"\u00e9t\u00e9.com", "\u00e9t\u00e9.com", []Warning{WarnIDNDisplay}, label{false, ""}},
		{"123.com", "123.com", nil, label{false, ""}},
	} {
		t.Run(tt.host, func(t *testing.T) {
			n := readIDN(tt.host)
			if n.Err != nil {
				t.Fatalf("readIDN(%q): %v", tt.host, n.Err)
			}
			l := n.Labels[0]
			got := []any{n.Display, idnWarnings(n), label{l.MixedNumbers, l.UnlikelyMarks}}
			want := []any{tt.display, tt.warns, tt.first}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("readIDN(%q) mismatch (-want +got):\n%s", tt.host, diff)
			}
		})
	}
}

// TestReadIDNTooLong checks that a host longer than MaxHost is refused
// before domain to ASCII, with no warning.
func TestReadIDNTooLong(t *testing.T) {
	n := readIDN(strings.Repeat("a\u00e9.", MaxHost/4+1))
	if n.Err != ErrHostTooLong || n.ASCII != "" || len(n.Labels) != 0 || idnWarnings(n) != nil {
		t.Errorf("readIDN(%d bytes) = %+v, want only ErrHostTooLong", len(n.Input), n.Err)
	}
}
