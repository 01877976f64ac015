package uri_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/specuri/specuri/uri"
)

// TestConfusion checks the differences and warnings Confusion reports
// (RFC 3986 §7), one row per kind of confusion.
func TestConfusion(t *testing.T) {
	tests := []struct {
		in    string
		diffs []uri.Difference
		warns []uri.Warning
	}{
		{"http://example.com/a?b#c", nil, nil},
		// §3.2.1: net/url takes the userinfo up to the last "@".
		{"http://a@b@c/", []uri.Difference{uri.DiffValidity}, []uri.Warning{uri.WarnUserinfo}},
		// §3.2.1: user names and passwords compare decoded.
		{"http://a%3Ab@h/", nil, []uri.Warning{uri.WarnUserinfo}},
		{"http://u:p@h/", nil, []uri.Warning{uri.WarnUserinfo}},
		// §2: backslash.
		{`http:\\evil.example`, []uri.Difference{uri.DiffValidity}, []uri.Warning{uri.WarnBackslash, uri.WarnWHATWGHost}},
		// §7.4: IPv4 alternate notations are reg-names here.
		{"http://0x7f.1/", nil, []uri.Warning{uri.WarnIPv4Alternate}},
		{"http://2130706433/", nil, []uri.Warning{uri.WarnIPv4Alternate}},
		{"http://01.2.3.4/", nil, []uri.Warning{uri.WarnIPv4Alternate}},
		{"http://1.2.3/", nil, []uri.Warning{uri.WarnIPv4Alternate}},
		{"http://1.2.3.4/", nil, nil},
		{"http://256.1.1.1/", nil, []uri.Warning{uri.WarnIPv4Alternate}},
		{"http://example.1/", nil, nil},
		// §3.2.2: percent-encoded and non-ASCII hosts.
		{"http://%41/", []uri.Difference{uri.DiffValidity}, []uri.Warning{uri.WarnEncodedHost}},
		{"http://%C3%A9/", nil, []uri.Warning{uri.WarnEncodedHost, uri.WarnNonASCIIHost}},
		{"http://\xc3\xa9/", []uri.Difference{uri.DiffValidity}, []uri.Warning{uri.WarnNonASCIIHost}},
		// §3.2.2: zone IDs and IPvFuture.
		{"http://[fe80::1%25eth0]/", []uri.Difference{uri.DiffValidity}, []uri.Warning{uri.WarnZoneID}},
		{"http://[v1.x]/", []uri.Difference{uri.DiffValidity}, nil},
		// §2: whitespace and controls.
		{" http://h/", nil, []uri.Warning{uri.WarnControl}},
		{"http://h/a b", []uri.Difference{uri.DiffValidity}, []uri.Warning{uri.WarnControl}},
		{"http://h/#a\tb", []uri.Difference{uri.DiffValidity}, []uri.Warning{uri.WarnControl}},
		// §4.2: "///x" is an empty authority and a path here, a path there.
		{"///x", []uri.Difference{uri.DiffPath}, nil},
		// §3.2.2, §3.2.3: more colons in the host.
		{"http://a:b:80/", []uri.Difference{uri.DiffValidity}, nil},
		// §3.4: net/url does not check the query.
		{"http://h/?%zz", []uri.Difference{uri.DiffValidity}, nil},
		// §3.1: schemes compare case-insensitively.
		{"HTTP://h/", nil, nil},
		// Empty authority and port: net/url cannot tell them from none.
		{"//", nil, nil},
		{"http://h:/", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r := uri.Confusion(tt.in)
			got := struct {
				D []uri.Difference
				W []uri.Warning
			}{r.Differences, r.Warnings}
			want := struct {
				D []uri.Difference
				W []uri.Warning
			}{tt.diffs, tt.warns}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Confusion(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestConfusionReadings checks the side-by-side components of one input
// (RFC 3986 §3), null versus empty included.
func TestConfusionReadings(t *testing.T) {
	r := uri.Confusion("http://u:p@[::1]:/a?#")
	want := uri.Reading{Valid: true, Scheme: uri.Field{"http", true}, Userinfo: uri.Field{"u:p", true},
		Host: uri.Field{"::1", true}, Port: uri.Field{"", true}, Path: uri.Field{"/a", true},
		Query: uri.Field{"", true}, Fragment: uri.Field{"", true}, HostKind: uri.IPv6}
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
		t.Run(c.name, func(t *testing.T) {
			s, ok := examples[c.name]
			if !ok {
				t.Errorf("class %q has no example", c.name)
				return
			}
			if got := classify(s, uri.Confusion(s)); got != c.name {
				t.Errorf("classify(%q) = %q, want %q", s, got, c.name)
			}
		})
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
		host     uri.Field // the WHATWG host
		userinfo uri.Field
		warns    []uri.Warning // the whatwg-* warnings only
	}{
		{"http:evil.com", uri.Field{"evil.com", true}, uri.Field{}, []uri.Warning{uri.WarnWHATWGHost}},
		{"https:/evil.com", uri.Field{"evil.com", true}, uri.Field{}, []uri.Warning{uri.WarnWHATWGHost}},
		{"ws:127.1", uri.Field{"127.0.0.1", true}, uri.Field{}, []uri.Warning{uri.WarnWHATWGHost}},
		{"http:///evil.com", uri.Field{"evil.com", true}, uri.Field{}, []uri.Warning{uri.WarnWHATWGHost}},
		{"ftp:////127.1", uri.Field{"127.0.0.1", true}, uri.Field{}, []uri.Warning{uri.WarnWHATWGHost}},
		{"http:///user:pw@evil.com", uri.Field{"evil.com", true}, uri.Field{"user:pw", true},
			[]uri.Warning{uri.WarnWHATWGHost, uri.WarnWHATWGUserinfo}},
		{"wss:\\\\evil.com/", uri.Field{"evil.com", true}, uri.Field{}, []uri.Warning{uri.WarnWHATWGHost}},
		{"HTTP:EVIL.com:8080", uri.Field{"evil.com", true}, uri.Field{}, []uri.Warning{uri.WarnWHATWGHost}},
		{"http:u@h", uri.Field{"h", true}, uri.Field{"u", true}, []uri.Warning{uri.WarnWHATWGHost, uri.WarnWHATWGUserinfo}},
		// The same host, spelled otherwise: §7.4's warning, not this one.
		{"http://0x7f.1/", uri.Field{"127.0.0.1", true}, uri.Field{}, nil},
		{"http://EXAMPLE.com/", uri.Field{"example.com", true}, uri.Field{}, nil},
		{"http://[::FFFF:1.2.3.4]/", uri.Field{"[::ffff:102:304]", true}, uri.Field{}, nil},
		{"http://u:p@h/", uri.Field{"h", true}, uri.Field{"u:p", true}, nil},
		// net/url's reading when RFC 3986 rejects the input.
		{"http://a@b@c/", uri.Field{"c", true}, uri.Field{"a@b", true}, nil},
		// file: no userinfo, and "////" leaves the host empty.
		{"file:////127.1", uri.Field{"", true}, uri.Field{}, nil},
		{"file:evil.com", uri.Field{"", true}, uri.Field{}, nil},
		{"file://localhost/x", uri.Field{"", true}, uri.Field{}, nil},
		{"file://evil.com/x", uri.Field{"evil.com", true}, uri.Field{}, nil},
		// Not special: the authority is RFC 3986's.
		{"foo:evil.com", uri.Field{}, uri.Field{}, nil},
		{"foo://u:p@h/", uri.Field{"h", true}, uri.Field{"u:p", true}, nil},
		// Relative references need a base; failures have no reading.
		{"//evil.com", uri.Field{}, uri.Field{}, nil},
		{"http://h:99999/", uri.Field{}, uri.Field{}, nil},
		{"http:///", uri.Field{}, uri.Field{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r := uri.Confusion(tt.in)
			var ww []uri.Warning
			for _, w := range r.Warnings {
				if w == uri.WarnWHATWGHost || w == uri.WarnWHATWGUserinfo {
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
		x     uri.Syntax
		in    string
		valid bool
	}{
		{uri.RFC3986, "http://[fe80::1%25en0]/", false},
		{uri.RFC6874, "http://[fe80::1%25en0]/", true},
		{uri.RFC3986, "http://résumé.example/", false},
		{uri.RFC3987, "http://résumé.example/", true},
	} {
		t.Run(tt.in, func(t *testing.T) {
			if got := tt.x.Confusion(tt.in).Strict.Valid; got != tt.valid {
				t.Errorf("%v.Confusion(%q).Strict.Valid = %v, want %v", tt.x, tt.in, got, tt.valid)
			}
		})
	}
}

// TestConfusionZone checks that a zone (RFC 6874 §2) compares decoded with
// net/url's and is warned about in every syntax.
func TestConfusionZone(t *testing.T) {
	r := uri.RFC6874.Confusion("http://[fe80::1%25eth0]/")
	if diff := cmp.Diff([]any{[]uri.Difference(nil), []uri.Warning{uri.WarnZoneID}}, []any{r.Differences, r.Warnings}); diff != "" {
		t.Errorf("RFC6874.Confusion mismatch (-want +got):\n%s", diff)
	}
}
