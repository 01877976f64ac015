package uri_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

func sp(s string) *string { return &s }

// TestParseReferenceComponents checks components, with undefined (nil)
// distinct from empty, per RFC 3986 §3 and §5.2.1.
func TestParseReferenceComponents(t *testing.T) {
	tests := []struct {
		in   string
		want components
		host uri.HostKind
		path uri.PathKind
	}{
		// §3: the two examples of the component diagram.
		{"foo://example.com:8042/over/there?name=ferret#nose",
			components{sp("foo"), nil, sp("example.com"), sp("8042"), sp("/over/there"), sp("name=ferret"), sp("nose")}, uri.RegName, uri.PathAbempty},
		{"urn:example:animal:ferret:nose",
			components{sp("urn"), nil, nil, nil, sp("example:animal:ferret:nose"), nil, nil}, 0, uri.PathRootless},
		// Undefined is not empty (§5.2.1).
		{"http://h", components{sp("http"), nil, sp("h"), nil, sp(""), nil, nil}, uri.RegName, uri.PathAbempty},
		{"http://h?", components{sp("http"), nil, sp("h"), nil, sp(""), sp(""), nil}, uri.RegName, uri.PathAbempty},
		{"http://h#", components{sp("http"), nil, sp("h"), nil, sp(""), nil, sp("")}, uri.RegName, uri.PathAbempty},
		{"http://@h", components{sp("http"), sp(""), sp("h"), nil, sp(""), nil, nil}, uri.RegName, uri.PathAbempty},
		{"http://h:", components{sp("http"), nil, sp("h"), sp(""), sp(""), nil, nil}, uri.RegName, uri.PathAbempty},
		{"//", components{nil, nil, sp(""), nil, sp(""), nil, nil}, uri.RegName, uri.PathAbempty},
		{"", components{nil, nil, nil, nil, sp(""), nil, nil}, 0, uri.PathEmpty},
		{"?", components{nil, nil, nil, nil, sp(""), sp(""), nil}, 0, uri.PathEmpty},
		{"#", components{nil, nil, nil, nil, sp(""), nil, sp("")}, 0, uri.PathEmpty},
		{"a:", components{sp("a"), nil, nil, nil, sp(""), nil, nil}, 0, uri.PathEmpty},
		{"http://[v1.x]:/?#", components{sp("http"), nil, sp("[v1.x]"), sp(""), sp("/"), sp(""), sp("")}, uri.IPvFuture, uri.PathAbempty},
		{"file:///etc/hosts", components{sp("file"), nil, sp(""), nil, sp("/etc/hosts"), nil, nil}, uri.RegName, uri.PathAbempty},
		{"http://u:p@[::1]:99999999999999999999/", components{sp("http"), sp("u:p"), sp("[::1]"), sp("99999999999999999999"), sp("/"), nil, nil}, uri.IPv6, uri.PathAbempty},
		{"http://1.2.3.4/", components{sp("http"), nil, sp("1.2.3.4"), nil, sp("/"), nil, nil}, uri.IPv4, uri.PathAbempty},
		// §3.2.2 first-match-wins: these are reg-names.
		{"http://1.2.3.4.5/", components{sp("http"), nil, sp("1.2.3.4.5"), nil, sp("/"), nil, nil}, uri.RegName, uri.PathAbempty},
		{"http://1.2.3.45/", components{sp("http"), nil, sp("1.2.3.45"), nil, sp("/"), nil, nil}, uri.IPv4, uri.PathAbempty},
		{"http://1.2.3.256/", components{sp("http"), nil, sp("1.2.3.256"), nil, sp("/"), nil, nil}, uri.RegName, uri.PathAbempty},
		{"http://01.2.3.4/", components{sp("http"), nil, sp("01.2.3.4"), nil, sp("/"), nil, nil}, uri.RegName, uri.PathAbempty},
		// Path forms (§3.3, §4.2).
		{"/a/b", components{nil, nil, nil, nil, sp("/a/b"), nil, nil}, 0, uri.PathAbsolute},
		{"a/b:c", components{nil, nil, nil, nil, sp("a/b:c"), nil, nil}, 0, uri.PathNoscheme},
		{"./a:b", components{nil, nil, nil, nil, sp("./a:b"), nil, nil}, 0, uri.PathNoscheme},
		{"a:/.//b", components{sp("a"), nil, nil, nil, sp("/.//b"), nil, nil}, 0, uri.PathAbsolute},
		{"///x", components{nil, nil, sp(""), nil, sp("/x"), nil, nil}, uri.RegName, uri.PathAbempty},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := uri.ParseReference(tt.in)
			if err != nil {
				t.Errorf("ParseReference(%q): %v", tt.in, err)
				return
			}
			if diff := cmp.Diff(&tt.want, componentsOf(u)); diff != "" {
				t.Errorf("ParseReference(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			h, _ := u.Host()
			if h.Kind() != tt.host {
				t.Errorf("ParseReference(%q).Host().Kind() = %v, want %v", tt.in, h.Kind(), tt.host)
			}
			if k := u.Path().Kind(); k != tt.path {
				t.Errorf("ParseReference(%q).Path().Kind() = %v, want %v", tt.in, k, tt.path)
			}
			if got := u.String(); got != tt.in {
				t.Errorf("ParseReference(%q).String() = %q", tt.in, got)
			}
		})
	}
}

// TestEntryRules checks which inputs each of the four entry rules accepts
// (RFC 3986 §3, §4.1, §4.2, §4.3).
func TestEntryRules(t *testing.T) {
	tests := []struct {
		in                      string
		uri, ref, abs, relative bool
	}{
		{"http://h/p?q#f", true, true, false, false},
		{"http://h/p?q", true, true, true, false},
		{"//h/p", false, true, false, true},
		{"p", false, true, false, true},
		{"", false, true, false, true},
		{"a:b", true, true, true, false},
		{"1a:b", false, false, false, false},
		{"./1a:b", false, true, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			for _, c := range []struct {
				name  string
				parse func(string) (uri.URI, error)
				want  bool
			}{
				{"Parse", uri.Parse, tt.uri},
				{"ParseReference", uri.ParseReference, tt.ref},
				{"ParseAbsolute", uri.ParseAbsolute, tt.abs},
				{"ParseRelative", uri.ParseRelative, tt.relative},
			} {
				_, err := c.parse(tt.in)
				if got := err == nil; got != c.want {
					t.Errorf("%s(%q) valid = %v (err %v), want %v", c.name, tt.in, got, err, c.want)
				}
			}
		})
	}
}

// TestRFCExamples parses the examples of RFC 3986, grouped by section.
func TestRFCExamples(t *testing.T) {
	examples := map[string][]string{
		"§1.1.2": {
			"ftp://ftp.is.co.za/rfc/rfc1808.txt",
			"http://www.ietf.org/rfc/rfc2396.txt",
			"ldap://[2001:db8::7]/c=GB?objectClass?one",
			"mailto:John.Doe@example.com",
			"news:comp.infosystems.www.servers.unix",
			"tel:+1-816-555-1212",
			"telnet://192.0.2.16:80/",
			"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
		},
		"§3.2.1": {"ftp://user:password@host/"},
		"§3.2.2": {"http://[v7.fe80::1]/", "http://www.example.com/", "http://[::192.9.5.5]/"},
		"§3.3":   {"mailto:fred@example.com", "foo@example.com", "//example.com/a;v=1.1/b;v=1.1"},
		"§3.5":   {"http://example.com/#frag"},
		"§5.4":   {"http://a/b/c/d;p?q", "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g"},
		"§6.2.2": {"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "HTTP://www.EXAMPLE.com/"},
		"§6.2.3": {"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/", "mailto:Joe@Example.COM", "mailto:Joe@example.com"},
	}
	for sec, list := range examples {
		t.Run(sec, func(t *testing.T) {
			for _, s := range list {
				u, err := uri.ParseReference(s)
				if err != nil {
					t.Errorf("RFC 3986 %s example ParseReference(%q): %v", sec, s, err)
					continue
				}
				if u.String() != s {
					t.Errorf("RFC 3986 %s example ParseReference(%q).String() = %q", sec, s, u.String())
				}
			}
		})
	}
}

// TestParseErrors checks the offset, kind and rule of errors. Tests assert
// these fields, never the English of the message.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		kind   uri.ErrorKind
		rule   string
	}{
		{"http://a b", 8, uri.UnexpectedByte, "reg-name"},
		{"http://h/a b", 10, uri.UnexpectedByte, "path-abempty"},
		{"http://h?a b", 10, uri.UnexpectedByte, "query"},
		{"http://h#a#", 10, uri.UnexpectedByte, "fragment"},
		{"http://h:80x/", 11, uri.UnexpectedByte, "port"}, // no "@": host ":" port stops at "x"
		{"http://h:80/x y", 13, uri.UnexpectedByte, "path-abempty"},
		{"http://[::1", 11, uri.UnexpectedEnd, "IPv6address"},
		{"http://[::1x]/", 11, uri.UnexpectedByte, "IPv6address"},
		{"http://[::1]x", 12, uri.UnexpectedByte, "host"},
		{"http://[", 7, uri.UnexpectedByte, "authority"},
		{"http://h?", 9, 0, ""}, // valid
		{"1a:b", 2, uri.UnexpectedByte, "path-noscheme"},
		{" ", 0, uri.UnexpectedByte, "URI-reference"},
		{"%zz", 0, uri.BadPercent, "pct-encoded"},
		{"%", 0, uri.BadPercent, "pct-encoded"},
		{"http://h/%4", 9, uri.BadPercent, "pct-encoded"},
		{"http://h:8%41/", 10, uri.UnexpectedByte, "port"},
		{"http://h/\xc3\xa9", 9, uri.NonASCII, "path-abempty"},
		{"\xff", 0, uri.NonASCII, "URI-reference"},
		{"a\x00b", 1, uri.UnexpectedByte, "path-noscheme"},
		{"http://user:p ss@h/", 13, uri.UnexpectedByte, "userinfo"},
		{"http:\\\\h", 5, uri.UnexpectedByte, "URI"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.ParseReference(tt.in)
			if tt.kind == 0 {
				if err != nil {
					t.Errorf("ParseReference(%q): %v", tt.in, err)
				}
				return
			}
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Errorf("ParseReference(%q) error = %v, want a *ParseError", tt.in, err)
				return
			}
			type key struct {
				Offset int
				Kind   uri.ErrorKind
				Rule   string
			}
			if diff := cmp.Diff(key{tt.offset, tt.kind, tt.rule}, key{pe.Offset, pe.Kind, pe.Rule}); diff != "" {
				t.Errorf("ParseReference(%q) error mismatch (-want +got):\n%s", tt.in, diff)
			}
			if pe.Want != "URI-reference" {
				t.Errorf("ParseReference(%q) error Want = %q", tt.in, pe.Want)
			}
		})
	}
}

// TestErrorHasNoInput checks that no error message holds the input, so
// never a password (RFC 3986 §7.5).
func TestErrorHasNoInput(t *testing.T) {
	for _, in := range []string{
		"http://user:s3cr3t@h/a b",
		"http://user:s3cr3t@[::1",
		"http://user:s3cr3t%zz@h/",
		"http://user:s3cr3t\xff@h/",
	} {
		t.Run(in, func(t *testing.T) {
			_, err := uri.ParseReference(in)
			if err == nil {
				t.Fatalf("ParseReference(%q) succeeded", in)
			}
			for _, msg := range []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err)} {
				if strings.Contains(msg, "s3cr3t") {
					t.Errorf("error for %q leaks the password: %s", in, msg)
				}
			}
		})
	}
}

func TestSegments(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"/", []string{""}},
		{"/a/b", []string{"a", "b"}},
		{"/a/", []string{"a", ""}},
		{"a/b", []string{"a", "b"}},
		{"a", []string{"a"}},
		{"//h//x", []string{"", "x"}},
		{"/%2F/b", []string{"%2F", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := slices.Collect(uri.MustParseReference(tt.in).Path().Segments())
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("MustParseReference(%q).Path().Segments() mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	// Stopping early.
	for s := range uri.MustParseReference("/a/b/c").Path().Segments() {
		if s != "a" {
			t.Errorf("first segment = %q", s)
		}
		break
	}
}

func TestZeroValue(t *testing.T) {
	if u := uri.MustParseReference(""); u != (uri.URI{}) {
		t.Errorf("ParseReference(\"\") = %#v, want the zero URI", u)
	}
	var u uri.URI
	if _, ok := u.Scheme(); ok {
		t.Error("zero URI has a scheme")
	}
	if u.Path().Kind() != uri.PathEmpty || u.String() != "" {
		t.Errorf("zero URI path = %q (%v)", u.Path(), u.Path().Kind())
	}
}

func TestText(t *testing.T) {
	u := uri.MustParse("http://h/p?q#f")
	b, err := u.MarshalText()
	if err != nil || string(b) != u.String() {
		t.Errorf("MarshalText() = %q, %v", b, err)
	}
	b, err = u.AppendText([]byte("x"))
	if err != nil || string(b) != "x"+u.String() {
		t.Errorf("AppendText() = %q, %v", b, err)
	}
	var v uri.URI
	if err := v.UnmarshalText([]byte("//h")); err != nil || v != uri.MustParseReference("//h") {
		t.Errorf("UnmarshalText(//h) = %v, %v", v, err)
	}
	if err := v.UnmarshalText([]byte("a b")); err == nil {
		t.Error("UnmarshalText(a b) succeeded")
	}
	if v != uri.MustParseReference("//h") {
		t.Errorf("failed UnmarshalText changed the value to %v", v)
	}
}

func TestRedacted(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://user:secret@h/", "http://user:xxxxx@h/"},
		{"http://user:@h/", "http://user:xxxxx@h/"},
		{"http://user@h/", "http://user@h/"},
		{"http://h/a:b@c", "http://h/a:b@c"},
		{"http://a:b:c@h", "http://a:xxxxx@h"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u := uri.MustParse(tt.in)
			if got := u.Redacted(); got != tt.want {
				t.Errorf("MustParse(%q).Redacted() = %q, want %q", tt.in, got, tt.want)
			}
			if u.String() != tt.in {
				t.Errorf("String() after Redacted = %q", u.String())
			}
		})
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse(\"a\") did not panic")
		}
	}()
	uri.MustParse("a") // a relative reference, not a URI
}

// TestHugeInputs checks that inputs of any size and any bytes parse
// without panicking.
func TestHugeInputs(t *testing.T) {
	big := make([]byte, 1<<20)
	for i := range big {
		big[i] = 'a'
	}
	if _, err := uri.ParseReference(string(big)); err != nil {
		t.Errorf("1 MiB path: %v", err)
	}
	for _, b := range []byte{0, ' ', 0xff, '[', '\\', '"'} {
		t.Run(fmt.Sprint(b), func(t *testing.T) {
			big[len(big)/2] = b
			_, err := uri.ParseReference(string(big))
			var pe *uri.ParseError
			if !errors.As(err, &pe) || pe.Offset != len(big)/2 {
				t.Errorf("1 MiB with %#x in the middle: %v", b, err)
			}
		})
	}
}
