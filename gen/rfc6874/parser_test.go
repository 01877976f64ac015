package rfc6874

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

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

// TestEveryABNFRuleHasAPEGRule checks the naming chain: the rules that RFC
// 6874 §2 adds or updates (grammar/rfc6874.abnf), and each rule of RFC 3986
// Appendix A and the RFC 5234 core rules it uses, are rules of the grammar
// under their ABNF names.
func TestEveryABNFRuleHasAPEGRule(t *testing.T) {
	for _, name := range []string{
		// RFC 6874 §2.
		"IP-literal", "IPv6addrz", "ZoneID",
		// RFC 3986 Appendix A, RFC 5234 Appendix B.1.
		"URI", "hier-part", "URI-reference", "absolute-URI", "relative-ref",
		"relative-part", "scheme", "authority", "userinfo", "host", "port",
		"IPvFuture", "IPv6address", "h16", "ls32", "IPv4address",
		"dec-octet", "reg-name", "path", "path-abempty", "path-absolute",
		"path-noscheme", "path-rootless", "path-empty", "segment",
		"segment-nz", "segment-nz-nc", "pchar", "query", "fragment",
		"pct-encoded", "unreserved", "reserved", "gen-delims", "sub-delims",
		"ALPHA", "DIGIT", "HEXDIG",
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
		if r2, ok := Lookup(r.PEGName()); !ok || r2 != r {
			t.Errorf("Lookup(%q) = %v, %v; want %v (the rule of %q)", r.PEGName(), r2, ok, r, name)
		}
	}
}

// unreserved is RFC 3986 §2.3's set, written independently of the grammar.
const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

// TestZoneIDCharacters matches every one-byte zone identifier, on its own
// and in an address literal, and compares with the ABNF's set (RFC 6874
// §2: ZoneID = 1*( unreserved / pct-encoded )).
func TestZoneIDCharacters(t *testing.T) {
	tests := []struct{ rule, prefix, suffix string }{
		{"ZoneID", "", ""},
		{"IPv6addrz", "fe80::1%25", ""},
		{"IP-literal", "[fe80::1%25", "]"},
		{"host", "[::%25", "]"},
		{"URI", "http://[::1%25", "]/"},
	}
	p := NewParser()
	for _, tt := range tests {
		r := rule(t, tt.rule)
		var got, want []byte
		for b := 0; b < 256; b++ {
			if p.Match(r, tt.prefix+string([]byte{byte(b)})+tt.suffix) {
				got = append(got, byte(b))
			}
			if strings.IndexByte(unreserved, byte(b)) >= 0 {
				want = append(want, byte(b))
			}
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("bytes b with Match(%s, %q+b+%q) mismatch (-want +got):\n%s", tt.rule, tt.prefix, tt.suffix, diff)
		}
	}
}

// TestRules matches the rules of RFC 6874 §2, and the rules of RFC 3986
// that use them, against whole inputs.
func TestRules(t *testing.T) {
	tests := []struct {
		rule  string
		input string
		want  bool
	}{
		// The examples of the brief for this grammar and of RFC 6874 §2.
		{"IP-literal", "[fe80::1%25en0]", true},
		{"IP-literal", "[::1%25lo]", true},
		{"IP-literal", "[fe80::1%25%65n0]", true}, // pct-encoded "e"
		{"IP-literal", "[FF02::2%2525]", true},    // the zone "%" itself, pct-encoded
		{"IP-literal", "[fe80::a%25en1]", true},
		{"IP-literal", "[fe80::1%en0]", false},    // RFC 6874 §2: "%" must be "%25"
		{"IP-literal", "[fe80::1%25]", false},     // ZoneID is 1*
		{"IP-literal", "[fe80::1%25en0%]", false}, // "%" not pct-encoded
		{"IP-literal", "[v1.x%25en0]", false},     // only IPv6 addresses have zones
		{"IP-literal", "[fe80::1%25en0]x", false},
		// Without a zone, as in RFC 3986.
		{"IP-literal", "[fe80::1]", true},
		{"IP-literal", "[v1.x]", true},
		{"IP-literal", "[1.2.3.4]", false},
		{"IP-literal", "[1.2.3.4%25en0]", false},
		// Every form of IPv6address takes a zone.
		{"IP-literal", "[1:2:3:4:5:6:7:8%25a]", true},
		{"IP-literal", "[::2:3:4:5:6:7:8%25a]", true},
		{"IP-literal", "[1:2:3:4:5:6:7::%25a]", true},
		{"IP-literal", "[::%25a]", true},
		{"IP-literal", "[::ffff:1.2.3.4%25a]", true},
		{"IP-literal", "[1:2:3:4:5:6:1.2.3.4%25a]", true},
		{"IP-literal", "[1:2:3:4:5:6:7:8:9%25a]", false},
		{"IP-literal", "[::1.2.3.256%25a]", false},
		{"IP-literal", "[1::2::3%25a]", false},
		// The zone's pct-encoded and its delimiter.
		{"IP-literal", "[::1%25%2]", false},
		{"IP-literal", "[::1%25%zz]", false},
		{"IP-literal", "[::1%25%e4%bd%a0]", true}, // a non-ASCII zone, pct-encoded
		{"IP-literal", "[::1%25\u00e4]", false},
		{"IP-literal", "[::1%25a:b]", false},
		{"IP-literal", "[::1%25a%25b]", true},
		{"IP-literal", "[::1%2525]", true},
		{"IP-literal", "[::1%26en0]", false},
		{"IP-literal", "[::1%2en0]", false},
		{"IP-literal", "[::1%25en0", false},
		{"IP-literal", "[%25en0]", false},
		{"IPv6addrz", "fe80::1%25en0", true},
		{"IPv6addrz", "fe80::1", false},
		{"IPv6addrz", "fe80::1%25", false},
		{"IPv6addrz", "[fe80::1%25en0]", false},
		{"ZoneID", "en0", true},
		{"ZoneID", "%25", true},
		{"ZoneID", "a%41-._~", true},
		{"ZoneID", "", false},
		{"ZoneID", "a!", false},
		{"ZoneID", "%4", false},
		{"IPv6address", "fe80::1%25en0", false},
		// In whole URIs.
		{"URI", "http://[fe80::1%25en0]/", true},
		{"URI", "http://[fe80::1%25en0]:8080/a?b#c", true},
		{"URI", "http://u@[fe80::1%25en0]", true},
		{"URI", "http://[fe80::1%en0]/", false},
		{"URI", "http://[fe80::1%25]/", false},
		{"URI", "http://fe80::1%25en0/", false},
		{"URI-reference", "//[::1%25lo]", true},
		{"relative-ref", "//[::1%25lo]:80", true},
		{"absolute-URI", "s://[::1%25lo]?q", true},
		{"absolute-URI", "s://[::1%25lo]#f", false},
		{"host", "[::1%25lo]", true},
		{"authority", "[::1%25lo]:1", true},
		{"reg-name", "fe80%25en0", true},
	}
	p := NewParser()
	for _, tt := range tests {
		if got := p.Match(rule(t, tt.rule), tt.input); got != tt.want {
			t.Errorf("Match(%s, %q) = %v, want %v", tt.rule, tt.input, got, tt.want)
		}
	}
}

// TestTokens checks the spans of the zone rules in a URI, in bytes.
func TestTokens(t *testing.T) {
	in := "http://[fe80::1%25en%30]:80/"
	p := NewParser()
	if !p.Match(rule(t, "URI"), in) {
		t.Fatalf("Match(URI, %q) failed", in)
	}
	keep := map[string]bool{"host": true, "IP-literal": true, "IPv6addrz": true, "IPv6address": true, "ZoneID": true, "port": true}
	type span struct{ Rule, Text string }
	var got []span
	for i := 0; i < p.Tokens().Len(); i++ {
		if tk := p.Tokens().At(i); keep[Rule(tk.Rule).String()] {
			got = append(got, span{Rule(tk.Rule).String(), in[tk.Begin:tk.End]})
		}
	}
	want := []span{
		{"IPv6address", "fe80::1"},
		{"ZoneID", "en%30"},
		{"IPv6addrz", "fe80::1%25en%30"},
		{"IP-literal", "[fe80::1%25en%30]"},
		{"host", "[fe80::1%25en%30]"},
		{"port", "80"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokens of %q mismatch (-want +got):\n%s", in, diff)
	}
}

// corpusCase is the part of a case of testdata/conformance/parse.json that
// these tests use.
type corpusCase struct {
	Input string `json:"input"`
	Mode  string `json:"mode"`
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

// TestCorpusLikeRFC3986 checks that RFC 6874 changes nothing for inputs
// without "%25": on each such input of the conformance corpus (and on its
// first half), each entry rule gives RFC 3986's verdict.
func TestCorpusLikeRFC3986(t *testing.T) {
	p, q := NewParser(), rfc3986.NewParser()
	n := 0
	for _, c := range readCorpus(t) {
		for _, in := range []string{c.Input, c.Input[:len(c.Input)/2]} {
			if strings.Contains(in, "%25") {
				continue
			}
			for _, name := range []string{"URI-reference", "URI", "absolute-URI", "relative-ref"} {
				u, ok := rfc3986.Lookup(name)
				if !ok {
					t.Fatalf("rfc3986 has no rule %s", name)
				}
				want := q.Match(u, in)
				if got := p.Match(rule(t, name), in); got != want {
					t.Errorf("Match(%s, %q) = %v, but rfc3986 says %v", name, in, got, want)
				}
				n++
			}
		}
	}
	if n < 1000 {
		t.Errorf("checked %d inputs: corpus too small?", n)
	}
}

// TestCorpusZones checks the corpus inputs that the corpus marks as
// RFC 6874 zone identifiers: RFC 3986 rejects them and RFC 6874 accepts
// them.
func TestCorpusZones(t *testing.T) {
	p, q := NewParser(), rfc3986.NewParser()
	u, _ := rfc3986.Lookup("URI-reference")
	n := 0
	for _, c := range readCorpus(t) {
		if !strings.HasPrefix(c.Mode, "rfc6874") {
			continue
		}
		n++
		got := [2]bool{q.Match(u, c.Input), p.Match(rule(t, "URI-reference"), c.Input)}
		if diff := cmp.Diff([2]bool{false, true}, got); diff != "" {
			t.Errorf("Match(URI-reference, %q) [rfc3986, rfc6874] mismatch (-want +got):\n%s", c.Input, diff)
		}
	}
	if n == 0 {
		t.Error("no rfc6874 case in the corpus")
	}
}
