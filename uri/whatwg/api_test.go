package whatwg_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/whatwg"
)

func ve(offset int, kind string) whatwg.ValidationError {
	return whatwg.ValidationError{Offset: offset, Kind: kind}
}

// TestValidationErrors checks the validation errors of parses that
// succeed, with their offsets in the input (URL Standard, validation errors).
func TestValidationErrors(t *testing.T) {
	tests := []struct {
		in   string
		href string
		want []whatwg.ValidationError
	}{
		{"https://example.com/", "https://example.com/", nil},
		{"https:\\\\example.com\\a", "https://example.com/a", []whatwg.ValidationError{
			ve(6, "special-scheme-missing-following-solidus"), ve(6, "special-scheme-missing-following-solidus"),
			ve(7, "special-scheme-missing-following-solidus"), ve(19, "invalid-reverse-solidus")}},
		{"http://0x7f.1/", "http://127.0.0.1/", []whatwg.ValidationError{ve(7, "IPv4-too-few-parts"), ve(7, "IPv4-non-decimal-part")}},
		{"http://0300.1/", "http://192.0.0.1/", []whatwg.ValidationError{ve(7, "IPv4-too-few-parts"), ve(7, "IPv4-non-decimal-part")}},
		// The strict ToASCII refuses the empty root label (VerifyDnsLength).
		{"http://1.2.3.4./", "http://1.2.3.4/", []whatwg.ValidationError{ve(7, "domain-to-ASCII"), ve(7, "IPv4-empty-part")}},
		{"http://1.2.256/", "http://1.2.1.0/", []whatwg.ValidationError{ve(7, "IPv4-too-few-parts"), ve(7, "IPv4-out-of-range-part")}},
		{"  http://a\tb/", "http://ab/", []whatwg.ValidationError{ve(0, "invalid-URL-unit"), ve(10, "invalid-URL-unit")}},
		{"http://u:p@h/", "http://u:p@h/", []whatwg.ValidationError{ve(10, "invalid-credentials")}},
		{"https://a/b c%", "https://a/b%20c%", []whatwg.ValidationError{ve(11, "invalid-URL-unit"), ve(13, "invalid-URL-unit")}},
		{"http:example.com", "http://example.com/", []whatwg.ValidationError{ve(5, "special-scheme-missing-following-solidus")}},
		{"file:c:/x", "file:///c:/x", []whatwg.ValidationError{ve(5, "special-scheme-missing-following-solidus")}},
		{"sc:a\u00a0b?\ufdd0", "sc:a%C2%A0b?%EF%B7%90", []whatwg.ValidationError{ve(8, "invalid-URL-unit")}},
		{"http://h/#a b", "http://h/#a%20b", []whatwg.ValidationError{ve(11, "invalid-URL-unit")}},
		// The "|" of a drive letter read as a host is not read by the
		// path state: no invalid-URL-unit (it is one in a path).
		{"file://C|/x", "file:///C:/x", []whatwg.ValidationError{ve(7, "file-invalid-Windows-drive-letter-host")}},
		{"file:///C|/x", "file:///C:/x", []whatwg.ValidationError{ve(9, "invalid-URL-unit")}},
		// The authority state reports no invalid-URL-unit for userinfo.
		{"http://a b@h/", "http://a%20b@h/", []whatwg.ValidationError{ve(10, "invalid-credentials")}},
		{"http://a%zz:^|@h/", "http://a%zz:%5E%7C@h/", []whatwg.ValidationError{ve(14, "invalid-credentials")}},
		{"http://[0:0::01]/", "http://[::1]/", []whatwg.ValidationError{ve(13, "IPv6-piece-leading-zero")}},
		{"http://[00ab:1::001]/", "http://[ab:1::1]/", []whatwg.ValidationError{ve(8, "IPv6-piece-leading-zero"), ve(16, "IPv6-piece-leading-zero")}},
		{"http://ex%41mple.com/", "http://example.com/", []whatwg.ValidationError{ve(9, "domain-percent-encoded")}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, got, err := whatwg.ParseWithErrors(tt.in)
			if err != nil {
				t.Fatalf("ParseWithErrors(%q): %v", tt.in, err)
			}
			if u.Href() != tt.href {
				t.Errorf("ParseWithErrors(%q) href = %q, want %q", tt.in, u.Href(), tt.href)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseWithErrors(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestValidationErrorKinds parses the examples the URL Standard gives for
// each validation error (its table of validation errors, as of whatwg/url
// commit 6ae8486, July 2026): each must report its kind, as a validation
// error or as the failure, and fail exactly when the table's "Failure"
// column says so. Kinds the standard no longer has must not appear.
func TestValidationErrorKinds(t *testing.T) {
	tests := []struct {
		kind    string
		in      string
		base    string
		failure bool
	}{
		{"domain-to-ASCII", "https://exa%23mple.org", "", true},
		{"domain-to-ASCII", "https://_dmarc.example.com/", "", false}, // whatwg/url commit 37afb50
		{"domain-to-ASCII", "https://a..b/", "", false},
		{"domain-to-ASCII", "https://xn--a.b/", "", false},
		{"domain-to-ASCII", "https://\u00ad/", "", true},
		{"domain-percent-encoded", "https://exam%70le.org", "", false},
		{"host-invalid-code-point", "foo://exa[mple.org", "", true},
		{"IPv4-empty-part", "https://127.0.0.1./", "", false},
		{"IPv4-too-few-parts", "https://1.2.3/", "", false},
		{"IPv4-too-many-parts", "https://1.2.3.4.5/", "", true},
		{"IPv4-non-numeric-part", "https://test.42", "", true},
		{"IPv4-non-decimal-part", "https://127.0.0x0.1", "", false},
		{"IPv4-out-of-range-part", "https://255.255.4000.1", "", true},
		{"IPv6-unclosed", "https://[::1", "", true},
		{"IPv6-invalid-compression", "https://[:1]", "", true},
		{"IPv6-too-many-pieces", "https://[1:2:3:4:5:6:7:8:9]", "", true},
		{"IPv6-multiple-compression", "https://[1::1::1]", "", true},
		{"IPv6-invalid-code-point", "https://[1:2:3!:4]", "", true},
		{"IPv6-invalid-code-point", "https://[1:2:3:]", "", true},
		{"IPv6-too-few-pieces", "https://[1:2:3]", "", true},
		{"IPv6-piece-leading-zero", "https://[::01]", "", false},
		{"IPv4-in-IPv6-too-many-pieces", "https://[1:1:1:1:1:1:1:127.0.0.1]", "", true},
		{"IPv4-in-IPv6-invalid-code-point", "https://[ffff::.0.0.1]", "", true},
		{"IPv4-in-IPv6-invalid-code-point", "https://[ffff::127.0.xyz.1]", "", true},
		{"IPv4-in-IPv6-invalid-code-point", "https://[ffff::127.0xyz]", "", true},
		{"IPv4-in-IPv6-invalid-code-point", "https://[ffff::127.00.0.1]", "", true},
		{"IPv4-in-IPv6-invalid-code-point", "https://[ffff::127.0.0.1.2]", "", true},
		{"IPv4-in-IPv6-out-of-range-part", "https://[ffff::127.0.0.4000]", "", true},
		{"IPv4-in-IPv6-too-few-parts", "https://[ffff::127.0.0]", "", true},
		{"invalid-URL-unit", "https://example.org/>", "", false},
		{"invalid-URL-unit", " https://example.org ", "", false},
		{"invalid-URL-unit", "ht\ntps://example.org", "", false},
		{"invalid-URL-unit", "https://example.org/%s", "", false},
		{"invalid-URL-unit", "foo:bar baz", "", false}, // whatwg/url commit 37afb50
		{"special-scheme-missing-following-solidus", "file:c:/my-secret-folder", "", false},
		{"special-scheme-missing-following-solidus", "https:example.org", "", false},
		{"special-scheme-missing-following-solidus", "https:foo.html", "https://example.org/", false},
		{"missing-scheme-non-relative-URL", "\U0001F4A9", "", true},
		{"missing-scheme-non-relative-URL", "\U0001F4A9", "mailto:user@example.org", true},
		{"invalid-reverse-solidus", "https://example.org\\path\\to\\file", "", false},
		{"invalid-credentials", "https://user@example.org", "", false},
		{"invalid-credentials", "ssh://user@example.org", "", false},
		{"host-missing", "https://#fragment", "", true},
		{"host-missing", "https://:443", "", true},
		{"host-missing", "https://user:pass@", "", true},
		{"port-out-of-range", "https://example.org:70000", "", true},
		{"port-invalid", "https://example.org:7z", "", true},
		// The standard's example is "/c:/path/to/file", which its parser
		// reads in the file slash state, which reports nothing; the file
		// state's step 4.4 reports the error for an input without "/"
		// ("c:" would be a scheme).
		{"file-invalid-Windows-drive-letter", "c|/path/to/file", "file:///c:/", false},
		{"file-invalid-Windows-drive-letter-host", "file://c:", "", false},
	}
	gone := []string{"domain-invalid-code-point"}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+tt.in, func(t *testing.T) {
			var base whatwg.URL
			if tt.base != "" {
				base = whatwg.MustParse(tt.base)
			}
			_, errs, err := base.ParseWithErrors(tt.in)
			var kinds []string
			for _, e := range errs {
				kinds = append(kinds, e.Kind)
			}
			var fe *whatwg.Error
			if errors.As(err, &fe) {
				kinds = append(kinds, fe.Kind)
			}
			if (err != nil) != tt.failure {
				t.Errorf("ParseWithErrors(%q) error = %v, want failure %v", tt.in, err, tt.failure)
			}
			if !slices.Contains(kinds, tt.kind) {
				t.Errorf("ParseWithErrors(%q) = %q, want %s among them", tt.in, kinds, tt.kind)
			}
			for _, k := range gone {
				if slices.Contains(kinds, k) {
					t.Errorf("ParseWithErrors(%q) = %q, which has %s, no longer in the standard", tt.in, kinds, k)
				}
			}
		})
	}
}

// TestValidationErrorsAgainstBase checks errors of relative parses.
func TestValidationErrorsAgainstBase(t *testing.T) {
	base := whatwg.MustParse("https://example.com/a/b")
	tests := []struct {
		in   string
		href string
		want []whatwg.ValidationError
	}{
		{"c", "https://example.com/a/c", nil},
		{"\\c", "https://example.com/c", []whatwg.ValidationError{ve(0, "invalid-reverse-solidus")}},
		{"https:c", "https://example.com/a/c", []whatwg.ValidationError{ve(6, "special-scheme-missing-following-solidus")}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, got, err := base.ParseWithErrors(tt.in)
			if err != nil || u.Href() != tt.href {
				t.Fatalf("ParseWithErrors(%q) = %q, %v; want %q", tt.in, u.Href(), err, tt.href)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseWithErrors(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestFailures checks the kind and offset of failures, and that the
// message holds no byte of a password.
func TestFailures(t *testing.T) {
	tests := []struct {
		in   string
		want whatwg.Error
	}{
		{"a", whatwg.Error{Offset: 0, Kind: "missing-scheme-non-relative-URL"}},
		{"http://h:99999/", whatwg.Error{Offset: 9, Kind: "port-out-of-range"}},
		{"http://h:8a/", whatwg.Error{Offset: 10, Kind: "port-invalid"}},
		{"http://[::1/", whatwg.Error{Offset: 7, Kind: "IPv6-unclosed"}},
		{"http://[::1:]/", whatwg.Error{Offset: 12, Kind: "IPv6-invalid-code-point"}},
		{"http://[1::2::3]/", whatwg.Error{Offset: 13, Kind: "IPv6-multiple-compression"}},
		{"http://[1:2]/", whatwg.Error{Offset: 8, Kind: "IPv6-too-few-pieces"}},
		{"http://ex%zzample/", whatwg.Error{Offset: 7, Kind: "domain-to-ASCII"}},
		{"sc://a b/", whatwg.Error{Offset: 6, Kind: "host-invalid-code-point"}},
		{"http://u:secret@/", whatwg.Error{Offset: 16, Kind: "host-missing"}},
		{"http://1.2.3.4.5/", whatwg.Error{Offset: 7, Kind: "IPv4-too-many-parts"}},
		{"http://1.2.3.09/", whatwg.Error{Offset: 7, Kind: "IPv4-non-numeric-part"}},
		{"http://256.1.1.1/", whatwg.Error{Offset: 7, Kind: "IPv4-out-of-range-part"}},
		{"\thttp://u:secret@h:x/", whatwg.Error{Offset: 19, Kind: "port-invalid"}},
		// A zone identifier (RFC 6874) is no part of the URL Standard's IPv6 address, encoded or not.
		{"http://[fe80::1%25eth0]/", whatwg.Error{Offset: 15, Kind: "IPv6-invalid-code-point"}},
		{"http://[fe80::1%eth0]/", whatwg.Error{Offset: 15, Kind: "IPv6-invalid-code-point"}},
		{"sc://[fe80::1%25eth0]/", whatwg.Error{Offset: 13, Kind: "IPv6-invalid-code-point"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := whatwg.Parse(tt.in)
			var e *whatwg.Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) = %v, want an *Error", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, *e); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if !errors.Is(err, whatwg.ErrFailure) {
				t.Errorf("Parse(%q): errors.Is(err, ErrFailure) is false", tt.in)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("Parse(%q): message %q holds the password", tt.in, err)
			}
		})
	}
}

// TestGetters checks the getters on URLs of each kind of host and path.
func TestGetters(t *testing.T) {
	type getters struct {
		Href, Origin, Protocol, Username, Password, Host, Hostname, Port, Pathname, Search, Hash string
		Opaque                                                                                   bool
	}
	get := func(u whatwg.URL) getters {
		return getters{u.Href(), u.Origin(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(),
			u.Port(), u.Pathname(), u.Search(), u.Hash(), u.HasOpaquePath()}
	}
	tests := []struct {
		in   string
		want getters
	}{
		{"HTTP://u:p@ExAmple.com:080/a/../b?q#f", getters{"http://u:p@example.com/b?q#f", "http://example.com", "http:", "u", "p", "example.com", "example.com", "", "/b", "?q", "#f", false}},
		{"https://[0:0::1]:8443/?#", getters{"https://[::1]:8443/?#", "https://[::1]:8443", "https:", "", "", "[::1]:8443", "[::1]", "8443", "/", "", "", false}},
		{"mailto:someone@example.com", getters{"mailto:someone@example.com", "null", "mailto:", "", "", "", "", "", "someone@example.com", "", "", true}},
		{"file:///C|/x", getters{"file:///C:/x", "null", "file:", "", "", "", "", "", "/C:/x", "", "", false}},
		{"sc://h:1/p", getters{"sc://h:1/p", "null", "sc:", "", "", "h:1", "h", "1", "/p", "", "", false}},
		{"web+demo:/.//not-a-host/", getters{"web+demo:/.//not-a-host/", "null", "web+demo:", "", "", "", "", "", "//not-a-host/", "", "", false}},
		{"blob:https://a.example:443/x", getters{"blob:https://a.example:443/x", "https://a.example", "blob:", "", "", "", "", "", "https://a.example:443/x", "", "", true}},
		// An international host and the IRI characters (RFC 3987) of path, query and fragment.
		{"https://BÜCHER.example/é?ü#ö", getters{"https://xn--bcher-kva.example/%C3%A9?%C3%BC#%C3%B6", "https://xn--bcher-kva.example", "https:", "", "", "xn--bcher-kva.example", "xn--bcher-kva.example", "", "/%C3%A9", "?%C3%BC", "#%C3%B6", false}},
		// Empty and null components: an empty opaque path, an empty host, empty credentials and port (not serialized), an empty query and fragment.
		{"sc:", getters{"sc:", "null", "sc:", "", "", "", "", "", "", "", "", true}},
		{"sc://", getters{"sc://", "null", "sc:", "", "", "", "", "", "", "", "", false}},
		{"sc://:@h:/?#", getters{"sc://h/?#", "null", "sc:", "", "", "h", "h", "", "/", "", "", false}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := whatwg.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, get(u)); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestZeroURL checks that the zero URL is no URL and no base.
func TestZeroURL(t *testing.T) {
	var z whatwg.URL
	if !z.IsZero() || z.Href() != "" || z.Protocol() != "" || z.Pathname() != "" || z.Origin() != "null" {
		t.Errorf("zero URL getters: %q %q %q %q", z.Href(), z.Protocol(), z.Pathname(), z.Origin())
	}
	if _, err := z.Parse("a"); err == nil {
		t.Error("zero base: Parse(\"a\") succeeded, want failure as without base")
	}
	if _, err := z.URI(); !errors.Is(err, whatwg.ErrNotURI) {
		t.Errorf("zero URL URI() = %v, want ErrNotURI", err)
	}
}

// TestText checks text marshaling, JSON included, and comparability.
func TestText(t *testing.T) {
	u := whatwg.MustParse("HTTPS://Example.com/a b")
	b, err := u.MarshalText()
	if err != nil || string(b) != "https://example.com/a%20b" {
		t.Errorf("MarshalText() = %q, %v", b, err)
	}
	b, _ = u.AppendText([]byte("x "))
	if string(b) != "x https://example.com/a%20b" {
		t.Errorf("AppendText() = %q", b)
	}
	var v whatwg.URL
	if err := v.UnmarshalText([]byte("https://example.com/a%20b")); err != nil || v != u {
		t.Errorf("UnmarshalText: %v, %v != %v", err, v, u)
	}
	if err := v.UnmarshalText([]byte("no scheme")); err == nil {
		t.Error("UnmarshalText(\"no scheme\") succeeded")
	}
	j, _ := json.Marshal(map[string]whatwg.URL{"u": u})
	if string(j) != `{"u":"https://example.com/a%20b"}` {
		t.Errorf("json = %s", j)
	}
}

// TestURI checks the RFC 3986 reading of hrefs.
func TestURI(t *testing.T) {
	tests := []struct {
		in, want string
		notURI   bool
	}{
		{"https://example.com/a b?c d#e f", "https://example.com/a%20b?c%20d#e%20f", false},
		{"http://0x7f.1/", "http://127.0.0.1/", false},
		{"https://a/%zz", "", true},
		{"sc:a|b", "", true},
		{"https://BÜCHER.example/é?ü#ö", "https://xn--bcher-kva.example/%C3%A9?%C3%BC#%C3%B6", false},
		{"sc://", "sc://", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			v, err := whatwg.MustParse(tt.in).URI()
			if tt.notURI {
				if !errors.Is(err, whatwg.ErrNotURI) {
					t.Errorf("URI() of %q = %v, want ErrNotURI", tt.in, err)
				}
				return
			}
			if err != nil || v.String() != tt.want {
				t.Errorf("URI() of %q = %q, %v; want %q", tt.in, v, err, tt.want)
			}
			if _, err := uri.Parse(v.String()); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestRedacted checks that Redacted hides the password.
func TestRedacted(t *testing.T) {
	for in, want := range map[string]string{
		"https://u:secret@h/p": "https://u:xxxxx@h/p",
		"https://u@h/p":        "https://u@h/p",
		"https://:pw@h/p":      "https://:xxxxx@h/p",
		"sc:opaque":            "sc:opaque",
	} {
		if got := whatwg.MustParse(in).Redacted(); got != want {
			t.Errorf("Redacted(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAllocs checks the allocations of a parse that succeeds: none when
// the href is the input or a part of it, one when it differs (the href's string), more
// only for a domain with a non-ASCII character or a "%", which goes
// through percent-decoding and UTS #46.
func TestAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector drops pooled buffers at random; make test runs this without it")
	}
	base := whatwg.MustParse("https://example.com/a/b?q#f")
	tests := []struct {
		base whatwg.URL
		in   string
		want float64
	}{
		{whatwg.URL{}, "https://example.com/a?q#f", 0},
		{whatwg.URL{}, " https://example.com/a ", 0},  // the href is inside the input
		{whatwg.URL{}, "https://example.com/a/..", 0}, // the href begins the input
		{whatwg.URL{}, "sc://h/p?q#f", 0},
		{whatwg.URL{}, "http://[::1]/", 0},
		{whatwg.URL{}, "sc:", 0},
		{whatwg.URL{}, "file:///bin/sh", 0},
		{whatwg.URL{}, "file://localhost/bin/sh", 1},
		{whatwg.URL{}, "https://example.com/a b", 1},
		{whatwg.URL{}, "HTTP://EXAMPLE.com:80", 1},
		{whatwg.URL{}, "http://0x7f.1/", 1},
		{whatwg.URL{}, "https://xn--bcher-kva.example/", 1},
		{whatwg.URL{}, "http://[0:0::1]/", 1},
		{base, "c?d", 1},
		{base, "https://example.com/", 0},
		{whatwg.URL{}, "https://b\u00fccher.example/", 3},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if _, err := tt.base.Parse(tt.in); err != nil {
				t.Fatal(err)
			}
			got := testing.AllocsPerRun(20, func() { _, _ = tt.base.Parse(tt.in) })
			if got > tt.want {
				t.Errorf("Parse(%q): %v allocations, want at most %v", tt.in, got, tt.want)
			}
		})
	}
}

// TestErrorTypesDeclaredHere checks that Error and ValidationError are
// declared in this package, so that go doc shows their fields (an alias
// of an internal type shows none).
func TestErrorTypesDeclaredHere(t *testing.T) {
	for _, v := range []any{whatwg.Error{}, whatwg.ValidationError{}} {
		if got, want := reflect.TypeOf(v).PkgPath(), "github.com/specuri/specuri/uri/whatwg"; got != want {
			t.Errorf("%T is declared in %s, want %s", v, got, want)
		}
	}
	_, err := whatwg.Parse("http://[::1/")
	var e *whatwg.Error
	if !errors.As(err, &e) || e.Kind != "IPv6-unclosed" || !errors.Is(err, whatwg.ErrFailure) {
		t.Errorf("Parse(%q) = %#v, want a *whatwg.Error matching ErrFailure", "http://[::1/", err)
	}
}
