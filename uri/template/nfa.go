package template

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
)

// The exact check of rule 4 (see [AmbiguousError]) and the matching of
// the templates it accepts that the local rule refuses.
//
// The parts of a matcher (literals, expressions and sets of named pairs)
// make an automaton over the bytes of a URI whose every state belongs to
// one part, so that a run of it is a split of the URI between the parts.
// A template is ambiguous exactly when some URI has two accepting runs:
// that is decided on the product of the automaton with itself, searched
// breadth-first from the pair of start states for a pair of accepting
// states reached after the runs went apart (Allauzen, Mohri and Rastogi,
// "General Algorithms for Testing the Ambiguity of Finite Automata",
// 2008). The first such pair found gives a shortest witness URI.
//
// A template without ambiguity has at most one accepting run for each
// URI, so two runs that reach one state at one offset are the same run
// or one of them never accepts: matching keeps one thread per state
// (Thompson's simulation) and takes time linear in the URI for a given
// template.

// nstate is a state of the automaton. Every state has at most one
// ε-transition, to the entry of the next part: the ε-transitions form
// chains, and the closure of a state is the chain from it.
type nstate struct {
	part  int     // the part whose bytes its edges read; len(parts) for the final state
	eps   int     // the state its ε-transition leads to, or -1
	edges []nedge // its transitions on bytes, shared between states
	lead  bool    // its edges read the lead of an expression ("/" of {/a}) or a pair's name
}

// nedge is a transition on the bytes of set to the state to states after
// its own (before, when negative): the same edges serve every state of
// one kind.
type nedge struct {
	set *octets.Set
	to  int32
}

// automaton is the automaton of a matcher's parts; state 0 is the start,
// the last state the final one. Its states are not stored: state gives
// each from the part it belongs to, so that the automaton of a large
// template takes 4 bytes a part, and the exact check, which stops at its
// limits, builds none of the states it does not reach. Only sets of named
// pairs, whose states depend on their names, keep theirs.
type automaton struct {
	m     *Matcher
	base  []int32            // the first state of each part, then the final state
	named map[int32][]nstate // the states of each set of named pairs: eps from the part's first state
	runs  [][]nedge          // the edges of the state that reads an expression's text, by its run set
}

// The edges that every automaton shares: a literal byte, a lead of an
// expression without names, and the hexadecimal digits of a triplet.
var (
	singles = func() (s [256]octets.Set) {
		for b := range s {
			s[b].Add(byte(b))
		}
		return
	}()
	litEdges = func() (e [256][]nedge) {
		for b := range e {
			e[b] = []nedge{{&singles[b], 1}}
		}
		return
	}()
	hexEdges  = [2][]nedge{{{&hexDigits, 1}}, {{&hexDigits, -2}}}
	leadEdges = func() (e [len(leadChars)][]nedge) {
		for i := range e {
			e[i] = []nedge{{&singles[leadChars[i]], 1}}
		}
		return
	}()
)

// hexDigits is the set of the bytes of HEXDIG (RFC 3986 §2.1).
var hexDigits = bytesOf("0123456789ABCDEFabcdef")

// automaton returns the automaton of m's parts.
func (m *Matcher) automaton() *automaton {
	a := &automaton{m: m, base: make([]int32, len(m.parts)+1), runs: make([][]nedge, len(m.sets))}
	n := 0
	for i := range m.parts {
		p := &m.parts[i]
		a.base[i] = int32(n)
		switch {
		case p.isLit():
			n += len(m.lit(p))
		case p.named():
			if a.named == nil {
				a.named = map[int32][]nstate{}
			}
			st := m.namedStates(i)
			a.named[int32(i)] = st
			n += len(st)
		default:
			// A lead, then the text after it: the bytes of the part's
			// run, and pct-encoded triplets.
			n += 3 + len(p.leads())
			if a.runs[p.run] == nil {
				a.runs[p.run] = []nedge{{m.runSet(p), 0}, {&percent, 1}}
			}
		}
	}
	a.base[len(m.parts)] = int32(n)
	return a
}

// final returns the final state.
func (a *automaton) final() int { return int(a.base[len(a.base)-1]) }

// states returns the number of states.
func (a *automaton) states() int { return a.final() + 1 }

// state returns the state s.
func (a *automaton) state(s int) nstate {
	// Every part has a state at least, so the bases increase.
	i, found := slices.BinarySearch(a.base, int32(s))
	if !found {
		i--
	}
	m := a.m
	if i == len(m.parts) {
		return nstate{part: i, eps: -1}
	}
	base, next := int(a.base[i]), int(a.base[i+1])
	local := s - base
	p := &m.parts[i]
	switch {
	case p.isLit():
		return nstate{part: i, eps: -1, edges: litEdges[m.lit(p)[local]]}
	case p.named():
		st := a.named[int32(i)][local]
		if st.eps >= 0 {
			st.eps += base
		}
		return st
	}
	if p.leads() != "" {
		if local == 0 {
			return nstate{part: i, eps: next, edges: leadEdges[p.leadLo], lead: true}
		}
		local--
	}
	if local == 0 {
		return nstate{part: i, eps: next, edges: a.runs[p.run]}
	}
	return nstate{part: i, eps: -1, edges: hexEdges[local-1]}
}

// percent is the set of "%", which begins a pct-encoded triplet.
var percent = bytesOf("%")

// namedSets are the sets of bytes of the edges of a set of named pairs.
type namedSets struct {
	lead, sep, eq, text octets.Set
}

// namedStates returns the states of the set of named pairs m.parts[i]
// (rule 3), numbered from 0, the next part's first state numbered after
// them: its lead, then pairs separated by its separator. A pair is a
// name, "=" and a value; in ";" the "=" and the value may be missing
// (RFC 6570 §3.2.7). The name is one of the set's variables as the
// template writes it, or any text where an exploded variable or
// IgnoreUnknownQuery takes any pair. A name and a value hold the bytes of
// the set's run but "=" and the separator, and pct-encoded triplets.
func (m *Matcher) namedStates(i int) []nstate {
	p := &m.parts[i]
	ns := &namedSets{lead: bytesOf(p.leads()), sep: singles[p.sep], eq: singles['=']}
	ns.text = m.runSet(p).Without(p.sep)
	ns.text = ns.text.Without('=')
	semi := p.sep == ';'
	// pre, k (a pair begins), ne (a name ended), v (a value) and the
	// triplet states of the value, then those of the names.
	const pre, k, ne, v = 0, 1, 2, 3
	next := 6 // v's triplet states are 4 and 5
	generic := p.explode() >= 0 || p.query() && m.opts.IgnoreUnknownQuery
	var names []string
	if generic {
		next += 2 // k's triplet states
	} else {
		names = m.setNames(p)
		for _, name := range names {
			next += len(name) - 1
		}
	}
	st := make([]nstate, 0, next)
	// Edges with absolute targets here, made relative at the end.
	st = append(st, nstate{part: i, eps: next, edges: []nedge{{&ns.lead, k}}, lead: true})
	// k and ne, and the states of the names below, read names: for the
	// overlap search of a Set, like a lead, no value (see overlap).
	st = append(st, nstate{part: i, eps: -1, lead: true}, nstate{part: i, eps: -1, lead: true}, nstate{part: i, eps: next,
		edges: []nedge{{&ns.text, v}, {&percent, v + 1}, {&ns.sep, k}}})
	st = append(st, nstate{part: i, eps: -1, edges: []nedge{{&hexDigits, v + 2}}}, nstate{part: i, eps: -1, edges: []nedge{{&hexDigits, v}}})
	ks, nes := &st[k], &st[ne]
	nes.edges = []nedge{{&ns.eq, v}}
	if semi {
		nes.eps = next
		nes.edges = append(nes.edges, nedge{&ns.sep, k})
	}
	if generic {
		// Any name: k reads it and is where it ends.
		ks.edges = []nedge{{&ns.text, k}, {&percent, v + 3}, {&ns.eq, v}} // v+3: after v's triplet states
		if semi {
			ks.eps = next
			ks.edges = append(ks.edges, nedge{&ns.sep, k})
		}
		st = append(st, nstate{part: i, eps: -1, edges: []nedge{{&hexDigits, v + 4}}}, nstate{part: i, eps: -1, edges: []nedge{{&hexDigits, k}}})
	} else {
		for _, name := range names {
			from := k
			for c := 0; c < len(name); c++ {
				to := ne
				if c+1 < len(name) {
					to = len(st)
					st = append(st, nstate{part: i, eps: -1, lead: true})
				}
				st[from].edges = append(st[from].edges, nedge{&singles[name[c]], int32(to)})
				from = to
			}
		}
	}
	for s := range st {
		for e := range st[s].edges {
			st[s].edges[e].to -= int32(s)
		}
	}
	return st
}

// setNames returns the names of the variables of the set of named pairs p
// once each, in order, as the template writes them.
func (m *Matcher) setNames(p *mpart) []string {
	var names []string
	for j := range m.nv(p) {
		v := m.mvar(p, j)
		if occs, _ := m.occs(p, v.key); int(occs[0]) == j {
			names = append(names, v.name)
		}
	}
	return names
}

// letters, lower and digits are the bytes a witness prefers.
var (
	letters = bytesOf("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
	lower   = bytesOf("abcdefghijklmnopqrstuvwxyz")
	digits  = bytesOf("0123456789")
)

// letterFirst and lowerFirst are preferences of pick: a letter, then a
// digit; a lower-case letter, then a digit, then a letter.
var (
	letterFirst = []*octets.Set{&letters, &digits, nil}
	lowerFirst  = []*octets.Set{&lower, &digits, &letters, nil}
)

// pick returns a byte of both sets, preferring the bytes of prefs in
// order (nil: any), and whether there is one, in constant time.
func pick(c, d *octets.Set, prefs []*octets.Set) (byte, bool) {
	var both octets.Set
	nz := uint32(0)
	for i := range both {
		both[i] = c[i] & d[i]
		nz |= both[i]
	}
	if nz == 0 {
		return 0, false
	}
	for _, pref := range prefs {
		for i := range both {
			w := both[i]
			if pref != nil {
				w &= pref[i]
			}
			if w != 0 {
				return byte(i*32 + bits.TrailingZeros32(w)), true
			}
		}
	}
	return 0, false // not reached
}

// accepting reports whether the closure of state s holds the final state.
func (a *automaton) accepting(s int) bool {
	final := a.final()
	for ; s >= 0; s = a.state(s).eps {
		if s == final {
			return true
		}
	}
	return false
}

// maxPairs bounds the nodes of the product automaton the exact check
// explores, and maxWork the pairs of edges it compares: past either it
// stops and the template is refused by the local rule.
const (
	maxPairs = 1 << 16
	maxWork  = 1 << 20
)

// pnode is a node of the product automaton: a pair of states, and
// whether the two runs that reach it went apart.
type pnode struct {
	p, q   int32
	parent int32 // the node before, or -1
	b      byte  // the byte read from it to this node
	apart  bool
}

// exact decides rule 4 exactly for a template the local rule refused
// with local: it returns the error for an ambiguous template, or sets up
// matching with the template's automaton.
func (m *Matcher) exact(local *AmbiguousError, hints bool) error {
	a := m.automaton()
	path, decided := a.ambiguity()
	switch {
	case (!decided || path != nil) && m.opts.PerURI:
	case !decided:
		local.Reason += fmt.Sprintf(" (the exact check stopped at its limits of %d pairs of states and %d pairs of transitions)", maxPairs, maxWork)
		return local
	case path != nil:
		e := m.witness(path)
		if hints {
			e.Hint = m.suggest(path)
		}
		return e
	}
	m.nfa = a
	return nil
}

// pstep is a step of a path of the product automaton: the byte read, and
// the parts that read it in the two runs.
type pstep struct {
	b      byte
	pp, pq int
}

// ambiguity searches the product of the automaton with itself
// breadth-first for a URI with two runs. It returns the steps of a
// shortest path to a pair of accepting states after the runs went apart,
// or nil when there is none; ok is false when it stopped at maxPairs or
// maxWork.
func (a *automaton) ambiguity() (path []pstep, ok bool) {
	pr := product{a: a}
	pr.add(pnode{parent: -1})
	for i := 0; i < pr.n; i++ {
		n := *pr.node(i)
		if n.apart && a.accepting(int(n.p)) && a.accepting(int(n.q)) {
			return pr.path(i), true
		}
		if !pr.expand(i) {
			return nil, false
		}
	}
	return nil, true
}

// pkey returns the key of a node of the product automaton in seen.
func pkey(p, q int, apart bool) uint64 {
	k := uint64(p)<<32 | uint64(q)<<1
	if apart {
		k |= 1
	}
	return k
}

// chunk is the number of nodes of the product automaton allocated at
// once past the first chunk, which grows as a slice: the nodes past it are
// never copied, so that the exact check at its limits takes 16 bytes a
// node, and a small search little more than its nodes.
const chunk = 1 << 12

// product is the part of the product automaton explored so far: its
// nodes, the first chunk of them and chunks, and a hash table of their
// indexes by their keys (open addressing, half full at most).
type product struct {
	a      *automaton
	first  []pnode
	chunks [][]pnode
	n      int
	seen   []int32 // a node's index + 1, or 0
	work   int
}

// node returns the node i.
func (pr *product) node(i int) *pnode {
	if i < chunk {
		return &pr.first[i]
	}
	i -= chunk
	return &pr.chunks[i/chunk][i%chunk]
}

// slot returns the slot of seen that holds the node of key k, or the
// empty slot where it goes.
func (pr *product) slot(k uint64) *int32 {
	mask := uint64(len(pr.seen) - 1)
	for h := (k * 0x9E3779B97F4A7C15) >> 20 & mask; ; h = (h + 1) & mask {
		j := pr.seen[h]
		if j == 0 {
			return &pr.seen[h]
		}
		if n := pr.node(int(j - 1)); pkey(int(n.p), int(n.q), n.apart) == k {
			return &pr.seen[h]
		}
	}
}

// add adds the node n, whose key is not in seen.
func (pr *product) add(n pnode) {
	switch {
	case pr.n < chunk:
		pr.first = append(pr.first, n)
	case pr.n%chunk == 0:
		pr.chunks = append(pr.chunks, make([]pnode, chunk))
		fallthrough
	default:
		*pr.node(pr.n) = n
	}
	pr.n++
	if 2*pr.n > len(pr.seen) {
		// Twice the slots, and the nodes again in them.
		pr.seen = make([]int32, max(16, 2*len(pr.seen)))
		for i := range pr.n {
			n := pr.node(i)
			*pr.slot(pkey(int(n.p), int(n.q), n.apart)) = int32(i + 1)
		}
		return
	}
	*pr.slot(pkey(int(n.p), int(n.q), n.apart)) = int32(pr.n)
}

// expand adds the nodes one byte after node i, and reports false past
// maxPairs or maxWork.
func (pr *product) expand(i int) bool {
	n, a := *pr.node(i), pr.a
	for u := int(n.p); u >= 0; {
		su := a.state(u)
		for _, e1 := range su.edges {
			for w := int(n.q); w >= 0; {
				sw := a.state(w)
				for _, e2 := range sw.edges {
					if pr.work++; pr.work > maxWork {
						return false
					}
					c, common := pick(e1.set, e2.set, letterFirst)
					to1, to2 := u+int(e1.to), w+int(e2.to)
					apart := n.apart || to1 != to2 || u != w
					if !common {
						continue
					}
					if *pr.slot(pkey(to1, to2, apart)) != 0 {
						continue
					}
					if pr.n >= maxPairs {
						return false
					}
					pr.add(pnode{p: int32(to1), q: int32(to2), apart: apart, parent: int32(i), b: c})
				}
				w = sw.eps
			}
		}
		u = su.eps
	}
	return true
}

// path returns the steps of the path to node i. The parts that read each
// byte are found again as expand found the node: the first pair of edges,
// in its order, from the node before to it.
func (pr *product) path(i int) []pstep {
	var path []pstep
	for ; i > 0; i = int(pr.node(i).parent) {
		n := pr.node(i)
		path = append(path, pr.parts(*pr.node(int(n.parent)), *n))
	}
	slices.Reverse(path)
	return path
}

// parts returns the step from the node from to the node n.
func (pr *product) parts(from, n pnode) pstep {
	a := pr.a
	for u := int(from.p); u >= 0; {
		su := a.state(u)
		for _, e1 := range su.edges {
			for w := int(from.q); w >= 0; {
				sw := a.state(w)
				for _, e2 := range sw.edges {
					to1, to2 := u+int(e1.to), w+int(e2.to)
					c, common := pick(e1.set, e2.set, letterFirst)
					if common && c == n.b && to1 == int(n.p) && to2 == int(n.q) && n.apart == (from.apart || to1 != to2 || u != w) {
						return pstep{b: c, pp: su.part, pq: sw.part}
					}
				}
				w = sw.eps
			}
		}
		u = su.eps
	}
	return pstep{b: n.b} // not reached
}

// spans returns the text of each of nparts parts in a URI of n bytes
// whose byte k was read by part parts[k]: a part that read no byte is
// empty, at the offset where the next part that read one begins.
func spans(parts []int, nparts, n int) [][2]int {
	sp := make([][2]int, nparts)
	next := n
	k := len(parts) - 1
	for j := nparts - 1; j >= 0; j-- {
		end := next
		for k >= 0 && parts[k] == j {
			next = k
			k--
		}
		sp[j] = [2]int{next, end}
	}
	return sp
}

// thread is a run of the automaton during matching: its state, the parts
// it has read bytes with, last first, and how many runs reach its state
// (1, or 2 for two or more).
type thread struct {
	state int
	cap   *capture
	n     int
}

// capture records that a part began reading bytes at an offset.
type capture struct {
	part, at int
	prev     *capture
}

// run returns the text of each part in the accepting run of the automaton
// on s, or nil and the offset of the byte that no run could read (len(s)
// when the runs ended in no accepting state). It keeps one thread per
// state, with the number of runs that reach it, in time linear in len(s)
// for a given automaton; two reports that s has two accepting runs or
// more.
func (m *Matcher) run(s string) (sp [][2]int, at int, two bool) {
	a := m.nfa
	cur := []thread{{state: 0, n: 1}}
	var next []thread
	mark := make([]int, a.states()) // the offset+1 at which a state got a thread
	slot := make([]int, a.states()) // and the index of that thread
	for i := 0; i < len(s); i++ {
		if len(cur) == 0 {
			return nil, i - 1, false
		}
		next = a.step(cur, next[:0], mark, slot, s[i], i)
		cur, next = next, cur
	}
	if len(cur) == 0 {
		return nil, len(s) - 1, false
	}
	var found *thread
	runs := 0
	for k := range cur {
		if a.accepting(cur[k].state) {
			if found == nil {
				found = &cur[k]
			}
			runs += cur[k].n
		}
	}
	switch {
	case found == nil:
		return nil, len(s), false
	case runs > 1:
		return nil, 0, true
	}
	return captured(found.cap, len(m.parts), len(s)), len(s), false
}

// step appends to next the threads that follow those of cur on the byte c
// at offset i, one per state.
func (a *automaton) step(cur, next []thread, mark, slot []int, c byte, i int) []thread {
	for _, t := range cur {
		for u := t.state; u >= 0; {
			su := a.state(u)
			for _, e := range su.edges {
				if !e.set.Has(c) {
					continue
				}
				to := u + int(e.to)
				if mark[to] == i+1 {
					nt := &next[slot[to]]
					nt.n = min(2, nt.n+t.n)
					continue
				}
				mark[to], slot[to] = i+1, len(next)
				cp := t.cap
				if cp == nil || cp.part != su.part {
					cp = &capture{part: su.part, at: i, prev: cp}
				}
				next = append(next, thread{to, cp, t.n})
			}
			u = su.eps
		}
	}
	return next
}

// captured returns the text of each of nparts parts of a URI of n bytes
// from the captures of a run: a part without one is empty, where the next
// part begins.
func captured(c *capture, nparts, n int) [][2]int {
	sp := make([][2]int, nparts)
	end := n
	j := nparts - 1
	for ; c != nil; c = c.prev {
		for ; j > c.part; j-- {
			sp[j] = [2]int{end, end}
		}
		sp[j] = [2]int{c.at, end}
		end = c.at
		j--
	}
	for ; j >= 0; j-- {
		sp[j] = [2]int{end, end}
	}
	return sp
}

// witness returns the error for the path of the product automaton that
// ambiguity found: its bytes are a shortest URI with two splits.
func (m *Matcher) witness(path []pstep) *AmbiguousError {
	var (
		b      = make([]byte, 0, len(path))
		p1, p2 = make([]int, 0, len(path)), make([]int, 0, len(path))
		first  = -1
	)
	for _, n := range path {
		if first < 0 && n.pp != n.pq {
			first = len(b)
		}
		b = append(b, n.b)
		p1, p2 = append(p1, n.pp), append(p2, n.pq)
	}
	w := string(b)
	e := &AmbiguousError{Witness: w, Offset: m.parts[0].offset()}
	a, c := 0, 0
	if first >= 0 {
		a, c = min(p1[first], p2[first]), max(p1[first], p2[first])
		e.Offset = m.parts[c].offset()
	}
	// The witness holds the template's literals: a password there is
	// masked (RFC 3986 §7.5), and the readings, which may hold it, are
	// then left out of the message.
	_, _, secret := uri.RedactSpan(w)
	e.Reason = fmt.Sprintf("the URI %q splits two ways: %s may end where %s begins, or go on",
		uri.RedactInput(w), m.partName(&m.parts[a]), m.partName(&m.parts[c]))
	r1, err1 := m.read(w, spans(p1, len(m.parts), len(w)))
	r2, err2 := m.read(w, spans(p2, len(m.parts), len(w)))
	if err1 == nil && err2 == nil {
		e.Readings = [2]Values{r1.Values(), r2.Values()}
		if !secret {
			e.Reason += fmt.Sprintf(" (%s, or %s)", formatValues(m.t, e.Readings[0]), formatValues(m.t, e.Readings[1]))
		}
	}
	return e
}

// partName names a part in a message: an expression by its text, a
// literal by its offset (a literal may hold a password).
func (m *Matcher) partName(p *mpart) string {
	if p.isLit() {
		return fmt.Sprintf("the literal at offset %d", p.offset())
	}
	return m.src(p)
}

// read reads the values of s split between the parts as sp says.
func (m *Matcher) read(s string, sp [][2]int) (*Result, error) {
	r := &Result{names: make([]string, m.nvars), occ: make([]occurrence, m.nvars)}
	mt := matching{m: m, r: r, uri: s, max: -1}
	return r, mt.readSpans(sp)
}

// formatValues writes the variables of t that vs defines, in order, for a
// message (see writeValues); "every variable undefined" for none.
func formatValues(t *Template, vs Values) string {
	var b strings.Builder
	writeValues(&b, t.names, vs)
	if b.Len() == 0 {
		return "every variable undefined"
	}
	return b.String()
}

// writeValues writes the variables of names that vs defines, in order,
// as "name = value" joined by ", ": a string quoted, a list in brackets,
// an associative array in braces.
func writeValues(b *strings.Builder, names []string, vs Values) {
	for _, name := range names {
		v, ok := vs[name]
		if !ok {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "%s = ", name)
		switch v.Kind() {
		case KindString:
			fmt.Fprintf(b, "%q", v.Str())
		case KindList:
			fmt.Fprintf(b, "%q", v.List())
		case KindAssoc:
			b.WriteByte('{')
			for i, p := range v.Pairs() {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(b, "%q: %q", p.Key, p.Value)
			}
			b.WriteByte('}')
		}
	}
}

// maxHints is the most spellings suggest tries.
const maxHints = 4

// suggest returns a hint for a template refused with the witness path,
// tried before it is given: a reserved expression "/{+x}" written as the
// segments "{/x*}" (RFC 6570 §3.2.6), whose items hold no "/", or the
// option Delimiters, which reads "?" and "#" as RFC 3986 does.
func (m *Matcher) suggest(path []pstep) string {
	seen := map[int]bool{}
	for _, n := range path {
		for _, i := range []int{n.pp, n.pq} {
			if seen[i] || len(seen) >= maxHints {
				continue // each try builds a matcher: a few keep the refusal linear
			}
			seen[i] = true
			if h := m.segmentsHint(&m.parts[i]); h != "" {
				return h
			}
		}
	}
	if !m.opts.Delimiters {
		o := m.opts
		o.Delimiters = true
		if _, err := m.t.matcher(o, false); err == nil {
			return "hint: MatchOptions Delimiters, which reads the first \"?\" and \"#\" as RFC 3986 §3.4 and §3.5 do, accepts it"
		}
	}
	return ""
}

// segmentsHint returns the hint for the part p where it is "/{+x}" and the
// template with "{/x*}" in its place is not ambiguous, else "".
func (m *Matcher) segmentsHint(p *mpart) string {
	raw := m.t.String()
	if p.isLit() || !p.reserved() || p.leads() != "" || m.nv(p) != 1 ||
		m.mvar(p, 0).prefix != 0 || p.offset() == 0 || raw[p.offset()-1] != '/' {
		return ""
	}
	name := m.mvar(p, 0).name
	alt := raw[:p.offset()-1] + "{/" + name + "*}" + raw[p.offset()+len(m.src(p)):]
	t, err := Parse(alt)
	if err != nil {
		return ""
	}
	if _, err := t.matcher(m.opts, false); err != nil {
		return ""
	}
	return fmt.Sprintf("hint: %q, where {/%s*} reads the segments of a path, which hold no \"/\" (RFC 6570 §3.2.6), is not ambiguous",
		uri.RedactInput(alt), name)
}
