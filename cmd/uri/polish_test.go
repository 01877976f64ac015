package main

import (
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestSkipInvalid checks that --skip-invalid leaves the records of
// invalid inputs out of standard output, keeps them on standard error,
// and keeps the exit status 1.
func TestSkipInvalid(t *testing.T) {
	tests := []struct {
		stdin   string
		args    []string
		want    string
		wantErr string
	}{
		{"HTTP://A/b\nbad uri\nhttp://x/./a\n", []string{"normalize", "--skip-invalid"}, "http://a/b\nhttp://x/a\n", `invalid URI reference "bad uri"`},
		{"HTTP://A/b\nbad uri\n", []string{"normalize", "--skip-invalid", "--json"}, `{"input":"HTTP://A/b","valid":true,"normalized":"http://a/b","error":null}` + "\n", ""},
		{"", []string{"resolve", "--skip-invalid", "http://a/b/c", "d", "e f", "g"}, "http://a/b/d\nhttp://a/b/g\n", `invalid reference "e f"`},
		{"", []string{"relative", "--skip-invalid", "http://a/b/", "http://a/b/c", "http://a b"}, "c\n", `"http://a b"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, status := runCmd(t, tt.stdin, tt.args...)
			if diff := cmp.Diff(tt.want, out); diff != "" {
				t.Errorf("uri %q mismatch (-want +got):\n%s", tt.args, diff)
			}
			if status != exitInvalid || !strings.Contains(errOut, tt.wantErr) {
				t.Errorf("uri %q: status %d, stderr %q; want %d and %q", tt.args, status, errOut, exitInvalid, tt.wantErr)
			}
		})
	}
}

// TestGlobalUsage checks flags before a command or subcommand, the help
// table, and the guesses for a global flag and a help topic.
func TestGlobalUsage(t *testing.T) {
	tests := []struct {
		args     []string
		status   int
		contains string // in stdout, or stderr when the status is not 0
	}{
		{[]string{"file", "--json", "uri", "/x"}, exitOK, `"result":"file:///x"`},
		{[]string{"--json", "parse", "http://a/"}, exitOK, `"host":"a"`},
		{[]string{"--syntax", "rfc3987", "normalize", "http://é/"}, exitOK, "http://é/"},
		{[]string{"template", "--var", "x=1", "expand", "{x}"}, exitOK, "1\n"},
		{[]string{"--verison"}, exitUsage, "did you mean --version?"},
		{[]string{"--hepl"}, exitUsage, "did you mean --help?"},
		{[]string{"help"}, exitOK, "\thelp            print this list"},
		{[]string{"help", "help"}, exitOK, "Usage: uri help [COMMAND [SUBCOMMAND]]"},
		{[]string{"help", "--help"}, exitOK, "Usage: uri help [COMMAND [SUBCOMMAND]]"},
		{[]string{"help", "template", "match"}, exitOK, "Flags:\n  --allow-traversal"},
		{[]string{"--help", "parse"}, exitOK, "Usage: uri parse"},
		{[]string{"help", "parze"}, exitUsage, "did you mean parse?"},
		{[]string{"--help"}, exitOK, "\trequest-target  read HTTP/1.1"},
		{[]string{"--help"}, exitOK, "\tparse           check URI references"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, status := runCmd(t, "", tt.args...)
			got := out
			if status != exitOK {
				got = errOut
			}
			if status != tt.status || !strings.Contains(got, tt.contains) {
				t.Errorf("uri %q: status %d, want %d and %q in:\n%s", tt.args, status, tt.status, tt.contains, got)
			}
		})
	}
}

// TestCompletionSubcommands checks that each shell's script completes the
// subcommands, and that every subcommand listed is one its command takes.
func TestCompletionSubcommands(t *testing.T) {
	for _, sh := range []struct{ shell, want string }{
		{"bash", `template/) COMPREPLY=($(compgen -W "expand match" -- "$cur")); return ;;`},
		{"zsh", "template/) compadd -- expand match; return ;;"},
		{"fish", `-n '__fish_seen_subcommand_from template; and not __fish_seen_subcommand_from expand match' -a 'expand match'`},
		{"bash", `help) COMPREPLY=($(compgen -W "audit compare`},
		{"zsh", "idna) compadd -- ascii unicode; return ;;"},
	} {
		out, _, status := runCmd(t, "", "completion", sh.shell)
		if status != exitOK || !strings.Contains(out, sh.want) {
			t.Errorf("uri completion %s: status %d, want a line %q", sh.shell, status, sh.want)
		}
	}
	for _, c := range specs(commands) {
		for _, sub := range c.subs {
			if _, _, status := runCmd(t, "", c.name, sub.name, "--help"); status != exitOK {
				t.Errorf("uri %s %s --help: status %d, want %d", c.name, sub.name, status, exitOK)
			}
		}
	}
}

// TestTemplateVar checks --var beside --vars, and the warning when none of
// a template's variables is defined.
func TestTemplateVar(t *testing.T) {
	dir := t.TempDir()
	vars := dir + "/vars.json"
	if err := os.WriteFile(vars, []byte(`{"id": "7", "q": "x"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args        []string
		want        string
		status      int
		wantWarning bool
	}{
		{[]string{"--var", "id=42", "--var", "q=a b", "/u/{id}{?q}"}, "/u/42?q=a%20b\n", exitOK, false},
		{[]string{"--vars", vars, "--var", "id=42", "/u/{id}{?q}"}, "/u/42?q=x\n", exitOK, false},
		{[]string{"--var", "empty=", "/u/{empty}"}, "/u/\n", exitOK, false},
		{[]string{"/u/{id}"}, "/u/\n", exitOK, true},
		{[]string{"--var", "other=1", "/u/{id}{?q}"}, "/u/\n", exitOK, true},
		{[]string{"/static"}, "/static\n", exitOK, false},
		{[]string{"--var", "novalue", "{x}"}, "", exitUsage, false},
		{[]string{"--var", "=1", "{x}"}, "", exitUsage, false},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, status := runCmd(t, "", append([]string{"template", "expand"}, tt.args...)...)
			if diff := cmp.Diff(tt.want, out); diff != "" || status != tt.status {
				t.Errorf("uri template expand %q: status %d (want %d), mismatch (-want +got):\n%s", tt.args, status, tt.status, diff)
			}
			if got := strings.Contains(errOut, "warning: none of the template's variables is defined"); got != tt.wantWarning {
				t.Errorf("uri template expand %q: warning %v, want %v; stderr:\n%s", tt.args, got, tt.wantWarning, errOut)
			}
		})
	}
}

// terminal is standard input as a terminal: a character device.
type terminal struct{ *strings.Reader }

func (terminal) Stat() (os.FileInfo, error) { return ttyInfo{}, nil }

type ttyInfo struct{}

func (ttyInfo) Name() string       { return "tty" }
func (ttyInfo) Size() int64        { return 0 }
func (ttyInfo) Mode() fs.FileMode  { return fs.ModeDevice | fs.ModeCharDevice }
func (ttyInfo) ModTime() time.Time { return time.Time{} }
func (ttyInfo) IsDir() bool        { return false }
func (ttyInfo) Sys() any           { return nil }

// TestTerminalNote checks the note on standard error when a command reads
// a terminal, and its absence when the input is piped.
func TestTerminalNote(t *testing.T) {
	for _, tty := range []bool{true, false} {
		var out, errOut strings.Builder
		e := &env{stdin: strings.NewReader("http://a/\n"), stdout: &out, stderr: &errOut}
		if tty {
			e.stdin = terminal{strings.NewReader("http://a/\n")}
		}
		status := run(e, []string{"normalize"})
		note := strings.Contains(errOut.String(), "reading standard input, one input a line; end with Ctrl-D")
		if status != exitOK || out.String() != "http://a/\n" || note != tty {
			t.Errorf("terminal %v: status %d, stdout %q, note %v; stderr:\n%s", tty, status, out.String(), note, errOut.String())
		}
	}
}

// TestMessagesUsersActOn checks the notes and hints of the mistakes users
// make most, in the words of the command line: flags, not Go names.
func TestMessagesUsersActOn(t *testing.T) {
	tests := []struct {
		args     []string
		status   int
		contains string // in stdout
		absent   string
	}{
		{[]string{"parse", "http//example.com"}, exitOK, `note: a relative reference (RFC 3986 §4.2) whose path starts with a word and "//": a URI's scheme ends with ":"`, ""},
		{[]string{"parse", "svn+ssh.v-2//example.com"}, exitOK, `note: a relative reference (RFC 3986 §4.2) whose path starts with a word and "//"`, ""},
		{[]string{"parse", "2http//example.com"}, exitOK, "path-noscheme", "note:"},
		{[]string{"parse", "ht_tp//example.com"}, exitOK, "path-noscheme", "note:"},
		{[]string{"parse", "example.com/path"}, exitOK, "note: a relative reference (RFC 3986 §4.2): its first segment is a path, not a host", ""},
		{[]string{"parse", "a/b"}, exitOK, "path-noscheme", "note:"},
		{[]string{"parse", "/a"}, exitOK, "path-absolute", "note:"},
		{[]string{"parse", "https://exa mple.com/"}, exitInvalid, `a space is not allowed in a URI: write it "%20"`, ""},
		{[]string{"parse", "--rule", "URI", "/x"}, exitInvalid, "read it as a URI-reference (--rule URI-reference)", "ParseReference"},
		{[]string{"parse", "http://é/"}, exitInvalid, "use --syntax rfc3987", "RFC3987)"},
		{[]string{"normalize", "http://é/"}, exitInvalid, "use --syntax rfc3987", "RFC3987)"},
		{[]string{"parse", "http://h:1x/"}, exitInvalid, "(RFC 3986 §3.2.3); a port is digits only\n", ""},
		{[]string{"file", "uri", "rel"}, exitInvalid, "error: not an absolute path", "FromPath"},
		{[]string{"request-target", "GET", "*"}, exitInvalid, "at offset 0 cannot start a request-target (RFC 9112 §3.2.4); the asterisk-form is only for OPTIONS requests\n", "cannot follow"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, status := runCmd(t, "", tt.args...)
			all := out + errOut
			if status != tt.status || !strings.Contains(all, tt.contains) || tt.absent != "" && strings.Contains(all, tt.absent) {
				t.Errorf("uri %q: status %d (want %d), want %q and not %q in:\n%s", tt.args, status, tt.status, tt.contains, tt.absent, all)
			}
		})
	}
}
