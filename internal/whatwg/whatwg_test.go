package whatwg

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/idna"
	"github.com/specuri/specuri/internal/wpttest"
)

// TestParse checks the authority as the URL Standard's basic URL parser
// reads it (examples from its host-parsing and state-machine sections).
func TestParse(t *testing.T) {
	type out struct {
		Host     string
		Kind     HostKind
		Userinfo string
		Port     string
		Fail     bool
	}
	tests := []struct {
		in   string
		want out
	}{
		{"http://example.com/", out{Host: "example.com", Kind: Domain}},
		{"http:example.com", out{Host: "example.com", Kind: Domain}},
		{"https:\\\\/\\EXAMPLE.com", out{Host: "example.com", Kind: Domain}},
		{"ws:127.1", out{Host: "127.0.0.1", Kind: IPv4}},
		{"http://0x7f.1/", out{Host: "127.0.0.1", Kind: IPv4}},
		{"http://2130706433/", out{Host: "127.0.0.1", Kind: IPv4}},
		{"http://0177.0.0.1/", out{Host: "127.0.0.1", Kind: IPv4}},
		{"http://0x/", out{Host: "0.0.0.0", Kind: IPv4}},
		{"http://1.2.3.4.5/", out{Fail: true}},
		{"http://256.1.1.1/", out{Fail: true}},
		{"http://1.2.65536/", out{Fail: true}},
		{"http://1.2.65535/", out{Host: "1.2.255.255", Kind: IPv4}},
		{"http://4294967296/", out{Fail: true}},
		{"http://99999999999999999999999/", out{Fail: true}},
		{"http://example.1a/", out{Host: "example.1a", Kind: Domain}},
		{"http://foo.09/", out{Fail: true}},
		{"http://%41.com/", out{Host: "a.com", Kind: Domain}},
		{"http://%31%32%37.1/", out{Host: "127.0.0.1", Kind: IPv4}},
		{"http://a%25b/", out{Fail: true}},
		{"http://a b/", out{Fail: true}},
		{"http://[::1]:8080/", out{Host: "[::1]", Kind: IPv6, Port: "8080"}},
		{"http://[0:0:0:0:0:0:0:1]/", out{Host: "[::1]", Kind: IPv6}},
		{"http://[1:0:0:2:0:0:0:3]/", out{Host: "[1:0:0:2::3]", Kind: IPv6}},
		{"http://[1:0::0:1]/", out{Host: "[1::1]", Kind: IPv6}},
		{"http://[::ffff:1.2.3.4]/", out{Host: "[::ffff:102:304]", Kind: IPv6}},
		{"http://[fe80::1%25en0]/", out{Fail: true}},
		{"http://[::1/", out{Fail: true}},
		{"http://[1:2:3:4:5:6:7:8:9]/", out{Fail: true}},
		{"http://u:p@h/", out{Host: "h", Kind: Domain, Userinfo: "u:p"}},
		{"http://a@b@c/", out{Host: "c", Kind: Domain, Userinfo: "a@b"}},
		{"http:///user:pw@evil.com", out{Host: "evil.com", Kind: Domain, Userinfo: "user:pw"}},
		{"http://u@/", out{Fail: true}},
		{"http://@h/", out{Host: "h", Kind: Domain}},
		{"http://:@h/", out{Host: "h", Kind: Domain}},
		{"http://h:/", out{Host: "h", Kind: Domain}},
		{"http://h:65536/", out{Fail: true}},
		{"http://h:8a/", out{Fail: true}},
		{"http://:80/", out{Fail: true}},
		{"http:", out{Fail: true}},
		{" \thttp://h\t/ ", out{Host: "h", Kind: Domain}},
		{"http://h\\x", out{Host: "h", Kind: Domain}},
		{"http://XN--rsum-bpad.example/", out{Host: "xn--rsum-bpad.example", Kind: Domain}},
		{"file:///p", out{Kind: Empty}},
		{"file:////127.1", out{Kind: Empty}},
		{"file://localhost/p", out{Kind: Empty}},
		{"file://C:/p", out{Kind: Empty}},
		{"file://h/p", out{Host: "h", Kind: Domain}},
		{"file://u:p@h/p", out{Fail: true}},
		{"foo://u:p@H:1/", out{Host: "H", Kind: Opaque, Userinfo: "u:p", Port: "1"}},
		{"foo://", out{Kind: Empty}},
		{"foo:/x", out{}},
		{"foo:x", out{}},
		{"//h/", out{Fail: true}},
		{"1http://h/", out{Fail: true}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := Parse(tt.in)
			got := out{Fail: err != nil}
			if err == nil {
				got = out{Host: u.Host, Kind: u.HostKind, Port: u.Port}
				if u.HasCredentials {
					got.Userinfo = u.Username
					if u.HasPassword {
						got.Userinfo += ":" + u.Password
					}
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestNeedsIDNA checks that NeedsIDNA speaks of the domain alone: its
// text percent-decoded (URL Standard, host parsing, step 4), not the
// userinfo, path, query or fragment around it.
func TestNeedsIDNA(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"http://example.com/", false},
		{"http://é.example/", true},
		{"http://%C3%A9.example/", true},
		{"http://ＥＸＡＭＰＬＥ.com/", true}, // full-width letters, mapped to ASCII
		{"http://xn--9ca.example/", false},
		{"http://%41.example/", false},
		{"http://example.com/é", false},
		{"http://example.com/?q=é", false},
		{"http://example.com/#é", false},
		{"http://ü:é@example.com/", false},
		{"http://example.com:80/é", false},
		{"foo://é/", false},          // an opaque host: no domain
		{"http://１２７.0.0.1/", false}, // an IPv4 address
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, u.NeedsIDNA); diff != "" {
				t.Errorf("Parse(%q).NeedsIDNA mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestPasswordOffsets checks that the password's offsets are those of the
// original string, tabs and newlines and trimmed bytes included.
func TestPasswordOffsets(t *testing.T) {
	for _, tt := range []struct {
		in, pw string
	}{
		{"http://u:pw@h", "pw"},
		{"  http:///u:pw@h", "pw"},
		{"ht\ttp://u\n:p\tw@h", "p\tw"},
		{"http://u:a@b:c@h", "a@b:c"},
		{"http://u:@h", ""},
	} {
		u, err := Parse(tt.in)
		if err != nil || !u.HasPassword {
			t.Errorf("Parse(%q): %v, password %v", tt.in, err, u.HasPassword)
			continue
		}
		if got := tt.in[u.PasswordBegin:u.PasswordEnd]; got != tt.pw {
			t.Errorf("Parse(%q): password bytes %q, want %q", tt.in, got, tt.pw)
		}
	}
}

// TestParseLong checks long inputs (every count has a limit; linear time).
func TestParseLong(t *testing.T) {
	for _, tt := range []struct {
		in   string
		host string // "" for a failure
	}{
		{"http:" + strings.Repeat("/", 1<<20) + "h", "h"},
		{"http://" + strings.Repeat("1.", 1<<19), ""}, // IPv4-too-many-parts
		{"http://[" + strings.Repeat(":", 1<<20) + "]", ""},
		{"http://" + strings.Repeat("@", 1<<20) + "h", "h"},
		{"http://h:" + strings.Repeat("0", 1<<20) + "80", "h"},
		{strings.Repeat("\t", 1<<20) + "http://u:p@h", "h"},
	} {
		u, err := Parse(tt.in)
		if got := u.Host; got != tt.host || (err == nil) != (tt.host != "") {
			t.Errorf("Parse(%.20q...) = host %q, %v; want host %q", tt.in, got, err, tt.host)
		}
	}
	u, err := Parse("http://h:" + strings.Repeat("0", 1<<20) + "81")
	if err != nil || u.Port != "81" {
		t.Errorf("long zero-padded port: %v", err)
	}
}

// FuzzParse checks that Parse never panics, that the password offsets
// delimit bytes of the input that hold the password once tabs and
// newlines are removed, and that a serialized host parses to itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"http://u:p@h:1/", "ws:127.1", "http://[::1]/", "file://h/", "foo://u@h", "http:\t//u:p@h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		if u.HasPassword {
			if u.PasswordBegin < 0 || u.PasswordBegin > u.PasswordEnd || u.PasswordEnd > len(s) {
				t.Fatalf("Parse(%q): password at [%d,%d)", s, u.PasswordBegin, u.PasswordEnd)
			}
			if got := strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s[u.PasswordBegin:u.PasswordEnd]); got != u.Password {
				t.Fatalf("Parse(%q): password bytes %q, Password %q", s, got, u.Password)
			}
		}
		if u.Special && u.Scheme != "file" && (u.HostKind == Domain && !u.NeedsIDNA || u.HostKind == IPv4 || u.HostKind == IPv6) {
			v, err := Parse(u.Scheme + "://" + u.Host + "/")
			if err != nil || v.Host != u.Host {
				t.Fatalf("Parse(%q): host %q reads as %q (%v)", s, u.Host, v.Host, err)
			}
		}
	})
}

// TestIndexTabOrNewline checks the word-at-a-time search at every
// position and with neighbours it must not take for a tab or newline.
func TestIndexTabOrNewline(t *testing.T) {
	for n := 0; n < 20; n++ {
		for at := -1; at < n; at++ {
			for _, c := range []byte{'\t', '\n', '\r'} {
				b := []byte(strings.Repeat("\x0b\x0c\x0e\x08 a\x00\x1f", 3)[:n])
				want := -1
				if at >= 0 {
					b[at] = c
					want = at
				}
				if got := indexTabOrNewline(string(b)); got != want {
					t.Errorf("indexTabOrNewline(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}

// TestOrigOffset checks the offsets of validation errors in an input
// with tabs, newlines and trimmed bytes, asked for in any order.
func TestOrigOffset(t *testing.T) {
	in := " \t\x01h\tt\n\ntp\r://x \t"
	var src source
	lo, hi := trimmed(in)
	src.set(in, lo, hi)
	if src.s != "http://x" {
		t.Fatalf("cleaned %q", src.s)
	}
	want := []int{3, 5, 8, 9, 11, 12, 13, 14, 15}
	for _, i := range []int{8, 0, 3, 1, 2, 7, 4, 5, 6} {
		if got := src.origOffset(i); got != want[i] {
			t.Errorf("origOffset(%d) = %d, want %d", i, got, want[i])
		}
	}
}

// FuzzFastDomain holds the host parser's ASCII fast path (appendFastDomain,
// which lower-cases the domain) to its reference, steps 4-7 of the host
// parser through UTS #46 (idna.ToASCII of the percent-decoded input):
// where the fast path takes a domain, the domain parser must give the
// same result.
func FuzzFastDomain(f *testing.F) {
	for _, s := range []string{"example.com", "EXAMPLE.com", "xn--nxasmq6b.com", "a-b.xN--c", "-a.b-", "a..b", "ab--c.d", "a.b.", "%41.com", "bücher.de", "a_b", strings.Repeat("a", 64) + ".com"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := parser{in: s}
		// The host state gives the host parser of a special URL no empty
		// host (step 3 of the host parser never sees one).
		if s == "" || !p.appendFastDomain(s, 0, domainBits(s)) {
			return
		}
		want, err := idna.ToASCII(UTF8Decode(percentDecode(s)))
		if err != nil || want == "" || string(p.out) != want {
			t.Fatalf("appendFastDomain(%q) = %q; the domain parser gives %q, %v", s, p.out, want, err)
		}
	})
}

// parseReference is ParseURL without the parser's fast paths (parser's
// reference), its href written in its own buffer from the first byte
// (not lazy).
func parseReference(input string, base *Record) (Record, error) {
	n := hrefBound(input) + 16
	if base != nil {
		n += len(base.Href)
	}
	p := parser{out: make([]byte, 0, n), ownBuffer: true, reference: true}
	if err := p.run(input, base, false); err != nil {
		return Record{}, err
	}
	var r Record
	err := p.finish(input, &r)
	return r, err
}

// wptInputs returns the inputs of web-platform-tests' urltestdata.json.
func wptInputs(tb testing.TB) []string {
	return wpttest.Inputs(tb, "../../testdata/wpt/url/urltestdata.json")
}

// FuzzFastPaths holds the parser's fast paths to the parser without them
// (parseReference): the path state's over segments that are no dot
// segment (appendPlainSegments), the host state's reading of what the
// authority state found (hostBits) and the host parser's ASCII domains
// (appendFastDomain), and the lazy href, which refers to the input as
// long as it is the same. Each must give the same URL or the same failure,
// with and without bases.
func FuzzFastPaths(f *testing.F) {
	for _, s := range []string{
		"http://h/a/b/c", "http://h/a/./b/../c", "http://h/a/.b/c.d/%2e/%2E%2e/x", "http://h/a\\b/..\\c",
		"sc://h/a/../b/./c/", "sc:/a/b/..", "http://h/a b/ü/%zz/{}/.", "a/b/../c", "../../x?y#z", "/a/%2e%2E/b", ".", "..", "./a/",
		"http://h/.well-known/x", "http://h/a/..%2f", "sc://h/a/\\../b",
		"HTTP://EXAMPLE.com:80/", "http://u@h:1/", "http://a@B@C:8/", "https://[::1]:443/", "http://xn--a.com/",
		"http://a-b.XN--c/", "http://h%41/", "http://1.2.3.4:5/", "http://a[b:c]d/", "http://ü.com/", "http://h:x/",
	} {
		f.Add(s)
	}
	for _, s := range wptInputs(f) {
		f.Add(s)
	}
	var bases []*Record
	for _, b := range []string{"http://h/a/b/c", "sc://h/a/b", "sc:/p/q/r", "http://h/"} {
		r, err := ParseURL(b, nil, nil)
		if err != nil {
			f.Fatal(err)
		}
		bases = append(bases, &r)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, base := range append([]*Record{nil}, bases...) {
			got, err := ParseURL(s, base, nil)
			want, werr := parseReference(s, base)
			if (err == nil) != (werr == nil) || got != want {
				t.Fatalf("ParseURL(%q) = %+v, %v; without fast paths: %+v, %v", s, got, err, want, werr)
			}
		}
	})
}

// TestIsDotSegment checks IsDotSegment on the single-dot and double-dot
// URL path segments of the URL Standard (section 4.2) and near misses.
func TestIsDotSegment(t *testing.T) {
	tests := []struct {
		seg  string
		want bool
	}{
		{".", true}, {"%2e", true}, {"%2E", true},
		{"..", true}, {".%2e", true}, {"%2E.", true}, {"%2e%2E", true},
		{"", false}, {"...", false}, {"%2e%2e%2e", false}, {"%2", false},
		{"%3e", false}, {".a", false}, {"a.", false}, {"%2e.a", false}, {"%2f", false},
	}
	for _, tt := range tests {
		t.Run(tt.seg, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, IsDotSegment(tt.seg)); diff != "" {
				t.Errorf("IsDotSegment(%q) mismatch (-want +got):\n%s", tt.seg, diff)
			}
		})
	}
}
