package rfc6068

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func rule(t *testing.T, name string) Rule {
	t.Helper()
	r, ok := Lookup(name)
	if !ok {
		t.Fatalf("no rule %q", name)
	}
	return r
}

// TestEveryABNFRuleHasAPEGRule checks the naming chain: each rule of
// grammar/rfc6068.abnf (RFC 6068 §2 and what it borrows from RFC 5322, RFC
// 3986 and RFC 5234) is a rule of the grammar under its ABNF name.
func TestEveryABNFRuleHasAPEGRule(t *testing.T) {
	for _, name := range []string{
		"mailtoURI", "to", "hfields", "hfield", "hfname", "hfvalue",
		"addr-spec", "local-part", "domain", "dtext-no-obs", "qchar",
		"some-delims", "atext", "dot-atom-text", "qtext", "qcontent",
		"quoted-string", "quoted-pair", "pct-encoded", "unreserved",
		"ALPHA", "DIGIT", "DQUOTE", "HEXDIG", "HTAB", "SP", "VCHAR", "WSP",
	} {
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
	}
}

// Oracles written from the RFCs, independently of the grammar.
func in(set string) func(b int) bool {
	return func(b int) bool { return b < 0x80 && strings.IndexByte(set, byte(b)) >= 0 }
}

func between(lo, hi int) func(b int) bool { return func(b int) bool { return lo <= b && b <= hi } }

func or(fs ...func(int) bool) func(int) bool {
	return func(b int) bool {
		for _, f := range fs {
			if f(b) {
				return true
			}
		}
		return false
	}
}

const (
	alpha      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digit      = "0123456789"
	unreserved = alpha + digit + "-._~"
	reserved   = ":/?#[]@" + "!$&'()*+,;=" // RFC 3986 §2.2
	someDelims = "!$'()*+,;:@"             // RFC 6068 §2
)

var (
	// RFC 5322 §3.2.3.
	atext = in(alpha + digit + "!#$%&'*+-/=?^_`{|}~")
	// RFC 5322 §3.2.4, without obs-qtext.
	qtext = or(between(33, 33), between(35, 91), between(93, 126))
	// RFC 6068 §2.
	dtext = or(between(33, 90), between(94, 126))
	// RFC 5234 Appendix B.1.
	vchar    = between(0x21, 0x7e)
	nonASCII = between(0x80, 0xff)
	// RFC 6068 §2 item 1: the characters of an address that must be
	// percent-encoded: those that cannot appear in a URI, "%", the
	// gen-delims but "@" and ":", and "&", ";", "=".
	mustEncode = func(b int) bool {
		return !in(unreserved+reserved)(b) || in("%/?#[]&;=")(b)
	}
)

// TestCharacterRules tries every byte, unencoded and percent-encoded (both
// cases of hex digits), against each rule that matches one character of an
// address or header field (RFC 6068 §2): it must match a byte unencoded
// exactly when the RFC's set has it and item 1 does not require it to be
// encoded, and encoded exactly when the set has it (or, where items 4 and 5
// allow it, when it is an octet of a non-ASCII character).
func TestCharacterRules(t *testing.T) {
	notEncoded := func(set func(int) bool) func(int) bool {
		return func(b int) bool { return set(b) && !mustEncode(b) }
	}
	never := func(int) bool { return false }
	tests := []struct {
		rule         string
		raw, encoded func(int) bool
	}{
		{"atext", notEncoded(atext), or(atext, nonASCII)},
		{"qtext", notEncoded(qtext), or(qtext, nonASCII)},
		{"dtext-no-obs", notEncoded(dtext), dtext},
		{"VCHAR", notEncoded(vchar), vchar},
		{"qchar", in(unreserved + someDelims), between(0, 255)},
		{"some-delims", in(someDelims), never},
		{"unreserved", in(unreserved), never},
		{"ALPHA", in(alpha), never},
		{"DIGIT", in(digit), never},
		{"HEXDIG", in(digit + "ABCDEFabcdef"), never},
		{"pct-encoded", never, between(0, 255)},
		{"DQUOTE", never, in(`"`)},
		{"SP", never, in(" ")},
		{"HTAB", never, in("\t")},
		{"WSP", never, in(" \t")},
	}
	p := NewParser()
	for _, tt := range tests {
		r := rule(t, tt.rule)
		for b := 0; b < 256; b++ {
			if got, want := p.Match(r, string([]byte{byte(b)})), tt.raw(b); got != want {
				t.Errorf("%s matches %q: %v, want %v", tt.rule, []byte{byte(b)}, got, want)
			}
			for _, enc := range []string{fmt.Sprintf("%%%02X", b), fmt.Sprintf("%%%02x", b)} {
				if got, want := p.Match(r, enc), tt.encoded(b); got != want {
					t.Errorf("%s matches %q: %v, want %v", tt.rule, enc, got, want)
				}
			}
		}
	}
}

func TestRules(t *testing.T) {
	tests := []struct {
		rule  string
		input string
		want  bool
	}{
		{"mailtoURI", "mailto:", true},
		{"mailtoURI", "MAILTO:a@b", true},
		{"mailtoURI", "mailto:a@b,c@d?x=y&z=", true},
		{"mailtoURI", "mailto:?", false},
		{"mailtoURI", "mailto:a@b?x", false},
		{"mailtoURI", "mailto:a@b?x=y?z=w", false},
		{"mailtoURI", "mailto:a@b#f", false},
		{"mailtoURI", "mailto:a@b,", false},
		{"to", "a@b", true},
		{"to", "a@b,c@d", true},
		{"to", "", false},
		{"to", "a@b,,c@d", false},
		{"hfields", "?=", true},
		{"hfields", "?a=b&c=d", true},
		{"hfields", "?a=b&", false},
		{"hfield", "In-Reply-To=%3Cx@y%3E", true},
		{"hfield", "a", false},
		{"hfname", "", true},
		{"hfname", "a=b", false},
		{"hfvalue", "send%20index", true},
		{"hfvalue", "a&b", false},
		{"addr-spec", "a.b@c.d", true},
		{"addr-spec", "a%2Eb@c%2ed", true},
		{"addr-spec", "a%40b", false},
		{"addr-spec", "a@b@c", false},
		{"addr-spec", "a.@b", false},
		{"addr-spec", ".a@b", false},
		{"addr-spec", "a..b@c", false},
		{"local-part", "%22not%40me%22", true},
		{"local-part", "%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22", true},
		{"local-part", "%22a%20b%22", false},
		{"local-part", "%22a", false},
		{"local-part", "a%22", false},
		{"domain", "example.com", true},
		{"domain", "%E7%B4%8D%E8%B1%86.example.org", true},
		{"domain", "%5B192.0.2.1%5D", true},
		{"domain", "%5b%5d", true},
		{"domain", "%5B%5B%5D", false},
		{"domain", "%5B%C3%A9%5D", false},
		{"domain", "[1.2.3.4]", false},
		{"dot-atom-text", "a.b.c", true},
		{"dot-atom-text", "a", true},
		{"dot-atom-text", "a.", false},
		{"dot-atom-text", "", false},
		{"quoted-string", "%22%22", true},
		{"quoted-string", `%22a%5C%22b%22`, true},
		{"quoted-string", `%22a%5C%22`, false},
		{"quoted-pair", "%5C%20", true},
		{"quoted-pair", "%5c%09", true},
		{"quoted-pair", "%5C%0A", false},
		{"quoted-pair", "%5C%C3", false},
		{"qcontent", "%5C%22", true},
		{"qcontent", "%22", false},
	}
	p := NewParser()
	for _, tt := range tests {
		if got := p.Match(rule(t, tt.rule), tt.input); got != tt.want {
			t.Errorf("%s matches %q: %v, want %v", tt.rule, tt.input, got, tt.want)
		}
	}
}

// TestTokens checks the spans of the rules package uri maps.
func TestTokens(t *testing.T) {
	p := NewParser()
	addr, name, value := rule(t, "addr-spec"), rule(t, "hfname"), rule(t, "hfvalue")
	p.Keep(rule(t, "mailtoURI"), addr, name, value)
	in := "mailto:a@b,%22c%22@d?x=1&=&y="
	if !p.Match(rule(t, "mailtoURI"), in) {
		t.Fatalf("no match for %q", in)
	}
	var got []string
	for i := 0; i < p.Tokens().Len(); i++ {
		tk := p.Tokens().At(i)
		if Rule(tk.Rule) == addr || Rule(tk.Rule) == name || Rule(tk.Rule) == value {
			got = append(got, Rule(tk.Rule).String()+" "+in[tk.Begin:tk.End])
		}
	}
	want := []string{"addr-spec a@b", "addr-spec %22c%22@d", "hfname x", "hfvalue 1",
		"hfname ", "hfvalue ", "hfname y", "hfvalue "}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokens of %q mismatch (-want +got):\n%s", in, diff)
	}
}

// TestFurthest checks where a failed match stops.
func TestFurthest(t *testing.T) {
	p := NewParser()
	in := "mailto:joe@example.com?cc=bob@example.com?body=hello" // RFC 6068 §6.1, "WRONG!"
	if p.Match(rule(t, "mailtoURI"), in) {
		t.Fatalf("%q matches", in)
	}
	if got := p.Furthest(); got.End != 41 || Rule(got.Rule).String() != "hfvalue" {
		t.Errorf("Furthest() = %v %d, want hfvalue 41", got.Rule, got.End)
	}
}
