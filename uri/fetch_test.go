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
