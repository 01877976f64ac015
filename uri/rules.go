package uri

import (
	"fmt"
	"strings"
	"sync"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6874"
)

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
	Len() int
	At(i int) T
	Furthest() T
	Keep(rules ...R)
	Cap() int
}

// An engine parses with one generated grammar: RFC 3986, or one that
// extends it (RFC 6874, RFC 3987), whose rules map to the same components
// by name.
type engine[R ~uint8, T token[R], P matcher[R, T]] struct {
	name    func(R) string // ABNF name of a rule
	infos   [256]ruleInfo
	entries [numEntries]R
	pct     R // pct-encoded
	host    R // host (ihost)
	port    R // port
	lookup  func(string) (R, bool)
	rename  func(string) string
	// zoned: the grammar has zone identifiers (RFC 6874 §2).
	zoned bool
	pool  parserPool[P]
	// unicode is the syntax of a value with a non-ASCII byte, for a
	// grammar of characters beyond ASCII (RFC 3987); 0 for the others.
	unicode Syntax
}

// newEngine builds the engine of a grammar. lookup finds a rule by its
// ABNF name; rename maps an RFC 3986 rule name to the grammar's name for
// the same rule (RFC 3987 prefixes "i": ihost), or returns it unchanged.
func newEngine[R ~uint8, T token[R], P matcher[R, T]](
	newParser func() P, lookup func(string) (R, bool), name func(R) string, rename func(string) string,
) *engine[R, T, P] {
	e := &engine[R, T, P]{name: name, lookup: lookup, rename: rename}
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
	e.host, e.port = rule("host"), rule("port")
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
	e.pool.New = func() any {
		p := newParser()
		p.Keep(kept...) // build needs only these
		return p
	}
	return e
}

// The engines of the grammars.
var (
	std   = newEngine(rfc3986.NewParser, rfc3986.Lookup, rfc3986.Rule.String, same)
	zones = newEngine(rfc6874.NewParser, rfc6874.Lookup, rfc6874.Rule.String, same)
	iris  = unicodeEngine(newEngine(rfc3987.NewParser, rfc3987.Lookup, rfc3987.Rule.String, iriName), RFC3987)
)

// unicodeEngine sets the syntax of e's values with non-ASCII bytes (RFC
// 3987) as e is created, so that package-level values parsed with it
// during initialization have it too.
func unicodeEngine[R ~uint8, T token[R], P matcher[R, T]](e *engine[R, T, P], x Syntax) *engine[R, T, P] {
	e.unicode = x
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
	p := e.get()
	if !p.Match(r, s) {
		err := e.newError(p, r, s)
		e.put(p)
		return URI{}, err
	}
	u := e.build(p, s)
	e.put(p)
	if e.unicode != 0 && !isASCII(s) {
		u.syntax = e.unicode
	}
	return u, nil
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
	pe := &ParseError{Want: name, Rule: name, Offset: end, Kind: UnexpectedByte, Byte: -1}
	if end >= len(s) {
		pe.Offset, pe.Kind = len(s), UnexpectedEnd
	} else {
		e.classify(p, pe, s)
	}
	return pe
}

func (e *engine[R, T, P]) valid(want int, s string) bool {
	if tooLong(len(s)) {
		return false
	}
	p := e.get()
	ok := p.Match(e.entries[want], s)
	e.put(p)
	return ok
}

// build maps the tokens of a successful match to components. Every rule
// application on the matching path left a token, children before parents.
func (e *engine[R, T, P]) build(p P, s string) URI {
	u := URI{s: s}
	if sp, ok := any(p).(*rfc3986.Parser); ok {
		// The default grammar, without the indirect calls of generic code.
		for i, n := 0, sp.Len(); i < n; i++ {
			t := sp.At(i)
			u.apply(&e.infos[t.Rule], t.Begin, t.End)
		}
		return u
	}
	for i, n := 0, p.Len(); i < n; i++ {
		r, begin, end := p.At(i).Span()
		u.apply(&e.infos[r], begin, end)
	}
	return u
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
