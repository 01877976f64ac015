package uri

// This file is the engine: how a string becomes a URI, or a ParseError.
// syntax.go has the syntaxes, errors.go the errors and how they are built,
// render.go how an error is drawn under its input.
//
//  1. A [Syntax] (RFC 3986, or an extension: RFC 6874, RFC 3987) picks the
//     engine of its grammar (std, zones, iris: tables.go); the package
//     functions use RFC 3986's. There is one engine type and one parse
//     path for every syntax; an engine's grammar is a small id.
//  2. engine.parse puts the parser generated from the grammar
//     (gen/rfc3986, gen/rfc6874, gen/rfc3987) on the stack, chosen by a
//     switch on that id, and matches the entry rule of the Parse function
//     called: URI, URI-reference, absolute-URI or relative-ref (RFC 3986
//     §3, §4.1, §4.3, §4.2). The generated parser alone decides the
//     syntax. A generated parser needs no set-up, and nothing it is given
//     escapes, so a parse allocates nothing.
//  3. The parser matches in span mode (MatchSpans): it keeps no tokens,
//     only the span of each rule that maps to a component, in slots chosen
//     when the parser was generated (the Spans of internal/grammar). What
//     the engine reads of a parse is package pegenrt's, the same for every
//     grammar: the slots (Spans), the rule and offset a failure stopped
//     at (Token), the names and sections of the rules (Table); a rule is
//     its grammar's constant as a uint8. On success, engine.parse maps the
//     filled slots to the components of the URI through one table,
//     ruleInfo per slot (spanInfos), read by role (componentSlots, ...:
//     fill): a component's span, the kind of the host, the kind of the
//     path, a syntax beyond RFC 3986. Nothing is re-parsed by hand,
//     decoded or normalized.
//  4. On failure, engine.newError builds the [*ParseError] from where the
//     failed MatchSpans stopped (Failure: the furthest offset any rule
//     matched up to, and the rule there, which that parse tracked) and
//     from the components of the longest prefix the entry rule matched,
//     which it left in its slots: offset, rule, the rule's section, kind,
//     and a hint where the likely mistake is known (errors.go);
//     [ParseError.Render] draws it under the masked input (render.go).
//     The input is parsed again only in the rare cases Failure lists.
//  5. The matches that record tokens (Match: matchRule, redaction, IRI
//     conversion) take a parser from the grammar's pool (pools).

import (
	"math/bits"
	"strings"
	"sync"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6874"
	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/pegen/pegenrt"
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

// A grammarID names the grammar of an engine: RFC 3986's, or one that
// extends it (RFC 6874, RFC 3987), whose rules map to the same components
// by name.
type grammarID uint8

const (
	gRFC3986 grammarID = iota
	gRFC6874
	gRFC3987
)

// An engine parses with one generated grammar. Its rules are the
// grammar's constants as package pegenrt has them (uint8), and everything
// it reads of a parse is pegenrt's (Spans, Token, Table), the same for
// every grammar: only the parser itself, which it puts on the stack, is
// the grammar's, chosen by a switch on grammar.
type engine struct {
	grammar grammarID
	// mapped is the set of span slots (see fill) whose rule maps to
	// something, as spanInfos says: the others are for errors (Failure).
	mapped  uint32
	entries [numEntries]uint8
	pct     uint8 // pct-encoded
	port    uint8 // port
	// rename maps the name of an RFC 3986 rule to the grammar's.
	rename func(string) string
	// zoned: the grammar has zone identifiers (RFC 6874 §2).
	zoned bool
	// unicode is the syntax of a value with a non-ASCII byte, for a
	// grammar of characters beyond ASCII (RFC 3987); 0 for the others.
	unicode Syntax
}

// The engines of the grammars, std, zones and iris, are in tables.go,
// which gentables.go generates from the grammars: which rule is each
// entry rule, and which span slots hold a component, a kind of host or
// path or a zone (mapped; what each slot maps to is one table for every
// grammar, spanInfos), found by each grammar's Lookup and SpanRule, so
// that loading the package builds nothing.
//
//go:generate go run gentables.go

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

// table returns what e's grammar says of its rules.
func (e *engine) table() *pegenrt.Table {
	switch e.grammar {
	case gRFC6874:
		return rfc6874.Rules()
	case gRFC3987:
		return rfc3987.Rules()
	}
	return rfc3986.Rules()
}

// name returns the ABNF name of rule r of e's grammar.
func (e *engine) name(r uint8) string { return e.table().Name(r) }

// section returns the section that defines rule r (Rule.Section).
func (e *engine) section(r uint8) string { return e.table().Section(r) }

// mustLookup returns the rule of e's grammar with the given ABNF name.
func (e *engine) mustLookup(name string) uint8 { return e.table().MustLookup(name) }

// parse parses s as the entry rule want (eURI, ...): the one parse path
// of every syntax. The grammar's parser is on the stack, and u is filled
// in place from its span slots.
func (e *engine) parse(want int, s string) (u URI, err error) {
	r := e.entries[want]
	if tooLong(len(s)) {
		return URI{}, &ParseError{Want: e.name(r), Kind: TooLong, Byte: -1}
	}
	var sp *pegenrt.Spans
	switch e.grammar {
	case gRFC6874:
		var p rfc6874.Parser
		if sp = p.Spans(); !p.MatchSpans(rfc6874.Rule(r), s) {
			far, prefix := p.Failure(rfc6874.Rule(r), s)
			return URI{}, e.newError(far, prefix, r, s, sp)
		}
	case gRFC3987:
		var p rfc3987.Parser
		if sp = p.Spans(); !p.MatchSpans(rfc3987.Rule(r), s) {
			far, prefix := p.Failure(rfc3987.Rule(r), s)
			return URI{}, e.newError(far, prefix, r, s, sp)
		}
		if !ascii.Is(s) {
			u.syntax = e.unicode
		}
	default:
		var p rfc3986.Parser
		if sp = p.Spans(); !p.MatchSpans(rfc3986.Rule(r), s) {
			far, prefix := p.Failure(rfc3986.Rule(r), s)
			return URI{}, e.newError(far, prefix, r, s, sp)
		}
	}
	u.s = s
	// u.fill, written out: it is not inlined, and its call cost 1.5% of the
	// instructions of a parse of a realistic link (callgrind).
	set := sp.Set() & e.mapped
	var has uint8
	for c := set & componentSlots; c != 0; c &= c - 1 {
		k := bits.TrailingZeros32(c)
		in := &spanInfos[k]
		sl := sp.At(k)
		u.spans[in.component%numComponents] = span{int32(sl.Begin), int32(sl.End)}
		has |= in.bit
	}
	u.has = has
	if p := set & pathSlots; p != 0 {
		k := 31 - bits.LeadingZeros32(p)
		sl := sp.At(k)
		u.spans[cPath] = span{int32(sl.Begin), int32(sl.End)}
		u.pathKind = spanInfos[k].pathKind
	}
	if h := set & hostKindSlots; h != 0 {
		u.hostKind = spanInfos[31-bits.LeadingZeros32(h)].hostKind
	}
	if z := set & syntaxSlots; z != 0 {
		u.syntax = spanInfos[31-bits.LeadingZeros32(z)].syntax
	}
	return u, nil
}

// valid reports whether s matches the entry rule want (eURI, ...).
func (e *engine) valid(want int, s string) bool {
	return !tooLong(len(s)) && e.matches(e.entries[want], s)
}

// matches reports whether rule r matches the whole of s, with a parser on
// the stack (MatchSpans).
func (e *engine) matches(r uint8, s string) bool {
	switch e.grammar {
	case gRFC6874:
		var p rfc6874.Parser
		return p.MatchSpans(rfc6874.Rule(r), s)
	case gRFC3987:
		var p rfc3987.Parser
		return p.MatchSpans(rfc3987.Rule(r), s)
	}
	var p rfc3986.Parser
	return p.MatchSpans(rfc3986.Rule(r), s)
}

// tooLong reports whether an input of n bytes is longer than MaxLength; the
// parsers ask it before reading a byte.
func tooLong(n int) bool { return n > MaxLength }

// matchRule matches s against the rule of RFC 3986 Appendix A named
// abnf, or the grammar's rule that plays its part (RFC 3987's "iquery"
// for "query"), and returns the [*ParseError] of a mismatch.
func (e *engine) matchRule(abnf, s string) error {
	r := e.mustLookup(e.rename(abnf))
	name := e.name(r)
	if tooLong(len(s)) {
		return &ParseError{Want: name, Kind: TooLong, Byte: -1}
	}
	far, ok := e.matchTokens(r, s)
	if ok {
		return nil
	}
	end := far.End // 0 when nothing matched
	pe := &ParseError{Want: name, Rule: name, Section: e.section(r), Offset: end, Kind: UnexpectedByte, Byte: -1}
	if end >= len(s) {
		pe.Offset, pe.Kind = len(s), UnexpectedEnd
	} else {
		e.classify(pe, r, s)
	}
	return pe
}

// matchTokens matches rule r against the whole of s with a pooled parser
// that records tokens (Match), and returns how far it got.
func (e *engine) matchTokens(r uint8, s string) (pegenrt.Token, bool) {
	switch e.grammar {
	case gRFC6874:
		p := get6874()
		defer pools.zones.Put(p)
		ok := p.Match(rfc6874.Rule(r), s)
		return p.Furthest(), ok
	case gRFC3987:
		p := get3987()
		defer put3987(p)
		ok := p.Match(rfc3987.Rule(r), s)
		return p.Furthest(), ok
	}
	p := get3986()
	defer put3986(p)
	ok := p.Match(rfc3986.Rule(r), s)
	return p.Furthest(), ok
}

// pools keep the grammars' parsers for the matches that record tokens
// (Match: matchRule, redaction, IRI conversion), each recording the
// tokens of its engine's keep only. makePools makes them on first use, so
// that loading the package allocates nothing.
var pools struct {
	once  sync.Once
	std   *rfc3986.Pool
	zones *rfc6874.Pool
	iris  *rfc3987.Pool
}

func makePools() {
	pools.std = rfc3986.NewPool(keep3986[:]...)
	pools.zones = rfc6874.NewPool(keep6874[:]...)
	pools.iris = rfc3987.NewPool(keep3987[:]...)
}

// get3986 takes a parser of RFC 3986 from its pool; put3986 gives it back.
func get3986() *rfc3986.Parser {
	pools.once.Do(makePools)
	return pools.std.Get()
}

func put3986(p *rfc3986.Parser) { pools.std.Put(p) }

// get6874 takes a parser of RFC 6874 from its pool.
func get6874() *rfc6874.Parser {
	pools.once.Do(makePools)
	return pools.zones.Get()
}

// get3987 takes a parser of RFC 3987 from its pool; put3987 gives it back.
func get3987() *rfc3987.Parser {
	pools.once.Do(makePools)
	return pools.iris.Get()
}

func put3987(p *rfc3987.Parser) { pools.iris.Put(p) }

// fill maps the span slots of sp, as MatchSpans left them, to u's
// components through spanInfos, the ruleInfo of each slot, for the slots
// of mapped: each slot of a component (componentSlots), then of the slots
// of a kind of path, of host and of syntax only the last filled, as a
// walk of the slots in order would leave them. Of the rules that decide
// the host's kind the enclosing one, whose slot comes later
// (IPv6address after the IPv4address an IPv6address may end with), has
// the last word; a match has one path.
func (u *URI) fill(mapped uint32, sp *pegenrt.Spans) {
	set := sp.Set() & mapped
	var has uint8
	for c := set & componentSlots; c != 0; c &= c - 1 {
		k := bits.TrailingZeros32(c)
		in := &spanInfos[k]
		sl := sp.At(k)
		u.spans[in.component%numComponents] = span{int32(sl.Begin), int32(sl.End)}
		has |= in.bit
	}
	u.has |= has
	if p := set & pathSlots; p != 0 {
		k := 31 - bits.LeadingZeros32(p)
		sl := sp.At(k)
		u.spans[cPath] = span{int32(sl.Begin), int32(sl.End)}
		u.pathKind = spanInfos[k].pathKind
	}
	if h := set & hostKindSlots; h != 0 {
		u.hostKind = spanInfos[31-bits.LeadingZeros32(h)].hostKind
	}
	if z := set & syntaxSlots; z != 0 {
		u.syntax = spanInfos[31-bits.LeadingZeros32(z)].syntax
	}
}

// mustRule returns the rule of RFC 3986 Appendix A with the given ABNF
// name.
func mustRule(name string) rfc3986.Rule { return rfc3986.MustLookup(name) }
