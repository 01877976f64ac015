package template

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
)

// ErrAmbiguousURI is wrapped by the [*NoMatchError] of a URI that
// [MatchOptions.PerURI] refuses, one the template matches in two ways,
// and of a URI that two templates of a [Set] match.
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
	// Template is, for a URI that no template of a [Set] matches, the
	// template that matched it furthest, whose error this is; ""
	// otherwise.
	Template string
	err      error
	reach    int // the offset of the byte no part could read, if past Offset
}

func (e *NoMatchError) Error() string {
	s := fmt.Sprintf("template: no match at offset %d (template offset %d)", e.Offset, e.TemplateOffset)
	if e.Template != "" {
		s = fmt.Sprintf("template: no match, closest %q: at offset %d (template offset %d)", uri.RedactInput(e.Template), e.Offset, e.TemplateOffset)
	}
	if e.Var != "" {
		s += fmt.Sprintf(", variable %q", e.Var)
	}
	return s + ": " + e.Reason
}

// Unwrap returns [ErrTraversal] for a value refused by
// [MatchOptions.NoTraversal], [ErrAmbiguousURI] for a URI refused by
// [MatchOptions.PerURI] or by [Set.Match], else nil.
func (e *NoMatchError) Unwrap() error { return e.err }

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
	e := &NoMatchError{Offset: p, TemplateOffset: mp.offset, Reason: "the URI ends where the template has a literal"}
	n := 0
	for p+n < len(s) && n < len(mp.lit) && s[p+n] == mp.lit[n] {
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
	if n := len(m.parts); n > 0 && m.parts[n-1].lit == "" {
		e.Reason = fmt.Sprintf("%s cannot hold %s unencoded, and the template ends there", m.parts[n-1].src, byteName(s, p))
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
		if m.parts[i].query {
			return "; hint: MatchOptions FormQuery reads \"+\" in a query as a space, as HTML forms write it"
		}
	}
	return ""
}
