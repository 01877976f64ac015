// Package pegenrt is the runtime of the parsers that internal/pegen
// generates (gen/), in two parts.
//
// What is the same for every grammar is this package's API, which every
// generated package imports: the token a match records (Token, and Node
// with its first descendant), the tree of tokens (Tree), the span slots
// of span mode (Spans), what the grammar files say of each rule (Table),
// and the limits of a parser and a pool (MaxInput, MaxPooled): parser.go.
// A generated package names them as its own (type Token = pegenrt.Token),
// and code that reads several grammars (package uri's engine,
// uri/internal/scheme, cmd/uri explain, internal/spanstest) uses them as
// they are, one type for every grammar.
//
// The code of a generated parser that pegen writes into the generated
// file, compiled, vetted and tested as Go here: pegen embeds the files
// and copies a declaration, with its doc comment, into a generated file
// that needs it (runtimeDecls in internal/pegen).
//
//   - span.go: functions the same for every grammar, which use only their
//     parameters and the standard library (their text is their interface).
//     They are copied, not called here, so that each sits in its
//     package's code beside the rules that call it.
//   - grammar.go: declarations the same for every grammar that use the
//     parser's state, in place of peg's.
//   - fragments.go: models of the code that differs by grammar, written
//     with the placeholders of shape.go (a rule ruleX, a class table
//     classRun, ...), which pegen fills in on the syntax tree with the
//     grammar's own identifiers and literals. They are a file of this
//     package, not a package of their own, as they use grammar.go's
//     runtime and it uses them (call, reset).
//   - shape.go: what a generated file declares itself, and the
//     placeholders; pegen copies none of it.
package pegenrt

// pegenSpan returns the end of the run of bytes of class c in s from i,
// 0 <= i <= len(s) (a parser's position). It reads four bytes a turn of
// its first loop, each test leaving it at once with the exact end, and the
// last bytes one at a time: a turn costs a compare and a jump less per
// byte than a loop of one byte, and a run of paths and queries is often
// longer than four. The loops index s with i, not a sliced string, and
// need no bounds checks: a sliced string costs a masked pointer at every
// step.
//
// It is one function, never inlined, so that the loops every rule's run
// goes through sit at the start of its code: Go aligns a function to 32
// bytes and a loop not at all, and the same loop inlined in a rule ran up
// to 30% slower in a build that put it across a 64-byte line (RFC 3986's
// 2kb entry of testdata/bench/corpus.txt).
//
//go:noinline
func pegenSpan(c *[256]bool, s string, i int) int {
	_ = c[0]
	if uint(i) >= uint(len(s)) {
		return i
	}
	for ; i < len(s)-3; i += 4 {
		if !c[s[i]] {
			return i
		}
		if !c[s[i+1]] {
			return i + 1
		}
		if !c[s[i+2]] {
			return i + 2
		}
		if !c[s[i+3]] {
			return i + 3
		}
	}
	for uint(i) < uint(len(s)) && c[s[i]] {
		i++
	}
	return i
}

// pegenSpanPercent returns the end of the run of bytes of class c and of
// percent-encodings, "%" and two bytes of class hex, in s from i,
// 0 <= i <= len(s). While three bytes are left, each turn of its first
// loop reads one percent-encoding, or up to four bytes of class c (one
// when fewer than four are left), or up to the first that is not; then
// the last two bytes as pegenSpan does. Like pegenSpan, it indexes s with
// i, needs no bounds checks, is never inlined, and calls nothing: it
// needs no frame. A call to pegenSpan per run, as it made before, moved
// the arguments through the stack around every call, which made a query
// of short runs between percent-encodings ("dl=https%3A%2F%2Fexample...")
// 1.2 to 1.5 times slower. The test of uint(i) in the first loop's
// condition is what tells the compiler that i is not negative in its
// body.
//
//go:noinline
func pegenSpanPercent(c, hex *[256]bool, s string, i int) int {
	for uint(i) < uint(len(s)) && i < len(s)-2 {
		switch {
		case !c[s[i]]:
			if s[i] != '%' || !hex[s[i+1]] || !hex[s[i+2]] {
				return i
			}
			i += 3
		case i >= len(s)-3 || !c[s[i+1]]:
			i++
		case !c[s[i+2]]:
			i += 2
		case !c[s[i+3]]:
			i += 3
		default:
			i += 4
		}
	}
	for uint(i) < uint(len(s)) && c[s[i]] {
		i++
	}
	return i
}
