// Package whatwg is the one implementation of the WHATWG URL Standard's
// basic URL parser, host parser and URL serializer in this module
// (https://url.spec.whatwg.org/, sections 3 and 4). Package
// github.com/specuri/specuri/uri/whatwg is its public API; package uri
// uses it to find where a browser reads a password.
//
// A parsed URL is its href, written once while the state machine runs
// (and only from the first byte where it differs from the input: until
// then it is the input's own bytes), and the offsets of its components in
// it. Each state of the basic URL parser is one function named after it
// (schemeStartState, ...), which consumes the run of input it owns and
// returns the next state, or runs it where it is the state realistic URLs
// take next (parser.go); comments cite the state's steps. Where the standard says "decrease pointer by 1"
// before changing state, a state here returns the next state without
// consuming c.
//
// The setters of the URL class (Set, setters.go) run the same states given
// a URL and a state override: the parser then writes the component it
// sets after the href of the components before it, the states take the
// steps the standard gives them for a state override ("If state override
// is given, ..."), and the components after it are copied.
package whatwg

import (
	"errors"
	"math"
	"strconv"
)

// HostKind is the kind of a URL's host (URL Standard, "Host representation").
type HostKind uint8

// The kinds of host.
const (
	NoHost HostKind = iota // null: the URL has no host
	Domain                 // a domain, ASCII after domain to ASCII
	IPv4                   // an IPv4 address, serialized dotted-decimal
	IPv6                   // an IPv6 address, serialized in brackets
	Opaque                 // the opaque host of a non-special URL
	Empty                  // the empty host ("file:///p", "sc://")
)

// MaxHref is the length limit of an href: a parse whose href would be
// longer fails with the kind "too-long" (a limit of this module; the
// standard has none). Inputs longer than MaxHref fail before any work.
// It is 2^32-1, the offsets being 32-bit, or less where an int is
// smaller.
const MaxHref = min(1<<32-1, math.MaxInt)

// Record is a URL record (URL Standard, "URL representation") as its serialization,
// the href, and the offsets of the components in it.
type Record struct {
	Href string
	// SchemeEnd is the offset of the ":" after the scheme. UserEnd is the
	// end of the username; HostStart and HostEnd delimit the serialized
	// host; PathStart is where the path begins (after the "/." the
	// serializer inserts before a path beginning with "//" in a URL
	// without host); QueryStart is the offset of "?", FragStart that of
	// "#", each equal to the next component's start when null.
	SchemeEnd, UserEnd, HostStart, HostEnd, PathStart, QueryStart, FragStart uint32
	Kind                                                                     HostKind
	OpaquePath                                                               bool
}

// Scheme returns the URL's scheme, without ":".
func (u *Record) Scheme() string { return u.Href[:u.SchemeEnd] }

// Username returns the username, percent-encoded.
func (u *Record) Username() string {
	if u.Kind == NoHost {
		return ""
	}
	return u.Href[u.SchemeEnd+3 : u.UserEnd]
}

// Password returns the password, percent-encoded.
func (u *Record) Password() string {
	if u.Kind == NoHost || u.UserEnd >= u.HostStart || u.Href[u.UserEnd] != ':' {
		return ""
	}
	return u.Href[u.UserEnd+1 : u.HostStart-1]
}

// Hostname returns the serialized host, "" when null or empty.
func (u *Record) Hostname() string { return u.Href[u.HostStart:u.HostEnd] }

// Port returns the serialized port, "" when null.
func (u *Record) Port() string {
	if u.Kind == NoHost || u.HostEnd == u.PathStart {
		return ""
	}
	return u.Href[u.HostEnd+1 : u.PathStart]
}

// Path returns the serialized path (the pathname getter).
func (u *Record) Path() string { return u.Href[u.PathStart:u.QueryStart] }

// HasQuery reports a non-null query; Query returns it, without "?".
func (u *Record) HasQuery() bool { return u.QueryStart < u.FragStart }

// Query returns the query, without "?", "" when null.
func (u *Record) Query() string {
	if !u.HasQuery() {
		return ""
	}
	return u.Href[u.QueryStart+1 : u.FragStart]
}

// HasFragment reports a non-null fragment.
func (u *Record) HasFragment() bool { return int(u.FragStart) < len(u.Href) }

// Fragment returns the fragment, without "#", "" when null.
func (u *Record) Fragment() string {
	if !u.HasFragment() {
		return ""
	}
	return u.Href[u.FragStart+1:]
}

// Special reports whether the scheme is special (URL Standard, "URL
// representation": special scheme).
func (u *Record) Special() bool { return IsSpecial(u.Scheme()) }

// IsSpecial reports whether the lower-cased scheme is a special scheme
// (URL Standard, "URL representation").
func IsSpecial(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// DefaultPort returns the default port of a special scheme (URL Standard,
// "URL representation"), or -1. It is the one table of the URL Standard's
// default ports, which the parser and uri/origin call; the RFCs' default
// ports, the same numbers, are package uri's (uri/internal/scheme's
// DefaultPort), and a test there checks that the two agree.
func DefaultPort(scheme string) int {
	switch scheme {
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	case "ftp":
		return 21
	}
	return -1
}

// A ValidationError is a validation error of the URL Standard: the
// parse goes on.
type ValidationError struct {
	Offset int    // byte offset in the input given to the parser
	Kind   string // the standard's name, such as "invalid-reverse-solidus"
}

// An Error is a parse that returns failure: Kind is the name of the
// validation error the standard reports with the failure (such as
// "missing-scheme-non-relative-URL" or "port-out-of-range"), Offset the
// byte offset in the input where the parser met it.
type Error struct {
	Offset int
	Kind   string
}

func (e *Error) Error() string {
	msg := "whatwg: " + e.Kind + " at offset " + strconv.Itoa(e.Offset)
	if h := Hint(e.Kind); h != "" {
		msg += ": " + h
	}
	return msg
}

// Is makes errors.Is(err, ErrFailure) true for every *Error.
func (e *Error) Is(target error) bool { return target == ErrFailure }

// ErrFailure is what every parse failure matches with errors.Is.
var ErrFailure = errors.New("whatwg: the URL parser returns failure")

// Hint returns a short explanation of a validation error's kind, or "".
func Hint(kind string) string { return hints[kind] }

var hints = map[string]string{
	"missing-scheme-non-relative-URL":          "the input has no scheme and there is no base URL (or the base has an opaque path)",
	"host-missing":                             "a special URL needs a host",
	"port-out-of-range":                        "the port is above 65535",
	"port-invalid":                             "the port has a character that is not a digit",
	"domain-to-ASCII":                          "the domain is not a valid domain name (UTS #46 ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength fails)",
	"domain-percent-encoded":                   "the domain has a percent-encoded byte",
	"host-invalid-code-point":                  "the opaque host has a forbidden host code point",
	"IPv4-too-many-parts":                      "an IPv4 address has at most four parts",
	"IPv4-too-few-parts":                       "an IPv4 address has fewer than four parts",
	"IPv4-non-numeric-part":                    "the host ends in a number but a part is not a number",
	"IPv4-out-of-range-part":                   "an IPv4 part is too large",
	"IPv6-unclosed":                            "an IPv6 address lacks its closing ]",
	"IPv6-invalid-compression":                 "an IPv6 address begins with a single :",
	"IPv6-too-many-pieces":                     "an IPv6 address has more than eight pieces",
	"IPv6-multiple-compression":                "an IPv6 address has more than one ::",
	"IPv6-invalid-code-point":                  "an IPv6 address has a character that is not a hex digit, : or .",
	"IPv6-too-few-pieces":                      "an IPv6 address without :: has fewer than eight pieces",
	"IPv6-piece-leading-zero":                  "a piece of an IPv6 address begins with 0",
	"IPv4-in-IPv6-too-many-pieces":             "an IPv4 address in IPv6 comes after more than six pieces",
	"IPv4-in-IPv6-invalid-code-point":          "an IPv4 address in IPv6 is malformed",
	"IPv4-in-IPv6-out-of-range-part":           "an IPv4 part in IPv6 is above 255",
	"IPv4-in-IPv6-too-few-parts":               "an IPv4 address in IPv6 has fewer than four parts",
	"too-long":                                 "the URL is longer than this implementation's limit",
	"invalid-URL-unit":                         "a code point that is not a URL code point, or a % not followed by two hex digits",
	"special-scheme-missing-following-solidus": "a special scheme is not followed by //",
	"invalid-reverse-solidus":                  "\\ used as /",
	"invalid-credentials":                      "the URL includes credentials",
	"IPv4-empty-part":                          "an IPv4 address ends with a .",
	"IPv4-non-decimal-part":                    "an IPv4 part is written in hex or octal",
	"file-invalid-Windows-drive-letter":        "a relative file URL starts with a Windows drive letter",
	"file-invalid-Windows-drive-letter-host":   "a file URL's host is a Windows drive letter",
}
