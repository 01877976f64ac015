package confusion_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/confusion"
)

// TestConfusion checks the differences and warnings Check reports
// (RFC 3986 §7), one row per kind of confusion.
func TestConfusion(t *testing.T) {
	tests := []struct {
		in    string
		diffs []confusion.Difference
		warns []confusion.Warning
	}{
		{"http://example.com/a?b#c", nil, nil},
		// §3.2.1: net/url takes the userinfo up to the last "@".
		{"http://a@b@c/", []confusion.Difference{confusion.DiffValidity}, []confusion.Warning{confusion.WarnUserinfo}},
		// §3.2.1: user names and passwords compare decoded.
		{"http://a%3Ab@h/", nil, []confusion.Warning{confusion.WarnUserinfo}},
		{"http://u:p@h/", nil, []confusion.Warning{confusion.WarnUserinfo}},
		// §2: backslash.
		{`http:\\evil.example`, []confusion.Difference{confusion.DiffValidity}, []confusion.Warning{confusion.WarnBackslash, confusion.WarnWHATWGHost}},
		// §7.4: IPv4 alternate notations are reg-names here.
		{"http://0x7f.1/", nil, []confusion.Warning{confusion.WarnIPv4Alternate}},
		{"http://2130706433/", nil, []confusion.Warning{confusion.WarnIPv4Alternate}},
		{"http://01.2.3.4/", nil, []confusion.Warning{confusion.WarnIPv4Alternate}},
		{"http://1.2.3/", nil, []confusion.Warning{confusion.WarnIPv4Alternate}},
		{"http://1.2.3.4/", nil, nil},
		{"http://256.1.1.1/", nil, []confusion.Warning{confusion.WarnIPv4Alternate}},
		{"http://example.1/", nil, nil},
		// §3.2.2: percent-encoded and non-ASCII hosts.
		{"http://%41/", []confusion.Difference{confusion.DiffValidity}, []confusion.Warning{confusion.WarnEncodedHost}},
		{"http://%C3%A9/", nil, []confusion.Warning{confusion.WarnEncodedHost, confusion.WarnNonASCIIHost, confusion.WarnIDNDisplay}},
		{"http://\xc3\xa9/", []confusion.Difference{confusion.DiffValidity}, []confusion.Warning{confusion.WarnNonASCIIHost, confusion.WarnIDNDisplay}},
		// UTS #46 and UTS #39: the host a browser contacts and shows.
		{"http://\u0430pple.com/", []confusion.Difference{confusion.DiffValidity},
			[]confusion.Warning{confusion.WarnNonASCIIHost, confusion.WarnMixedScript, confusion.WarnConfusable, confusion.WarnIDNDisplay}},
		{"http://xn--pple-43d.com/", nil, []confusion.Warning{confusion.WarnMixedScript, confusion.WarnConfusable, confusion.WarnIDNDisplay}},
		{"http://xn--bcher-kva.de/", nil, []confusion.Warning{confusion.WarnIDNDisplay}},
		// UTS #39 §5.3 and §5.4: mixed numbers, a hidden dot.
		{"http://1\u09683.com/", []confusion.Difference{confusion.DiffValidity},
			[]confusion.Warning{confusion.WarnNonASCIIHost, confusion.WarnMixedNumbers, confusion.WarnIDNDisplay}},
		{"http://\u0130nfo.com/", []confusion.Difference{confusion.DiffValidity},
			[]confusion.Warning{confusion.WarnNonASCIIHost, confusion.WarnUnlikelyMarks, confusion.WarnIDNDisplay}},
		{"http://xn--info-qwc.com/", nil, []confusion.Warning{confusion.WarnUnlikelyMarks, confusion.WarnIDNDisplay}},
		{"http://xn--a.com/", nil, []confusion.Warning{confusion.WarnIDNDisplay}},
		{"http://a\u200db.com/", []confusion.Difference{confusion.DiffValidity}, []confusion.Warning{confusion.WarnNonASCIIHost, confusion.WarnIDNAInvalid}},
		// §3.2.2: zone IDs and IPvFuture.
		{"http://[fe80::1%25eth0]/", []confusion.Difference{confusion.DiffValidity}, []confusion.Warning{confusion.WarnZoneID}},
		{"http://[v1.x]/", []confusion.Difference{confusion.DiffValidity}, nil},
		// §2: whitespace and controls.
		{" http://h/", nil, []confusion.Warning{confusion.WarnControl}},
		{"http://h/a b", []confusion.Difference{confusion.DiffValidity}, []confusion.Warning{confusion.WarnControl}},
		{"http://h/#a\tb", []confusion.Difference{confusion.DiffValidity}, []confusion.Warning{confusion.WarnControl}},
		// §4.2: "///x" is an empty authority and a path here, a path there.
		{"///x", []confusion.Difference{confusion.DiffPath}, nil},
		// §3.2.2, §3.2.3: more colons in the host.
		{"http://a:b:80/", []confusion.Difference{confusion.DiffValidity}, nil},
		// §3.4: net/url does not check the query.
		{"http://h/?%zz", []confusion.Difference{confusion.DiffValidity}, nil},
		// §3.1: schemes compare case-insensitively.
		{"HTTP://h/", nil, nil},
		// Empty authority and port: net/url cannot tell them from none.
		{"//", nil, nil},
		{"http://h:/", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r := confusion.Check(tt.in)
			got := struct {
				D []confusion.Difference
				W []confusion.Warning
			}{r.Differences, r.Warnings}
			want := struct {
				D []confusion.Difference
				W []confusion.Warning
			}{tt.diffs, tt.warns}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Check(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestConfusionReadings checks the side-by-side components of one input
// (RFC 3986 §3), null versus empty included.
func TestConfusionReadings(t *testing.T) {
	r := confusion.Check("http://u:p@[::1]:/a?#")
	want := confusion.Reading{Valid: true, Scheme: confusion.Field{"http", true}, Userinfo: confusion.Field{"u:p", true},
		Host: confusion.Field{"::1", true}, Port: confusion.Field{"", true}, Path: confusion.Field{"/a", true},
		Query: confusion.Field{"", true}, Fragment: confusion.Field{"", true}, HostKind: uri.IPv6}
	if diff := cmp.Diff(want, r.Strict); diff != "" {
		t.Errorf("Check strict reading mismatch (-want +got):\n%s", diff)
	}
	want.HostKind = 0
	if diff := cmp.Diff(want, r.NetURL); diff != "" {
		t.Errorf("Check net/url reading mismatch (-want +got):\n%s", diff)
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
			if got := classify(s, confusion.Check(s)); got != c.name {
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
		host     confusion.Field // the WHATWG host
		userinfo confusion.Field
		warns    []confusion.Warning // the whatwg-* warnings only
	}{
		{"http:evil.com", confusion.Field{"evil.com", true}, confusion.Field{}, []confusion.Warning{confusion.WarnWHATWGHost}},
		{"https:/evil.com", confusion.Field{"evil.com", true}, confusion.Field{}, []confusion.Warning{confusion.WarnWHATWGHost}},
		{"ws:127.1", confusion.Field{"127.0.0.1", true}, confusion.Field{}, []confusion.Warning{confusion.WarnWHATWGHost}},
		{"http:///evil.com", confusion.Field{"evil.com", true}, confusion.Field{}, []confusion.Warning{confusion.WarnWHATWGHost}},
		{"ftp:////127.1", confusion.Field{"127.0.0.1", true}, confusion.Field{}, []confusion.Warning{confusion.WarnWHATWGHost}},
		{"http:///user:pw@evil.com", confusion.Field{"evil.com", true}, confusion.Field{"user:pw", true},
			[]confusion.Warning{confusion.WarnWHATWGHost, confusion.WarnWHATWGUserinfo}},
		{"wss:\\\\evil.com/", confusion.Field{"evil.com", true}, confusion.Field{}, []confusion.Warning{confusion.WarnWHATWGHost}},
		{"HTTP:EVIL.com:8080", confusion.Field{"evil.com", true}, confusion.Field{}, []confusion.Warning{confusion.WarnWHATWGHost}},
		{"http:u@h", confusion.Field{"h", true}, confusion.Field{"u", true}, []confusion.Warning{confusion.WarnWHATWGHost, confusion.WarnWHATWGUserinfo}},
		// The same host, spelled otherwise: §7.4's warning, not this one.
		{"http://0x7f.1/", confusion.Field{"127.0.0.1", true}, confusion.Field{}, nil},
		{"http://EXAMPLE.com/", confusion.Field{"example.com", true}, confusion.Field{}, nil},
		{"http://[::FFFF:1.2.3.4]/", confusion.Field{"[::ffff:102:304]", true}, confusion.Field{}, nil},
		{"http://u:p@h/", confusion.Field{"h", true}, confusion.Field{"u:p", true}, nil},
		// net/url's reading when RFC 3986 rejects the input.
		{"http://a@b@c/", confusion.Field{"c", true}, confusion.Field{"a@b", true}, nil},
		// file: no userinfo, and "////" leaves the host empty.
		{"file:////127.1", confusion.Field{"", true}, confusion.Field{}, nil},
		{"file:evil.com", confusion.Field{"", true}, confusion.Field{}, nil},
		{"file://localhost/x", confusion.Field{"", true}, confusion.Field{}, nil},
		{"file://evil.com/x", confusion.Field{"evil.com", true}, confusion.Field{}, nil},
		// Not special: the authority is RFC 3986's.
		{"foo:evil.com", confusion.Field{}, confusion.Field{}, nil},
		{"foo://u:p@h/", confusion.Field{"h", true}, confusion.Field{"u:p", true}, nil},
		// Relative references need a base; failures have no reading.
		{"//evil.com", confusion.Field{}, confusion.Field{}, nil},
		{"http://h:99999/", confusion.Field{}, confusion.Field{}, nil},
		{"http:///", confusion.Field{}, confusion.Field{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r := confusion.Check(tt.in)
			var ww []confusion.Warning
			for _, w := range r.Warnings {
				if w == confusion.WarnWHATWGHost || w == confusion.WarnWHATWGUserinfo {
					ww = append(ww, w)
				}
			}
			got := []any{r.WHATWG.Host, r.WHATWG.Userinfo, ww}
			want := []any{tt.host, tt.userinfo, tt.warns}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Check(%q) mismatch (-want +got):\n%s", tt.in, diff)
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
		t.Run(tt.x.String()+" "+tt.in, func(t *testing.T) {
			if got := (confusion.Options{Syntax: tt.x}).Check(tt.in).Strict.Valid; got != tt.valid {
				t.Errorf("Options{Syntax: %v}.Check(%q).Strict.Valid = %v, want %v", tt.x, tt.in, got, tt.valid)
			}
		})
	}
}

// TestConfusionZone checks that a zone (RFC 6874 §2) compares decoded with
// net/url's and is warned about in every syntax.
func TestConfusionZone(t *testing.T) {
	r := confusion.Options{Syntax: uri.RFC6874}.Check("http://[fe80::1%25eth0]/")
	if diff := cmp.Diff([]any{[]confusion.Difference(nil), []confusion.Warning{confusion.WarnZoneID}}, []any{r.Differences, r.Warnings}); diff != "" {
		t.Errorf("Options{Syntax: RFC6874}.Check mismatch (-want +got):\n%s", diff)
	}
}

// TestConfusionWHATWGColumn checks every component of the WHATWG reading
// (URL Standard, the getters of uri/whatwg) and what it differs in from
// the reference reading, each component compared as the WHATWG parser
// serializes it.
func TestConfusionWHATWGColumn(t *testing.T) {
	f := func(v string) confusion.Field { return confusion.Field{Value: v, Defined: true} }
	tests := []struct {
		in    string
		want  confusion.Reading
		diffs []confusion.Difference
	}{
		// The default port is dropped, the host lower-cased, dot-segments
		// removed: the same URL.
		{"http://ExAmple.com:080/a/../b?q#f", confusion.Reading{Valid: true, Scheme: f("http"), Host: f("example.com"),
			Path: f("/b"), Query: f("q"), Fragment: f("f")}, nil},
		{"http://h:81", confusion.Reading{Valid: true, Scheme: f("http"), Host: f("h"), Port: f("81"), Path: f("/")}, nil},
		// Empty query and fragment are not null.
		{"http://h/p?#", confusion.Reading{Valid: true, Scheme: f("http"), Host: f("h"), Path: f("/p"), Query: f(""), Fragment: f("")}, nil},
		// A special URL has a host where RFC 3986 reads a path.
		{"http:evil.com", confusion.Reading{Valid: true, Scheme: f("http"), Host: f("evil.com"), Path: f("/")},
			[]confusion.Difference{confusion.DiffHost, confusion.DiffPath}},
		{"http:///u:p@h/x", confusion.Reading{Valid: true, Scheme: f("http"), Userinfo: f("u:p"), Host: f("h"), Path: f("/x")},
			[]confusion.Difference{confusion.DiffUserinfo, confusion.DiffHost, confusion.DiffPath}},
		// Percent-encoding as the WHATWG parser does it: the same meaning.
		{"http://h/?a'b", confusion.Reading{Valid: true, Scheme: f("http"), Host: f("h"), Path: f("/"), Query: f("a%27b")}, nil},
		// Non-special: opaque path, empty host, no path.
		{"mailto:a@b", confusion.Reading{Valid: true, Scheme: f("mailto"), Path: f("a@b")}, nil},
		{"foo://h", confusion.Reading{Valid: true, Scheme: f("foo"), Host: f("h"), Path: f("")}, nil},
		{"file:///c:/x", confusion.Reading{Valid: true, Scheme: f("file"), Host: f(""), Path: f("/c:/x")}, nil},
		// A port out of range: the WHATWG parser fails.
		{"http://h:99999/", confusion.Reading{}, []confusion.Difference{confusion.DiffValidity}},
		// A relative reference: no WHATWG reading to compare.
		{"//h/p", confusion.Reading{}, nil},
		// net/url's reading is the reference when RFC 3986 rejects.
		{"http://h/a b", confusion.Reading{Valid: true, Scheme: f("http"), Host: f("h"), Path: f("/a%20b")}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r := confusion.Check(tt.in)
			got := r.WHATWG
			got.Err = nil
			if diff := cmp.Diff([]any{tt.want, tt.diffs}, []any{got, r.WHATWGDifferences}, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Check(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestHostTooLong checks what Check says of a host longer than MaxHost:
// no WHATWG reading, no IDN reading, the other readings as usual; and of
// one just short of it: every reading.
func TestHostTooLong(t *testing.T) {
	long := "http://" + strings.Repeat("\u0430.", confusion.MaxHost/3+1) + "/"
	r := confusion.Check(long)
	if !errors.Is(r.WHATWG.Err, confusion.ErrHostTooLong) || r.IDN != nil || len(r.WHATWGDifferences) != 0 {
		t.Errorf("Check(%d bytes): WHATWG error %v, IDN %v, WHATWG differences %v; want ErrHostTooLong and none",
			len(long), r.WHATWG.Err, r.IDN != nil, r.WHATWGDifferences)
	}
	if diff := cmp.Diff([]confusion.Warning{confusion.WarnNonASCIIHost}, r.Warnings); diff != "" {
		t.Errorf("Check(%d bytes) warnings mismatch (-want +got):\n%s", len(long), diff)
	}
	if !r.NetURL.Valid || r.NetURL.Host.Value != long[len("http://"):len(long)-1] {
		t.Errorf("Check(%d bytes): net/url reading %v, want its host", len(long), r.NetURL.Valid)
	}
	// The IDN reading reads the ASCII form, here as long as the host.
	short := "http://" + strings.Repeat("a.", confusion.MaxHost/2) + "/"
	if r := confusion.Check(short); !r.WHATWG.Valid || r.IDN == nil || r.IDN.Err != nil {
		t.Errorf("Check(%d bytes): WHATWG valid %v, IDN read %v; want both read", len(short), r.WHATWG.Valid, r.IDN != nil && r.IDN.Err == nil)
	}
}
