package main

// UTF-8 classes.
//
// The generated parser reads bytes, not runes (see methodsPass in passes.go), so a
// character class over code points >= 0x80, such as RFC 3987's
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / ...
//
// written [\0xA0-\0xD7FF] / ..., cannot be compiled as peg writes it: a
// byte never equals a code point above 0xFF. Before peg runs,
// deriveGrammar turns every such class into an expression over bytes
// that matches exactly the UTF-8 encodings of the class's code points, one
// code point per match. The valid encodings are those of RFC 3629 §4:
//
//	UTF8-1    = %x00-7F
//	UTF8-2    = %xC2-DF UTF8-tail
//	UTF8-3    = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) /
//	            %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
//	UTF8-4    = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) /
//	            %xF4 %x80-8F 2( UTF8-tail )
//	UTF8-tail = %x80-BF
//
// so no overlong form, no surrogate (U+D800-DFFF) and nothing above
// U+10FFFF matches, and invalid UTF-8 fails at the first byte that no valid
// encoding of a code point of the class has there. The expression is built
// from the code points, not from the table: the encodings of a set of code
// points form a tree of bytes (one level per byte), and each node's bytes
// are grouped by the set of suffixes they lead to, so
//
//	[\0x80-\0xD7FF\0xE000-\0x10FFFF]
//
// becomes, in the same terms as the table,
//
//	([\0xC2-\0xDF] [\0x80-\0xBF]
//	 / '\0xE0' [\0xA0-\0xBF] [\0x80-\0xBF]
//	 / [\0xE1-\0xEC\0xEE-\0xEF] [\0x80-\0xBF] [\0x80-\0xBF]
//	 / '\0xED' [\0x80-\0x9F] [\0x80-\0xBF]
//	 / ...)
//
// (on one line). Every choice has the fewest alternatives a choice over
// byte classes can have: one per distinct set of suffixes. The
// alternatives of a choice begin with disjoint sets of bytes, so their
// order does not matter; they are written in the order of their smallest
// first byte, and the output is a function of the set alone. The ASCII
// part of a class comes first, as one set of ASCII, which printSet writes
// like any other.
//
// Only exact literals of one byte, sets of bytes, sequences and choices are
// used. peg reads '\0xC2' as the code point U+00C2; the byte edit of peg's
// output turns it into the byte 0xC2.

import (
	"errors"
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/grammar"
)

// runeRange is the code points lo through hi.
type runeRange struct{ lo, hi rune }

// byteRange is the bytes lo through hi.
type byteRange struct{ lo, hi byte }

// utf8Node is a state of a byte-level matcher for one code point: the
// bytes still to read. A node without edges has read a whole encoding.
type utf8Node struct{ edges []utf8Edge }

// utf8Edge leads from a node to next on any byte in bytes: disjoint,
// non-adjacent ranges in ascending order.
type utf8Edge struct {
	bytes []byteRange
	next  *utf8Node
}

// utf8Expr returns an expression over bytes that matches exactly the
// UTF-8 encodings of the code points in ranges (in any order, possibly
// overlapping), one code point per match: a choice of the code points
// below 0x80 as one set of ASCII, first, then the longer encodings (see
// the top of this file). Its sets and literals beyond ASCII stand for
// bytes: peg reads '\0xC2' as the code point U+00C2, and the byte edit of
// peg's output turns it into the byte 0xC2. It fails if a range is empty
// (lo > hi), reaches a surrogate or lies outside 0 through 0x10FFFF, or if
// ranges is empty.
func utf8Expr(ranges []runeRange) (*grammar.Expr, error) {
	root, err := utf8Tree(ranges)
	if err != nil {
		return nil, err
	}
	var alts []*grammar.Expr
	for _, e := range root.edges {
		if len(e.next.edges) == 0 { // UTF8-1: the ASCII part, as a set
			alts = append(alts, &grammar.Expr{Op: grammar.OpSet, Set: byteSet(e.bytes)})
			continue
		}
		alts = append(alts, edgeExpr(e))
	}
	return alt(alts...), nil
}

// utf8Tree returns the root of the matcher of the encodings of ranges.
// Nodes with the same bytes to read are shared.
func utf8Tree(ranges []runeRange) (*utf8Node, error) {
	set, err := normalizeRanges(ranges)
	if err != nil {
		return nil, err
	}
	b := treeBuilder{memo: map[string]*utf8Node{}}
	var children []child
	for _, f := range utf8Forms {
		in := clip(set, f.min, f.max, 0)
		if len(in) == 0 {
			continue
		}
		size := rune(1) << (6 * f.tails)
		for i := rune(0); i <= f.max/size; i++ {
			if sub := clip(in, i*size, i*size+size-1, i*size); len(sub) > 0 {
				children = append(children, child{f.lead | byte(i), b.node(sub, f.tails)})
			}
		}
	}
	return &utf8Node{edges: group(children)}, nil
}

// utf8Forms are the encoding forms of RFC 3629 §3: the code points each
// encodes, the bits of its first byte that are not code point bits, and
// the number of continuation bytes (10xxxxxx) that follow it.
var utf8Forms = []struct {
	min, max rune
	lead     byte
	tails    int
}{
	{0, 0x7F, 0x00, 0},
	{0x80, 0x7FF, 0xC0, 1},
	{0x800, 0xFFFF, 0xE0, 2},
	{0x10000, 0x10FFFF, 0xF0, 3},
}

type treeBuilder struct{ memo map[string]*utf8Node }

// child is the node reached on one byte.
type child struct {
	b    byte
	next *utf8Node
}

// node returns the node that reads the last k bytes of the encodings of
// the code points set, which are offsets within a block of 64^k code points
// that share their leading bytes.
func (t *treeBuilder) node(set []runeRange, k int) *utf8Node {
	key := fmt.Sprint(k, set)
	if n, ok := t.memo[key]; ok {
		return n
	}
	n := &utf8Node{}
	if k > 0 {
		size := rune(1) << (6 * (k - 1))
		var children []child
		for j := rune(0); j < 64; j++ {
			if sub := clip(set, j*size, j*size+size-1, j*size); len(sub) > 0 {
				children = append(children, child{0x80 | byte(j), t.node(sub, k-1)})
			}
		}
		n.edges = group(children)
	}
	t.memo[key] = n
	return n
}

// group makes one edge per distinct node in children, which are in byte
// order, ordered by its smallest byte.
func group(children []child) []utf8Edge {
	var edges []utf8Edge
	index := map[*utf8Node]int{}
	for _, c := range children {
		i, ok := index[c.next]
		if !ok {
			i = len(edges)
			index[c.next] = i
			edges = append(edges, utf8Edge{next: c.next})
		}
		e := &edges[i]
		if n := len(e.bytes); n > 0 && e.bytes[n-1].hi+1 == c.b {
			e.bytes[n-1].hi = c.b
		} else {
			e.bytes = append(e.bytes, byteRange{c.b, c.b})
		}
	}
	return edges
}

// clip returns the parts of set, sorted and disjoint, within lo through
// hi, minus base.
func clip(set []runeRange, lo, hi, base rune) []runeRange {
	var out []runeRange
	for _, r := range set {
		a, b := max(r.lo, lo), min(r.hi, hi)
		if a <= b {
			out = append(out, runeRange{a - base, b - base})
		}
	}
	return out
}

// normalizeRanges checks ranges and returns them sorted, with overlapping
// and adjacent ranges merged.
func normalizeRanges(ranges []runeRange) ([]runeRange, error) {
	if len(ranges) == 0 {
		return nil, errors.New("no code points")
	}
	set := make([]runeRange, 0, len(ranges))
	for _, r := range ranges {
		switch {
		case r.lo > r.hi:
			return nil, fmt.Errorf("empty range %s", formatRange(r))
		case r.lo < 0 || r.hi > utf8.MaxRune:
			return nil, fmt.Errorf("range %s is not within U+0000-U+10FFFF", formatRange(r))
		case r.lo <= 0xDFFF && r.hi >= 0xD800:
			// RFC 3629 §3: surrogates have no UTF-8 encoding.
			return nil, fmt.Errorf("range %s has surrogates (U+D800-U+DFFF)", formatRange(r))
		}
		set = append(set, r)
	}
	sort.Slice(set, func(i, j int) bool { return set[i].lo < set[j].lo })
	out := set[:1]
	for _, r := range set[1:] {
		if last := &out[len(out)-1]; r.lo <= last.hi+1 {
			last.hi = max(last.hi, r.hi)
		} else {
			out = append(out, r)
		}
	}
	return out, nil
}

func formatRange(r runeRange) string {
	if r.lo == r.hi {
		return fmt.Sprintf("%#x", r.lo)
	}
	return fmt.Sprintf("%#x-%#x", r.lo, r.hi)
}

// edgeExpr returns the expression of e's bytes, then of what follows
// them: a sequence, flat while each node has one way on.
func edgeExpr(e utf8Edge) *grammar.Expr {
	items := []*grammar.Expr{bytesExpr(e.bytes)}
	for n := e.next; len(n.edges) > 0; n = n.edges[0].next {
		if len(n.edges) > 1 {
			var alts []*grammar.Expr
			for _, x := range n.edges {
				alts = append(alts, edgeExpr(x))
			}
			items = append(items, alt(alts...))
			break
		}
		items = append(items, bytesExpr(n.edges[0].bytes))
	}
	return seq(items...)
}

// bytesExpr returns the expression of one byte in rs: a literal for one
// byte, else a set.
func bytesExpr(rs []byteRange) *grammar.Expr {
	if len(rs) == 1 && rs[0].lo == rs[0].hi {
		return lit(rune(rs[0].lo))
	}
	return &grammar.Expr{Op: grammar.OpSet, Set: byteSet(rs)}
}

// byteSet returns the bytes rs as a set.
func byteSet(rs []byteRange) grammar.CharSet {
	var set grammar.CharSet
	for _, r := range rs {
		set = set.With(rune(r.lo), rune(r.hi))
	}
	return set
}
