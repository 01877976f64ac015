package template

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
)

type matching struct {
	m     *Matcher
	r     *Result
	uri   string
	items int    // list items and pairs read
	max   int    // the most items, or < 0 for no limit
	span  [2]int // the text of the expression being read
	plus  bool   // "+" is a space (FormQuery, in a form-style query)
}

// decode decodes s once (RFC 3986 §2.1), and where FormQuery applies
// reads "+" as a space first (URL Standard §5.1).
func (mt *matching) decode(s string) string {
	if mt.plus && strings.Contains(s, "+") {
		s = strings.ReplaceAll(s, "+", " ")
	}
	return decode(s)
}

// take counts n more items or pairs, before they are split, and returns a
// [*uri.LimitError] past the limit.
func (mt *matching) take(n int) error {
	mt.items += n
	if mt.max > 0 && mt.items > mt.max {
		return &uri.LimitError{What: "list items and pairs", Limit: mt.max}
	}
	return nil
}

func (mt *matching) fail(at int, mp *mpart, v *mvar, reason string, err error) *NoMatchError {
	e := &NoMatchError{Offset: at, TemplateOffset: mp.offset(), Reason: mt.m.src(mp) + ": " + reason, err: err}
	if v != nil {
		e.Var = v.name
		e.TemplateOffset = v.offset
	}
	return e
}

// readSpans reads the values of every expression from its text
// mt.uri[sp[i][0]:sp[i][1]].
func (mt *matching) readSpans(sp [][2]int) error {
	for i := range mt.m.parts {
		mp := &mt.m.parts[i]
		if mp.isLit() {
			continue
		}
		if err := mt.exprAt(mp, sp[i][0], sp[i][1]); err != nil {
			return err
		}
	}
	return nil
}

// expr matches the expression (or set of named expressions) mp at p and
// returns where it ends.
func (mt *matching) expr(mp *mpart, p int) (int, error) {
	u := mt.uri
	if mp.leads() != "" && (p == len(u) || strings.IndexByte(mp.leads(), u[p]) < 0) {
		return p, mt.exprAt(mp, p, p)
	}
	end := p
	if mp.leads() != "" {
		end++
	}
	end = mt.scan(mp, end)
	return end, mt.exprAt(mp, p, end)
}

// exprAt reads the values of the expression (or set of named expressions)
// mp from its text uri[start:end], its lead included.
func (mt *matching) exprAt(mp *mpart, start, end int) error {
	u := mt.uri
	var lead byte
	if mp.leads() != "" {
		if start == end {
			for i := range mt.m.nv(mp) {
				v := mt.m.mvar(mp, i)
				if err := mt.set(mp, &v, start, occurrence{state: undefined}); err != nil {
					return err
				}
			}
			return nil
		}
		lead = u[start]
		start++
	}
	text := u[start:end]
	mt.span = [2]int{start, end}
	if mp.named() {
		return mt.named(mp, start, lead, text)
	}
	return mt.unnamed(mp, start, text)
}

// scan returns where the text of mp that starts at p ends: at the first
// byte its expansion cannot hold.
func (mt *matching) scan(mp *mpart, p int) int {
	u, run := mt.uri, mt.m.runSet(mp)
	for p < len(u) {
		c := u[p]
		if c == '%' {
			if isTriplet(u, p) {
				p += 3
				continue
			}
			break
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(u[p:])
			if !mt.m.opts.IRI || size < 2 || !iriChar(r) {
				break
			}
			p += size
			continue
		}
		if !run.Has(c) {
			break
		}
		p++
	}
	return p
}

func (mt *matching) unnamed(mp *mpart, at int, text string) error {
	if mp.leads() == "" && text == "" {
		for i := range mt.m.nv(mp) {
			v := mt.m.mvar(mp, i)
			if err := mt.set(mp, &v, at, occurrence{state: maybe}); err != nil {
				return err
			}
		}
		return nil
	}
	if mt.m.nv(mp) > 1 {
		return mt.several(mp, at, text)
	}
	mv := mt.m.mvar(mp, 0)
	v := &mv
	var o occurrence
	var err error
	switch {
	case v.explode:
		o, err = mt.exploded(mp, at, text, v)
	case mp.reserved():
		o = mt.str(text, v)
		o.weak = true
	default:
		o, err = mt.item(text, v)
	}
	if err != nil {
		return err
	}
	if err := mt.check(mp, v, at, o); err != nil {
		return err
	}
	return mt.set(mp, v, at, o)
}

// several matches an expression without names that has several variables
// (rule 1): one item per variable, in order.
func (mt *matching) several(mp *mpart, at int, text string) error {
	nv := mt.m.nv(mp)
	if strings.Count(text, string(rune(mp.sep))) >= nv {
		return mt.fail(at+len(text), mp, nil, "more values than variables", nil)
	}
	items := strings.Split(text, string(rune(mp.sep)))
	n := at
	for i := range nv {
		mv := mt.m.mvar(mp, i)
		v := &mv
		o := occurrence{state: undefined}
		if i < len(items) {
			var err error
			if o, err = mt.item(items[i], v); err != nil {
				return err
			}
			if err := mt.check(mp, v, n, o); err != nil {
				return err
			}
			n += len(items[i]) + 1
		}
		if err := mt.set(mp, v, at, o); err != nil {
			return err
		}
	}
	return nil
}

// str reads text as one string.
func (mt *matching) str(text string, v *mvar) occurrence {
	return occurrence{state: defined, val: String(mt.decode(text)), raw: text, prefix: v.prefix}
}

// item reads text as a string, or as a list where it has ",".
func (mt *matching) item(text string, v *mvar) (occurrence, error) {
	if !strings.Contains(text, ",") {
		return mt.str(text, v), nil
	}
	if err := mt.take(strings.Count(text, ",") + 1); err != nil {
		return occurrence{}, err
	}
	items := strings.Split(text, ",")
	for i, s := range items {
		items[i] = mt.decode(s)
	}
	return occurrence{state: defined, val: List(items...), raw: text}, nil
}

// exploded reads the items of an exploded variable without names (rule 2),
// text at offset at.
func (mt *matching) exploded(mp *mpart, at int, text string, v *mvar) (occurrence, error) {
	sep := string(rune(mp.sep))
	if err := mt.take(strings.Count(text, sep) + 1); err != nil {
		return occurrence{}, err
	}
	parts := strings.Split(text, sep)
	o := occurrence{state: defined, raw: text}
	if strings.Contains(text, "=") {
		pairs := make([]Pair, len(parts))
		n := at
		for i, s := range parts {
			k, val, _ := strings.Cut(s, "=")
			if j := strings.IndexByte(val, '='); j >= 0 {
				return o, mt.fail(n+len(k)+1+j, mp, v, "a value holds an unencoded \"=\", which expansion encodes (RFC 6570 §3.2.1)", nil)
			}
			pairs[i] = Pair{Key: decode(k), Value: decode(val)}
			n += len(s) + 1
		}
		o.val = Assoc(pairs...)
		return o, nil
	}
	if len(parts) == 1 {
		return mt.str(text, v), nil
	}
	for i, s := range parts {
		parts[i] = decode(s)
	}
	o.val = List(parts...)
	return o, nil
}

// check applies the checks on decoded values: UTF-8, the prefix
// modifier's length and NoTraversal (in a Set, by default, in path
// positions).
func (mt *matching) check(mp *mpart, v *mvar, at int, o occurrence) error {
	if o.state != defined {
		return nil
	}
	var bad error
	each(o.val, func(s string) {
		if bad != nil {
			return
		}
		if !utf8.ValidString(s) {
			bad = mt.fail(at, mp, v, "the decoded value is not UTF-8 (RFC 6570 §1.6)", nil)
		}
	})
	if bad != nil {
		return bad
	}
	if v.prefix > 0 && o.val.Kind() != KindString {
		return mt.fail(at, mp, v, "a list where a prefix modifier allows only a string (RFC 6570 §2.4.1)", nil)
	}
	if v.prefix > 0 && utf8.RuneCountInString(o.val.Str()) > v.prefix {
		return mt.fail(at, mp, v, fmt.Sprintf("the value is longer than the prefix modifier's %d characters", v.prefix), nil)
	}
	if mt.m.opts.NoTraversal || mt.m.opts.pathTraversal && mp.path() {
		return mt.traversal(mp, v, at, o)
	}
	return nil
}

// traversal applies NoTraversal to the occurrence o of v.
func (mt *matching) traversal(mp *mpart, v *mvar, at int, o occurrence) error {
	for _, enc := range []string{"%2F", "%2f", "%5C", "%5c"} {
		if strings.Contains(o.raw, enc) {
			return mt.fail(at, mp, v, "the value has an encoded \"/\" or \"\\\"", ErrTraversal)
		}
	}
	var bad error
	each(o.val, func(s string) {
		if bad == nil && hasDotSegment(s) {
			bad = mt.fail(at, mp, v, "the value has a dot-segment", ErrTraversal)
		}
	})
	return bad
}

// hasDotSegment reports whether s is "." or "..", or has one between "/"
// or "\" (RFC 3986 §3.3; "\" separates segments on some systems).
func hasDotSegment(s string) bool {
	for s != "" {
		i := strings.IndexAny(s, "/\\")
		seg := s
		if i >= 0 {
			seg, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// set records an occurrence of v, checking it against earlier ones.
func (mt *matching) set(mp *mpart, v *mvar, at int, o occurrence) error {
	r := mt.r
	o.from, o.to = mt.span[0], mt.span[1]
	r.names[v.id] = v.name
	old := r.occ[v.id]
	if old.state == unseen {
		r.occ[v.id] = o
		return nil
	}
	merged, ok := mergeAlt(old, o)
	if !ok {
		return mt.fail(at, mp, v, "the variable occurs with another value earlier in the URI (RFC 6570 §3.2.1)", nil)
	}
	r.occ[v.id] = merged
	return nil
}
