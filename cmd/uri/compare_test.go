package main

import (
	"testing"

	"github.com/specuri/specuri/uri"
)

func TestCompareCommand(t *testing.T) {
	pctErr := errText(uri.ParseReference("%"))
	runCLITests(t, []cliTest{
		{"exact", "", []string{"compare", "http://a/", "http://a/"}, cliResult{Stdout: "exact\n"}},
		{"syntax", "", []string{"compare", "HTTP://www.EXAMPLE.com/", "http://www.example.com/"}, cliResult{Stdout: "syntax-based\n"}},
		{"scheme", "", []string{"compare", "http://example.com", "http://example.com:80/"}, cliResult{Stdout: "scheme-based\n"}},
		{"different", "", []string{"compare", "http://example.com/?", "http://example.com/"}, cliResult{Stdout: "different: query\n", Status: exitDifferent}},
		{"several", "", []string{"compare", "http://a/", "http://A/", "http://b/"}, cliResult{Stdout: "syntax-based\ndifferent: host\n", Status: exitDifferent}},
		{"B on stdin", "http://A/\r\n\nhttp://a:/\n", []string{"compare", "http://a/"}, cliResult{Stdout: "syntax-based\nscheme-based\n"}},
		{"batch", "http://a/\tHTTP://a/\nx\tx\n", []string{"compare"}, cliResult{Stdout: "syntax-based\nexact\n"}},
		{"batch different", "http://a/\thttp://b/\nx\tx\n", []string{"compare"}, cliResult{Stdout: "different: host\nexact\n", Status: exitDifferent}},
		{"batch no tab", "x x\nx\tx\n", []string{"compare"},
			cliResult{Stdout: "error: line 1: want two references separated by one tab\nexact\n", Status: exitTrouble}},
		{"batch invalid after different", "a\tb\n%\tb\n", []string{"compare"},
			cliResult{Stdout: "different: path\nerror: a: " + pctErr + "\n", Stderr: "*", Status: exitTrouble}},
		{"batch quoted", "\"\"\t\"\"\n", []string{"compare", "--quoted"}, cliResult{Stdout: "exact\n"}},
		{"syntax rfc6874", "", []string{"compare", "--syntax", "rfc6874", "http://[FE80::1%25en0]/", "http://[fe80::1%25en0]/"}, cliResult{Stdout: "syntax-based\n"}},
		{"syntax rfc3987", "", []string{"compare", "--syntax", "rfc3987", "http://é/%7e", "http://é/~"}, cliResult{Stdout: "syntax-based\n"}},
		{"json", "", []string{"compare", "--json", "http://a", "http://b"},
			cliResult{Stdout: `{"a":"http://a","b":"http://b","valid":true,"level":"different","equivalent":false,"component":"host","error":null}` + "\n", Status: exitDifferent}},
		{"json equal", "", []string{"compare", "http://a", "HTTP://a", "--json"},
			cliResult{Stdout: `{"a":"http://a","b":"HTTP://a","valid":true,"level":"syntax-based","equivalent":true,"component":null,"error":null}` + "\n"}},
		{"json invalid", "", []string{"compare", "--json", "http://a", "%"},
			cliResult{Stdout: `{"a":"http://a","b":"%","valid":false,"level":null,"equivalent":null,"component":null,"error":{"offset":0,"rule":"pct-encoded","message":"` + jsonText(pctErr) + `","input":"b"}}` + "\n", Status: exitTrouble}},
		{"json invalid UTF-8", "a\t\x80\n", []string{"compare", "--json"},
			cliResult{Stdout: `{"a":"a","b":"\ufffd","bQuoted":"\"\\x80\"","valid":false,"level":null,"equivalent":null,"component":null,"error":{"offset":0,"rule":"URI-reference","message":"` + errText(uri.ParseReference("\x80")) + `","input":"b"}}` + "\n", Status: exitTrouble}},
		{"invalid", "", []string{"compare", "a b", "c"},
			cliResult{Stdout: "error: a: " + errSpaceAt1 + "\n", Stderr: "uri compare: invalid URI reference A \"a b\"\n" + drawnSpaceAt, Status: exitTrouble}},
		{"bad flag", "", []string{"compare", "--jsn", "a", "b"},
			cliResult{Stderr: "uri compare: unknown flag --jsn; did you mean --json? (see 'uri compare --help')\n", Status: exitTrouble}},
	})
}
