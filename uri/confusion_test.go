package uri

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestConfusion checks the differences and warnings Confusion reports
// (RFC 3986 §7), one row per kind of confusion.
func TestConfusion(t *testing.T) {
	tests := []struct {
		in    string
		diffs []Difference
		warns []Warning
	}{
		{"http://example.com/a?b#c", nil, nil},
		// §3.2.1: net/url takes the userinfo up to the last "@".
		{"http://a@b@c/", []Difference{DiffValidity}, []Warning{WarnUserinfo}},
		// §3.2.1: user names and passwords compare decoded.
		{"http://a%3Ab@h/", nil, []Warning{WarnUserinfo}},
		{"http://u:p@h/", nil, []Warning{WarnUserinfo}},
		// §2: backslash.
		{`http:\\evil.example`, []Difference{DiffValidity}, []Warning{WarnBackslash, WarnWHATWGHost}},
		// §7.4: IPv4 alternate notations are reg-names here.
		{"http://0x7f.1/", nil, []Warning{WarnIPv4Alternate}},
		{"http://2130706433/", nil, []Warning{WarnIPv4Alternate}},
		{"http://01.2.3.4/", nil, []Warning{WarnIPv4Alternate}},
		{"http://1.2.3/", nil, []Warning{WarnIPv4Alternate}},
		{"http://1.2.3.4/", nil, nil},
		{"http://256.1.1.1/", nil, []Warning{WarnIPv4Alternate}},
		{"http://example.1/", nil, nil},
		// §3.2.2: percent-encoded and non-ASCII hosts.
		{"http://%41/", []Difference{DiffValidity}, []Warning{WarnEncodedHost}},
		{"http://%C3%A9/", nil, []Warning{WarnEncodedHost, WarnNonASCIIHost}},
		{"http://\xc3\xa9/", []Difference{DiffValidity}, []Warning{WarnNonASCIIHost}},
		// §3.2.2: zone IDs and IPvFuture.
		{"http://[fe80::1%25eth0]/", []Difference{DiffValidity}, []Warning{WarnZoneID}},
		{"http://[v1.x]/", []Difference{DiffValidity}, nil},
		// §2: whitespace and controls.
		{" http://h/", nil, []Warning{WarnControl}},
		{"http://h/a b", []Difference{DiffValidity}, []Warning{WarnControl}},
		{"http://h/#a\tb", []Difference{DiffValidity}, []Warning{WarnControl}},
		// §4.2: "///x" is an empty authority and a path here, a path there.
		{"///x", []Difference{DiffPath}, nil},
		// §3.2.2, §3.2.3: more colons in the host.
		{"http://a:b:80/", []Difference{DiffValidity}, nil},
		// §3.4: net/url does not check the query.
		{"http://h/?%zz", []Difference{DiffValidity}, nil},
		// §3.1: schemes compare case-insensitively.
		{"HTTP://h/", nil, nil},
		// Empty authority and port: net/url cannot tell them from none.
		{"//", nil, nil},
		{"http://h:/", nil, nil},
	}
	for _, tt := range tests {
		r := Confusion(tt.in)
		got := struct {
			D []Difference
			W []Warning
		}{r.Differences, r.Warnings}
		want := struct {
			D []Difference
			W []Warning
		}{tt.diffs, tt.warns}
		if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Confusion(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestConfusionReadings checks the side-by-side components of one input
// (RFC 3986 §3), null versus empty included.
func TestConfusionReadings(t *testing.T) {
	r := Confusion("http://u:p@[::1]:/a?#")
	want := Reading{Valid: true, Scheme: Field{"http", true}, Userinfo: Field{"u:p", true},
		Host: Field{"::1", true}, Port: Field{"", true}, Path: Field{"/a", true},
		Query: Field{"", true}, Fragment: Field{"", true}, HostKind: IPv6}
	if diff := cmp.Diff(want, r.Strict); diff != "" {
		t.Errorf("Confusion strict reading mismatch (-want +got):\n%s", diff)
	}
	want.HostKind = 0
	if diff := cmp.Diff(want, r.NetURL); diff != "" {
		t.Errorf("Confusion net/url reading mismatch (-want +got):\n%s", diff)
	}
}

// TestDivergenceClasses checks that every class of the differential fuzz
// target is reached by an example, so that none is dead.
func TestDivergenceClasses(t *testing.T) {
	examples := map[string]string{
		"zone-id":                    "http://[fe80::1%25eth0]/",
		"at-in-userinfo":             "http://a@b@c/",
		"colon-in-host":              "http://a:b:80/",
		"unchecked-opaque":           "a:b%zz",
		"unchecked-query-encoding":   "http://h/?%zz",
		"unchecked-fragment-bytes":   "http://h/#a#b",
		"byte-outside-rfc3986":       "http://h/a b",
		"bracket-outside-ip-literal": "http://h/[x]",
		"encoded-ascii-in-host":      "http://%41/",
		"ipvfuture":                  "http://[v1.x]/",
		"triple-slash-relative":      "///x",
		"asterisk-path":              "%2A",
	}
	for _, c := range divergenceClasses {
		s, ok := examples[c.name]
		if !ok {
			t.Errorf("class %q has no example", c.name)
			continue
		}
		if got := classify(s, Confusion(s)); got != c.name {
			t.Errorf("classify(%q) = %q, want %q", s, got, c.name)
		}
	}
	if len(examples) != len(divergenceClasses) {
		t.Errorf("%d examples for %d classes", len(examples), len(divergenceClasses))
	}
}

// TestConfusionWHATWG checks the WHATWG reading and its warnings: for the
// special schemes a WHATWG parser reads a host whatever the number of
// slashes, where RFC 3986 reads a path (§3.3); file URLs have their own
// states and no userinfo.
func TestConfusionWHATWG(t *testing.T) {
	tests := []struct {
		in       string
		host     Field // the WHATWG host
		userinfo Field
		warns    []Warning // the whatwg-* warnings only
	}{
		{"http:evil.com", Field{"evil.com", true}, Field{}, []Warning{WarnWHATWGHost}},
		{"https:/evil.com", Field{"evil.com", true}, Field{}, []Warning{WarnWHATWGHost}},
		{"ws:127.1", Field{"127.0.0.1", true}, Field{}, []Warning{WarnWHATWGHost}},
		{"http:///evil.com", Field{"evil.com", true}, Field{}, []Warning{WarnWHATWGHost}},
		{"ftp:////127.1", Field{"127.0.0.1", true}, Field{}, []Warning{WarnWHATWGHost}},
		{"http:///user:pw@evil.com", Field{"evil.com", true}, Field{"user:pw", true},
			[]Warning{WarnWHATWGHost, WarnWHATWGUserinfo}},
		{"wss:\\\\evil.com/", Field{"evil.com", true}, Field{}, []Warning{WarnWHATWGHost}},
		{"HTTP:EVIL.com:8080", Field{"evil.com", true}, Field{}, []Warning{WarnWHATWGHost}},
		{"http:u@h", Field{"h", true}, Field{"u", true}, []Warning{WarnWHATWGHost, WarnWHATWGUserinfo}},
		// The same host, spelled otherwise: §7.4's warning, not this one.
		{"http://0x7f.1/", Field{"127.0.0.1", true}, Field{}, nil},
		{"http://EXAMPLE.com/", Field{"example.com", true}, Field{}, nil},
		{"http://[::FFFF:1.2.3.4]/", Field{"[::ffff:102:304]", true}, Field{}, nil},
		{"http://u:p@h/", Field{"h", true}, Field{"u:p", true}, nil},
		// net/url's reading when RFC 3986 rejects the input.
		{"http://a@b@c/", Field{"c", true}, Field{"a@b", true}, nil},
		// file: no userinfo, and "////" leaves the host empty.
		{"file:////127.1", Field{"", true}, Field{}, nil},
		{"file:evil.com", Field{"", true}, Field{}, nil},
		{"file://localhost/x", Field{"", true}, Field{}, nil},
		{"file://evil.com/x", Field{"evil.com", true}, Field{}, nil},
		// Not special: the authority is RFC 3986's.
		{"foo:evil.com", Field{}, Field{}, nil},
		{"foo://u:p@h/", Field{"h", true}, Field{"u:p", true}, nil},
		// Relative references need a base; failures have no reading.
		{"//evil.com", Field{}, Field{}, nil},
		{"http://h:99999/", Field{}, Field{}, nil},
		{"http:///", Field{}, Field{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r := Confusion(tt.in)
			var ww []Warning
			for _, w := range r.Warnings {
				if w == WarnWHATWGHost || w == WarnWHATWGUserinfo {
					ww = append(ww, w)
				}
			}
			got := []any{r.WHATWG.Host, r.WHATWG.Userinfo, ww}
			want := []any{tt.host, tt.userinfo, tt.warns}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Confusion(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestSyntaxConfusion checks that the strict reading follows the syntax.
func TestSyntaxConfusion(t *testing.T) {
	for _, tt := range []struct {
		x     Syntax
		in    string
		valid bool
	}{
		{RFC3986, "http://[fe80::1%25en0]/", false},
		{RFC6874, "http://[fe80::1%25en0]/", true},
		{RFC3986, "http://résumé.example/", false},
		{RFC3987, "http://résumé.example/", true},
	} {
		if got := tt.x.Confusion(tt.in).Strict.Valid; got != tt.valid {
			t.Errorf("%v.Confusion(%q).Strict.Valid = %v, want %v", tt.x, tt.in, got, tt.valid)
		}
	}
}

// TestConfusionZone checks that a zone (RFC 6874 §2) compares decoded with
// net/url's and is warned about in every syntax.
func TestConfusionZone(t *testing.T) {
	r := RFC6874.Confusion("http://[fe80::1%25eth0]/")
	if diff := cmp.Diff([]any{[]Difference(nil), []Warning{WarnZoneID}}, []any{r.Differences, r.Warnings}); diff != "" {
		t.Errorf("RFC6874.Confusion mismatch (-want +got):\n%s", diff)
	}
}
