package template

import (
	"container/heap"
	"slices"
	"strings"
)

// The overlap check of [Set.Add]: the product of the automata of two
// templates (see nfa.go) searched for URIs that both accept. The automata
// read each expression as any text its expansion may hold, so a URI both
// accept may still be one that a template does not match (a variable
// repeated with another value, a value longer than its prefix modifier):
// each URI found is matched with both templates, and the first that both
// match is the witness.

// maxTries is the most URIs that both automata accept that [Set.Add]
// matches with the two templates before it calls them possibly
// overlapping.
const maxTries = 8

// onode is a node of the product of two automata in the overlap search.
type onode struct {
	p, q    int
	ra, rb  bool // the current part of each run has read a byte after its lead
	parent  int  // the node before, or -1
	b       byte // the byte read from the node before to this one
	empties int  // the expressions each run left without a byte after their lead
	depth   int  // the bytes read
	done    bool // both runs accept here (with the empties of their ends)
}

type okey struct {
	p, q   int
	ra, rb bool
}

// oqueue orders nodes by fewest empty expressions, then fewest bytes.
type oqueue struct {
	nodes *[]onode
	idx   []int
}

func (q *oqueue) Len() int { return len(q.idx) }
func (q *oqueue) Less(i, j int) bool {
	a, b := &(*q.nodes)[q.idx[i]], &(*q.nodes)[q.idx[j]]
	if a.empties != b.empties {
		return a.empties < b.empties
	}
	if a.depth != b.depth {
		return a.depth < b.depth
	}
	return q.idx[i] < q.idx[j]
}
func (q *oqueue) Swap(i, j int) { q.idx[i], q.idx[j] = q.idx[j], q.idx[i] }
func (q *oqueue) Push(x any)    { q.idx = append(q.idx, x.(int)) }
func (q *oqueue) Pop() any {
	n := len(q.idx) - 1
	x := q.idx[n]
	q.idx = q.idx[:n]
	return x
}

// overlapSearch is the state of one overlap check.
type overlapSearch struct {
	a, b  *automaton
	nodes []onode
	best  map[okey][2]int // the fewest empties and bytes a key was reached with
	queue oqueue
	work  int
}

// overlap searches the product of the automata a and b for URIs that both
// accept: those where the most expressions hold a value first (an
// expression left empty, or with its lead alone, counts against a URI),
// then the shortest. It calls try with each, in that order, until try
// returns true or it tried maxTries. It returns the first URI tried, and
// whether any was tried and whether try returned true; ok is false when
// the search stopped at maxPairs or maxWork before.
func overlap(a, b *automaton, try func(w string) bool) (first string, tried, found, ok bool) {
	s := &overlapSearch{a: a, b: b, nodes: []onode{{parent: -1}}, best: map[okey][2]int{{}: {}}}
	s.queue.nodes = &s.nodes
	heap.Push(&s.queue, 0)
	settled := map[okey]bool{}
	seen := map[string]bool{}
	for s.queue.Len() > 0 {
		i := heap.Pop(&s.queue).(int)
		n := s.nodes[i]
		if n.done {
			w := s.bytes(n.parent)
			if seen[w] {
				continue
			}
			seen[w] = true
			if !tried {
				first, tried = w, true
			}
			if try(w) {
				return first, true, true, true
			}
			if len(seen) >= maxTries {
				return first, true, false, true
			}
			continue
		}
		k := okey{n.p, n.q, n.ra, n.rb}
		if settled[k] {
			continue
		}
		settled[k] = true
		if ea, ok := a.endCost(n.p, n.ra); ok {
			if eb, ok := b.endCost(n.q, n.rb); ok {
				s.push(onode{p: n.p, q: n.q, parent: i, empties: n.empties + ea + eb, depth: n.depth, done: true})
			}
		}
		if !s.expand(i, settled) {
			return first, tried, false, false
		}
	}
	return first, tried, false, true
}

// push adds the node n to the search.
func (s *overlapSearch) push(n onode) {
	s.nodes = append(s.nodes, n)
	heap.Push(&s.queue, len(s.nodes)-1)
}

// bytes returns the bytes read on the path to node i.
func (s *overlapSearch) bytes(i int) string {
	var b []byte
	for ; i > 0; i = s.nodes[i].parent {
		b = append(b, s.nodes[i].b)
	}
	slices.Reverse(b)
	return string(b)
}

// endCost returns the expressions that the run in state s of st leaves
// empty to reach the final state by ε-transitions, r telling whether the
// part of s has read a byte after its lead, and whether it reaches it.
func (a *automaton) endCost(s int, r bool) (int, bool) {
	n := 0
	final := a.final()
	for s >= 0 {
		if s == final {
			return n, true
		}
		eps := a.state(s).eps
		if eps >= 0 && !r {
			n++
		}
		r = false
		s = eps
	}
	return 0, false
}

// expand adds the nodes one byte after node i, and reports false past
// maxPairs or maxWork.
func (s *overlapSearch) expand(i int, settled map[okey]bool) bool {
	n, a := s.nodes[i], s.a
	ea := 0
	for u, r := n.p, n.ra; u >= 0; r = false {
		su := a.state(u)
		for _, e1 := range su.edges {
			if !s.follow(i, u, &su, e1, n.empties+ea, settled) {
				return false
			}
		}
		if su.eps >= 0 && !r {
			ea++
		}
		u = su.eps
	}
	return true
}

// follow adds the nodes after node i where the first run reads a byte of
// the edge e1 from state u, having left empties expressions empty so far,
// and reports false past maxPairs or maxWork.
func (s *overlapSearch) follow(i, u int, su *nstate, e1 nedge, empties int, settled map[okey]bool) bool {
	n, a, b := s.nodes[i], s.a, s.b
	to1 := u + int(e1.to)
	ra := a.state(to1).part == su.part && !su.lead
	for w, r := n.q, n.rb; w >= 0; r = false {
		sw := b.state(w)
		for _, e2 := range sw.edges {
			if s.work++; s.work > maxWork {
				return false
			}
			c, common := pick(e1.set, e2.set, lowerFirst)
			if !common {
				continue
			}
			to2 := w + int(e2.to)
			k := okey{to1, to2, ra, b.state(to2).part == sw.part && !sw.lead}
			cost := [2]int{empties, n.depth + 1}
			if old, ok := s.best[k]; settled[k] || ok && (old[0] < cost[0] || old[0] == cost[0] && old[1] <= cost[1]) {
				continue
			}
			if len(s.nodes) >= maxPairs {
				return false
			}
			s.best[k] = cost
			s.push(onode{p: k.p, q: k.q, ra: k.ra, rb: k.rb, parent: i, b: c, empties: cost[0], depth: cost[1]})
		}
		if sw.eps >= 0 && !r {
			empties++
		}
		w = sw.eps
	}
	return true
}

// trieNode is a node of the trie of the literals that the templates of a
// Set begin with.
type trieNode struct {
	kids []trieKid // few: a slice takes less memory than a map
	here []int     // the entries whose literal ends here
}

type trieKid struct {
	b byte
	n *trieNode
}

// kid returns the node after n on the byte b, or nil.
func (n *trieNode) kid(b byte) *trieNode {
	for _, k := range n.kids {
		if k.b == b {
			return k.n
		}
	}
	return nil
}

// add adds entry i, whose templates begin with the literal s.
func (n *trieNode) add(s string, i int) {
	for j := 0; j < len(s); j++ {
		k := n.kid(s[j])
		if k == nil {
			k = &trieNode{}
			n.kids = append(n.kids, trieKid{s[j], k})
		}
		n = k
	}
	n.here = append(n.here, i)
}

// candidates appends to out the entries whose literal is a prefix of s or
// begins with s: the only templates that can match a URI that a template
// beginning with s matches, as every URI a template matches begins with
// its first literal.
func (n *trieNode) candidates(s string, out []int) []int {
	for j := 0; ; j++ {
		out = append(out, n.here...)
		if j == len(s) {
			break
		}
		if n = n.kid(s[j]); n == nil {
			return out
		}
	}
	stack := []*trieNode{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, k := range n.kids {
			out = append(out, k.n.here...)
			stack = append(stack, k.n)
		}
	}
	return out
}

// maxHead is the most bytes of a template's first literal that a Set
// indexes: enough to tell routes apart, and a trie node a byte.
const maxHead = 64

// ends returns the literals m's template begins and ends with, as
// expansion writes them, "" where it begins or ends with an expression;
// the first cut to maxHead bytes (which keeps the test of candidates
// sound: a URI that a template matches begins with any prefix of its
// first literal).
func (m *Matcher) ends() (head, tail string) {
	if len(m.parts) == 0 {
		return "", ""
	}
	head, tail = m.lit(&m.parts[0]), m.lit(&m.parts[len(m.parts)-1])
	return head[:min(len(head), maxHead)], tail
}

// mayOverlap reports whether templates that end with the literals t and u
// can match one URI: one must end the other.
func mayOverlap(t, u string) bool {
	return strings.HasSuffix(t, u) || strings.HasSuffix(u, t)
}
