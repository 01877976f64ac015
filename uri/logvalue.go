package uri

import (
	"log/slog"
	"strconv"
)

// LogValue implements [slog.LogValuer]: a URI is logged as [URI.Redacted]
// returns it, with any password masked (RFC 3986 §3.2.1, §7.5), so that
// slog.Any("url", u) never writes one. slog calls it only for a URI that is
// an attribute's value itself: inside a struct, a slice or a map, or
// formatted with %v or %s (fmt.Sprint, slog's message), a URI is written
// by [URI.String], password included; log u.Redacted() there.
func (u URI) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }

// GoString implements [fmt.GoStringer], for the %#v verb: the Go
// expression that parses u again, such as
// uri.MustParseReference("http://user:xxxxx@example.com/"), with any
// password masked as [URI.Redacted] masks it (RFC 3986 §3.2.1, §7.5). A
// value that needs an extension of RFC 3986 is shown parsed with its
// [URI.Syntax]: uri.RFC6874.MustParseReference("…") for a zone
// identifier, uri.RFC3987.MustParseReference("…") for an IRI.
func (u URI) GoString() string {
	fn := "uri.MustParseReference("
	switch u.syntax {
	case RFC6874:
		fn = "uri.RFC6874.MustParseReference("
	case RFC3987:
		fn = "uri.RFC3987.MustParseReference("
	}
	return fn + strconv.Quote(u.Redacted()) + ")"
}

// String returns the comparison's result as the name of its rung of the
// ladder (RFC 3986 §6.2): "exact", "syntax-based" or "scheme-based", or
// "different: " followed by the first component that differs, such as
// "different: host" ("different" if none is named).
func (c Comparison) String() string {
	if c.Level == Different && c.Component != "" {
		return c.Level.String() + ": " + c.Component
	}
	return c.Level.String()
}
