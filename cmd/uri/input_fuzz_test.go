package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzInputLines holds readLines to what its doc comment says, on any
// standard input read in reads of any size: the lines split at "\n",
// each without a "\r" before it, the first without a byte order mark,
// blank ones skipped.
func FuzzInputLines(f *testing.F) {
	for _, name := range []string{"../../testdata/bench/realistic-abs.txt", "../../testdata/bench/realistic-rel.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b[:min(len(b), 4096)]), uint16(0))
		f.Add(strings.ReplaceAll(string(b[:min(len(b), 4096)]), "\n", "\r\n"), uint16(7))
	}
	f.Add("\uFEFFa\r\n\n\rb\r\r\nc", uint16(1))
	f.Fuzz(func(t *testing.T, stdin string, chunk uint16) {
		var want []string
		for i, line := range strings.Split(stdin, "\n") {
			line = strings.TrimSuffix(line, "\r")
			if i == 0 {
				line = strings.TrimPrefix(line, "\uFEFF")
			}
			if line != "" {
				want = append(want, line)
			}
		}
		var r io.Reader = strings.NewReader(stdin)
		if chunk > 0 {
			r = &chunkReader{r: r, n: int(chunk)}
		}
		var got []string
		if err := inputs(&env{stdin: r}, nil, false, func(s string) error { got = append(got, s); return nil }); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("inputs(%q) in reads of %d mismatch (-want +got):\n%s", stdin, chunk, diff)
		}
	})
}

// A chunkReader reads at most n bytes a read from r.
type chunkReader struct {
	r io.Reader
	n int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	return c.r.Read(p[:min(len(p), c.n)])
}
