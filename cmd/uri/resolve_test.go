package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
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

// cliTest is one run of the uri command and what it must give.
type cliTest struct {
	name  string
	stdin string
	args  []string
	want  cliResult
}

// runCLITests runs each test as a subtest. A want.Stderr of "*" accepts any
// standard error.
func runCLITests(t *testing.T, tests []cliTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(tt.stdin, tt.args...)
			if tt.want.Stderr == "*" {
				got.Stderr = "*"
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("uri(%q) mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}

// errText returns the message of the error of a parse, as package uri
// words it and the command line shows it (cliMessage): the tests check
// where it goes, not its wording.
func errText(_ uri.URI, err error) string {
	if err == nil {
		panic("no error")
	}
	return cliMessage(err.Error())
}

var (
	errSpaceAt1  = errText(uri.ParseReference("a b"))
	drawnSpaceAt = "  error: " + errSpaceAt1 + "\n    \"a b\"\n      ^\n"
	errBaseB     = errText(baseParse(uri.Parse)("b"))
)

func TestResolveCommand(t *testing.T) {
	runCLITests(t, []cliTest{
		{"rfc examples", "", []string{"resolve", "http://a/b/c/d;p?q", "g", "../g", "//g", "?y", "http:g"},
			cliResult{Stdout: "http://a/b/c/g\nhttp://a/b/g\nhttp://g\nhttp://a/b/c/d;p?y\nhttp:g\n"}},
		{"non-strict", "", []string{"resolve", "--non-strict", "http://a/b/c/d;p?q", "http:g"},
			cliResult{Stdout: "http://a/b/c/g\n"}},
		{"flags after the arguments", "", []string{"resolve", "http://a/b/c/d;p?q", "http:g", "--non-strict"},
			cliResult{Stdout: "http://a/b/c/g\n"}},
		{"deviation", "", []string{"resolve", "a:/x", ".//y"}, cliResult{Stdout: "a:/.//y\n"}},
		{"stdin", "g\n\n\r\n", []string{"resolve", "http://a/b/c/d;p?q"},
			cliResult{Stdout: "http://a/b/c/g\n"}},
		{"stdin as -", "g\n", []string{"resolve", "http://a/b/c/d;p?q", "h", "-", "i"},
			cliResult{Stdout: "http://a/b/c/h\nhttp://a/b/c/g\nhttp://a/b/c/i\n"}},
		{"quoted stdin", "\"g%20h\"\n\"\"\n", []string{"resolve", "--quoted", "http://a/b?q"},
			cliResult{Stdout: "http://a/g%20h\nhttp://a/b?q\n"}},
		{"batch", "http://a/b/c\tg\r\n\nhttp://x/y/\t../z\nhttp://a/b/c\t?q\n", []string{"resolve"},
			cliResult{Stdout: "http://a/b/g\nhttp://x/z\nhttp://a/b/c?q\n"}},
		{"batch as -", "\uFEFFhttp://a/b/c\tg\n", []string{"resolve", "-"},
			cliResult{Stdout: "http://a/b/g\n"}},
		{"batch quoted", "\"http://a/b/c\"\t\"\"\n", []string{"resolve", "--quoted"},
			cliResult{Stdout: "http://a/b/c\n"}},
		{"batch no tab", "http://a/b/c g\nhttp://a/\tg\n", []string{"resolve"},
			cliResult{Stdout: "error: line 1: want two references separated by one tab\nhttp://a/g\n", Status: exitInvalid}},
		{"batch invalid", "http://a/\ta b\nb\tg\nb\th\n", []string{"resolve"},
			cliResult{
				Stdout: "error: ref: " + errSpaceAt1 + "\n" +
					"error: base: " + errBaseB + "\n" +
					"error: base: " + errBaseB + "\n",
				// The base is drawn once for the lines that share it.
				Stderr: "uri resolve: invalid reference \"a b\"\n" + drawnSpaceAt +
					"uri resolve: invalid base \"b\"\n  error: " + errBaseB + "\n    \"b\"\n      ^\n",
				Status: exitInvalid}},
		{"syntax rfc6874", "", []string{"resolve", "--syntax", "rfc6874", "http://[fe80::1%25en0]/a/b", "../c", "//[fe80::2%25lo]"},
			cliResult{Stdout: "http://[fe80::1%25en0]/c\nhttp://[fe80::2%25lo]\n"}},
		{"syntax rfc3987", "", []string{"resolve", "--syntax=rfc3987", "http://résumé.example/é/f", "g"},
			cliResult{Stdout: "http://résumé.example/é/g\n"}},
		{"rfc3986 rejects an IRI", "", []string{"resolve", "http://a/", "é"},
			cliResult{Stdout: "error: ref: " + errText(uri.ParseReference("é")) + "\n", Stderr: "*", Status: exitInvalid}},
		{"json", "", []string{"resolve", "--json", "http://a/b/c/d;p?q", "../g", "a b"},
			cliResult{Stdout: `{"base":"http://a/b/c/d;p?q","ref":"../g","valid":true,"target":"http://a/b/g","error":null}
{"base":"http://a/b/c/d;p?q","ref":"a b","valid":false,"target":null,"error":{"offset":1,"rule":"path-noscheme","message":"` + jsonText(errSpaceAt1) + `","input":"ref"}}
`, Status: exitInvalid}},
		{"json bad base", "", []string{"resolve", "--json", "b", "g", "h"},
			cliResult{Stdout: `{"base":"b","ref":"g","valid":false,"target":null,"error":{"offset":1,"rule":"scheme","message":"` + jsonText(errBaseB) + `","input":"base"}}
{"base":"b","ref":"h","valid":false,"target":null,"error":{"offset":1,"rule":"scheme","message":"` + jsonText(errBaseB) + `","input":"base"}}
`, Status: exitInvalid}},
		{"json no tab", "x\n", []string{"resolve", "--json"},
			cliResult{Stdout: `{"base":"x","ref":null,"valid":false,"target":null,"error":{"offset":0,"rule":"","message":"line 1: want two references separated by one tab"}}
`, Status: exitInvalid}},
		{"json invalid UTF-8", "http://a/\t\xff\n", []string{"resolve", "--json"},
			cliResult{Stdout: `{"base":"http://a/","ref":"\ufffd","refQuoted":"\"\\xff\"","valid":false,"target":null,"error":{"offset":0,"rule":"URI-reference","message":"` + errText(uri.ParseReference("\xff")) + `","input":"ref"}}
`, Status: exitInvalid}},
		{"bad quoted line", "\"g\"\nnope\n\"h\"\n", []string{"resolve", "--quoted", "http://a/"},
			cliResult{Stdout: "http://a/g\n", Stderr: "uri resolve: line 2: not a Go double-quoted string: must start with '\"'\n", Status: exitUsage}},
		{"bad flag", "", []string{"resolve", "--nope", "a:b"},
			cliResult{Stderr: "uri resolve: unknown flag --nope (see 'uri resolve --help')\n", Status: exitUsage}},
	})
}

// TestCommandHelp checks the help of every command and subcommand: "uri
// CMD --help", "uri help CMD" and "uri CMD -h" give the same usage and
// flags on standard output; a command with subcommands lists the flags of
// each.
func TestCommandHelp(t *testing.T) {
	for _, c := range commands {
		paths := [][]string{{c.name}}
		for _, s := range c.subs {
			paths = append(paths, []string{c.name, s.name})
		}
		for _, path := range paths {
			name := strings.Join(path, " ")
			t.Run(name, func(t *testing.T) {
				got := runCLI("", append(path, "--help")...)
				// Subcommands share their command's text, which shows every usage.
				if got.Status != exitOK || !strings.HasPrefix(got.Stdout, "Usage: uri "+c.name) || !strings.Contains(got.Stdout, "Usage: uri "+name) && !strings.Contains(got.Stdout, "       uri "+name) || got.Stderr != "" {
					t.Errorf("uri %s --help = %+v", name, got)
				}
				flags := "\nFlags:\n"
				if len(path) == 1 && len(c.subs) > 0 {
					flags = "\nFlags of uri " + name + " " + c.subs[len(c.subs)-1].name + ":\n"
				}
				if !strings.Contains(got.Stdout, flags) || !strings.Contains(got.Stdout, "  --help\n") {
					t.Errorf("uri %s --help lists no flags (%q):\n%s", name, flags, got.Stdout)
				}
				if h := runCLI("", append([]string{"help"}, path...)...); h != got {
					t.Errorf("uri help %s = %+v, want what --help gives", name, h)
				}
				if h := runCLI("", append(path, "-h")...); h != got {
					t.Errorf("uri %s -h = %+v, want what --help gives", name, h)
				}
			})
		}
	}
}
