package template

import (
	"errors"
	"fmt"

	"github.com/specuri/specuri/uri"
)

// ErrAmbiguousURI is wrapped by the [*NoMatchError] of a URI that
// [MatchOptions.PerURI] refuses, one the template matches in two ways,
// and of a URI that two templates of a [Set] match.
var ErrAmbiguousURI = errors.New("template: the URI splits two ways between the parts of the template")

// ErrTraversal is wrapped by the [*NoMatchError] of a URI refused by
// [MatchOptions.NoTraversal].
var ErrTraversal = errors.New("template: decoded value contains an encoded \"/\" or \"\\\", or a dot-segment")

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

// ExpandErrorKind classifies an [ExpandError] (RFC 6570 §3).
type ExpandErrorKind uint8

// The kinds of [ExpandError].
const (
	// PrefixOnComposite: a prefix modifier on a variable whose value is a
	// list or an associative array (RFC 6570 §2.4.1: "Prefix modifiers
	// are not applicable to variables that have composite values").
	PrefixOnComposite ExpandErrorKind = iota + 1
	// ReservedOperator: the expression's operator is one RFC 6570 §2.2
	// reserves for future extensions ("=", ",", "!", "@", "|"), for which
	// no expansion is defined.
	ReservedOperator
	// ResultTooLong: the expansion would be longer than [uri.MaxLength]
	// bytes, the longest reference package uri parses (RFC 6570 sets no
	// limit).
	ResultTooLong
	// NotReference: with [ExpandOptions] Check, the expansion is not a
	// URI-reference (RFC 3986 §4.1), or with IRI not an IRI-reference
	// (RFC 3987 §2.2). The rules of RFC 6570 §3 can give one: the
	// template's literals may not form one ("a#b#c"), and the reserved
	// characters that "+" and "#" expressions copy from values may not be
	// allowed where they land (a "#" or "[" in a fragment, §3.2.3,
	// §3.2.4). Offset is that of the part of the template whose expansion
	// holds the first byte that does not fit; Err is the [*uri.ParseError]
	// of the expansion.
	NotReference
)

// ExpandError is the error of [Template.Expand]: a template the grammar
// allows (RFC 6570 §2) that RFC 6570 §3 cannot expand with the given
// values. Offset is the byte offset of the expression's "{" in the
// template; Name is the variable at fault (the first of the expression for
// a ReservedOperator).
type ExpandError struct {
	Offset int
	Name   string
	Kind   ExpandErrorKind
	Err    error // for NotReference, the *uri.ParseError of the expansion
}

// Unwrap returns e.Err.
func (e *ExpandError) Unwrap() error { return e.Err }

// Error returns a one-line description citing RFC 6570. It contains the
// variable name, which is part of the template, and no value.
func (e *ExpandError) Error() string {
	switch e.Kind {
	case PrefixOnComposite:
		return fmt.Sprintf("template: expression at offset %d: prefix modifier on variable %q, whose value is a list or associative array (RFC 6570 §2.4.1)", e.Offset, e.Name)
	case ReservedOperator:
		return fmt.Sprintf("template: expression at offset %d: reserved operator, no expansion defined (RFC 6570 §2.2)", e.Offset)
	case NotReference:
		return fmt.Sprintf("template: the expansion of the part at offset %d makes the result no reference (RFC 3986 §4.1; ExpandOptions Check, RFC 6570 §3): %v", e.Offset, e.Err)
	case ResultTooLong:
		return fmt.Sprintf("template: expansion longer than %d bytes at the expression at offset %d", uri.MaxLength, e.Offset)
	}
	return fmt.Sprintf("template: expression at offset %d: cannot expand variable %q", e.Offset, e.Name)
}

// OverlapError is the error of [Set.Add] for a template that matches a
// URI that a template of the set matches.
type OverlapError struct {
	Template string // the template added
	Other    string // the template of the set it overlaps
	// Witness is a URI both templates match: of those the check found,
	// one where the most expressions hold a value, then a shortest ("" is
	// the empty reference, which templates that may expand to nothing
	// both match). The templates are refused as possibly overlapping, and
	// the message says "may overlap", where the check stopped at its
	// limits, or where none of the first URIs their automata both accept
	// (which read every expression as any text it may hold, so a variable
	// repeated with another value, or a value past its prefix modifier,
	// passes there) is one both templates match: then Witness is "" and
	// Readings nil.
	Witness string
	// Readings are the values Template and Other match in Witness.
	Readings  [2]Values
	limit     bool   // the check stopped at its limit
	unsure    bool   // no URI the automata both accept was matched by both
	candidate string // then the first URI the automata both accept
}

func (e *OverlapError) Error() string {
	if e.limit {
		return fmt.Sprintf("template: %q may overlap %q, added before: the check stopped at its limits of %d pairs of states and %d pairs of transitions",
			uri.RedactInput(e.Template), uri.RedactInput(e.Other), maxPairs, maxWork)
	}
	if e.unsure {
		return fmt.Sprintf("template: %q may overlap %q, added before: their automata both accept %q, but neither it nor the next %d such URIs are matched by both templates",
			uri.RedactInput(e.Template), uri.RedactInput(e.Other), uri.RedactInput(e.candidate), maxTries-1)
	}
	return fmt.Sprintf("template: %q overlaps %q, added before: both match %q",
		uri.RedactInput(e.Template), uri.RedactInput(e.Other), uri.RedactInput(e.Witness))
}
