package pegenrt

import (
	"iter"
	"math"
	"math/bits"
	"strconv"
)

// This file is the runtime that every generated parser imports, the same
// for every grammar: the token that a match records (Token), the tree of
// tokens (Tree), the span slots of span mode (Spans), what the grammar
// files say of each rule (Table), and the limits of a Parser and a Pool.
// A generated package keeps only what is its grammar's: its Rule
// constants and their Table, its class tables and its rules' methods.
// Package uri, uri/internal/scheme, cmd/uri and internal/spanstest use
// these types as they are, for every grammar.

// MaxInput is the longest input a generated parser matches: it keeps
// positions as uint32.
const MaxInput = math.MaxUint32 - 1

// MaxPooled is the most memory, in bytes, that a generated Parser may keep
// (its Cap) to go back into its package's Pool: one grown larger by a huge
// input is left to the garbage collector. It is the one cap of every
// grammar.
const MaxPooled = 1 << 18

// A Token records that a rule of a grammar matched input[Begin:End]: Rule
// is the rule's constant in the grammar's package (its Rule type), Begin
// and End are byte offsets into the input.
type Token struct {
	Rule       uint8
	Begin, End int
}

// A Node is a token as the parser records it, with where its descendants
// start: the nodes from First up to its own index are those of the rules
// it used (see treePass in internal/pegen).
type Node struct {
	Rule              uint8
	Begin, End, First uint32
}

// Token returns n's rule and span.
func (n Node) Token() Token { return Token{n.Rule, int(n.Begin), int(n.End)} }

// A Tree is the tokens that a match records, children before parents.
type Tree struct {
	Nodes []Node
}

// Add records the token at index: rule matched from begin to end, and
// its descendants are the tokens from first to index-1.
func (t *Tree) Add(rule uint8, begin, end, first, index uint32) {
	tree, i := t.Nodes, int(index)
	n := Node{Rule: rule, Begin: begin, End: end, First: first}
	if i >= len(tree) {
		t.Nodes = append(tree, n)
		return
	}
	tree[i] = n
}

// Trim keeps the first length tokens.
func (t *Tree) Trim(length uint32) { t.Nodes = t.Nodes[:length] }

// Len returns the number of tokens: one for every application of a rule
// on the path that matched, including rules that matched the empty string
// (only of the rules kept, after a filter).
func (t *Tree) Len() int { return len(t.Nodes) }

// At returns the i'th token. Tokens come in the order the rules finished,
// so a rule's token comes after the tokens of the rules it used, and the
// rule matched is last.
func (t *Tree) At(i int) Token { return t.Nodes[i].Token() }

// First returns the index of the first descendant of the i'th token: the
// tokens of the rules that token i's rule used, directly or not, are
// exactly those from First(i) to i-1, and First(i) is i when it used
// none. The tokens thus form a tree, whose root is the rule matched:
// First(Len()-1) is 0.
func (t *Tree) First(i int) int { return int(t.Nodes[i].First) }

// Children returns the children of the i'th token in the tree that First
// describes, in input order: the tokens of the rules that token i's rule
// used directly. Iterating takes time and memory in proportion to the
// number of children, and the tree must not change meanwhile.
func (t *Tree) Children(i int) iter.Seq[int] {
	first := t.First(i)
	return func(yield func(int) bool) {
		var buf [16]int
		kids := buf[:0]
		for j := i - 1; j >= first; j = t.First(j) - 1 {
			kids = append(kids, j)
		}
		for k := len(kids) - 1; k >= 0; k-- {
			if !yield(kids[k]) {
				return
			}
		}
	}
}

// Cap returns the number of bytes of memory the tree keeps between
// matches.
func (t *Tree) Cap() int { return 16 * cap(t.Nodes) }

// A Slot is the span a rule with a span slot matched, in span mode.
type Slot struct{ Begin, End uint32 }

// MaxSpans is the most span slots a grammar may have (pegen refuses
// more). It is not much more than the grammars need (RFC 6874's 19), as
// every parse zeroes a parser's slots with the rest of the parser: with
// 32, uri.ParseReference took about 7% longer on realistic absolute links
// and 12% on relative ones (BenchmarkVersusRefparse).
const MaxSpans = 20

// Spans are the span slots of span mode: one per rule chosen when the
// parser was generated (the Spans of its grammar in internal/grammar), at
// most MaxSpans, and the set of slots that a match filled.
//
// A slot is written and read as one 64-bit word, begin in its low half:
// the parser writes a slot shortly before the caller reads it, and a load
// of 8 bytes that two stores of 4 wrote waits for both to reach the cache
// (no store-to-load forwarding), which cost uri.ParseReference about a
// tenth of its time on a short reference.
type Spans struct {
	set   uint32
	slots [MaxSpans]uint64
}

// slot packs a span into a slot's word.
func slot(begin, end uint32) uint64 { return uint64(begin) | uint64(end)<<32 }

// unpack returns the span of a slot's word.
func unpack(w uint64) Slot { return Slot{uint32(w), uint32(w >> 32)} }

// Set returns the slots filled: bit k is set when the rule of slot k
// matched on the path of the match (or of the prefix match).
func (s *Spans) Set() uint32 { return s.set }

// Span returns where the rule of slot k matched, and ok true; ok is false
// when it did not match there, or k is not a slot.
func (s *Spans) Span(k int) (begin, end int, ok bool) {
	if uint(k) >= MaxSpans || s.set&(1<<k) == 0 {
		return 0, 0, false
	}
	sl := unpack(s.slots[k])
	return int(sl.Begin), int(sl.End), true
}

// At returns slot k as the parser left it, which holds a span only when
// Set has bit k: Span without the checks, for a caller that reads only
// the slots of Set. It panics when k is not a slot.
func (s *Spans) At(k int) Slot { return unpack(s.slots[k]) }

// Write writes the span of slot k, for the parser in span mode: it does
// not change the set (see Mark).
func (s *Spans) Write(k, begin, end uint32) { s.slots[k%MaxSpans] = slot(begin, end) }

// Mark makes set the slots filled (bits past MaxSpans are no slots).
func (s *Spans) Mark(set uint32) { s.set = set }

// FromTree fills the slots from the nodes, the tokens of a match: slot k
// holds the span of the last node of rule rules[k]. It returns the set of
// slots filled.
func (s *Spans) FromTree(nodes []Node, rules []uint8) uint32 {
	var set uint32
	for _, n := range nodes {
		for k, r := range rules {
			if n.Rule == r {
				s.slots[k%MaxSpans] = slot(n.Begin, n.End)
				set |= 1 << k
			}
		}
	}
	return set
}

// Innermost returns the innermost filled slot whose non-empty span ends at
// stop, or -1 for none: of two, the one that starts later, and of two
// with one span, the one with the greater depth (how many rules of the
// other slots use its rule).
func (s *Spans) Innermost(stop int, depth []uint8) int {
	best, bestBegin := -1, uint32(0)
	for set := s.set; set != 0; set &= set - 1 {
		k := bits.TrailingZeros32(set)
		if k >= MaxSpans {
			break
		}
		sl := unpack(s.slots[k])
		if int(sl.End) != stop || sl.Begin == sl.End {
			continue
		}
		if best < 0 || sl.Begin > bestBegin || sl.Begin == bestBegin && depth[k] > depth[best] {
			best, bestBegin = k, sl.Begin
		}
	}
	return best
}

// A Table is what the grammar files say of each rule of a grammar, by its
// constant: constant data that a generated package declares once and its
// Rule methods, Lookup and MustLookup read. Rule 0 is no rule.
type Table struct {
	// Package and Grammar name the generated package and its grammar
	// files, for MustLookup's panic.
	Package, Grammar string
	// Names holds each rule's ABNF name (the PEG name with "_" written
	// "-"), PEGNames its name in the grammar.
	Names, PEGNames []string
	// Sections holds the section that defines each rule, "RFC 3986
	// §3.2.2", or "" when the grammar does not say.
	Sections []string
	// Helpers marks the rules that are not in the ABNF ("#helper:"), and
	// StandsFor holds, for a helper, the rule of the ABNF it stands for.
	Helpers   []bool
	StandsFor []uint8
	// Whole maps each entry rule X to the helper whole_X, which also
	// requires the end of the input.
	Whole []uint8
	// SpanRules holds the rule of each span slot, and SpanDepth how many
	// rules of the other slots use it (see Spans.Innermost).
	SpanRules, SpanDepth []uint8
}

// NumRules returns one more than the largest rule.
func (t *Table) NumRules() int { return len(t.Names) }

// Name returns the ABNF name of rule r, or "" for no rule.
func (t *Table) Name(r uint8) string {
	if int(r) >= len(t.Names) {
		return ""
	}
	return t.Names[r]
}

// PEGName returns the name of rule r in the grammar, or "" for no rule.
func (t *Table) PEGName(r uint8) string {
	if r == 0 || int(r) >= len(t.PEGNames) {
		return ""
	}
	return t.PEGNames[r]
}

// Section returns the section of the specification that defines rule r,
// or "" when the grammar does not say.
func (t *Table) Section(r uint8) string {
	if int(r) >= len(t.Sections) {
		return ""
	}
	return t.Sections[r]
}

// Helper reports whether r is a helper rule: one that is not in the ABNF,
// marked "#helper:" in the grammar.
func (t *Table) Helper(r uint8) bool { return int(r) < len(t.Helpers) && t.Helpers[r] }

// ABNFRule returns the rule of the ABNF that r stands for, the one an
// error message names: r itself when r is in the ABNF; for a helper, the
// rule it stands for, or 0 when it stands for no one rule.
func (t *Table) ABNFRule(r uint8) uint8 {
	switch {
	case r == 0 || int(r) >= len(t.Names):
		return 0
	case !t.Helper(r):
		return r
	case int(r) < len(t.StandsFor):
		return t.StandsFor[r]
	}
	return 0
}

// WholeOf returns the helper whole_r of the entry rule r, or 0 when r is
// not an entry rule.
func (t *Table) WholeOf(r uint8) uint8 {
	if int(r) >= len(t.Whole) {
		return 0
	}
	return t.Whole[r]
}

// Lookup returns the rule with the given ABNF name ("hier-part") or PEG
// name ("hier_part"), and false for a name the grammar does not define.
func (t *Table) Lookup(name string) (uint8, bool) {
	if name == "" {
		return 0, false
	}
	for r := 1; r < len(t.Names); r++ {
		if t.Names[r] == name || t.PEGNames[r] == name {
			return uint8(r), true
		}
	}
	return 0, false
}

// MustLookup is Lookup for a name fixed in the caller's code: it panics,
// naming the package, the grammar and the name, when the grammar does not
// define it, so that a mistyped name fails the first time the code runs
// rather than matching nothing.
func (t *Table) MustLookup(name string) uint8 {
	r, ok := t.Lookup(name)
	if !ok {
		panic(t.Package + ": " + t.Grammar + " has no rule " + strconv.Quote(name))
	}
	return r
}

// SpanRule returns the rule of span slot k, or 0 when k is not a slot.
func (t *Table) SpanRule(k int) uint8 {
	if uint(k) >= uint(len(t.SpanRules)) {
		return 0
	}
	return t.SpanRules[k]
}

// NumSpans returns the number of span slots.
func (t *Table) NumSpans() int { return len(t.SpanRules) }
