package uri

// This file is the rendering of an error under the input.

import (
	"strconv"
	"strings"
)

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
