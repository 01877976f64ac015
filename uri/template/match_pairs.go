package template

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// pairSet is what named has read of a set of pairs so far.
type pairSet struct {
	got   []occurrence // for each variable of the set, its pair's value
	at    []int        // and the offset of that value
	count []int        // for the first occurrence of each name, its pairs
	pairs []Pair       // the exploded variable's pairs, decoded
	raws  []string     // and as in the URI
}

// named matches the pairs of a set of named expressions (rule 3), in any
// order; lead is the "?", "&" or ";" before them.
func (mt *matching) named(mp *mpart, at int, lead byte, text string) error {
	mt.plus = mp.query() && mt.m.opts.FormQuery
	defer func() { mt.plus = false }()
	nv := mt.m.nv(mp)
	ps := &pairSet{got: make([]occurrence, nv), at: make([]int, nv), count: make([]int, nv)}
	n := at
	// The text after the lead is one pair at least: ";" alone is the
	// empty name of an exploded pair with an empty value.
	for rest, more := text, true; more; {
		if err := mt.take(1); err != nil {
			return err
		}
		var pair string
		pair, rest, more = strings.Cut(rest, string(rune(mp.sep)))
		if err := mt.pair(mp, ps, n, lead, pair); err != nil {
			return err
		}
		n += len(pair) + 1
	}
	if lead == '?' && len(mp.leads()) > 1 && !mt.m.opts.IgnoreUnknownQuery && !ps.firstDefined(mt.m, mp) {
		return mt.fail(at-1, mp, nil, "the query holds no pair of the \"?\" expression: expansion would begin it with \"&\"", nil)
	}
	for i := range nv {
		if err := mt.endVar(mp, ps, i, at, n-1); err != nil {
			return err
		}
	}
	return nil
}

// firstDefined reports whether a variable of the first expression of the
// set mp has a pair.
func (ps *pairSet) firstDefined(m *Matcher, mp *mpart) bool {
	for i := range m.nv(mp) {
		if m.mvar(mp, i).expr == 0 && (ps.got[i].state != unseen || i == mp.explode() && len(ps.pairs) > 0) {
			return true
		}
	}
	return false
}

// pair reads one pair of a set of named expressions, at offset at.
func (mt *matching) pair(mp *mpart, ps *pairSet, at int, lead byte, pair string) error {
	key, val, eq := strings.Cut(pair, "=")
	if i := strings.IndexByte(val, '='); eq && i >= 0 {
		return mt.fail(at+len(key)+1+i, mp, nil, "a value holds an unencoded \"=\", which expansion encodes (RFC 6570 §3.2.1)", nil)
	}
	occs, ok := mt.m.occs(mp, mt.decode(key))
	switch {
	case ok:
		return mt.namedPair(mp, ps, at, lead, occs, pair)
	case mp.explode() >= 0:
		evv := mt.m.mvar(mp, mp.explode())
		ev := &evv
		if !eq && mp.query() {
			return mt.fail(at, mp, ev, "a pair of a form-style query has no \"=\"", nil)
		}
		ps.pairs = append(ps.pairs, Pair{Key: mt.decode(key), Value: mt.decode(val)})
		ps.raws = append(ps.raws, pair)
		for _, s := range []string{key, val} {
			if err := mt.check(mp, ev, at, occurrence{state: defined, val: String(mt.decode(s)), raw: s}); err != nil {
				return err
			}
		}
		return nil
	case mp.query() && mt.m.opts.IgnoreUnknownQuery:
		return nil
	}
	return mt.fail(at, mp, nil, "a pair whose name is none of the variables", nil)
}

// namedPair reads a pair whose name is that of the variables occs of the
// set mp: it is the value of the first of them without one.
func (mt *matching) namedPair(mp *mpart, ps *pairSet, at int, lead byte, occs []int32, pair string) error {
	key, val, eq := strings.Cut(pair, "=")
	first := occs[0]
	if ps.count[first] == len(occs) {
		fv := mt.m.mvar(mp, int(first))
		return mt.fail(at, mp, &fv, fmt.Sprintf(
			"more pairs of this name than the %d the template writes (RFC 6570 §3.2.1)", len(occs)), nil)
	}
	i := occs[ps.count[first]]
	ps.count[first]++
	vv := mt.m.mvar(mp, int(i))
	v := &vv
	if !eq && mp.query() {
		return mt.fail(at, mp, v, "a pair of a form-style query has no \"=\"", nil)
	}
	if lead == '&' && mp.leads()[0] == '?' && v.expr == 0 {
		return mt.fail(at, mp, v, "the pair belongs to the expression that begins with \"?\", and the URI has \"&\" there (no query)", nil)
	}
	o, err := mt.item(val, v)
	if err != nil {
		return err
	}
	if eq && val == "" && !mp.query() {
		// §3.2.7 writes an empty string as the name alone: "name="
		// is a list of one empty item.
		o.val = List("")
	}
	ps.got[i], ps.at[i] = o, at+len(key)+1
	return nil
}

// endVar checks and records the value of the i-th variable of the set mp
// once every pair was read; end is the offset of the set's end.
func (mt *matching) endVar(mp *mpart, ps *pairSet, i, at, end int) error {
	vv := mt.m.mvar(mp, i)
	v := &vv
	if i == mp.explode() {
		o := occurrence{state: undefined}
		if len(ps.pairs) > 0 {
			o = explodedPairs(v, ps, mp.sep)
		}
		return mt.set(mp, v, at, o)
	}
	occs, _ := mt.m.occs(mp, v.key)
	if int(occs[0]) == i && ps.count[i] > 0 {
		if ps.count[i] < len(occs) {
			return mt.fail(end, mp, v, fmt.Sprintf(
				"%d pairs of this name where the template writes %d (RFC 6570 §3.2.1)", ps.count[i], len(occs)), nil)
		}
		ps.byPrefix(mt.m, mp, occs)
	}
	o := ps.got[i]
	if o.state == unseen {
		o.state = undefined
	} else if err := mt.check(mp, v, ps.at[i], o); err != nil {
		return err
	}
	return mt.set(mp, v, at, o)
}

// byPrefix gives the values of the pairs of one name, where the template
// writes it with different prefix modifiers ({?v:1,v}), to its occurrences
// by length: the shortest value to the shortest prefix.
func (ps *pairSet) byPrefix(m *Matcher, mp *mpart, occs []int32) {
	if len(occs) < 2 {
		return
	}
	prefixed := false
	for _, i := range occs {
		prefixed = prefixed || m.mvar(mp, int(i)).prefix > 0
	}
	if !prefixed {
		return
	}
	type value struct {
		o  occurrence
		at int
	}
	vals := make([]value, len(occs))
	for j, i := range occs {
		vals[j] = value{ps.got[i], ps.at[i]}
	}
	size := func(o occurrence) int { return utf8.RuneCountInString(flatJoin(o.val)) }
	slices.SortStableFunc(vals, func(a, b value) int { return size(a.o) - size(b.o) })
	order := slices.Clone(occs)
	limit := func(i int32) int {
		if p := m.mvar(mp, int(i)).prefix; p > 0 {
			return p
		}
		return math.MaxInt
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(limit(a), limit(b)) })
	for j, i := range order {
		o := vals[j].o
		if o.val.Kind() == KindString {
			o.prefix = m.mvar(mp, int(i)).prefix
		}
		ps.got[i], ps.at[i] = o, vals[j].at
	}
}

// explodedPairs returns the value of the exploded variable v of a set of
// named pairs from its pairs: a string or a list where every key is v's
// name, else an associative array.
func explodedPairs(v *mvar, ps *pairSet, sep byte) occurrence {
	o := occurrence{state: defined, raw: strings.Join(ps.raws, string(rune(sep)))}
	list := true
	for _, p := range ps.pairs {
		list = list && p.Key == v.key
	}
	if list {
		// Its keys may as well be those of an associative array
		// (§3.2.1): another occurrence of the variable decides.
		o.alt = Assoc(ps.pairs...)
	}
	switch {
	case list && len(ps.pairs) == 1:
		o.val = String(ps.pairs[0].Value)
	case list:
		items := make([]string, len(ps.pairs))
		for j, p := range ps.pairs {
			items[j] = p.Value
		}
		o.val = List(items...)
	default:
		o.val = Assoc(ps.pairs...)
	}
	return o
}
