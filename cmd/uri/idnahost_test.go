package main

import (
	"strings"
	"testing"

	"github.com/specuri/specuri/uri/idna"
)

// needIDNA skips a test that needs UTS #46 processing of non-ASCII names
// when package idna cannot convert them (a build without its tables).
func needIDNA(t *testing.T) {
	t.Helper()
	if _, err := idna.ToASCII("é.example"); err != nil {
		t.Skipf("package idna does not convert non-ASCII names here (%v): UTS #46 tests skipped", err)
	}
}

// TestInternationalHosts runs the reproducers of international hosts read
// wrong (RFC 3987 §3.1, §5.3; UTS #46): parse shows the ASCII host and
// the browser's origin, compare and normalize speak IDNA.
func TestInternationalHosts(t *testing.T) {
	needIDNA(t)
	runCLITests(t, []cliTest{
		{"parse origin and ascii host", "", []string{"parse", "--syntax", "rfc3987", "http://納豆.example.org/"}, cliResult{Stdout: `"http://納豆.example.org/"
  scheme    "http"
  userinfo  (undefined)
  host      "納豆.example.org"  reg-name
  ascii     "xn--99zt52a.example.org"  RFC 3987 §3.1, UTS #46
  port      (undefined)
  path      "/"  path-abempty
  query     (undefined)
  fragment  (undefined)
  scheme rules (http)
    ok
    origin  http://xn--99zt52a.example.org
    registrable domain  example.org
`}},
		{"parse json ascii host", "", []string{"parse", "--json", "--syntax", "rfc3987", "http://BÜCHER.de/"}, cliResult{Stdout: `{"input":"http://BÜCHER.de/","valid":true,"scheme":"http","userinfo":null,"host":"BÜCHER.de","hostKind":"reg-name","port":null,"path":"/","query":null,"fragment":null,"error":null,"asciiHost":{"name":"xn--bcher-kva.de","error":null},"schemeRules":{"scheme":"http","error":null,"origin":"http://xn--bcher-kva.de","registrableDomain":"xn--bcher-kva.de"}}` + "\n"}},
		{"parse json invalid ascii host", "", []string{"parse", "--json", "--syntax", "rfc3987", "http://a／b.example/"}, cliResult{Stdout: `{"input":"http://a／b.example/","valid":true,"scheme":"http","userinfo":null,"host":"a／b.example","hostKind":"reg-name","port":null,"path":"/","query":null,"fragment":null,"error":null,"asciiHost":{"name":null,"error":{"offset":7,"rule":"idna","message":"uri: invalid host name at offset 7 (idna): idna: forbidden-domain-code-point (a forbidden domain code point) in label 0 \"a/b.example\" at offset 1"}},"schemeRules":{"scheme":"http","error":null,"origin":"null","registrableDomain":null}}` + "\n"}},
		{"parse json no ascii host", "", []string{"parse", "--json", "--syntax", "rfc3987", "foo://é/"}, cliResult{Stdout: `{"input":"foo://é/","valid":true,"scheme":"foo","userinfo":null,"host":"é","hostKind":"reg-name","port":null,"path":"/","query":null,"fragment":null,"error":null,"asciiHost":null}` + "\n"}},
		{"compare IDN and punycode", "", []string{"compare", "--syntax", "rfc3987", "http://BÜCHER.de/", "http://xn--bcher-kva.de/"}, cliResult{Stdout: "scheme-based\n"}},
		{"compare percent-encoding aligned", "", []string{"compare", "--syntax", "rfc3987", "http://example.org/rosé", "http://example.org/ros%C3%A9"}, cliResult{Stdout: "syntax-based\n"}},
		{"normalize host case", "", []string{"normalize", "--scheme", "--syntax", "rfc3987", "HTTP://BÜCHER.de:80/"}, cliResult{Stdout: "http://bücher.de/\n"}},
		{"normalize URI host", "", []string{"normalize", "--scheme", "HTTP://B%C3%9Ccher.de:80"}, cliResult{Stdout: "http://xn--bcher-kva.de/\n"}},
		{"normalize nfc", "", []string{"normalize", "--nfc", "--syntax", "rfc3987", "http://example.org/re\u0301sume\u0301"}, cliResult{Stdout: "http://example.org/résumé\n"}},
	})
}

// TestParseASCIIHostOnlyForIRIs checks that the ASCII host changes no
// other output: not shown for a URI, an IP literal or another scheme.
func TestParseASCIIHostOnlyForIRIs(t *testing.T) {
	for _, args := range [][]string{
		{"parse", "http://example.org/"},
		{"parse", "--syntax", "rfc3987", "http://example.org/é"},
		{"parse", "--syntax", "rfc3987", "foo://é/"},
		{"parse", "--syntax", "rfc3987", "http://[::1]/é"},
	} {
		t.Run(args[len(args)-1], func(t *testing.T) {
			out, _, _ := runCmd(t, "", args...)
			if strings.Count(out, "\n  ascii ") != 0 {
				t.Errorf("uri %q shows an ascii line:\n%s", args, out)
			}
		})
	}
	out, _, _ := runCmd(t, "", "parse", "--syntax", "rfc3987", "http://é/")
	if strings.Count(out, "\n  ascii ") != 1 {
		t.Errorf("uri parse of an IRI with an international host shows no ascii line:\n%s", out)
	}
}
