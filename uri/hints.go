package uri

import "strings"

// The hints of [ParseError.Hint] for mistakes that are common in links
// typed or pasted by people.
const (
	hintSpace = `a space is not allowed in a URI: write it "%20"`
	hintColon = `a scheme ends with ":" before "//" ("http://"): without it, this is a relative reference`
)

// missingColon reports whether s starts with what is likely a scheme
// whose ":" was left out: a match of the scheme rule (RFC 3986 §3.1)
// followed by "//" ("http//example.com").
func missingColon(s string) bool {
	i := strings.Index(s, "//")
	return i > 0 && std.matches(uint8(ruleScheme), s[:i])
}

// withHint joins a message and a hint, leaving out a citation that ends
// the hint when the message ends with one: a message cites one section,
// that of the rule that failed ("a port is digits only" after "(RFC 3986
// §3.2.3)").
func withHint(msg, hint string) string {
	if strings.HasSuffix(msg, ")") && strings.HasSuffix(hint, ")") {
		if open := strings.LastIndex(hint, " ("); open >= 0 && strings.Contains(hint[open:], "§") {
			hint = hint[:open]
		}
	}
	return msg + "; " + hint
}
