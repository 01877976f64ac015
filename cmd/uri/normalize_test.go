package main

import (
	"testing"

	"github.com/specuri/specuri/uri"
)

func TestNormalizeCommand(t *testing.T) {
	runCLITests(t, []cliTest{
		{"syntax", "", []string{"normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "HTTP://h:80"},
			cliResult{Stdout: "example://a/b/c/%7Bfoo%7D\nhttp://h:80\n"}},
		{"scheme", "", []string{"normalize", "--scheme", "HTTP://h:80", "http://h:/?"},
			cliResult{Stdout: "http://h/\nhttp://h/?\n"}},
		{"scheme after", "", []string{"normalize", "HTTP://h:80", "--scheme"},
			cliResult{Stdout: "http://h/\n"}},
		{"ipv6", "", []string{"normalize", "--ipv6", "//[0:0::1]"}, cliResult{Stdout: "//[::1]\n"}},
		{"stdin", "\uFEFFA:/x/..//y\r\n\n", []string{"normalize"}, cliResult{Stdout: "a:/.//y\n"}},
		{"quoted empty", "\"\"\n", []string{"normalize", "--quoted"}, cliResult{Stdout: "\n"}},
		{"dash argument", "", []string{"normalize", "--", "-a/./b"}, cliResult{Stdout: "-a/./b\n"}},
		{"syntax rfc6874", "", []string{"normalize", "--syntax", "rfc6874", "HTTP://[FE80::1%25en0]/a/../b"},
			cliResult{Stdout: "http://[fe80::1%25en0]/b\n"}},
		{"syntax rfc3987", "", []string{"normalize", "--syntax", "rfc3987", "HTTP://résumé/%7e/./x"},
			cliResult{Stdout: "http://résumé/~/x\n"}},
		{"invalid", "", []string{"normalize", "HTTP://h/", "a b", "X:y"},
			cliResult{Stdout: "http://h/\nerror: " + errSpaceAt1 + "\nx:y\n", Stderr: "uri normalize: invalid URI reference \"a b\"\n" + drawnSpaceAt, Status: exitInvalid}},
		{"json", "", []string{"normalize", "--json", "HTTP://H/%7e", "%"},
			cliResult{Stdout: `{"input":"HTTP://H/%7e","valid":true,"normalized":"http://h/~","error":null}
{"input":"%","valid":false,"normalized":null,"error":{"offset":0,"rule":"pct-encoded","message":"` + errText(uri.ParseReference("%")) + `"}}
`, Status: exitInvalid}},
		{"json invalid UTF-8", "", []string{"normalize", "--json", "\xc3"},
			cliResult{Stdout: `{"input":"\ufffd","inputQuoted":"\"\\xc3\"","valid":false,"normalized":null,"error":{"offset":0,"rule":"URI-reference","message":"` + errText(uri.ParseReference("\xc3")) + `"}}
`, Status: exitInvalid}},
		{"bad syntax", "", []string{"normalize", "--syntax", "iri", "x"},
			cliResult{Stderr: "uri normalize: invalid value \"iri\" for --syntax: want rfc3986, rfc6874 or rfc3987 (see 'uri normalize --help')\n", Status: exitUsage}},
	})
}
