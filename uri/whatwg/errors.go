package whatwg

import (
	"errors"

	iw "github.com/specuri/specuri/internal/whatwg"
)

// A ValidationError is a validation error of the URL Standard: Kind is its name ("invalid-reverse-solidus", "IPv4-non-decimal-part",
// ...), Offset the byte offset in the input where the parser met it.
type ValidationError = iw.ValidationError

// An Error is a parse that returns failure (URL Standard, "URL parsing"):
// Kind is the name of the validation error the standard reports with the
// failure ("missing-scheme-non-relative-URL", "host-missing",
// "port-out-of-range", "domain-to-ASCII", ...), or "too-long" for an input
// over [MaxHref]; Offset is the byte offset in the input. Its message
// holds no byte of the input.
type Error = iw.Error

// ErrFailure matches every parse failure with errors.Is.
var ErrFailure = iw.ErrFailure

// ErrNotURI is returned by [URL.URI] for an href that is no RFC 3986 URI.
var ErrNotURI = errors.New("whatwg: the href is not an RFC 3986 URI")
