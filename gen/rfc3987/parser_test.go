package rfc3987

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/gen/rfc3986"
)

func rule(t *testing.T, name string) Rule {
	t.Helper()
	r, ok := Lookup(name)
	if !ok {
		t.Fatalf("no rule %q", name)
	}
	return r
}

// abnfRules are the rules of grammar/rfc3987.abnf: RFC 3987 §2.2, the RFC
// 3986 rules it repeats, and the RFC 5234 core rules they use.
var abnfRules = []string{
	"IRI", "ihier-part", "IRI-reference", "absolute-IRI", "irelative-ref",
	"irelative-part", "iauthority", "iuserinfo", "ihost", "ireg-name",
	"ipath", "ipath-abempty", "ipath-absolute", "ipath-noscheme",
	"ipath-rootless", "ipath-empty", "isegment", "isegment-nz",
	"isegment-nz-nc", "ipchar", "iquery", "ifragment", "iunreserved",
	"ucschar", "iprivate", "scheme", "port", "IP-literal", "IPvFuture",
	"IPv6address", "h16", "ls32", "IPv4address", "dec-octet", "pct-encoded",
	"unreserved", "reserved", "gen-delims", "sub-delims", "ALPHA", "DIGIT",
	"HEXDIG",
}

// TestEveryABNFRuleHasAPEGRule checks the naming chain: each rule of RFC
// 3987 §2.2 (grammar/rfc3987.abnf) is a rule of the grammar under its ABNF
// name.
func TestEveryABNFRuleHasAPEGRule(t *testing.T) {
	for _, name := range abnfRules {
		r, ok := Lookup(name)
		if !ok {
			t.Errorf("Lookup(%q): no such rule", name)
			continue
		}
		if got := r.String(); got != name {
			t.Errorf("Lookup(%q).String() = %q", name, got)
		}
		if got, want := r.PEGName(), strings.ReplaceAll(name, "-", "_"); got != want {
			t.Errorf("Lookup(%q).PEGName() = %q, want %q", name, got, want)
		}
		if r2, ok := Lookup(r.PEGName()); !ok || r2 != r {
			t.Errorf("Lookup(%q) = %v, %v; want %v (the rule of %q)", r.PEGName(), r2, ok, r, name)
		}
	}
}

// TestABNFRuleList checks that abnfRules is the list of rules defined in
// grammar/rfc3987.abnf, so that a rule added to the ABNF is not missed.
func TestABNFRuleList(t *testing.T) {
	b, err := os.ReadFile("../../grammar/rfc3987.abnf")
	if err != nil {
		t.Fatal(err)
	}
	def := regexp.MustCompile(`(?m)^[ \t]*([A-Za-z][A-Za-z0-9-]*)[ \t]*=`)
	var got []string
	for _, m := range def.FindAllStringSubmatch(string(b), -1) {
		got = append(got, m[1])
	}
	if diff := cmp.Diff(abnfRules, got); diff != "" {
		t.Errorf("rules of grammar/rfc3987.abnf mismatch (-want +got):\n%s", diff)
	}
}

// ASCII character sets, written from RFC 3986 §2 and RFC 5234 Appendix B.1
// independently of the grammar.
const (
	alpha      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digit      = "0123456789"
	unreserved = alpha + digit + "-._~"
	subDelims  = "!$&'()*+,;="
)

// A cpRange is a range of code points, both ends included (an ABNF
// %xLO-HI, RFC 5234 §2.3).
type cpRange struct{ Lo, Hi rune }

// The classes of code points of RFC 3987 §2.2, copied from the RFC text
// independently of the grammar:
//
//	ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	               / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
//	               / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
//	               / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
//	               / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
//	               / %xD0000-DFFFD / %xE1000-EFFFD
//
//	iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
var (
	ucscharRanges = []cpRange{
		{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
		{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
		{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
		{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
		{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
		{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	}
	iprivateRanges = []cpRange{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}
)

func inRanges(rs []cpRange, c rune) bool {
	for _, r := range rs {
		if r.Lo <= c && c <= r.Hi {
			return true
		}
	}
	return false
}

// A class is a set of code points, the oracle for one rule.
type class func(c rune) bool

func ascii(set string) class {
	return func(c rune) bool { return c < utf8.RuneSelf && strings.ContainsRune(set, c) }
}

func union(cs ...class) class {
	return func(c rune) bool {
		for _, f := range cs {
			if f(c) {
				return true
			}
		}
		return false
	}
}

// The oracles for the character-level rules of RFC 3987 §2.2, built from
// the sets above in the ABNF's words.
var (
	ucschar      class = func(c rune) bool { return inRanges(ucscharRanges, c) }
	iprivate     class = func(c rune) bool { return inRanges(iprivateRanges, c) }
	iunreserved        = union(ascii(unreserved), ucschar)         // ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
	ipchar             = union(iunreserved, ascii(subDelims+":@")) // iunreserved / pct-encoded / sub-delims / ":" / "@"
	isegmentNzNc       = union(iunreserved, ascii(subDelims+"@"))  // ipchar without ":"
	iquery             = union(ipchar, iprivate, ascii("/?"))      // *( ipchar / iprivate / "/" / "?" )
	ifragment          = union(ipchar, ascii("/?"))                // *( ipchar / "/" / "?" )
	iregName           = union(iunreserved, ascii(subDelims))      // *( iunreserved / pct-encoded / sub-delims )
	iuserinfo          = union(iunreserved, ascii(subDelims+":"))  // *( iunreserved / pct-encoded / sub-delims / ":" )
	ipath              = union(ipchar, ascii("/"))                 // one ipchar (a segment) or "/"
)

// charCase is one exhaustive check: rule must match prefix+c+suffix, for
// a single code point c, exactly when want(c).
type charCase struct {
	rule           string
	prefix, suffix string
	want           class
}

// charCases are the character-level rules of RFC 3987 §2.2 on one code
// point, and the same code point in each component of a whole IRI.
var charCases = []charCase{
	{"ucschar", "", "", ucschar},
	{"iprivate", "", "", iprivate},
	{"iunreserved", "", "", iunreserved},
	{"ipchar", "", "", ipchar},
	{"isegment", "", "", ipchar},
	{"isegment-nz", "", "", ipchar},
	{"isegment-nz-nc", "", "", isegmentNzNc},
	{"iquery", "", "", iquery},
	{"ifragment", "", "", ifragment},
	{"ireg-name", "", "", iregName},
	{"iuserinfo", "", "", iuserinfo},
	{"ipath", "", "", ipath},
	// In an IRI, a character after "/" may also start an empty query or
	// fragment; after "//", end an empty userinfo or host.
	{"IRI", "s://h/", "", union(ipchar, ascii("/?#"))},
	{"IRI", "s://h/?", "", union(iquery, ascii("#"))},
	{"IRI", "s://h/#", "", ifragment},
	{"IRI", "s://", "", union(iregName, ascii(":/?#@"))},
	{"IRI", "s://", "@h", union(iuserinfo, ascii("/?#"))},
	{"IRI-reference", "", "", union(isegmentNzNc, ascii("/?#"))},
	{"IRI-reference", "?", "", union(iquery, ascii("#"))},
	{"IRI-reference", "#", "", ifragment},
}

func isSurrogate(c rune) bool { return 0xD800 <= c && c <= 0xDFFF }

// surrogate returns the three bytes that the UTF-8 bit pattern (RFC 3629
// §3) would give the surrogate c, which are not UTF-8 (RFC 3629 §3 forbids
// them).
func surrogate(c rune) string {
	return string([]byte{0xE0 | byte(c>>12), 0x80 | byte(c>>6)&0x3F, 0x80 | byte(c)&0x3F})
}

// ranges collects a set of code points, given in increasing order, as
// maximal ranges.
type ranges []cpRange

func (rs *ranges) add(c rune) {
	if n := len(*rs); n > 0 && (*rs)[n-1].Hi == c-1 {
		(*rs)[n-1].Hi = c
		return
	}
	*rs = append(*rs, cpRange{c, c})
}

// TestCodePointsExhaustive matches the UTF-8 encoding of every code point
// that is not a surrogate (U+0000 to U+10FFFF) against each charCase, and
// compares the code points matched with the oracle's, as ranges. With
// -short, planes 3 to 13 (where RFC 3987 §2.2 has one range per plane,
// checked at its ends by TestRangeBoundaries) are only sampled.
func TestCodePointsExhaustive(t *testing.T) {
	for _, tc := range charCases {
		t.Run(tc.rule+" "+tc.prefix+"c"+tc.suffix, func(t *testing.T) {
			t.Parallel()
			p := NewParser()
			r := rule(t, tc.rule)
			var buf [utf8.UTFMax]byte
			var got, want ranges
			for c := rune(0); c <= utf8.MaxRune; c++ {
				if isSurrogate(c) {
					continue
				}
				if testing.Short() && 0x30000 <= c && c < 0xE0000 && c&0xFFFF > 0xF && c&0xFFFF < 0xFFF0 {
					c |= 0xFFEF // the first and last 16 code points of the plane
				}
				n := utf8.EncodeRune(buf[:], c)
				if p.Match(r, tc.prefix+string(buf[:n])+tc.suffix) {
					got.add(c)
				}
				if tc.want(c) {
					want.add(c)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("code points c with Match(%s, %q+c+%q) mismatch (-want +got):\n%s", tc.rule, tc.prefix, tc.suffix, diff)
			}
		})
	}
}

// TestSurrogatesRejected checks that the three-byte forms of the
// surrogates U+D800 to U+DFFF (ED A0 80 to ED BF BF), which are not UTF-8,
// match in no charCase, and that a whole IRI fails at their first byte.
func TestSurrogatesRejected(t *testing.T) {
	p := NewParser()
	iri := rule(t, "IRI")
	for c := rune(0xD800); c <= 0xDFFF; c++ {
		s := surrogate(c)
		for _, tc := range charCases {
			if in := tc.prefix + s + tc.suffix; p.Match(rule(t, tc.rule), in) {
				t.Errorf("Match(%s, %q) (U+%04X) succeeded", tc.rule, in, c)
			}
		}
		in := "http://a/b" + s + "c"
		if p.Match(iri, in) {
			t.Errorf("Match(IRI, %q) succeeded", in)
		} else if got := p.Furthest().End; got != 10 {
			t.Errorf("Furthest().End after Match(IRI, %q) = %d, want 10", in, got)
		}
	}
	if got, want := surrogate(0xD800)+surrogate(0xDFFF), "\xed\xa0\x80\xed\xbf\xbf"; got != want {
		t.Errorf("surrogate forms = %q, want %q", got, want)
	}
}

// TestRangeBoundaries checks each range of ucschar and iprivate (RFC 3987
// §2.2) at its ends and just outside them: lo-1, lo, hi and hi+1. A query
// allows both classes, a fragment only ucschar.
func TestRangeBoundaries(t *testing.T) {
	tests := []struct {
		name           string
		in             string
		ucschar, ipriv bool
	}{
		{"U+009F before ucschar", "\u009f", false, false},
		{"ucschar U+00A0 in", "\u00a0", true, false},
		{"ucschar U+D7FF in", "\ud7ff", true, false},
		{"U+D800 surrogate out", "\xed\xa0\x80", false, false},
		{"U+DFFF surrogate out", "\xed\xbf\xbf", false, false},
		{"iprivate U+E000 in", "\ue000", false, true},
		{"iprivate U+F8FF in", "\uf8ff", false, true},
		{"ucschar U+F900 in", "\uf900", true, false},
		{"ucschar U+FDCF in", "\ufdcf", true, false},
		{"U+FDD0 noncharacter out", "\ufdd0", false, false},
		{"U+FDEF noncharacter out", "\ufdef", false, false},
		{"ucschar U+FDF0 in", "\ufdf0", true, false},
		{"ucschar U+FFEF in", "\uffef", true, false},
		{"U+FFF0 specials out", "\ufff0", false, false},
		{"U+FFFD replacement character out", "\ufffd", false, false},
		{"U+FFFF out", "\uffff", false, false},
		{"ucschar U+10000 in", "\U00010000", true, false},
		{"ucschar U+1FFFD in", "\U0001fffd", true, false},
		{"U+1FFFE out", "\U0001fffe", false, false},
		{"U+1FFFF out", "\U0001ffff", false, false},
		{"ucschar U+20000 in", "\U00020000", true, false},
		{"ucschar U+2FFFD in", "\U0002fffd", true, false},
		{"U+2FFFE out", "\U0002fffe", false, false},
		{"U+2FFFF out", "\U0002ffff", false, false},
		{"ucschar U+30000 in", "\U00030000", true, false},
		{"ucschar U+3FFFD in", "\U0003fffd", true, false},
		{"U+3FFFE out", "\U0003fffe", false, false},
		{"U+3FFFF out", "\U0003ffff", false, false},
		{"ucschar U+40000 in", "\U00040000", true, false},
		{"ucschar U+4FFFD in", "\U0004fffd", true, false},
		{"U+4FFFE out", "\U0004fffe", false, false},
		{"U+4FFFF out", "\U0004ffff", false, false},
		{"ucschar U+50000 in", "\U00050000", true, false},
		{"ucschar U+5FFFD in", "\U0005fffd", true, false},
		{"U+5FFFE out", "\U0005fffe", false, false},
		{"U+5FFFF out", "\U0005ffff", false, false},
		{"ucschar U+60000 in", "\U00060000", true, false},
		{"ucschar U+6FFFD in", "\U0006fffd", true, false},
		{"U+6FFFE out", "\U0006fffe", false, false},
		{"U+6FFFF out", "\U0006ffff", false, false},
		{"ucschar U+70000 in", "\U00070000", true, false},
		{"ucschar U+7FFFD in", "\U0007fffd", true, false},
		{"U+7FFFE out", "\U0007fffe", false, false},
		{"U+7FFFF out", "\U0007ffff", false, false},
		{"ucschar U+80000 in", "\U00080000", true, false},
		{"ucschar U+8FFFD in", "\U0008fffd", true, false},
		{"U+8FFFE out", "\U0008fffe", false, false},
		{"U+8FFFF out", "\U0008ffff", false, false},
		{"ucschar U+90000 in", "\U00090000", true, false},
		{"ucschar U+9FFFD in", "\U0009fffd", true, false},
		{"U+9FFFE out", "\U0009fffe", false, false},
		{"U+9FFFF out", "\U0009ffff", false, false},
		{"ucschar U+A0000 in", "\U000a0000", true, false},
		{"ucschar U+AFFFD in", "\U000afffd", true, false},
		{"U+AFFFE out", "\U000afffe", false, false},
		{"U+AFFFF out", "\U000affff", false, false},
		{"ucschar U+B0000 in", "\U000b0000", true, false},
		{"ucschar U+BFFFD in", "\U000bfffd", true, false},
		{"U+BFFFE out", "\U000bfffe", false, false},
		{"U+BFFFF out", "\U000bffff", false, false},
		{"ucschar U+C0000 in", "\U000c0000", true, false},
		{"ucschar U+CFFFD in", "\U000cfffd", true, false},
		{"U+CFFFE out", "\U000cfffe", false, false},
		{"U+CFFFF out", "\U000cffff", false, false},
		{"ucschar U+D0000 in", "\U000d0000", true, false},
		{"ucschar U+DFFFD in", "\U000dfffd", true, false},
		{"U+DFFFE out", "\U000dfffe", false, false},
		{"U+DFFFF out", "\U000dffff", false, false},
		{"U+E0000 tags out", "\U000e0000", false, false},
		{"U+E0FFF out", "\U000e0fff", false, false},
		{"ucschar U+E1000 in", "\U000e1000", true, false},
		{"ucschar U+EFFFD in", "\U000efffd", true, false},
		{"U+EFFFE out", "\U000efffe", false, false},
		{"U+EFFFF out", "\U000effff", false, false},
		{"iprivate U+F0000 in", "\U000f0000", false, true},
		{"iprivate U+FFFFD in", "\U000ffffd", false, true},
		{"U+FFFFE out", "\U000ffffe", false, false},
		{"U+FFFFF out", "\U000fffff", false, false},
		{"iprivate U+100000 in", "\U00100000", false, true},
		{"iprivate U+10FFFD in", "\U0010fffd", false, true},
		{"U+10FFFE out", "\U0010fffe", false, false},
		{"U+10FFFF out", "\U0010ffff", false, false},
		{"U+110000 beyond Unicode out", "\xf4\x90\x80\x80", false, false},
	}
	p := NewParser()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			type verdicts struct{ Ucschar, Iprivate, Iquery, Ifragment, Ipchar bool }
			want := verdicts{tt.ucschar, tt.ipriv, tt.ucschar || tt.ipriv, tt.ucschar, tt.ucschar}
			got := verdicts{
				p.Match(rule(t, "ucschar"), tt.in),
				p.Match(rule(t, "iprivate"), tt.in),
				p.Match(rule(t, "iquery"), tt.in),
				p.Match(rule(t, "ifragment"), tt.in),
				p.Match(rule(t, "ipchar"), tt.in),
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Match(_, %q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestPrivateUseOnlyInQuery checks that iprivate characters are allowed
// in iquery and nowhere else (RFC 3987 §2.2).
func TestPrivateUseOnlyInQuery(t *testing.T) {
	tests := []struct {
		rule, input string
		want        bool
	}{
		{"iquery", "\ue000\uf8ff\U000f0000\U000ffffd\U00100000\U0010fffd", true},
		{"IRI", "http://a/?x=\ue000", true},
		{"IRI", "http://a/?\U0010fffd#f", true},
		{"irelative-ref", "?\U000f0000", true},
		{"absolute-IRI", "s:?\ue000", true},
		{"ifragment", "\ue000", false},
		{"IRI", "http://a/#\ue000", false},
		{"ipath", "/\ue000", false},
		{"isegment", "\uf8ff", false},
		{"IRI", "http://a/\ue000", false},
		{"IRI", "s:\ue000", false},
		{"ireg-name", "\ue000", false},
		{"IRI", "http://\ue000/", false},
		{"iuserinfo", "\U00100000", false},
		{"IRI", "http://\U00100000@a/", false},
		{"IRI-reference", "\ue000", false},
	}
	p := NewParser()
	for _, tt := range tests {
		if got := p.Match(rule(t, tt.rule), tt.input); got != tt.want {
			t.Errorf("Match(%s, %q) = %v, want %v", tt.rule, tt.input, got, tt.want)
		}
	}
}

// badUTF8 are byte sequences that are not UTF-8 (RFC 3629 §3, §4): each
// must fail at its first byte.
var badUTF8 = []struct{ name, seq string }{
	{"overlong NUL, 2 bytes", "\xc0\x80"},
	{"overlong U+007F, 2 bytes", "\xc1\xbf"},
	{"overlong NUL, 3 bytes", "\xe0\x80\x80"},
	{"overlong U+07FF, 3 bytes", "\xe0\x9f\xbf"},
	{"overlong NUL, 4 bytes", "\xf0\x80\x80\x80"},
	{"overlong U+FFFF, 4 bytes", "\xf0\x8f\xbf\xbf"},
	{"overlong U+00E9, 3 bytes", "\xe0\x83\xa9"},
	{"surrogate U+D800", "\xed\xa0\x80"},
	{"surrogate U+DBFF", "\xed\xaf\xbf"},
	{"surrogate U+DC00", "\xed\xb0\x80"},
	{"surrogate U+DFFF", "\xed\xbf\xbf"},
	{"surrogate pair", "\xed\xa0\x80\xed\xb0\x80"},
	{"beyond U+10FFFF", "\xf4\x90\x80\x80"},
	{"F5", "\xf5\x80\x80\x80"},
	{"F7", "\xf7\xbf\xbf\xbf"},
	{"F8, 5 bytes", "\xf8\x88\x80\x80\x80"},
	{"FC, 6 bytes", "\xfc\x84\x80\x80\x80\x80"},
	{"FE", "\xfe"},
	{"FF", "\xff"},
	{"lone continuation 80", "\x80"},
	{"lone continuation BF", "\xbf"},
	{"two continuations", "\x80\x80"},
	{"truncated 2-byte", "\xc3"},
	{"truncated 3-byte, 1 of 3", "\xe9"},
	{"truncated 3-byte, 2 of 3", "\xe9\x80"},
	{"truncated 4-byte, 3 of 4", "\xf0\x90\x8c"},
	{"lead byte then ASCII", "\xc3A"},
	{"3-byte lead then 2-byte char", "\xe9\xc3\xa9"},
}

// TestInvalidUTF8 checks that no character rule matches a sequence that is
// not UTF-8, and that a whole IRI with one in a component fails with
// Furthest().End at the sequence's first byte.
func TestInvalidUTF8(t *testing.T) {
	contexts := []struct {
		rule, prefix, suffix string
	}{
		{"IRI", "http://a/b", "c"},
		{"IRI", "http://a/b/\u00e9", "/c"},
		{"IRI", "http://a/?q", "r"},
		{"IRI", "http://a/?\ue000", "#f"},
		{"IRI", "http://a/#f", "g"},
		{"IRI", "http://h", "/"},
		{"IRI", "http://\u00e9", "/"},
		{"IRI", "http://u", "@h/"},
		{"IRI-reference", "", ""},
		{"IRI-reference", "a", "b"},
		{"IRI-reference", "/a", "b"},
		{"IRI-reference", "//a", "b"},
		{"IRI-reference", "?", ""},
		{"IRI-reference", "#\u00e9", ""},
		{"absolute-IRI", "s:", ""},
		{"irelative-ref", "\u00e9", ""},
	}
	p := NewParser()
	for _, bad := range badUTF8 {
		t.Run(bad.name, func(t *testing.T) {
			if utf8.ValidString(bad.seq) {
				t.Fatalf("%q is UTF-8", bad.seq)
			}
			for _, name := range []string{"ucschar", "iprivate", "iunreserved", "ipchar", "isegment", "iquery", "ifragment", "ireg-name", "iuserinfo"} {
				if p.Match(rule(t, name), bad.seq) {
					t.Errorf("Match(%s, %q) succeeded", name, bad.seq)
				}
			}
			for _, c := range contexts {
				in := c.prefix + bad.seq + c.suffix
				if p.Match(rule(t, c.rule), in) {
					t.Errorf("Match(%s, %q) succeeded", c.rule, in)
					continue
				}
				if got, want := p.Furthest().End, len(c.prefix); got != want {
					t.Errorf("Furthest().End after Match(%s, %q) = %d, want %d", c.rule, in, got, want)
				}
			}
		})
	}
}

// TestFurthest checks where a failed IRI-reference match stopped, in
// bytes, and which rule could not continue.
func TestFurthest(t *testing.T) {
	tests := []struct {
		input string
		want  Token
	}{
		{"http://a/b\xffc", Token{Rule: uint8(rule(t, "isegment")), Begin: 9, End: 10}},
		// When the last character matched is not ASCII, the innermost rule
		// ending at End is ucschar, which is a rule of its own (the
		// ASCII part of iunreserved is written inline).
		{"http://a/\u00e9\xff", Token{Rule: uint8(rule(t, "ucschar")), Begin: 9, End: 11}},
		{"http://a/b\u00e9\xff", Token{Rule: uint8(rule(t, "ucschar")), Begin: 10, End: 12}},
		{"http://r\u00e9sum\u00e9.example.org/\ufffe", Token{Rule: uint8(rule(t, "ipath-abempty")), Begin: 27, End: 28}},
		{"http://a/?\ue000#\ue000", Token{Rule: uint8(rule(t, "ifragment-part")), Begin: 13, End: 14}},
		{"\u00e9:x", Token{Rule: uint8(rule(t, "ucschar")), Begin: 0, End: 2}},
		{"ab\xff", Token{Rule: uint8(rule(t, "isegment-nz-nc")), Begin: 0, End: 2}},
		{"\xff", Token{}},
	}
	p := NewParser()
	for _, tt := range tests {
		if p.Match(rule(t, "IRI-reference"), tt.input) {
			t.Errorf("Match(%q) succeeded", tt.input)
			continue
		}
		if diff := cmp.Diff(tt.want, p.Furthest()); diff != "" {
			t.Errorf("Furthest() after Match(%q) mismatch (-want +got):\n%s", tt.input, diff)
		}
		if p.Tokens().Len() != 0 {
			t.Errorf("Len() after failed Match(%q) = %d, want 0", tt.input, p.Tokens().Len())
		}
	}
}

// TestIRIReferences matches whole IRIs and IRI references: the examples of
// RFC 3987 (grouped by section), and inputs at the edges of the changes
// that §2.2 makes to RFC 3986.
func TestIRIReferences(t *testing.T) {
	tests := []struct {
		rule, input string
		want        bool
	}{
		// §3.1, mapping of IRIs to URIs.
		{"IRI", "http://r\u00e9sum\u00e9.example.org", true},
		{"IRI", "http://xn--rsum-bpad.example.org", true},
		{"IRI", "http://r%C3%A9sum%C3%A9.example.org", true},
		{"IRI", "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u00e9sum\u00e9.example.org", true},
		{"IRI", "http://www.example.org/red%09ros\u00e9#red", true},
		{"IRI", "http://example.com/\U00010300\U00010301\U00010302", true},
		{"IRI", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82", true},
		// §3.2, converting URIs to IRIs.
		{"IRI", "http://www.example.org/r%E9sum%E9.html", true},
		// §3.2.1: each step of the three examples. Step 2 of the second
		// is the raw octet FC, which is not UTF-8; step 2 of the third is
		// U+202E, which §4.1 forbids but the ABNF allows.
		{"IRI", "http://www.example.org/D%C3%BCrst", true},
		{"IRI", "http://www.example.org/D\xc3\xbcrst", true},
		{"IRI", "http://www.example.org/D\u00fcrst", true},
		{"IRI", "http://www.example.org/D%FCrst", true},
		{"IRI", "http://www.example.org/D\xfcrst", false},
		{"IRI", "http://xn--99zt52a.example.org/%e2%80%ae", true},
		{"IRI", "http://xn--99zt52a.example.org/\xe2\x80\xae", true},
		{"IRI", "http://xn--99zt52a.example.org/%E2%80%AE", true},
		{"IRI", "http://\u7d0d\u8c46.example.org/%E2%80%AE", true},
		// §5.3.2.1 and §5.3.2.2 (normalization): not in NFC is still
		// syntactically an IRI.
		{"IRI", "example://a/b/c/%7Bfoo%7D/ros\u00e9", true},
		{"IRI", "http://www.example.org/r\u00e9sum\u00e9.html", true},
		{"IRI", "http://www.example.org/re\u0301sume\u0301.html", true},
		{"IRI-reference", "r\u00e9sum\u00e9.html", true},
		// Non-ASCII inputs of the conformance corpus, which RFC 3986
		// rejects.
		{"IRI-reference", "http://example.com/test123/\u4865\u6c6c\u6f2c\u2057\u6f72\u6c64/index.html", true},
		{"IRI-reference", "http://example.com/test124/\u041c\u043e\u0441\u043a\u0432\u0430/index.html", true},
		{"IRI-reference", "https://\u2603", true},
		{"IRI-reference", "https://httpbin.org:\U00016b56/get", false}, // port is *DIGIT
		{"IRI-reference", "https://httpbin.org:\u30001/get", false},
		{"IRI-reference", "http://example.com?utf8=\u2603", true},
		{"IRI-reference", "http://\u2603.com", true},
		{"IRI-reference", "http://\u4f60\u597d.example.com/", true},
		{"IRI-reference", "r\u00e9f/rel", true},
		{"IRI-reference", "http://www.\u8a79\u59c6\u65af.com/", true},
		{"IRI-reference", "http://www.\u8a79\u59c6\u65af.com/ some spaces /", false},
		{"IRI-reference", "http://www.\u8a79\u59c6\u65af.com/atomtests/iri/\u8a79.html", true},
		{"IRI-reference", "http://usER:passWORD@\u03b1.CoM/", true},
		// ucschar in each component that allows it, and not in the
		// others.
		{"IRI", "http://\u00fcser:p\u00e4ss@h\u00f6st/p\u00e4th?q\u00fcery#fr\u00e4g", true},
		{"IRI", "h\u00e9:x", false},                          // scheme is ASCII
		{"IRI", "http://a:\u0661/", false},                   // port is DIGIT: no ARABIC-INDIC DIGIT ONE
		{"IRI", "http://[v1.\u00e9]/", false},                // IPvFuture: unreserved, not iunreserved
		{"IRI", "http://[::\u00e9]/", false},                 //
		{"IRI", "http://1.2.3.4\u00e9/", true},               // ireg-name, as 1.2.3.4a (§3.2.2 of RFC 3986)
		{"IRI", "http://a/\u00a0", true},                     // NO-BREAK SPACE is ucschar
		{"IRI", "http://a/\ufeff", true},                     // ZERO WIDTH NO-BREAK SPACE is ucschar
		{"IRI", "http://a/\u0085", false},                    // C1 control
		{"IRI", "http://a/\ufffd", false},                    // outside ucschar
		{"IRI", "http://a/ b", false},                        //
		{"IRI", "http://a/%", false},                         //
		{"IRI", "http://a/%\u00e9\u00e9", false},             // pct-encoded is ASCII
		{"IRI-reference", "\u00e9:foo", false},               // not a scheme, and ":" in the first segment
		{"IRI-reference", "./\u00e9:foo", true},              //
		{"IRI-reference", "//\u00e9@\u00e9:80/\u00e9", true}, //
		{"absolute-IRI", "s:\u00e9?\u00e9", true},            //
		{"absolute-IRI", "s:\u00e9#\u00e9", false},           //
		{"irelative-ref", "s:\u00e9", false},                 //
		{"irelative-ref", "\u00e9?\ue000#\u00e9", true},      //
		// The rules of RFC 3986 that RFC 3987 keeps.
		{"IRI", "http://[::1]:80/", true},
		{"IRI", "http://[v7.\u00e9]/", false},
		{"IRI", "http://256.0.0.1/", true},
		{"IRI", "", false},
		{"IRI-reference", "", true},
	}
	p := NewParser()
	for _, tt := range tests {
		if got := p.Match(rule(t, tt.rule), tt.input); got != tt.want {
			t.Errorf("Match(%s, %q) = %v, want %v", tt.rule, tt.input, got, tt.want)
		}
	}
}

// TestTokens checks that token offsets are byte offsets into the UTF-8
// input, for the components of an IRI (RFC 3987 §2.2).
func TestTokens(t *testing.T) {
	in := "http://\u00fc@r\u00e9sum\u00e9.example.org:8/\U00010300/x?\ue000=\u00e9#\u00e9"
	p := NewParser()
	if !p.Match(rule(t, "IRI"), in) {
		t.Fatalf("Match(IRI, %q) failed", in)
	}
	components := map[string]bool{
		"scheme": true, "iuserinfo": true, "ihost": true, "port": true,
		"ipath-abempty": true, "iquery": true, "ifragment": true, "IRI": true,
	}
	type span struct {
		Rule string
		Text string
	}
	var got []span
	for i := 0; i < p.Tokens().Len(); i++ {
		tk := p.Tokens().At(i)
		if components[Rule(tk.Rule).String()] {
			got = append(got, span{Rule(tk.Rule).String(), in[tk.Begin:tk.End]})
		}
	}
	want := []span{
		{"scheme", "http"},
		{"iuserinfo", "\u00fc"},
		{"ihost", "r\u00e9sum\u00e9.example.org"},
		{"port", "8"},
		{"ipath-abempty", "/\U00010300/x"},
		{"iquery", "\ue000=\u00e9"},
		{"ifragment", "\u00e9"},
		{"IRI", in},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokens of %q mismatch (-want +got):\n%s", in, diff)
	}
}

// corpusCase is the part of a case of testdata/conformance/parse.json that
// these tests use.
type corpusCase struct {
	Input string `json:"input"`
}

func readCorpus(t *testing.T) []corpusCase {
	t.Helper()
	b, err := os.ReadFile("../../testdata/conformance/parse.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []corpusCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("empty corpus")
	}
	return cases
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// TestASCIILikeRFC3986 checks that on ASCII inputs, where RFC 3987 §2.2
// adds nothing to RFC 3986, each entry rule of the IRI grammar gives the
// verdict of the RFC 3986 rule it corresponds to, for every ASCII input of
// the conformance corpus and every prefix of one.
func TestASCIILikeRFC3986(t *testing.T) {
	pairs := []struct{ iri, uri string }{
		{"IRI-reference", "URI-reference"},
		{"IRI", "URI"},
		{"absolute-IRI", "absolute-URI"},
		{"irelative-ref", "relative-ref"},
	}
	p, q := NewParser(), rfc3986.NewParser()
	n, valid := 0, 0
	for _, c := range readCorpus(t) {
		if !isASCII(c.Input) {
			continue
		}
		for _, pr := range pairs {
			u, ok := rfc3986.Lookup(pr.uri)
			if !ok {
				t.Fatalf("rfc3986 has no rule %s", pr.uri)
			}
			for _, in := range []string{c.Input, c.Input[:len(c.Input)/2]} {
				want := q.Match(u, in)
				if got := p.Match(rule(t, pr.iri), in); got != want {
					t.Errorf("Match(%s, %q) = %v, but rfc3986 Match(%s) = %v", pr.iri, in, got, pr.uri, want)
				}
				if !want {
					if diff := cmp.Diff(q.Furthest().End, p.Furthest().End); diff != "" {
						t.Errorf("Furthest().End after Match(%s, %q) differs from rfc3986 (-rfc3986 +rfc3987):\n%s", pr.iri, in, diff)
					}
				}
				n++
				if want && pr.iri == "IRI-reference" {
					valid++
				}
			}
		}
	}
	if n < 1000 || valid == 0 {
		t.Errorf("checked %d matches, %d valid IRI references: corpus too small?", n, valid)
	}
}
