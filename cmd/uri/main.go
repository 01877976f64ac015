// Command uri parses, checks, resolves, normalizes and compares URI
// references as RFC 3986 (STD 66) defines them, and explains them rule by
// rule.
//
// Usage:
//
//	uri <command> [flags] [arguments]
//
// Run "uri help" for the list of commands and "uri <command> --help" for
// one. "uri --version" prints the version.
//
// Conventions shared by the commands:
//
//   - Flags may come anywhere on the line ("uri parse URI --json", "uri
//     --json parse URI", "uri file --json uri /x"); "--"
//     ends them, so that an argument may start with "-"; "-" alone is an
//     argument that stands for standard input. A bad flag or value gets one
//     line on standard error and exit status 2.
//   - The commands that read references (parse, normalize, resolve,
//     compare, relative, explain, confusion) read the lines of standard
//     input when given no argument or "-". A "\r" before the "\n" and a
//     byte order mark at the start of the input are ignored, and blank lines
//     are skipped. With --quoted, each line is a Go double-quoted string
//     literal (as strconv.Quote writes it), so that any byte fits on a line
//     and "" is the empty reference; a line that is not one is a usage
//     error, which stops the command with status 2.
//   - resolve, relative and compare without arguments read batches: one
//     pair "A<TAB>B" per line.
//   - Standard output has one record per input, in order, valid or not, so
//     it can be zipped with the input: a JSON object per line with --json;
//     in human form, a line, or a block for parse, explain and confusion.
//     Where a command prints one reference per line, an input with no
//     result gives a line starting "error: " (it has spaces, so it is no URI
//     reference), and the input with a caret under the error goes to
//     standard error; --skip-invalid (normalize, resolve, relative) leaves
//     that line, or the JSON object, out, for pipelines.
//   - A command reading standard input from a terminal says so on
//     standard error, with how to end the input.
//   - Passwords (RFC 3986 §3.2.1, §7.5) are masked as "xxxxx" in human
//     output and in every message, valid input or not, arguments and flag
//     values included. The outputs that are lossless keep them: a resulting
//     reference (resolve, normalize, relative, template expand), a converted
//     name (idna) and --json.
//
// Exit status: 0 when every input is valid, 1 when some input is invalid,
// 2 on a usage or I/O error (compare: 0 when equivalent, 1 when not, 2
// otherwise, as cmp(1) does).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Exit statuses shared by every command.
const (
	exitOK      = 0 // every input valid
	exitInvalid = 1 // some input invalid
	exitUsage   = 2 // bad flags or arguments, or an I/O error
)

// A command is one subcommand of uri. Each lives in its own file and
// registers itself in init.
type command struct {
	name    string
	summary string
	// run executes the command with its arguments (after the command name)
	// and returns the exit status.
	run func(env *env, args []string) int
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// env is what a command reads and writes, so tests can run commands
// without a process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// describe, when set, is given the flag set of the command instead of
	// running it (parseFlags calls it): how completion learns the flags.
	describe func(*flag.FlagSet)
	// flush, when set, writes out what stdout holds: called before waiting
	// for standard input, so that a user typing references sees each
	// result at once.
	flush func() error
	// skipInvalid is --skip-invalid: an invalid input gives no record on
	// standard output (see skipInvalidFlag).
	skipInvalid bool
}

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

// run runs the command line args with standard output buffered, and
// flushes it on every path.
func run(e *env, args []string) int {
	b, flush := buffered(e)
	st := dispatch(b, args)
	if err := flush(); err != nil {
		fmt.Fprintf(e.stderr, "uri: %v\n", err)
		return exitUsage
	}
	return st
}

func dispatch(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	args = subcommandFirst(args, commandNames())
	switch a := args[0]; a {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if args[1] == "help" {
				usage(e.stdout)
				return exitOK
			}
			if c, ok := commands[args[1]]; ok {
				return c.run(e, []string{"--help"})
			}
			return unknownCommand(e, args[1])
		}
		usage(e.stdout)
		return exitOK
	case "--version", "-version":
		return commands["version"].run(e, args[1:])
	}
	c, ok := commands[args[0]]
	if !ok {
		return unknownCommand(e, args[0])
	}
	return c.run(e, args[1:])
}

// globalFlags are the flags uri takes without a command.
var globalFlags = []string{"help", "version"}

// subcommandFirst returns args with the first of them that is one of
// subs moved to the front, when args starts with a flag: flags may come
// anywhere on the line, before a (sub)command too ("uri --json parse x",
// "uri file --json uri /x"). Arguments after "--" are left alone.
func subcommandFirst(args, subs []string) []string {
	if len(args) < 2 || !strings.HasPrefix(args[0], "-") || contains([]string{"-h", "-help", "--help", "-version", "--version"}, args[0]) {
		return args
	}
	for i, a := range args {
		if a == "--" {
			break
		}
		if contains(subs, a) {
			out := make([]string, 0, len(args))
			out = append(append(append(out, a), args[:i]...), args[i+1:]...)
			return out
		}
	}
	return args
}

// unknownCommand reports a first argument that names no command, masked
// (it is often a URI), with a guess.
func unknownCommand(e *env, name string) int {
	if strings.HasPrefix(name, "-") {
		msg := "unknown flag " + quoteFlag(name)
		if s := suggest(strings.TrimLeft(name, "-"), globalFlags); s != "" {
			msg += "; did you mean --" + s + "?"
		} else {
			msg += "; flags follow the command"
		}
		return usageError(e, "", msg)
	}
	msg := "unknown command " + quoteArg(name)
	if s := suggest(name, append(commandNames(), "help")); s != "" {
		msg += "; did you mean " + s + "?"
	} else if strings.ContainsAny(name, ":/?#.") {
		msg += "; to check a URI reference, run 'uri parse URI'"
	}
	return usageError(e, "", msg)
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func usage(w io.Writer) {
	fmt.Fprint(w, `uri parses, checks, resolves, normalizes, compares and explains URI
references exactly as RFC 3986 defines them.

Usage:

	uri <command> [flags] [arguments]

Commands:
`)
	names := append(commandNames(), "help")
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		summary := "print this list, or with a command's name its help"
		if c, ok := commands[n]; ok {
			summary = c.summary
		}
		fmt.Fprintf(w, "\t%-*s  %s\n", width, n, summary)
	}
	fmt.Fprint(w, `
Run "uri <command> --help" for the flags of a command, "uri --version" for
the version. Flags may come anywhere on the line; "--" ends them. Commands
that read references read standard input given no argument or "-", one
reference per line (blank lines skipped), and print one record per input.
Passwords are masked in human output and messages.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage or I/O error (compare: 0 equivalent, 1 not, 2 trouble).
`)
}
