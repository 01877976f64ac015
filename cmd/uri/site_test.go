package main

import "testing"

// TestSite checks uri site: the registrable domain of each name in any
// spelling, an error line for a name without one, --icann, --json,
// standard input, and the exit statuses.
func TestSite(t *testing.T) {
	runCLITests(t, []cliTest{
		{"names", "", []string{"site", "www.example.co.uk", "whatwg.github.io", "WWW.食狮.公司.CN.", "paypal.com.evil.net"},
			cliResult{Stdout: "example.co.uk\nwhatwg.github.io\nxn--85x722f.xn--55qx5d.cn.\nevil.net\n"}},
		{"no registrable domain", "", []string{"site", "example.com", "co.uk", "0x7f.1", "[::1]", ".example.com", "a b"},
			cliResult{Stdout: "example.com\nerror: public-suffix: the name is a public suffix\n" +
				"error: ip-address: an IP address has no public suffix\nerror: ip-address: an IP address has no public suffix\n" +
				"error: empty-label: the name has an empty label\n" +
				"error: idna: forbidden-domain-code-point: a forbidden domain code point (label 0 \"a b\" at offset 1)\n", Status: exitInvalid}},
		{"icann", "", []string{"site", "--icann", "a.b.github.io", "www.example.co.uk"},
			cliResult{Stdout: "github.io\nexample.co.uk\n"}},
		{"stdin", "a.b.example\n\nx.blogspot.com\n", []string{"site"},
			cliResult{Stdout: "b.example\nx.blogspot.com\n"}},
		{"json", "", []string{"site", "--json", "WWW.Example.COM", "0x7f.1", "github.io"},
			cliResult{Stdout: `{"input":"WWW.Example.COM","host":"www.example.com","publicSuffix":"com","icann":true,"registrableDomain":"example.com","error":null}` + "\n" +
				`{"input":"0x7f.1","host":"127.0.0.1","publicSuffix":null,"icann":null,"registrableDomain":null,"error":{"code":"ip-address","message":"an IP address has no public suffix"}}` + "\n" +
				`{"input":"github.io","host":"github.io","publicSuffix":"github.io","icann":false,"registrableDomain":null,"error":{"code":"public-suffix","message":"the name is a public suffix"}}` + "\n",
				Status: exitInvalid}},
		{"password masked", "", []string{"site", "http://u:hunter2@example.com/"},
			cliResult{Stdout: "error: idna: forbidden-domain-code-point: a forbidden domain code point (label 0 \"http://u:xxxxx@example.com/\" at offset 4); " +
				"a host name has no \"/\": for a URL, give its host (uri whatwg --json shows it as hostname)\n", Status: exitInvalid}},
		{"a URL or a port, not a host", "", []string{"site", "https://example.com/a", "example.com:8080", "[::1]:80"},
			cliResult{Stdout: "error: idna: forbidden-domain-code-point: a forbidden domain code point (label 0 \"https://example.com/a\" at offset 5); " +
				"a host name has no \"/\": for a URL, give its host (uri whatwg --json shows it as hostname)\n" +
				"error: idna: forbidden-domain-code-point: a forbidden domain code point (label 1 \"com:8080\" at offset 11); a host name has no \":\": give it without a port\n" +
				"error: idna: forbidden-domain-code-point: a forbidden domain code point (label 0 \"[::1]:80\" at offset 0); a host name has no \":\": give it without a port\n", Status: exitInvalid}},
		{"bad flag", "", []string{"site", "--bogus"}, cliResult{Stderr: "*", Status: exitUsage}},
	})
}
