package uri

// This file is the engine: how a string becomes a URI, or a ParseError.
// syntax.go has the syntaxes, errors.go the errors and how they are built,
// render.go how an error is drawn under its input.
//
//  1. A [Syntax] (RFC 3986, or an extension: RFC 6874, RFC 3987) picks the
//     engine of its grammar; the package functions use RFC 3986's.
//  2. engine.parse takes a parser generated from the grammar
//     (gen/rfc3986, gen/rfc6874, gen/rfc3987) and matches the entry rule of
//     the Parse function called: URI, URI-reference, absolute-URI or
//     relative-ref (RFC 3986 §3, §4.1, §4.3, §4.2). The generated parser
//     alone decides the syntax.
//  3. The parser matches in span mode (MatchSpans): it keeps no tokens,
//     only the span of each rule that maps to a component, in slots chosen
//     when the parser was generated (the Spans of internal/grammar). On
//     success, engine.build maps the filled slots to the components of the
//     URI through one table, ruleInfo per slot: a component's span, the
//     kind of the host, the kind of the path, a syntax beyond RFC 3986.
//     Nothing is re-parsed by hand, decoded or normalized. RFC 3986's
//     parser needs no set-up, so the default syntax parses with one on the
//     stack; the others take one from a pool.
//  4. On failure, engine.newError builds the [*ParseError] from where the
//     failed MatchSpans stopped (Failure: the furthest offset any rule
//     matched up to, and the rule there, which that parse tracked) and
//     from the components of the longest prefix the entry rule matched,
//     which it left in its slots: offset, rule, the rule's section, kind,
//     and a hint where the likely mistake is known (errors.go);
//     [ParseError.Render] draws it under the masked input (render.go).
//     The input is parsed again only in the rare cases Failure lists.

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6874"
	"github.com/specuri/specuri/internal/ascii"
)

// Engines: tokens to values.

// What a rule of a grammar means for the mapping from tokens to components
// (RFC 3986 §3).
type role uint8

const (
	roleNone      role = iota
	roleComponent      // the token's span is a component
	roleHostKind       // the token decides the host's kind
	rolePath           // the token is the path
	roleSyntax         // the token needs a syntax beyond RFC 3986
)

// ruleInfo is what build needs to know of a rule, in one table so that a
// token costs one lookup.
type ruleInfo struct {
	role      role
	component uint8
	bit       uint8 // 1<<component, for roleComponent
	hostKind  HostKind
	pathKind  PathKind
	syntax    Syntax
}

// The entry rules of RFC 3986 §3, §4.1, §4.3 and §4.2, as indexes into
// engine.entries.
const (
	eURI = iota
	eURIReference
	eAbsoluteURI
	eRelativeRef
	numEntries
)

// A token is what the generated packages' Token types have in common: a
// rule of their grammar and the span it matched (RFC 3986 Appendix A).
type token[R ~uint8] interface {
	Span() (R, int, int)
}

// A matcher is what the generated packages' Parser types have in common.
type matcher[R ~uint8, T token[R]] interface {
	Match(r R, input string) bool
	MatchSpans(r R, input string) bool
	SpanSet() uint32
	Span(k int) (begin, end int, ok bool)
	Failure(r R, input string) (T, bool)
	Furthest() T
}

// An engine parses with one generated grammar: RFC 3986, or one that
// extends it (RFC 6874, RFC 3987), whose rules map to the same components
// by name.
type engine[R ~uint8, T token[R], P matcher[R, T]] struct {
	name    func(R) string // ABNF name of a rule
	section func(R) string // the section that defines a rule (Rule.Section)
	abnf    func(R) R      // the ABNF rule a rule stands for (Rule.ABNFRule)
	infos   [256]ruleInfo
	// slots is the ruleInfo of each span slot (see build), and mapped
	// the set of slots whose rule maps to something: the others are for
	// errors (Failure).
	slots   [32]ruleInfo
	mapped  uint32
	entries [numEntries]R
	pct     R // pct-encoded
	port    R // port
	lookup  func(string) (R, bool)
	rename  func(string) string
	// zoned: the grammar has zone identifiers (RFC 6874 §2).
	zoned bool
	// pool keeps the grammar's parsers, which record tokens of the rules
	// of keep only (Match, matchRule). newPool makes it on first use, so
	// that loading the package allocates nothing.
	pool     pooler[P]
	poolOnce sync.Once
	newPool  func(keep ...R) pooler[P]
	keep     []R
	// stack: the engine is std, which parse3986 and valid3986 serve.
	stack bool
	// unicode is the syntax of a value with a non-ASCII byte, for a
	// grammar of characters beyond ASCII (RFC 3987); 0 for the others.
	unicode Syntax
}

// The engines of the grammars, std, zones and iris, are in tables.go,
// which gentables.go generates from the grammars: which rule is each
// entry rule, component, kind of host and kind of path, found by each
// grammar's Lookup, so that loading the package builds nothing.
//
//go:generate go run gentables.go

// The NewPool of each grammar, as an engine holds it.
func pool3986(keep ...rfc3986.Rule) pooler[*rfc3986.Parser] { return rfc3986.NewPool(keep...) }
func pool6874(keep ...rfc6874.Rule) pooler[*rfc6874.Parser] { return rfc6874.NewPool(keep...) }
func pool3987(keep ...rfc3987.Rule) pooler[*rfc3987.Parser] { return rfc3987.NewPool(keep...) }

func same(name string) string { return name }

// iriName maps the name of an RFC 3986 rule to the name of the rule of RFC
// 3987 §2.2 that plays its part: "URI" becomes "IRI" (IRI-reference), the
// other rules that differ take an "i" (ihost), and the rules that are the
// same as RFC 3986's keep their names (port).
//
// It returns the grammar's own name for the rule, and so allocates
// nothing.
func iriName(name string) string {
	if i := strings.Index(name, "URI"); i >= 0 {
		if r, ok := rfc3987.Lookup(name[:i] + "IRI" + name[i+3:]); ok {
			return r.String()
		}
	}
	if r, ok := rfc3987.Lookup("i" + name); ok {
		return r.String()
	}
	return name
}

// A pooler keeps reusable generated parsers of one grammar (the
// grammar's Pool): creating one is far more expensive than a parse, and
// each Match resets all of a parser's state.
type pooler[P any] interface {
	Get() P
	Put(P)
}

func (e *engine[R, T, P]) get() P {
	e.poolOnce.Do(e.makePool)
	return e.pool.Get()
}

func (e *engine[R, T, P]) put(p P) { e.pool.Put(p) }

func (e *engine[R, T, P]) makePool() { e.pool = e.newPool(e.keep...) }

// parse parses s as the entry rule want (eURI, ...).
func (e *engine[R, T, P]) parse(want int, s string) (URI, error) {
	if e.stack {
		return parse3986(want, s) // which checks the length itself
	}
	r := e.entries[want]
	if tooLong(len(s)) {
		return URI{}, &ParseError{Want: e.name(r), Kind: TooLong, Byte: -1}
	}
	p := e.get()
	ok := p.MatchSpans(r, s)
	u := e.build(p, s)
	if !ok {
		far, prefix := p.Failure(r, s)
		e.put(p)
		return URI{}, e.newError(far, prefix, r, s, &u)
	}
	e.put(p)
	if e.unicode != 0 && !ascii.Is(s) {
		u.syntax = e.unicode
	}
	return u, nil
}

// parse3986 is engine.parse for RFC 3986's grammar: with a parser on the
// stack, which that grammar needs no set-up for, and without the indirect
// calls of generic code; u is filled in place.
func parse3986(want int, s string) (u URI, err error) {
	r := std.entries[want]
	if tooLong(len(s)) {
		return URI{}, &ParseError{Want: std.name(r), Kind: TooLong, Byte: -1}
	}
	var p rfc3986.Parser
	if !p.MatchSpans(r, s) {
		pre := URI{s: s}
		fill3986(&pre, &p)
		far, prefix := p.Failure(r, s)
		return URI{}, std.newError(far, prefix, r, s, &pre)
	}
	u.s = s
	// fill3986, written out on this path: it is not inlined.
	for set := p.SpanSet() & std.mapped; set != 0; set &= set - 1 {
		k := bits.TrailingZeros32(set)
		begin, end, _ := p.Span(k)
		u.apply(&std.slots[k], begin, end)
	}
	return u, nil
}

// fill3986 is fill for RFC 3986's parser: through fill's interface, or a
// generic function, p would move to the heap.
func fill3986(u *URI, p *rfc3986.Parser) {
	for set := p.SpanSet() & std.mapped; set != 0; set &= set - 1 {
		k := bits.TrailingZeros32(set)
		begin, end, _ := p.Span(k)
		u.apply(&std.slots[k], begin, end)
	}
}

// valid3986 is engine.valid for RFC 3986's grammar (see parse3986).
func valid3986(want int, s string) bool {
	var p rfc3986.Parser
	return !tooLong(len(s)) && p.MatchSpans(std.entries[want], s)
}

// matches reports whether rule r matches the whole of s, with a pooled
// parser: for the checks of the error path.
func (e *engine[R, T, P]) matches(r R, s string) bool {
	p := e.get()
	ok := p.MatchSpans(r, s)
	e.put(p)
	return ok
}

// tooLong reports whether an input of n bytes is longer than MaxLength; the
// parsers ask it before reading a byte.
func tooLong(n int) bool { return n > MaxLength }

// matchRule matches s against the grammar's rule for the RFC 3986 rule
// named abnf (see syntaxEngine).
func (e *engine[R, T, P]) matchRule(abnf, s string) error {
	r := mustLookup(e.lookup, e.rename(abnf))
	name := e.name(r)
	if tooLong(len(s)) {
		return &ParseError{Want: name, Kind: TooLong, Byte: -1}
	}
	p := e.get()
	defer e.put(p)
	if p.Match(r, s) {
		return nil
	}
	_, _, end := p.Furthest().Span() // 0 when nothing matched
	pe := &ParseError{Want: name, Rule: name, Section: e.section(r), Offset: end, Kind: UnexpectedByte, Byte: -1}
	if end >= len(s) {
		pe.Offset, pe.Kind = len(s), UnexpectedEnd
	} else {
		e.classify(pe, r, s)
	}
	return pe
}

func (e *engine[R, T, P]) valid(want int, s string) bool {
	if e.stack {
		return valid3986(want, s) // which checks the length itself
	}
	return !tooLong(len(s)) && e.matches(e.entries[want], s)
}

// A spanner is a parser after MatchSpans.
type spanner interface {
	SpanSet() uint32
	Span(k int) (begin, end int, ok bool)
}

// build maps the span slots that MatchSpans left in p (of its match, or
// of the prefix that a failed one matched) to components.
func (e *engine[R, T, P]) build(p P, s string) URI {
	u := URI{s: s}
	u.fill(&e.slots, e.mapped, p)
	return u
}

// fill maps the span slots of p, a parser after MatchSpans, to u's
// components through slots, the ruleInfo of each slot, for the slots of
// mapped. The slots are read in order, so of the rules that decide the
// host's kind the enclosing one, whose slot comes later (IPv6address
// after the IPv4address an IPv6address may end with), has the last word.
func (u *URI) fill(slots *[32]ruleInfo, mapped uint32, p spanner) {
	for set := p.SpanSet() & mapped; set != 0; set &= set - 1 {
		k := bits.TrailingZeros32(set)
		begin, end, _ := p.Span(k)
		u.apply(&slots[k], begin, end)
	}
}

// apply records what one token says about u.
func (u *URI) apply(in *ruleInfo, begin, end int) {
	switch in.role {
	case roleComponent:
		u.spans[in.component%numComponents] = span{int32(begin), int32(end)}
		u.has |= in.bit
	case roleHostKind:
		u.hostKind = in.hostKind
	case rolePath:
		u.spans[cPath] = span{int32(begin), int32(end)}
		u.pathKind = in.pathKind
	case roleSyntax:
		u.syntax = in.syntax
	}
}

// mustRule returns the rule of RFC 3986 Appendix A with the given ABNF
// name.
func mustRule(name string) rfc3986.Rule { return rfc3986.MustLookup(name) }

// mustLookup returns the rule with the given ABNF name of the grammar whose
// Lookup function is given (RFC 3986, RFC 3987, RFC 6874): for the
// generic engine, which holds Lookup as a function.
func mustLookup[R any](lookup func(string) (R, bool), name string) R {
	r, ok := lookup(name)
	if !ok {
		panic(fmt.Sprintf("uri: grammar has no rule %q", name))
	}
	return r
}
