package grammar

import "fmt"

// MaxNesting is the deepest nesting of groups that ReadABNF and ReadPEG
// accept: "(...)" and "[...]" in ABNF (RFC 5234 §3.5, §3.8), "(...)" in
// PEG. The generated parsers of grammar/abnf.peg and grammar/pegfile.peg
// and the readers recurse once per level, so a file nested deeper is
// refused, with the line where it passes the limit, before they run.
// The grammars of RFC 3986, RFC 3987, RFC 6874 and RFC 6068 nest at most
// 8 deep.
const MaxNesting = 100

// A NestingError reports a grammar file whose groups nest deeper than
// MaxNesting.
type NestingError struct {
	Line  int // the line of the group that passes the limit
	Depth int // the limit plus one
}

// Error implements error.
func (e *NestingError) Error() string {
	return fmt.Sprintf("line %d: groups nested %d deep, more than the limit of %d", e.Line, e.Depth, e.Depth-1)
}

// checkABNFNesting measures the nesting of groups and options in an ABNF
// file as RFC 5234 §4 reads it: comments (";" to the end of the line),
// char-vals ("...", no escapes) and prose-vals (<...>) hold no groups.
func checkABNFNesting(src string, limit int) error {
	depth, line := 0, 1
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '\n':
			line++
		case ';':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case '"', '<':
			end := byte('"')
			if c == '<' {
				end = '>'
			}
			for i+1 < len(src) && src[i+1] != end && src[i+1] != '\n' {
				i++
			}
			i++ // the closing byte, or the newline that ends the bad value
			if i < len(src) && src[i] == '\n' {
				line++
			}
		case '(', '[':
			if depth++; depth > limit {
				return &NestingError{Line: line, Depth: depth}
			}
		case ')', ']':
			depth = max(depth-1, 0)
		}
	}
	return nil
}

// checkPEGNesting measures the nesting of groups in a pointlander/peg
// file as grammar/pegfile.peg reads it: comments ("#" or "//" to the end
// of the line), literals ('...' and "...") and classes ([...]), with
// their backslash escapes, and the action ({...}) hold no groups.
func checkPEGNesting(src string, limit int) error {
	depth, line := 0, 1
	skipTo := func(i int, end byte, escapes bool) int {
		for i++; i < len(src) && src[i] != end; i++ {
			switch {
			case src[i] == '\n':
				line++
			case escapes && src[i] == '\\' && i+1 < len(src):
				i++
				if src[i] == '\n' {
					line++
				}
			}
		}
		return i
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '\n':
			line++
		case '#':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i+1 < len(src) && src[i+1] != '\n' {
					i++
				}
			}
		case '\'', '"':
			i = skipTo(i, c, true)
		case '[':
			i = skipTo(i, ']', true)
		case '{':
			i = skipTo(i, '}', false)
		case '(':
			if depth++; depth > limit {
				return &NestingError{Line: line, Depth: depth}
			}
		case ')':
			depth = max(depth-1, 0)
		}
	}
	return nil
}
