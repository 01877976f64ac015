package whatwg

// source is the input of the basic URL parser after its first steps
// (URL Standard, basic URL parser, steps 1-3): the original with leading
// and trailing C0 controls and spaces removed, and every ASCII tab and
// newline removed. It maps an offset of the result back to the original
// by walking the original from the last offset mapped, so that it keeps
// no table: offsets asked for in increasing order cost one pass in all.
type source struct {
	s    string
	orig string // the original input
	lead int    // the bytes trimmed at the start
	// trailing and tab report what steps 1-3 removed, for their
	// validation errors: the offset of the first trailing byte removed
	// (-1 if none), and the offset of the first tab or newline (-1).
	trailing, tab int
	// curS and curO are the last offset mapped, in s and in orig.
	curS, curO int
}

// trimmed returns the bounds of orig without its leading and trailing C0
// controls and spaces (step 1), for set: the source of a parse without a
// state override is set(orig, trimmed(orig)). It inlines.
func trimmed(orig string) (lo, hi int) {
	lo, hi = 0, len(orig)
	for lo < hi && orig[lo] <= ' ' {
		lo++
	}
	for hi > lo && orig[hi-1] <= ' ' {
		hi--
	}
	return lo, hi
}

// initOverride sets the source for the basic URL parser given a URL and a
// state override (the URL class's setters): step 1, which trims C0
// controls and spaces, is for a parse without url (trimmed); only tabs and
// newlines go.
func (src *source) initOverride(orig string) { src.set(orig, 0, len(orig)) }

// set sets s to orig[lo:hi] without its tabs and newlines.
func (src *source) set(orig string, lo, hi int) {
	src.s, src.orig, src.lead, src.trailing, src.tab = orig[lo:hi], orig, lo, -1, -1
	src.curS, src.curO = 0, lo
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
	for ; i < len(src.s); i++ {
		if c := src.s[i]; !isTabOrNewline(c) {
			b = append(b, c)
		}
	}
	src.s = string(b)
}

func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// indexTabOrNewline returns the offset of the first ASCII tab or newline
// in s, or -1.
//
// It reads s sixteen bytes a round, as two words in each of which it
// looks for a byte below 0x0E, and looks closer only at a round that has
// one; the last bytes are read as the word that ends s.
func indexTabOrNewline(s string) int {
	i := 0
	for ; i+16 <= len(s); i += 16 {
		if hasLow(s[i:i+8])|hasLow(s[i+8:i+16]) != 0 {
			return indexTabOrNewlineFrom(s, i)
		}
	}
	if len(s) >= 8 {
		if i+8 <= len(s) && hasLow(s[i:i+8]) != 0 || hasLow(s[len(s)-8:]) != 0 {
			return indexTabOrNewlineFrom(s, i)
		}
		return -1
	}
	return indexTabOrNewlineFrom(s, i)
}

// hasLow is not 0 exactly when one of the eight bytes of b is below 0x0E
// (a borrow can mark a byte after such a byte, never a word without
// one).
func hasLow(b string) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
	return (w - ones*0x0e) &^ w & highs
}

// indexTabOrNewlineFrom is indexTabOrNewline from offset i, a byte at a
// time.
func indexTabOrNewlineFrom(s string, i int) int {
	for ; i < len(s); i++ {
		if isTabOrNewline(s[i]) {
			return i
		}
	}
	return -1
}

// origOffset returns the offset in the original string of offset i of s:
// of the byte s[i] (after the tabs and newlines removed before it), or
// for i = len(s) the end of the trimmed input.
func (src *source) origOffset(i int) int {
	if src.tab < 0 {
		return src.lead + i
	}
	if i < src.curS {
		src.curS, src.curO = 0, src.lead
	}
	end := len(src.orig) // the end of the trimmed input
	if src.trailing >= 0 {
		end = src.trailing
	}
	o := src.curO
	for n := src.curS; ; o, n = o+1, n+1 {
		for o < end && isTabOrNewline(src.orig[o]) {
			o++
		}
		if n == i {
			break
		}
	}
	src.curS, src.curO = i, o
	return o
}
