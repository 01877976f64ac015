package httptarget_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/httptarget"
)

type fields struct {
	Form                    string
	Path, Query, Host, Port string
	HasQuery, HasHost       bool
	HasPort, HasURI         bool
	URI                     string
}

func fieldsOf(t httptarget.Target) fields {
	var f fields
	f.Form = t.Form().String()
	f.Path = t.Path()
	f.Query, f.HasQuery = t.Query()
	f.Host, f.HasHost = t.Host()
	f.Port, f.HasPort = t.Port()
	var u uri.URI
	u, f.HasURI = t.URI()
	f.URI = u.String()
	return f
}

// TestParse checks the examples of RFC 9112 §3.2.1 to §3.2.4 and the
// forms each method allows.
func TestParse(t *testing.T) {
	tests := []struct {
		method, target string
		want           fields
	}{
		{"GET", "/where?q=now", fields{Form: "origin-form", Path: "/where", Query: "q=now", HasQuery: true}},
		{"GET", "/pub/WWW/TheProject.html", fields{Form: "origin-form", Path: "/pub/WWW/TheProject.html"}},
		{"GET", "/", fields{Form: "origin-form", Path: "/"}},
		{"GET", "/a?", fields{Form: "origin-form", Path: "/a", HasQuery: true}},
		{"GET", "//x//", fields{Form: "origin-form", Path: "//x//"}},
		{"GET", "http://www.example.org/pub/WWW/TheProject.html", fields{Form: "absolute-form",
			Path: "/pub/WWW/TheProject.html", Host: "www.example.org", HasHost: true, HasURI: true,
			URI: "http://www.example.org/pub/WWW/TheProject.html"}},
		{"GET", "http://h:8080?x", fields{Form: "absolute-form", Query: "x", HasQuery: true,
			Host: "h", HasHost: true, Port: "8080", HasPort: true, HasURI: true, URI: "http://h:8080?x"}},
		{"POST", "urn:ex:y", fields{Form: "absolute-form", Path: "ex:y", HasURI: true, URI: "urn:ex:y"}},
		{"GET", "www.example.com:80", fields{Form: "absolute-form", Path: "80", HasURI: true, URI: "www.example.com:80"}},
		{"CONNECT", "www.example.com:80", fields{Form: "authority-form", Host: "www.example.com", HasHost: true, Port: "80", HasPort: true}},
		{"CONNECT", "[2001:db8::1]:443", fields{Form: "authority-form", Host: "[2001:db8::1]", HasHost: true, Port: "443", HasPort: true}},
		{"CONNECT", "192.0.2.1:0443", fields{Form: "authority-form", Host: "192.0.2.1", HasHost: true, Port: "0443", HasPort: true}},
		{"CONNECT", "h:000000000000000000080", fields{Form: "authority-form", Host: "h", HasHost: true, Port: "000000000000000000080", HasPort: true}},
		{"CONNECT", "h:65535", fields{Form: "authority-form", Host: "h", HasHost: true, Port: "65535", HasPort: true}},
		{"OPTIONS", "*", fields{Form: "asterisk-form"}},
		{"OPTIONS", "/a", fields{Form: "origin-form", Path: "/a"}},
		{"OPTIONS", "http://www.example.org:8001", fields{Form: "absolute-form", Host: "www.example.org", HasHost: true,
			Port: "8001", HasPort: true, HasURI: true, URI: "http://www.example.org:8001"}},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target, func(t *testing.T) {
			got, err := httptarget.Parse(tt.method, tt.target)
			if err != nil {
				t.Fatalf("Parse(%q, %q): %v", tt.method, tt.target, err)
			}
			if got.String() != tt.target {
				t.Errorf("String() = %q, want %q", got.String(), tt.target)
			}
			if diff := cmp.Diff(tt.want, fieldsOf(got)); diff != "" {
				t.Errorf("Parse(%q, %q) mismatch (-want +got):\n%s", tt.method, tt.target, diff)
			}
		})
	}
}

type errFields struct {
	Want, Rule string
	Offset     int
	Kind       uri.ErrorKind
	Byte       int
	Hint       bool
}

// TestParseErrors checks the errors: offset, rule, kind, byte, and
// whether there is a hint; no message shows the input.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		method, target string
		want           errFields
	}{
		{"GET", "", errFields{"request-target", "request-target", 0, uri.UnexpectedEnd, -1, true}},
		{"GET", "/a b", errFields{"request-target", "segment", 2, uri.UnexpectedByte, ' ', true}},
		{"GET", "/a#f", errFields{"request-target", "segment", 2, uri.UnexpectedByte, '#', true}},
		{"GET", "/a%zz", errFields{"request-target", "pct-encoded", 2, uri.BadPercent, '%', false}},
		{"GET", "/ü", errFields{"request-target", "absolute-path", 1, uri.NonASCII, 0xc3, false}},
		{"GET", "a/b", errFields{"request-target", "uri-host", 1, uri.UnexpectedByte, '/', true}},
		{"GET", "*", errFields{"request-target", "asterisk-form", 0, uri.UnexpectedByte, '*', true}},
		{"GET", "192.0.2.1:80", errFields{"request-target", "authority-form", 0, uri.UnexpectedByte, '1', true}},
		{"connect", "192.0.2.1:80", errFields{"request-target", "authority-form", 0, uri.UnexpectedByte, '1', true}},
		{"CONNECT", "/a", errFields{"authority-form", "authority-form", 0, uri.UnexpectedByte, '/', true}},
		{"CONNECT", "http://h/", errFields{"authority-form", "authority-form", 5, uri.UnexpectedByte, '/', true}},
		{"CONNECT", "h", errFields{"authority-form", "uri-host", 1, uri.UnexpectedEnd, -1, true}},
		{"CONNECT", "*", errFields{"authority-form", "uri-host", 1, uri.UnexpectedEnd, -1, true}},
		{"OPTIONS", "**", errFields{"request-target", "uri-host", 2, uri.UnexpectedEnd, -1, false}},
		{"GET", "http://u:secret@h/ x", errFields{"request-target", "path-abempty", 18, uri.UnexpectedByte, ' ', true}},
		{"GET", "http://u:sec ret@h/", errFields{"request-target", "userinfo", 12, uri.UnexpectedByte, -1, false}},
		{"GET", "http://[fe80::1%25eth0]/", errFields{"request-target", "IPv6address", 15, uri.UnexpectedByte, '%', true}},
		// R1: the scheme rules of an absolute-form (RFC 9110 §4.2.1,
		// §4.2.4) and the authority of CONNECT (§9.3.6).
		{"GET", "http:///x", errFields{"request-target", "host", 7, uri.UnexpectedByte, '/', true}},
		{"GET", "http:///u:s3cret@h/", errFields{"request-target", "host", 7, uri.UnexpectedByte, '/', true}},
		{"GET", "http://u:s3cret@h/x", errFields{"request-target", "userinfo", 7, uri.UnexpectedByte, 'u', true}},
		{"CONNECT", "h:", errFields{"authority-form", "port", 2, uri.UnexpectedEnd, -1, true}},
		{"CONNECT", ":80", errFields{"authority-form", "uri-host", 0, uri.UnexpectedByte, ':', true}},
		{"CONNECT", "h:99999", errFields{"authority-form", "port", 2, uri.UnexpectedByte, '9', true}},
		{"CONNECT", "h:65536", errFields{"authority-form", "port", 2, uri.UnexpectedByte, '6', true}},
		{"CONNECT", "h:0", errFields{"authority-form", "port", 2, uri.UnexpectedByte, '0', true}},
		{"CONNECT", "h:000000000000000065536", errFields{"authority-form", "port", 2, uri.UnexpectedByte, '0', true}},
		// C1: a password before the host of a CONNECT target is masked.
		{"CONNECT", "u:s3cret@h:80", errFields{"authority-form", "authority-form", 2, uri.UnexpectedByte, -1, false}},
		// R2: method = token (RFC 9110 §9.1).
		{"GE T", "/x", errFields{"method", "token", 2, uri.UnexpectedByte, ' ', true}},
		{"", "/x", errFields{"method", "token", 0, uri.UnexpectedEnd, -1, true}},
		{"GET\r\n", "/x", errFields{"method", "token", 3, uri.UnexpectedByte, '\r', true}},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target, func(t *testing.T) {
			_, err := httptarget.Parse(tt.method, tt.target)
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q, %q) = %v, want a *uri.ParseError", tt.method, tt.target, err)
			}
			got := errFields{pe.Want, pe.Rule, pe.Offset, pe.Kind, pe.Byte, pe.Hint != ""}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%q, %q) error mismatch (-want +got):\n%s", tt.method, tt.target, diff)
			}
			if msg := err.Error(); strings.Contains(msg, "secret") || strings.Contains(msg, "sec") || strings.Contains(msg, "s3cret") ||
				(len(tt.target) > 3 && strings.Contains(msg, tt.target)) {
				t.Errorf("Parse(%q, %q) error %q shows the input", tt.method, tt.target, msg)
			}
		})
	}
}

// TestParseLong checks that a long target is parsed in linear time and
// memory (a smoke test: 1 MiB of path).
func TestParseLong(t *testing.T) {
	s := "/" + strings.Repeat("a/", 1<<19)
	got, err := httptarget.Parse("GET", s)
	if err != nil || got.Path() != s {
		t.Fatalf("Parse(GET, 1 MiB path) = %v, %v", got.Form(), err)
	}
	if _, err := httptarget.Parse("GET", s+" "); err == nil {
		t.Fatal("Parse(GET, 1 MiB path + space): no error")
	}
}

func TestFormString(t *testing.T) {
	tests := []struct {
		f    httptarget.Form
		want string
	}{
		{httptarget.OriginForm, "origin-form"}, {httptarget.AbsoluteForm, "absolute-form"},
		{httptarget.AuthorityForm, "authority-form"}, {httptarget.AsteriskForm, "asterisk-form"},
		{0, "Form(0)"}, {9, "Form(9)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.f.String()); diff != "" {
				t.Errorf("Form.String() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func ExampleParse() {
	for _, rt := range []struct{ method, target string }{
		{"GET", "/where?q=now"},
		{"GET", "http://www.example.org/pub/WWW/TheProject.html"},
		{"CONNECT", "www.example.com:80"},
		{"OPTIONS", "*"},
		{"GET", "/a b"},
	} {
		t, err := httptarget.Parse(rt.method, rt.target)
		if err != nil {
			fmt.Println(err)
			continue
		}
		host, _ := t.Host()
		fmt.Printf("%s %s: path %q host %q\n", rt.method, t.Form(), t.Path(), host)
	}
	// Output:
	// GET origin-form: path "/where" host ""
	// GET absolute-form: path "/pub/WWW/TheProject.html" host "www.example.org"
	// CONNECT authority-form: path "" host "www.example.com"
	// OPTIONS asterisk-form: path "" host ""
	// uri: invalid request-target: byte 0x20 at offset 2 cannot follow segment (RFC 3986 §3.3); no whitespace is allowed in the request-target
}

// TestParseMemory (M1): what Parse allocates does not grow with the
// segments of a target: under 4 KiB for 1 MiB of "/a", in each form that
// has a path. It measures bytes allocated, which load cannot change.
func TestParseMemory(t *testing.T) {
	path := strings.Repeat("/a", 1<<19)
	for _, tt := range []struct{ method, target string }{
		{"GET", path}, {"GET", "http://h" + path}, {"OPTIONS", "https://h" + path + "?q"},
	} {
		bytes, _ := lineartest.Allocated(func() {
			for range 4 {
				if _, err := httptarget.Parse(tt.method, tt.target); err != nil {
					t.Fatal(err)
				}
			}
		})
		if n := bytes / 4; n > 4096 {
			t.Errorf("Parse(%s, %.10q...) allocates %d bytes for %d bytes of input", tt.method, tt.target, n, len(tt.target))
		}
	}
}
