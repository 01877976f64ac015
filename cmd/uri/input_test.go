package main

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// failingReader gives its text and then err instead of io.EOF.
type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

// TestInputErrors checks that an error reading standard input, or showing
// the output before waiting for more, stops readLines with that error,
// after the whole lines before it and without the part of a line it cuts.
func TestInputErrors(t *testing.T) {
	errRead := errors.New("read failed")
	errFlush := errors.New("flush failed")
	for _, tc := range []struct {
		name  string
		stdin io.Reader
		flush func() error
		want  []string
		err   error
	}{
		{"after a line", &failingReader{strings.NewReader("a\n"), errRead}, nil, []string{"a"}, errRead},
		{"inside a line", &failingReader{strings.NewReader("a\nb"), errRead}, nil, []string{"a"}, errRead},
		{"at once", &failingReader{strings.NewReader(""), errRead}, nil, nil, errRead},
		{"flush", strings.NewReader("a\n"), func() error { return errFlush }, nil, errFlush},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			e := &env{stdin: tc.stdin, flush: tc.flush}
			err := readLines(e, func(_ int, line string) error { got = append(got, line); return nil })
			if diff := cmp.Diff(tc.want, got); diff != "" || err != tc.err {
				t.Errorf("readLines(%s): error %v (want %v), lines mismatch (-want +got):\n%s", tc.name, err, tc.err, diff)
			}
		})
	}
}

// TestNullDeviceIsNoTerminal checks that standard input redirected from
// the null device, as scripts and services give it, gets no note about
// reading a terminal: it is a character device, but no terminal.
func TestNullDeviceIsNoTerminal(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("isTerminal(%s) = true, want false", os.DevNull)
	}
	var out, errb strings.Builder
	if st := run(&env{stdin: f, stdout: &out, stderr: &errb}, []string{"parse"}); st != exitOK || out.Len() != 0 || errb.Len() != 0 {
		t.Errorf("uri parse < %s = status %d, stdout %q, stderr %q; want 0 and nothing", os.DevNull, st, out.String(), errb.String())
	}
}
