package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// TestCheckFetch checks each rule of CheckFetch on URLs a user might
// paste, and that no message shows a byte of a password.
func TestCheckFetch(t *testing.T) {
	tests := []struct {
		in      string
		schemes []string
		code    string // "" for nil
		offset  int
	}{
		{"https://example.com/a?b#c", nil, "", 0},
		{"HTTPS://Example.COM/", nil, "", 0},
		{"http://192.0.2.1:8080/", nil, "", 0},
		{"http://[2001:db8::1]/", nil, "", 0},
		{"http://example.com:/", nil, "", 0},
		{"http://example.com.:65535/", nil, "", 0},
		{"https://b%C3%BCcher.de/", nil, "", 0},
		{"wss://example.com/chat", []string{"wss"}, "", 0},
		{"ftp://example.com/", nil, uri.FetchScheme, 0},
		{"//example.com/", nil, uri.FetchScheme, 0},
		{"javascript:alert(1)", nil, uri.FetchScheme, 0},
		{"https://example.com/", []string{"http"}, uri.FetchScheme, 0},
		{"http://user:hunter2@example.com/", nil, uri.FetchUserinfo, 7},
		{"http://@example.com/", nil, uri.FetchUserinfo, 7},
		{"http:///path", nil, uri.FetchHost, 7},
		{"http://[v1.x]/", nil, uri.FetchHost, 7},
		{"http://exa%20mple.com/", nil, uri.FetchHost, 7},
		{"http://exa_mple.com/", nil, uri.FetchHost, 7},
		{"http://-example.com/", nil, uri.FetchHost, 7},
		{"http://" + strings.Repeat("a", 64) + ".com/", nil, uri.FetchHost, 7},
		{"http://" + strings.Repeat("a.", 127) + "com/", nil, uri.FetchHost, 7},
		{"http://0x7f.1/", nil, uri.FetchHost, 7},
		{"http://example.com:0/", nil, uri.FetchPort, 19},
		{"http://example.com:99999/", nil, uri.FetchPort, 19},
		{"http://example.com:65536/", nil, uri.FetchPort, 19},
		{"ws://example.com/#f", []string{"ws"}, uri.FetchSchemeRules, 17},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := uri.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			err = u.CheckFetch(tt.schemes...)
			var got struct {
				Code   string
				Offset int
			}
			var fe *uri.FetchError
			if errors.As(err, &fe) {
				got.Code, got.Offset = fe.Code, fe.Offset
			} else if err != nil {
				t.Fatalf("CheckFetch(%q) = %v, not a *FetchError", tt.in, err)
			}
			want := got
			want.Code, want.Offset = tt.code, tt.offset
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("CheckFetch(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if err != nil && strings.Contains(err.Error(), "hunter2") {
				t.Errorf("CheckFetch(%q) = %v shows the password", tt.in, err)
			}
		})
	}
}

// TestCheckFetchSyntaxes runs CheckFetch on zones (RFC 6874), IRIs (RFC
// 3987) and international hosts: an IRI is fetchable exactly when the URI
// it maps to is (RFC 3987 §3.1), and offsets are into u.String().
func TestCheckFetchSyntaxes(t *testing.T) {
	tests := []struct {
		syntax uri.Syntax
		in     string
		code   string // "" for nil
		offset int
	}{
		{uri.RFC6874, "http://[fe80::1%25en0]:8080/", "", 0},
		{uri.RFC6874, "http://example.com/", "", 0},
		{uri.RFC6874, "http://u@[fe80::1%25en0]/", uri.FetchUserinfo, 7},
		{uri.RFC6874, "http://[fe80::1%25en0]:0/", uri.FetchPort, 23},
		{uri.RFC3987, "https://bücher.de/ä?ö#ü", "", 0},
		{uri.RFC3987, "HTTPS://BÜCHER.de/", "", 0},
		{uri.RFC3987, "http://納豆.example.org/", "", 0},
		{uri.RFC3987, "http://１.２.３.４/", "", 0},
		{uri.RFC3987, "http://[::1]/é", "", 0},
		{uri.RFC3987, "http://u:pässwort@bücher.de/", uri.FetchUserinfo, 7},
		{uri.RFC3987, "http://ab\u200ed.de/", uri.FetchHost, 7},
		{uri.RFC3987, "http://é..é/", uri.FetchHost, 7},
		{uri.RFC3987, "http://a／b.example/", uri.FetchHost, 7},
		{uri.RFC3987, "http:///é", uri.FetchHost, 7},
		{uri.RFC3987, "http://bücher.de:65536/", uri.FetchPort, 18},
		{uri.RFC3987, "ws://bücher.de/#é", uri.FetchSchemeRules, 16},
		{uri.RFC3987, "mailto:é@example.org", uri.FetchScheme, 0},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			type result struct {
				Code   string
				Offset int
			}
			fetchResult := func(err error) result {
				var fe *uri.FetchError
				if errors.As(err, &fe) {
					return result{fe.Code, fe.Offset}
				}
				if err != nil {
					t.Fatalf("CheckFetch(%q) = %v, not a *FetchError", tt.in, err)
				}
				return result{}
			}
			err = u.CheckFetch("http", "https", "ws")
			if diff := cmp.Diff(result{tt.code, tt.offset}, fetchResult(err)); diff != "" {
				t.Errorf("CheckFetch(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if err != nil && strings.Contains(err.Error(), "pässwort") {
				t.Errorf("CheckFetch(%q) = %v shows the password", tt.in, err)
			}
			v := u.ToURI()
			if got := v.CheckFetch("http", "https", "ws"); (got == nil) != (err == nil) {
				t.Errorf("CheckFetch(%q) = %v, but of its URI %q: %v", tt.in, err, v, got)
			}
		})
	}
}
