package publicsuffix

import (
	"math/bits"
	"strings"
)

// flags are the rules of one name (a node of the trie of rules): a normal
// rule, a wildcard rule ("*." and the name) and an exception rule ("!"
// and the name), each with the bit above it set when that rule is in the
// list's ICANN section.
type flags uint8

const (
	fRule   flags = 1 << 0
	fWild   flags = 1 << 2
	fExcept flags = 1 << 4
)

// counts reports whether the rule kind of f counts: it is set and, with
// icannOnly, in the ICANN section.
func (f flags) counts(kind flags, icannOnly bool) bool {
	return f&kind != 0 && (!icannOnly || f&(kind<<1) != 0)
}

// icann reports whether the rule kind of f is in the ICANN section.
func (f flags) icann(kind flags) bool { return f&(kind<<1) != 0 }

// A rules is a list's rules as a trie walked from the right.
type rules interface {
	// root is the cursor of the trie's root.
	root() uint32
	// step finds the child labelled label of the node at cursor c and
	// returns its cursor and flags; suffix is the name from label to its
	// end (label and the labels right of it).
	step(c uint32, label, suffix string) (next uint32, f flags, ok bool)
}

// match is the formal algorithm of the list on name, a domain in ASCII
// lower case whose last label is not empty: it returns the offset in name
// where the public suffix starts and whether the prevailing rule is in the
// ICANN section (false for the implicit rule "*"). With icannOnly the
// private section's rules do not count.
//
// It walks the labels from the right, one node of the trie per label,
// and stops at the first label the trie has no node for: no rule is
// longer. The longest matching rule is the last one met; an exception
// rule ends the walk, since it prevails over every other.
func match[R rules](r R, name string, icannOnly bool) (start int, icann bool) {
	start = strings.LastIndexByte(name, '.') + 1 // the implicit rule "*"
	c, parent, end := r.root(), flags(0), len(name)
	for {
		ls := strings.LastIndexByte(name[:end], '.') + 1
		label := name[ls:end]
		// A wildcard rule of the parent matches this label, whatever it is.
		if parent.counts(fWild, icannOnly) {
			start, icann = ls, parent.icann(fWild)
		}
		next, f, ok := r.step(c, label, name[ls:])
		if !ok {
			return start, icann
		}
		// "If the prevailing rule is a exception rule, modify it by
		// removing the leftmost label."
		if f.counts(fExcept, icannOnly) {
			return end + 1, f.icann(fExcept)
		}
		if f.counts(fRule, icannOnly) {
			start, icann = ls, f.icann(fRule)
		}
		if ls == 0 {
			return start, icann
		}
		c, parent, end = next, f, ls-1
	}
}

// table is the generated table (table.go) as rules. A cursor is the range
// of nodes that are the children of a node: the first one in its high 16
// bits, the one after the last in its low 16 bits.
type table struct{}

func (table) root() uint32 { return rootChildren }

func (table) step(c uint32, label, _ string) (uint32, flags, bool) {
	lo, hi := int(c>>16), int(c&0xFFFF)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch d := compareLabel(nodeLabel[m], label); {
		case d < 0:
			lo = m + 1
		case d > 0:
			hi = m
		default:
			next, f := node(m)
			return next, f, true
		}
	}
	return 0, 0, false
}

// node returns the cursor of node i's children and its flags.
func node(i int) (uint32, flags) {
	w, bit := i>>6, uint64(1)<<(i&63)
	var f flags
	if ruleBits[w]&bit != 0 {
		f |= fRule
	}
	if wildBits[w]&bit != 0 {
		f |= fWild
	}
	var next uint32
	switch {
	case innerBits[w]&bit != 0:
		r := int(innerRank[w]) + bits.OnesCount64(innerBits[w]&(bit-1))
		next = uint32(childStart[r])<<16 | uint32(childStart[r+1])
	case f == 0:
		f = fExcept // a leaf without other rules
	}
	if icannBits[w]&bit != 0 {
		f |= f << 1
	}
	return next, f
}

// The symbols of labelText (see its comment).
const (
	symEnd   = 0
	symDigit = 28
)

// symByte is the byte of each symbol that stands for one.
var symByte = [32]byte{
	1: 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm',
	'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', '-',
}

// symbol returns the symbol at bit of labelText.
func symbol(bit uint) byte {
	i := bit >> 3
	return byte((uint16(labelText[i])|uint16(labelText[i+1])<<8)>>(bit&7)) & 31
}

// compareLabel compares the label at symbol off of labelText with label,
// in byte order: -1 when the stored label is less, 0 equal, +1 greater.
func compareLabel(off uint16, label string) int {
	bit := uint(off) * 5
	for i := 0; ; i++ {
		s := symbol(bit)
		bit += 5
		if s == symEnd {
			if i == len(label) {
				return 0
			}
			return -1
		}
		if i == len(label) {
			return 1
		}
		c := symByte[s]
		if s == symDigit {
			c = '0' + symbol(bit)
			bit += 5
		}
		if c != label[i] {
			if c < label[i] {
				return -1
			}
			return 1
		}
	}
}
