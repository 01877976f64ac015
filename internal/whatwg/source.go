package whatwg

import "encoding/binary"

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

func (src *source) init(orig string) {
	lo, hi := 0, len(orig)
	for lo < hi && orig[lo] <= ' ' {
		lo++
	}
	for hi > lo && orig[hi-1] <= ' ' {
		hi--
	}
	src.s, src.lead, src.trailing, src.tab = orig[lo:hi], lo, -1, -1
	if hi < len(orig) {
		src.trailing = hi
	}
	i := indexTabOrNewline(src.s)
	if i < 0 {
		return
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
}

// indexTabOrNewline returns the offset of the first ASCII tab or newline
// in s, or -1.
//
// It reads s eight bytes at a time, looking for a byte below 0x0E, and
// looks closer only at a word that has one.
func indexTabOrNewline(s string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		if (w-ones*0x0e)&^w&highs != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' {
			return i
		}
	}
	return -1
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
