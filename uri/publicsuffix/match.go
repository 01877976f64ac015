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
	var q query
	if !q.pack(label) {
		return 0, 0, false
	}
	lo, hi := int(c>>16), int(c&0xFFFF)
	if hi-lo >= indexMin {
		// A bucket holds a few labels: compare them for equality in turn.
		lo, hi = q.narrow(lo)
		for ; lo < hi; lo++ {
			if q.equal(nodeLabel[lo]) {
				next, f := node(lo)
				return next, f, true
			}
		}
		return 0, 0, false
	}
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch d := q.compare(nodeLabel[m]); {
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

// A query is a label in the symbols of labelText, 11 symbols (55 bits) a
// word, ending with symEnd.
type query struct {
	w    [(2*maxLabel + 1 + 10) / 11]uint64 // a digit takes two symbols
	n    int                                // the number of symbols, symEnd included
	last uint64                             // the mask of the symbols of the last word
}

// pack sets q to label's symbols; it returns false when no rule's label
// can equal it (too long, or a byte that no label holds).
func (q *query) pack(label string) bool {
	if len(label) > maxLabel {
		return false
	}
	var w uint64
	i, sh := 0, uint(0)
	for k := 0; k < len(label); k++ {
		s := uint64(symbolOf[label[k]])
		if s == 0 {
			return false
		}
		if s >= symLetter+26 { // a digit: symDigit, then its value
			w |= symDigit << sh
			if sh += 5; sh == 55 {
				q.w[i], w, i, sh = w, 0, i+1, 0
			}
			s -= 26
		}
		w |= s << sh
		if sh += 5; sh == 55 {
			q.w[i], w, i, sh = w, 0, i+1, 0
		}
	}
	// symEnd is 0: the word as it is holds it.
	q.w[i] = w
	sh += 5
	q.n = i*11 + int(sh/5)
	q.last = 1<<sh - 1
	return true
}

// compare compares the label at symbol off of labelText with q, in byte
// order: -1 when the stored label is less, 0 equal, +1 greater.
func (q *query) compare(off uint16) int {
	bit := uint(off) * 5
	if q.n <= 11 { // one word, the usual label
		s := load55(bit)
		x := (s ^ q.w[0]) & q.last
		if x == 0 {
			return 0
		}
		j := uint(bits.TrailingZeros64(x)) / 5 * 5
		if (s>>j)&31 < (q.w[0]>>j)&31 {
			return -1
		}
		return 1
	}
	for i := 0; ; i++ {
		mask := uint64(1<<55 - 1)
		end := (i+1)*11 >= q.n
		if end {
			mask = q.last
		}
		s := load55(bit)
		if x := (s ^ q.w[i]) & mask; x != 0 {
			j := uint(bits.TrailingZeros64(x)) / 5 * 5
			if (s>>j)&31 < (q.w[i]>>j)&31 {
				return -1
			}
			return 1
		}
		if end {
			return 0
		}
		bit += 55
	}
}

// equal reports whether the label at symbol off of labelText is q.
func (q *query) equal(off uint16) bool {
	if q.n <= 11 {
		return (load55(uint(off)*5)^q.w[0])&q.last == 0
	}
	return q.compare(off) == 0
}

// load55 returns the 55 bits of labelText from bit on.
func load55(bit uint) uint64 {
	b := labelText[bit>>3 : bit>>3+8]
	w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
	return w >> (bit & 7)
}

// narrow returns the range of the children of the indexed group that
// starts at node lo in the bucket of q (see groupIndex).
func (q *query) narrow(lo int) (int, int) {
	g, n := 0, len(indexedGroups)
	if lo == 0 {
		n = 0 // the root's children, group 0
	}
	for g < n {
		m := int(uint(g+n) >> 1)
		if int(indexedGroups[m]) < lo {
			g = m + 1
		} else {
			n = m
		}
	}
	if g >= len(indexedGroups) {
		return lo, lo
	}
	base := int(groupBase[g])
	nb := uint64(int(groupBase[g+1]) - base - 1)
	i := base + int((q.hash()>>32)*nb>>32)
	return int(groupIndex[i]), int(groupIndex[i+1])
}

// hashMul is the multiplier of hash: 2^64 divided by the golden ratio.
const hashMul = 0x9E3779B97F4A7C15

// hash is the hash the generator puts labels in buckets by: each word of
// q in turn xored in and the whole multiplied by hashMul.
func (q *query) hash() uint64 {
	if q.n <= 11 {
		return q.w[0] * hashMul
	}
	h := uint64(0)
	for i := 0; i*11 < q.n; i++ {
		h = (h ^ q.w[i]) * hashMul
	}
	return h
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
	symEnd    = 0
	symHyphen = 1
	symDigit  = 2
	symLetter = 3
)

// symbolOf is the symbol of each byte a label of a rule may hold, 0 for
// the others; a digit's is symLetter+26 plus its value (pack writes
// symDigit, then its value plus symLetter).
var symbolOf = [256]uint8{
	'-': 1,
	'0': 29, '1': 30, '2': 31, '3': 32, '4': 33, '5': 34, '6': 35, '7': 36, '8': 37, '9': 38,
	'a': 3, 'b': 4, 'c': 5, 'd': 6, 'e': 7, 'f': 8, 'g': 9, 'h': 10, 'i': 11, 'j': 12, 'k': 13, 'l': 14, 'm': 15,
	'n': 16, 'o': 17, 'p': 18, 'q': 19, 'r': 20, 's': 21, 't': 22, 'u': 23, 'v': 24, 'w': 25, 'x': 26, 'y': 27, 'z': 28,
}
