package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCommands checks the list of commands: "uri help" shows it in its
// order, which is by name with help last; every command has a summary and
// a help text, and runs, or has subcommands that do.
func TestCommands(t *testing.T) {
	got := names(commands)
	want := slices.Sorted(slices.Values(got[:len(got)-1]))
	want = slices.Compact(want)
	want = append(want, "help")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("commands are not sorted by name, without repeats, help last (-want +got):\n%s", diff)
	}
	var check func(c *command, name string)
	check = func(c *command, name string) {
		if c.summary == "" && name == c.name {
			t.Errorf("uri %s has no summary", name)
		}
		if c.help == "" {
			t.Errorf("uri %s has no help", name)
		}
		if (c.setup == nil) == (len(c.subs) == 0) {
			t.Errorf("uri %s: want setup or subcommands, not both or neither", name)
		}
		for _, s := range c.subs {
			check(s, name+" "+s.name)
		}
	}
	for _, c := range commands {
		check(c, c.name)
	}
}

// TestInputFiles checks that the files a command reads besides standard
// input lose a byte order mark and a "\r" before each "\n" as standard
// input does: a template set (--set), the variables (--vars).
func TestInputFiles(t *testing.T) {
	dir := t.TempDir()
	set := filepath.Join(dir, "set.txt")
	vars := filepath.Join(dir, "vars.json")
	if err := os.WriteFile(set, []byte("\uFEFF/u/{id}\r\n\r\n/p/{+rest}\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(vars, []byte("\uFEFF{\"id\": \"7\"}\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"template", "match", "--set", set, "/u/1", "/p/a/b"}, `{"template":"/u/{id}","vars":{"id":"1"}}` + "\n" + `{"template":"/p/{+rest}","vars":{"rest":"a/b"}}` + "\n"},
		{[]string{"template", "expand", "--vars", vars, "/u/{id}"}, "/u/7\n"},
	} {
		t.Run(strings.Join(tt.args[:2], " "), func(t *testing.T) {
			got := runCLI("", tt.args...)
			if diff := cmp.Diff(cliResult{Stdout: tt.want}, got); diff != "" {
				t.Errorf("uri %q mismatch (-want +got):\n%s", tt.args, diff)
			}
		})
	}
}
