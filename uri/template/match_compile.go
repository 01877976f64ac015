package template

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
)

// mpart is a literal (lit != "") or an expression, or a run of adjacent
// named expressions of one kind matched as one set of pairs.
type mpart struct {
	offset int
	lit    string // the literal as expansion writes it (§3.1)
	src    string // the expression(s) as in the template, for messages

	leads    string // possible first characters; "" for "" and "+"
	sep      byte
	named    bool
	query    bool // "?" and "&": IgnoreUnknownQuery applies
	reserved bool // "+" and "#": U+R
	path     bool // the expression stands in the path (see SetOptions AllowTraversal)
	vars     []mvar
	expr     int32            // the first of the template's expressions the part reads
	byName   map[string][]int // named: the indexes in vars of each decoded name, exploded aside
	explode  int              // named: index of the exploded variable, or -1
	nexpr    int              // how many expressions the part reads (a set of named pairs more than one)
	run      *octets.Set      // bytes the text after the lead may hold, '%' aside
	all      *octets.Set      // bytes the expansion may hold, '%' included (a literal: its first)
}

type mvar struct {
	name    string
	id      int // index in Matcher's variables
	prefix  int
	explode bool
	offset  int
	expr    int    // named: the index of its expression in the set
	key     string // named: the name decoded, as pairs are compared
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

const (
	alphaDigit      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	unreservedChars = alphaDigit + "-._~"       // RFC 3986 §2.3
	reservedChars   = ":/?#[]@" + "!$&'()*+,;=" // RFC 3986 §2.2
)

// matcher is Matcher; hints is whether a refusal suggests another
// spelling of the template.
func (t *Template) matcher(opts MatchOptions, hints bool) (*Matcher, error) {
	m := &Matcher{t: t, opts: opts}
	ids := map[string]int{}
	id := func(name string) int {
		i, ok := ids[name]
		if !ok {
			i = len(ids)
			ids[name] = i
		}
		return i
	}
	m.parts = make([]mpart, 0, len(t.parts))
	for i := range t.parts {
		p := &t.parts[i]
		if p.expr < 0 {
			lit := t.lit(i)
			m.parts = append(m.parts, mpart{offset: int(p.off), lit: encodeLiteral(lit, opts.IRI), src: lit})
			continue
		}
		if merged, err := m.joinSet(t, p.expr, id); merged || err != nil {
			if err != nil {
				return nil, t.valueWitness(err)
			}
			continue
		}
		mp, err := exprPart(t, p.expr, id)
		if err != nil {
			return nil, t.valueWitness(err)
		}
		m.parts = append(m.parts, mp)
	}
	m.nvars = len(ids)
	m.sets()
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

// joinSet adds the named expression ei of t to the set of named
// expressions of the matcher's last part where it is one of the same kind
// (rule 3), and reports whether it did.
func (m *Matcher) joinSet(t *Template, ei int32, id func(string) int) (bool, error) {
	e := &t.exprs[ei]
	named := e.op == ';' || e.op == '?' || e.op == '&'
	if !named || len(m.parts) == 0 {
		return false, nil
	}
	last := &m.parts[len(m.parts)-1]
	if last.lit != "" || !last.named || last.sep != byte(e.op) {
		return false, nil
	}
	if !strings.Contains(last.leads, string(rune(e.op))) {
		last.leads += string(rune(e.op))
	}
	last.src = t.raw[last.offset:e.end]
	last.nexpr++
	return true, last.addNamed(t, ei, id)
}

// exprPart returns the part of a matcher for the expression ei of t.
func exprPart(t *Template, ei int32, id func(string) int) (mpart, error) {
	e := &t.exprs[ei]
	mp := mpart{offset: int(e.off), src: t.raw[e.off:e.end], explode: -1, expr: ei, nexpr: 1}
	switch e.op {
	case 0:
		mp.sep = ','
	case '+':
		mp.sep, mp.reserved = ',', true
	case '#':
		mp.leads, mp.sep, mp.reserved = "#", ',', true
	case '.', '/', ';':
		mp.leads, mp.sep = string(rune(e.op)), byte(e.op)
	case '?', '&':
		mp.leads, mp.sep, mp.query = string(rune(e.op)), '&', true
	default:
		// op-reserve (§2.2): no expansion, so nothing to match.
		return mp, &ExpandError{Offset: int(e.off), Name: t.name(e.vars), Kind: ReservedOperator}
	}
	if e.op == ';' || e.op == '?' || e.op == '&' {
		mp.named, mp.byName = true, map[string][]int{}
		// Room for the variables of the expressions that join the set
		// (see joinSet): adjacent, with its separator as operator.
		n := e.nvars
		for k := ei + 1; int(k) < len(t.exprs) && t.exprs[k].off == t.exprs[k-1].end && byte(t.exprs[k].op) == mp.sep; k++ {
			n += t.exprs[k].nvars
		}
		mp.vars = make([]mvar, 0, n)
		return mp, mp.addNamed(t, ei, id)
	}
	mp.vars = make([]mvar, 0, e.nvars)
	for j := e.vars; j < e.vars+e.nvars; j++ {
		v := t.varspec(j)
		mp.vars = append(mp.vars, mvar{name: v.Name, id: id(v.Name), prefix: v.Prefix, explode: v.Explode, offset: int(e.off)})
	}
	return mp, mp.checkUnnamed()
}

// addNamed adds the variables of the named expression ei of t, the
// p.nexpr-th of its set, to p (rule 3), in time linear in the expression.
func (p *mpart) addNamed(t *Template, ei int32, id func(string) int) error {
	e := &t.exprs[ei]
	for j := e.vars; j < e.vars+e.nvars; j++ {
		v := t.varspec(j)
		i := len(p.vars)
		key := decode(v.Name)
		p.vars = append(p.vars, mvar{name: v.Name, id: id(v.Name), prefix: v.Prefix, explode: v.Explode,
			offset: int(e.off), expr: p.nexpr - 1, key: key})
		if !v.Explode {
			p.byName[key] = append(p.byName[key], i)
		} else if p.explode >= 0 {
			return &AmbiguousError{Offset: int(e.off), Reason: fmt.Sprintf(
				"%s: %s* and %s* are exploded in one set of named pairs; either can take any pair", p.src, p.vars[p.explode].name, v.Name),
				pair: [2]Values{{p.vars[p.explode].name: Assoc(Pair{"K", "A"}, Pair{"K", "A"})},
					{p.vars[p.explode].name: Assoc(Pair{"K", "A"}), v.Name: Assoc(Pair{"K", "A"})}}}
		} else {
			p.explode = i
		}
		if p.explode >= 0 && len(p.vars) > 1 {
			x, o := p.vars[p.explode].name, p.vars[0]
			if p.explode == 0 {
				o = p.vars[1]
			}
			return &AmbiguousError{Offset: int(e.off), Reason: fmt.Sprintf(
				"%s: %s* is exploded among other variables of one set of named pairs: an associative array can hold a pair named %s, so a pair %s=x is %s or a member of %s; read the pairs with %s* alone",
				p.src, x, o.name, o.name, o.name, x, x),
				pair: [2]Values{{o.name: String("A")}, {x: Assoc(Pair{o.key, "A"})}}}
		}
	}
	return nil
}

// checkUnnamed applies rules 1 and 2 to an expression without names.
func (p *mpart) checkUnnamed() error {
	sepInValue := p.reserved || p.sep == '.'
	sep := string(rune(p.sep))
	if len(p.vars) > 1 {
		a, b := p.vars[0].name, p.vars[1].name
		if p.sep == ',' && !p.reserved {
			return &AmbiguousError{Offset: p.offset, Reason: fmt.Sprintf(
				"%s: the variables are separated by \",\", which also separates the items of a list", p.src),
				pair: [2]Values{{a: List("A", "A")}, {a: String("A"), b: String("A")}}}
		}
		for i, v := range p.vars {
			if v.explode {
				e := &AmbiguousError{Offset: p.offset, Reason: fmt.Sprintf(
					"%s: the items of %s* are separated by %q like the expression's variables", p.src, v.name, p.sep)}
				if i+1 < len(p.vars) {
					e.pair = [2]Values{{v.name: List("A", "A")}, {v.name: List("A"), p.vars[i+1].name: String("A")}}
				} else {
					e.pair = [2]Values{{p.vars[i-1].name: String("A"), v.name: List("A")}, {v.name: List("A", "A")}}
				}
				return e
			}
		}
		if sepInValue {
			return &AmbiguousError{Offset: p.offset, Reason: fmt.Sprintf(
				"%s: a value of %s may contain %q, the separator between the variables", p.src, a, p.sep),
				pair: [2]Values{{a: String("A" + sep + "A")}, {a: String("A"), b: String("A")}}}
		}
	} else if v := p.vars[0]; v.explode && sepInValue {
		return &AmbiguousError{Offset: p.offset, Reason: fmt.Sprintf(
			"%s: an item of %s* may contain %q, the separator between its items", p.src, v.name, p.sep),
			pair: [2]Values{{v.name: List("A" + sep + "A")}, {v.name: List("A", "A")}}}
	}
	return nil
}

// sets computes the characters each part's expansion may contain
// (§3.2.1), with every non-ASCII byte for IRIs, and "+" in form-style
// queries with FormQuery. Parts share equal sets.
func (m *Matcher) sets() {
	shared := map[octets.Set]*octets.Set{}
	intern := func(s octets.Set) *octets.Set {
		if p, ok := shared[s]; ok {
			return p
		}
		p := new(octets.Set) // only a new set takes memory
		*p = s
		shared[s] = p
		return p
	}
	query, fragment := false, false
	for i := range m.parts {
		p := &m.parts[i]
		if p.lit != "" {
			fragment = fragment || strings.Contains(p.lit, "#")
			query = query || strings.Contains(p.lit, "?")
			p.all = intern(bytesOf(p.lit[:1]))
			continue
		}
		run := p.runOf(m.opts.IRI)
		if p.query && m.opts.FormQuery {
			run.Add('+') // a space (URL Standard §5.1)
		}
		if m.opts.Delimiters && p.reserved && p.leads == "" && !fragment {
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
		addBytes(&all, "%"+p.leads)
		p.run, p.all = intern(run), intern(all)
	}
}

// runOf returns the characters p's expansion may contain after its lead
// (§3.2.1), '%' aside, with every non-ASCII byte for IRIs.
func (p *mpart) runOf(iri bool) octets.Set {
	var run octets.Set
	if iri {
		for b := utf8.RuneSelf; b < 256; b++ {
			run.Add(byte(b))
		}
	}
	addBytes(&run, unreservedChars+",")
	if p.reserved {
		addBytes(&run, reservedChars)
	}
	if p.named || len(p.vars) > 1 || p.vars[0].explode {
		addBytes(&run, string(rune(p.sep)))
	}
	if p.named {
		addBytes(&run, "=")
	}
	for _, v := range p.vars {
		if v.explode {
			addBytes(&run, "=")
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
		if p.lit != "" {
			after = after || strings.ContainsAny(p.lit, "?#")
			continue
		}
		p.path = !after && !p.query && p.leads != "#"
	}
}

// firsts returns the bytes p's expansion may begin with.
func (p *mpart) firsts() octets.Set {
	if p.lit != "" || p.leads == "" {
		return *p.all
	}
	return bytesOf(p.leads)
}

// checkBoundaries applies the local rule 4.
func (m *Matcher) checkBoundaries() *AmbiguousError {
	for i := range m.parts {
		p := &m.parts[i]
		if p.lit != "" {
			continue
		}
		for j := i + 1; j < len(m.parts); j++ {
			q := &m.parts[j]
			f := q.firsts()
			if b, ok := pick(p.all, &f, letterFirst); ok {
				what := "literal " + q.src
				if q.lit == "" {
					what = q.src
				}
				return &AmbiguousError{Offset: q.offset, Reason: fmt.Sprintf(
					"the expansion of %s may contain %q, which may begin %s", p.src, b, what)}
			}
			if q.lit != "" {
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
