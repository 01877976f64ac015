package uts39

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMixedNumbers checks UTS #39 §5.3 on digits of one and of several
// decimal number systems.
func TestMixedNumbers(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"123", false},
		{"१२३", false}, // Devanagari only
		{"1२3", true},  // ASCII and Devanagari
		{"১2৩", true},  // Bengali and ASCII
		{"৪u", false},
		{"a1b2", false},
		{"\U0001D7CE\U0001D7D9", true}, // MATHEMATICAL BOLD ZERO, DOUBLE-STRUCK ONE: two systems
		{"１2", true},                   // FULLWIDTH DIGIT ONE and ASCII
		{"", false},
		{"\xff1", false},
		{"²1", false}, // SUPERSCRIPT TWO is Numeric_Type=Digit, not Decimal
	} {
		t.Run(tt.in, func(t *testing.T) {
			if got := MixedNumbers(tt.in); got != tt.want {
				t.Errorf("MixedNumbers(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// TestUnlikelyMarks checks the sequences of combining marks of UTS #39
// §5.4.
func TestUnlikelyMarks(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Marks
	}{
		{"info", MarksNone},
		{"i\u0307nfo", MarksHidden},     // what UTS #46 maps "İnfo" to
		{"j\u0307", MarksHidden},        // j
		{"\u0131\u0307", MarksHidden},   // dotless i, whose prototype is "i"
		{"\u0456\u0307", MarksHidden},   // Cyrillic і
		{"i\u0323\u0307", MarksHidden},  // a mark below in between
		{"i\u0307\u0323", MarksHidden},  // the same in NFD
		{"i\u0301\u0307", MarksNone},    // an acute above in between shows
		{"e\u0307", MarksNone},          // ė shows its dot
		{"I\u0307", MarksNone},          // İ too
		{"\u00E9\u0301", MarksRepeated}, // é and U+0301: two U+0301 in NFD
		{"a\u0301\u0323\u0301", MarksRepeated},
		{"a\u0301\u0300", MarksNone},
		{"a\u0300\u0301\u0302\u0303", MarksNone},       // 4 marks
		{"a\u0300\u0301\u0302\u0303\u0304", MarksMany}, // 5
		{"a\u0300\u0301\u0302\u0303\u20DD", MarksMany}, // an enclosing mark counts
		{"a\u0300\u0301b\u0302\u0303\u0304", MarksNone},
		{"\u0301\u0301", MarksRepeated}, // no base
		{"", MarksNone},
		{"\xff\u0307", MarksNone},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if got := UnlikelyMarks(tt.in); got != tt.want {
				t.Errorf("UnlikelyMarks(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
	var names []string
	for m := MarksNone; m <= MarksHidden+1; m++ {
		names = append(names, m.String())
	}
	want := []string{"none", "a repeated nonspacing mark", "more than 4 nonspacing marks in a row", "a nonspacing mark hidden by its base character", "invalid marks"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("Marks.String mismatch (-want +got):\n%s", diff)
	}
	// Long inputs stay linear: a mark run is counted, not rescanned.
	if got := UnlikelyMarks("a" + strings.Repeat("\u0300\u0301", 1e5)); got != MarksRepeated && got != MarksMany {
		t.Errorf("UnlikelyMarks(long run) = %v", got)
	}
}
