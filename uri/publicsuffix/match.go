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
// longer (see walker).
func match[R rules](r R, name string, icannOnly bool) (start int, icann bool) {
	ls := strings.LastIndexByte(name, '.') + 1
	w := walker{start: ls, icannOnly: icannOnly}
	c, end := r.root(), len(name)
	for {
		next, f, ok := r.step(c, name[ls:end], name[ls:])
		if w.label(ls, end, f, ok) {
			return w.start, w.icann
		}
		c, end = next, ls-1
		ls = strings.LastIndexByte(name[:end], '.') + 1
	}
}

// A walker is the formal algorithm's state in a walk over the labels of a
// name from the right: the longest matching rule is the last one met; an
// exception rule ends the walk, since it prevails over every other.
type walker struct {
	start     int   // where the public suffix starts: the implicit rule "*" at first
	icann     bool  // whether the prevailing rule is in the ICANN section
	icannOnly bool  // whether only the ICANN section's rules count
	parent    flags // the rules of the label right of the next one
}

// label takes the label from ls to end, whose node has the rules f (ok:
// the trie has a node for it). It reports whether the walk is over.
func (w *walker) label(ls, end int, f flags, ok bool) bool {
	// A wildcard rule of the parent matches this label, whatever it is.
	if w.parent.counts(fWild, w.icannOnly) {
		w.start, w.icann = ls, w.parent.icann(fWild)
	}
	if !ok {
		return true
	}
	// "If the prevailing rule is a exception rule, modify it by
	// removing the leftmost label."
	if f.counts(fExcept, w.icannOnly) {
		w.start, w.icann = end+1, f.icann(fExcept)
		return true
	}
	if f.counts(fRule, w.icannOnly) {
		w.start, w.icann = ls, f.icann(fRule)
	}
	w.parent = f
	return ls == 0
}

// matchPlain is match with the generated table on a host that domain to
// ASCII leaves as it is (see plain), in one pass from the right: it packs
// each label as it reads it and looks it up, then checks the labels left
// of the walk. It returns the offset of the public suffix in host, that
// of the registrable domain (-1 for none) and the section of the
// prevailing rule; ok is false when host is not such a name, ends in a
// number, or has an empty label: then the general path decides.
func matchPlain(host string, icannOnly bool) (ps, rd int, icann, ok bool) {
	name := host
	if n := len(name); n > 0 && name[n-1] == '.' {
		name = name[:n-1]
	}
	end := len(name)
	ls, word, nsym := scanLabel(name)
	if ls < 0 || ls == end || symbolOf[name[ls]] >= symLetter+26 {
		return 0, 0, false, false // a last label that is empty or may be a number
	}
	w := walker{start: ls, icannOnly: icannOnly}
	c := uint32(rootChildren)
	for {
		next, f, found := stepWord(c, name[ls:end], word, nsym)
		if w.label(ls, end, f, found) {
			break
		}
		c, end = next, ls-1
		if ls, word, nsym = scanLabel(name[:end]); ls < 0 || ls == end {
			return 0, 0, false, false
		}
	}
	rd = -1
	if w.start > 0 {
		rd = strings.LastIndexByte(name[:w.start-1], '.') + 1
		if rd == w.start-1 {
			return 0, 0, false, false // an empty label
		}
	}
	// The labels left of those read, the registrable domain's own label
	// among them when the walk did not read it: plain, none empty.
	if _, empty, plainName := plain(name[:ls]); !plainName || empty {
		return 0, 0, false, false
	}
	return w.start, rd, w.icann, true
}

// scanLabel reads the last label of name from the right: it returns
// where the label starts and its symbols packed as query.pack packs them
// into one word, with their number (more than 10: the word is not the
// label's). ls is -1 when the label holds a byte that no plain name does
// or starts "xn--".
func scanLabel(name string) (ls int, word uint64, nsym int) {
	i, digits := len(name)-1, 0
	for ; i >= 0; i-- {
		s := uint64(symbolOf[name[i]])
		if s-1 >= symLetter+26-1 { // 0 or a digit
			if s == 0 {
				if name[i] != '.' {
					return -1, 0, 0
				}
				break
			}
			// A digit: symDigit, then its value (read from the right).
			word = word<<5 | (s - 26)
			s = symDigit
			digits++
		}
		word = word<<5 | s
	}
	ls = i + 1
	if len(name)-ls >= 4 && name[ls:ls+4] == "xn--" {
		return -1, 0, 0
	}
	return ls, word, len(name) - ls + digits
}

// stepWord is table.step on label, whose symbols are the nsym of word.
func stepWord(c uint32, label string, word uint64, nsym int) (uint32, flags, bool) {
	if nsym > 10 {
		return table{}.step(c, label, "")
	}
	lo, hi := int(c>>16), int(c&0xFFFF)
	mask := uint64(1)<<((5*nsym+5)&63) - 1 // the symbols and symEnd
	i := -1
	if hi-lo >= indexMin {
		if j := place(lo, hi-lo, word*hashMul); (load55(uint(nodeLabel[j])*5)^word)&mask == 0 {
			i = j
		}
	} else {
		i = searchWord(lo, hi, word, mask)
	}
	if i < 0 {
		return 0, 0, false
	}
	next, f := node(i)
	return next, f, true
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
	var i int
	if hi-lo >= indexMin {
		i = q.find(place(lo, hi-lo, q.hash()))
	} else {
		i = q.search(lo, hi)
	}
	if i < 0 {
		return 0, 0, false
	}
	next, f := node(i)
	return next, f, true
}

// find returns i when node i's label is q, or -1.
func (q *query) find(i int) int {
	if q.n > 11 {
		if q.compare(nodeLabel[i]) == 0 {
			return i
		}
		return -1
	}
	if (load55(uint(nodeLabel[i])*5)^q.w[0])&q.last == 0 {
		return i
	}
	return -1
}

// search returns the node of nodes lo to hi-1, in byte order of their
// labels, whose label is q, or -1.
func (q *query) search(lo, hi int) int {
	if q.n > 11 {
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			switch d := q.compare(nodeLabel[m]); {
			case d < 0:
				lo = m + 1
			case d > 0:
				hi = m
			default:
				return m
			}
		}
		return -1
	}
	return searchWord(lo, hi, q.w[0], q.last)
}

// searchWord is search for a label of one word w, mask covering its
// symbols and symEnd: the lowest symbol where two words differ orders
// them.
func searchWord(lo, hi int, w, mask uint64) int {
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		s := load55(uint(nodeLabel[m]) * 5)
		x := (s ^ w) & mask
		if x == 0 {
			return m
		}
		j := uint(bits.TrailingZeros64(x)) / 5 * 5
		if (s>>j)&31 < (w>>j)&31 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return -1
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
	if len(label) <= 11 {
		// The usual label: one word, unless its digits make it longer.
		var w uint64
		sh := uint(0)
		for k := 0; k < len(label); k++ {
			s := uint64(symbolOf[label[k]])
			if s == 0 {
				return false
			}
			if s >= symLetter+26 { // a digit: symDigit, then its value
				w |= symDigit << (sh & 63)
				sh += 5
				s -= 26
			}
			w |= s << (sh & 63)
			sh += 5
		}
		if sh <= 50 {
			// symEnd is 0: the word as it is holds it.
			q.w[0], q.n, q.last = w, int(sh/5)+1, 1<<(sh+5)-1
			return true
		}
	}
	return q.packLong(label)
}

// packLong is pack for a label of more than one word.
func (q *query) packLong(label string) bool {
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

// load55 returns the 55 bits of labelText from bit on.
func load55(bit uint) uint64 {
	b := labelText[bit>>3 : bit>>3+8]
	w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
	return w >> (bit & 7)
}

// place returns the node of the indexed group of the n nodes from lo
// that a label of hash h is, if it is any (see groupDisp).
func place(lo, n int, h uint64) int {
	g := int(groupOf[uint(lo)/indexMin])
	base := int(groupBase[g])
	nb := uint64(int(groupBase[g+1]) - base)
	d := uint(groupDisp[base+int((h>>32)*nb>>32)])
	// The low bits of d, as many as n-1 takes, are the offset; the bits
	// above, the multiplier.
	ob := uint(bits.Len(uint(n - 1)))
	s := slot(h, uint16(d>>ob), n) + int(d&(1<<ob-1))
	if s >= n {
		s -= n
	}
	return lo + s
}

// slot is the slot among n of a label of hash h with the multiplier m:
// m times hashMul added to h, its high half xored into its low half, the
// whole multiplied by hashMul and its high 32 bits scaled to n.
func slot(h uint64, m uint16, n int) int {
	x := h + uint64(m)*hashMul
	x = (x ^ x>>32) * hashMul
	return int(x >> 32 * uint64(n) >> 32)
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
