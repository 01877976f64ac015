package main

import (
	"strings"
	"testing"
)

const missingScheme = "whatwg: missing-scheme-non-relative-URL at offset 0: the input has no scheme and there is no base URL (or the base has an opaque path)"

func TestWHATWGCommand(t *testing.T) {
	runCLITests(t, []cliTest{
		{"href", "", []string{"whatwg", "HTTP://EXAMPLE.com:80/a/../b", "https:example.org"},
			cliResult{Stdout: "http://example.com/b\nhttps://example.org/\n",
				Stderr: "uri whatwg: validation errors in \"https:example.org\":\n  offset 6: special-scheme-missing-following-solidus (a special scheme is not followed by //)\n"}},
		{"password masked", "", []string{"whatwg", "http://u:secret@h/"},
			cliResult{Stdout: "http://u:xxxxx@h/\n",
				Stderr: "uri whatwg: validation errors in \"http://u:xxxxx@h/\":\n  offset 15: invalid-credentials (the URL includes credentials)\n"}},
		{"failure", "", []string{"whatwg", "a", "http://h/"},
			cliResult{Stdout: "error: " + missingScheme + "\nhttp://h/\n",
				Stderr: "uri whatwg: invalid URL \"a\"\n  error: " + missingScheme + "\n    a\n    ^\n", Status: exitInvalid}},
		{"failure password masked", "", []string{"whatwg", "http://u:secret@h:x/"},
			cliResult{Stdout: "error: whatwg: port-invalid at offset 18: the port has a character that is not a digit\n",
				Stderr: "uri whatwg: validation errors in \"http://u:xxxxx@h:x/\":\n  offset 15: invalid-credentials (the URL includes credentials)\n" +
					"uri whatwg: invalid URL \"http://u:xxxxx@h:x/\"\n  error: whatwg: port-invalid at offset 18: the port has a character that is not a digit\n",
				Status: exitInvalid}},
		{"base", "", []string{"whatwg", "--base", "https://example.com/dir/", "../x?y#z"},
			cliResult{Stdout: "https://example.com/x?y#z\n"}},
		{"bad base", "", []string{"whatwg", "--base", "http://u:secret@", "x"},
			cliResult{Stderr: "uri whatwg: invalid --base \"http://u:xxxxx@\": whatwg: host-missing at offset 16: a special URL needs a host (see 'uri whatwg --help')\n", Status: exitUsage}},
		{"stdin", "\uFEFFhttp://a\r\n\nhttps://b\n", []string{"whatwg"}, cliResult{Stdout: "http://a/\nhttps://b/\n"}},
		{"json", "", []string{"whatwg", "--json", "--base", "https://example.com/dir/", "../x", "http://[::1"},
			cliResult{Stdout: `{"input":"../x","base":"https://example.com/dir/","failure":false,"href":"https://example.com/x","origin":"https://example.com","protocol":"https:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/x","search":"","hash":"","validationErrors":[]}
{"input":"http://[::1","base":"https://example.com/dir/","failure":true,"validationErrors":[{"offset":7,"kind":"IPv6-unclosed"}]}
`, Status: exitInvalid}},
		{"json no base", "", []string{"whatwg", "--json", "sc:x"},
			cliResult{Stdout: `{"input":"sc:x","base":null,"failure":false,"href":"sc:x","origin":"null","protocol":"sc:","username":"","password":"","host":"","hostname":"","port":"","pathname":"x","search":"","hash":"","validationErrors":[]}
`}},
		{"unknown flag", "", []string{"whatwg", "--bse", "x"},
			cliResult{Stderr: "uri whatwg: unknown flag --bse; did you mean --base? (see 'uri whatwg --help')\n", Status: exitUsage}},
	})
}

// TestWHATWGLongLine checks a long line through the command: linear, one
// line of output.
func TestWHATWGLongLine(t *testing.T) {
	in := "http://h/" + strings.Repeat("a/", 1<<19) + "\n"
	var out, errOut strings.Builder
	st := run(&env{stdin: strings.NewReader(in), stdout: &out, stderr: &errOut}, []string{"whatwg"})
	if st != exitOK || out.Len() != len(in) {
		t.Errorf("status %d, %d bytes out for %d in; stderr %q", st, out.Len(), len(in), errOut.String())
	}
}
