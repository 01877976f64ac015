package uri_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/uri"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		in, want string
		opts     uri.NormalizeOptions
	}{
		// §6.2.2 example.
		{in: "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", want: "example://a/b/c/%7Bfoo%7D"},
		// §6.2.2.1: scheme and host lower-cased, hex digits upper-cased,
		// nothing else.
		{in: "HTTP://User@www.EXAMPLE.com/Path?Q#F", want: "http://User@www.example.com/Path?Q#F"},
		{in: "http://h/%3a%2f%3F", want: "http://h/%3A%2F%3F"},
		{in: "http://Alpha%ce%b1/", want: "http://alpha%CE%B1/"},
		{in: "http://[2001:DB8::A]/", want: "http://[2001:db8::a]/"},
		{in: "http://[v1.ABC]/", want: "http://[v1.abc]/"},
		// §6.2.2.2: only unreserved octets are decoded, everywhere.
		{in: "http://%75%73er@%48ost/%7Euser?%41=%2F#%2D%2e%5f%7E%20", want: "http://user@host/~user?A=%2F#-._~%20"},
		{in: "http://h/a%2Fb%2fc", want: "http://h/a%2Fb%2Fc"},
		{in: "http://h/%25%41", want: "http://h/%25A"},
		// §6.2.2.3: dot-segments of URIs and absolute paths.
		{in: "http://h/a/./b/../c", want: "http://h/a/c"},
		// A rootless path is not hierarchical (§1.2.3, §3.3): it keeps
		// its dot-segments.
		{in: "foo:a/b/../c", want: "foo:a/b/../c"},
		{in: "foo:a/../c", want: "foo:a/../c"},
		{in: "urn:example:a/../b", want: "urn:example:a/../b"},
		{in: "data:text/plain,a/../b", want: "data:text/plain,a/../b"},
		{in: "mailto:a@b.example?subject=./..", want: "mailto:a@b.example?subject=./.."},
		{in: "foo:%2E%2E/a", want: "foo:../a"},
		{in: "foo:./a:b", want: "foo:./a:b"},
		{in: "foo:a/../c", want: "foo:a/../c", opts: uri.NormalizeOptions{SchemeBased: true}},
		// URNs: the NID in lower case (RFC 8141 §3.1), only with
		// SchemeBased; the r-, q- and f-components stay.
		{in: "URN:EXAMPLE:a123,z456", want: "urn:EXAMPLE:a123,z456"},
		{in: "URN:EXAMPLE:A123,Z456%2c?+R?=Q#F", want: "urn:example:A123,Z456%2C?+R?=Q#F", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "urn:-BAD:x", want: "urn:-BAD:x", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "urn:EX:a/../b", want: "urn:ex:a/../b", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "URN:EX:%c3%a9", want: "urn:ex:%C3%A9", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "/a/../b", want: "/b"},
		{in: "../a/./b", want: "../a/./b"}, // relative-path references keep them
		{in: "./a:b", want: "./a:b"},
		{in: "http://h/%2E%2E/a", want: "http://h/a"},
		// The "/." protection.
		{in: "a:/x/..//y", want: "a:/.//y"},
		{in: "/x/..//y", want: "/.//y"},
		// Empty components stay.
		{in: "http://h:/?#", want: "http://h:/?#"},
		{in: "http://example.com", want: "http://example.com"},
		// §6.2.3.
		{in: "http://example.com", want: "http://example.com/", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "HTTP://example.com:/", want: "http://example.com/", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "http://example.com:80/", want: "http://example.com/", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "http://example.com:0080", want: "http://example.com/", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "https://example.com:443?", want: "https://example.com/?", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "https://example.com:80", want: "https://example.com:80/", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "ws://h:80/x", want: "ws://h/x", opts: uri.NormalizeOptions{SchemeBased: true}},
		// RFC 6455 §3: the resource name of an empty path is "/".
		{in: "wss://h:443", want: "wss://h/", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "ftp://h:21/f", want: "ftp://h/f", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "foo://h:/", want: "foo://h/", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "foo://h:80", want: "foo://h:80", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "http:", want: "http:", opts: uri.NormalizeOptions{SchemeBased: true}},
		{in: "http://h#", want: "http://h/#", opts: uri.NormalizeOptions{SchemeBased: true}},
		// RFC 5952.
		{in: "//[0000:0000:0000::1]", want: "//[::1]", opts: uri.NormalizeOptions{IPv6Canonical: true}},
		{in: "//[0:0:0:0:0:ffff:192.0.2.1]", want: "//[::ffff:192.0.2.1]", opts: uri.NormalizeOptions{IPv6Canonical: true}},
		{in: "//[::192.0.2.1]", want: "//[::c000:201]", opts: uri.NormalizeOptions{IPv6Canonical: true}},
		{in: "//[2001:DB8:0:0:1:0:0:1]", want: "//[2001:db8::1:0:0:1]", opts: uri.NormalizeOptions{IPv6Canonical: true}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := tt.opts.Normalize(uri.MustParseReference(tt.in)).String()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%+v.Normalize(%q) mismatch (-want +got):\n%s", tt.opts, tt.in, diff)
			}
		})
	}
}

// TestDefaultPort checks the default ports that scheme-based normalization
// removes (RFC 3986 §6.2.3), the scheme compared case-insensitively.
func TestDefaultPort(t *testing.T) {
	tests := []struct {
		scheme string
		port   uint16
		ok     bool
	}{
		{"http", 80, true}, {"HTTPS", 443, true}, {"ws", 80, true},
		{"wss", 443, true}, {"ftp", 21, true}, {"foo", 0, false},
	}
	sb := uri.NormalizeOptions{SchemeBased: true}
	for _, tt := range tests {
		t.Run(tt.scheme, func(t *testing.T) {
			for _, port := range []uint16{0, 21, 80, 443} {
				in := fmt.Sprintf("%s://h:%d/", tt.scheme, port)
				_, kept := sb.Normalize(uri.MustParse(in)).Port()
				if removed := tt.ok && port == tt.port; kept == removed {
					t.Errorf("Normalize(%q) keeps the port: %v; default port %d, %v", in, kept, tt.port, tt.ok)
				}
			}
		})
	}
}

type normalizeCase struct {
	ID         string  `json:"id"`
	Input      string  `json:"input"`
	Normalized string  `json:"normalized"`
	Steps      string  `json:"steps"`
	Mode       string  `json:"mode"`
	RFCSteps   *string `json:"rfcSteps"`
}

// How a normalize.json case is checked, chosen by its steps.
type normalizeHow uint8

const (
	normFull        normalizeHow = iota + 1 // Normalize, whole result
	normScheme                              // NormalizeOptions{SchemeBased: true}, whole result
	normPath                                // Normalize, path component only
	normDotSegments                         // RemoveDotSegments on the input
)

// normalizeSteps maps the steps of normalize.json (by prefix) to how we
// check them, or to the reason we skip them.
var normalizeSteps = []struct {
	prefix string
	how    normalizeHow
	skip   string
}{
	{prefix: "RFC 3986 6.2.2 syntax-based", how: normFull},
	{prefix: "RFC 3986 6.2.2.1 case normalization", how: normFull},
	{prefix: "RFC 3986 6.2.3 scheme-based", how: normScheme},
	{prefix: "uriNormalizeSyntax", how: normFull},     // all of §6.2.2 (leading port zeros never occur)
	{prefix: "fluent-uri normalize()", how: normFull}, // §6.2.2; its extras are the conflicts (rfcSteps)
	{prefix: "Boost.URL url::normalize()", how: normFull},
	{prefix: "Boost.URL url::normalize_path()", how: normPath}, // path-only references
	{prefix: "iri-string normalize()", how: normFull},
	{prefix: "path only (pct + remove dot segments)", how: normPath},
	{prefix: "remove_dot_segments (5.2.4)", how: normDotSegments},
	{prefix: "normalizers.remove_dot_segments", how: normDotSegments},
	{prefix: "normalizePathSegments", how: normPath},
	// Skipped: a subset of §6.2.2 applied to the whole reference, or
	// something that is not §6.2.2/§6.2.3.
	{prefix: "scheme only", skip: "lower-cases the scheme only; Normalize applies every §6.2.2 step"},
	{prefix: "userinfo only", skip: "one component only; Normalize applies every §6.2.2 step"},
	{prefix: "host only", skip: "one component only; Normalize applies every §6.2.2 step"},
	{prefix: "query only", skip: "one component only; Normalize applies every §6.2.2 step"},
	{prefix: "fragment only", skip: "one component only; Normalize applies every §6.2.2 step"},
	{prefix: "port only", skip: "strips leading zeros of a port, not a §6.2.2 step"},
	{prefix: "normalizeCase", skip: "case only, not the host; Normalize also decodes unreserved octets"},
	{prefix: "normalizeEscape", skip: "decodes only, keeps lower-case hex; Normalize also upper-cases"},
	{prefix: "composition normalize", skip: "network-uri's composition does not lower-case the host"},
	{prefix: "normalize_percent_characters", skip: "upper-cases hex only; Normalize also decodes unreserved octets"},
	{prefix: "normalize_scheme", skip: "scheme only; tested as part of Normalize by TestNormalize"},
	{prefix: "normalize_host", skip: "host only; tested as part of Normalize by TestNormalize"},
	{prefix: "URIReference.normalize()", skip: "python-hyper's selective normalization of chosen components"},
	{prefix: "Addressable::URI#normalize", skip: "adds IDNA, re-encoding and drops an empty query and fragment, beyond §6.2"},
	// Keeps the dot-segments of rootless paths, as Normalize does (§1.2.3, §3.3).
	{prefix: "iri-string normalize_but_preserve", how: normFull},
}

// normalizeDeviations: the literal §6.2.2 result has a path starting
// with "//" without an authority, which would re-parse as an authority; we
// write "/." before it, the documented deviation. For all but N0081
// (network-uri, which gives the literal "file://y") this is the source's
// own expectation. (N0082 and N0210, rootless paths, keep their
// dot-segments: see TestConformanceNormalize.)
var normalizeDeviations = map[string]string{
	"N0054": "scheme:/.//foo/bar",
	"N0081": "file:/.//y",
	"N0116": "foo:/.//@@",
	"N0140": "/.//my:sharona",
	"N0141": "/.//my:sharona",
	"N0209": "scheme:/.//not-a-host",
	"N0252": "scheme:/.//c",
	"N0253": "scheme:/.//c",
}

// hasDotSegment reports whether a path has a "." or ".." segment, also
// percent-encoded.
func hasDotSegment(path string) bool {
	for _, seg := range strings.Split(strings.ReplaceAll(strings.ToUpper(path), "%2E", "."), "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// TestConformanceNormalize runs normalize.json. The expectation is
// rfcSteps when present (the source's steps applied literally), else
// normalized, apart from the documented "/." deviation.
func TestConformanceNormalize(t *testing.T) {
	var cases []normalizeCase
	readConformance(t, "normalize.json", &cases)
	ran, skipped := 0, map[string]int{}
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			how, skip := normalizeHow(0), "no rule for these steps"
			for _, s := range normalizeSteps {
				if strings.HasPrefix(c.Steps, s.prefix) {
					how, skip = s.how, s.skip
					break
				}
			}
			want := c.Normalized
			if d, ok := normalizeDeviations[c.ID]; ok {
				want = d
			} else if c.RFCSteps != nil {
				want = *c.RFCSteps
			}
			u, err := uri.ParseReference(c.Input)
			if how != normDotSegments && err == nil {
				_, scheme := u.Scheme()
				_, auth := u.Authority()
				if !scheme && !auth && !strings.HasPrefix(u.Path().String(), "/") && hasDotSegment(u.Path().String()) {
					how, skip = 0, "relative-path reference with dot-segments: §6 normalizes URIs, and removing them changes what the reference resolves to (§5.2)"
				}
				if scheme && !auth && !strings.HasPrefix(u.Path().String(), "/") && hasDotSegment(u.Path().String()) {
					// A rootless path is not hierarchical (§1.2.3, §3.3):
					// Normalize keeps its dot-segments, as fluent-uri and
					// iri-string's normalize_but_preserve do.
					if w, err := uri.ParseReference(c.Normalized); err == nil && !strings.HasPrefix(w.Path().String(), "/") && hasDotSegment(w.Path().String()) {
						want = c.Normalized
					} else {
						how, skip = 0, "rootless path of a URI with dot-segments: not hierarchical (§1.2.3, §3.3), Normalize keeps them; the source removes them"
					}
				}
			}
			if how == 0 {
				if skip == "" {
					t.Fatalf("%s: no skip reason", c.ID)
				}
				skipped[skip]++
				t.Skip(skip)
			}
			if how != normDotSegments && err != nil {
				t.Errorf("%s: %q: %v", c.ID, c.Input, err)
				return
			}
			ran++
			var got string
			switch how {
			case normFull:
				got = u.Normalize().String()
			case normScheme:
				got = uri.NormalizeOptions{SchemeBased: true}.Normalize(u).String()
			case normPath:
				got = u.Normalize().Path().String()
				w, err := uri.ParseReference(want)
				if err != nil {
					t.Errorf("%s: expected %q: %v", c.ID, want, err)
					return
				}
				want = w.Path().String()
			case normDotSegments:
				got = uri.RemoveDotSegments(c.Input)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: Normalize(%q) mismatch (-want +got):\n%s", c.ID, c.Input, diff)
			}
		})
	}
	n := 0
	for reason, k := range skipped {
		n += k
		t.Logf("skipped %d: %s", k, reason)
	}
	t.Logf("normalize.json: %d passed, %d skipped, %d total", ran, n, len(cases))
	if ran+n != len(cases) || ran == 0 {
		t.Errorf("ran %d + skipped %d != %d cases", ran, n, len(cases))
	}
}

// TestNormalizeNFCProperty checks the two properties of NormalizeOptions
// with NFC (RFC 3987 §5.3.2.2, RFC 3986 §6.2.2): the result of an IRI is
// in NFC and normalizing it again changes nothing, on inputs where the
// case and percent-encoding steps undo NFC: a lower-cased host letter that
// composes with the mark after it ("Y\u030A" has no precomposed form,
// "y\u030A" is U+1E99), a decoded unreserved octet that does, and U+212A
// KELVIN SIGN, whose NFC is an upper-case "K".
func TestNormalizeNFCProperty(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"foo://AY\u030A/p", "foo://a\u1E99/p"},
		{"http://EXAMPLE.ORG/Y\u030A", "http://example.org/Y\u030A"},
		{"http://h/%41\u030A?%61\u030A#%79\u030A", "http://h/\u00C5?\u00E5#\u1E99"},
		{"foo://%41\u030A.x/", "foo://\u00E5.x/"},
		{"foo://\u212A/", "foo://k/"},
		{"foo://\u212A\u0301/", "foo://\u1E30/"},
		{"foo://W\u030A\u0323/", "foo://\u1E89\u030A/"},
		{"foo://u:P\u0301@H\u0301/", "foo://u:\u1E54@h\u0301/"},
	} {
		t.Run(tt.in, func(t *testing.T) {
			o := uri.NormalizeOptions{NFC: true}
			n := o.Normalize(uri.RFC3987.MustParse(tt.in))
			if diff := cmp.Diff(tt.want, n.String()); diff != "" {
				t.Errorf("Normalize(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if err := nfcNormalized(o, n); err != nil {
				t.Error(err)
			}
		})
	}
}

// nfcNormalized checks that n, the result of o.Normalize on an IRI with
// o.NFC, is in NFC (unless its NFC is no IRI, when o keeps the text) and
// that o.Normalize(n) is n.
func nfcNormalized(o uri.NormalizeOptions, n uri.URI) error {
	if again := o.Normalize(n); again != n {
		return fmt.Errorf("%+v.Normalize is not idempotent on %q: %q", o, n, again)
	}
	if s := n.String(); !norm.IsNFC(s) {
		if _, err := uri.RFC3987.ParseReference(norm.NFC(s)); err == nil {
			return fmt.Errorf("%+v.Normalize gives %q, which is not in NFC", o, s)
		}
	}
	return nil
}
