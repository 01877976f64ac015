package norm

import "unicode/utf8"

// The Hangul syllable constants of The Unicode Standard §3.12.
const (
	sBase  = 0xAC00
	lBase  = 0x1100
	vBase  = 0x1161
	tBase  = 0x11A7
	lCount = 19
	vCount = 21
	tCount = 28
	nCount = vCount * tCount
	sCount = lCount * nCount
)

// decompose appends to buf the full canonical decomposition of s (The
// Unicode Standard §3.7, D68): each code point's canonical mapping applied
// recursively (precomputed in decompTrie), Hangul syllables decomposed by
// the algorithm of §3.12 (Hangul Syllable Decomposition). Ill-formed
// bytes are kept as illFormed+byte.
func decompose(buf []rune, s string) []rune {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			buf = append(buf, rune(s[i]))
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			buf = append(buf, illFormed+rune(s[i]))
		case r >= sBase && r < sBase+sCount:
			buf = decomposeHangul(buf, r)
		default:
			buf = appendDecomposition(buf, r)
		}
		i += size
	}
	return buf
}

// appendDecomposition appends the full canonical decomposition of r, or
// r itself if it has none.
func appendDecomposition(buf []rune, r rune) []rune {
	n := decompTrie.Lookup(r)
	if n == 0 {
		return append(buf, r)
	}
	for _, c := range decompData[decompOffsets[n]:decompOffsets[n+1]] {
		buf = append(buf, c)
	}
	return buf
}

// decomposeHangul appends the decomposition of the Hangul syllable s into
// its L, V and (if any) T jamo, §3.12 (Hangul Syllable Decomposition).
func decomposeHangul(buf []rune, s rune) []rune {
	sIndex := s - sBase
	l := lBase + sIndex/nCount
	v := vBase + (sIndex%nCount)/tCount
	t := tBase + sIndex%tCount
	if t == tBase {
		return append(buf, l, v)
	}
	return append(buf, l, v, t)
}

// ccc returns the Canonical_Combining_Class of r (0 for illFormed bytes).
func ccc(r rune) uint8 {
	return uint8(normTrie.Lookup(r) & cccMask)
}

// CombiningClass returns the Canonical_Combining_Class of r (The Unicode
// Standard §3.11, D104; UAX #44 §5.7.4, DerivedCombiningClass.txt): 0
// (Not_Reordered) for a starter, for every code point the file does not
// list, and if r is not a code point. RFC 5892 Appendix A reads it for
// its Virama test (package idna).
func CombiningClass(r rune) uint8 {
	return ccc(r)
}

// insertionMax is the longest run of non-starters put in order by
// insertion sort; longer ones are counting-sorted, in linear time.
const insertionMax = 8

// reorder applies the Canonical Ordering Algorithm (The Unicode Standard
// §3.11, D109) to buf: each maximal run of non-starters is sorted stably
// by combining class, which exchanges exactly the reorderable pairs
// (D108) until none is left. scratch is reused across runs.
func reorder(buf []rune, scratch *[]rune) {
	for i := 0; i < len(buf); {
		if ccc(buf[i]) == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(buf) && ccc(buf[j]) != 0 {
			j++
		}
		if j-i <= insertionMax {
			insertionSort(buf[i:j])
		} else {
			countingSort(buf[i:j], scratch)
		}
		i = j
	}
}

// insertionSort sorts a short run of non-starters stably by class.
func insertionSort(run []rune) {
	for i := 1; i < len(run); i++ {
		c, cc := run[i], ccc(run[i])
		j := i
		for ; j > 0 && ccc(run[j-1]) > cc; j-- {
			run[j] = run[j-1]
		}
		run[j] = c
	}
}

// countingSort sorts a run of non-starters stably by class, in time
// linear in its length (plus the 256 classes).
func countingSort(run []rune, scratch *[]rune) {
	var start [257]int
	for _, r := range run {
		start[int(ccc(r))+1]++
	}
	for c := 1; c < len(start); c++ {
		start[c] += start[c-1]
	}
	tmp := append((*scratch)[:0], run...)
	for _, r := range tmp {
		c := ccc(r)
		run[start[c]] = r
		start[c]++
	}
	*scratch = tmp
}

// compose applies the Canonical Composition Algorithm (The Unicode
// Standard §3.11, D117) to buf, which is canonically ordered, in place,
// and returns the shortened slice: each code point C is composed with the
// last starter L before it when C is not blocked from L (D115: no code
// point between them is a starter or has a class at least C's) and L, C
// have a primary composite (D114), which then replaces L while C is
// removed. Only code points whose NFC_Quick_Check is Maybe are the second
// of a primary composite (checked on the data by internal/ucdgen).
func compose(buf []rune) []rune {
	w := 0         // the length of the result so far, buf[:w]
	starter := -1  // the index in buf[:w] of the last starter, or -1
	var last uint8 // the class of buf[w-1]
	for _, c := range buf {
		p := normTrie.Lookup(c)
		cc := uint8(p & cccMask)
		if starter >= 0 && uint8(p>>nfcShift)&3 == qcMaybe && (w-1 == starter || (last != 0 && last < cc)) {
			if comp, ok := primaryComposite(buf[starter], c); ok {
				buf[starter] = comp
				continue
			}
		}
		buf[w] = c
		if cc == 0 {
			starter = w
		}
		last = cc
		w++
	}
	return buf[:w]
}

// primaryComposite returns the primary composite of l and c (D114), from
// compositions or, for Hangul jamo, by the algorithm of §3.12 (Hangul
// Syllable Composition), and whether there is one.
func primaryComposite(l, c rune) (rune, bool) {
	if l >= lBase && l < lBase+lCount && c >= vBase && c < vBase+vCount {
		return sBase + ((l-lBase)*vCount+(c-vBase))*tCount, true
	}
	if l >= sBase && l < sBase+sCount && (l-sBase)%tCount == 0 && c > tBase && c < tBase+tCount {
		return l + (c - tBase), true
	}
	key := uint64(l)<<21 | uint64(c)
	lo, hi := 0, len(compositions)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if compositions[m]>>21 < key {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(compositions) && compositions[lo]>>21 == key {
		return rune(compositions[lo] & (1<<21 - 1)), true
	}
	return 0, false
}
