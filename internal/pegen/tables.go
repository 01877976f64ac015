package main

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Patterns of the gofmt'd code peg writes for one character or one range
// of a class, and for the step to the next alternative of a choice.
var (
	reRange   = regexp.MustCompile(`^\t*if c := buffer\[position\]; c < byte\(('(?:\\.|[^'\\])+'|0x[0-9a-f]{2})\) \|\| c > byte\(('(?:\\.|[^'\\])+'|0x[0-9a-f]{2})\) \{$`)
	reChar    = regexp.MustCompile(`^\t*if buffer\[position\] != byte\(('(?:\\.|[^'\\])+'|0x[0-9a-f]{2})\) \{$`)
	reGoto    = regexp.MustCompile(`^\t*goto (l\d+)$`)
	reLabel   = regexp.MustCompile(`^\t*(l\d+):$`)
	reRestore = regexp.MustCompile(`^\t*position, tokenIndex = (position\d+), (tokenIndex\d+)$`)
	reSave    = regexp.MustCompile(`^\t*(position\d+), (tokenIndex\d+) := position, tokenIndex$`)
)

// element is one character or range of a class in peg's output: four
// lines, "if <test> { goto fail }; position++", and, when another
// alternative follows, three more: "goto ok; fail:; restore".
type element struct {
	lo, hi    byte
	fail      string // label the test jumps to
	ok        string // label jumped to on a match, when another alternative follows
	restore   string // the restore line, when another alternative follows
	lines     int    // 4, or 7 when another alternative follows
	indent    string
	continues bool
}

func parseElement(lines []string, i int) (e element, ok bool) {
	if i+3 >= len(lines) {
		return e, false
	}
	var lo, hi string
	if m := reRange.FindStringSubmatch(lines[i]); m != nil {
		lo, hi = m[1], m[2]
	} else if m := reChar.FindStringSubmatch(lines[i]); m != nil {
		lo, hi = m[1], m[1]
	} else {
		return e, false
	}
	g := reGoto.FindStringSubmatch(lines[i+1])
	if g == nil || strings.TrimSpace(lines[i+2]) != "}" || strings.TrimSpace(lines[i+3]) != "position++" {
		return e, false
	}
	l, ok1 := byteLit(lo)
	h, ok2 := byteLit(hi)
	if !ok1 || !ok2 {
		return e, false
	}
	e = element{lo: l, hi: h, fail: g[1], lines: 4,
		indent: lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], "\t"))]}
	if i+6 < len(lines) {
		okm := reGoto.FindStringSubmatch(lines[i+4])
		lm := reLabel.FindStringSubmatch(lines[i+5])
		rm := reRestore.FindStringSubmatch(lines[i+6])
		if okm != nil && lm != nil && rm != nil && lm[1] == e.fail {
			e.ok, e.restore, e.lines, e.continues = okm[1], lines[i+6], 7, true
		}
	}
	return e, true
}

// classTables rewrites every run of two or more alternatives that each
// match one character or one range (the code peg writes for a character
// class) into one lookup in a [256]bool table: "if !table[buffer[position]]
// { goto fail }; position++". The alternatives of a run all lead to the same
// place on a match, so their order does not matter, and the table holds the
// union of their bytes. Save lines left unused are removed.
//
// The restore line after a failed lookup is dropped too: a run starts an
// alternative, where position and tokenIndex equal the values saved for
// the choice, and a lookup that fails changes neither.
func classTables(src string) (string, error) {
	lines := strings.Split(src, "\n")
	var out []string
	tables := map[string]string{} // members -> name
	for i := 0; i < len(lines); {
		// A run: consecutive alternatives of one choice, each a single
		// character test, all jumping to the same label on a match. The
		// last alternative of a choice may end the run only if the choice
		// ends right after it ("}" and the label that matches jump to).
		// A run starts an alternative: after the choice saved its
		// position, or after the previous alternative restored it. (A
		// test in the middle of a sequence is not an alternative.)
		var run []element
		j := i
		if i > 0 && !reRestore.MatchString(lines[i-1]) && !reSave.MatchString(lines[i-1]) {
			j = len(lines) // no run here
		}
		for {
			e, ok := parseElement(lines, j)
			if !ok {
				break
			}
			if e.continues {
				if len(run) > 0 && e.ok != run[0].ok {
					break
				}
				run = append(run, e)
				j += e.lines
				continue
			}
			if len(run) > 0 && j+5 < len(lines) && strings.TrimSpace(lines[j+4]) == "}" {
				if m := reLabel.FindStringSubmatch(lines[j+5]); m != nil && m[1] == run[0].ok {
					run = append(run, e)
					j += e.lines
				}
			}
			break
		}
		if len(run) < 2 {
			out = append(out, lines[i])
			i++
			continue
		}
		var set [256]bool
		for _, e := range run {
			for b := int(e.lo); b <= int(e.hi); b++ {
				set[b] = true
			}
		}
		var members []byte
		for b := 0; b < 256; b++ {
			if set[b] {
				members = append(members, byte(b))
			}
		}
		name, ok := tables[string(members)]
		if !ok {
			name = fmt.Sprintf("pegenClass%d", len(tables))
			tables[string(members)] = name
		}
		last := run[len(run)-1]
		ind := run[0].indent
		out = append(out,
			ind+"if !"+name+"[buffer[position]] {",
			ind+"\tgoto "+last.fail,
			ind+"}",
			ind+"position++",
			ind+"goto "+run[0].ok)
		if last.continues {
			// No restore: the run starts an alternative, so position and
			// tokenIndex still hold what the restore would write, and a
			// failed lookup changes neither.
			out = append(out, ind+last.fail+":")
		}
		i = j
	}
	src = strings.Join(out, "\n")

	// Remove saves whose variables nothing uses any more.
	lines = strings.Split(src, "\n")
	out = out[:0]
	for _, l := range lines {
		if m := reSave.FindStringSubmatch(l); m != nil {
			if countWord(src, m[1]) == 1 && countWord(src, m[2]) == 1 {
				continue
			}
		}
		out = append(out, l)
	}
	src = strings.Join(out, "\n")

	if len(tables) == 0 {
		return src, nil
	}
	var names []string
	byName := map[string]string{}
	for m, n := range tables {
		names = append(names, n)
		byName[n] = m
	}
	sort.Slice(names, func(i, j int) bool {
		a, _ := strconv.Atoi(strings.TrimPrefix(names[i], "pegenClass"))
		b, _ := strconv.Atoi(strings.TrimPrefix(names[j], "pegenClass"))
		return a < b
	})
	var b strings.Builder
	b.WriteString("\n// Character classes as lookup tables, written by pegen (see\n// internal/pegen): each holds the bytes of one class.\nvar (\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\t%s = pegenClass(%s)\n", n, strconv.Quote(byName[n]))
	}
	b.WriteString(")\n\nfunc pegenClass(members string) (t [256]bool) {\n\tfor i := 0; i < len(members); i++ {\n\t\tt[members[i]] = true\n\t}\n\treturn t\n}\n")
	return src + b.String(), nil
}

// countWord counts the occurrences of the identifier w in src that are not
// part of a longer identifier (position25 is not in position250).
func countWord(src, w string) int {
	return len(regexp.MustCompile(`\b`+w+`\b`).FindAllStringIndex(src, -1))
}

// byteLit reads a byte as the edited output writes it: 'c' or 0xNN.
func byteLit(lit string) (byte, bool) {
	if strings.HasPrefix(lit, "0x") {
		n, err := strconv.ParseUint(lit[2:], 16, 8)
		return byte(n), err == nil
	}
	s, err := strconv.Unquote(lit)
	if err != nil || len(s) != 1 {
		return 0, false
	}
	return s[0], true
}
