package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// buffered returns e with its standard output buffered, and the function
// that flushes it. Standard error is not buffered, but writing to it first
// flushes standard output, so that a terminal shows both in order; so does
// waiting for standard input (see readLines).
func buffered(e *env) (*env, func() error) {
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	b := *e
	b.stdout = out
	b.stderr = flushFirst{out, e.stderr}
	b.flush = out.Flush
	return &b, out.Flush
}

type flushFirst struct {
	out *bufio.Writer
	w   io.Writer
}

func (f flushFirst) Write(p []byte) (int, error) {
	if f.out.Buffered() > 0 {
		_ = f.out.Flush() // its error is reported at the end
	}
	return f.w.Write(p)
}

// newEncoder returns a JSON encoder that writes one line per value and
// leaves "&", "<" and ">" as they are.
func newEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// A jsonAppender is a record that writes its own JSON line, without
// reflection (jsonObject): exactly the bytes newEncoder's Encode writes
// for it, newline included (TestAppendJSONAgree holds each type to that).
// It has no field tagged json:"message", which withoutPasswords would
// mask (TestAppendJSONNoMessages). The records a command writes once per
// input of a large file implement it.
type jsonAppender interface {
	appendJSON(b []byte) []byte
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

// quotedIfInvalid returns s Go-quoted when it is not valid UTF-8, which a
// JSON string cannot hold (encoding/json writes U+FFFD for each bad byte),
// and nil otherwise: the --json field that keeps such an input
// recoverable.
func quotedIfInvalid(s string) *string {
	if utf8.ValidString(s) {
		return nil
	}
	q := strconv.Quote(s)
	return &q
}

// errorLine writes the line of human output that stands for an input that
// gave no result: "error: " and the message, which has spaces, so it
// cannot be mistaken for a URI reference. The message never holds the
// input.
func errorLine(w io.Writer, err error) error {
	_, werr := fmt.Fprintf(w, "error: %v\n", err)
	return werr
}
