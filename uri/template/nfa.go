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
	edges []nedge // its transitions on bytes
	lead  bool    // its edges read the lead of an expression ("/" of {/a}) or a pair's name
}

type nedge struct {
	set octets.Set
	to  int
}

// hexDigits is the set of the bytes of HEXDIG (RFC 3986 §2.1).
var hexDigits = bytesOf("0123456789ABCDEFabcdef")

// automaton builds the automaton of m's parts; state 0 is the start, the
// last state the final one.
func (m *Matcher) automaton() []nstate {
	var st []nstate
	for i := range m.parts {
		p := &m.parts[i]
		base := len(st)
		if p.isLit() {
			lit := m.lit(p)
			// A state per byte, whose one edge reads it: the states and
			// the edges of the chain each take one allocation, as a
			// long literal is most of a large template.
			st = slices.Grow(st, len(lit)+1)
			edges := make([]nedge, len(lit))
			for j := 0; j < len(lit); j++ {
				edges[j] = nedge{bytesOf(lit[j : j+1]), base + j + 1}
				st = append(st, nstate{part: i, eps: -1, edges: edges[j : j+1 : j+1]})
			}
			continue
		}
		if p.named() {
			st = m.namedStates(st, i)
			continue
		}
		in := base
		if p.leads() != "" {
			in = base + 1
			st = append(st, nstate{part: i, eps: base + 4, edges: []nedge{{bytesOf(p.leads()), in}}, lead: true})
		}
		// The text after the lead: the bytes of the part's run, and
		// pct-encoded triplets.
		st = append(st, nstate{part: i, eps: in + 3, edges: []nedge{{*m.runSet(p), in}, {percent, in + 1}}})
		st = appendTriplet(st, i, in)
	}
	return append(st, nstate{part: len(m.parts), eps: -1})
}

// percent is the set of "%", which begins a pct-encoded triplet.
var percent = bytesOf("%")

// appendTriplet appends the two states that read the hexadecimal digits
// of a pct-encoded triplet (RFC 3986 §2.1) for part i, after a "%" read
// from state back, to which they return.
func appendTriplet(st []nstate, i, back int) []nstate {
	n := len(st)
	return append(st,
		nstate{part: i, eps: -1, edges: []nedge{{hexDigits, n + 1}}},
		nstate{part: i, eps: -1, edges: []nedge{{hexDigits, back}}})
}

// namedStates appends the states of the set of named pairs m.parts[i]
// (rule 3): its lead, then pairs separated by its separator. A pair is a
// name, "=" and a value; in ";" the "=" and the value may be missing
// (RFC 6570 §3.2.7). The name is one of the set's variables as the
// template writes it, or any text where an exploded variable or
// IgnoreUnknownQuery takes any pair. A name and a value hold the bytes of
// the set's run but "=" and the separator, and pct-encoded triplets.
func (m *Matcher) namedStates(st []nstate, i int) []nstate {
	p := &m.parts[i]
	lead, sep, eq := bytesOf(p.leads()), bytesOf(string(rune(p.sep))), bytesOf("=")
	text := m.runSet(p).Without(p.sep)
	text = text.Without('=')
	semi := p.sep == ';'
	// pre, k (a pair begins), ne (a name ended), v (a value) and the
	// triplet states of the value, then those of the names.
	pre := len(st)
	k, ne, v := pre+1, pre+2, pre+3
	next := pre + 6 // v's triplet states are pre+4 and pre+5
	generic := p.explode() >= 0 || p.query() && m.opts.IgnoreUnknownQuery
	if generic {
		next += 2 // k's triplet states
	} else {
		for _, name := range m.setNames(p) {
			next += len(name) - 1
		}
	}
	st = append(st, nstate{part: i, eps: next, edges: []nedge{{lead, k}}, lead: true})
	// k and ne, and the states of the names below, read names: for the
	// overlap search of a Set, like a lead, no value (see overlap).
	st = append(st, nstate{part: i, eps: -1, lead: true}, nstate{part: i, eps: -1, lead: true}, nstate{part: i, eps: next,
		edges: []nedge{{text, v}, {percent, v + 1}, {sep, k}}})
	st = appendTriplet(st, i, v)
	ks, nes := &st[k], &st[ne]
	nes.edges = []nedge{{eq, v}}
	if semi {
		nes.eps = next
		nes.edges = append(nes.edges, nedge{sep, k})
	}
	if generic {
		// Any name: k reads it and is where it ends.
		ks.edges = []nedge{{text, k}, {percent, v + 3}, {eq, v}} // v+3: after v's triplet states
		if semi {
			ks.eps = next
			ks.edges = append(ks.edges, nedge{sep, k})
		}
		return appendTriplet(st, i, k)
	}
	for _, name := range m.setNames(p) {
		from := k
		for c := 0; c < len(name); c++ {
			to := ne
			if c+1 < len(name) {
				to = len(st)
				st = append(st, nstate{part: i, eps: -1, lead: true})
			}
			st[from].edges = append(st[from].edges, nedge{bytesOf(name[c : c+1]), to})
			from = to
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
func accepting(st []nstate, s int) bool {
	for ; s >= 0; s = st[s].eps {
		if s == len(st)-1 {
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
	p, q   int
	apart  bool
	parent int  // the node before, or -1
	b      byte // the byte read from it to this node
	pp, pq int  // the parts that read b in the two runs
}

// exact decides rule 4 exactly for a template the local rule refused
// with local: it returns the error for an ambiguous template, or sets up
// matching with the template's automaton.
func (m *Matcher) exact(local *AmbiguousError, hints bool) error {
	st := m.automaton()
	path, decided := ambiguity(st)
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
	m.nfa = st
	return nil
}

// ambiguity searches the product of the automaton st with itself for a
// URI with two runs. It returns the nodes of a shortest path to a pair of
// accepting states after the runs went apart, or nil when there is none;
// ok is false when it stopped at maxPairs or maxWork.
func ambiguity(st []nstate) (path []pnode, ok bool) {
	return search(st, st, false)
}

// search searches the product of a and b breadth-first for a pair of
// accepting states: any (both) or after the runs went apart.
func search(a, b []nstate, both bool) (path []pnode, ok bool) {
	pr := product{a: a, b: b, nodes: []pnode{{p: 0, q: 0, parent: -1}}, seen: map[pkey]bool{{0, 0, false}: true}, both: both, prefs: letterFirst}
	for i := 0; i < len(pr.nodes); i++ {
		n := pr.nodes[i]
		if (both || n.apart) && accepting(a, n.p) && accepting(b, n.q) {
			for j := i; j >= 0; j = pr.nodes[j].parent {
				path = append(path, pr.nodes[j])
			}
			slices.Reverse(path)
			return path, true
		}
		if !pr.expand(i) {
			return nil, false
		}
	}
	return nil, true
}

type pkey struct {
	p, q  int
	apart bool
}

// product is the part of the product automaton explored so far.
type product struct {
	a, b  []nstate
	nodes []pnode
	seen  map[pkey]bool
	work  int
	both  bool // the runs are of two automata: they never go apart
	prefs []*octets.Set
}

// expand adds the nodes one byte after node i, and reports false past
// maxPairs or maxWork.
func (pr *product) expand(i int) bool {
	n, a, b := pr.nodes[i], pr.a, pr.b
	for u := n.p; u >= 0; u = a[u].eps {
		for _, e1 := range a[u].edges {
			for w := n.q; w >= 0; w = b[w].eps {
				for _, e2 := range b[w].edges {
					if pr.work++; pr.work > maxWork {
						return false
					}
					c, common := pick(&e1.set, &e2.set, pr.prefs)
					k := pkey{e1.to, e2.to, !pr.both && (n.apart || e1.to != e2.to || u != w)}
					if !common || pr.seen[k] {
						continue
					}
					if len(pr.nodes) >= maxPairs {
						return false
					}
					pr.seen[k] = true
					pr.nodes = append(pr.nodes, pnode{p: k.p, q: k.q, apart: k.apart, parent: i, b: c, pp: a[u].part, pq: b[w].part})
				}
			}
		}
	}
	return true
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
	st := m.nfa
	cur := []thread{{state: 0, n: 1}}
	var next []thread
	mark := make([]int, len(st)) // the offset+1 at which a state got a thread
	slot := make([]int, len(st)) // and the index of that thread
	for i := 0; i < len(s); i++ {
		if len(cur) == 0 {
			return nil, i - 1, false
		}
		next = step(st, cur, next[:0], mark, slot, s[i], i)
		cur, next = next, cur
	}
	if len(cur) == 0 {
		return nil, len(s) - 1, false
	}
	var found *thread
	runs := 0
	for k := range cur {
		if accepting(st, cur[k].state) {
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
func step(st []nstate, cur, next []thread, mark, slot []int, c byte, i int) []thread {
	for _, t := range cur {
		for u := t.state; u >= 0; u = st[u].eps {
			for _, e := range st[u].edges {
				if !e.set.Has(c) {
					continue
				}
				if mark[e.to] == i+1 {
					nt := &next[slot[e.to]]
					nt.n = min(2, nt.n+t.n)
					continue
				}
				mark[e.to], slot[e.to] = i+1, len(next)
				cp := t.cap
				if cp == nil || cp.part != st[u].part {
					cp = &capture{part: st[u].part, at: i, prev: cp}
				}
				next = append(next, thread{e.to, cp, t.n})
			}
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
func (m *Matcher) witness(path []pnode) *AmbiguousError {
	var (
		b      = make([]byte, 0, len(path))
		p1, p2 = make([]int, 0, len(path)), make([]int, 0, len(path))
		first  = -1
	)
	for _, n := range path[1:] {
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
func (m *Matcher) suggest(path []pnode) string {
	seen := map[int]bool{}
	for _, n := range path[1:] {
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
