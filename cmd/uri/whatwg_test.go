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
		// The href is data for a pipeline: lossless, as normalize's and
		// resolve's results; standard error stays masked.
		{"password kept in the href", "", []string{"whatwg", "http://u:secret@h/"},
			cliResult{Stdout: "http://u:secret@h/\n",
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
		{"with", "", []string{"whatwg", "--with", "hash=", "--with", "search=", "https://example.com/a?b#c", "--with", "pathname=/x y"},
			cliResult{Stdout: "https://example.com/x%20y\n"}},
		{"with in order", "", []string{"whatwg", "--with", "protocol=https", "--with", "port=443", "--with", "host=h:8080", "http://example.com:81/"},
			cliResult{Stdout: "https://h:8080/\n"}},
		{"with does nothing where the setter does nothing", "", []string{"whatwg", "--with", "port=1", "--with", "username=u", "file:///p", "mailto:x"},
			cliResult{Stdout: "file:///p\nmailto:x\n"}},
		{"with password", "", []string{"whatwg", "--with", "password=s3cret", "http://u@h/"},
			cliResult{Stdout: "http://u:s3cret@h/\n",
				Stderr: "uri whatwg: validation errors in \"http://u@h/\":\n  offset 8: invalid-credentials (the URL includes credentials)\n"}},
		{"with href failure", "", []string{"whatwg", "--with", "href=http://u:s3cret@", "http://h/"},
			cliResult{Stdout: "error: whatwg: host-missing at offset 16: a special URL needs a host\n",
				Stderr: "uri whatwg: \"http://h/\": --with href=\"http://u:xxxxx@\": whatwg: host-missing at offset 16: a special URL needs a host\n", Status: exitInvalid}},
		{"with json", "", []string{"whatwg", "--json", "--with", "hostname=EXAMPLE.org", "http://h:1/p"},
			cliResult{Stdout: `{"input":"http://h:1/p","base":null,"failure":false,"href":"http://example.org:1/p","origin":"http://example.org:1","protocol":"http:","username":"","password":"","host":"example.org:1","hostname":"example.org","port":"1","pathname":"/p","search":"","hash":"","validationErrors":[]}
`}},
		{"skip invalid", "https://a.example/x#1\nhttp://\nhttps://a.example/x#2\n", []string{"whatwg", "--with", "hash=", "--skip-invalid"},
			cliResult{Stdout: "https://a.example/x\nhttps://a.example/x\n", Stderr: "*", Status: exitInvalid}},
		{"skip invalid json", "", []string{"whatwg", "--json", "--skip-invalid", "http://", "x:"},
			cliResult{Stdout: `{"input":"x:","base":null,"failure":false,"href":"x:","origin":"null","protocol":"x:","username":"","password":"","host":"","hostname":"","port":"","pathname":"","search":"","hash":"","validationErrors":[]}` + "\n", Status: exitInvalid}},
		{"with unknown setter", "", []string{"whatwg", "--with", "pasword=s3cret", "http://h/"},
			cliResult{Stderr: "uri whatwg: invalid value for --with: no setter \"pasword\"; did you mean password? (see 'uri whatwg --help')\n", Status: exitUsage}},
		{"with no equals", "", []string{"whatwg", "--with", "s3cret", "http://h/"},
			cliResult{Stderr: "uri whatwg: invalid value for --with: want NAME=VALUE (see 'uri whatwg --help')\n", Status: exitUsage}},
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
// password may show in the human output or on standard error but in the
// href of an input that parses.
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
	if st != exitInvalid || strings.Count(out.String(), "\n") != 4 || !strings.HasSuffix(out.String(), "\nhttps://u:s3cret@h/\n") {
		t.Errorf("CRLF input: status %d, stdout %q", st, out.String())
	}
	// The href of the input that parses keeps its password (it is the
	// result); no other line may show one.
	for name, s := range map[string]string{"stdout": strings.TrimSuffix(out.String(), "https://u:s3cret@h/\n"), "stderr": errOut.String()} {
		if strings.Contains(s, "s3cret") || strings.Contains(s, "\r") {
			t.Errorf("%s shows a password or a CR: %q", name, s)
		}
	}
}
