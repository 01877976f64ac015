// Package pegenrt holds runtime that pegen copies into the parsers it
// writes: each function here is compiled, vetted and tested as Go in this
// package, and pegen reads this file (embedded) and copies a function's
// declaration, with its doc comment, into a generated file that needs it.
// Nothing imports this package; a function's text is its interface, so it
// uses only its parameters and the standard library.
package pegenrt

// pegenSpan returns the end of the run of bytes of class c in s from i,
// 0 <= i <= len(s) (a parser's position). It is one function, never
// inlined, so that the loop every rule's run goes through sits in the
// first 32 bytes of its code: Go aligns a function to 32 bytes and a loop
// not at all, and the same loop inlined in a rule ran up to 30% slower in
// a build that put it across a 64-byte line (RFC 3986's 2kb entry of
// testdata/bench/corpus.txt).
//
//go:noinline
func pegenSpan(c *[256]bool, s string, i int) int {
	_ = c[0]
	for uint(i) < uint(len(s)) && c[s[i]] {
		i++
	}
	return i
}

// pegenSpanPercent returns the end of the run of bytes of class c and of
// percent-encodings, "%" and two bytes of class hex, in s from i,
// 0 <= i <= len(s). Like pegenSpan, it is never inlined.
//
//go:noinline
func pegenSpanPercent(c, hex *[256]bool, s string, i int) int {
	_, _ = c[0], hex[0]
	for {
		for uint(i) < uint(len(s)) && c[s[i]] {
			i++
		}
		if uint(len(s))-uint(i) < 3 || s[i] != '%' || !hex[s[i+1]] || !hex[s[i+2]] {
			return i
		}
		i += 3
	}
}
