package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/specuri/specuri/uri"
)

// maxLine is the longest line of standard input read: the longest input a
// parser accepts, written as a Go string literal (at most four bytes per
// byte, two quotes), or as much as an int holds.
const maxLine = min(4*uri.MaxLength+2, math.MaxInt)

// inputs yields the command's inputs: its arguments, where "-" stands for
// the lines of standard input, or with no argument the lines of standard
// input (see readLines); with quoted, each line is a Go double-quoted
// string literal, as strconv.Quote writes it. It stops at the first error,
// which is a usage or I/O error.
func inputs(e *env, args []string, quoted bool, each func(string) error) error {
	if len(args) == 0 {
		args = []string{"-"}
	}
	for _, a := range args {
		if a != "-" {
			if err := each(a); err != nil {
				return err
			}
			continue
		}
		err := readLines(e, func(n int, line string) error {
			if quoted {
				s, err := unquoteLine(n, line)
				if err != nil {
					return err
				}
				line = s
			}
			return each(line)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func unquoteLine(n int, line string) (string, error) {
	s, err := unquote(line)
	if err != nil {
		return "", fmt.Errorf("line %d: not a Go double-quoted string: %v", n, err)
	}
	return s, nil
}

// readLines calls each with every line of standard input and its number
// (from 1), without its "\n" and a "\r" before it, and the first line
// without a leading byte order mark (U+FEFF in UTF-8), so that a list
// saved on Windows reads as it shows. Blank lines are skipped: the empty
// reference is given as "" with --quoted.
//
// The whole lines that the reader's buffer holds become one string, of
// which each line is a substring: one allocation per buffer, not one per
// line. A line longer than the buffer, or the last one without a "\n",
// is read on its own (readLine).
func readLines(e *env, each func(n int, line string) error) error {
	noteTerminal(e)
	r := bufio.NewReaderSize(e.stdin, 64<<10)
	for n := 1; ; {
		if err := flushBeforeWait(e, r); err != nil {
			return err
		}
		if _, err := r.Peek(1); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if lines := bufferedLines(r); lines != "" {
			for lines != "" {
				i := strings.IndexByte(lines, '\n')
				if line := trimLine(lines[:i+1], n); line != "" {
					if err := each(n, line); err != nil {
						return err
					}
				}
				lines = lines[i+1:]
				n++
			}
			continue
		}
		b, err := readLine(r, n)
		if len(b) == 0 && err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if err != nil && err != io.EOF {
			return err
		}
		if line := trimLine(string(b), n); line != "" {
			if err := each(n, line); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		n++
	}
}

// bufferedLines returns the whole lines, each with its "\n", at the start
// of what r holds, and takes them from r; "" when r holds no "\n" (a line
// longer than r's buffer, the last line without one).
func bufferedLines(r *bufio.Reader) string {
	b, _ := r.Peek(r.Buffered())
	end := bytes.LastIndexByte(b, '\n') + 1
	if end == 0 {
		return ""
	}
	s := string(b[:end])
	_, _ = r.Discard(end) // end <= r.Buffered(): Discard cannot fail
	return s
}

// flushBeforeWait flushes the output of a command that is about to wait
// for input (r has nothing buffered), to show what the input gave so far.
func flushBeforeWait(e *env, r *bufio.Reader) error {
	if r.Buffered() == 0 && e.flush != nil {
		return e.flush()
	}
	return nil
}

// readLine reads line n of r with its "\n", as r.ReadSlice('\n') does but
// past the end of r's buffer, up to maxLine bytes: a longer line is an
// error. The line is valid until the next read from r.
func readLine(r *bufio.Reader, n int) ([]byte, error) {
	b, err := r.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return b, err
	}
	var long []byte
	for err == bufio.ErrBufferFull {
		long = append(long, b...)
		if len(long) > maxLine {
			return nil, fmt.Errorf("line %d: longer than %d bytes", n, maxLine)
		}
		b, err = r.ReadSlice('\n')
	}
	return append(long, b...), err
}

// trimLine returns line n without its "\n" and a "\r" before it, and the
// first line also without a leading byte order mark (see readLines).
func trimLine(s string, n int) string {
	s = strings.TrimSuffix(s, "\n")
	s = strings.TrimSuffix(s, "\r")
	if n == 1 {
		s = strings.TrimPrefix(s, bom)
	}
	return s
}

// bom is the byte order mark, U+FEFF in UTF-8, that editors on Windows
// write at the start of a text file: it is dropped from the start of every
// input read, standard input and files (--set, --vars).
const bom = "\uFEFF"

// errFields is the error of a line of a batch that is not two fields
// separated by one tab.
var errFields = errors.New("want two references separated by one tab")

// pairs calls each with the two fields of every line of standard input
// (see readLines), separated by the first tab; with quoted each field is a
// Go double-quoted string literal. A line with no tab, or more than one,
// gives errFields and the whole line in a. It stops at the first error each
// returns, or at a usage or I/O error.
func pairs(e *env, quoted bool, each func(n int, a, b string, err error) error) error {
	return readLines(e, func(n int, line string) error {
		a, b, ok := strings.Cut(line, "\t")
		if !ok || strings.IndexByte(b, '\t') >= 0 {
			return each(n, line, "", fmt.Errorf("line %d: %w", n, errFields))
		}
		if quoted {
			var err error
			if a, err = unquoteLine(n, a); err != nil {
				return err
			}
			if b, err = unquoteLine(n, b); err != nil {
				return err
			}
		}
		return each(n, a, b, nil)
	})
}

// noteTerminal tells a user who ran a command without arguments, on a
// terminal, why it waits: standard error gets one line.
func noteTerminal(e *env) {
	if isTerminal(e.stdin) {
		fmt.Fprintln(e.stderr, "uri: reading standard input, one input a line; end with Ctrl-D (Ctrl-Z, Enter on Windows), or give the inputs as arguments")
	}
}

// isTerminal reports whether r is a terminal (a character device), as
// standard input is when nothing is piped or redirected into a command.
// The null device is a character device too, and the standard input that
// scripts, CI jobs and services give: it is no terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return false
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(fi, null)
}
