package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalizeCommand(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  cliResult
	}{
		{"syntax", "", []string{"normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "HTTP://h:80"},
			cliResult{Stdout: "example://a/b/c/%7Bfoo%7D\nhttp://h:80\n"}},
		{"scheme", "", []string{"normalize", "--scheme", "HTTP://h:80", "http://h:/?"},
			cliResult{Stdout: "http://h/\nhttp://h/?\n"}},
		{"ipv6", "", []string{"normalize", "--ipv6", "//[0:0::1]"}, cliResult{Stdout: "//[::1]\n"}},
		{"stdin", "A:/x/..//y\n", []string{"normalize"}, cliResult{Stdout: "a:/.//y\n"}},
		{"json", "", []string{"normalize", "--json", "HTTP://H/%7e", "%"},
			cliResult{Stdout: `{"input":"HTTP://H/%7e","valid":true,"normalized":"http://h/~","error":null}
{"input":"%","valid":false,"normalized":null,"error":{"offset":0,"rule":"pct-encoded","message":"uri: invalid URI-reference: '%' at offset 0 not followed by two hex digits (RFC 3986 §2.1)"}}
`, Status: exitInvalid}},
	}
	for _, tt := range tests {
		got := runCLI(tt.stdin, tt.args...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: uri %q mismatch (-want +got):\n%s", tt.name, tt.args, diff)
		}
	}
}

func TestNormalizeCommandInvalid(t *testing.T) {
	got := runCLI("", "normalize", "HTTP://h/", "a b", "X:y")
	if got.Status != exitInvalid || got.Stdout != "http://h/\nx:y\n" {
		t.Errorf("uri normalize = %+v, want status 1 and the two valid results", got)
	}
	if !strings.Contains(got.Stderr, `invalid URI reference "a b"`) || !strings.Contains(got.Stderr, "^") {
		t.Errorf("uri normalize stderr = %q, want the error with a caret", got.Stderr)
	}
}
