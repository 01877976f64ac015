package uri

// This file is the engine: how a string becomes a URI, or a ParseError.
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
//     which it left in its slots: offset, rule, kind, and a hint where the
//     likely mistake is known; [ParseError.Render] draws it under the
//     masked input. The input is parsed again only in the rare cases
//     Failure lists.

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6874"
)

// Syntaxes: which grammar parses.

// A Syntax is a grammar that references can be parsed with: the generic
// syntax of RFC 3986, which the package's functions use, or one of the
// syntaxes that extend it, which a program opts into by calling the methods
// of its Syntax value:
//
//	u, err := uri.RFC6874.ParseReference("http://[fe80::1%25en0]/")
//
// Each is generated from its own grammar (grammar/*.peg) and audited
// against its RFC's ABNF like RFC 3986's.
type Syntax uint8

const (
	// RFC3986 is the generic syntax of RFC 3986 Appendix A, the default.
	RFC3986 Syntax = iota
	// RFC6874 is RFC 3986 with IPv6 zone identifiers in IP literals
	// (RFC 6874 §2): "http://[fe80::1%25en0]/". The "%" that introduces
	// the zone must be written "%25".
	RFC6874
	// RFC3987 is the syntax of IRIs (RFC 3987 §2.2), which allows the
	// characters of ucschar (and iprivate in the query) as UTF-8:
	// "http://example.org/résumé". It has no zone identifiers. See
	// [IRIToURI] for the URI an IRI maps to.
	RFC3987
	numSyntaxes
)

var syntaxNames = [numSyntaxes]string{
	RFC3986: "RFC 3986",
	RFC6874: "RFC 6874",
	RFC3987: "RFC 3987",
}

// String returns the RFC that defines x, "RFC 3986" (RFC 3986 §1.1.1).
func (x Syntax) String() string {
	if x < numSyntaxes {
		return syntaxNames[x]
	}
	return "Syntax(invalid)"
}

// syntaxEngine is what the engines of the grammars have in common.
type syntaxEngine interface {
	parse(want int, s string) (URI, error)
	valid(want int, s string) bool
	// matchRule matches s against the rule of RFC 3986 Appendix A named
	// abnf, or the grammar's rule that plays its part (RFC 3987's "iquery"
	// for "query"), and returns the [*ParseError] of a mismatch.
	matchRule(abnf, s string) error
}

// engines holds the engine of each syntax's grammar.
var engines = [numSyntaxes]syntaxEngine{RFC3986: std, RFC6874: zones, RFC3987: iris}

// engine returns x's engine; an invalid Syntax parses as RFC 3986.
func (x Syntax) engine() syntaxEngine {
	if x < numSyntaxes {
		return engines[x]
	}
	return std
}

// Parse parses s as a URI (RFC 3986 §3) in syntax x: it must have a scheme.
func (x Syntax) Parse(s string) (URI, error) { return x.engine().parse(eURI, s) }

// ParseReference parses s as a URI-reference (RFC 3986 §4.1) in syntax x.
func (x Syntax) ParseReference(s string) (URI, error) { return x.engine().parse(eURIReference, s) }

// ParseAbsolute parses s as an absolute-URI (RFC 3986 §4.3) in syntax x.
func (x Syntax) ParseAbsolute(s string) (URI, error) { return x.engine().parse(eAbsoluteURI, s) }

// ParseRelative parses s as a relative-ref (RFC 3986 §4.2) in syntax x.
func (x Syntax) ParseRelative(s string) (URI, error) { return x.engine().parse(eRelativeRef, s) }

// MustParse is like [Syntax.Parse] (RFC 3986 §3) but panics if s is not a
// valid URI in syntax x, as [MustParse] does. It is meant for tests and
// hard-coded strings.
func (x Syntax) MustParse(s string) URI {
	u, err := x.Parse(s)
	return mustOK(x.callName("MustParse"), s, u, err)
}

// MustParseReference is like [Syntax.ParseReference] (RFC 3986 §4.1) but
// panics if s is not a valid URI-reference in syntax x, as [MustParse]
// does. It is meant for tests and hard-coded strings.
func (x Syntax) MustParseReference(s string) URI {
	u, err := x.ParseReference(s)
	return mustOK(x.callName("MustParseReference"), s, u, err)
}

// callName returns the Go name of method m of x, "RFC6874.MustParse".
func (x Syntax) callName(m string) string {
	return strings.ReplaceAll(x.String(), " ", "") + "." + m
}

// Valid reports whether s is a URI (RFC 3986 §3) in syntax x.
func (x Syntax) Valid(s string) bool { return x.engine().valid(eURI, s) }

// ValidReference reports whether s is a URI-reference (RFC 3986 §4.1) in
// syntax x.
func (x Syntax) ValidReference(s string) bool { return x.engine().valid(eURIReference, s) }

// Syntax returns the narrowest syntax that u is valid in (RFC 3986 §1.1.1):
// RFC3986 unless u needs an extension, such as a zone identifier (RFC 6874
// §2). Values with equal strings have equal syntaxes.
func (u URI) Syntax() Syntax { return u.syntax }

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
	Keep(rules ...R)
	Cap() int
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
	pool  parserPool[P]
	// stack: the engine is std, which parse3986 and valid3986 serve.
	stack bool
	// unicode is the syntax of a value with a non-ASCII byte, for a
	// grammar of characters beyond ASCII (RFC 3987); 0 for the others.
	unicode Syntax
}

// newEngine builds the engine of a grammar. lookup finds a rule by its
// ABNF name; rename maps an RFC 3986 rule name to the grammar's name for
// the same rule (RFC 3987 prefixes "i": ihost), or returns it unchanged.
func newEngine[R ~uint8, T token[R], P matcher[R, T]](
	newParser func() P, lookup func(string) (R, bool), name, section func(R) string, abnf func(R) R,
	rename func(string) string, spanRule func(int) R,
) *engine[R, T, P] {
	e := &engine[R, T, P]{name: name, section: section, abnf: abnf, lookup: lookup, rename: rename}
	rule := func(n string) R { return mustLookup(lookup, rename(n)) }
	for n, c := range map[string]uint8{
		// The optional components have their own non-empty helper rules
		// around them (query_part, userinfo_at, ...) in the grammar, so a
		// token for the inner rule exists exactly when the component is
		// defined, even when it is empty.
		"scheme":    cScheme,
		"authority": cAuthority,
		"userinfo":  cUserinfo,
		"host":      cHost,
		"port":      cPort,
		"query":     cQuery,
		"fragment":  cFragment,
	} {
		e.infos[rule(n)] = ruleInfo{role: roleComponent, component: c}
	}
	// host = IP-literal / IPv4address / reg-name. An IPv4address inside an
	// IPv6address (ls32) comes before the IPv6address token, which then
	// overrides it, so the last of these before the host token wins.
	for n, k := range map[string]HostKind{
		"IPv6address": IPv6,
		"IPvFuture":   IPvFuture,
		"IPv4address": IPv4,
		"reg-name":    RegName,
	} {
		e.infos[rule(n)] = ruleInfo{role: roleHostKind, hostKind: k}
	}
	for n, k := range map[string]PathKind{
		"path-abempty":  PathAbempty,
		"path-absolute": PathAbsolute,
		"path-noscheme": PathNoscheme,
		"path-rootless": PathRootless,
		"path-empty":    PathEmpty,
	} {
		e.infos[rule(n)] = ruleInfo{role: rolePath, pathKind: k}
	}
	for i, n := range [numEntries]string{"URI", "URI-reference", "absolute-URI", "relative-ref"} {
		e.entries[i] = rule(n)
	}
	e.pct = rule("pct-encoded")
	e.port = rule("port")
	// IPv6addrz (RFC 6874 §2) is a zone identifier.
	if r, ok := lookup("IPv6addrz"); ok {
		e.infos[r] = ruleInfo{role: roleSyntax, syntax: RFC6874}
		e.zoned = true
	}
	kept := e.entries[:]
	for r := range e.infos {
		if e.infos[r].role != roleNone {
			kept = append(kept, R(r))
		}
	}
	// Every rule build maps has a span slot.
	var slotted [256]bool
	for k := range e.slots {
		if r := spanRule(k); r != 0 {
			e.slots[k], slotted[r] = e.infos[r], true
			if e.infos[r].role != roleNone {
				e.mapped |= 1 << k
			}
		}
	}
	for _, r := range kept[numEntries:] {
		if !slotted[r] {
			panic(fmt.Sprintf("uri: rule %s has no span slot", name(r)))
		}
	}
	e.pool.New = func() any {
		p := newParser()
		p.Keep(kept...) // Match (matchRule) records tokens of these only
		return p
	}
	return e
}

// The engines of the grammars.
var (
	std = stackEngine(newEngine(rfc3986.NewParser, rfc3986.Lookup, rfc3986.Rule.String, rfc3986.Rule.Section,
		rfc3986.Rule.ABNFRule, same, rfc3986.SpanRule))
	zones = newEngine(rfc6874.NewParser, rfc6874.Lookup, rfc6874.Rule.String, rfc6874.Rule.Section,
		rfc6874.Rule.ABNFRule, same, rfc6874.SpanRule)
	iris = unicodeEngine(newEngine(rfc3987.NewParser, rfc3987.Lookup, rfc3987.Rule.String, rfc3987.Rule.Section,
		rfc3987.Rule.ABNFRule, iriName, rfc3987.SpanRule), RFC3987)
)

// unicodeEngine sets the syntax of e's values with non-ASCII bytes (RFC
// 3987) as e is created, so that package-level values parsed with it
// during initialization have it too.
func unicodeEngine[R ~uint8, T token[R], P matcher[R, T]](e *engine[R, T, P], x Syntax) *engine[R, T, P] {
	e.unicode = x
	return e
}

// stackEngine marks e as the engine that parse3986 and valid3986 serve.
func stackEngine(e *engine[rfc3986.Rule, rfc3986.Token, *rfc3986.Parser]) *engine[rfc3986.Rule, rfc3986.Token, *rfc3986.Parser] {
	e.stack = true
	return e
}

func same(name string) string { return name }

// iriName maps the name of an RFC 3986 rule to the name of the rule of RFC
// 3987 §2.2 that plays its part: "URI" becomes "IRI" (IRI-reference), the
// other rules that differ take an "i" (ihost), and the rules that are the
// same as RFC 3986's keep their names (port).
func iriName(name string) string {
	if strings.Contains(name, "URI") {
		return strings.Replace(name, "URI", "IRI", 1)
	}
	if _, ok := rfc3987.Lookup("i" + name); ok {
		return "i" + name
	}
	return name
}

// maxPooled is how much memory a pooled parser may keep (its tokens, some
// 20,000 of them); one grown larger by a huge input is left to the garbage
// collector.
const maxPooled = 1 << 18

// A parserPool keeps reusable generated parsers of one grammar: creating
// one is far more expensive than a parse, and each Match resets all of a
// parser's state. New must be set before use.
type parserPool[P interface{ Cap() int }] struct{ sync.Pool }

func (q *parserPool[P]) get() P { return q.Get().(P) }

func (q *parserPool[P]) put(p P) {
	if p.Cap() <= maxPooled {
		q.Put(p)
	}
}

func (e *engine[R, T, P]) get() P  { return e.pool.get() }
func (e *engine[R, T, P]) put(p P) { e.pool.put(p) }

// parse parses s as the entry rule want (eURI, ...).
func (e *engine[R, T, P]) parse(want int, s string) (URI, error) {
	r := e.entries[want]
	if tooLong(len(s)) {
		return URI{}, &ParseError{Want: e.name(r), Kind: TooLong, Byte: -1}
	}
	if e.stack {
		return parse3986(want, s)
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
	if e.unicode != 0 && !isASCII(s) {
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
	if tooLong(len(s)) {
		return false
	}
	if e.stack {
		return valid3986(want, s)
	}
	return e.matches(e.entries[want], s)
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
		u.spans[in.component] = span{int32(begin), int32(end)}
		u.has |= 1 << in.component
	case roleHostKind:
		u.hostKind = in.hostKind
	case rolePath:
		u.spans[cPath] = span{int32(begin), int32(end)}
		u.pathKind = in.pathKind
	case roleSyntax:
		u.syntax = in.syntax
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// mustRule returns the rule of RFC 3986 Appendix A with the given ABNF
// name.
func mustRule(name string) rfc3986.Rule { return mustLookup(rfc3986.Lookup, name) }

// mustLookup returns the rule with the given ABNF name of the grammar whose
// Lookup function is given (RFC 3986, RFC 3987, RFC 6068).
func mustLookup[R any](lookup func(string) (R, bool), name string) R {
	r, ok := lookup(name)
	if !ok {
		panic(fmt.Sprintf("uri: grammar has no rule %q", name))
	}
	return r
}

// Errors: why an input is not valid.

// ErrorKind classifies a [ParseError] (RFC 3986 §2, Appendix A).
type ErrorKind uint8

// The kinds of [ParseError].
const (
	// UnexpectedByte: the byte at the offset is not allowed there by the
	// grammar (RFC 3986 Appendix A).
	UnexpectedByte ErrorKind = iota + 1
	// UnexpectedEnd: the input ends where the grammar needs more (RFC 3986
	// Appendix A), as in "http://[::1".
	UnexpectedEnd
	// NonASCII: a byte >= 0x80. URIs are ASCII (RFC 3986 §2); internationalized
	// identifiers are IRIs (RFC 3987).
	NonASCII
	// BadPercent: a "%" not followed by two hexadecimal digits (RFC 3986
	// §2.1, pct-encoded).
	BadPercent
	// TooLong: the input is longer than [MaxLength] (RFC 3986 sets no limit;
	// this implementation does).
	TooLong
	// InvalidUTF8: with [RFC3987], the bytes at the offset are not the
	// UTF-8 encoding of a character (RFC 3987 §2, RFC 3629 §4); for a
	// 'mailto' URI (package uri/mailto), the octets that a
	// percent-encoding at the offset starts do not decode as UTF-8 (RFC
	// 6068 §2).
	InvalidUTF8
	// UnexpectedChar: with [RFC3987], the character at the offset, a
	// non-ASCII one (ParseError.Char), is not allowed there (RFC 3987
	// §2.2): not a ucschar, or an iprivate outside the query.
	UnexpectedChar
)

var kindNames = [...]string{
	UnexpectedByte: "unexpected byte",
	UnexpectedEnd:  "unexpected end",
	NonASCII:       "non-ASCII byte",
	BadPercent:     "bad percent-encoding",
	TooLong:        "too long",
	InvalidUTF8:    "invalid UTF-8",
	UnexpectedChar: "unexpected character",
}

// String returns a short lower-case name for k (RFC 3986 §2, Appendix A).
func (k ErrorKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("ErrorKind(%d)", uint8(k))
}

// MaxLength is the longest input the parsers accept, in bytes: 2^31-1.
// RFC 3986 sets no limit (§2); a URI keeps the offsets of its components
// as int32, and a longer input is a [*ParseError] of Kind TooLong.
const MaxLength = math.MaxInt32

// The offsets of a URI are int32 and the generated parsers' uint32: both
// hold MaxLength (a constant that does not fit fails to compile).
const (
	_ = int32(MaxLength)
	_ = uint32(rfc3986.MaxInput - MaxLength)
)

// A ParseError reports why an input is not a valid instance of an RFC 3986
// rule (RFC 3986 Appendix A). It never holds the input itself, nor a byte
// of a password: when Offset falls inside the password that [RedactInput]
// masks ("http://j@ne:password@h", where a strict reading sees a port and
// a lenient one a password), Byte is -1 and Char 0, and Error says the byte
// is masked. Printing it cannot leak a password (§7.5).
type ParseError struct {
	// Want is the ABNF name of the rule the input was parsed as:
	// "URI-reference", "URI", "absolute-URI" or "relative-ref".
	Want string
	// Offset is the byte offset of the first byte that cannot be matched,
	// or the input's length when it ends too early.
	Offset int
	// Rule is the ABNF name of the rule that matched up to Offset and
	// could not continue there. Where the longest prefix of the input
	// that Want matches ends, it is the innermost of the rules of the
	// components that ends there: scheme, authority, userinfo, host
	// ("reg-name", "IPv4address", ... for its form; an IP-literal is a
	// "host"), port, the path ("path-abempty", ...; a segment is named by
	// its path), query, fragment. Elsewhere it is the rule of the attempt
	// that got furthest ("IPv6address" in an unclosed IP literal,
	// "userinfo" before a missing "@"). See rfc3986.Parser.Failure. It is
	// "pct-encoded" for a BadPercent, and Want when not even the first
	// byte could be matched.
	Rule string
	// Section is the section of the specification that defines Rule, in
	// the form "RFC 3986 §3.2.2", as the generated package of the grammar
	// that matched says it (its Rule.Section); for an InvalidUTF8 error,
	// the section that defines Want. The code that builds the error fills
	// it in; Error leaves the citation out when it is empty.
	Section string
	// Kind classifies the error.
	Kind ErrorKind
	// Byte is the byte at Offset, or -1 when Offset is the end of input or
	// the byte is part of a password (it is not revealed).
	Byte int
	// Char is the character at Offset for an UnexpectedChar, else 0 (also
	// inside a password).
	Char rune
	// Hint, when not empty, is the likely mistake where the grammar allows
	// a better guess than the failing byte: a port that is not digits
	// (RFC 3986 §3.2.3), a relative reference given where a URI is
	// required (§4.2), a non-ASCII character (an IRI, RFC 3987), a zone
	// identifier in an IP literal (RFC 6874). It never holds the input.
	Hint string
}

// The hints of [ParseError.Hint].
const (
	hintPort     = "a port is digits only (RFC 3986 §3.2.3)"
	hintRelative = "this is a relative reference (RFC 3986 §4.2), not a URI: read it as a URI-reference (ParseReference)"
	hintIRI      = "non-ASCII characters are allowed in IRIs: use the RFC 3987 syntax (RFC3987)"
	hintZone     = "zone identifiers in IP literals need the RFC 6874 syntax (RFC6874)"
	hintZone25   = "the \"%\" before a zone identifier is written \"%25\" (RFC 6874 §2)"
)

// Error returns a one-line, lower-case description citing the rule and the
// RFC section that defines it, followed by the Hint if any. It never
// contains the input nor a byte of a password (RFC 3986 §7.5).
func (e *ParseError) Error() string {
	if e.Hint == "" {
		return e.message()
	}
	return e.message() + "; " + e.Hint
}

func (e *ParseError) message() string {
	sec := ""
	if e.Section != "" {
		sec = " (" + e.Section + ")"
	}
	if e.Byte < 0 && e.Kind != UnexpectedEnd && e.Kind != TooLong {
		return fmt.Sprintf("uri: invalid %s: the byte at offset %d, in a masked password, cannot follow %s%s",
			e.Want, e.Offset, e.Rule, sec)
	}
	switch e.Kind {
	case UnexpectedEnd:
		return fmt.Sprintf("uri: invalid %s: unexpected end of input at offset %d after %s%s",
			e.Want, e.Offset, e.Rule, sec)
	case NonASCII:
		return fmt.Sprintf("uri: invalid %s: non-ASCII byte %#02x at offset %d (RFC 3986 §2)",
			e.Want, e.Byte, e.Offset)
	case BadPercent:
		return fmt.Sprintf("uri: invalid %s: %q at offset %d not followed by two hex digits (RFC 3986 §2.1)",
			e.Want, '%', e.Offset)
	case TooLong:
		return fmt.Sprintf("uri: invalid %s: longer than %d bytes", e.Want, MaxLength)
	case InvalidUTF8:
		return fmt.Sprintf("uri: invalid %s: invalid UTF-8 at offset %d%s", e.Want, e.Offset, sec)
	case UnexpectedChar:
		return fmt.Sprintf("uri: invalid %s: character %U at offset %d cannot follow %s%s",
			e.Want, e.Char, e.Offset, e.Rule, sec)
	}
	if e.Rule == e.Want && e.Offset == 0 {
		return fmt.Sprintf("uri: invalid %s: byte %#02x at offset 0 cannot start a %s%s",
			e.Want, e.Byte, e.Want, sec)
	}
	return fmt.Sprintf("uri: invalid %s: byte %#02x at offset %d cannot follow %s%s",
		e.Want, e.Byte, e.Offset, e.Rule, sec)
}

// newError builds the ParseError for a failed match of the entry rule r
// against s, from what explains it (Failure): stop, where s stops matching
// and the rule there, and prefix, whether r matched a prefix of s, whose
// components pre holds as MatchSpans left them. It parses s no more,
// except for the two checks classify and hint name.
func (e *engine[R, T, P]) newError(stop T, prefix bool, r R, s string, pre *URI) *ParseError {
	want := e.name(r)
	far, _, end := stop.Span()
	rule := far
	if far == 0 {
		rule, end = r, 0
	}
	if a := e.abnf(far); a != 0 && far != 0 {
		// A helper is reported as the rule it stands for (userinfo-at as
		// userinfo).
		rule = a
	}
	pe := &ParseError{Want: want, Offset: end, Rule: e.name(rule), Section: e.section(rule), Kind: UnexpectedByte, Byte: -1}
	if off, ok := portStop(pre, s); ok && off <= pe.Offset {
		pe.Offset, pe.Rule, pe.Section, pe.Hint = off, e.name(e.port), e.section(e.port), hintPort
	}
	if pe.Offset >= len(s) {
		pe.Offset, pe.Kind = len(s), UnexpectedEnd
	} else {
		e.classify(pe, r, s)
	}
	if pe.Hint == "" {
		pe.Hint = e.hint(r, prefix, pe, s)
	}
	if pe.Byte >= 0 && strings.IndexByte(s, '@') >= 0 {
		// A byte inside what RedactInput masks is not revealed.
		if begin, end, ok := passwordSpan(s); ok && begin <= pe.Offset && pe.Offset < end {
			pe.Byte, pe.Char = -1, 0
		}
	}
	return pe
}

// classify sets the Kind, Byte and Char of an error at a byte of s, when
// s was matched as the entry rule want. At a "%", it matches pct-encoded
// there.
func (e *engine[R, T, P]) classify(pe *ParseError, want R, s string) {
	b := s[pe.Offset]
	pe.Byte = int(b)
	switch {
	case b >= 0x80 && e.unicode != 0:
		r, size := utf8.DecodeRuneInString(s[pe.Offset:])
		if r == utf8.RuneError && size <= 1 {
			pe.Kind, pe.Section = InvalidUTF8, e.section(want)
		} else {
			pe.Kind, pe.Char = UnexpectedChar, r
		}
	case b >= 0x80:
		pe.Kind = NonASCII
	case b == '%' && !e.matches(e.pct, s[pe.Offset:min(pe.Offset+3, len(s))]):
		pe.Kind, pe.Rule, pe.Section = BadPercent, e.name(e.pct), e.section(e.pct)
	}
}

// portStop finds, in an authority without "@" (RFC 3986 §3.2), where
// host ":" port stops matching when it stops at a byte of the port: the
// grammar then reads the authority as a userinfo missing its "@", and
// reports the end of the authority, past the likely mistake
// ("http://h:123foo/" fails at offset 12, in the port, not at 15).
//
// It reads the components of the prefix that the entry rule matched (see
// newError), as MatchSpans left them: the authority ends at the first
// "/", "?" or "#" after it or at the end of s (§3.2), and none of the
// rules in it match those bytes, so its host and port are where the
// grammar's host and port rules stop on the authority alone. The offset
// is the end of the port when host ":" port stops before the end of the
// authority, inside the port.
func portStop(pre *URI, s string) (int, bool) {
	const need = 1<<cAuthority | 1<<cHost | 1<<cPort
	if pre.has&need != need || pre.has&(1<<cUserinfo) != 0 {
		return 0, false
	}
	start := int(pre.spans[cAuthority].begin)
	hostEnd, portEnd := int(pre.spans[cHost].end), int(pre.spans[cPort].end)
	end := len(s)
	if i := strings.IndexAny(s[start:], "/?#"); i >= 0 {
		end = start + i
	}
	if strings.IndexByte(s[start:end], '@') >= 0 || hostEnd >= end || portEnd >= end {
		return 0, false
	}
	return portEnd, true
}

// authorityBegin returns the offset of the authority of s, after the "//"
// that follows the scheme or starts s (RFC 3986 §3.2), or -1.
func authorityBegin(s string) int {
	if strings.HasPrefix(s, "//") {
		return 2 // relative-part = "//" authority path-abempty (§4.2)
	}
	if i := strings.IndexByte(s, ':'); i > 0 && std.matchRule("scheme", s[:i]) == nil &&
		strings.HasPrefix(s[i+1:], "//") {
		return i + 3 // hier-part = "//" authority path-abempty (§3)
	}
	return -1
}

// hint returns the Hint for an error of the entry rule r on s, or "".
//
// prefix says whether r matched a prefix of s. A URI or absolute-URI that
// matches no prefix does not start with scheme ":" (its hier-part can be
// empty, §3), which a relative-ref needs (§4.2: path-noscheme has no ":"
// in its first segment, the other forms start with "/"): only then can s
// be a relative-ref.
func (e *engine[R, T, P]) hint(r R, prefix bool, pe *ParseError, s string) string {
	switch {
	case pe.Kind == NonASCII:
		return hintIRI
	case pe.Offset < len(s) && s[pe.Offset] == '%' && inIPLiteral(s[:pe.Offset]):
		if !e.zoned {
			return hintZone
		}
		if !strings.HasPrefix(s[pe.Offset:], "%25") {
			return hintZone25
		}
	case (r == e.entries[eURI] || r == e.entries[eAbsoluteURI]) && !prefix && e.matches(e.entries[eRelativeRef], s):
		return hintRelative
	case pe.Rule == e.name(e.port) && pe.Offset < len(s) && s[pe.Offset] > ' ' && s[pe.Offset] < 0x7f:
		// A visible byte where the port could end: it was meant to be
		// part of it ("http://u@h:80x/").
		return hintPort
	}
	return ""
}

// inIPLiteral reports whether the end of s is inside an IP-literal (RFC
// 3986 §3.2.2): after a "[" that no "]" closes.
func inIPLiteral(s string) bool {
	if strings.IndexByte(s, '[') < 0 {
		return false // the common case, found by a faster scan
	}
	return strings.LastIndexByte(s, '[') > strings.LastIndexByte(s, ']')
}

// renderWindow is how many bytes of the (masked) input Render shows on each
// side of the failing byte; longer inputs are cut with "...".
const renderWindow = 60

// Render draws the error under the input it was returned for (RFC 3986
// Appendix A, §7.5): the message, then the input as a Go string literal
// (every byte outside printable ASCII escaped) with any password replaced
// by "xxxxx", then a caret under the failing byte:
//
//	uri: invalid URI-reference: byte 0x20 at offset 20 cannot follow ...
//	"http://user:xxxxx@h st/"
//	                    ^
//
// The lines are separated by "\n", without a final one. The password is found
// as [RedactInput] finds it, so also in inputs that are not valid. An
// input longer than a terminal line is shown around the failing byte only.
// Render is opt-in: [ParseError.Error] never contains the input.
func (e *ParseError) Render(input string) string {
	msg := e.Error()
	if e.Kind == TooLong {
		return msg
	}
	off := min(max(e.Offset, 0), len(input))
	shown, col := maskedAt(input, off)
	prefix, suffix := "", ""
	if col > renderWindow {
		shown, col, prefix = shown[col-renderWindow:], renderWindow, "..."
	}
	if len(shown) > col+renderWindow {
		shown, suffix = shown[:col+renderWindow], "..."
	}
	// The bytes before the offset matched the grammar, or are the mask, so
	// they are printable ASCII and quoting them is a prefix of quoting the
	// whole line.
	caret := len(prefix) + len(strconv.QuoteToASCII(shown[:col])) - 1
	var b strings.Builder
	b.WriteString(msg)
	b.WriteString("\n")
	b.WriteString(prefix)
	b.WriteString(strconv.QuoteToASCII(shown))
	b.WriteString(suffix)
	b.WriteString("\n")
	b.WriteString(strings.Repeat(" ", caret))
	b.WriteString("^")
	return b.String()
}

// maskedAt returns s with its password masked and where offset off of s
// lands in it: at the mask when off points into the password.
func maskedAt(s string, off int) (string, int) {
	begin, end, ok := passwordSpan(s)
	if !ok {
		return s, off
	}
	const mask = "xxxxx"
	switch {
	case off >= end:
		off += len(mask) - (end - begin)
	case off > begin:
		off = begin
	}
	return s[:begin] + mask + s[end:], off
}
