package rfc3986

import (
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

// TestEveryABNFRuleHasAPEGRule checks the naming chain: each rule of RFC
// 3986 Appendix A and the RFC 5234 core rules it uses is a rule of the
// grammar under its ABNF name.
func TestEveryABNFRuleHasAPEGRule(t *testing.T) {
	for _, name := range []string{
		"URI", "hier-part", "URI-reference", "absolute-URI", "relative-ref",
		"relative-part", "scheme", "authority", "userinfo", "host", "port",
		"IP-literal", "IPvFuture", "IPv6address", "h16", "ls32",
		"IPv4address", "dec-octet", "reg-name", "path", "path-abempty",
		"path-absolute", "path-noscheme", "path-rootless", "path-empty",
		"segment", "segment-nz", "segment-nz-nc", "pchar", "query",
		"fragment", "pct-encoded", "unreserved", "reserved", "gen-delims",
		"sub-delims", "ALPHA", "DIGIT", "HEXDIG",
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

// ABNF character sets, written from RFC 3986 §2 and RFC 5234 Appendix B.1
// independently of the grammar, as the oracle for the exhaustive tests.
const (
	alpha      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digit      = "0123456789"
	hexdig     = digit + "ABCDEFabcdef" // quoted strings are case-insensitive (RFC 5234 §2.3)
	unreserved = alpha + digit + "-._~"
	genDelims  = ":/?#[]@"
	subDelims  = "!$&'()*+,;="
)

// TestCharacterRulesExhaustive matches every one-byte input against each
// rule whose language includes single characters, and compares with the
// ABNF's set.
func TestCharacterRulesExhaustive(t *testing.T) {
	sets := map[string]string{
		"ALPHA":         alpha,
		"DIGIT":         digit,
		"HEXDIG":        hexdig,
		"unreserved":    unreserved,
		"gen-delims":    genDelims,
		"sub-delims":    subDelims,
		"reserved":      genDelims + subDelims,
		"pchar":         unreserved + subDelims + ":@",
		"segment":       unreserved + subDelims + ":@",
		"segment-nz":    unreserved + subDelims + ":@",
		"segment-nz-nc": unreserved + subDelims + "@",
		"query":         unreserved + subDelims + ":@/?",
		"fragment":      unreserved + subDelims + ":@/?",
		"userinfo":      unreserved + subDelims + ":",
		"reg-name":      unreserved + subDelims,
		"port":          digit,
		"h16":           hexdig,
		"dec-octet":     digit,
		"scheme":        alpha,
	}
	p := NewParser()
	for name, set := range sets {
		r := rule(t, name)
		var got, want []byte
		for b := 0; b < 256; b++ {
			if p.Match(r, string([]byte{byte(b)})) {
				got = append(got, byte(b))
			}
			if strings.IndexByte(set, byte(b)) >= 0 {
				want = append(want, byte(b))
			}
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("one-byte matches of %s mismatch (-want +got):\n%s", name, diff)
		}
	}
}

// TestRules matches each rule on its own against whole inputs.
func TestRules(t *testing.T) {
	tests := []struct {
		rule  string
		input string
		want  bool
	}{
		{"scheme", "http", true},
		{"scheme", "a+b-c.d", true},
		{"scheme", "1a", false},
		{"scheme", "", false},
		{"scheme", "a_b", false},
		{"userinfo", "", true},
		{"userinfo", "user:pass:%41", true},
		{"userinfo", "a@b", false},
		{"host", "", true},
		{"host", "example.com", true},
		{"host", "1.2.3.4", true},
		{"host", "1.2.3.4.5", true}, // reg-name (§3.2.2)
		{"host", "1.2.3.45", true},  // IPv4address, longest dec-octet
		{"host", "256.1.1.1", true}, // reg-name
		{"host", "[::1]", true},     // IP-literal
		{"host", "[v1.x]", true},    // IPvFuture
		{"host", "[V1.x]", true},    // "v" is case-insensitive (RFC 5234 §2.3)
		{"host", "[::1", false},     //
		{"host", "a:b", false},      // ":" starts the port
		{"port", "", true},          //
		{"port", "99999999999999999999", true},
		{"port", "8a", false},
		{"IP-literal", "[1:2:3:4:5:6:7:8]", true},
		{"IP-literal", "[1:2:3:4:5:6:7:8:9]", false},
		{"IPvFuture", "v1.x", true},
		{"IPvFuture", "vA.a:b", true},
		{"IPvFuture", "v.x", false},
		{"IPvFuture", "v1.", false},
		{"IPvFuture", "v1x", false},
		{"h16", "0", true},
		{"h16", "ffff", true},
		{"h16", "FfFf", true},
		{"h16", "fffff", false},
		{"h16", "", false},
		{"ls32", "1:2", true},
		{"ls32", "1.2.3.4", true},
		{"ls32", "1:2.3.4.5", false},
		{"IPv4address", "0.0.0.0", true},
		{"IPv4address", "255.255.255.255", true},
		{"IPv4address", "256.0.0.0", false},
		{"IPv4address", "01.0.0.0", false},
		{"IPv4address", "1.2.3", false},
		{"dec-octet", "0", true},
		{"dec-octet", "9", true},
		{"dec-octet", "10", true},
		{"dec-octet", "99", true},
		{"dec-octet", "100", true},
		{"dec-octet", "199", true},
		{"dec-octet", "200", true},
		{"dec-octet", "249", true},
		{"dec-octet", "250", true},
		{"dec-octet", "255", true},
		{"dec-octet", "256", false},
		{"dec-octet", "260", false},
		{"dec-octet", "00", false},
		{"dec-octet", "01", false},
		{"dec-octet", "1000", false},
		{"reg-name", "", true},
		{"reg-name", "a%2Fb", true},
		{"reg-name", "a%2", false},
		{"reg-name", "a:b", false},
		{"path", "", true},
		{"path", "/", true},
		{"path", "//a", true},
		{"path", "/a/b", true},
		{"path", "a/b", true},
		{"path", "a:b", true}, // path-rootless
		{"path", "a?b", false},
		{"path-abempty", "", true},
		{"path-abempty", "//a", true},
		{"path-abempty", "a", false},
		{"path-absolute", "/", true},
		{"path-absolute", "/a//b", true},
		{"path-absolute", "//a", false},
		{"path-noscheme", "a/b:c", true},
		{"path-noscheme", "a:b", false},
		{"path-rootless", "a:b/c", true},
		{"path-rootless", "/a", false},
		{"path-empty", "", true},
		{"path-empty", "a", false},
		{"segment", "", true},
		{"segment-nz", "", false},
		{"segment-nz-nc", ":", false},
		{"pct-encoded", "%41", true},
		{"pct-encoded", "%aF", true},
		{"pct-encoded", "%4", false},
		{"pct-encoded", "%GG", false},
		{"query", "a=b&c=d?/:@", true},
		{"query", "a#b", false},
		{"fragment", "", true},
		{"fragment", "a#b", false},
		{"hier-part", "//h/p", true},
		{"hier-part", "/p", true},
		{"hier-part", "p:q", true},
		{"hier-part", "", true},
		{"relative-part", "p:q", false},
		{"relative-part", "p/q:r", true},
		{"authority", "u@h:1", true},
		{"authority", "u@h:1@", false},
		{"URI", "a:", true},
		{"URI", "a", false},
		{"URI-reference", "a", true},
		{"URI-reference", "", true},
		{"absolute-URI", "a:b#c", false},
		{"relative-ref", "a:b", false},
		{"relative-ref", "./a:b", true},
	}
	p := NewParser()
	for _, tt := range tests {
		if got := p.Match(rule(t, tt.rule), tt.input); got != tt.want {
			t.Errorf("Match(%s, %q) = %v, want %v", tt.rule, tt.input, got, tt.want)
		}
	}
}

// TestIPv6Forms checks every position of "::" with every number of groups
// against the counting rule of RFC 3986 §3.2.2: at most 8 groups, with "::"
// standing for at least one; an IPv4 tail counts as two.
func TestIPv6Forms(t *testing.T) {
	p := NewParser()
	r := rule(t, "IPv6address")
	for left := 0; left <= 9; left++ {
		for right := 0; right <= 9; right++ {
			for _, v4 := range []bool{false, true} {
				var l, rr []string
				for i := 0; i < left; i++ {
					l = append(l, "a")
				}
				for i := 0; i < right; i++ {
					rr = append(rr, "b")
				}
				tail := 0
				if v4 {
					rr = append(rr, "1.2.3.4")
					tail = 2
				}
				s := strings.Join(l, ":") + "::" + strings.Join(rr, ":")
				want := left+right+tail <= 7
				if got := p.Match(r, s); got != want {
					t.Errorf("Match(IPv6address, %q) = %v, want %v", s, got, want)
				}
				if left+right == 0 && !v4 {
					continue
				}
				// Without "::": exactly 8 groups.
				full := strings.Join(append(l, rr...), ":")
				want = left+right+tail == 8 && (left > 0 || len(rr) > 0)
				if got := p.Match(r, full); got != want {
					t.Errorf("Match(IPv6address, %q) = %v, want %v", full, got, want)
				}
			}
		}
	}
}

// TestTokens checks the token walk: children before parents, byte offsets,
// empty matches kept, and no state left over from an earlier match.
func TestTokens(t *testing.T) {
	p := NewParser()
	// A long input first, so that a stale token would show.
	if !p.Match(rule(t, "URI"), "http://u@[::1]:80/a/b?q#f") {
		t.Fatal("Match failed")
	}
	if !p.Match(rule(t, "URI"), "a:") {
		t.Fatal("Match failed")
	}
	var got []Token
	for i := 0; i < p.Tokens().Len(); i++ {
		got = append(got, p.Tokens().At(i))
	}
	want := []Token{
		{Rule: uint8(rule(t, "scheme")), Begin: 0, End: 1},
		{Rule: uint8(rule(t, "path-empty")), Begin: 2, End: 2},
		{Rule: uint8(rule(t, "hier-part")), Begin: 2, End: 2},
		{Rule: uint8(rule(t, "URI")), Begin: 0, End: 2},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tokens of %q mismatch (-want +got):\n%s", "a:", diff)
	}
}

// TestFurthest checks where a failed match stopped, and which rule could
// not continue.
func TestFurthest(t *testing.T) {
	tests := []struct {
		input string
		want  Token
	}{
		{"http://a b", Token{Rule: uint8(rule(t, "reg-name")), Begin: 7, End: 8}},
		{"http://[::1x]/", Token{Rule: uint8(rule(t, "IPv6address")), Begin: 8, End: 11}},
		{"http://[::1]x", Token{Rule: uint8(rule(t, "IP-literal")), Begin: 7, End: 12}},
		{"1a:b", Token{Rule: uint8(rule(t, "segment-nz-nc")), Begin: 0, End: 2}},
		{"http://h:80x", Token{Rule: uint8(rule(t, "userinfo")), Begin: 7, End: 12}}, // "h:80x@..." would be valid
		{" ", Token{}},
		{"http://h/\xff", Token{Rule: uint8(rule(t, "path-abempty")), Begin: 8, End: 9}}, // segment matched nothing
	}
	p := NewParser()
	for _, tt := range tests {
		if p.Match(rule(t, "URI-reference"), tt.input) {
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

// TestKeep checks the token filter: only kept rules are recorded, a rule
// given to Match is matched whether or not it is kept, and a failure is
// described exactly as without a filter.
func TestKeep(t *testing.T) {
	full, sparse := NewParser(), NewParser()
	sparse.Keep(rule(t, "URI-reference"), rule(t, "host"), rule(t, "query"))
	in := "http://h/p?q"
	if !full.Match(rule(t, "URI-reference"), in) || !sparse.Match(rule(t, "URI-reference"), in) {
		t.Fatalf("Match(%q) failed", in)
	}
	var got []Token
	for i := 0; i < sparse.Tokens().Len(); i++ {
		got = append(got, sparse.Tokens().At(i))
	}
	want := []Token{{Rule: uint8(rule(t, "host")), Begin: 7, End: 8}, {Rule: uint8(rule(t, "query")), Begin: 11, End: 12}, {Rule: uint8(rule(t, "URI-reference")), Begin: 0, End: 12}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("kept tokens of %q mismatch (-want +got):\n%s", in, diff)
	}
	if full.Tokens().Len() <= sparse.Tokens().Len() {
		t.Errorf("full parser recorded %d tokens, filtered %d", full.Tokens().Len(), sparse.Tokens().Len())
	}
	if !sparse.Match(rule(t, "segment"), "abc") || sparse.Match(rule(t, "segment"), "a/c") {
		t.Error("Match of a rule that is not kept is wrong")
	}
	for _, bad := range []string{"http://a b", "http://[::1x]/", "1a:b", "http://h:80x"} {
		full.Match(rule(t, "URI-reference"), bad)
		sparse.Match(rule(t, "URI-reference"), bad)
		if diff := cmp.Diff(full.Furthest(), sparse.Furthest()); diff != "" {
			t.Errorf("Furthest after Match(%q) differs with a filter (-full +filtered):\n%s", bad, diff)
		}
	}
	// A match in span mode, or one that failed and was explained, leaves
	// the filter of the next Match as Keep set it.
	full.Match(rule(t, "URI-reference"), in)
	n := full.Tokens().Len()
	for _, p := range []*Parser{full, sparse} {
		p.MatchSpans(rule(t, "URI-reference"), in)
		p.MatchSpans(rule(t, "URI-reference"), "http://a b")
		p.Failure(rule(t, "URI-reference"), "http://a b")
		p.Match(rule(t, "URI-reference"), in)
	}
	if full.Tokens().Len() != n {
		t.Errorf("after MatchSpans, a parser without a filter recorded %d tokens; want all %d", full.Tokens().Len(), n)
	}
	got = got[:0]
	for i := 0; i < sparse.Tokens().Len(); i++ {
		got = append(got, sparse.Tokens().At(i))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("kept tokens of %q after MatchSpans mismatch (-want +got):\n%s", in, diff)
	}
	sparse.Keep()
	sparse.Match(rule(t, "URI-reference"), in)
	full.Match(rule(t, "URI-reference"), in)
	if sparse.Tokens().Len() != full.Tokens().Len() {
		t.Errorf("after Keep(), %d tokens; want all %d", sparse.Tokens().Len(), full.Tokens().Len())
	}
}

// TestPoolCap checks the one cap of the generated Pool: a parser grown
// past it by a long input (RFC 3986 §3.3: one token per segment and per
// pchar) never comes back from Get, and one within it can.
func TestPoolCap(t *testing.T) {
	path := rule(t, "path-absolute")
	tests := []struct {
		name  string
		input string
		over  bool
	}{
		{"small", "/a/b", false},
		{"past the cap", strings.Repeat("/a", 1<<14), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var q Pool
			p := q.Get()
			if !p.Match(path, tt.input) {
				t.Fatalf("Match(path-absolute, %d bytes) = false", len(tt.input))
			}
			if got := p.Tokens().Cap() > 1<<18; got != tt.over {
				t.Fatalf("Cap() = %d, over 256 KiB %v, want %v", p.Tokens().Cap(), got, tt.over)
			}
			q.Put(p)
			if !tt.over {
				return
			}
			for range 4 {
				if q.Get() == p {
					t.Fatal("Get returned a parser grown past the Pool's cap")
				}
			}
		})
	}
}
