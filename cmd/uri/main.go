// Command uri parses, checks, resolves, normalizes and compares URI
// references as RFC 3986 (STD 66) defines them, and explains them rule by
// rule.
//
// Usage:
//
//	uri <command> [flags] [arguments]
//
// Run "uri help" for the list of commands and "uri <command> --help" (or
// "uri help <command>") for one. "uri --version" prints the version.
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
//     byte order mark at the start of the input are ignored (in the files
//     of --set and --vars too), and blank lines are skipped. With --quoted, each line is a Go double-quoted string
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
//     reference (resolve, normalize, relative, template expand), an href
//     (whatwg), a decoded body (data), a converted name (idna) and --json.
//
// Exit status: 0 when every input is valid, 1 when some input is invalid,
// 2 on a usage or I/O error (compare: 0 when equivalent, 1 when not, 2
// otherwise, as cmp(1) does).
//
// In the code, each command is a *command in the list commands (main.go),
// which reads its inputs and writes its records through one pipeline:
// pipeline.go says how a command plugs into it.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit statuses shared by every command (compare gives cmp(1)'s, which
// have the same values: see exitSame).
const (
	exitOK      = 0 // every input valid
	exitInvalid = 1 // some input invalid
	exitUsage   = 2 // bad flags or arguments, or an I/O error
)

// commands are the commands of uri, in the order "uri help" lists them:
// help last, the others by name. Adding a command is adding it here (see
// pipeline.go for what a command is).
var commands = []*command{
	auditCmd,
	compareCmd,
	completionCmd,
	confusionCmd,
	dataCmd,
	explainCmd,
	fetchCheckCmd,
	fileCmd,
	idnaCmd,
	normalizeCmd,
	parseCmd,
	relativeCmd,
	requestTargetCmd,
	resolveCmd,
	siteCmd,
	templateCmd,
	versionCmd,
	whatwgCmd,
	helpCmd,
}

// env is what a command reads and writes, so tests can run commands
// without a process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// flush, when set, writes out what stdout holds: called before waiting
	// for standard input, so that a user typing references sees each
	// result at once.
	flush func() error
}

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

// run runs the command line args with standard output buffered, and
// flushes it on every path.
func run(e *env, args []string) int {
	b, flush := buffered(e)
	st := dispatch(b, commands, args)
	if err := flush(); err != nil {
		fmt.Fprintf(e.stderr, "uri: %v\n", err)
		return exitUsage
	}
	return st
}

// dispatch runs the command of cmds that args name first (after the flags
// before it, see subcommandFirst), with the rest of args.
func dispatch(e *env, cmds []*command, args []string) int {
	if len(args) == 0 {
		usage(e.stderr, cmds)
		return exitUsage
	}
	args = subcommandFirst(args, names(cmds))
	switch a := args[0]; a {
	case "-h", "-help", "--help":
		args = append([]string{"help"}, args[1:]...)
	case "--version", "-version":
		args = append([]string{"version"}, args[1:]...)
	}
	c := lookup(cmds, args[0])
	if c == nil {
		return unknownCommand(e, cmds, args[0])
	}
	return c.run(e, cmds, c.name, args[1:])
}

// lookup returns the command of cmds named name, or nil.
func lookup(cmds []*command, name string) *command {
	for _, c := range cmds {
		if c.name == name {
			return c
		}
	}
	return nil
}

// names returns the names of cmds, in order.
func names(cmds []*command) []string {
	out := make([]string, len(cmds))
	for i, c := range cmds {
		out[i] = c.name
	}
	return out
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

// unknownCommand reports a first argument that names none of cmds, masked
// (it is often a URI), with a guess.
func unknownCommand(e *env, cmds []*command, name string) int {
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
	if s := suggest(name, names(cmds)); s != "" {
		msg += "; did you mean " + s + "?"
	} else if strings.ContainsAny(name, ":/?#.") {
		msg += "; to check a URI reference, run 'uri parse URI'"
	}
	return usageError(e, "", msg)
}

// usage writes the help of uri: what it does and its commands, cmds.
func usage(w io.Writer, cmds []*command) {
	fmt.Fprint(w, `uri parses, checks, resolves, normalizes, compares and explains URI
references exactly as RFC 3986 defines them.

Usage:

	uri <command> [flags] [arguments]

Commands:
`)
	width := 0
	for _, c := range cmds {
		width = max(width, len(c.name))
	}
	for _, c := range cmds {
		fmt.Fprintf(w, "\t%-*s  %s\n", width, c.name, c.summary)
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

var helpCmd = &command{
	name:    "help",
	summary: "print this list, or with a command's name its help",
	help: `
Usage: uri help [COMMAND [SUBCOMMAND]]

Print the list of commands of uri, or the help of COMMAND: "uri help
parse" is "uri parse --help", "uri help template match" is "uri template
match --help".
`,
	setup: func(fs *flag.FlagSet, p *pipeline) func([]string) int {
		return func(args []string) int { return runHelp(p, args) }
	},
}

// runHelp prints the help that args ask for: the list of commands, or the
// help of the command (and subcommand) they name.
func runHelp(p *pipeline, args []string) int {
	if len(args) == 0 {
		usage(p.stdout, p.commands)
		return exitOK
	}
	c := lookup(p.commands, args[0])
	if c == nil {
		return unknownCommand(p.env, p.commands, args[0])
	}
	return c.run(p.env, p.commands, c.name, append(args[1:], "--help"))
}
