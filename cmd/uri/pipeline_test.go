package main

import (
	"slices"
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
