package main

// # How a command plugs into uri
//
// A command is a *command, listed in commands (main.go); nothing registers
// itself. Most commands read inputs, one a line, and write one record for
// each. The pipeline owns what they share, so that every command reads,
// reports and exits alike:
//
//   - input declares which of the pipeline's flags the command takes:
//     --json (and what one JSON object stands for), --quoted (one side
//     or two, for commands reading pairs), --skip-invalid. They are defined
//     here only, with one meaning.
//   - setup defines the command's own flags on a new flag.FlagSet and
//     returns the function that runs the command. It is called on every
//     run, so that flag values do not outlive one, and by completion,
//     which reads the flag set and runs nothing: completion offers exactly
//     the flags a command accepts (TestCompletionFlags checks it). So setup
//     does nothing but define flags.
//   - The run function gets the arguments left after the flags, and uses
//     the *pipeline that setup was given: p.each(args, f) calls f with
//     every input (the arguments, or the lines of standard input for "-"
//     or no argument: a "\r" before the "\n" and a byte order mark
//     dropped, blank lines skipped, --quoted lines unquoted); p.eachPair
//     does so for the pairs of a command reading two inputs. f writes the
//     input's record: p.record with --json (nothing for an invalid input
//     with --skip-invalid), else the human form, with p.errorLine for an
//     input without a result; p.fail counts the input as invalid. each
//     returns the exit status: exitOK, exitInvalid after p.fail, or
//     exitUsage after a usage or I/O error, which it reports as
//     "uri CMD: ..." on standard error.
//   - Error messages never hold a password nor a byte of one (RFC 3986
//     §7.5): p.errorLine, and p.record for every field tagged
//     json:"message" at any depth of the record, mask the passwords of the
//     inputs f was given (maskIDNA), however the message quotes them; the
//     record's input field keeps the input as it is.
//   - A bad argument is reported with p.usageError (one line, a pointer to
//     the help, exit status 2); anything echoed from the command line goes
//     through quoteArg, which masks passwords (RFC 3986 §7.5).
//   - A command with subcommands (file, template) lists them in subs, each
//     a command with its own flags and run; the first argument names one.
//
// So a new command is a file with its help text and a var xCmd =
// &command{...}, and a line in commands; its flags then show in its
// --help and in the completion scripts. In outline:
//
//	var siteCmd = &command{
//		name:    "site",
//		summary: "...",
//		help:    siteHelp,
//		input:   input{json: "input", quoted: true},
//		setup: func(fs *flag.FlagSet, p *pipeline) func([]string) int {
//			strict := fs.Bool("strict", false, "...")
//			return func(args []string) int {
//				return p.each(args, func(s string) error {
//					rec, err := site(s, *strict)
//					if err != nil {
//						p.fail()
//					}
//					if p.json {
//						return p.record(rec, err != nil)
//					}
//					if err != nil {
//						return p.reportInvalid(&inputError{input: "URI", text: s, err: err})
//					}
//					_, werr := fmt.Fprintln(p.stdout, rec.Site)
//					return werr
//				})
//			}
//		},
//	}

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"reflect"
	"strings"

	"github.com/specuri/specuri/uri"
)

// A command is one command of uri, or one subcommand of a command.
type command struct {
	name    string // as typed on the command line: "parse", "expand"
	summary string // one line, for "uri help" and completion
	// help is the text --help prints before the flags: the usage line,
	// what the command does, its exit status and examples.
	help string
	// input is the pipeline's flags the command takes.
	input input
	// setup defines the command's own flags on fs and returns the function
	// that runs the command with the arguments left after the flags, once
	// they are parsed; p is the pipeline the command reads and writes
	// through. Nil for a command with subcommands.
	setup func(fs *flag.FlagSet, p *pipeline) func(args []string) int
	// subs are the subcommands, of which the first argument names one.
	subs []*command
	// words are what completion offers as the first argument of a command
	// that takes one of a fixed list (idna ascii, completion bash).
	words []string
}

// input is what a command takes of the pipeline's flags.
type input struct {
	// json, when set, defines --json: "print one JSON object per " and
	// json, what one record stands for ("input", "reference", ...).
	json string
	// quoted defines --quoted: each line of standard input is a Go
	// double-quoted string literal (each side of the tab with pairs).
	quoted bool
	// pairs says that the command reads pairs of inputs (eachPair).
	pairs bool
	// skipInvalid defines --skip-invalid: an invalid input gives no
	// record on standard output.
	skipInvalid bool
}

// A pipeline is one run of a command: its output streams and input, the
// settings of the pipeline's flags, and the exit status.
type pipeline struct {
	*env
	name string // the command as messages name it: "parse", "template expand"
	// commands are those of uri, for help and completion.
	commands []*command
	// json, quoted and skipInvalid are the values of --json, --quoted
	// and --skip-invalid.
	json, quoted, skipInvalid bool
	status                    int
	enc                       *json.Encoder
	// line is the buffer writeLine appends in when the output's has no
	// room.
	line []byte
	// inputs are those f of each or eachPair was last given, whose
	// passwords error messages mask.
	inputs []string
}

// define defines the flags of in on fs, setting those of p.
func (in input) define(fs *flag.FlagSet, p *pipeline) {
	if in.json != "" {
		fs.BoolVar(&p.json, "json", false, "print one JSON object per "+in.json)
	}
	if in.quoted {
		usage := "read each line of standard input as a Go double-quoted string literal"
		if in.pairs {
			usage = "read each line of standard input as Go double-quoted string literals"
		}
		fs.BoolVar(&p.quoted, "quoted", false, usage)
	}
	if in.skipInvalid {
		// With it, a pipeline ("uri normalize --skip-invalid < links |
		// sort -u") gets results only; the input is still drawn on
		// standard error and the exit status is still 1.
		fs.BoolVar(&p.skipInvalid, "skip-invalid", false,
			"print nothing on standard output for an invalid input (it is still reported on standard error, and the exit status is 1)")
	}
}

// run runs c, named name in messages ("template expand"), with the
// arguments after its name; cmds are the commands of uri.
func (c *command) run(e *env, cmds []*command, name string, args []string) int {
	if len(c.subs) > 0 {
		return c.runSub(e, cmds, name, args)
	}
	fs, run := c.newFlagSet(e, cmds, name)
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	return run(fs.Args())
}

// newFlagSet returns a flag set of c, named name, with the pipeline's
// flags and c's own defined, and the function that runs c.
func (c *command) newFlagSet(e *env, cmds []*command, name string) (*flag.FlagSet, func([]string) int) {
	fs := newFlags(e, name, c.help)
	p := &pipeline{env: e, name: name, commands: cmds}
	c.input.define(fs, p)
	return fs, c.setup(fs, p)
}

// runSub runs the subcommand of c that args name first (flags may come
// before it), or prints c's help.
func (c *command) runSub(e *env, cmds []*command, name string, args []string) int {
	subs := names(c.subs)
	if len(args) > 0 && isHelp(args[0]) {
		c.printHelp(e, cmds, name)
		return exitOK
	}
	if len(args) == 0 {
		return usageError(e, name, "want a subcommand: "+orList(subs))
	}
	args = subcommandFirst(args, subs)
	s := lookup(c.subs, args[0])
	if s == nil {
		return usageError(e, name, "unknown subcommand "+quoteArg(args[0])+" of "+name+"; want "+orList(subs))
	}
	return s.run(e, cmds, name+" "+s.name, args[1:])
}

// printHelp prints the help of c, a command with subcommands, to standard
// output: its text, then the flags of each subcommand.
func (c *command) printHelp(e *env, cmds []*command, name string) {
	w := e.stdout
	fmt.Fprint(w, strings.TrimLeft(c.help, "\n"))
	for _, s := range c.subs {
		fs, _ := s.newFlagSet(e, cmds, name+" "+s.name)
		fmt.Fprintf(w, "\nFlags of uri %s:\n", fs.Name())
		printFlags(w, fs)
	}
}

// isHelp reports whether a is a request for help.
func isHelp(a string) bool {
	return a == "-h" || a == "-help" || a == "--help" || a == "help"
}

// fail counts the input at hand as invalid: the exit status is then at
// least exitInvalid.
func (p *pipeline) fail() { p.raise(exitInvalid) }

// raise sets the exit status to st when st is higher.
func (p *pipeline) raise(st int) { p.status = max(p.status, st) }

// each calls f with every input of args (see inputs) and returns the exit
// status (see end).
func (p *pipeline) each(args []string, f func(s string) error) int {
	return p.end(inputs(p.env, args, p.quoted, func(s string) error {
		p.inputs = append(p.inputs[:0], s)
		return f(s)
	}))
}

// eachPair calls f with every pair of inputs of args (see eachPair) and
// returns the exit status (see end).
func (p *pipeline) eachPair(args []string, f func(a, b string, err error) error) int {
	return p.end(eachPair(p.env, args, p.quoted, func(a, b string, err error) error {
		p.inputs = append(p.inputs[:0], a, b)
		return f(a, b, err)
	}))
}

// end returns the exit status of a run that stopped with err: exitUsage
// after reporting err, a usage or I/O error, or else the status the
// records gave.
func (p *pipeline) end(err error) int {
	if err != nil {
		fmt.Fprintf(p.stderr, "uri %s: %v\n", p.name, err)
		return exitUsage
	}
	return p.status
}

// record writes rec as a line of JSON, unless it is the record of an
// invalid input and --skip-invalid is on.
func (p *pipeline) record(rec any, invalid bool) error {
	if invalid && p.skipInvalid {
		return nil
	}
	if a, ok := rec.(jsonAppender); ok {
		return p.writeLine(a.appendJSON)
	}
	if p.enc == nil {
		p.enc = newEncoder(p.stdout)
	}
	return p.enc.Encode(withoutPasswords(p, rec))
}

// writeLine writes the line that appendLine appends to a buffer: in
// place in the output's buffer when it has room
// (bufio.Writer.AvailableBuffer), which saves a copy.
func (p *pipeline) writeLine(appendLine func([]byte) []byte) error {
	if bw, ok := p.stdout.(*bufio.Writer); ok && bw.Available() >= 4<<10 {
		_, err := p.stdout.Write(appendLine(bw.AvailableBuffer()))
		return err
	}
	p.line = appendLine(p.line[:0])
	_, err := p.stdout.Write(p.line)
	return err
}

// withoutPasswords returns rec with every field tagged json:"message", at any depth,
// without the passwords of p.inputs (see mask): the owner of that rule for
// every record, those that p.record writes and those that a command writes
// itself.
func withoutPasswords[T any](p *pipeline, rec T) T {
	if !p.hasPassword() {
		return rec
	}
	return maskMessages(reflect.ValueOf(&rec).Elem(), p.mask).Interface().(T)
}

// hasPassword reports whether an input of p.inputs has a password.
func (p *pipeline) hasPassword() bool {
	for _, s := range p.inputs {
		if b, e, ok := uri.RedactSpan(s); ok && b < e {
			return true
		}
	}
	return false
}

// mask returns msg with the passwords of p.inputs masked (maskIDNA).
func (p *pipeline) mask(msg string) string {
	for _, s := range p.inputs {
		msg = maskIDNA(s, msg)
	}
	return msg
}

// maskMessages returns a copy of v in which every string field tagged
// json:"message", at any depth, is mask of it. v is not changed: the
// structs, slices, pointers and interfaces on the way are copied.
func maskMessages(v reflect.Value, mask func(string) string) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return v
		}
		e := maskMessages(v.Elem(), mask)
		if v.Kind() == reflect.Interface {
			c := reflect.New(v.Type()).Elem()
			c.Set(e)
			return c
		}
		c := reflect.New(e.Type())
		c.Elem().Set(e)
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c.Index(i).Set(maskMessages(v.Index(i), mask))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		for i := range v.NumField() {
			f := v.Type().Field(i)
			switch {
			case !f.IsExported():
			case f.Type.Kind() == reflect.String && strings.HasPrefix(f.Tag.Get("json"), "message"):
				c.Field(i).SetString(mask(v.Field(i).String()))
			default:
				c.Field(i).Set(maskMessages(v.Field(i), mask))
			}
		}
		return c
	}
	return v
}

// errorLine writes the line of human output that stands for an input
// without a result (see errorLine), unless --skip-invalid is on.
func (p *pipeline) errorLine(err error) error {
	if p.skipInvalid {
		return nil
	}
	if p.hasPassword() {
		err = errors.New(p.mask(err.Error()))
	}
	return errorLine(p.stdout, err)
}

// usageError prints a one-line usage error of the command and returns the
// usage exit status.
func (p *pipeline) usageError(msg string) int { return usageError(p.env, p.name, msg) }
