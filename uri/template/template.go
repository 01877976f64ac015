package template

import (
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/gen/rfc6570"
	"github.com/specuri/specuri/uri"
)

// Template is a parsed URI Template (RFC 6570 §2):
//
//	URI-Template  = *( literals / expression )
//
// It keeps the template text and its parts, literals and expressions, in
// order. A Template is immutable and safe for concurrent use. The zero
// value is the empty template, which expands to "".
type Template struct {
	raw   string
	parts []tpart
	exprs []texpr
	vars  []tvar
	names []string
}

// tpart is a part of a template (RFC 6570 §2): its text is raw from off to
// the next part's off (or the end), an expression exprs[expr], or a
// literal where expr is -1. Parts, expressions and variables are kept as
// offsets into the template, so that a template takes memory of a few
// bytes a byte; [Template.Parts] builds the exported [Part] values.
type tpart struct {
	off, expr int32
}

// texpr is an expression (RFC 6570 §2.2): raw[off:end], "{" to "}", whose
// variables are vars[vars:vars+nvars].
type texpr struct {
	off, end    int32
	vars, nvars int32
	op          Operator
}

// tvar is a varspec (RFC 6570 §2.3, §2.4): the varname raw[off:end], the
// max-length of its prefix modifier (0 for none), and whether it has the
// explode modifier.
type tvar struct {
	off, end int32
	prefix   int16
	explode  bool
}

// lit returns the literal text of the part i, which is one.
func (t *Template) lit(i int) string {
	end := len(t.raw)
	if i+1 < len(t.parts) {
		end = int(t.parts[i+1].off)
	}
	return t.raw[t.parts[i].off:end]
}

// varspec returns the variable j as a [Varspec].
func (t *Template) varspec(j int32) Varspec {
	v := &t.vars[j]
	return Varspec{Name: t.raw[v.off:v.end], Prefix: int(v.prefix), Explode: v.explode}
}

// name returns the name of the variable j.
func (t *Template) name(j int32) string { return t.raw[t.vars[j].off:t.vars[j].end] }

// Part is one part of a template (RFC 6570 §2): a run of literal
// characters (§2.1) or an expression (§2.2). Exactly one of Literal and
// Expr is set. Offset is the byte offset of the part in the template.
// Literal is the text as written, pct-encoded triplets included.
type Part struct {
	Offset  int
	Literal string
	Expr    *Expression
}

// Operator is the operator of an expression (RFC 6570 §2.2): 0 for simple
// string expansion (§3.2.2), or one of '+' (§3.2.3), '#' (§3.2.4), '.'
// (§3.2.5), '/' (§3.2.6), ';' (§3.2.7), '?' (§3.2.8) and '&' (§3.2.9).
// The operators reserved for future extensions (op-reserve: "=", ",",
// "!", "@", "|") are in the grammar, so Parse accepts them, but RFC 6570
// §2.2 defines no expansion for them: [Template.Expand] fails with a
// [ReservedOperator] error.
type Operator byte

// Expression is an expression of a template (RFC 6570 §2.2):
//
//	expression    =  "{" [ operator ] variable-list "}"
//
// Offset is the byte offset of its "{" in the template.
type Expression struct {
	Offset int
	Op     Operator
	Vars   []Varspec
}

// Varspec is a variable of an expression with its modifier (RFC 6570
// §2.3, §2.4):
//
//	varspec       =  varname [ modifier-level4 ]
//
// Name is the varname as written (its pct-encoded triplets are part of the
// name, §2.3). Prefix is the max-length of a prefix modifier (§2.4.1,
// 1 to 9999), or 0 for none; Explode reports an explode modifier
// (§2.4.2).
type Varspec struct {
	Name    string
	Prefix  int
	Explode bool
}

// The rules of grammar/rfc6570.peg that Parse maps to a Template.
var (
	ruleTemplate  = rfc6570.MustLookup("URI-Template")
	ruleExpr      = rfc6570.MustLookup("expression")
	ruleOperator  = rfc6570.MustLookup("operator")
	ruleVarspec   = rfc6570.MustLookup("varspec")
	ruleVarlist   = rfc6570.MustLookup("variable-list")
	ruleVarname   = rfc6570.MustLookup("varname")
	ruleMaxLength = rfc6570.MustLookup("max-length")
	ruleExplode   = rfc6570.MustLookup("explode")
	rulePct       = rfc6570.MustLookup("pct-encoded")
)

// parsers keeps reusable parsers (the generated Pool: creating one costs
// far more than a match, and each Match resets all of a parser's state),
// recording the tokens of these rules only.
var parsers = rfc6570.NewPool(ruleTemplate, ruleExpr, ruleOperator, ruleVarspec,
	ruleVarname, ruleMaxLength, ruleExplode)

// want is the Want of the errors of Parse: the ABNF rule of RFC 6570 §2.
const want = "URI-Template"

// Parse parses s as a URI Template (RFC 6570 §2).
//
// s must match URI-Template as transcribed in grammar/rfc6570.peg; otherwise the
// error is a [*uri.ParseError] with Want "URI-Template", the offset of the
// first byte that cannot be matched, the ABNF rule that could not
// continue there, and Kind:
//   - [uri.UnexpectedEnd] when s ends too early ("{var");
//   - [uri.BadPercent], Rule "pct-encoded", for a "%" not followed by two
//     hexadecimal digits (RFC 3986 §2.1);
//   - [uri.InvalidUTF8] for bytes that are not UTF-8 (RFC 6570 §1.6);
//   - [uri.UnexpectedChar], with Char, for a non-ASCII character that is
//     not allowed there (a literal must be a ucschar or iprivate, §2.1);
//   - [uri.UnexpectedByte] otherwise, with Byte.
//
// The grammar applies the verified RFC 6570 Errata ID 6937, which corrects
// literals (§2.1) to "%x21 / %x23-24 / %x26-3B / ...": an apostrophe ("'",
// a sub-delim of RFC 3986 §2.2) is a literal, so "'{var}'" is a template.
//
// A template longer than [uri.MaxLength] bytes is a [uri.TooLong] error.
// [uri.ParseError.Render] draws the error under s.
//
// What the grammar allows but RFC 6570 §3 makes an error at expansion is
// not a parse error: a prefix modifier on a list or associative array
// (§2.4.1), which depends on the values, and a reserved operator (§2.2).
// [Template.Expand] reports them as an [*ExpandError].
func Parse(s string) (*Template, error) {
	if len(s) > uri.MaxLength {
		return nil, &uri.ParseError{Want: want, Offset: 0, Rule: want, Kind: uri.TooLong, Byte: -1}
	}
	p := parsers.Get()
	defer parsers.Put(p)
	b := newBuilder(s)
	// The template is matched in chunks that end before a "{", which no
	// literal (§2.1) and no expression's inside (§2.2) holds: each is a
	// run of whole parts, so the parser's tokens take memory for one
	// chunk, not the whole template. An error is found again on the
	// whole template, for its offset and rule.
	for start := 0; start < len(s); {
		if end := bigExprEnd(s, start); end > 0 {
			if !b.bigExpr(p, start, end) {
				p.Match(ruleTemplate, s)
				return nil, parseError(p, s)
			}
			start = end
			continue
		}
		end := chunkEnd(s, start)
		if !p.Match(ruleTemplate, s[start:end]) {
			p.Match(ruleTemplate, s)
			return nil, parseError(p, s)
		}
		// Tokens come in the order their rules finished: a rule after
		// the rules it used, and the parts of the template in input
		// order.
		for i, n := 0, p.Tokens().Len(); i < n; i++ {
			b.token(p.Tokens().At(i), start)
		}
		start = end
	}
	b.literal(len(s))
	b.t.names = varnames(b.t)
	return b.t, nil
}

// chunkSize is the least length of a chunk of a template that Parse
// matches at once.
const chunkSize = 4096

// chunkEnd returns the end of the chunk of s that starts at start: the
// first "{" at least chunkSize bytes on, or one that begins an expression
// longer than chunkSize (see bigExprEnd), or the end of s.
func chunkEnd(s string, start int) int {
	for i := start; ; {
		j := strings.IndexByte(s[i:], '{')
		if j < 0 {
			return len(s)
		}
		j += i
		if j > start && (j-start >= chunkSize || bigExprEnd(s, j) > 0) {
			return j
		}
		k := strings.IndexByte(s[j:], '}')
		if k < 0 {
			return len(s)
		}
		i = j + k + 1
	}
}

// bigExprEnd returns the end of the expression that begins at s[start]
// where it is longer than chunkSize, else 0.
func bigExprEnd(s string, start int) int {
	if s[start] != '{' {
		return 0
	}
	if k := strings.IndexByte(s[start:], '}'); k > chunkSize {
		return start + k + 1
	}
	return 0
}

// bigExpr adds the expression s[start:end], longer than chunkSize, to
// the template (RFC 6570 §2.2): its variable-list is matched in pieces of
// about chunkSize bytes that end before a ",", which no varspec holds,
// so that the parser's tokens take memory for one piece. It reports
// false where the expression does not match.
func (b *builder) bigExpr(p *rfc6570.Parser, start, end int) bool {
	s := b.t.raw
	i := start + 1
	if p.Match(ruleOperator, s[i:i+1]) {
		b.token(rfc6570.Token{Rule: uint8(ruleOperator), Begin: 0, End: 1}, i)
		i++
	}
	for {
		j := end - 1
		if i+chunkSize < j {
			if k := strings.IndexByte(s[i+chunkSize:j], ','); k >= 0 {
				j = i + chunkSize + k
			}
		}
		if !p.Match(ruleVarlist, s[i:j]) {
			return false
		}
		for k, n := 0, p.Tokens().Len(); k < n; k++ {
			b.token(p.Tokens().At(k), i)
		}
		if j == end-1 {
			break
		}
		i = j + 1
	}
	b.token(rfc6570.Token{Rule: uint8(ruleExpr), Begin: start, End: end}, 0)
	return true
}

// builder maps the tokens of a parse of URI-Template to a Template. A
// literal is the text between two expressions.
type builder struct {
	t   *Template
	v   tvar // the current varspec
	op  Operator
	ev  int32 // the first variable of the current expression
	pos int   // the end of the last expression
}

// newBuilder returns a builder for the template s, with room for its
// parts: at most one expression a "{", a literal before each and one at
// the end, and a variable a "{" or ",".
func newBuilder(s string) builder {
	n := strings.Count(s, "{")
	return builder{t: &Template{raw: s,
		parts: make([]tpart, 0, 2*n+1),
		exprs: make([]texpr, 0, n),
		vars:  make([]tvar, 0, n+strings.Count(s, ","))}}
}

// token adds the token tok, of a chunk at offset base, to the template.
func (b *builder) token(tok rfc6570.Token, base int) {
	begin, end := int32(tok.Begin+base), int32(tok.End+base)
	switch rfc6570.Rule(tok.Rule) {
	case ruleOperator:
		b.op = Operator(b.t.raw[begin])
	case ruleVarname:
		b.v = tvar{off: begin, end: end}
	case ruleMaxLength:
		for _, c := range []byte(b.t.raw[begin:end]) {
			b.v.prefix = b.v.prefix*10 + int16(c-'0') // at most 4 digits, §2.4.1
		}
	case ruleExplode:
		b.v.explode = true
	case ruleVarspec:
		b.t.vars = append(b.t.vars, b.v)
		b.v = tvar{}
	case ruleExpr:
		b.literal(int(begin))
		n := int32(len(b.t.vars))
		b.t.parts = append(b.t.parts, tpart{off: begin, expr: int32(len(b.t.exprs))})
		b.t.exprs = append(b.t.exprs, texpr{off: begin, end: end, vars: b.ev, nvars: n - b.ev, op: b.op})
		b.ev, b.op, b.pos = n, 0, int(end)
	}
}

// literal adds the literal from the end of the last expression to end,
// if there is one.
func (b *builder) literal(end int) {
	if end > b.pos {
		b.t.parts = append(b.t.parts, tpart{off: int32(b.pos), expr: -1})
	}
}

// varnames returns the name of each variable of t once, in the order of
// first use.
func varnames(t *Template) []string {
	var names []string
	seen := make(map[string]bool)
	for j := range t.vars {
		if name := t.name(int32(j)); !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	return names
}

// parseError builds the error for a failed match of URI-Template against
// s (RFC 6570 §2). It runs on the error path only.
func parseError(p *rfc6570.Parser, s string) *uri.ParseError {
	far := p.Furthest()
	e := &uri.ParseError{Want: want, Offset: far.End, Kind: uri.UnexpectedByte, Byte: -1}
	if r := rfc6570.Rule(far.Rule).ABNFRule(); r != 0 {
		e.Rule = r.String()
	} else {
		e.Rule = want
	}
	if far.Rule == 0 {
		e.Rule, e.Offset = want, 0
	}
	if e.Offset < len(s) && s[e.Offset] == '{' {
		// No token ends inside an expression that failed before its first
		// varname: ask the grammar's own rules how far it goes.
		e.Rule, e.Offset = "expression", exprStop(p, s, e.Offset)
	}
	if e.Offset >= len(s) {
		e.Offset, e.Kind = len(s), uri.UnexpectedEnd
		return withSection(e)
	}
	b := s[e.Offset]
	e.Byte = int(b)
	switch {
	case b >= utf8.RuneSelf:
		r, size := utf8.DecodeRuneInString(s[e.Offset:])
		if r == utf8.RuneError && size <= 1 {
			e.Kind = uri.InvalidUTF8
		} else {
			e.Kind, e.Char = uri.UnexpectedChar, r
		}
	case b == '%' && !p.Match(rulePct, s[e.Offset:min(e.Offset+3, len(s))]):
		e.Kind, e.Rule = uri.BadPercent, "pct-encoded"
	}
	e.Hint = hint(e, s)
	return withSection(e)
}

// withSection fills in the Section of e: that of its rule in RFC 6570's
// grammar, or for an InvalidUTF8 error that of Want.
func withSection(e *uri.ParseError) *uri.ParseError {
	name := e.Rule
	if e.Kind == uri.InvalidUTF8 {
		name = e.Want
	}
	if r, ok := rfc6570.Lookup(name); ok {
		e.Section = r.Section()
	}
	return e
}

// The hints of the errors of Parse ([uri.ParseError.Hint]).
const (
	hintPrefix  = "a prefix modifier is \":\" and a max-length of 1 to 9999 (RFC 6570 §2.4.1)"
	hintLiteral = "this character is not allowed in a template: write it pct-encoded (RFC 6570 §2.1)"
	hintBrace   = "a \"}\" outside an expression is not allowed: write it pct-encoded, %7D (RFC 6570 §2.1)"
)

// hint returns the Hint for the error e in s, or "".
func hint(e *uri.ParseError, s string) string {
	if e.Kind != uri.UnexpectedByte {
		return ""
	}
	b := s[e.Offset]
	// Outside expressions: after literals, at the start, or after an
	// expression's "}".
	outside := e.Rule == "literals" || e.Rule == want ||
		e.Rule == "expression" && e.Offset > 0 && s[e.Offset-1] == '}'
	switch {
	case e.Rule == "variable-list" && (b == ':' || '0' <= b && b <= '9'):
		// A varspec ended at a ":" or a digit: the prefix did not match.
		return hintPrefix
	case !outside:
		return ""
	case b == '}':
		return hintBrace
	case b <= ' ' || b == 0x7f || strings.IndexByte("\"<>\\^`|", b) >= 0:
		return hintLiteral
	}
	return ""
}

// exprStop returns the offset of the first byte that cannot be matched in
// the expression that starts with the "{" at s[at] (RFC 6570 §2.2), when
// no rule of it matched: after the "{" and any operator, where
// variable-list stops.
func exprStop(p *rfc6570.Parser, s string, at int) int {
	start := at + 1
	if start < len(s) && p.Match(ruleOperator, s[start:start+1]) {
		start++
	}
	if start >= len(s) || p.Match(ruleVarlist, s[start:]) {
		return len(s)
	}
	return start + p.Furthest().End
}

// MustParse is like [Parse] but panics if s is not a URI Template (RFC
// 6570 §2). It is for tests and hard-coded templates.
func MustParse(s string) *Template {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// String returns the template text (RFC 6570 §2), byte for byte as given
// to Parse.
func (t *Template) String() string { return t.raw }

// Parts returns the literals and expressions of t in order (RFC 6570
// §2.1, §2.2). They are copies: changing them does not change t.
func (t *Template) Parts() []Part {
	parts := make([]Part, len(t.parts))
	for i, p := range t.parts {
		parts[i].Offset = int(p.off)
		if p.expr < 0 {
			parts[i].Literal = t.lit(i)
			continue
		}
		parts[i].Expr = t.expression(p.expr)
	}
	return parts
}

// expression returns the expression i as an [Expression].
func (t *Template) expression(i int32) *Expression {
	e := &t.exprs[i]
	x := &Expression{Offset: int(e.off), Op: e.op, Vars: make([]Varspec, e.nvars)}
	for j := range x.Vars {
		x.Vars[j] = t.varspec(e.vars + int32(j))
	}
	return x
}

// Varnames returns the name of each variable of t (RFC 6570 §2.3) once, in
// the order of first use.
func (t *Template) Varnames() []string {
	return append([]string(nil), t.names...)
}

// MarshalText returns the template text (RFC 6570 §2), as String does.
func (t *Template) MarshalText() ([]byte, error) { return []byte(t.raw), nil }

// AppendText appends the template text (RFC 6570 §2) to b.
func (t *Template) AppendText(b []byte) ([]byte, error) { return append(b, t.raw...), nil }

// UnmarshalText parses text as a URI Template with [Parse] (RFC 6570 §2)
// and sets *t to it; on error *t is unchanged.
func (t *Template) UnmarshalText(text []byte) error {
	p, err := Parse(string(text))
	if err != nil {
		return err
	}
	*t = *p
	return nil
}
