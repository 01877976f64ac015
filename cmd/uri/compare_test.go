package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompareCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want cliResult
	}{
		{"exact", []string{"compare", "http://a/", "http://a/"}, cliResult{Stdout: "exact\n"}},
		{"syntax", []string{"compare", "HTTP://www.EXAMPLE.com/", "http://www.example.com/"}, cliResult{Stdout: "syntax-based\n"}},
		{"scheme", []string{"compare", "http://example.com", "http://example.com:80/"}, cliResult{Stdout: "scheme-based\n"}},
		{"different", []string{"compare", "http://example.com/?", "http://example.com/"}, cliResult{Stdout: "different: query\n"}},
		{"json", []string{"compare", "--json", "http://a", "http://b"},
			cliResult{Stdout: `{"a":"http://a","b":"http://b","valid":true,"level":"different","equivalent":false,"component":"host","error":null}` + "\n"}},
		{"json equal", []string{"compare", "--json", "http://a", "HTTP://a"},
			cliResult{Stdout: `{"a":"http://a","b":"HTTP://a","valid":true,"level":"syntax-based","equivalent":true,"component":null,"error":null}` + "\n"}},
		{"json invalid", []string{"compare", "--json", "http://a", "%"},
			cliResult{Stdout: `{"a":"http://a","b":"%","valid":false,"level":null,"equivalent":null,"component":null,"error":{"offset":0,"rule":"pct-encoded","message":"uri: invalid URI-reference: '%' at offset 0 not followed by two hex digits (RFC 3986 §2.1)"}}` + "\n", Status: exitInvalid}},
		{"three args", []string{"compare", "a", "b", "c"},
			cliResult{Stderr: "uri compare: want A and B (see uri compare --help)\n", Status: exitUsage}},
	}
	for _, tt := range tests {
		got := runCLI("", tt.args...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: uri %q mismatch (-want +got):\n%s", tt.name, tt.args, diff)
		}
	}
}

func TestCompareCommandInvalid(t *testing.T) {
	got := runCLI("", "compare", "a b", "c")
	if got.Status != exitInvalid || got.Stdout != "" || got.Stderr == "" {
		t.Errorf("uri compare with an invalid input = %+v, want status 1 and an error", got)
	}
}
