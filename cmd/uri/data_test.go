package main

import "testing"

func TestDataCommand(t *testing.T) {
	runCLITests(t, []cliTest{
		{"raw", "", []string{"data", "data:,Hello%2C%20World%21", "data:text/plain;base64,SGk="},
			cliResult{Stdout: "Hello, World!Hi"}},
		{"bytes", "", []string{"data", "data:;base64,AP8K"}, cliResult{Stdout: "\x00\xff\n"}},
		{"stdin", "data:,a\r\n\ndata:,b\n", []string{"data"}, cliResult{Stdout: "ab"}},
		{"web", "", []string{"data", "--web", "data:text/plain ,x", "data:;base64,S G k"},
			cliResult{Stdout: "xHi"}},
		{"rfc 2397 refuses a space", "", []string{"data", "data:text/plain ,x", "data:,y"},
			cliResult{Stdout: "y", Stderr: "uri data: \"data:text/plain ,x\": uri: invalid URI-reference: byte 0x20 at offset 15 cannot follow path-rootless (RFC 3986 §3.3); a space is not allowed in a URI: write it \"%20\"\n", Status: exitInvalid}},
		{"not data, masked", "", []string{"data", "--web", "http://u:s3cret@h/"},
			cliResult{Stderr: "uri data: \"http://u:xxxxx@h/\": dataurl: ProcessWeb: not a data: URL\n", Status: exitInvalid}},
		{"malformed", "", []string{"data", "--web", "data:text/plain"},
			cliResult{Stderr: "uri data: \"data:text/plain\": dataurl: ProcessWeb: no \",\" (Fetch, data: URL processor step 7): malformed data: URL\n", Status: exitInvalid}},
		{"bad base64", "", []string{"data", "data:;base64,A"},
			cliResult{Stderr: "uri data: \"data:;base64,A\": dataurl: an incomplete base64 quantum (RFC 2045 §6.8): invalid base64 data\n", Status: exitInvalid}},
	})
}
