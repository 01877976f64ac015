package whatwg

import "strings"

// source is the input of the basic URL parser after its first steps
// (URL Standard, basic URL parser, steps 1-3): the original with leading
// and trailing C0 controls and spaces removed, and every ASCII tab and
// newline removed. It maps an offset of the result back to the original.
type source struct {
	s    string
	lead int
	gaps []int // offsets in s before which tabs or newlines were removed
	cnt  []int // the number removed before gaps[i], cumulated
	// trimmed and removed report what steps 1-3 removed, for their
	// validation errors: the offset of the first trailing byte removed
	// (-1 if none), and the offset of the first tab or newline (-1).
	trailing, tab int
}

func newSource(orig string) source {
	lo, hi := 0, len(orig)
	for lo < hi && orig[lo] <= ' ' {
		lo++
	}
	for hi > lo && orig[hi-1] <= ' ' {
		hi--
	}
	src := source{s: orig[lo:hi], lead: lo, trailing: -1, tab: -1}
	if hi < len(orig) {
		src.trailing = hi
	}
	i := strings.IndexAny(src.s, "\t\n\r")
	if i < 0 {
		return src
	}
	src.tab = lo + i
	b := make([]byte, i, len(src.s))
	copy(b, src.s[:i])
	removed := 0
	for ; i < len(src.s); i++ {
		switch src.s[i] {
		case '\t', '\n', '\r':
			removed++
			if n := len(src.gaps); n > 0 && src.gaps[n-1] == len(b) {
				src.cnt[n-1] = removed
			} else {
				src.gaps = append(src.gaps, len(b))
				src.cnt = append(src.cnt, removed)
			}
			continue
		}
		b = append(b, src.s[i])
	}
	src.s = string(b)
	return src
}

// orig returns the offset in the original string of offset i of s; at a
// removed tab or newline, the offset of the byte after it.
func (src *source) orig(i int) int {
	lo, hi := 0, len(src.gaps)
	for lo < hi {
		m := (lo + hi) / 2
		if src.gaps[m] <= i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	n := 0
	if lo > 0 {
		n = src.cnt[lo-1]
	}
	return src.lead + i + n
}
