// Package whatwg parses URLs as the WHATWG URL Standard
// (https://url.spec.whatwg.org/) defines them: the reading of browsers,
// Node and Deno, beside the RFC 3986 reading of package uri.
//
// [Parse] and [URL.Parse] are the standard's API URL parser: they run the
// basic URL parser ("URL parsing") and return a [URL], whose getters are
// those of the standard's URL class ("URL class"): [URL.Href],
// [URL.Origin], [URL.Protocol], and so on. A URL is its href and the
// offsets of its components: a small comparable immutable value, like
// uri.URI and netip.Addr. [ParseWithErrors] also returns the validation
// errors of a parse that succeeds, with their offsets. [CanParse] and
// [URL.CanParse] are the URL class's canParse: whether Parse succeeds,
// answered without making the URL.
//
// Hosts go through the standard's host parser: the domain parser (UTS #46,
// package uri/idna, beStrict false; its strict ToASCII only reports the
// validation error domain-to-ASCII), the IPv4 number parser, the IPv6
// parser and serializer, and opaque hosts for non-special URLs. The
// validation errors are those of the standard as of July 2026 (whatwg/url
// commit 6ae8486): domain-percent-encoded, IPv4-too-few-parts and
// IPv6-piece-leading-zero included, domain-invalid-code-point gone (a
// domain with a forbidden code point fails with domain-to-ASCII).
//
// The URL class's setters are the With methods ([URL.WithHash],
// [URL.WithPathname], ..., [URL.With] by name): each returns a new URL.
//
// The standard reads a string of scalar values; a Go string may hold
// bytes that are not valid UTF-8, and each such byte is read as U+FFFD.
//
// This parser accepts almost any string, as browsers do: which parser to
// use for untrusted input is said in package uri's documentation,
// "Untrusted input".
//
// Limits: an input or an href longer than [MaxHref] bytes fails with the
// kind "too-long" (the standard has no limit); [ParseWithErrors] returns
// at most [MaxValidationErrors] validation errors. Every parse takes time
// and memory linear in the input and the base's href: the href is at most
// nine times the input (a byte that is not UTF-8 becomes "%EF%BF%BD")
// plus the base's href.
package whatwg

import (
	"errors"
	"strings"

	iw "github.com/specuri/specuri/internal/whatwg"
	"github.com/specuri/specuri/uri"
)

// MaxHref is the longest input and href, in bytes, the parser accepts:
// 2^32−1 (the offsets of a URL are 32-bit), or math.MaxInt where an int is
// smaller. A longer input fails before any work, and a parse whose href
// would be longer fails, with the kind "too-long" (a limit of this module;
// the standard has none).
const MaxHref = iw.MaxHref

// A URL is a URL of the URL Standard ("URL representation"),
// held as its serialization (the href, "URL serializing") and the offsets of
// its components. The zero URL is no URL: its getters return "", and
// parsing against it is parsing without a base.
type URL struct {
	u iw.Record
}

// Parse parses input with no base URL: the URL Standard's API URL parser
// ("URL class": new URL(url)). On failure it returns a *[Error].
func Parse(input string) (URL, error) { return URL{}.Parse(input) }

// Parse parses input against base: the URL Standard's API URL parser
// ("URL class": new URL(url, base)). A zero base is no base.
func (base URL) Parse(input string) (URL, error) {
	u, err := iw.ParseURL(input, base.ptr(), nil)
	return URL{u}, failure(err)
}

// CanParse reports whether [Parse] succeeds on input, without making the
// URL: the URL Standard's URL.canParse(url) ("URL class"). It stops
// where the basic URL parser can no longer fail, before the path, and
// makes no allocation for an ASCII host.
func CanParse(input string) bool { return iw.CanParse(input, nil) }

// CanParse reports whether base.Parse succeeds on input: the URL
// Standard's URL.canParse(url, base), base being the parsed base (a base
// that fails to parse makes canParse return false before input is read).
// A zero base is no base.
func (base URL) CanParse(input string) bool { return iw.CanParse(input, base.ptr()) }

// MaxValidationErrors is the most validation errors ParseWithErrors
// returns for one parse, 100; the parse itself goes on.
const MaxValidationErrors = iw.MaxValidationErrors

// ParseWithErrors is [Parse] that also returns the validation errors of
// the parse (URL Standard, validation errors), in the order the parser met
// them, at most [MaxValidationErrors]. Validation errors do not make a
// parse fail; they are returned with a failure too.
func ParseWithErrors(input string) (URL, []ValidationError, error) {
	return URL{}.ParseWithErrors(input)
}

// ParseWithErrors is [URL.Parse] that also returns the validation errors
// of the parse (URL Standard, validation errors).
func (base URL) ParseWithErrors(input string) (URL, []ValidationError, error) {
	var errs []iw.ValidationError
	u, err := iw.ParseURL(input, base.ptr(), &errs)
	var verrs []ValidationError
	if len(errs) > 0 {
		verrs = make([]ValidationError, len(errs))
		for i, e := range errs {
			verrs[i] = ValidationError(e)
		}
	}
	return URL{u}, verrs, failure(err)
}

// MustParse is [Parse] that panics on failure, for tests and constants.
func MustParse(input string) URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}

func (u URL) ptr() *iw.Record {
	if u.u.Href == "" {
		return nil
	}
	return &u.u
}

// IsZero reports whether u is the zero URL.
func (u URL) IsZero() bool { return u.u.Href == "" }

// Href returns the URL serializer's output (URL Standard, "URL serializing";
// the href getter).
func (u URL) Href() string { return u.u.Href }

// String returns [URL.Href].
func (u URL) String() string { return u.u.Href }

// Protocol returns the scheme followed by ":" (URL Standard, the protocol
// getter).
func (u URL) Protocol() string {
	if u.IsZero() {
		return ""
	}
	return u.u.Href[:u.u.SchemeEnd+1]
}

// Scheme returns the scheme, lower-cased, without ":" (URL Standard,
// "URL representation": scheme).
func (u URL) Scheme() string {
	if u.IsZero() {
		return ""
	}
	return u.u.Scheme()
}

// Username returns the username, percent-encoded (URL Standard,
// the username getter).
func (u URL) Username() string {
	if u.IsZero() {
		return ""
	}
	return u.u.Username()
}

// Password returns the password, percent-encoded (URL Standard,
// the password getter).
func (u URL) Password() string {
	if u.IsZero() {
		return ""
	}
	return u.u.Password()
}

// Host returns the serialized host and, if the port is not null, ":" and
// the port (URL Standard, the host getter); "" when the host is null.
func (u URL) Host() string {
	if u.IsZero() || u.u.Kind == iw.NoHost {
		return ""
	}
	return u.u.Href[u.u.HostStart:u.u.PathStart]
}

// Hostname returns the serialized host (URL Standard, the hostname
// getter): a domain, "1.2.3.4", "[::1]", an opaque host, or "" when it is
// null or empty.
func (u URL) Hostname() string {
	if u.IsZero() {
		return ""
	}
	return u.u.Hostname()
}

// Port returns the port in decimal, "" when it is null (URL Standard,
// the port getter). A special scheme's default port is null.
func (u URL) Port() string {
	if u.IsZero() {
		return ""
	}
	return u.u.Port()
}

// Pathname returns the serialized path (URL Standard, "URL path
// serializer"; the pathname getter).
func (u URL) Pathname() string {
	if u.IsZero() {
		return ""
	}
	return u.u.Path()
}

// Search returns "?" and the query, or "" when the query is null or
// empty (URL Standard, the search getter).
func (u URL) Search() string {
	if q := u.Query(); q != "" {
		return "?" + q
	}
	return ""
}

// Query returns the query without "?" (URL Standard, "URL
// representation": query): "" when it is null or empty; [URL.Search]
// tells them apart no better, and the href does ("?" alone is an empty
// query).
func (u URL) Query() string {
	if u.IsZero() {
		return ""
	}
	return u.u.Query()
}

// Hash returns "#" and the fragment, or "" when the fragment is null or
// empty (URL Standard, the hash getter).
func (u URL) Hash() string {
	if u.IsZero() || !u.u.HasFragment() || u.u.Fragment() == "" {
		return ""
	}
	return u.u.Href[u.u.FragStart:]
}

// HasOpaquePath reports whether the path is opaque (URL Standard, section
// 4.1: "mailto:x", "data:,x").
func (u URL) HasOpaquePath() bool { return u.u.OpaquePath }

// Origin returns the serialization of u's origin (URL Standard, section
// 4.7; HTML's "serialization of an origin"): "scheme://host[:port]" for
// http, https, ws, wss and ftp; for blob, the origin of the URL its path
// parses as, when that is an http or https URL; "null", an opaque origin,
// otherwise (file included, as the standard advises).
func (u URL) Origin() string {
	switch u.Scheme() {
	case "http", "https", "ws", "wss", "ftp":
		if int(u.u.HostStart) == int(u.u.SchemeEnd)+3 {
			// No credentials: the href up to the path is the origin.
			return u.u.Href[:u.u.PathStart]
		}
		return u.Protocol() + "//" + u.Host()
	case "blob":
		p, err := Parse(u.Pathname())
		if err == nil && (p.Scheme() == "http" || p.Scheme() == "https") {
			return p.Origin()
		}
	}
	return "null"
}

// MarshalText implements encoding.TextMarshaler: the href.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.u.Href), nil }

// AppendText implements encoding.TextAppender: the href appended to b.
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.u.Href...), nil }

// UnmarshalText implements encoding.TextUnmarshaler: [Parse] of text.
// Empty text gives the zero URL.
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// URI returns the RFC 3986 reading of u's href (uri.Parse). Most hrefs
// are URIs: the serializer percent-encodes spaces, controls, non-ASCII
// and most code points RFC 3986 forbids. Not every one is: the URL
// Standard leaves as written "[", "]", "\", "^", "|", "{", "}" and "`"
// in a query, an opaque path or a fragment (some of them), "[", "]" and
// "|" in a path ("\" too in a non-special URL), "%" not followed by two
// hex digits anywhere, and code points a reg-name forbids ("{", "}", "`",
// ...) in the opaque host of a non-special URL. For those URI returns an
// error wrapping [ErrNotURI] and uri.Parse's error.
func (u URL) URI() (uri.URI, error) {
	if u.IsZero() {
		return uri.URI{}, ErrNotURI
	}
	v, err := uri.Parse(u.u.Href)
	if err != nil {
		return uri.URI{}, errors.Join(ErrNotURI, err)
	}
	return v, nil
}

// Redacted returns the href with the password, if any, replaced by
// "xxxxx", as net/url's URL.Redacted does.
func (u URL) Redacted() string {
	pw := u.Password()
	if pw == "" {
		return u.u.Href
	}
	var b strings.Builder
	end := int(u.u.HostStart) - 1 // the "@"
	b.WriteString(u.u.Href[:end-len(pw)])
	b.WriteString("xxxxx")
	b.WriteString(u.u.Href[end:])
	return b.String()
}

// Hint returns a short explanation of a validation error's kind (URL
// Standard, validation errors), or "" for a kind it does not know.
func Hint(kind string) string { return iw.Hint(kind) }
