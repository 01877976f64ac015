// Package scheme matches URIs against the grammars that URI schemes add
// to RFC 3986 (§3.1: each scheme "may further restrict the syntax and
// semantics of identifiers"): urn (RFC 8141), file (RFC 8089), mailto
// (RFC 6068), http, https, ws and wss (RFC 9110, RFC 9112, RFC 6455), and
// data (RFC 2397). It is the one place that parses with those generated
// grammars: package uri's scheme rules and the packages uri/urn,
// uri/mailto, uri/httptarget and uri/dataurl all call it. A text goes in;
// what comes out is either the spans of the rules its caller reads, or a
// [Failure]: the offset, the ABNF rule that could not continue there, the
// section that defines that rule as the generated package says it, and a
// hint where the likely mistake is known.
//
// Nothing here runs when the package is imported: a program that does not
// check a scheme links none of these grammars.
package scheme

import "sync"

// A Span is where a rule matched in the text, [Begin, End), and whether
// it matched at all.
type Span struct {
	Begin, End int
	OK         bool
}

// Of returns the text of sp in s, and whether sp matched.
func (sp Span) Of(s string) (string, bool) {
	if !sp.OK {
		return "", false
	}
	return s[sp.Begin:sp.End], true
}

// A Failure says why a text is not an instance of a scheme's rule.
type Failure struct {
	// Rule is the ABNF name of the rule that matched up to Offset and
	// could not continue there, or the rule matched when nothing matched.
	Rule string
	// Section is the section of the specification that defines Rule.
	Section string
	// Offset is the byte offset of the first byte that no rule could
	// match, or the text's length.
	Offset int
	// Hint, when not empty, is the likely mistake, with its section.
	Hint string
	// None reports that not even the first rule matched (Offset is 0).
	None bool
}

// A lazy runs setup once, before the first match of a grammar: it looks
// the grammar's rules up and makes its Pool (each grammar's Pool keeps its
// reusable parsers, with the one cap of package pegenrt), so that
// importing this package runs no code of a grammar a program never
// matches.
type lazy struct {
	once  sync.Once
	setup func()
}

// do runs setup, the first time.
func (l *lazy) do() { l.once.Do(l.setup) }
