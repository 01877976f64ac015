package ucd

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestIDNAAgainstTable reads IdnaMappingTable.txt with a parser of its own
// and checks IDNA for every code point of every line, and values that are
// not code points.
func TestIDNAAgainstTable(t *testing.T) {
	f, err := os.Open("../../grammar/unicode/" + Version + "/idna/IdnaMappingTable.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, ";")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		lo, hi, _ := strings.Cut(fields[0], "..")
		if hi == "" {
			hi = lo
		}
		a, _ := strconv.ParseUint(lo, 16, 32)
		b, _ := strconv.ParseUint(hi, 16, 32)
		var want strings.Builder
		if len(fields) > 2 {
			for _, h := range strings.Fields(fields[2]) {
				c, _ := strconv.ParseUint(h, 16, 32)
				want.WriteRune(rune(c))
			}
		}
		for c := a; c <= b; c++ {
			st, m := IDNA(rune(c))
			if st.String() != fields[1] || m != want.String() {
				t.Fatalf("IDNA(U+%04X) = %v, %+q; want %s, %+q", c, st, m, fields[1], want.String())
			}
			n++
		}
	}
	if n != MaxRune+1 {
		t.Errorf("the table lists %d code points, want %d", n, MaxRune+1)
	}
	for _, r := range []rune{-1, MaxRune + 1, 1 << 30} {
		if st, m := IDNA(r); st != IDNADisallowed || m != "" {
			t.Errorf("IDNA(%d) = %v, %q; want disallowed", r, st, m)
		}
	}
}
