package template

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
)

// mpart is a literal or an expression, or a run of adjacent named
// expressions of one kind matched as one set of pairs. It keeps offsets
// into the template and the matcher, so that a matcher takes memory of a
// few bytes a template byte: [Matcher.lit], [Matcher.src], [Matcher.mvar]
// and the methods below give its fields.
type mpart struct {
	off, end int32 // the part's text in the template, for messages (src)
	// An expression: the first of the template's expressions the part
	// reads, and how many (a set of named pairs more than one). A
	// literal that expansion writes otherwise than the template
	// (fEncoded): its text as expansion writes it is m.enc[expr:nexpr].
	expr, nexpr int32
	flags       uint8
	sep         byte
	// The possible first characters are leadChars[leadLo:leadHi]: ""
	// for a literal, "" and "+".
	leadLo, leadHi uint8
	run            uint16 // m.sets[run]: bytes the text after the lead may hold, '%' aside
	all            uint16 // m.sets[all]: bytes the expansion may hold, '%' included (a literal: its first)
}

// The flags of an mpart.
const (
	fLiteral  = 1 << iota
	fEncoded  // a literal that expansion writes otherwise (§3.1)
	fNamed    // ";", "?" and "&"
	fQuery    // "?" and "&": IgnoreUnknownQuery applies
	fReserved // "+" and "#": U+R
	fPath     // the expression stands in the path (see SetOptions AllowTraversal)
	fExplode  // named: its one variable is exploded
)

// leadChars holds the leads of the parts as substrings: "?&" is that of
// a "?" expression joined by "&" expressions.
const leadChars = "#./;?&"

func (p *mpart) isLit() bool    { return p.flags&fLiteral != 0 }
func (p *mpart) named() bool    { return p.flags&fNamed != 0 }
func (p *mpart) query() bool    { return p.flags&fQuery != 0 }
func (p *mpart) reserved() bool { return p.flags&fReserved != 0 }
func (p *mpart) path() bool     { return p.flags&fPath != 0 }
func (p *mpart) offset() int    { return int(p.off) }

// leads returns the possible first characters of p's expansion: "" for
// a literal and for "" and "+".
func (p *mpart) leads() string { return leadChars[p.leadLo:p.leadHi] }

// explode returns the index of the exploded variable of a set of named
// pairs, or -1: an exploded variable is alone in its set (rule 3).
func (p *mpart) explode() int {
	if p.flags&fExplode != 0 {
		return 0
	}
	return -1
}

// setLeads sets the leads of p to the one character c.
func (p *mpart) setLeads(c byte) {
	i := strings.IndexByte(leadChars, c)
	p.leadLo, p.leadHi = uint8(i), uint8(i+1)
}

// lit returns the literal p as expansion writes it (§3.1), or "" for an
// expression.
func (m *Matcher) lit(p *mpart) string {
	switch {
	case p.flags&fEncoded != 0:
		return m.enc[p.expr:p.nexpr]
	case p.isLit():
		return m.t.raw[p.off:p.end]
	}
	return ""
}

// src returns the text of p in the template, for messages.
func (m *Matcher) src(p *mpart) string { return m.t.raw[p.off:p.end] }

// runSet and allSet return p's sets of bytes.
func (m *Matcher) runSet(p *mpart) *octets.Set { return &m.sets[p.run] }
func (m *Matcher) allSet(p *mpart) *octets.Set { return &m.sets[p.all] }

// v0 returns the index of the first variable of the expression part p in
// the template's (and the matcher's) variables.
func (m *Matcher) v0(p *mpart) int32 { return m.t.exprs[p.expr].vars }

// nv returns the number of variables of the expression part p.
func (m *Matcher) nv(p *mpart) int {
	last := &m.t.exprs[p.expr+p.nexpr-1]
	return int(last.vars + last.nvars - m.t.exprs[p.expr].vars)
}

// mvar is a variable of a part, as the matching reads it.
type mvar struct {
	name    string
	id      int // index in Matcher's variables
	prefix  int
	explode bool
	offset  int
	expr    int    // named: the index of its expression in the set
	key     string // named: the name decoded, as pairs are compared
}

// mvar returns the i-th variable of the expression part p.
func (m *Matcher) mvar(p *mpart, i int) mvar {
	j := m.v0(p) + int32(i)
	tv := &m.t.vars[j]
	v := mvar{name: m.t.raw[tv.off:tv.end], id: int(m.ids[j]), prefix: int(tv.prefix), explode: tv.explode, offset: int(p.off)}
	if p.named() {
		v.key = m.key(j)
	}
	if p.nexpr > 1 {
		// The expression of the set that holds the variable j.
		es := m.t.exprs[p.expr : p.expr+p.nexpr]
		k, _ := slices.BinarySearchFunc(es, j+1, func(e texpr, j int32) int { return cmp.Compare(e.vars, j) })
		v.expr = k - 1
		v.offset = int(es[k-1].off)
	}
	return v
}

// key returns the name of the variable j decoded, as the pairs of a set
// of named pairs are compared.
func (m *Matcher) key(j int32) string {
	name := m.t.name(j)
	if len(m.keys) == 0 || strings.IndexByte(name, '%') < 0 {
		return name
	}
	k, ok := slices.BinarySearchFunc(m.keys, j, func(k keyAt, j int32) int { return cmp.Compare(k.j, j) })
	if ok && int(m.keys[k].end) <= len(m.kstr) {
		return m.kstr[m.keys[k].off:m.keys[k].end]
	}
	return decode(name) // while the matcher is built
}

// pctNames returns how many variables of t have a pct-encoded triplet in
// their names, and the length of their names.
func pctNames(t *Template) (n, size int) {
	for j := range t.vars {
		if name := t.name(int32(j)); strings.IndexByte(name, '%') >= 0 {
			n, size = n+1, size+len(name)
		}
	}
	return n, size
}

// keyAt is where the decoded name of the variable j is in m.kstr.
type keyAt struct {
	j, off, end int32
}

// occs returns the indexes in the set of named pairs p of its variables
// named key (decoded), not exploded, in order, and whether it has one.
func (m *Matcher) occs(p *mpart, key string) ([]int32, bool) {
	if !p.named() || p.explode() >= 0 {
		return nil, false
	}
	v0 := m.v0(p)
	order := m.order[v0 : int(v0)+m.nv(p)]
	lo, _ := slices.BinarySearchFunc(order, key, func(i int32, key string) int { return strings.Compare(m.key(v0+i), key) })
	hi := lo
	for hi < len(order) && m.key(v0+order[hi]) == key {
		hi++
	}
	return order[lo:hi], hi > lo
}

// addBytes adds the bytes of s to set.
func addBytes(set *octets.Set, s string) {
	for i := 0; i < len(s); i++ {
		set.Add(s[i])
	}
}

// bytesOf returns the set of the bytes of s.
func bytesOf(s string) octets.Set {
	var set octets.Set
	addBytes(&set, s)
	return set
}

// matcher is Matcher; hints is whether a refusal suggests another
// spelling of the template.
func (t *Template) matcher(opts MatchOptions, hints bool) (*Matcher, error) {
	m := &Matcher{t: t, opts: opts, ids: make([]int32, len(t.vars))}
	names := map[string]int32{}
	for j := range t.vars {
		name := t.name(int32(j))
		id, ok := names[name]
		if !ok {
			id = int32(len(names))
			names[name] = id
		}
		m.ids[j] = id
	}
	m.nvars = len(names)
	if n, size := pctNames(t); n > 0 {
		m.keys, m.kbuf = make([]keyAt, 0, n), make([]byte, 0, size)
	}
	m.parts = make([]mpart, 0, len(t.parts))
	var enc []byte
	for i := range t.parts {
		p := &t.parts[i]
		if p.expr < 0 {
			lit := t.lit(i)
			mp := mpart{off: p.off, end: p.off + int32(len(lit)), flags: fLiteral}
			if e := encodeLiteral(lit, opts.IRI); e != lit {
				mp.flags |= fEncoded
				mp.expr = int32(len(enc))
				enc = append(enc, e...)
				mp.nexpr = int32(len(enc))
			}
			m.parts = append(m.parts, mp)
			continue
		}
		if merged, err := m.joinSet(p.expr); merged || err != nil {
			if err != nil {
				return nil, t.valueWitness(err)
			}
			continue
		}
		mp, err := m.exprPart(p.expr)
		if err != nil {
			return nil, t.valueWitness(err)
		}
		m.parts = append(m.parts, mp)
	}
	m.enc = string(enc)
	m.kstr, m.kbuf = string(m.kbuf), nil
	m.sortSets()
	m.computeSets()
	m.positions()
	if err := m.checkBoundaries(); err != nil {
		if err := m.exact(err, hints); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// valueWitness gives the error err of rules 1 to 3 its witness: the
// expansion of the two values it holds, where they expand alike to a URI
// reference (other occurrences of the variables may keep them apart).
func (t *Template) valueWitness(err error) error {
	e, ok := err.(*AmbiguousError)
	if !ok || e.pair[0] == nil {
		return err
	}
	o := ExpandOptions{Check: true}
	w, err1 := o.Expand(t, e.pair[0])
	w2, err2 := o.Expand(t, e.pair[1])
	if err1 != nil || err2 != nil || w != w2 {
		return e
	}
	e.Witness, e.Readings = w, e.pair
	if _, _, secret := uri.RedactSpan(w); !secret {
		e.Reason += fmt.Sprintf(" (the URI %q is %s, or %s)", w, formatValues(t, e.pair[0]), formatValues(t, e.pair[1]))
	}
	return e
}

// joinSet adds the named expression ei of the template to the set of
// named expressions of the matcher's last part where it is one of the
// same kind (rule 3), and reports whether it did.
func (m *Matcher) joinSet(ei int32) (bool, error) {
	e := &m.t.exprs[ei]
	named := e.op == ';' || e.op == '?' || e.op == '&'
	if !named || len(m.parts) == 0 {
		return false, nil
	}
	last := &m.parts[len(m.parts)-1]
	if last.isLit() || !last.named() || last.sep != byte(e.op) {
		return false, nil
	}
	if strings.IndexByte(last.leads(), byte(e.op)) < 0 {
		last.leadHi++ // "?" joined by "&": "?&"
	}
	last.end = e.end
	last.nexpr++
	return true, m.addNamed(last, ei)
}

// exprPart returns the part of a matcher for the expression ei of the
// template.
func (m *Matcher) exprPart(ei int32) (mpart, error) {
	t := m.t
	e := &t.exprs[ei]
	mp := mpart{off: e.off, end: e.end, expr: ei, nexpr: 1}
	switch e.op {
	case 0:
		mp.sep = ','
	case '+':
		mp.sep, mp.flags = ',', fReserved
	case '#':
		mp.sep, mp.flags = ',', fReserved
		mp.setLeads('#')
	case '.', '/', ';':
		mp.sep = byte(e.op)
		mp.setLeads(byte(e.op))
	case '?', '&':
		mp.sep, mp.flags = '&', fQuery
		mp.setLeads(byte(e.op))
	default:
		// op-reserve (§2.2): no expansion, so nothing to match.
		return mp, &ExpandError{Offset: int(e.off), Name: t.name(e.vars), Kind: ReservedOperator}
	}
	if e.op == ';' || e.op == '?' || e.op == '&' {
		mp.flags |= fNamed
		if m.order == nil {
			m.order = make([]int32, len(t.vars))
		}
		return mp, m.addNamed(&mp, ei)
	}
	return mp, m.checkUnnamed(&mp)
}

// addNamed adds the variables of the named expression ei of the template,
// the p.nexpr-th of its set, to p (rule 3), in time linear in the
// expression. m.order gets the set's variables in order; sortSets sorts
// them.
func (m *Matcher) addNamed(p *mpart, ei int32) error {
	e := &m.t.exprs[ei]
	v0 := m.v0(p)
	for j := e.vars; j < e.vars+e.nvars; j++ {
		i := int(j - v0)
		tv := &m.t.vars[j]
		name := m.t.name(j)
		if strings.IndexByte(name, '%') >= 0 {
			n := int32(len(m.kbuf))
			m.kbuf = appendDecoded(m.kbuf, name)
			m.keys = append(m.keys, keyAt{j, n, int32(len(m.kbuf))})
		}
		m.order[j] = int32(i)
		x := -1 // the exploded variable
		if tv.explode {
			if p.explode() >= 0 {
				x0 := m.mvar(p, 0)
				return &AmbiguousError{Offset: int(e.off), Reason: fmt.Sprintf(
					"%s: %s* and %s* are exploded in one set of named pairs; either can take any pair", m.src(p), x0.name, name),
					pair: [2]Values{{x0.name: Assoc(Pair{"K", "A"}, Pair{"K", "A"})},
						{x0.name: Assoc(Pair{"K", "A"}), name: Assoc(Pair{"K", "A"})}}}
			}
			x = i
			if i == 0 {
				p.flags |= fExplode
			}
		} else if p.explode() >= 0 {
			x = 0
		}
		if x >= 0 && i > 0 {
			xv, o := m.mvar(p, x), m.mvar(p, 0)
			if x == 0 {
				o = m.mvar(p, 1)
			}
			return &AmbiguousError{Offset: int(e.off), Reason: fmt.Sprintf(
				"%s: %s* is exploded among other variables of one set of named pairs: an associative array can hold a pair named %s, so a pair %s=x is %s or a member of %s; read the pairs with %s* alone",
				m.src(p), xv.name, o.name, o.name, o.name, xv.name, xv.name),
				pair: [2]Values{{o.name: String("A")}, {xv.name: Assoc(Pair{o.key, "A"})}}}
		}
	}
	return nil
}

// sortSets sorts the variables of each set of named pairs in m.order by
// their decoded names, stably, for [Matcher.occs].
func (m *Matcher) sortSets() {
	for i := range m.parts {
		p := &m.parts[i]
		if !p.named() {
			continue
		}
		v0 := m.v0(p)
		slices.SortStableFunc(m.order[v0:int(v0)+m.nv(p)], func(a, b int32) int {
			return strings.Compare(m.key(v0+a), m.key(v0+b))
		})
	}
}

// checkUnnamed applies rules 1 and 2 to an expression without names.
func (m *Matcher) checkUnnamed(p *mpart) error {
	sepInValue := p.reserved() || p.sep == '.'
	sep := string(rune(p.sep))
	src := m.src(p)
	if n := m.nv(p); n > 1 {
		a, b := m.mvar(p, 0).name, m.mvar(p, 1).name
		if p.sep == ',' && !p.reserved() {
			return &AmbiguousError{Offset: p.offset(), Reason: fmt.Sprintf(
				"%s: the variables are separated by \",\", which also separates the items of a list", src),
				pair: [2]Values{{a: List("A", "A")}, {a: String("A"), b: String("A")}}}
		}
		for i := range n {
			v := m.mvar(p, i)
			if v.explode {
				e := &AmbiguousError{Offset: p.offset(), Reason: fmt.Sprintf(
					"%s: the items of %s* are separated by %q like the expression's variables", src, v.name, p.sep)}
				if i+1 < n {
					e.pair = [2]Values{{v.name: List("A", "A")}, {v.name: List("A"), m.mvar(p, i+1).name: String("A")}}
				} else {
					e.pair = [2]Values{{m.mvar(p, i-1).name: String("A"), v.name: List("A")}, {v.name: List("A", "A")}}
				}
				return e
			}
		}
		if sepInValue {
			return &AmbiguousError{Offset: p.offset(), Reason: fmt.Sprintf(
				"%s: a value of %s may contain %q, the separator between the variables", src, a, p.sep),
				pair: [2]Values{{a: String("A" + sep + "A")}, {a: String("A"), b: String("A")}}}
		}
	} else if v := m.mvar(p, 0); v.explode && sepInValue {
		return &AmbiguousError{Offset: p.offset(), Reason: fmt.Sprintf(
			"%s: an item of %s* may contain %q, the separator between its items", src, v.name, p.sep),
			pair: [2]Values{{v.name: List("A" + sep + "A")}, {v.name: List("A", "A")}}}
	}
	return nil
}

// computeSets computes the characters each part's expansion may contain
// (§3.2.1), with every non-ASCII byte for IRIs, and "+" in form-style
// queries with FormQuery. Parts share equal sets.
func (m *Matcher) computeSets() {
	shared := map[octets.Set]uint16{}
	intern := func(s octets.Set) uint16 {
		if i, ok := shared[s]; ok {
			return i
		}
		i := uint16(len(m.sets))
		m.sets = append(m.sets, s)
		shared[s] = i
		return i
	}
	query, fragment := false, false
	for i := range m.parts {
		p := &m.parts[i]
		if p.isLit() {
			lit := m.lit(p)
			fragment = fragment || strings.Contains(lit, "#")
			query = query || strings.Contains(lit, "?")
			p.all = intern(bytesOf(lit[:1]))
			continue
		}
		run := m.runOf(p)
		if p.query() && m.opts.FormQuery {
			run.Add('+') // a space (URL Standard §5.1)
		}
		if m.opts.Delimiters && p.reserved() && p.leads() == "" && !fragment {
			// Delimiters: a reserved expression ("+") whose text stands
			// in the path holds no "?" or "#", and one in the query no
			// "#" (RFC 3986 §3.3 to §3.5), where the literals before it
			// put it: after a "#" in the fragment, else after a "?" in
			// the query, else in the path.
			run = run.Without('#')
			if !query {
				run = run.Without('?')
			}
		}
		all := run
		addBytes(&all, "%"+p.leads())
		p.run, p.all = intern(run), intern(all)
	}
}

// runOf returns the characters p's expansion may contain after its lead
// (§3.2.1), '%' aside, with every non-ASCII byte for IRIs.
func (m *Matcher) runOf(p *mpart) octets.Set {
	var run octets.Set
	if m.opts.IRI {
		for b := utf8.RuneSelf; b < 256; b++ {
			run.Add(byte(b))
		}
	}
	run = run.Union(unreserved)
	run.Add(',')
	if p.reserved() {
		run = run.Union(octets.Reserved)
	}
	n := m.nv(p)
	if p.named() || n > 1 || m.t.vars[m.v0(p)].explode {
		run.Add(p.sep)
	}
	if p.named() {
		run.Add('=')
	}
	for _, v := range m.t.vars[m.v0(p) : int(m.v0(p))+n] {
		if v.explode {
			run.Add('=')
		}
	}
	return run
}

// positions marks the expressions that stand in the path: neither a
// form-style query nor a fragment ("?", "&", "#"), nor after a literal
// "?" or "#" (RFC 3986 §3.3 to §3.5).
func (m *Matcher) positions() {
	after := false
	for i := range m.parts {
		p := &m.parts[i]
		if p.isLit() {
			after = after || strings.ContainsAny(m.lit(p), "?#")
			continue
		}
		if !after && !p.query() && p.leads() != "#" {
			p.flags |= fPath
		}
	}
}

// firsts returns the bytes p's expansion may begin with.
func (m *Matcher) firsts(p *mpart) octets.Set {
	if p.isLit() || p.leads() == "" {
		return *m.allSet(p)
	}
	return bytesOf(p.leads())
}

// checkBoundaries applies the local rule 4.
func (m *Matcher) checkBoundaries() *AmbiguousError {
	for i := range m.parts {
		p := &m.parts[i]
		if p.isLit() {
			continue
		}
		for j := i + 1; j < len(m.parts); j++ {
			q := &m.parts[j]
			f := m.firsts(q)
			if b, ok := pick(m.allSet(p), &f, letterFirst); ok {
				what := "literal " + m.src(q)
				if !q.isLit() {
					what = m.src(q)
				}
				return &AmbiguousError{Offset: q.offset(), Reason: fmt.Sprintf(
					"the expansion of %s may contain %q, which may begin %s", m.src(p), b, what)}
			}
			if q.isLit() {
				break
			}
		}
	}
	return nil
}

// encodeLiteral writes a literal as expansion does, with appendEncoded
// (RFC 6570 §3.1): a character outside unreserved, reserved and
// pct-encoded triplets (and ucschar for an IRI) is pct-encoded as its
// UTF-8 octets.
func encodeLiteral(s string, iri bool) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || !unreservedOrReserved.Has(c) {
			return string(appendEncoded(nil, s, true, iri, 0))
		}
	}
	return s // as written: no copy

}
