package main

import (
	"fmt"
	"regexp"
	"strings"
)

// perf applies the edits of step 3d of the package comment, for speed, to
// gofmt'd code in which classes are already table lookups (classTables).
// Each edit keeps what the parser matches and records.
func perf(src string) (string, error) {
	src, n := classLoops(src)
	if n == 0 {
		return "", fmt.Errorf("perf: no loop over a character class in peg's output")
	}
	return src, nil
}

var reClassTest = regexp.MustCompile(`^\t*if !(pegenClass\d+)\[buffer\[position\]\] \{$`)

// classLoops makes every loop whose body is a choice (or a single
// alternative) that starts with a class lookup, as peg writes for
// (class / pct_encoded)* and class*, first consume the longest run of bytes
// of the class in a tight loop over local variables:
//
//	lA:
//		{
//			pos, buf := int(position), buffer
//			for pos < len(buf) && pegenClassN[buf[pos]] {
//				pos++
//			}
//			position = uint32(pos)
//		}
//		{
//			positionB, tokenIndexB := position, tokenIndex
//			{
//				if !pegenClassN[buffer[position]] {
//	...
//
// An iteration of the loop in which the lookup succeeds consumes exactly
// that byte, records no token and starts the next iteration, so running
// the lookup alone until it fails leaves the parser where those
// iterations would; the loop then goes on as peg wrote it, from the first
// byte outside the class or the end of the input. It returns the number
// of loops changed.
func classLoops(src string) (string, int) {
	lines := strings.Split(src, "\n")
	out := make([]string, 0, len(lines))
	n := 0
	for i := 0; i < len(lines); i++ {
		out = append(out, lines[i])
		m := reLabel.FindStringSubmatch(lines[i])
		if m == nil || i+3 >= len(lines) {
			continue
		}
		// The loop body: a block that saves the position, then a
		// choice (or one alternative) whose first test is the lookup.
		if strings.TrimSpace(lines[i+1]) != "{" || !reSave.MatchString(lines[i+2]) {
			continue
		}
		k := i + 3
		if strings.TrimSpace(lines[k]) == "{" {
			k++
		}
		c := reClassTest.FindStringSubmatch(lines[k])
		if c == nil || k+4 >= len(lines) || strings.TrimSpace(lines[k+3]) != "position++" {
			continue
		}
		// On a match, the lookup goes to a label whose only statement
		// is the jump back to lA.
		g := reGoto.FindStringSubmatch(lines[k+4])
		if g == nil || !loopsBack(lines, g[1], m[1]) {
			continue
		}
		ind := lines[i+1][:len(lines[i+1])-len(strings.TrimLeft(lines[i+1], "\t"))]
		out = append(out,
			ind+"{",
			ind+"\tpos, buf := int(position), buffer",
			ind+"\tfor pos < len(buf) && "+c[1]+"[buf[pos]] {",
			ind+"\t\tpos++",
			ind+"\t}",
			ind+"\tposition = uint32(pos)",
			ind+"}")
		n++
	}
	return strings.Join(out, "\n"), n
}

// loopsBack reports whether label ok is followed by "goto head" and
// nothing else.
func loopsBack(lines []string, ok, head string) bool {
	for i, l := range lines {
		if m := reLabel.FindStringSubmatch(l); m != nil && m[1] == ok {
			if i+1 >= len(lines) {
				return false
			}
			g := reGoto.FindStringSubmatch(lines[i+1])
			return g != nil && g[1] == head
		}
	}
	return false
}
