package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/specuri/specuri/uri"
)

// newFlags returns a flag set for a command whose --help prints the given
// text followed by the flags.
func newFlags(e *env, name, help string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), strings.TrimLeft(help, "\n"))
		fmt.Fprintln(fs.Output(), "\nFlags:")
		printFlags(fs.Output(), fs)
	}
	return fs
}

// printFlags lists the flags of fs with two dashes, the way they are
// written on the command line.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		if isBoolFlag(f) {
			arg = ""
		} else {
			// A name in backquotes in the usage, or else the flag's name.
			if arg == "" || arg == "value" || arg == "string" {
				arg = f.Name
			}
			arg = " " + strings.ToUpper(arg)
		}
		fmt.Fprintf(w, "  --%s%s\n    \t%s", f.Name, arg, usage)
		if c, ok := f.Value.(*choice); ok {
			fmt.Fprintf(w, " (default %s)", c.def)
		}
		fmt.Fprintln(w)
	})
	fmt.Fprintf(w, "  --help\n    \tprint this help\n")
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// parseFlags parses args with fs. Flags may come anywhere among the
// arguments, as "--name", "-name", "--name=value" or "--name value"; "--"
// ends the flags and "-" alone is an argument (standard input). After it,
// fs.Args() holds the arguments in order. It returns the exit status to
// stop with, or -1 to go on: --help prints to stdout and stops with 0; a
// bad flag or value prints one line to stderr and stops with 2. Arguments
// it echoes are shown with any password masked (RFC 3986 §7.5).
func parseFlags(e *env, fs *flag.FlagSet, args []string) int {
	if wantsHelp(args) {
		fs.SetOutput(e.stdout)
		fs.Usage()
		return exitOK
	}
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		next, st := setFlag(e, fs, args, i)
		if st >= 0 {
			return st
		}
		i = next
	}
	// Every flag is set: what remains are the arguments.
	if err := fs.Parse(append([]string{"--"}, pos...)); err != nil {
		return exitUsage
	}
	return -1
}

// wantsHelp reports whether args ask for help ("-h", "-help" or "--help")
// before any "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			return true
		}
	}
	return false
}

// setFlag sets the flag of fs that args[i] names ("--name", "-name" or
// "--name=value"), taking its value from args[i+1] when it needs one and
// has none. It returns the index of the last argument it used, and the exit
// status to stop with, or -1 to go on; a usage error is printed as
// parseFlags says.
func setFlag(e *env, fs *flag.FlagSet, args []string, i int) (last, status int) {
	a := args[i]
	name := strings.TrimPrefix(a[1:], "-")
	value, hasValue := "", false
	if j := strings.IndexByte(name, '='); j >= 0 {
		name, value, hasValue = name[:j], name[j+1:], true
	}
	f := fs.Lookup(name)
	if f == nil {
		shown := a
		if hasValue {
			shown = a[:len(a)-len(value)-1]
		}
		return i, unknownFlag(e, fs, shown, name)
	}
	switch {
	case hasValue:
	case isBoolFlag(f):
		value = "true"
	case i+1 < len(args):
		i++
		value = args[i]
	default:
		return i, usageError(e, fs.Name(), "flag --"+name+" needs a value")
	}
	if err := fs.Set(name, value); err != nil {
		return i, invalidValue(e, fs, f, value, err)
	}
	return i, -1
}

// unknownFlag prints the usage error of a flag that fs does not define,
// shown as written without its value, with the closest name as a guess.
func unknownFlag(e *env, fs *flag.FlagSet, shown, name string) int {
	msg := "unknown flag " + quoteFlag(shown)
	if s := suggest(name, flagNames(fs)); s != "" {
		msg += "; did you mean --" + s + "?"
	}
	return usageError(e, fs.Name(), msg)
}

// invalidValue prints the usage error of a value that flag f of fs refused
// with err, the value masked (quoteArg): a choice lists its values, a bool
// wants true or false.
func invalidValue(e *env, fs *flag.FlagSet, f *flag.Flag, value string, err error) int {
	msg := fmt.Sprintf("invalid value %s for --%s", quoteArg(value), f.Name)
	switch err := err.(type) {
	case *choiceError:
		msg += ": " + err.Error()
	case *secretValueError:
		msg = fmt.Sprintf("invalid value for --%s: %s", f.Name, err.msg)
	default:
		if isBoolFlag(f) {
			msg += ": want true or false"
		}
	}
	return usageError(e, fs.Name(), msg)
}

// secretValueError is the error of a flag whose value may hold a secret
// (a password): its message replaces the value in the usage error.
type secretValueError struct{ msg string }

func (e *secretValueError) Error() string { return e.msg }

// usageError prints a one-line usage error of a command with a pointer to
// its help, and returns the usage exit status.
func usageError(e *env, cmd, msg string) int {
	help := "uri --help"
	if cmd != "" {
		help = "uri " + cmd + " --help"
		cmd = " " + cmd
	}
	fmt.Fprintf(e.stderr, "uri%s: %s (see '%s')\n", cmd, msg, help)
	return exitUsage
}

// quoteArg returns a command-line argument for a message: Go-quoted, with
// any password masked (uri.RedactInput, RFC 3986 §7.5).
func quoteArg(s string) string {
	return strconv.Quote(uri.RedactInput(s))
}

// quoteFlag returns a flag as written for a message: as quoteArg does, with
// the text after its dashes masked as an input of its own, and without
// quotes when it shows as itself.
func quoteFlag(s string) string {
	name := strings.TrimLeft(s, "-")
	q := strconv.Quote(s[:len(s)-len(name)] + uri.RedactInput(name))
	if u := q[1 : len(q)-1]; u == s && !strings.ContainsAny(s, " '") {
		return s
	}
	return q
}

func flagNames(fs *flag.FlagSet) []string {
	names := []string{"help"}
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// choice is a flag that takes one of a fixed list of values.
type choice struct {
	values []string // in the order of the help text
	listed int      // how many of values an error lists
	def    string
	value  string
}

// choiceError is why a value is not one of a choice's; it does not hold the
// value, which the caller shows masked.
type choiceError struct {
	values []string
	guess  string
}

func (e *choiceError) Error() string {
	s := "want " + orList(e.values)
	if e.guess != "" {
		s += "; did you mean " + e.guess + "?"
	}
	return s
}

// orList returns "a, b or c".
func orList(v []string) string {
	if len(v) == 1 {
		return v[0]
	}
	return strings.Join(v[:len(v)-1], ", ") + " or " + v[len(v)-1]
}

func (c *choice) String() string {
	if c == nil {
		return ""
	}
	return c.value
}

func (c *choice) Set(s string) error {
	for _, v := range c.values {
		if s == v {
			c.value = s
			return nil
		}
	}
	return &choiceError{values: c.values[:c.listed], guess: suggest(s, c.values)}
}

// choiceFlag defines a flag of fs that takes one of values, def when not
// given.
func choiceFlag(fs *flag.FlagSet, name, def, usage string, values ...string) *choice {
	c := &choice{values: values, listed: len(values), def: def, value: def}
	fs.Var(c, name, usage)
	return c
}

// syntaxFlag defines --syntax, the grammar to parse inputs with.
func syntaxFlag(fs *flag.FlagSet) *choice {
	return choiceFlag(fs, "syntax", "rfc3986", "the grammar: rfc3986, rfc6874 (zone identifiers) or rfc3987 (IRIs)",
		"rfc3986", "rfc6874", "rfc3987")
}

// ruleFlag defines --rule, the rule of RFC 3986 (or its RFC 3987 name) to
// parse inputs as.
func ruleFlag(fs *flag.FlagSet) *choice {
	c := choiceFlag(fs, "rule", "URI-reference", "the RFC 3986 rule to parse as: URI-reference, URI, absolute-URI or relative-ref", ruleNames()...)
	c.listed = 4
	return c
}

// syntaxOf returns the grammar a --syntax flag chose.
func syntaxOf(c *choice) uri.Syntax { return syntaxes[c.value] }

// syntaxNamed returns the grammar that name, the value of a --syntax
// flag that is not a choice flag, names; or prints the usage error of
// command cmd, with name masked, and returns false.
func syntaxNamed(e *env, cmd, name string) (uri.Syntax, bool) {
	syntax, ok := syntaxes[name]
	if !ok {
		fmt.Fprintf(e.stderr, "uri %s: unknown --syntax %s (want rfc3986, rfc6874 or rfc3987)\n", cmd, strconv.QuoteToASCII(uri.RedactInput(name)))
	}
	return syntax, ok
}

// ruleNames returns the --rule values, the RFC 3986 names first.
func ruleNames() []string {
	names := []string{"URI-reference", "URI", "absolute-URI", "relative-ref"}
	var more []string
	for n := range rules {
		if !contains(names, n) {
			more = append(more, n)
		}
	}
	sort.Strings(more)
	return append(names, more...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
