package main

import "testing"

// TestHintsNameTheCommandsFlags checks that an error's way out names a flag
// the command has, or none: a base must be a URI whatever flag is given
// (RFC 3986 §5.1), and fetch-check and data have no --rule nor --syntax.
func TestHintsNameTheCommandsFlags(t *testing.T) {
	const relative = "uri: invalid URI: byte 0x2f at offset 0 cannot start a URI (RFC 3986 §3); this is a relative reference, not a URI: "
	runCLITests(t, []cliTest{
		{"resolve base", "", []string{"resolve", "//x", "y"},
			cliResult{Stdout: "error: base: " + relative + "a base URI has a scheme\n", Stderr: "*", Status: exitInvalid}},
		{"relative base", "", []string{"relative", "--json", "//x", "y"},
			cliResult{Stdout: `{"base":"//x","target":"y","valid":false,"reference":null,"error":{"offset":0,"rule":"URI","message":"` + relative + `a base URI has a scheme","input":"base"}}` + "\n", Stderr: "*", Status: exitInvalid}},
		{"fetch-check", "", []string{"fetch-check", "//example.com/", "http://[fe80::1%25en0]/"},
			cliResult{Stdout: "error: uri: invalid IRI: byte 0x2f at offset 0 cannot start an IRI (RFC 3987 §2.2); this is a relative reference, not a URI: a URL to fetch has a scheme and a host\n" +
				"error: uri: invalid IRI: byte 0x25 at offset 15 cannot follow IPv6address (RFC 3986 §3.2.2); a URL to fetch has no zone identifier, which names a link of this machine\n",
				Status: exitInvalid}},
		{"data", "", []string{"data", "data:,é"},
			cliResult{Stderr: `uri data: "data:,é": uri: invalid URI-reference: non-ASCII byte 0xc3 at offset 6 (RFC 3986 §2); non-ASCII characters are allowed in IRIs: --web reads them as browsers do` + "\n",
				Status: exitInvalid}},
	})
}
