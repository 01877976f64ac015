package grammar

import (
	"fmt"
	"strings"
)

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

// A nestScanner measures the nesting of groups in a grammar file: src,
// the offset i of the byte it is at, the line of that byte and the depth
// of groups open there.
type nestScanner struct {
	src          string
	i, line      int
	depth, limit int
}

// skipLine moves to the last byte before the end of the line.
func (s *nestScanner) skipLine() {
	for s.i+1 < len(s.src) && s.src[s.i+1] != '\n' {
		s.i++
	}
}

// skipTo moves to the next byte end, or to the end of src, counting the
// lines it passes; with escapes, a backslash escapes the byte after it.
func (s *nestScanner) skipTo(end byte, escapes bool) {
	for s.i++; s.i < len(s.src) && s.src[s.i] != end; s.i++ {
		if escapes && s.src[s.i] == '\\' && s.i+1 < len(s.src) {
			s.countLine()
			s.i++
		}
		s.countLine()
	}
}

// countLine counts the byte at i if it ends a line.
func (s *nestScanner) countLine() {
	if s.src[s.i] == '\n' {
		s.line++
	}
}

// open enters a group and fails past the limit.
func (s *nestScanner) open() error {
	if s.depth++; s.depth > s.limit {
		return &NestingError{Line: s.line, Depth: s.depth}
	}
	return nil
}

// close leaves a group; a stray closing byte is not an error here.
func (s *nestScanner) close() { s.depth = max(s.depth-1, 0) }

// checkABNFNesting measures the nesting of groups and options in an ABNF
// file as RFC 5234 §4 reads it: comments (";" to the end of the line),
// char-vals ("...", no escapes) and prose-vals (<...>) hold no groups.
func checkABNFNesting(src string, limit int) error {
	s := &nestScanner{src: src, line: 1, limit: limit}
	for ; s.i < len(src); s.i++ {
		switch c := src[s.i]; c {
		case '\n':
			s.line++
		case ';':
			s.skipLine()
		case '"', '<':
			s.skipValue(map[byte]byte{'"': '"', '<': '>'}[c])
		case '(', '[':
			if err := s.open(); err != nil {
				return err
			}
		case ')', ']':
			s.close()
		}
	}
	return nil
}

// skipValue moves past an ABNF char-val or prose-val that ends with end,
// or past the newline that ends a bad one.
func (s *nestScanner) skipValue(end byte) {
	for s.i+1 < len(s.src) && s.src[s.i+1] != end && s.src[s.i+1] != '\n' {
		s.i++
	}
	s.i++ // the closing byte, or the newline that ends the bad value
	if s.i < len(s.src) {
		s.countLine()
	}
}

// checkPEGNesting measures the nesting of groups in a pointlander/peg
// file as grammar/pegfile.peg reads it: comments ("#" or "//" to the end
// of the line), literals ('...' and "...") and classes ([...]), with
// their backslash escapes, and the action ({...}) hold no groups.
func checkPEGNesting(src string, limit int) error {
	s := &nestScanner{src: src, line: 1, limit: limit}
	for ; s.i < len(src); s.i++ {
		switch c := src[s.i]; {
		case c == '\n':
			s.line++
		case c == '#' || c == '/' && strings.HasPrefix(src[s.i:], "//"):
			s.skipLine()
		case c == '\'' || c == '"':
			s.skipTo(c, true)
		case c == '[':
			s.skipTo(']', true)
		case c == '{':
			s.skipTo('}', false)
		case c == '(':
			if err := s.open(); err != nil {
				return err
			}
		case c == ')':
			s.close()
		}
	}
	return nil
}
