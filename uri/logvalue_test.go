package uri_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

func TestLogValue(t *testing.T) {
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		want   string
	}{
		{"password", uri.RFC3986, "https://user:secret@example.com/p?q", `level=INFO msg=m url=https://user:xxxxx@example.com/p?q` + "\n"},
		{"no password", uri.RFC3986, "https://user@example.com/", `level=INFO msg=m url=https://user@example.com/` + "\n"},
		{"empty", uri.RFC3986, "", `level=INFO msg=m url=""` + "\n"},
		{"zone", uri.RFC6874, "http://u:pw@[fe80::1%25en0]/", `level=INFO msg=m url=http://u:xxxxx@[fe80::1%25en0]/` + "\n"},
		{"IRI", uri.RFC3987, "http://\u00fc:p\u00e4ss@h/\u00e9", "level=INFO msg=m url=http://\u00fc:xxxxx@h/\u00e9\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			noTime := func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey {
					return slog.Attr{}
				}
				return a
			}
			slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{ReplaceAttr: noTime})).Info("m", "url", u)
			if diff := cmp.Diff(tt.want, b.String()); diff != "" {
				t.Errorf("LogValue(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			b.Reset()
			slog.New(slog.NewJSONHandler(&b, nil)).Info("m", slog.Any("url", u))
			if pass, ok := u.Password(); ok && pass != "" && strings.Contains(b.String(), pass) {
				t.Errorf("JSON log of %q holds the password: %s", tt.in, &b)
			}
		})
	}
}

func TestGoString(t *testing.T) {
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		want   string
	}{
		{"plain", uri.RFC3986, "http://example.com/a?b#c", `uri.MustParseReference("http://example.com/a?b#c")`},
		{"password masked", uri.RFC3986, "http://u:secret@h/", `uri.MustParseReference("http://u:xxxxx@h/")`},
		{"sub-delims", uri.RFC3986, `a'b`, `uri.MustParseReference("a'b")`},
		{"empty", uri.RFC3986, "", `uri.MustParseReference("")`},
		{"zone", uri.RFC6874, "http://[fe80::1%25en0]/", `uri.RFC6874.MustParseReference("http://[fe80::1%25en0]/")`},
		{"IRI", uri.RFC3987, "http://h/r\u00e9sum\u00e9", "uri.RFC3987.MustParseReference(\"http://h/r\u00e9sum\u00e9\")"},
		{"IRI syntax, ASCII value", uri.RFC3987, "http://h/", `uri.MustParseReference("http://h/")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, fmt.Sprintf("%#v", u)); diff != "" {
				t.Errorf("GoString(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	var zero uri.URI
	if diff := cmp.Diff(`uri.MustParseReference("")`, fmt.Sprintf("%#v", zero)); diff != "" {
		t.Errorf("GoString(URI{}) mismatch (-want +got):\n%s", diff)
	}
}

func TestHostPathMarshalText(t *testing.T) {
	type parts struct {
		Host uri.Host
		Path uri.Path
	}
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		want   string
	}{
		{"reg-name", uri.RFC3986, "http://Ex%41mple.com/a%2Fb", `{"Host":"Ex%41mple.com","Path":"/a%2Fb"}`},
		{"IPv6", uri.RFC3986, "http://[::1]:80", `{"Host":"[::1]","Path":""}`},
		{"no host", uri.RFC3986, "mailto:a@b", `{"Host":"","Path":"a@b"}`},
		{"zone", uri.RFC6874, "http://[fe80::1%25en0]/", `{"Host":"[fe80::1%25en0]","Path":"/"}`},
		{"IRI", uri.RFC3987, "http://\u00e9.example/\u00e9", "{\"Host\":\"\u00e9.example\",\"Path\":\"/\u00e9\"}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			h, _ := u.Host()
			got, err := json.Marshal(parts{h, u.Path()})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("json.Marshal(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			app, _ := h.AppendText([]byte("host="))
			app, _ = u.Path().AppendText(append(app, " path="...))
			if diff := cmp.Diff("host="+h.String()+" path="+u.Path().String(), string(app)); diff != "" {
				t.Errorf("AppendText(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestComparisonString(t *testing.T) {
	tests := []struct {
		a, b string
		want string
	}{
		{"http://h/", "http://h/", "exact"},
		{"HTTP://h/%7e", "http://h/~", "syntax-based"},
		{"http://h:80", "http://h/", "scheme-based"},
		{"http://a/", "http://b/", "different: host"},
		{"http://h/?", "http://h/", "different: query"},
		{"a:b", "c:b", "different: scheme"},
	}
	for _, tt := range tests {
		t.Run(tt.a+" "+tt.b, func(t *testing.T) {
			got := uri.Compare(uri.MustParseReference(tt.a), uri.MustParseReference(tt.b)).String()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Compare(%q, %q).String() mismatch (-want +got):\n%s", tt.a, tt.b, diff)
			}
		})
	}
	if diff := cmp.Diff("different", uri.Comparison{}.String()); diff != "" {
		t.Errorf("Comparison{}.String() mismatch (-want +got):\n%s", diff)
	}
}
