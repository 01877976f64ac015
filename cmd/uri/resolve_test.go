package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// cliResult is what one in-process run of the uri command gives.
type cliResult struct {
	Stdout, Stderr string
	Status         int
}

// runCLI runs the uri command in-process with the given standard input.
func runCLI(stdin string, args ...string) cliResult {
	var out, errb bytes.Buffer
	st := run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, args)
	return cliResult{out.String(), errb.String(), st}
}

func TestResolveCommand(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  cliResult
	}{
		{"rfc examples", "", []string{"resolve", "http://a/b/c/d;p?q", "g", "../g", "//g", "?y", "http:g"},
			cliResult{Stdout: "http://a/b/c/g\nhttp://a/b/g\nhttp://g\nhttp://a/b/c/d;p?y\nhttp:g\n"}},
		{"non-strict", "", []string{"resolve", "--non-strict", "http://a/b/c/d;p?q", "http:g"},
			cliResult{Stdout: "http://a/b/c/g\n"}},
		{"deviation", "", []string{"resolve", "a:/x", ".//y"}, cliResult{Stdout: "a:/.//y\n"}},
		{"stdin", "g\n\n\"\"\n", []string{"resolve", "http://a/b/c/d;p?q"},
			cliResult{Stdout: "http://a/b/c/g\nhttp://a/b/c/g\n\"\"\n"}},
		{"quoted stdin", "\"g%20h\"\n", []string{"resolve", "--quoted", "http://a/b"},
			cliResult{Stdout: "http://a/g%20h\n"}},
		{"json", "", []string{"resolve", "--json", "http://a/b/c/d;p?q", "../g", "a b"},
			cliResult{Stdout: `{"base":"http://a/b/c/d;p?q","ref":"../g","valid":true,"target":"http://a/b/g","error":null}
{"base":"http://a/b/c/d;p?q","ref":"a b","valid":false,"target":null,"error":{"offset":1,"rule":"segment-nz-nc","message":"uri: invalid URI-reference: byte 0x20 at offset 1 cannot follow segment-nz-nc (RFC 3986 §3.3)"}}
`, Status: exitInvalid}},
		{"json bad base", "", []string{"resolve", "--json", "b", "g"},
			cliResult{Stdout: `{"base":"b","ref":null,"valid":false,"target":null,"error":{"offset":1,"rule":"scheme","message":"uri: invalid URI: unexpected end of input at offset 1 after scheme (RFC 3986 §3.1)"}}
`, Status: exitInvalid}},
		{"missing base", "", []string{"resolve"},
			cliResult{Stderr: "uri resolve: missing BASE (see uri resolve --help)\n", Status: exitUsage}},
		{"bad flag", "", []string{"resolve", "--nope", "a:b"}, cliResult{Status: exitUsage}},
	}
	for _, tt := range tests {
		got := runCLI(tt.stdin, tt.args...)
		if tt.name == "bad flag" {
			got.Stderr = "" // the flag package's text
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: uri %q mismatch (-want +got):\n%s", tt.name, tt.args, diff)
		}
	}
}

func TestResolveCommandInvalid(t *testing.T) {
	got := runCLI("", "resolve", "http://a/b", "g", "a b", "h")
	if got.Status != exitInvalid || got.Stdout != "http://a/g\nhttp://a/h\n" {
		t.Errorf("uri resolve = %+v, want status 1 and the two valid targets", got)
	}
	for _, want := range []string{`invalid reference "a b"`, "offset 1", "^"} {
		if !strings.Contains(got.Stderr, want) {
			t.Errorf("uri resolve stderr = %q, want it to contain %q", got.Stderr, want)
		}
	}
	got = runCLI("", "resolve", "http://u:secret@a b", "g")
	if got.Status != exitInvalid || strings.Contains(got.Stderr, "secret") {
		t.Errorf("uri resolve with an invalid base = %+v, want status 1 and no password", got)
	}
}

func TestCommandHelp(t *testing.T) {
	for _, name := range []string{"resolve", "relative", "normalize", "compare"} {
		got := runCLI("", name, "--help")
		if got.Status != exitOK || !strings.HasPrefix(got.Stdout, "Usage: uri "+name) || !strings.Contains(got.Stdout, "RFC 3986") {
			t.Errorf("uri %s --help = %+v", name, got)
		}
		if _, ok := commands[name]; !ok {
			t.Errorf("command %q not registered", name)
		}
	}
}
