package fileuri

import (
	"errors"
	"strings"
)

// The errors of ToPath and FromPath, which their errors wrap.
var (
	// ErrNotFile: the URI's scheme is not "file".
	ErrNotFile = errors.New("fileuri: not a file URI")
	// ErrNotLocal: a POSIX path for a URI whose host is neither empty nor
	// "localhost" (RFC 8089 §2: a file on another machine).
	ErrNotLocal = errors.New("fileuri: the host is not the local machine")
	// ErrRelative: the path is not absolute in its style (RFC 8089 §2:
	// a file URI's path is absolute).
	ErrRelative = errors.New("fileuri: not an absolute path")
	// ErrNUL: the path has a NUL byte, raw or percent-encoded, which no
	// file system name holds.
	ErrNUL = errors.New("fileuri: NUL byte in a path")
	// ErrSeparator: a path segment of the URI decodes to a separator of
	// the style ("%2F"; "%5C" for Windows), which a file name cannot hold.
	ErrSeparator = errors.New("fileuri: encoded path separator in a segment")
	// ErrDotSegment: a path segment of the URI is "." or ".." written
	// with percent-encoding ("%2E%2E"), a dot-segment that
	// remove_dot_segments (RFC 3986 §5.2.4) does not see.
	ErrDotSegment = errors.New("fileuri: percent-encoded dot-segment")
	// ErrUnsupported: a part of the URI or path that a file path has no
	// place for: a query, a userinfo, a port, an IPv6 host for a UNC
	// path, a POSIX path starting with "//", a Windows device path
	// ("\\?\", "\\.\"), a UNC path to "localhost", a Windows name that is
	// no file name (a stream, a device, a trailing dot or space; see the
	// package documentation) or invalid UTF-8 in a Windows path.
	ErrUnsupported = errors.New("fileuri: not representable")
)

// pathError is an error of ToPath or FromPath: one of the errors above, or
// an error of package uri, with the context where it arose. Its message
// is "fileuri: ", the context, ": " and the message of the error it wraps
// without that error's own "fileuri: ", so that the prefix is written
// once ("fileuri: ToPath: a query: not representable").
type pathError struct {
	context string
	err     error
}

func (e *pathError) Error() string {
	return "fileuri: " + e.context + ": " + strings.TrimPrefix(e.err.Error(), "fileuri: ")
}

func (e *pathError) Unwrap() error { return e.err }

// errorf returns err in context (see pathError).
func errorf(context string, err error) error { return &pathError{context: context, err: err} }
