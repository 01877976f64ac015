package ucd

// MaxRune is the largest code point, U+10FFFF.
const MaxRune = 0x10FFFF

// A Trie is a generated table of a small integer per code point, in three
// stages: the code point's bits 12 and above index Top, which gives a
// block of 64 entries of Mid; bits 6 to 11 index that block, which gives a
// block of 64 entries of Leaf; bits 0 to 5 index that block. Identical
// blocks are stored once. Tries are made only by internal/ucdgen; their
// fields are exported so that the generated tables of other packages are
// static data too.
type Trie[T uint8 | uint16] struct {
	Top  []uint16 // (MaxRune+1)>>12 entries: a block number of Mid
	Mid  []uint16 // blocks of 64: a block number of Leaf
	Leaf []T      // blocks of 64: the values
}

// Lookup returns the value of r, or 0 if r is not a code point (negative
// or above MaxRune).
func (t *Trie[T]) Lookup(r rune) T {
	c := uint32(r)
	if c > MaxRune {
		return 0
	}
	m := uint32(t.Top[c>>12])<<6 | c>>6&63
	return t.Leaf[uint32(t.Mid[m])<<6|c&63]
}
