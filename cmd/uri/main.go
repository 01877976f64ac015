// Command uri parses, checks and explains URI references as RFC 3986 (STD 66)
// defines them.
//
// Usage:
//
//	uri <command> [flags] [arguments]
//
// Run "uri help" for the list of commands and "uri <command> --help" for one.
//
// Exit status: 0 when every input is valid, 1 when some input is invalid,
// 2 on a usage error.
package main

import (
	"bufio"
	"encoding/json"
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
	exitUsage   = 2 // bad flags or arguments
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
}

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				return c.run(e, []string{"--help"})
			}
		}
		usage(e.stdout)
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "uri: unknown command %q\n\n", args[0])
		usage(e.stderr)
		return exitUsage
	}
	return c.run(e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprint(w, `uri parses, checks and explains URI references exactly as RFC 3986 defines them.

Usage:

	uri <command> [flags] [arguments]

Commands:
`)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "\t%-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprint(w, `
Run "uri <command> --help" for the flags of a command.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage error.
`)
}

// newEncoder returns a JSON encoder that writes one line per value and
// leaves "&", "<" and ">" as they are.
func newEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// blocks writes the human output of a command that describes each input
// in a block of lines, with a blank line between blocks.
type blocks struct {
	w io.Writer
	n int
}

// next starts a block and returns where to write it.
func (b *blocks) next() io.Writer {
	if b.n > 0 {
		fmt.Fprintln(b.w)
	}
	b.n++
	return b.w
}

// newFlags returns a flag set for a command whose --help prints the given
// text followed by the flags.
func newFlags(e *env, name, help string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), strings.TrimLeft(help, "\n"))
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args with fs. It returns the exit status to stop with,
// or -1 to go on: --help prints to stdout and stops with 0, a bad flag with 2.
func parseFlags(e *env, fs *flag.FlagSet, args []string) int {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(e.stdout)
			fs.Usage()
			return exitOK
		}
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	return -1
}

// inputs yields the command's inputs: its arguments, or else one per line of
// standard input (the line without its "\n"); with quoted, each line is a Go
// double-quoted string literal, as strconv.Quote writes it. It stops at the
// first error, which is a usage error.
func inputs(e *env, args []string, quoted bool, each func(string) error) error {
	if len(args) > 0 {
		for _, a := range args {
			if err := each(a); err != nil {
				return err
			}
		}
		return nil
	}
	r := bufio.NewReader(e.stdin)
	for n := 1; ; n++ {
		line, err := r.ReadString('\n')
		if line == "" && err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		line = strings.TrimSuffix(line, "\n")
		if quoted {
			s, uerr := unquote(line)
			if uerr != nil {
				return fmt.Errorf("line %d: not a Go double-quoted string: %v", n, uerr)
			}
			line = s
		}
		if err := each(line); err != nil {
			return err
		}
	}
}
