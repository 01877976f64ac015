package template

import (
	"errors"
	"fmt"
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
	// FormQuery reads the names and values of the pairs of form-style
	// queries ("?" and "&" expressions, RFC 6570 §3.2.8, §3.2.9) as HTML
	// forms write them (application/x-www-form-urlencoded, URL Standard
	// §5.1, as net/url's ParseQuery reads them): "+" is allowed there and
	// stands for a space, so "/search?q=a+b" matches "/search{?q}" with q =
	// "a b", which expansion writes "a%20b". A "+" pct-encoded, "%2B", is a
	// "+".
	FormQuery bool
	// IRI matches IRIs expanded with [ExpandOptions.IRI] (RFC 3987 §2.2,
	// RFC 6570 §1.6): ucschar characters stand for themselves in values,
	// as well as pct-encoded, and in literals, which must appear as that
	// expansion writes them (§3.1): "例" matches the literal "例", not
	// "%E4%BE%8B".
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

	pathTraversal bool // a Set's default: NoTraversal in path positions
}

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
//     associative array ({a}{&a*}). Outside them, the items of an
//     exploded variable make an associative array when they have an
//     unencoded "=", each of them (§3.2.1 writes "key=" for an empty
//     value there), a list otherwise.
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
	ids   []int32      // the id of each of the template's variables, its index in a Result
	keys  []keyAt      // the variables whose names have a pct-encoded triplet, in order,
	kstr  string       // and their names decoded
	kbuf  []byte       // kstr while the matcher is built
	order []int32      // each set of named pairs' variables (from 0 at its first), sorted by decoded name
	sets  []octets.Set // the parts' sets of bytes
	enc   string       // the literals that expansion writes otherwise (§3.1)
	nfa   *automaton   // for a template the local rule refuses and the exact check accepts
}

// Matcher returns a matcher for t, or an [*AmbiguousError] if matching t
// would be ambiguous (RFC 6570 §1.4; the rule is in [AmbiguousError]'s
// doc). A template with an operator reserved for future extensions (§2.2)
// has no expansion to match: the error is then an [*ExpandError] of kind
// [ReservedOperator]. Building a matcher takes time linear in the
// template.
func (t *Template) Matcher(opts MatchOptions) (*Matcher, error) {
	return t.matcher(opts, true)
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

// String returns the values of the variables the URI defines, in the
// order of the template, as "name = value" joined by ", ": a string
// quoted, a list in brackets, an associative array in braces ("id =
// \"42\", tags = [\"a\" \"b\"]"); "" when it defines none. It shows every
// value: a program that hides a part of the URI, such as a password, masks
// the values read from it (see [Result.Span]).
func (r *Result) String() string {
	var b strings.Builder
	writeValues(&b, r.names, r.Values()) // in the order of the variables' ids, the template's
	return b.String()
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

// Match matches the URI s against the template (RFC 6570 §1.4) without
// backtracking, in time linear in len(s): in one left-to-right pass, or
// with the template's automaton where the exact check of rule 4 accepted
// it (see [Matcher]). It returns the values the
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
//   - Only what expansion writes matches (§3): the text of every
//     expression is the expansion of the values read from it, byte for
//     byte, so a pct-encoded triplet stands only where expansion encodes
//     a byte, in upper case (§3.2.1: "%41" and "%c3%bc" are no {a}), and
//     "k=v,by" is no {a*}, ";c=" no {;c*}, "?,=1" no {?a*}. Three
//     differences are allowed: the order of named pairs (below); the
//     triplets of reserved and fragment expressions, which pass a value's
//     own through (§3.2.3), so there a triplet of an unreserved or reserved
//     character is that character and any triplet may be in lower case;
//     and with [MatchOptions] IRI the triplets of a character an IRI
//     expansion writes as itself. So Expand of the values gives back the
//     URI, up to these.
//   - The pairs of a "?" or "&" expression and of the "&" expressions
//     right after it (and of adjacent ";" expressions) are matched in any
//     order, their names compared after decoding ("%61=1" is a pair of
//     the variable "a", which expansion writes "a=1": it does not match). A pair whose name is not one of their
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
	sp := make([][2]int, len(m.parts))
	p := 0
	for i := range m.parts {
		mp := &m.parts[i]
		if mp.isLit() {
			lit := m.lit(mp)
			if !strings.HasPrefix(s[p:], lit) {
				return nil, m.literalMissing(s, p, mp)
			}
			p += len(lit)
			continue
		}
		q, err := mt.expr(mp, p)
		if err != nil {
			return nil, err
		}
		sp[i] = [2]int{p, q}
		p = q
	}
	if p != len(s) {
		return nil, m.endMissing(s, p)
	}
	if err := mt.written(sp); err != nil {
		return nil, err
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
			e.Reason = fmt.Sprintf("no part of the template can read %s here", byteName(mt.uri, at))
			e.Reason += m.formHint(mt.uri, at)
		}
		return e
	}
	if err := mt.readSpans(sp); err != nil {
		return err
	}
	return mt.written(sp)
}

// reference returns a [*NoMatchError] unless s is a URI-reference (RFC
// 3986 §4.1), or with IRI an IRI-reference (RFC 3987 §2.2).
func (m *Matcher) reference(s string) error {
	syntax := ExpandOptions{IRI: m.opts.IRI}.syntax()
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

// byteName names the byte of the URI s at offset i for a message: quoted
// (a non-ASCII character whole), or, in the password of s (RFC 3986
// §3.2.1, §7.5), not shown.
func byteName(s string, i int) string {
	if b, e, ok := uri.RedactSpan(s); ok && b <= i && i < e {
		return "a byte of the password"
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); size > 1 {
		return fmt.Sprintf("%q", r)
	}
	return fmt.Sprintf("%q", s[i:i+1])
}

// literalMissing returns the error for the URI s, where the literal mp
// is not at offset p.
func (m *Matcher) literalMissing(s string, p int, mp *mpart) *NoMatchError {
	e := &NoMatchError{Offset: p, TemplateOffset: mp.offset(), Reason: "the URI ends where the template has a literal"}
	n := 0
	lit := m.lit(mp)
	for p+n < len(s) && n < len(lit) && s[p+n] == lit[n] {
		n++
	}
	e.reach = p + n
	if p+n < len(s) {
		e.Reason = fmt.Sprintf("the URI has %s at offset %d, where the template's literal goes on", byteName(s, p+n), p+n)
		e.Reason += m.formHint(s, p+n)
	}
	return e
}

// endMissing returns the error for the URI s, which goes on at offset p
// after the template's end.
func (m *Matcher) endMissing(s string, p int) *NoMatchError {
	e := &NoMatchError{Offset: p, TemplateOffset: len(m.t.String())}
	e.Reason = fmt.Sprintf("the URI goes on with %s after the template's end", byteName(s, p))
	if n := len(m.parts); n > 0 && !m.parts[n-1].isLit() {
		e.Reason = fmt.Sprintf("%s cannot hold %s unencoded, and the template ends there", m.src(&m.parts[n-1]), byteName(s, p))
	}
	e.Reason += m.formHint(s, p)
	return e
}

// formHint returns a hint for a "+" at offset p of s in the query, where
// a form-style expression would read it with [MatchOptions] FormQuery,
// else "".
func (m *Matcher) formHint(s string, p int) string {
	if m.opts.FormQuery || s[p] != '+' || !strings.Contains(s[:p], "?") {
		return ""
	}
	for i := range m.parts {
		if m.parts[i].query() {
			return "; hint: MatchOptions FormQuery reads \"+\" in a query as a space, as HTML forms write it"
		}
	}
	return ""
}
