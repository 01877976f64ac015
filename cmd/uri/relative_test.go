package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRelativeCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want cliResult
	}{
		{"sibling", []string{"relative", "http://a/b/c/d;p?q", "http://a/b/g"}, cliResult{Stdout: "../g\n"}},
		{"query", []string{"relative", "http://a/b/c/d;p?q", "http://a/b/c/d;p?y"}, cliResult{Stdout: "?y\n"}},
		{"same", []string{"relative", "http://a/b/c/d;p?q", "http://a/b/c/d;p?q"}, cliResult{Stdout: "\n"}},
		{"other scheme", []string{"relative", "http://a/b", "https://a/b"}, cliResult{Stdout: "https://a/b\n"}},
		{"json", []string{"relative", "--json", "http://a/b/c/d;p?q", "http://a/g"},
			cliResult{Stdout: `{"base":"http://a/b/c/d;p?q","target":"http://a/g","valid":true,"reference":"/g","error":null}` + "\n"}},
		{"unreachable", []string{"relative", "http://a/b", "http://a/x/../y"},
			cliResult{Stderr: "uri relative: uri: no reference resolves to the target against this base (RFC 3986 §5.2)\n", Status: exitInvalid}},
		{"json unreachable", []string{"relative", "--json", "http://a/b", "http://a/x/../y"},
			cliResult{Stdout: `{"base":"http://a/b","target":"http://a/x/../y","valid":true,"reference":null,"error":{"offset":0,"rule":"","message":"uri: no reference resolves to the target against this base (RFC 3986 §5.2)"}}` + "\n", Status: exitInvalid}},
		{"json bad target", []string{"relative", "--json", "http://a/b", "%"},
			cliResult{Stdout: `{"base":"http://a/b","target":"%","valid":false,"reference":null,"error":{"offset":0,"rule":"pct-encoded","message":"uri: invalid URI-reference: '%' at offset 0 not followed by two hex digits (RFC 3986 §2.1)"}}` + "\n", Status: exitInvalid}},
		{"one arg", []string{"relative", "http://a/b"},
			cliResult{Stderr: "uri relative: want BASE and TARGET (see uri relative --help)\n", Status: exitUsage}},
	}
	for _, tt := range tests {
		got := runCLI("", tt.args...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: uri %q mismatch (-want +got):\n%s", tt.name, tt.args, diff)
		}
	}
}

func TestRelativeCommandBadBase(t *testing.T) {
	got := runCLI("", "relative", "/b", "http://a/")
	if got.Status != exitInvalid || got.Stdout != "" || got.Stderr == "" {
		t.Errorf("uri relative with a relative base = %+v, want status 1 and an error", got)
	}
}
