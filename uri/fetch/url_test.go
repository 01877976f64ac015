package fetch_test

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fetch"
)

// urlResult is what the tests compare of CheckURL's error.
type urlResult struct {
	Code   string
	Offset int
	Rule   string // the AddrError's rule underneath, if any
}

func resultOf(t *testing.T, in string, err error) urlResult {
	t.Helper()
	if err == nil {
		return urlResult{}
	}
	var ue *fetch.URLError
	if !errors.As(err, &ue) {
		t.Fatalf("CheckURL(%q) = %v, not a *URLError", in, err)
	}
	r := urlResult{Code: ue.Code, Offset: ue.Offset}
	var ae *fetch.AddrError
	if errors.As(err, &ae) {
		r.Rule = ae.Rule
	}
	return r
}

// TestCheckURL checks each rule of CheckURL on URLs a user might paste,
// and that no message shows a byte of a password.
func TestCheckURL(t *testing.T) {
	tests := []struct {
		in     string
		policy *fetch.Policy
		want   urlResult
	}{
		{"https://example.com/a?b#c", nil, urlResult{}},
		{"HTTPS://Example.COM/", nil, urlResult{}},
		{"http://93.184.215.14:8080/", nil, urlResult{}},
		{"http://[2606:4700:4700::1111]/", nil, urlResult{}},
		{"http://example.com:/", nil, urlResult{}},
		{"http://example.com.:65535/", nil, urlResult{}},
		{"https://b%C3%BCcher.de/", nil, urlResult{}},
		{"wss://example.com/chat", &fetch.Policy{Schemes: []string{"wss"}}, urlResult{}},
		{"ftp://example.com/", nil, urlResult{fetch.URLScheme, 0, ""}},
		{"//example.com/", nil, urlResult{fetch.URLScheme, 0, ""}},
		{"javascript:alert(1)", nil, urlResult{fetch.URLScheme, 0, ""}},
		{"https://example.com/", &fetch.Policy{Schemes: []string{"http"}}, urlResult{fetch.URLScheme, 0, ""}},
		{"http://user:hunter2@example.com/", nil, urlResult{fetch.URLUserinfo, 7, ""}},
		{"http://@example.com/", nil, urlResult{fetch.URLUserinfo, 7, ""}},
		{"http:///path", nil, urlResult{fetch.URLHost, 7, ""}},
		{"http:/path", nil, urlResult{fetch.URLHost, 5, ""}},
		{"http://[v1.x]/", nil, urlResult{fetch.URLHost, 7, ""}},
		{"http://exa%20mple.com/", nil, urlResult{fetch.URLHost, 7, ""}},
		{"http://exa_mple.com/", nil, urlResult{fetch.URLHost, 7, ""}},
		{"http://-example.com/", nil, urlResult{fetch.URLHost, 7, ""}},
		{"http://" + strings.Repeat("a", 64) + ".com/", nil, urlResult{fetch.URLHost, 7, ""}},
		{"http://" + strings.Repeat("a.", 127) + "com/", nil, urlResult{fetch.URLHost, 7, ""}},
		{"http://0x7f.1/", nil, urlResult{fetch.URLHost, 7, ""}},
		{"http://example.com:0/", nil, urlResult{fetch.URLPort, 19, ""}},
		{"http://example.com:99999/", nil, urlResult{fetch.URLPort, 19, ""}},
		{"http://example.com:65536/", nil, urlResult{fetch.URLPort, 19, ""}},
		{"http://example.com:25/", nil, urlResult{fetch.URLPort, 19, fetch.RuleBadPort}},
		{"http://example.com:6667/", nil, urlResult{fetch.URLPort, 19, fetch.RuleBadPort}},
		{"http://example.com:8080/", &fetch.Policy{Ports: []uint16{443}}, urlResult{fetch.URLPort, 19, fetch.RulePortNotAllowed}},
		{"http://example.com/", &fetch.Policy{Ports: []uint16{443}}, urlResult{fetch.URLPort, 19, fetch.RulePortNotAllowed}},
		{"https://example.com/", &fetch.Policy{Ports: []uint16{443}}, urlResult{}},
		{"http://example.com:25/", &fetch.Policy{Ports: []uint16{25}}, urlResult{}},
		// The default port is the one dialed: ftp's, 21, is a bad port
		// (a policy is free to list ftp, which the client cannot fetch).
		{"ftp://example.com/", &fetch.Policy{Schemes: []string{"ftp"}}, urlResult{fetch.URLPort, 18, fetch.RuleBadPort}},
		{"ftp://example.com:21/", &fetch.Policy{Schemes: []string{"ftp"}}, urlResult{fetch.URLPort, 18, fetch.RuleBadPort}},
		{"ftp://example.com:2121/", &fetch.Policy{Schemes: []string{"ftp"}}, urlResult{}},
		{"ws://example.com/#f", &fetch.Policy{Schemes: []string{"ws"}}, urlResult{fetch.URLSchemeRules, 17, ""}},
		// An IP address host is checked at once.
		{"http://127.0.0.1/", nil, urlResult{fetch.URLAddr, 7, fetch.RuleRegistry}},
		{"http://169.254.169.254/latest/meta-data/", nil, urlResult{fetch.URLAddr, 7, fetch.RuleRegistry}},
		{"http://[::ffff:127.0.0.1]/", nil, urlResult{fetch.URLAddr, 7, fetch.RuleRegistry}},
		{"http://[64:ff9b::a9fe:a9fe]/", nil, urlResult{fetch.URLAddr, 7, fetch.RuleRegistry}},
		{"http://[ff02::1]/", nil, urlResult{fetch.URLAddr, 7, fetch.RuleMulticast}},
		{"http://u:p@127.0.0.1/", nil, urlResult{fetch.URLUserinfo, 7, ""}},
		{"http://127.0.0.1:8080/", &fetch.Policy{Allow: mustPrefixes("127.0.0.1/32")}, urlResult{}},
		{"http://127.0.0.1:25/", &fetch.Policy{Allow: mustPrefixes("127.0.0.1/32")}, urlResult{fetch.URLPort, 17, fetch.RuleBadPort}},
		// Allowed hosts: ASCII, without regard to case or a trailing dot.
		{"https://API.example.com./v1", &fetch.Policy{Hosts: []string{"api.example.com"}}, urlResult{}},
		{"https://api.example.com%2e/v1", &fetch.Policy{Hosts: []string{"api.example.com"}}, urlResult{}},
		{"https://api.example.com/v1", &fetch.Policy{Hosts: []string{"api.example.com."}}, urlResult{}},
		{"https://b%C3%BCcher.de/", &fetch.Policy{Hosts: []string{"xn--bcher-kva.de"}}, urlResult{}},
		{"https://evil.example/", &fetch.Policy{Hosts: []string{"api.example.com"}}, urlResult{fetch.URLHostNotAllowed, 8, ""}},
		{"https://api.example.com.evil.example/", &fetch.Policy{Hosts: []string{"api.example.com"}}, urlResult{fetch.URLHostNotAllowed, 8, ""}},
		{"https://[2606:4700:4700:0::1111]/", &fetch.Policy{Hosts: []string{"2606:4700:4700::1111"}}, urlResult{}},
		{"https://93.184.215.14/", &fetch.Policy{Hosts: []string{"api.example.com"}}, urlResult{fetch.URLHostNotAllowed, 8, ""}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := uri.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			err = tt.policy.CheckURL(u)
			if diff := cmp.Diff(tt.want, resultOf(t, tt.in, err)); diff != "" {
				t.Errorf("CheckURL(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if err != nil && (strings.Contains(err.Error(), "hunter2") || !strings.HasPrefix(err.Error(), "fetch: ")) {
				t.Errorf("CheckURL(%q) = %v", tt.in, err)
			}
		})
	}
}

func mustPrefixes(s ...string) []netip.Prefix {
	var out []netip.Prefix
	for _, x := range s {
		out = append(out, netip.MustParsePrefix(x))
	}
	return out
}

// TestCheckURLSyntaxes runs CheckURL on zones (RFC 6874), IRIs (RFC 3987)
// and international hosts: an IRI is fetchable exactly when the URI it
// maps to is (RFC 3987 §3.1), and offsets are into u.String().
func TestCheckURLSyntaxes(t *testing.T) {
	p := &fetch.Policy{Schemes: []string{"http", "https", "ws"}, Allow: mustPrefixes("fe80::/10")}
	tests := []struct {
		syntax uri.Syntax
		in     string
		want   urlResult
	}{
		{uri.RFC6874, "http://[fe80::1%25en0]:8080/", urlResult{}},
		{uri.RFC6874, "http://example.com/", urlResult{}},
		{uri.RFC6874, "http://u@[fe80::1%25en0]/", urlResult{fetch.URLUserinfo, 7, ""}},
		{uri.RFC6874, "http://[fe80::1%25en0]:0/", urlResult{fetch.URLPort, 23, ""}},
		{uri.RFC3987, "https://bücher.de/ä?ö#ü", urlResult{}},
		{uri.RFC3987, "HTTPS://BÜCHER.de/", urlResult{}},
		{uri.RFC3987, "http://納豆.example.org/", urlResult{}},
		{uri.RFC3987, "http://１.２.３.４/", urlResult{}},
		{uri.RFC3987, "http://[2606:4700:4700::1111]/é", urlResult{}},
		{uri.RFC3987, "http://u:pässwort@bücher.de/", urlResult{fetch.URLUserinfo, 7, ""}},
		{uri.RFC3987, "http://ab\u200ed.de/", urlResult{fetch.URLHost, 7, ""}},
		{uri.RFC3987, "http://é..é/", urlResult{fetch.URLHost, 7, ""}},
		{uri.RFC3987, "http://a／b.example/", urlResult{fetch.URLHost, 7, ""}},
		{uri.RFC3987, "http:///é", urlResult{fetch.URLHost, 7, ""}},
		{uri.RFC3987, "http://bücher.de:65536/", urlResult{fetch.URLPort, 18, ""}},
		{uri.RFC3987, "ws://bücher.de/#é", urlResult{fetch.URLSchemeRules, 16, ""}},
		{uri.RFC3987, "mailto:é@example.org", urlResult{fetch.URLScheme, 0, ""}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			err = p.CheckURL(u)
			if diff := cmp.Diff(tt.want, resultOf(t, tt.in, err)); diff != "" {
				t.Errorf("CheckURL(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if err != nil && strings.Contains(err.Error(), "pässwort") {
				t.Errorf("CheckURL(%q) = %v shows the password", tt.in, err)
			}
			v := u.ToURI()
			if got := p.CheckURL(v); (got == nil) != (err == nil) {
				t.Errorf("CheckURL(%q) = %v, but of its URI %q: %v", tt.in, err, v, got)
			}
		})
	}
}

// TestCheckURLLinear checks that CheckURL and NewRequest take time linear
// in their input (RFC 3986 sets no length limit, §2).
func TestCheckURLLinear(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("works on megabytes")
	}
	for _, tt := range []struct {
		name                 string
		syntax               uri.Syntax
		prefix, unit, suffix string
	}{
		{"10^6 dots", uri.RFC3986, "http://", "a.", "/"},
		{"an IRI's path", uri.RFC3987, "http://bücher.de/", "\u00e9/", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			parse := func(size int) uri.URI {
				u, err := tt.syntax.ParseReference(lineartest.Input(tt.prefix, tt.unit, tt.suffix, size))
				if err != nil {
					t.Fatal(err)
				}
				return u
			}
			small, large := parse(1<<10), parse(1<<20)
			lineartest.Check(t,
				lineartest.Sample{N: len(small.String()), Op: func() { _ = fetch.CheckURL(small) }},
				lineartest.Sample{N: len(large.String()), Op: func() { _ = fetch.CheckURL(large) }}, 20)
			// NewRequest parses, checks and writes the request's URL.
			ctx := context.Background()
			lineartest.Check(t,
				lineartest.Sample{N: len(small.String()), Op: func() { _, _ = fetch.NewRequest(ctx, "GET", small.String(), nil) }},
				lineartest.Sample{N: len(large.String()), Op: func() { _, _ = fetch.NewRequest(ctx, "GET", large.String(), nil) }}, 20)
		})
	}
}
