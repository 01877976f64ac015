package main

import (
	"testing"

	"github.com/specuri/specuri/uri"
)

func TestRelativeCommand(t *testing.T) {
	unreachable := uri.ErrNotReachable.Error()
	runCLITests(t, []cliTest{
		{"sibling", "", []string{"relative", "http://a/b/c/d;p?q", "http://a/b/g"}, cliResult{Stdout: "../g\n"}},
		{"query", "", []string{"relative", "http://a/b/c/d;p?q", "http://a/b/c/d;p?y"}, cliResult{Stdout: "?y\n"}},
		{"same", "", []string{"relative", "http://a/b/c/d;p?q", "http://a/b/c/d;p?q"}, cliResult{Stdout: "\n"}},
		{"other scheme", "", []string{"relative", "http://a/b", "https://a/b"}, cliResult{Stdout: "https://a/b\n"}},
		{"several targets", "", []string{"relative", "http://a/b/c", "http://a/b/d", "http://a/x"}, cliResult{Stdout: "d\n/x\n"}},
		{"targets on stdin", "http://a/b/d\r\n\nhttp://a/x\n", []string{"relative", "http://a/b/c"}, cliResult{Stdout: "d\n/x\n"}},
		{"batch", "http://a/b/c\thttp://a/b/d\nhttp://x/\thttp://y/\n", []string{"relative"}, cliResult{Stdout: "d\n//y/\n"}},
		{"batch no tab", "http://a/b/c\n", []string{"relative", "-"},
			cliResult{Stdout: "error: line 1: want two references separated by one tab\n", Status: exitInvalid}},
		{"syntax rfc3987", "", []string{"relative", "http://é/a/b", "http://é/a/ü", "--syntax", "rfc3987"}, cliResult{Stdout: "ü\n"}},
		{"syntax rfc6874", "", []string{"relative", "--syntax", "rfc6874", "http://[fe80::1%25en0]/a/b", "http://[fe80::1%25en0]/c"}, cliResult{Stdout: "/c\n"}},
		{"json", "", []string{"relative", "--json", "http://a/b/c/d;p?q", "http://a/g"},
			cliResult{Stdout: `{"base":"http://a/b/c/d;p?q","target":"http://a/g","valid":true,"reference":"/g","error":null}` + "\n"}},
		{"unreachable", "", []string{"relative", "http://a/b", "http://a/x/../y", "http://a/c"},
			cliResult{Stdout: "error: " + unreachable + "\nc\n", Status: exitInvalid}},
		{"json unreachable", "", []string{"relative", "--json", "http://a/b", "http://a/x/../y"},
			cliResult{Stdout: `{"base":"http://a/b","target":"http://a/x/../y","valid":true,"reference":null,"error":{"offset":0,"rule":"","message":"` + jsonText(unreachable) + `"}}` + "\n", Status: exitInvalid}},
		{"json bad target", "", []string{"relative", "--json", "http://a/b", "%"},
			cliResult{Stdout: `{"base":"http://a/b","target":"%","valid":false,"reference":null,"error":{"offset":0,"rule":"pct-encoded","message":"` + errText(uri.ParseReference("%")) + `","input":"target"}}` + "\n", Status: exitInvalid}},
		{"json invalid UTF-8", "", []string{"relative", "--json", "h\xfe", "x"},
			cliResult{Stdout: `{"base":"h\ufffd","baseQuoted":"\"h\\xfe\"","target":"x","valid":false,"reference":null,"error":{"offset":1,"rule":"scheme","message":"` + errText(uri.Parse("h\xfe")) + `","input":"base"}}` + "\n", Status: exitInvalid}},
		{"relative base", "", []string{"relative", "/b", "http://a/"},
			cliResult{Stdout: "error: base: " + errText(baseParse(uri.Parse)("/b")) + "\n", Stderr: "*", Status: exitInvalid}},
	})
}
