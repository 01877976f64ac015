package whatwg

import (
	"errors"

	iw "github.com/specuri/specuri/internal/whatwg"
)

// A ValidationError is a validation error of the URL Standard (its table
// of validation errors): the parse goes on.
type ValidationError struct {
	// Offset is the byte offset in the input where the parser met it.
	Offset int
	// Kind is the standard's name of the error: "invalid-reverse-solidus",
	// "IPv4-non-decimal-part", ... ([Hint] explains it).
	Kind string
}

// An Error is a parse that returns failure (URL Standard, "URL parsing").
// Its message holds no byte of the input.
type Error struct {
	// Offset is the byte offset in the input where the parser failed.
	Offset int
	// Kind is the name of the validation error the standard reports with
	// the failure ("missing-scheme-non-relative-URL", "host-missing",
	// "port-out-of-range", "domain-to-ASCII", ...), or "too-long" for an
	// input or an href over [MaxHref].
	Kind string
}

// Error returns "whatwg: KIND at offset N" and the kind's [Hint].
func (e *Error) Error() string { return (&iw.Error{Offset: e.Offset, Kind: e.Kind}).Error() }

// Is makes errors.Is(err, [ErrFailure]) true for every *Error.
func (e *Error) Is(target error) bool { return target == ErrFailure }

// ErrFailure matches every parse failure with errors.Is.
var ErrFailure = iw.ErrFailure

// failure returns the *Error of the internal parser's error err, or nil.
func failure(err error) error {
	if e, ok := err.(*iw.Error); ok {
		return &Error{Offset: e.Offset, Kind: e.Kind}
	}
	return err
}

// ErrSetter is returned by [URL.With] for a name that is not a setter of
// the URL class.
var ErrSetter = errors.New("whatwg: not a setter of the URL class (href, protocol, username, password, host, hostname, port, pathname, search or hash)")

// ErrNotURI is returned by [URL.URI] for an href that is no RFC 3986 URI.
var ErrNotURI = errors.New("whatwg: the href is not an RFC 3986 URI")
