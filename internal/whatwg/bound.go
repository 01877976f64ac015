package whatwg

// DomainBound returns a bound of the length, in bytes, of the host that
// the basic URL parser, with no base, gives the host parser when it
// parses s (URL Standard, "URL parsing"): 0 when it gives none, because s
// has no scheme or a scheme that is not special, whose hosts are opaque
// hosts and never go through domain to ASCII. It reads s once and
// allocates nothing, so that a caller can refuse a host too long for what
// it means to do with it before the parse.
//
// For a special scheme, the parser skips the "/" and "\" after "scheme:"
// (the special authority slashes and ignore slashes states; for "file",
// the file and file slash states, which skip at most two), and the
// authority state ends the authority at the first "/", "\", "?" or "#"
// after them; the host is part of the authority. The bound is the length
// of that run of s, with leading C0 controls and spaces and every tab
// and newline skipped, as the parser's first steps remove them.
func DomainBound(s string) int {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	scheme, i := specialScheme(s, i)
	if scheme == "" {
		return 0
	}
	slashes := -1 // any number
	if scheme == "file" {
		slashes = 2
	}
	for ; i < len(s) && slashes != 0; i++ {
		if c := s[i]; c == '/' || c == '\\' {
			slashes--
		} else if !isTabOrNewline(c) {
			break
		}
	}
	return authorityBound(s[i:])
}

// specialScheme reads the scheme of s from i as the scheme start and
// scheme states do (an ASCII alpha, then alphanumerics, "+", "-" and ".",
// up to ":"), tabs and newlines skipped, and returns it lower-cased with
// the offset after its ":" when it is special, or "".
func specialScheme(s string, i int) (string, int) {
	var scheme [len("https")]byte
	n := 0
	for ; i < len(s); i++ {
		c := s[i]
		if isTabOrNewline(c) {
			continue
		}
		if c == ':' || schemeClass[c] == schemeOther || n == 0 && !isAlpha(c) || n == len(scheme) {
			break
		}
		scheme[n] = c | 0x20 // lower case; no special scheme has "+", "-" or "."
		n++
	}
	if i == len(s) || s[i] != ':' || !IsSpecial(string(scheme[:n])) {
		return "", 0
	}
	return string(scheme[:n]), i + 1
}

// authorityBound returns the length of s up to its first "/", "\", "?"
// or "#", tabs and newlines not counted.
func authorityBound(s string) int {
	bound := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/', '\\', '?', '#':
			return bound
		case '\t', '\n', '\r':
		default:
			bound++
		}
	}
	return bound
}
