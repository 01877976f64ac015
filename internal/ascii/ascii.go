// Package ascii holds the one test of whether a text is ASCII (RFC 20:
// every byte below 0x80), which the parsers, package idna, package
// uri/confusion and the command all ask before the work that only
// non-ASCII text needs.
package ascii

// Is reports whether every byte of s is ASCII (below 0x80). It is one
// scan with no allocation, small enough for the compiler to inline.
func Is(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
