package template

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
)

// MatchOptions are the options of a [Matcher].
type MatchOptions struct {
	// IgnoreUnknownQuery skips the pairs of a form-style query ("?" and
	// "&" expressions, RFC 6570 §3.2.8, §3.2.9) whose name is not one of
	// the expression's variables. By default such a pair makes the URI not
	// match. It has no effect where an exploded variable of the same query
	// takes every pair (§3.2.1).
	IgnoreUnknownQuery bool
	// NoTraversal refuses a URI where a decoded value (a string, a list
	// item, an associative array's key or value) contains a "/" or "\"
	// that the URI had pct-encoded ("%2F", "%5C"), or is a dot-segment
	// ("." or "..", RFC 3986 §3.3) or has one between "/" or "\". Such
	// values are how "file:///{path}" matched against
	// "file:///..%2F..%2Fetc%2Fpasswd" yields "../../etc/passwd", a path
	// out of the directory the template meant. Unencoded "/" stays allowed
	// where the operator lets it through (reserved and fragment expansion,
	// §3.2.3, §3.2.4). The error wraps [ErrTraversal].
	NoTraversal bool
	// IRI matches IRIs expanded with [ExpandOptions.IRI] (RFC 3987 §2.2,
	// RFC 6570 §1.6): ucschar characters stand for themselves in values and
	// literals, as well as pct-encoded.
	IRI bool
	// Delimiters reads "?" and "#" as RFC 3986 §3.4 and §3.5 do, as the
	// first "?" and "#" of a URI, which begin its query and fragment: a
	// reserved expression ("+", RFC 6570 §3.2.3) in the path matches no
	// "?" or "#", and one in the query no "#". The template's literals
	// tell where an expression stands: after a literal "#" in the
	// fragment, else after a literal "?" in the query, else in the path.
	// So "https://api.github.com/repos/{owner}/{repo}/contents/{+path}{?ref}",
	// which the exact check refuses ("/contents/?ref=" is path "?ref=" or
	// ref ""), is accepted, and "?ref=" is the query. Expansion does not
	// keep to this reading: a path value with "?" expands to a URI that
	// matches with other values, or not at all.
	Delimiters bool
	// PerURI accepts a template that is ambiguous only because a URI
	// splits two ways between its parts (rule 4 of [AmbiguousError]:
	// {+a}/x{+b} reads "1/x2/x3" two ways, "1/x2" one way), and refuses
	// instead each URI that has two readings, with a [*NoMatchError] that
	// wraps [ErrAmbiguousURI]. Match then counts the runs of the
	// template's automaton on the URI, in time linear in the URI. Rules 1
	// to 3, within an expression or a set of named pairs, still refuse a
	// template.
	PerURI bool
	// MaxItems is the most list items and pairs Match reads from one URI,
	// all variables together, before it returns a [*uri.LimitError]: 0
	// means [uri.DefaultMaxPairs], a negative value no limit. A URI longer
	// than [uri.MaxLength] is refused with a [*uri.LimitError] too.
	MaxItems int
}

// ErrAmbiguousURI is wrapped by the [*NoMatchError] of a URI that
// [MatchOptions.PerURI] refuses: one the template matches in two ways.
var ErrAmbiguousURI = errors.New("the URI splits two ways between the parts of the template")

// ErrTraversal is wrapped by the [*NoMatchError] of a URI refused by
// [MatchOptions.NoTraversal].
var ErrTraversal = errors.New("decoded value contains an encoded \"/\" or \"\\\", or a dot-segment")

// AmbiguousError is the error of [Template.Matcher] for a template whose
// matching would be ambiguous (RFC 6570 §1.4). The rule, from the
// characters each expression's expansion can contain unencoded (§3.2.1:
// unreserved for every operator, unreserved and reserved for "+" and "#",
// with pct-encoded triplets, the operator's first and separator strings
// and, where lists, names or exploded pairs can appear, "," and "="):
//
//  1. Several variables in one expression without names ("", "+", "#",
//     ".", "/") are told apart by the separator: it must not be a
//     character of their values, lists included. So {/a,b} is accepted,
//     but {a,b} (a list's items are joined by ","), {+a,b}, {#a,b} (a
//     value may hold ",") and {.a,b} (a value may hold ".") are refused,
//     as is an exploded variable among several ({/a*,b}: its items are
//     separated like the variables).
//  2. An exploded variable alone in such an expression is split into items
//     by the separator, with the same condition: {a*} and {/a*} are
//     accepted, {+a*}, {#a*} and {.a*} refused.
//  3. A named expression that begins with the separator of the named
//     expression before it (";" after ";", "&" after "?" or "&") is
//     matched with it as one set of pairs, in any order. An exploded
//     variable must be alone in its set: an exploded associative array
//     can hold a pair of any name, so in {?q,opts*} the URI "?q=x" is
//     q = "x" or opts = {q: "x"}.
//  4. No URI splits two ways between the parts (repeated variables taken
//     as independent, which keeps the rule sound). Every expression may
//     expand to nothing, so an expression followed by a literal or an
//     expression that can begin with a character its own expansion can
//     contain, looking past expressions that may be empty, is decided
//     exactly: the parts make an automaton whose states each belong to
//     one part, and the template is refused when one URI has two
//     accepting runs, found on the product of the automaton with itself.
//     The error then has a shortest such URI, Witness, and the values of
//     its two readings. {a}{b}, {/a}{/b}, {+a}/x{+b} and
//     "/r/{+path}{?ref}" ("/r/?ref=" is path "?ref=" or ref "") are
//     refused; {+a}/x, {/a}/x, foo{foo}/{bar}baz and {?a}{?b} (without
//     IgnoreUnknownQuery) are accepted. In the automaton a set of named
//     pairs is its lead and pairs "name=value" whose names are its
//     variables as the template writes them (any name where an exploded
//     variable or IgnoreUnknownQuery takes any pair); a template matched
//     through the automaton matches only those spellings of the names.
//     The check explores at most 65536 pairs of states and compares at
//     most 2^20 pairs of transitions; past that the
//     template is refused, as the local condition above refused it.
type AmbiguousError struct {
	// Offset is the byte offset in the template of the expression or
	// literal where a URI could be read in two ways.
	Offset int
	// Reason says why, naming the template's parts and characters.
	Reason string
	// Witness is a URI that the template matches in two ways: for rule
	// 4 a shortest one, found by the exact check; for rules 1 to 3 the
	// expansion of two values that expand alike, where other occurrences
	// of the variables do not keep them apart. "" where there is none.
	Witness string
	// Hint suggests an unambiguous spelling of the template, or an
	// option that accepts it, where one is known; "" otherwise.
	Hint string
	pair [2]Values // for rules 1 to 3, values that may expand alike

	// Readings are two values of the variables that Witness stands for:
	// for rule 4 the values Match reads from the two splits, where both
	// splits are matches (the check reads a set of named pairs as any
	// pairs its names allow, so a split through one may not be); for
	// rules 1 to 3 the two values that expand to Witness. nil otherwise.
	Readings [2]Values
}

func (e *AmbiguousError) Error() string {
	s := fmt.Sprintf("template: ambiguous for matching at offset %d: %s", e.Offset, e.Reason)
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

// NoMatchError is the error of [Matcher.Match] for a URI that the template
// does not match. It never holds the URI's text.
type NoMatchError struct {
	// Offset is the byte offset in the URI where matching failed.
	Offset int
	// TemplateOffset is the byte offset in the template of the part being
	// matched, or the template's length at the end.
	TemplateOffset int
	// Var is the variable concerned, or "".
	Var string
	// Reason says what was expected.
	Reason string
	err    error
}

func (e *NoMatchError) Error() string {
	s := fmt.Sprintf("template: no match at offset %d (template offset %d)", e.Offset, e.TemplateOffset)
	if e.Var != "" {
		s += fmt.Sprintf(", variable %q", e.Var)
	}
	return s + ": " + e.Reason
}

// Unwrap returns [ErrTraversal] for a value refused by
// [MatchOptions.NoTraversal], else nil.
func (e *NoMatchError) Unwrap() error { return e.err }

// Matcher matches URIs against a template, the reverse use RFC 6570 §1.4
// describes:
// comparing a template with a fully formed URI to find the values of its
// variables. §1.4 warns that this "only works well if the template
// expressions are delimited by the beginning or end of the URI or by
// characters that cannot be part of the expansion". A [Matcher] holds a
// template to exactly that: [Template.Matcher] refuses, with an
// [*AmbiguousError], every template where a URI could be split between its
// parts in more than one way (the rule is in the doc of [AmbiguousError]),
// and [Matcher.Match] then reads a URI without backtracking, in time
// linear in the URI's length: in one left-to-right pass where each
// expression ends at the first character it cannot contain, else by
// following the one run of the template's automaton that accepts the URI
// (one thread per state of the automaton).
//
// What §3 makes indistinguishable cannot be told apart by matching; Match
// gives one documented answer for each case:
//
//   - An empty list or empty associative array is undefined (§2.3), like a
//     missing variable.
//   - In a simple {a} or reserved {+a} expression, an empty string expands
//     to nothing, like an undefined variable: Match reports it undefined.
//   - A list of one item is reported as a string; a list's items are
//     separated by unencoded ",", so a value read where a list may stand is
//     a [List] when its text has an unencoded "," and a [String] otherwise.
//     In a reserved or fragment expression ({+a}, {#a}) a "," can belong to
//     a string, so the value is always a string. In ";" a pair "name="
//     with nothing after it is a list of one empty item, since §3.2.7
//     writes an empty string as "name" alone.
//   - The pairs of named expressions are matched in any order, so their
//     order in the URI is not kept, except among the pairs of an exploded
//     variable.
//   - An associative array without the explode modifier expands like the
//     list of its keys and values (§3.2.1): Match reports that list. In
//     ";", "?" and "&" an exploded associative array whose keys all equal
//     the variable's name expands like an exploded list: Match reports
//     that list, unless another occurrence of the variable reads as the
//     associative array ({a}{&a*}). Outside them, the items of an exploded variable make an
//     associative array when one has an unencoded "=" (an item without
//     one is a pair with an empty value, the "name" form of §3.2.1), a
//     list otherwise.
//   - In an expression without names that has several variables
//     ({/a,b}), the values are read in order: "/x" in {/a,b} is a = "x", b
//     undefined, also when it was expanded from a undefined and b = "x".
//   - Reserved and fragment expansions pass pct-encoded triplets of the
//     value through unchanged (§3.2.3): the value "%41" and the value "A"
//     both come back as "A". Values are always decoded exactly once;
//     [Result.Raw] gives the text as it stands in the URI.
//   - A prefix modifier {v:3} keeps only the prefix (§2.4.1): Match reports
//     the prefix, unless the same variable also occurs without one.
//
// A Matcher is immutable and safe for concurrent use.
type Matcher struct {
	t     *Template
	opts  MatchOptions
	parts []mpart
	nvars int
	nfa   []nstate // for a template the local rule refuses and the exact check accepts
}

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
	vars     []mvar
	byName   map[string][]int // named: the indexes in vars of each decoded name, exploded aside
	explode  int              // named: index of the exploded variable, or -1
	nexpr    int              // named: how many expressions the set has
	run      charset          // bytes the text after the lead may hold, '%' aside
	all      charset          // bytes the expansion may hold, '%' included
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

type charset [4]uint64

func (c *charset) add(s string) {
	for i := 0; i < len(s); i++ {
		c[s[i]>>6] |= 1 << (s[i] & 63)
	}
}

func (c *charset) has(b byte) bool { return c[b>>6]&(1<<(b&63)) != 0 }

// first returns a byte in both sets, a letter or digit if there is one,
// and whether there is one.
func (c *charset) first(d *charset) (byte, bool) {
	for i := 0; i < len(alphaDigit); i++ {
		if b := alphaDigit[i]; c.has(b) && d.has(b) {
			return b, true
		}
	}
	for i := 0; i < 256; i++ {
		if c.has(byte(i)) && d.has(byte(i)) {
			return byte(i), true
		}
	}
	return 0, false
}

const (
	alphaDigit      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	unreservedChars = alphaDigit + "-._~"       // RFC 3986 §2.3
	reservedChars   = ":/?#[]@" + "!$&'()*+,;=" // RFC 3986 §2.2
)

// Matcher returns a matcher for t, or an [*AmbiguousError] if matching t
// would be ambiguous (RFC 6570 §1.4; the rule is in [AmbiguousError]'s
// doc). A template with an operator reserved for future extensions (§2.2)
// has no expansion to match: the error is then an [*ExpandError] of kind
// [ReservedOperator]. Building a matcher takes time linear in the
// template.
func (t *Template) Matcher(opts MatchOptions) (*Matcher, error) {
	return t.matcher(opts, true)
}

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
	for i := range t.parts {
		p := &t.parts[i]
		end := len(t.raw)
		if i+1 < len(t.parts) {
			end = t.parts[i+1].Offset
		}
		if p.Expr == nil {
			m.parts = append(m.parts, mpart{offset: p.Offset, lit: encodeLiteral(p.Literal, opts.IRI), src: p.Literal})
			continue
		}
		e := p.Expr
		if merged, err := m.joinSet(e, t.raw, end, id); merged || err != nil {
			if err != nil {
				return nil, t.valueWitness(err)
			}
			continue
		}
		mp, err := exprPart(e, t.raw[e.Offset:end], id)
		if err != nil {
			return nil, t.valueWitness(err)
		}
		m.parts = append(m.parts, mp)
	}
	m.nvars = len(ids)
	for i := range m.parts {
		m.parts[i].sets(opts.IRI)
	}
	if opts.Delimiters {
		m.delimit()
	}
	if err := m.checkBoundaries(); err != nil {
		if err := m.exact(err, hints); err != nil {
			return nil, err
		}
	}
	return m, nil
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

// joinSet adds the named expression e, whose text in raw ends at end, to
// the set of named expressions of the matcher's last part where it is one
// of the same kind (rule 3), and reports whether it did.
func (m *Matcher) joinSet(e *Expression, raw string, end int, id func(string) int) (bool, error) {
	named := e.Op == ';' || e.Op == '?' || e.Op == '&'
	if !named || len(m.parts) == 0 {
		return false, nil
	}
	last := &m.parts[len(m.parts)-1]
	if last.lit != "" || !last.named || last.sep != byte(e.Op) {
		return false, nil
	}
	if !strings.Contains(last.leads, string(rune(e.Op))) {
		last.leads += string(rune(e.Op))
	}
	last.src = raw[last.offset:end]
	last.nexpr++
	return true, last.addNamed(e, id)
}

// exprPart returns the part of a matcher for the expression e, whose text
// in the template is src.
func exprPart(e *Expression, src string, id func(string) int) (mpart, error) {
	mp := mpart{offset: e.Offset, src: src, explode: -1}
	switch e.Op {
	case 0:
		mp.sep = ','
	case '+':
		mp.sep, mp.reserved = ',', true
	case '#':
		mp.leads, mp.sep, mp.reserved = "#", ',', true
	case '.', '/', ';':
		mp.leads, mp.sep = string(rune(e.Op)), byte(e.Op)
	case '?', '&':
		mp.leads, mp.sep, mp.query = string(rune(e.Op)), '&', true
	default:
		// op-reserve (§2.2): no expansion, so nothing to match.
		return mp, &ExpandError{Offset: e.Offset, Name: e.Vars[0].Name, Kind: ReservedOperator}
	}
	if e.Op == ';' || e.Op == '?' || e.Op == '&' {
		mp.named, mp.byName, mp.nexpr = true, map[string][]int{}, 1
		return mp, mp.addNamed(e, id)
	}
	for _, v := range e.Vars {
		mp.vars = append(mp.vars, mvar{name: v.Name, id: id(v.Name), prefix: v.Prefix, explode: v.Explode, offset: e.Offset})
	}
	return mp, mp.checkUnnamed()
}

// addNamed adds the variables of a named expression, the p.nexpr-th of
// its set, to p (rule 3), in time linear in the expression.
func (p *mpart) addNamed(e *Expression, id func(string) int) error {
	for _, v := range e.Vars {
		i := len(p.vars)
		key := decode(v.Name)
		p.vars = append(p.vars, mvar{name: v.Name, id: id(v.Name), prefix: v.Prefix, explode: v.Explode,
			offset: e.Offset, expr: p.nexpr - 1, key: key})
		if !v.Explode {
			p.byName[key] = append(p.byName[key], i)
		} else if p.explode >= 0 {
			return &AmbiguousError{Offset: e.Offset, Reason: fmt.Sprintf(
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
			return &AmbiguousError{Offset: e.Offset, Reason: fmt.Sprintf(
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

// sets computes the characters p's expansion may contain (§3.2.1), with
// every non-ASCII byte for IRIs.
func (p *mpart) sets(iri bool) {
	if p.lit != "" {
		p.all.add(p.lit[:1])
		return
	}
	if iri {
		p.run[2], p.run[3] = ^uint64(0), ^uint64(0)
	}
	p.run.add(unreservedChars + ",")
	if p.reserved {
		p.run.add(reservedChars)
	}
	if p.named || len(p.vars) > 1 || p.vars[0].explode {
		p.run.add(string(rune(p.sep)))
	}
	if p.named {
		p.run.add("=")
	}
	for _, v := range p.vars {
		if v.explode {
			p.run.add("=")
		}
	}
	p.all = p.run
	p.all.add("%" + p.leads)
}

// delimit applies [MatchOptions] Delimiters: a reserved expression ("+")
// whose text stands in the path does not hold "?" or "#", and one in the
// query not "#" (RFC 3986 §3.3 to §3.5). Where it stands is decided by the
// literals before it: after a "#" in the fragment, else after a "?" in the
// query, else in the path.
func (m *Matcher) delimit() {
	query, fragment := false, false
	for i := range m.parts {
		p := &m.parts[i]
		switch {
		case p.lit != "":
			fragment = fragment || strings.Contains(p.lit, "#")
			query = query || strings.Contains(p.lit, "?")
		case p.reserved && p.leads == "" && !fragment:
			p.run['#'>>6] &^= 1 << ('#' & 63)
			if !query {
				p.run['?'>>6] &^= 1 << ('?' & 63)
			}
			p.all = p.run
			p.all.add("%")
		}
	}
}

// firsts returns the bytes p's expansion may begin with.
func (p *mpart) firsts() charset {
	if p.lit != "" || p.leads == "" {
		return p.all
	}
	var c charset
	c.add(p.leads)
	return c
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
			if b, ok := p.all.first(&f); ok {
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

// Template returns the matcher's template.
func (m *Matcher) Template() *Template { return m.t }

// Result is what [Matcher.Match] found in a URI.
type Result struct {
	names []string
	occ   []occurrence
}

// Values returns the value of every variable the URI defines, decoded
// once (RFC 6570 §1.4; see [Matcher.Match] for the kinds). A variable the
// URI leaves undefined is missing from the map.
func (r *Result) Values() Values {
	vs := Values{}
	for i, o := range r.occ {
		if o.state == defined {
			vs[r.names[i]] = o.val
		}
	}
	return vs
}

// Raw returns the text of name's value as it stands in the URI, still
// pct-encoded, and whether the URI defines name. For a variable that
// occurs more than once it is the text of its first defined occurrence.
// The text is the value alone, without the operator's first character or
// "name="; for an exploded variable of named pairs it is its pairs in URI
// order, joined by the separator.
func (r *Result) Raw(name string) (string, bool) {
	for i, n := range r.names {
		if n == name && r.occ[i].state == defined {
			return r.occ[i].raw, true
		}
	}
	return "", false
}

// Span returns where in the URI the text of the expression that name's
// value was read from is, uri[begin:end] (without the operator's first
// character), and whether the URI defines name. It holds [Result.Raw]'s
// text, and for a set of named pairs the pairs of the other variables of
// the set too. A program that shows values masks those read from a part
// of the URI it hides, such as a password (RFC 3986 §3.2.1, §7.5).
func (r *Result) Span(name string) (begin, end int, ok bool) {
	for i, n := range r.names {
		if n == name && r.occ[i].state == defined {
			return r.occ[i].from, r.occ[i].to, true
		}
	}
	return 0, 0, false
}

type occState uint8

const (
	unseen    occState = iota
	undefined          // no value
	maybe              // empty text that is an empty string or undefined
	defined
)

type occurrence struct {
	state  occState
	val    Value
	raw    string
	from   int   // the text of the expression it was read from: uri[from:to]
	to     int   // (without its lead)
	prefix int   // the prefix modifier the value was read with, 0 = full
	weak   bool  // a "+" or "#" string that may have been a list
	alt    Value // another reading of the same text, or undefined
}

// Match matches the URI s against the template (RFC 6570 §1.4) in one
// left-to-right pass, in time linear in len(s). It returns the values the
// template's variables were expanded from, decoded once, or a
// [*NoMatchError] (a [*uri.LimitError] past [MatchOptions.MaxItems] or
// [uri.MaxLength]). s must be a URI-reference (RFC 3986 §4.1; with
// [MatchOptions] IRI an IRI-reference, RFC 3987 §2.2), so an expansion
// that is none (see [Template.Expand]) does not match. Literals must
// appear exactly as expansion writes them (§3.1). Besides the cases §3
// leaves indistinguishable (see [Matcher]):
//
//   - A variable that occurs several times must have the same value at
//     every occurrence (§3.2.1: "the value of that variable MUST remain
//     static"), compared after decoding; a prefix occurrence must be a
//     prefix of the value.
//   - The pairs of a "?" or "&" expression and of the "&" expressions
//     right after it (and of adjacent ";" expressions) are matched in any
//     order, their names compared after decoding ("%61=1" is a pair named
//     "a", RFC 3986 §6.2.2.2). A pair whose name is not one of their
//     variables is an error unless an exploded variable takes it or, for
//     "?" and "&", [MatchOptions.IgnoreUnknownQuery] is set. A variable
//     has as many pairs as the template writes it (one for {?a}, two for
//     {?a,a}) or none. A pair of "?" or "&" must have "=" (§3.2.8), and a
//     value no unencoded "=" (§3.2.1 encodes it). The pairs of the "?"
//     expression of "{?a}{&b}" are those after a "?": "&a=1" gives a
//     undefined, and a query that begins with "?" must hold a pair of the
//     "?" expression (or, with IgnoreUnknownQuery, an unknown pair), since
//     expansion writes "&b=1" when a is undefined.
//   - A variable with a prefix modifier {v:3} matches a string of at most
//     that many characters (Unicode code points, §2.4.1) and reports it.
//   - A decoded value must be UTF-8 (§1.6). With
//     [MatchOptions.NoTraversal], encoded "/" and dot-segments are refused.
//
// [MatchOptions.MaxItems] is checked while the URI is read, before the
// items and pairs past it are split or decoded.
func (m *Matcher) Match(s string) (*Result, error) {
	if len(s) > uri.MaxLength {
		return nil, &uri.LimitError{What: "bytes", Limit: uri.MaxLength}
	}
	if err := m.reference(s); err != nil {
		return nil, err
	}
	r := &Result{names: make([]string, m.nvars), occ: make([]occurrence, m.nvars)}
	mt := matching{m: m, r: r, uri: s, max: m.opts.MaxItems}
	if mt.max == 0 {
		mt.max = uri.DefaultMaxPairs
	}
	if m.nfa != nil {
		return r, m.matchRun(&mt)
	}
	p := 0
	for i := range m.parts {
		mp := &m.parts[i]
		if mp.lit != "" {
			if !strings.HasPrefix(s[p:], mp.lit) {
				return nil, &NoMatchError{Offset: p, TemplateOffset: mp.offset, Reason: "the literal of the template is not there"}
			}
			p += len(mp.lit)
			continue
		}
		q, err := mt.expr(mp, p)
		if err != nil {
			return nil, err
		}
		p = q
	}
	if p != len(s) {
		return nil, &NoMatchError{Offset: p, TemplateOffset: len(m.t.String()), Reason: "the URI goes on after the template's end"}
	}
	return r, nil
}

// matchRun matches mt's URI with the automaton of the parts: the one run
// that accepts it splits it between the parts, whose values are then read
// as in a left-to-right pass.
func (m *Matcher) matchRun(mt *matching) error {
	if m.opts.IRI {
		// The automaton reads every non-ASCII byte; as in a left-to-right
		// pass, a character stands for itself only if it is one an IRI
		// expansion writes (RFC 3987 §2.2, §4.1).
		for i, r := range mt.uri {
			if r >= utf8.RuneSelf && !iriChar(r) {
				return &NoMatchError{Offset: i, Reason: "a character that an IRI expansion percent-encodes (RFC 3987 §2.2, §4.1)"}
			}
		}
	}
	sp, at, two := m.run(mt.uri)
	if two {
		return &NoMatchError{Reason: "the URI splits two ways between the parts of the template", err: ErrAmbiguousURI}
	}
	if sp == nil {
		e := &NoMatchError{Offset: at, TemplateOffset: len(m.t.String()), Reason: "no split of the URI between the parts of the template"}
		if at < len(mt.uri) {
			e.Reason = "no part of the template can read this byte"
		}
		return e
	}
	return mt.readSpans(sp)
}

// readSpans reads the values of every expression from its text
// mt.uri[sp[i][0]:sp[i][1]].
func (mt *matching) readSpans(sp [][2]int) error {
	for i := range mt.m.parts {
		mp := &mt.m.parts[i]
		if mp.lit != "" {
			continue
		}
		if err := mt.exprAt(mp, sp[i][0], sp[i][1]); err != nil {
			return err
		}
	}
	return nil
}

// reference returns a [*NoMatchError] unless s is a URI-reference (RFC
// 3986 §4.1), or with IRI an IRI-reference (RFC 3987 §2.2).
func (m *Matcher) reference(s string) error {
	syntax := uri.RFC3986
	if m.opts.IRI {
		syntax = uri.RFC3987
	}
	if syntax.ValidReference(s) {
		return nil
	}
	e := &NoMatchError{Reason: "the URI is not a URI-reference (RFC 3986 §4.1)"}
	if m.opts.IRI {
		e.Reason = "the IRI is not an IRI-reference (RFC 3987 §2.2)"
	}
	_, err := syntax.ParseReference(s)
	var pe *uri.ParseError
	if errors.As(err, &pe) {
		e.Offset = pe.Offset
	}
	return e
}

type matching struct {
	m     *Matcher
	r     *Result
	uri   string
	items int    // list items and pairs read
	max   int    // the most items, or < 0 for no limit
	span  [2]int // the text of the expression being read
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
	e := &NoMatchError{Offset: at, TemplateOffset: mp.offset, Reason: mp.src + ": " + reason, err: err}
	if v != nil {
		e.Var = v.name
		e.TemplateOffset = v.offset
	}
	return e
}

// expr matches the expression (or set of named expressions) mp at p and
// returns where it ends.
func (mt *matching) expr(mp *mpart, p int) (int, error) {
	u := mt.uri
	if mp.leads != "" && (p == len(u) || strings.IndexByte(mp.leads, u[p]) < 0) {
		return p, mt.exprAt(mp, p, p)
	}
	end := p
	if mp.leads != "" {
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
	if mp.leads != "" {
		if start == end {
			for i := range mp.vars {
				if err := mt.set(mp, &mp.vars[i], start, occurrence{state: undefined}); err != nil {
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
	if mp.named {
		return mt.named(mp, start, lead, text)
	}
	return mt.unnamed(mp, start, text)
}

// scan returns where the text of mp that starts at p ends: at the first
// byte its expansion cannot hold.
func (mt *matching) scan(mp *mpart, p int) int {
	u := mt.uri
	for p < len(u) {
		c := u[p]
		if c == '%' {
			if p+2 < len(u) && octets.IsHex(u[p+1]) && octets.IsHex(u[p+2]) {
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
		if !mp.run.has(c) {
			break
		}
		p++
	}
	return p
}

func (mt *matching) unnamed(mp *mpart, at int, text string) error {
	if mp.leads == "" && text == "" {
		for i := range mp.vars {
			if err := mt.set(mp, &mp.vars[i], at, occurrence{state: maybe}); err != nil {
				return err
			}
		}
		return nil
	}
	if len(mp.vars) > 1 {
		return mt.several(mp, at, text)
	}
	v := &mp.vars[0]
	var o occurrence
	var err error
	switch {
	case v.explode:
		o, err = mt.exploded(mp, at, text, v)
	case mp.reserved:
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
	if strings.Count(text, string(rune(mp.sep))) >= len(mp.vars) {
		return mt.fail(at+len(text), mp, nil, "more values than variables", nil)
	}
	items := strings.Split(text, string(rune(mp.sep)))
	n := at
	for i := range mp.vars {
		v := &mp.vars[i]
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
	ps := &pairSet{got: make([]occurrence, len(mp.vars)), at: make([]int, len(mp.vars)), count: make([]int, len(mp.vars))}
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
	if lead == '?' && len(mp.leads) > 1 && !mt.m.opts.IgnoreUnknownQuery && !ps.firstDefined(mp) {
		return mt.fail(at-1, mp, nil, "the query holds no pair of the \"?\" expression: expansion would begin it with \"&\"", nil)
	}
	for i := range mp.vars {
		if err := mt.endVar(mp, ps, i, at, n-1); err != nil {
			return err
		}
	}
	return nil
}

// firstDefined reports whether a variable of the first expression of the
// set mp has a pair.
func (ps *pairSet) firstDefined(mp *mpart) bool {
	for i := range mp.vars {
		if mp.vars[i].expr == 0 && (ps.got[i].state != unseen || i == mp.explode && len(ps.pairs) > 0) {
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
	occs, ok := mp.byName[decode(key)]
	switch {
	case ok:
		return mt.namedPair(mp, ps, at, lead, occs, pair)
	case mp.explode >= 0:
		ev := &mp.vars[mp.explode]
		if !eq && mp.query {
			return mt.fail(at, mp, ev, "a pair of a form-style query has no \"=\"", nil)
		}
		ps.pairs = append(ps.pairs, Pair{Key: decode(key), Value: decode(val)})
		ps.raws = append(ps.raws, pair)
		for _, s := range []string{key, val} {
			if err := mt.check(mp, ev, at, occurrence{state: defined, val: String(decode(s)), raw: s}); err != nil {
				return err
			}
		}
		return nil
	case mp.query && mt.m.opts.IgnoreUnknownQuery:
		return nil
	}
	return mt.fail(at, mp, nil, "a pair whose name is none of the variables", nil)
}

// namedPair reads a pair whose name is that of the variables occs of the
// set mp: it is the value of the first of them without one.
func (mt *matching) namedPair(mp *mpart, ps *pairSet, at int, lead byte, occs []int, pair string) error {
	key, val, eq := strings.Cut(pair, "=")
	first := occs[0]
	if ps.count[first] == len(occs) {
		return mt.fail(at, mp, &mp.vars[first], fmt.Sprintf(
			"more pairs of this name than the %d the template writes (RFC 6570 §3.2.1)", len(occs)), nil)
	}
	i := occs[ps.count[first]]
	ps.count[first]++
	v := &mp.vars[i]
	if !eq && mp.query {
		return mt.fail(at, mp, v, "a pair of a form-style query has no \"=\"", nil)
	}
	if lead == '&' && mp.leads[0] == '?' && v.expr == 0 {
		return mt.fail(at, mp, v, "the pair belongs to the expression that begins with \"?\", and the URI has \"&\" there (no query)", nil)
	}
	o, err := mt.item(val, v)
	if err != nil {
		return err
	}
	if eq && val == "" && !mp.query {
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
	v := &mp.vars[i]
	if i == mp.explode {
		o := occurrence{state: undefined}
		if len(ps.pairs) > 0 {
			o = explodedPairs(v, ps, mp.sep)
		}
		return mt.set(mp, v, at, o)
	}
	occs := mp.byName[v.key]
	if occs[0] == i && ps.count[i] > 0 {
		if ps.count[i] < len(occs) {
			return mt.fail(end, mp, v, fmt.Sprintf(
				"%d pairs of this name where the template writes %d (RFC 6570 §3.2.1)", ps.count[i], len(occs)), nil)
		}
		ps.byPrefix(mp, occs)
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
func (ps *pairSet) byPrefix(mp *mpart, occs []int) {
	if len(occs) < 2 {
		return
	}
	prefixed := false
	for _, i := range occs {
		prefixed = prefixed || mp.vars[i].prefix > 0
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
	limit := func(i int) int {
		if p := mp.vars[i].prefix; p > 0 {
			return p
		}
		return math.MaxInt
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(limit(a), limit(b)) })
	for j, i := range order {
		o := vals[j].o
		if o.val.Kind() == KindString {
			o.prefix = mp.vars[i].prefix
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

// str reads text as one string.
func (mt *matching) str(text string, v *mvar) occurrence {
	return occurrence{state: defined, val: String(decode(text)), raw: text, prefix: v.prefix}
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
		items[i] = decode(s)
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
// modifier's length and NoTraversal.
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
	if mt.m.opts.NoTraversal {
		for _, enc := range []string{"%2F", "%2f", "%5C", "%5c"} {
			if strings.Contains(o.raw, enc) {
				return mt.fail(at, mp, v, "the value has an encoded \"/\" or \"\\\"", ErrTraversal)
			}
		}
		each(o.val, func(s string) {
			if bad == nil && hasDotSegment(s) {
				bad = mt.fail(at, mp, v, "the value has a dot-segment", ErrTraversal)
			}
		})
	}
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

// merge returns the occurrence that stands for both a and b, and whether
// they agree.
func merge(a, b occurrence) (occurrence, bool) {
	if a.state == maybe {
		a, b = b, a
	}
	switch {
	case b.state == maybe:
		switch a.state {
		case maybe, undefined:
			return a, true
		case defined:
			return a, flatJoin(a.val) == ""
		}
	case a.state == undefined || b.state == undefined:
		return a, a.state == b.state
	}
	return mergeDefined(a, b)
}

// mergeAlt is merge, trying the other reading of a and of b where the
// first disagree.
func mergeAlt(a, b occurrence) (occurrence, bool) {
	if m, ok := merge(a, b); ok {
		return m, true
	}
	for _, x := range [][2]occurrence{{a, withAlt(b)}, {withAlt(a), b}, {withAlt(a), withAlt(b)}} {
		if m, ok := merge(x[0], x[1]); ok {
			return m, true
		}
	}
	return a, false
}

// withAlt returns o read the other way, or o.
func withAlt(o occurrence) occurrence {
	if o.alt.Defined() {
		o.val, o.alt = o.alt, Value{}
	}
	return o
}

// mergeDefined is merge for two defined occurrences.
func mergeDefined(a, b occurrence) (occurrence, bool) {
	if a.prefix != 0 || b.prefix != 0 {
		if a.prefix == 0 || (b.prefix != 0 && b.prefix < a.prefix) {
			a, b = b, a
		}
		// a has the shorter prefix (or b none): a's string begins b's.
		if a.val.Kind() == KindString && b.val.Kind() == KindString {
			return b, a.val.Str() == firstRunes(b.val.Str(), a.prefix)
		}
	}
	if a.weak || b.weak {
		if a.weak {
			a, b = b, a
		}
		return a, flatJoin(a.val) == flatJoin(b.val)
	}
	if !slices.Equal(flat(a.val), flat(b.val)) {
		return a, false
	}
	if rank(b.val) > rank(a.val) {
		return b, true
	}
	return a, true
}

// rank orders the kinds from the least to the most telling.
func rank(v Value) int {
	switch v.Kind() {
	case KindList:
		return 2
	case KindAssoc:
		return 3
	}
	return 1
}

func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// flat is a value's strings in expansion order: a list's items, an
// associative array's keys and values (§3.2.1).
func flat(v Value) []string {
	var out []string
	each(v, func(s string) { out = append(out, s) })
	return out
}

func flatJoin(v Value) string { return strings.Join(flat(v), ",") }

func each(v Value, f func(string)) {
	switch v.Kind() {
	case KindString:
		f(v.Str())
	case KindList:
		for _, s := range v.List() {
			f(s)
		}
	case KindAssoc:
		for _, p := range v.Pairs() {
			f(p.Key)
			f(p.Value)
		}
	}
}

// decode decodes each pct-encoded triplet of s once (RFC 3986 §2.1).
func decode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && octets.IsHex(s[i+1]) && octets.IsHex(s[i+2]) {
			b = append(b, octets.Unhex(s[i+1])<<4|octets.Unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// encodeLiteral writes a literal as expansion does (RFC 6570 §3.1): a
// character outside unreserved, reserved and pct-encoded triplets (and
// ucschar for an IRI) is pct-encoded as its UTF-8 octets.
func encodeLiteral(s string, iri bool) string {
	var ok charset
	ok.add(unreservedChars + reservedChars)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if r, size := utf8.DecodeRuneInString(s[i:]); iri && size > 1 && iriChar(r) {
			b.WriteString(s[i : i+size])
			i += size - 1
			continue
		}
		switch {
		case ok.has(c):
			b.WriteByte(c)
		case c == '%' && i+2 < len(s) && octets.IsHex(s[i+1]) && octets.IsHex(s[i+2]):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
