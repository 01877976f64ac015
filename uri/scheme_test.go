package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

func TestHasSchemeRules(t *testing.T) {
	tests := []struct {
		scheme string
		want   bool
	}{
		{"urn", true}, {"URN", true}, {"mailto", true}, {"MailTo", true},
		{"file", true}, {"http", true}, {"WSS", true},
		{"data", true}, {"Data", true},
		{"foo", false}, {"", false}, {"urn:", false}, {"tel", false},
	}
	for _, tt := range tests {
		t.Run(tt.scheme, func(t *testing.T) {
			if got := uri.HasSchemeRules(tt.scheme); got != tt.want {
				t.Errorf("HasSchemeRules(%q) = %v, want %v", tt.scheme, got, tt.want)
			}
		})
	}
}

// schemeErr is the part of a *SchemeError that tests compare; nil for no
// error.
type schemeErr struct {
	Scheme, Want, Rule, Section string
	Offset                      int
	Kind                        uri.ErrorKind
	Byte                        int
	HasHint                     bool
}

func schemeErrOf(t *testing.T, err error) *schemeErr {
	t.Helper()
	if err == nil {
		return nil
	}
	var se *uri.SchemeError
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T) is not a *uri.SchemeError", err, err)
	}
	return &schemeErr{se.Scheme, se.Want, se.Rule, se.Section, se.Offset, se.Kind, se.Byte, se.Hint != ""}
}

func TestCheckScheme(t *testing.T) {
	fileErr := func(rule, section string, off int, b int) *schemeErr {
		kind := uri.UnexpectedByte
		if b < 0 {
			kind = uri.UnexpectedEnd
		}
		return &schemeErr{"file", "file-URI", rule, section, off, kind, b, true}
	}
	urnErr := func(rule, section string, off int, b int, hint bool) *schemeErr {
		kind := uri.UnexpectedByte
		if b < 0 {
			kind = uri.UnexpectedEnd
		}
		return &schemeErr{"urn", "namestring", rule, section, off, kind, b, hint}
	}
	tests := []struct {
		in     string
		syntax uri.Syntax
		want   *schemeErr
	}{
		// Schemes without rules, and references without a scheme.
		{in: "foo:-bad:x"},
		{in: "foo://h:99999/"},
		// The port of http, https, ws and wss is a TCP port (RFC 9110
		// §4.2.1, RFC 6455 §3): at most 65535.
		{in: "http://example.com:65535/"},
		{in: "https://example.com:00443/"},
		{in: "http://example.com:/"},
		{in: "http://example.com:65536/", want: &schemeErr{"http", "http-URI", "port", "RFC 9110 §4.2.1", 19, uri.UnexpectedByte, '6', true}},
		{in: "HTTPS://example.com:99999/", want: &schemeErr{"https", "https-URI", "port", "RFC 9110 §4.2.1", 20, uri.UnexpectedByte, '9', true}},
		{in: "wss://example.com:99999", want: &schemeErr{"wss", "wss-URI", "port", "RFC 6455 §3", 18, uri.UnexpectedByte, '9', true}},
		{in: "http://é.example:1000000/", syntax: uri.RFC3987, want: &schemeErr{"http", "http-URI", "port", "RFC 9110 §4.2.1", 18, uri.UnexpectedByte, '1', true}},
		{in: "//h/p"},
		{in: "data:text/plain,a/../b"},
		// RFC 8141 §2 and §3.2.
		{in: "urn:example:a123,z456"},
		{in: "URN:EXAMPLE:a123,z456"},
		{in: "urn:example:a123,z456%2D"},
		{in: "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk"},
		{in: "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"},
		{in: "urn:example:foo-bar-baz-qux#somepart"},
		{in: "urn:example:a?+r?=q#f"},
		{in: "urn:example:a#"},
		// The NID: 2 to 32 characters, no "-" first or last.
		{in: "urn:-bad:x", want: urnErr("NID", "RFC 8141 §2.1", 4, '-', true)},
		{in: "urn:bad-:x", want: urnErr("NID", "RFC 8141 §2.1", 4, 'b', true)},
		{in: "urn:a:x", want: urnErr("NID", "RFC 8141 §2.1", 4, 'a', true)},
		{in: "urn:" + strings.Repeat("a", 32) + ":x"},
		{in: "urn:" + strings.Repeat("a", 33) + ":x", want: urnErr("NID", "RFC 8141 §2.1", 36, 'a', true)},
		{in: "urn:", want: urnErr("NID", "RFC 8141 §2.1", 4, -1, true)},
		// The NSS: not empty, not starting with "/".
		{in: "urn:ex:", want: urnErr("assigned-name", "RFC 8141 §2", 7, -1, false)},
		{in: "urn:ex:/x", want: urnErr("assigned-name", "RFC 8141 §2", 7, '/', true)},
		{in: "urn:ex", want: urnErr("NID", "RFC 8141 §2.1", 6, -1, true)},
		// "?" only as "?+" or "?=".
		{in: "urn:ex:a?b", want: urnErr("NSS", "RFC 8141 §2.2", 8, '?', true)},
		{in: "urn:ex:a?+", want: urnErr("NSS", "RFC 8141 §2.2", 8, '?', true)},
		// IRIs are checked as the URI they map to (RFC 3987 §3.1).
		{in: "urn:ex:\u00e9t\u00e9", syntax: uri.RFC3987},
		{in: "urn:e\u00e9:x", syntax: uri.RFC3987, want: urnErr("NID", "RFC 8141 §2.1", 4, 'e', true)},
		// mailto (RFC 6068 §2).
		{in: "mailto:chris@example.com"},
		{in: "MAILTO:infobot@example.com?subject=current-issue"},
		{in: "mailto:?to=joe@example.com&cc=bob@example.com&body=hello"},
		{in: "mailto:"},
		{in: "mailto:a@b#anything"},
		{in: "mailto:a@b.example?x", want: &schemeErr{"mailto", "mailtoURI", "hfname", "RFC 6068 §2", 20, uri.UnexpectedEnd, -1, false}},
		{in: "mailto:a@b.example?x#f", want: &schemeErr{"mailto", "mailtoURI", "hfname", "RFC 6068 §2", 20, uri.UnexpectedEnd, -1, false}},
		{in: "mailto:\u00e9@b.example", syntax: uri.RFC3987},
		// file (RFC 8089 §2 and the examples of Appendix B).
		{in: "file:///path/to/file"},
		{in: "file:/path/to/file"},
		{in: "file://host.example.com/path/to/file"},
		{in: "file://localhost/etc/fstab"},
		{in: "FILE://LocalHost/etc/fstab"},
		{in: "file:///c:/path/to/file.txt"},
		{in: "file:///a#f"},
		{in: "file://[fe80::1%25eth0]/x", syntax: uri.RFC6874},
		{in: "file:///b\u00fccher/\u00fc", syntax: uri.RFC3987},
		{in: "file:///a?q", want: fileErr("segment-nz", "RFC 3986 §3.3", 9, '?')},
		{in: "file://u@h/x", want: fileErr("file-auth", "RFC 8089 §2", 8, '@')},
		{in: "file://h:80/x", want: fileErr("file-auth", "RFC 8089 §2", 8, ':')},
		{in: "file://h", want: fileErr("file-auth", "RFC 8089 §2", 8, -1)},
		{in: "file:c:/path/to/file", want: fileErr("file-hier-part", "RFC 8089 §2", 5, 'c')},
		{in: "file:x", want: fileErr("file-hier-part", "RFC 8089 §2", 5, 'x')},
		{in: "file://h#f", want: fileErr("file-auth", "RFC 8089 §2", 8, -1)},
		{in: "file:///\u00fc?x", syntax: uri.RFC3987, want: fileErr("pct-encoded", "RFC 3986 §2.1", 10, '?')},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			syntax := tt.syntax
			if syntax == 0 {
				syntax = uri.RFC3986
			}
			u, err := syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			got := schemeErrOf(t, u.CheckScheme())
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("CheckScheme(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestSchemeErrorMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"urn:-bad:x", `uri: invalid urn URI (namestring): byte 0x2d at offset 4 violates NID (RFC 8141 §2.1); a URN's NID is 2 to 32 letters, digits and "-", and neither starts nor ends with "-"`},
		{"urn:ex:", "uri: invalid urn URI (namestring): unexpected end of input at offset 7 after assigned-name (RFC 8141 §2)"},
		{"file:c:/x", `uri: invalid file URI (file-URI): byte 0x63 at offset 5 violates file-hier-part (RFC 8089 §2); "file:c:/path" is a nonstandard form (RFC 8089 Appendix E.2): write "file:///c:/path"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			err := uri.MustParse(tt.in).CheckScheme()
			if err == nil {
				t.Fatalf("CheckScheme(%q) = nil", tt.in)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("CheckScheme(%q).Error() mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestCompareURN checks URN-equivalence (RFC 8141 §3.1) with the examples
// of §3.2.
func TestCompareURN(t *testing.T) {
	tests := []struct {
		a, b      string
		level     uri.Level
		component string
	}{
		// §3.2: "urn" and the NID are case-insensitive.
		{"urn:example:a123,z456", "URN:example:a123,z456", uri.SyntaxBased, ""},
		{"urn:example:a123,z456", "URN:EXAMPLE:a123,z456", uri.SchemeBased, ""},
		{"urn:example:a123", "URN:EXAMPLE:a123", uri.SchemeBased, ""},
		// §3.2: percent-encodings are not decoded, only their case.
		{"urn:example:a123,z456", "urn:example:a123,z456%2d", uri.Different, "NSS"},
		{"urn:example:a123,z456%2d", "urn:example:a123,z456%2D", uri.SyntaxBased, ""},
		{"urn:example:a123,z456-", "urn:example:a123,z456%2D", uri.Different, "NSS"},
		{"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456", uri.SchemeBased, ""},
		{"urn:example:a123,z456", "urn:example:a123%2Cz456", uri.Different, "NSS"},
		// §3.2: the r-, q- and f-components are ignored.
		{"urn:example:a123,z456", "urn:example:a123,z456?+abc", uri.SchemeBased, ""},
		{"urn:example:a123,z456", "urn:example:a123,z456?=xyz", uri.SchemeBased, ""},
		{"urn:example:a123,z456", "urn:example:a123,z456#789", uri.SchemeBased, ""},
		{"urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz#789", uri.SchemeBased, ""},
		// §3.2: the NSS is case-sensitive, "/" is not special.
		{"urn:example:a123,z456", "urn:example:A123,z456", uri.Different, "NSS"},
		{"urn:example:a123,z456/foo", "urn:example:a123,z456/bar", uri.Different, "NSS"},
		{"urn:example:a", "urn:other:a", uri.Different, "NID"},
		{"urn:uuid:7f1450df-6678-465b-a881-188f9b6ec822", "urn:UUID:7f1450df-6678-465b-a881-188f9b6ec822", uri.SchemeBased, ""},
		// Dot-segments are not removed from an NSS.
		{"urn:example:a/../b", "urn:example:b", uri.Different, "NSS"},
		{"urn:example:a/../b", "urn:example:/b", uri.Different, "path"},
		// Not URNs: the generic ladder.
		{"urn:-bad:x", "URN:-bad:x", uri.SyntaxBased, ""},
		{"urn:-bad:x", "urn:-BAD:x", uri.Different, "path"},
		{"urn:example:a", "urn:-bad:a", uri.Different, "path"},
	}
	for _, tt := range tests {
		t.Run(tt.a+" "+tt.b, func(t *testing.T) {
			want := uri.Comparison{Level: tt.level, Component: tt.component}
			for _, pair := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				got := uri.Compare(uri.MustParseReference(pair[0]), uri.MustParseReference(pair[1]))
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("Compare(%q, %q) mismatch (-want +got):\n%s", pair[0], pair[1], diff)
				}
			}
		})
	}
}

// TestSchemeRulesSyntaxes runs CheckScheme, Normalize and Compare on URNs
// and mailto URIs of every syntax: they never panic, Normalize is
// idempotent, and a value compares equal to itself and its normalization.
func TestSchemeRulesSyntaxes(t *testing.T) {
	inputs := []string{
		"urn:example:a/../b", "URN:EX:%c3%a9?+r?=q#f", "urn:-bad:x", "mailto:a@b?subject=./..",
		"urn:ex:\u00e9", "mailto:\u00e9@b", "urn:ex:a#\u00e9", "data:text/plain,a/../b",
	}
	for _, syntax := range []uri.Syntax{uri.RFC3986, uri.RFC6874, uri.RFC3987} {
		for _, in := range inputs {
			u, err := syntax.ParseReference(in)
			if err != nil {
				continue
			}
			t.Run(syntax.String()+" "+in, func(t *testing.T) {
				_ = u.CheckScheme()
				for _, o := range []uri.NormalizeOptions{{}, {SchemeBased: true}} {
					n := o.Normalize(u)
					if diff := cmp.Diff(n.String(), o.Normalize(n).String()); diff != "" {
						t.Errorf("%+v.Normalize(%q) not idempotent (-once +twice):\n%s", o, in, diff)
					}
					if c := uri.Compare(u, n); !c.Equivalent() {
						t.Errorf("Compare(%q, %q) = %+v, want equivalent", in, n, c)
					}
				}
			})
		}
	}
}

// TestFileLocalhost: "localhost" is the machine the URI is interpreted on,
// "exactly as if no authority were present" (RFC 8089 §2), so scheme-based
// normalization and Compare treat it as the empty host, in every syntax.
func TestFileLocalhost(t *testing.T) {
	opts := uri.NormalizeOptions{SchemeBased: true}
	tests := []struct {
		in, want string
		syntax   uri.Syntax
	}{
		{"file://localhost/etc/hosts", "file:///etc/hosts", uri.RFC3986},
		{"FILE://LOCALHOST/etc/hosts", "file:///etc/hosts", uri.RFC3986},
		{"file://localhost/b\u00fccher", "file:///b\u00fccher", uri.RFC3987},
		{"file://localhost/x", "file:///x", uri.RFC6874},
		{"file://localhost.example/x", "file://localhost.example/x", uri.RFC3986},
		{"file:/x", "file:/x", uri.RFC3986},
		{"file://server/share", "file://server/share", uri.RFC3986},
		{"http://localhost/x", "http://localhost/x", uri.RFC3986},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u := tt.syntax.MustParseReference(tt.in)
			if diff := cmp.Diff(tt.want, opts.Normalize(u).String()); diff != "" {
				t.Errorf("Normalize(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.want, uri.URI.Normalize(u).String()); tt.want != tt.in && diff == "" {
				t.Errorf("syntax-based Normalize(%q) = %q: localhost is scheme-based (RFC 3986 §6.2.3)", tt.in, tt.want)
			}
		})
	}
	c := uri.Compare(uri.MustParse("file://localhost/x"), uri.MustParse("file:///x"))
	if c.Level != uri.SchemeBased {
		t.Errorf("Compare(file://localhost/x, file:///x) = %v, want scheme-based", c)
	}
}
