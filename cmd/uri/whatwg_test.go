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

// TestWHATWGUserInputs runs the command as a user would: --base after the
// URL, and CRLF lines of standard input whose passwords sit in inputs the
// parser rejects at the host or the port (or reads past a third "/"): no
// password may show in the human output or on standard error.
func TestWHATWGUserInputs(t *testing.T) {
	var out, errOut strings.Builder
	st := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut},
		[]string{"whatwg", "../x?y#z", "--base", "https://example.com/dir/"})
	if st != exitOK || out.String() != "https://example.com/x?y#z\n" {
		t.Errorf("--base after the URL: status %d, stdout %q, stderr %q", st, out.String(), errOut.String())
	}
	in := "https://u:s3cret@exa mple.com/\r\nhttp:///u:s3cret@h:x/\r\n\r\nhttp://u:s3cret@[::1/\r\nhttps://u:s3cret@h/\r\n"
	out.Reset()
	errOut.Reset()
	st = run(&env{stdin: strings.NewReader(in), stdout: &out, stderr: &errOut}, []string{"whatwg"})
	if st != exitInvalid || strings.Count(out.String(), "\n") != 4 || !strings.HasSuffix(out.String(), "\nhttps://u:xxxxx@h/\n") {
		t.Errorf("CRLF input: status %d, stdout %q", st, out.String())
	}
	for name, s := range map[string]string{"stdout": out.String(), "stderr": errOut.String()} {
		if strings.Contains(s, "s3cret") || strings.Contains(s, "\r") {
			t.Errorf("%s shows a password or a CR: %q", name, s)
		}
	}
}
