package idna

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// outcome is what a conversion gives: its result and its error codes.
type outcome struct {
	Result string
	Codes  []Code
}

func outcomeOf(s string, err error) outcome {
	o := outcome{Result: s}
	var e *Error
	if errors.As(err, &e) {
		o.Codes = e.Codes()
	} else if err != nil {
		o.Codes = []Code{"not an *Error: " + Code(err.Error())}
	}
	return o
}

func TestToASCII(t *testing.T) {
	tests := []struct {
		in   string
		want outcome
	}{
		{"example.org", outcome{Result: "example.org"}},
		{"WWW.Example.ORG", outcome{Result: "www.example.org"}},
		{"BÜCHER.de", outcome{Result: "xn--bcher-kva.de"}},
		{"納豆.example.org", outcome{Result: "xn--99zt52a.example.org"}},
		{"résumé.example.org", outcome{Result: "xn--rsum-bpad.example.org"}},
		{"аpple.com", outcome{Result: "xn--pple-43d.com"}}, // Cyrillic а
		{"faß.de", outcome{Result: "xn--fa-hia.de"}},       // nontransitional: ß kept
		{"a。b．c｡d", outcome{Result: "a.b.c.d"}},            // the full stops of UTS #46 §2.3 map to "."
		{"☕.example", outcome{Result: "xn--53h.example"}},
		// An ASCII name is only lower-cased (URL Standard since
		// whatwg/url#914), whatever UTS #46 says of it.
		{"xn--0.pt", outcome{Result: "xn--0.pt"}},
		{"XN--AB-J1T", outcome{Result: "xn--ab-j1t"}},
		{"a_b..-c-", outcome{Result: "a_b..-c-"}},
		{"", outcome{Result: ""}},
		// Forbidden domain code points.
		{"a b", outcome{Codes: []Code{CodeForbidden}}},
		{"a%41", outcome{Codes: []Code{CodeForbidden}}},
		{"é%", outcome{Codes: []Code{CodeForbidden}}},
		{"ｅ＠x", outcome{Codes: []Code{CodeForbidden}}}, // ＠ maps to "@"
		// golang/go #80990: a lone U+00AD (ignored) is an error, never
		// an empty host.
		{"\u00AD", outcome{Codes: []Code{CodeEmpty}}},
		{"\u00AD\u200B\uFEFF", outcome{Codes: []Code{CodeEmpty}}},
		// golang/go #81116: non-ASCII inside an "xn--" label is P4.
		{"xn--a-ä.pt", outcome{Codes: []Code{CodeP4}}},
		{"XN--A-Ä.pt", outcome{Codes: []Code{CodeP4}}},
		// golang/go #81525: Bidi is checked after mapping. U+00AD (BN,
		// ignored) ends this RTL label before mapping, which rule 3 would
		// reject; after mapping the label ends with א (R).
		{"\u05D0\u00AD.com", outcome{Result: "xn--4db.com"}},
		{"\u05D0\u00AD", outcome{Result: "xn--4db"}},
		// And the other way: a label that is LTR only before mapping.
		{"a\u05D0", outcome{Codes: []Code{CodeB5, CodeB6}}},
		{"0à.\u05D0", outcome{Codes: []Code{CodeB1}}},
		{"a\u200Cb", outcome{Codes: []Code{CodeC1}}},
		{"a\u200Db", outcome{Codes: []Code{CodeC2}}},
		// An "xn--" label that is not converted still makes the name a
		// Bidi domain name (RFC 5893 §1.4), whichever path finds it.
		{"xn--\u05D0.0a", outcome{Codes: []Code{CodeP4, CodeB1}}},
		{"xn--\u05D0.0A", outcome{Codes: []Code{CodeP4, CodeB1}}},
		{"\u0308a", outcome{Codes: []Code{CodeV6}}},
		{"a\u2488com", outcome{Codes: []Code{CodeV7}}}, // ⒈ is disallowed
		{"a\xffb", outcome{Codes: []Code{CodeUTF8, CodeV7}}},
		// UTS #46 sets no limit on a label's length (VerifyDnsLength
		// false); whatwg-url, Node and the reference algorithm convert
		// these.
		{"é" + strings.Repeat("a", 256), outcome{Result: "xn--" + strings.Repeat("a", 256) + "-99v"}},
		{strings.Repeat("é", 257), outcome{Result: "xn--9c" + strings.Repeat("a", 257)}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, outcomeOf(ToASCII(tc.in))); diff != "" {
				t.Errorf("ToASCII(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestToUnicode(t *testing.T) {
	tests := []struct {
		in   string
		want outcome
	}{
		{"example.org", outcome{Result: "example.org"}},
		{"xn--bcher-kva.de", outcome{Result: "bücher.de"}},
		{"XN--99ZT52A.example.org", outcome{Result: "納豆.example.org"}},
		{"BÜCHER.de", outcome{Result: "bücher.de"}},
		// The result comes with the errors (UTS #46 §4.3).
		{"xn--ab-j1t", outcome{Result: "a\u200Cb", Codes: []Code{CodeC1}}},
		{"xn--a-ä.pt", outcome{Result: "xn--a-ä.pt", Codes: []Code{CodeP4}}},
		{"xn--0.pt", outcome{Result: "xn--0.pt", Codes: []Code{CodeP4}}},
		{"a..b", outcome{Result: "a..b", Codes: []Code{CodeX4_2}}},
		{"a.b.", outcome{Result: "a.b."}},
		// The empty name is one empty label, not a root label; "." is
		// an empty label and the root (IdnaTestV2.txt).
		{"", outcome{Result: "", Codes: []Code{CodeX4_2}}},
		{".", outcome{Result: ".", Codes: []Code{CodeX4_2}}},
		{"a\xffb", outcome{Result: "a\uFFFDb", Codes: []Code{CodeUTF8, CodeV7}}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, outcomeOf(ToUnicode(tc.in))); diff != "" {
				t.Errorf("ToUnicode(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// TestProfiles runs names through profiles that differ from the browser's
// in one flag each.
func TestProfiles(t *testing.T) {
	tests := []struct {
		name    string
		profile Profile
		in      string
		want    outcome
	}{
		{"Strict STD3", Strict, "a_b.com", outcome{Codes: []Code{CodeU1}}},
		{"Strict hyphens", Strict, "ab--c.com", outcome{Codes: []Code{CodeV2}}},
		{"Strict leading hyphen", Strict, "-a.com", outcome{Codes: []Code{CodeV3}}},
		{"Strict length", Strict, strings.Repeat("a", 64) + ".com", outcome{Codes: []Code{CodeA4_2}}},
		{"Strict name length", Strict, strings.Repeat("a.", 127) + "com", outcome{Codes: []Code{CodeA4_1}}},
		{"Strict root", Strict, "a.com.", outcome{Codes: []Code{CodeA4_2}}},
		{"Strict empty", Strict, "", outcome{Codes: []Code{CodeA4_1, CodeA4_2}}},
		{"Strict ok", Strict, "xn--bcher-kva.de", outcome{Result: "xn--bcher-kva.de"}},
		{"Browser keeps STD3", Browser, "a_b.com", outcome{Result: "a_b.com"}},
		{"Browser decodes xn--", Browser, "xn--0.pt", outcome{Codes: []Code{CodeP4}}},
		{"Transitional", Profile{TransitionalProcessing: true}, "faß.de", outcome{Result: "fass.de"}},
		{"Transitional ẞ", Profile{TransitionalProcessing: true}, "FAẞ.de", outcome{Result: "fass.de"}},
		{"IgnoreInvalidPunycode", Profile{IgnoreInvalidPunycode: true}, "xn--0.pt", outcome{Result: "xn--0.pt"}},
		{"no CheckJoiners", Profile{}, "a\u200Cb", outcome{Result: "xn--ab-j1t"}},
		{"no CheckBidi", Profile{}, "a\u05D0", outcome{Result: "xn--a-0hc"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, outcomeOf(tc.profile.ToASCII(tc.in))); diff != "" {
				t.Errorf("%+v.ToASCII(%q) mismatch (-want +got):\n%s", tc.profile, tc.in, diff)
			}
		})
	}
}

// TestErrorDetails checks an error's label, offset and text, and its
// message.
func TestErrorDetails(t *testing.T) {
	_, err := ToASCII("ok.é\u200Cx.a\xffb")
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("ToASCII error %v, want an *Error", err)
	}
	want := []LabelError{
		{Code: CodeUTF8, Label: 2, Offset: 11, Text: ""},
		{Code: CodeC1, Label: 1, Offset: 3, Text: "é\u200Cx"},
		{Code: CodeV7, Label: 2, Offset: 10, Text: "a\uFFFDb"},
	}
	if diff := cmp.Diff(want, e.Errors); diff != "" {
		t.Errorf("ToASCII errors mismatch (-want +got):\n%s", diff)
	}
	msg := err.Error()
	for _, s := range []string{"C1", "label 1", "offset 3", "UTF8", "offset 11"} {
		if !strings.Contains(msg, s) {
			t.Errorf("message %q does not contain %q", msg, s)
		}
	}
}

// TestErrorLimits: an error keeps MaxErrors entries and then the first of
// each other code, and quotes at most 64 bytes of a label.
func TestErrorLimits(t *testing.T) {
	name := strings.Repeat("\u0308.", 1000) + "a\u200Cb"
	_, err := ToASCII(name)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("ToASCII error %v, want an *Error", err)
	}
	if len(e.Errors) != MaxErrors+1 || e.More != 1000-MaxErrors {
		t.Errorf("%d errors and %d more, want %d and %d", len(e.Errors), e.More, MaxErrors+1, 1000-MaxErrors)
	}
	if diff := cmp.Diff([]Code{CodeV6, CodeC1}, e.Codes()); diff != "" {
		t.Errorf("Codes mismatch (-want +got):\n%s", diff)
	}
	_, err = ToUnicode("\u0308" + strings.Repeat("é", 100))
	if !errors.As(err, &e) || len(e.Errors[0].Text) > 64+len("…") {
		t.Errorf("ToUnicode error %v: the label is quoted whole", err)
	}
}

// TestFastPathAllocs: an ASCII lower-case name that needs no change costs
// no allocation, in every profile.
func TestFastPathAllocs(t *testing.T) {
	names := []string{"www.example.org", "a-b.c0.d", "example.org."}
	for _, name := range names {
		for _, f := range []struct {
			name string
			fn   func(string) (string, error)
		}{
			{"ToASCII", ToASCII},
			{"ToUnicode", ToUnicode},
			{"Browser.ToASCII", Browser.ToASCII},
			{"Strict.ToUnicode", Strict.ToUnicode},
		} {
			if got, err := f.fn(name); got != name || err != nil {
				t.Errorf("%s(%q) = %q, %v; want it unchanged", f.name, name, got, err)
			}
			if n := testing.AllocsPerRun(100, func() { _, _ = f.fn(name) }); n != 0 {
				t.Errorf("%s(%q): %v allocations, want 0", f.name, name, n)
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Strict.ToASCII("www.example.org") }); n != 0 {
		t.Errorf("Strict.ToASCII: %v allocations, want 0", n)
	}
}

// TestRoundTrip: ToASCII of ToUnicode of a valid A-label name gives it
// back, on the valid names of IdnaTestV2.txt.
func TestRoundTrip(t *testing.T) {
	tests, _ := readIDNATests(t)
	n := 0
	for _, tc := range tests {
		if len(tc.nStatus) > 0 || !strings.Contains(tc.toASCIIN, "xn--") {
			continue
		}
		n++
		u, err := conformance.ToUnicode(tc.toASCIIN)
		if err != nil {
			t.Errorf("ToUnicode(%q): %v", tc.toASCIIN, err)
			continue
		}
		if a, err := conformance.ToASCII(u); a != tc.toASCIIN || err != nil {
			t.Errorf("ToASCII(ToUnicode(%q)) = %q, %v", tc.toASCIIN, a, err)
		}
	}
	if n < 100 {
		t.Errorf("only %d valid A-label names", n)
	}
}

// TestASCIISets checks the constant sets against the lists they are
// written from: the forbidden domain code points (URL Standard, hosts)
// and the bytes of the fast path.
func TestASCIISets(t *testing.T) {
	for _, tt := range []struct {
		name string
		set  *asciiSet
		want func(c byte) bool
	}{
		{"forbiddenDomain", &forbiddenDomain, func(c byte) bool {
			return c <= 0x20 || strings.IndexByte("#%/:<>?@[\\]^|\x7f", c) >= 0
		}},
		{"ldh", &ldh, func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for c := range 256 {
				if got, want := tt.set.has(byte(c)), tt.want(byte(c)); got != want {
					t.Errorf("%s.has(%#02x) = %v, want %v", tt.name, c, got, want)
				}
			}
		})
	}
}
