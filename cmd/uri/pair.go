package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/specuri/specuri/uri"
)

// eachPair yields the pairs of inputs of a command that reads two (resolve,
// relative, compare): with no argument, or "-" alone, the "A<TAB>B" lines
// of standard input (see pairs); otherwise the first argument with each of
// the others, or with each line of standard input when it is alone or
// another argument is "-" (see inputs). A line without exactly one tab
// gives err.
func eachPair(e *env, args []string, quoted bool, each func(a, b string, err error) error) error {
	if len(args) == 0 || len(args) == 1 && args[0] == "-" {
		return pairs(e, quoted, func(_ int, a, b string, err error) error { return each(a, b, err) })
	}
	return inputs(e, args[1:], quoted, func(b string) error { return each(args[0], b, nil) })
}

// A pairRecord is the --json record of a pair of inputs of runPairs.
type pairRecord interface {
	setError(*jsonError)
	result() string // the human output of a valid record
}

// runPairs runs a command that reads pairs of inputs (see eachPair) and
// gives one result for each, resolve and relative: fill makes the record
// of a pair, given the error of its line (see pairs), and returns it with
// the pair's error. Records are written as JSON (--json), or as the result
// or an error line (see reportInvalid). It returns the exit status.
func runPairs[R pairRecord](p *pipeline, args []string, fill func(a, b string, err error) (R, error)) int {
	return p.eachPair(args, func(a, b string, err error) error {
		rec, err := fill(a, b, err)
		if err != nil {
			p.fail()
			rec.setError(recordError(err))
		}
		if p.json {
			return p.record(rec, err != nil)
		}
		if err != nil {
			return p.reportInvalid(err)
		}
		_, werr := fmt.Fprintln(p.stdout, rec.result())
		return werr
	})
}

// cachedParse parses with parse and remembers the last result: the first
// input of a batch (a base) is most often the same from line to line.
type cachedParse struct {
	parse func(string) (uri.URI, error)
	s     string
	u     uri.URI
	err   error
	ok    bool
	// shown is whether the error of s was drawn on standard error already.
	shown bool
}

func (c *cachedParse) get(s string) (uri.URI, error) {
	if !c.ok || s != c.s {
		c.u, c.err = c.parse(s)
		c.s, c.ok, c.shown = s, true, false
	}
	return c.u, c.err
}

// inputError returns the error of the input last parsed, to be drawn on
// standard error the first time only.
func (c *cachedParse) inputError(key string, err error) error {
	ie := &inputError{input: key, text: c.s, err: err, drawn: c.shown}
	c.shown = true
	return ie
}

// inputError is the error of one of the inputs of a record: which one
// (the JSON key of the input), its text, and why.
type inputError struct {
	input string
	text  string
	err   error
	// drawn is whether the input was drawn on standard error already (a
	// base shared by several references is drawn once).
	drawn bool
}

func (e *inputError) Error() string { return e.input + ": " + e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

// recordError returns the --json error object of err, naming the input it
// is about.
func recordError(err error) *jsonError {
	var ie *inputError
	if errors.As(err, &ie) {
		j := newJSONError(ie.err)
		j.Input = ie.input
		return j
	}
	return newJSONError(err)
}

// reportInvalid writes the human form of a record that has no result: a
// line "error: ..." on standard output in its place (none with
// --skip-invalid), then, for an invalid input, the input drawn on
// standard error by printInvalid.
func (p *pipeline) reportInvalid(err error) error {
	if werr := p.errorLine(cliError{err}); werr != nil {
		return werr
	}
	var ie *inputError
	if errors.As(err, &ie) && !ie.drawn {
		what := ie.input
		switch what {
		case "ref":
			what = "reference"
		case "a", "b":
			what = "URI reference " + strings.ToUpper(what)
		}
		printInvalid(p.stderr, p.name, what, ie.text, ie.err)
	}
	return nil
}

// printInvalid reports an invalid input of a command as "uri parse" does:
// the quoted input with any password masked, then printError's message
// and caret. It writes the report with one call.
func printInvalid(w io.Writer, cmd, what, s string, err error) {
	var b strings.Builder
	fmt.Fprintf(&b, "uri %s: invalid %s %s\n", cmd, what, strconv.Quote(uri.RedactInput(s)))
	printError(&b, s, err)
	_, _ = io.WriteString(w, b.String())
}
