package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// TestErrorHints checks where an error points and whether it has a hint
// where the grammar allows a better guess than the failing byte.
func TestErrorHints(t *testing.T) {
	type result struct {
		Offset  int
		Kind    uri.ErrorKind
		Rule    string
		HasHint bool
	}
	tests := []struct {
		name  string
		parse func(string) (uri.URI, error)
		in    string
		want  result
	}{
		// §3.2.3: without "@", the authority is host [":" port]; the
		// error is where the port stops, not past it in a "userinfo".
		{"port letters", uri.Parse, "http://h:123foo/", result{12, uri.UnexpectedByte, "port", true}},
		{"port letters at end", uri.ParseReference, "http://h:8a", result{10, uri.UnexpectedByte, "port", true}},
		{"port percent", uri.ParseReference, "http://h:8%41/", result{10, uri.UnexpectedByte, "port", true}},
		{"port of IPv6", uri.ParseReference, "http://[::1]:80x/", result{15, uri.UnexpectedByte, "port", true}},
		{"second colon", uri.ParseReference, "http://h::80", result{9, uri.UnexpectedByte, "port", true}},
		{"port of network-path", uri.ParseReference, "//h:1x", result{5, uri.UnexpectedByte, "port", true}},
		{"IRI port", uri.RFC3987.ParseReference, "http://é:1x/", result{11, uri.UnexpectedByte, "port", true}},
		{"port with @ is userinfo", uri.ParseReference, "http://h:1x@a b/", result{13, uri.UnexpectedByte, "reg-name", true}},
		{"port after userinfo", uri.ParseReference, "http://u@h:80x/", result{13, uri.UnexpectedByte, "port", true}},
		{"space after port", uri.ParseReference, "http://u@h:80 /", result{13, uri.UnexpectedByte, "port", true}},
		{"valid port, bad host", uri.ParseReference, "http://a b:80/", result{8, uri.UnexpectedByte, "reg-name", true}},
		// A space, which is written "%20" (§2.1).
		{"space in host", uri.Parse, "https://exa mple.com/", result{11, uri.UnexpectedByte, "reg-name", true}},
		// §3.1: a scheme without its ":".
		{"missing colon", uri.Parse, "http//example.com", result{4, uri.UnexpectedByte, "scheme", true}},
		{"missing colon, absolute", uri.ParseAbsolute, "git+ssh//h/x", result{7, uri.UnexpectedByte, "scheme", true}},
		// §4.2: a relative reference given to Parse.
		{"no scheme", uri.Parse, "example.com/x", result{11, uri.UnexpectedByte, "scheme", true}},
		{"absolute path", uri.Parse, "/relative", result{0, uri.UnexpectedByte, "URI", true}},
		{"absolute-URI", uri.ParseAbsolute, "/relative", result{0, uri.UnexpectedByte, "absolute-URI", true}},
		{"not relative either", uri.Parse, "a b", result{1, uri.UnexpectedByte, "scheme", true}},
		{"reference is fine", uri.ParseReference, "a b", result{1, uri.UnexpectedByte, "path-noscheme", true}},
		// RFC 3987: non-ASCII.
		{"non-ASCII", uri.ParseReference, "http://résumé/", result{8, uri.NonASCII, "reg-name", true}},
		{"IRI itself", uri.RFC3987.ParseReference, "http://r\ue000/", result{8, uri.UnexpectedChar, "ireg-name", false}},
		// RFC 6874: zones.
		{"zone in RFC 3986", uri.ParseReference, "http://[fe80::1%25en0]/", result{15, uri.UnexpectedByte, "IPv6address", true}},
		{"zone without 25", uri.RFC6874.ParseReference, "http://[fe80::1%en0]/", result{15, uri.BadPercent, "pct-encoded", true}},
		// A "%25" where the literal cannot have a zone: no hint, and not
		// the hints of other bytes either.
		{"zone in IPvFuture", uri.RFC6874.ParseReference, "http://[v1.x%25a]/", result{12, uri.UnexpectedByte, "IPvFuture", false}},
		{"percent outside a literal", uri.ParseReference, "http://h/%zz", result{9, uri.BadPercent, "pct-encoded", false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.parse(tt.in)
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("parse(%q): error = %v, want a *ParseError", tt.in, err)
			}
			got := result{pe.Offset, pe.Kind, pe.Rule, pe.Hint != ""}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if pe.Hint != "" && !strings.Contains(err.Error(), pe.Hint) {
				t.Errorf("parse(%q).Error() = %q, without its hint", tt.in, err)
			}
			// One citation a message: the hint does not repeat the
			// rule's section.
			if n := strings.Count(err.Error(), "§"); n > 1 {
				t.Errorf("parse(%q).Error() = %q cites %d sections", tt.in, err, n)
			}
			if pe.Hint != "" && !strings.Contains(pe.Render(tt.in), pe.Hint) {
				t.Errorf("parse(%q).Render() = %q, without its hint", tt.in, pe.Render(tt.in))
			}
		})
	}
}

// TestErrorHidesPassword checks that no error reveals a byte of what
// RedactInput masks (RFC 3986 §7.5): neither its message nor Byte or Char.
func TestErrorHidesPassword(t *testing.T) {
	tests := []struct {
		name   string
		parse  func(string) (uri.URI, error)
		in     string
		secret string
		offset int // of the error, inside the password
	}{
		{"port read as password", uri.ParseReference, "http://j@ne:s3cretpw@google.com", "s3cretpw", 12},
		{"space in password", uri.ParseReference, "http://u:pa ss@h/", "pa ss", 11},
		{"non-ASCII in password", uri.ParseReference, "http://u:pä@h/", "pä", 10},
		{"IRI character in password", uri.RFC3987.ParseReference, "http://u:p\ue000@h/", "p\ue000", 10},
		{"bad percent in password", uri.ParseReference, "http://u:p%zz@h/", "p%zz", 10},
		{"two @, space in password", uri.ParseReference, "//a:b c@d@e", "b c@d", 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.parse(tt.in)
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("parse(%q): error = %v, want a *ParseError", tt.in, err)
			}
			if pe.Offset != tt.offset {
				t.Errorf("parse(%q): Offset = %d, want %d", tt.in, pe.Offset, tt.offset)
			}
			if pe.Byte != -1 || pe.Char != 0 {
				t.Errorf("parse(%q): Byte = %#x, Char = %q: a byte of the password", tt.in, pe.Byte, pe.Char)
			}
			msg := err.Error() + "\n" + fmt.Sprintf("%+v %#v", pe, pe)
			for i := 0; i < len(tt.secret); i++ {
				b := tt.secret[i]
				if strings.Contains(msg, fmt.Sprintf("%#02x", b)) || strings.Contains(msg, fmt.Sprintf("Byte:%d,", b)) {
					t.Errorf("parse(%q): error shows byte %#02x of the password: %s", tt.in, b, msg)
				}
			}
			if r := pe.Render(tt.in); strings.Contains(r, tt.secret) {
				t.Errorf("parse(%q).Render() shows the password:\n%s", tt.in, r)
			}
		})
	}
	// Outside the password, the byte is shown.
	_, err := uri.ParseReference("http://u:pw@h st/")
	var pe *uri.ParseError
	if !errors.As(err, &pe) || pe.Byte != ' ' {
		t.Errorf("ParseReference(%q): error = %#v, want Byte ' '", "http://u:pw@h st/", err)
	}
}

func TestUnmarshalTextSyntaxes(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want uri.Syntax
	}{
		{"RFC 3986", "http://h/p?q#f", uri.RFC3986},
		{"zone", "http://[fe80::1%25en0]:8080/", uri.RFC6874},
		{"IRI", "http://résumé.example/ü?é#ß", uri.RFC3987},
		{"empty", "", uri.RFC3986},
		{"ASCII IRI is RFC 3986", "http://h/%C3%A9", uri.RFC3986},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var u uri.URI
			if err := u.UnmarshalText([]byte(tt.in)); err != nil {
				t.Fatalf("UnmarshalText(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.in, u.String()); diff != "" {
				t.Errorf("UnmarshalText(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if u.Syntax() != tt.want {
				t.Errorf("UnmarshalText(%q).Syntax() = %v, want %v", tt.in, u.Syntax(), tt.want)
			}
		})
	}
}

// TestUnmarshalTextNamesInput checks that among many inputs the bad one is
// named, with its password masked.
func TestUnmarshalTextNamesInput(t *testing.T) {
	var cfg struct{ URLs []uri.URI }
	in := `{"URLs": ["http://a/", "http://[fe80::1%25en0]/", "http://b:s3cret@h st/", "http://c/"]}`
	err := json.Unmarshal([]byte(in), &cfg)
	var pe *uri.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("json.Unmarshal: error = %v, want a *ParseError inside", err)
	}
	if msg := err.Error(); !strings.Contains(msg, `"http://b:xxxxx@h st/"`) || strings.Contains(msg, "s3cret") {
		t.Errorf("json.Unmarshal: error %q does not name the masked input", msg)
	}
	long := "http://u:" + strings.Repeat("p", 300) + "@h st/"
	var u uri.URI
	err = u.UnmarshalText([]byte(long))
	if err == nil || strings.Contains(err.Error(), "pp") || len(err.Error()) > 400 {
		t.Errorf("UnmarshalText(long input): error %q shows the password or the whole input", err)
	}
}

func TestMustParseNamesInput(t *testing.T) {
	tests := []struct {
		name string
		f    func(string) uri.URI
		in   string
	}{
		{"MustParse", uri.MustParse, "http://u:s3cret@h st/"},
		{"MustParseReference", uri.MustParseReference, "//u:s3cret@h st/"},
		{"RFC6874.MustParse", uri.RFC6874.MustParse, "http://u:s3cret@[fe80::1%en0]/"},
		{"RFC3987.MustParseReference", uri.RFC3987.MustParseReference, "//u:s3cret@é st/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				r := recover()
				err, ok := r.(error)
				var pe *uri.ParseError
				if !ok || !errors.As(err, &pe) {
					t.Fatalf("%s(%q) panicked with %v, want an error wrapping a *ParseError", tt.name, tt.in, r)
				}
				msg := err.Error()
				if strings.Contains(msg, "s3cret") || !strings.Contains(msg, uri.RedactInput(tt.in)) ||
					!strings.Contains(msg, tt.name) {
					t.Errorf("%s(%q) panicked with %q: want the call and the masked input", tt.name, tt.in, msg)
				}
			}()
			tt.f(tt.in)
		})
	}
	if got := uri.RFC6874.MustParseReference("http://[fe80::1%25en0]/"); got.Syntax() != uri.RFC6874 {
		t.Errorf("RFC6874.MustParseReference: Syntax() = %v", got.Syntax())
	}
}

// TestErrorMessages checks whole messages of the mistakes people make
// most: a space, a scheme without its ":", a port with letters; each cites
// one section.
func TestErrorMessages(t *testing.T) {
	tests := []struct {
		parse func(string) (uri.URI, error)
		in    string
		want  string
	}{
		{uri.Parse, "https://exa mple.com/", `uri: invalid URI: byte 0x20 at offset 11 cannot follow reg-name (RFC 3986 §3.2.2); a space is not allowed in a URI: write it "%20"`},
		{uri.Parse, "http//example.com", `uri: invalid URI: byte 0x2f at offset 4 cannot follow scheme (RFC 3986 §3.1); a scheme ends with ":" before "//" ("http://"): without it, this is a relative reference`},
		{uri.Parse, "H+t.T-p9//example.com", `uri: invalid URI: byte 0x2f at offset 8 cannot follow scheme (RFC 3986 §3.1); a scheme ends with ":" before "//" ("http://"): without it, this is a relative reference`},
		{uri.Parse, "1http//example.com", `uri: invalid URI: byte 0x31 at offset 0 cannot start a URI (RFC 3986 §3); this is a relative reference, not a URI: read it as a URI-reference (ParseReference)`},
		{uri.Parse, "ht_tp//example.com", `uri: invalid URI: byte 0x5f at offset 2 cannot follow scheme (RFC 3986 §3.1); this is a relative reference, not a URI: read it as a URI-reference (ParseReference)`},
		{uri.RFC3987.Parse, "hé//example.com", `uri: invalid IRI: character U+00E9 at offset 1 cannot follow scheme (RFC 3986 §3.1); this is a relative reference, not a URI: read it as a URI-reference (ParseReference)`},
		{uri.RFC6874.Parse, "http//[fe80::1%25en0]/", `uri: invalid URI: byte 0x2f at offset 4 cannot follow scheme (RFC 3986 §3.1); a scheme ends with ":" before "//" ("http://"): without it, this is a relative reference`},
		{uri.Parse, "http://h:123foo/", `uri: invalid URI: byte 0x66 at offset 12 cannot follow port (RFC 3986 §3.2.3); a port is digits only`},
		{uri.RFC3987.Parse, "//example.com/", `uri: invalid IRI: byte 0x2f at offset 0 cannot start an IRI (RFC 3987 §2.2); this is a relative reference, not a URI: read it as a URI-reference (ParseReference)`},
		{uri.ParseAbsolute, "#f", `uri: invalid absolute-URI: byte 0x23 at offset 0 cannot start an absolute-URI (RFC 3986 §4.3); this is a relative reference, not a URI: read it as a URI-reference (ParseReference)`},
		{uri.Parse, "/relative", `uri: invalid URI: byte 0x2f at offset 0 cannot start a URI (RFC 3986 §3); this is a relative reference, not a URI: read it as a URI-reference (ParseReference)`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := tt.parse(tt.in)
			got := fmt.Sprint(err)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
