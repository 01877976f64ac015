package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
)

func TestFlagsAndUsageErrors(t *testing.T) {
	runCLITests(t, []cliTest{
		{"flag after argument", "", []string{"parse", "http://x", "--json"},
			cliResult{Stdout: `{"input":"http://x","valid":true,"scheme":"http","userinfo":null,"host":"x","hostKind":"reg-name","port":null,"path":"","query":null,"fragment":null,"error":null,"schemeRules":{"scheme":"http","error":null,"origin":"http://x","registrableDomain":null}}` + "\n"}},
		{"single dash and =", "", []string{"parse", "-json=true", "x", "-rule=relative-ref"},
			cliResult{Stdout: `{"input":"x","valid":true,"scheme":null,"userinfo":null,"host":null,"hostKind":null,"port":null,"path":"x","query":null,"fragment":null,"error":null}` + "\n"}},
		{"value as next argument", "", []string{"compare", "a", "--syntax", "rfc3987", "é"}, cliResult{Stdout: "different: path\n", Status: exitDifferent}},
		{"-- ends flags", "", []string{"normalize", "--", "--json"}, cliResult{Stdout: "--json\n"}},
		{"- is standard input", "b\n", []string{"normalize", "A:", "-", "C:"}, cliResult{Stdout: "a:\nb\nc:\n"}},
		{"unknown flag", "", []string{"parse", "--jsno", "x"},
			cliResult{Stderr: "uri parse: unknown flag --jsno; did you mean --json? (see 'uri parse --help')\n", Status: exitUsage}},
		{"unknown flag far from any", "", []string{"parse", "x", "--zzzzzz=1"},
			cliResult{Stderr: "uri parse: unknown flag --zzzzzz (see 'uri parse --help')\n", Status: exitUsage}},
		{"missing value", "", []string{"parse", "x", "--rule"},
			cliResult{Stderr: "uri parse: flag --rule needs a value (see 'uri parse --help')\n", Status: exitUsage}},
		{"bad rule", "", []string{"parse", "--rule", "uri", "x"},
			cliResult{Stderr: "uri parse: invalid value \"uri\" for --rule: want URI-reference, URI, absolute-URI or relative-ref; did you mean URI? (see 'uri parse --help')\n", Status: exitUsage}},
		{"bad syntax", "", []string{"parse", "--syntax=rfc3968", "x"},
			cliResult{Stderr: "uri parse: invalid value \"rfc3968\" for --syntax: want rfc3986, rfc6874 or rfc3987; did you mean rfc3986? (see 'uri parse --help')\n", Status: exitUsage}},
		{"bad bool", "", []string{"parse", "--json=maybe", "x"},
			cliResult{Stderr: "uri parse: invalid value \"maybe\" for --json: want true or false (see 'uri parse --help')\n", Status: exitUsage}},
		{"unknown command", "", []string{"pasre", "x"},
			cliResult{Stderr: "uri: unknown command \"pasre\"; did you mean parse? (see 'uri --help')\n", Status: exitUsage}},
		{"a URI for a command", "", []string{"http://u:pw@h/"},
			cliResult{Stderr: "uri: unknown command \"http://u:xxxxx@h/\"; to check a URI reference, run 'uri parse URI' (see 'uri --help')\n", Status: exitUsage}},
		{"flag before the command", "", []string{"--json", "parse", "//a"},
			cliResult{Stdout: `{"input":"//a","valid":true,"scheme":null,"userinfo":null,"host":"a","hostKind":"reg-name","port":null,"path":"","query":null,"fragment":null,"error":null}` + "\n"}},
		{"unknown flag and no command", "", []string{"--jsn"},
			cliResult{Stderr: "uri: unknown flag --jsn; flags follow the command (see 'uri --help')\n", Status: exitUsage}},
		{"help of an unknown command", "", []string{"help", "resolv"},
			cliResult{Stderr: "uri: unknown command \"resolv\"; did you mean resolve? (see 'uri --help')\n", Status: exitUsage}},
		{"version argument", "", []string{"version", "x"},
			cliResult{Stderr: "uri version: unexpected argument \"x\" (see 'uri version --help')\n", Status: exitUsage}},
		{"completion without shell", "", []string{"completion"},
			cliResult{Stderr: "uri completion: want one shell: bash, zsh or fish (see 'uri completion --help')\n", Status: exitUsage}},
		{"completion unknown shell", "", []string{"completion", "csh"},
			cliResult{Stderr: "uri completion: unknown shell \"csh\" (want bash, zsh or fish) (see 'uri completion --help')\n", Status: exitUsage}},
		{"bad quoted line", "\"a\nb\n", []string{"parse", "--quoted"},
			cliResult{Stderr: "uri parse: line 1: not a Go double-quoted string: invalid syntax\n", Status: exitUsage}},
	})
	for _, tt := range []cliTest{
		{"help anywhere", "", []string{"parse", "x", "--nope", "-h"}, cliResult{Stdout: "Usage: uri parse", Status: exitOK}},
		{"top help", "", []string{"--help"}, cliResult{Stdout: "uri parses", Status: exitOK}},
		{"no command", "", nil, cliResult{Status: exitUsage}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(tt.stdin, tt.args...)
			if got.Status != tt.want.Status || !strings.HasPrefix(got.Stdout, tt.want.Stdout) {
				t.Errorf("uri(%q) = %+v, want status %d and stdout starting %q", tt.args, got, tt.want.Status, tt.want.Stdout)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{"no build info", nil, false, "(devel)"},
		{"go install", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, true, "v1.2.3"},
		{"checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123abc"}, {Key: "vcs.modified", Value: "false"}}}, true, "0123abc"},
		{"dirty checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123abc"}, {Key: "vcs.modified", Value: "true"}}}, true, "0123abc+dirty"},
		{"devel", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "(devel)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, version(tc.bi, tc.ok)); diff != "" {
				t.Errorf("version(%q) mismatch (-want +got):\n%s", tc.name, diff)
			}
		})
	}
	a, b := runCLI("", "--version"), runCLI("", "version")
	if a != b || a.Status != exitOK || !strings.HasPrefix(a.Stdout, "uri ") || strings.Count(a.Stdout, "\n") != 1 {
		t.Errorf("uri --version = %+v, uri version = %+v", a, b)
	}
}

func TestCompletion(t *testing.T) {
	cmds := specs(commands)
	if len(cmds) != len(commands) {
		t.Fatalf("specs() has %d commands, want %d", len(cmds), len(commands))
	}
	for _, shell := range []string{"bash", "zsh", "fish"} {
		t.Run(shell, func(t *testing.T) {
			got := runCLI("", "completion", shell)
			if got.Status != exitOK || got.Stderr != "" {
				t.Fatalf("uri completion %s = %+v", shell, got)
			}
			for _, c := range cmds {
				if !strings.Contains(got.Stdout, c.name) {
					t.Errorf("no command %s in the %s script", c.name, shell)
				}
			}
			for _, f := range []string{"json", "syntax", "non-strict", "rfc6874", "relative-ref"} {
				if !strings.Contains(got.Stdout, f) {
					t.Errorf("no %s in the %s script", f, shell)
				}
			}
			path, err := exec.LookPath(shell)
			if err != nil {
				t.Skipf("no %s to check the script's syntax", shell)
			}
			file := filepath.Join(t.TempDir(), "uri."+shell)
			if err := os.WriteFile(file, []byte(got.Stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(path, "-n", file).CombinedOutput(); err != nil {
				t.Errorf("%s -n rejects the script: %v\n%s", shell, err, out)
			}
		})
	}
	// Every flag of parse is offered, with the values of --syntax.
	var parse cmdSpec
	for _, c := range cmds {
		if c.name == "parse" {
			parse = c
		}
	}
	var names []string
	for _, f := range parse.flags {
		names = append(names, f.name)
		if f.name == "syntax" {
			if diff := cmp.Diff([]string{"rfc3986", "rfc6874", "rfc3987"}, f.values); diff != "" {
				t.Errorf("specs() --syntax values mismatch (-want +got):\n%s", diff)
			}
		}
	}
	if diff := cmp.Diff([]string{"json", "quoted", "rule", "scheme-rules", "syntax", "help"}, names); diff != "" {
		t.Errorf("specs() parse flags mismatch (-want +got):\n%s", diff)
	}
}

// countingWriter counts the writes it is given.
type countingWriter struct {
	bytes.Buffer
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// TestBufferedOutput checks that standard output is written in large
// blocks, not once per line, and flushed on every way out.
func TestBufferedOutput(t *testing.T) {
	in := strings.Repeat("http://example.com/a/b?c#d\n", 5000)
	for _, args := range [][]string{
		{"parse"}, {"parse", "--json"}, {"normalize"}, {"normalize", "--json"},
		{"resolve", "http://a/"}, {"relative", "http://example.com/a/"}, {"compare", "http://example.com/a/b?c#d"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var out countingWriter
			st := run(&env{stdin: strings.NewReader(in), stdout: &out, stderr: &bytes.Buffer{}}, args)
			if st != exitOK {
				t.Fatalf("status %d", st)
			}
			if lines := strings.Count(out.String(), "\n"); lines < 5000 {
				t.Errorf("%d lines of output, want at least 5000", lines)
			}
			if max := out.Len()/(32<<10) + 2; out.writes > max {
				t.Errorf("%d writes for %d bytes, want at most %d", out.writes, out.Len(), max)
			}
		})
	}
	// A usage error in the middle of the input: what came before is out.
	var out countingWriter
	st := run(&env{stdin: strings.NewReader("\"a\"\nb\n"), stdout: &out, stderr: &bytes.Buffer{}}, []string{"normalize", "--quoted"})
	if st != exitUsage || out.String() != "a\n" {
		t.Errorf("uri normalize --quoted with a bad line: status %d, stdout %q", st, out.String())
	}
}

// sharedWriter is a terminal: standard output and error in one stream.
type sharedWriter struct{ b *bytes.Buffer }

func (w sharedWriter) Write(p []byte) (int, error) { return w.b.Write(p) }

// TestOutputOrder checks that on a terminal the error drawn on standard
// error follows the line that stands for its input on standard output.
func TestOutputOrder(t *testing.T) {
	var b bytes.Buffer
	st := run(&env{stdin: strings.NewReader(""), stdout: sharedWriter{&b}, stderr: sharedWriter{&b}}, []string{"normalize", "A:", "a b", "C:"})
	want := "a:\nerror: " + errSpaceAt1 + "\nuri normalize: invalid URI reference \"a b\"\n" + drawnSpaceAt + "c:\n"
	if diff := cmp.Diff(want, b.String()); diff != "" || st != exitInvalid {
		t.Errorf("uri normalize (status %d) mismatch (-want +got):\n%s", st, diff)
	}
}

// TestInputLines checks how lines of standard input become inputs.
func TestInputLines(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stdin  string
		quoted bool
		want   []string
	}{
		{"plain", "a\nb\n", false, []string{"a", "b"}},
		{"no final newline", "a\nb", false, []string{"a", "b"}},
		{"crlf", "a\r\nb\r\n", false, []string{"a", "b"}},
		{"one cr only", "a\r\r\n", false, []string{"a\r"}},
		{"bom", "\uFEFFa\n\uFEFFb\n", false, []string{"a", "\uFEFFb"}},
		{"blank lines", "\n\r\n\na\n\n", false, []string{"a"}},
		{"spaces are not blank", " \n", false, []string{" "}},
		{"quoted", "\"a\\x00\"\r\n\n\"\"\n", true, []string{"a\x00", ""}},
		{"quoted bom", "\uFEFF\"a\"\n", true, []string{"a"}},
		{"long line", strings.Repeat("x", 200000) + "\ny", false, []string{strings.Repeat("x", 200000), "y"}},
		{"lines across reads", strings.Repeat(strings.Repeat("y", 997)+"\r\n\n", 200), false, slices.Repeat([]string{strings.Repeat("y", 997)}, 200)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range []struct {
				name string
				r    func(io.Reader) io.Reader
			}{{"whole", func(r io.Reader) io.Reader { return r }}, {"one byte a read", iotest.OneByteReader}} {
				var got []string
				e := &env{stdin: r.r(strings.NewReader(tc.stdin))}
				err := inputs(e, nil, tc.quoted, func(s string) error { got = append(got, s); return nil })
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("inputs(%.40q...), %s: mismatch (-want +got):\n%s", tc.stdin, r.name, diff)
				}
			}
		})
	}
}

// TestInputLineNumbers checks that a line is numbered as the file's line
// however standard input is read: the error names line 70002 of a file
// of 70,000 lines, a blank one and a bad one.
func TestInputLineNumbers(t *testing.T) {
	stdin := strings.Repeat("\"a\"\n", 70000) + "\n\"b\n"
	for _, r := range []struct {
		name string
		r    func(io.Reader) io.Reader
	}{{"whole", func(r io.Reader) io.Reader { return r }}, {"one byte a read", iotest.OneByteReader}} {
		t.Run(r.name, func(t *testing.T) {
			n := 0
			err := inputs(&env{stdin: r.r(strings.NewReader(stdin))}, nil, true, func(string) error { n++; return nil })
			if err == nil || !strings.HasPrefix(err.Error(), "line 70002:") || n != 70000 {
				t.Errorf("inputs: %d lines, error %v; want 70000 lines, then an error on line 70002", n, err)
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"json", "json", 0}, {"jsno", "json", 1}, {"jso", "json", 1}, {"jsonn", "json", 1},
		{"parse", "pasre", 1}, {"parse", "praes", 2}, {"", "ab", 2}, {"abc", "xyz", 3}, {strings.Repeat("a", 100), "a", 3},
	} {
		t.Run(tc.a+"/"+tc.b, func(t *testing.T) {
			if got := editDistance(tc.a, tc.b, 3); got != tc.want {
				t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// typist is standard input typed by a user: one line per read, and what
// standard output showed before each read.
type typist struct {
	lines []string
	out   *bytes.Buffer
	seen  []string
}

func (r *typist) Read(p []byte) (int, error) {
	r.seen = append(r.seen, r.out.String())
	if len(r.lines) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.lines[0])
	r.lines = r.lines[1:]
	return n, nil
}

// TestInteractive checks that each result is out before the command waits
// for the next line of standard input.
func TestInteractive(t *testing.T) {
	var out bytes.Buffer
	in := &typist{lines: []string{"A:\n", "B:\n"}, out: &out}
	st := run(&env{stdin: in, stdout: &out, stderr: &out}, []string{"normalize"})
	want := []string{"", "a:\n", "a:\nb:\n"}
	if diff := cmp.Diff(want, in.seen); diff != "" || st != exitOK {
		t.Errorf("uri normalize (status %d): output before each read mismatch (-want +got):\n%s", st, diff)
	}
}
