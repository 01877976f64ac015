package dataurl

import (
	"errors"
	"fmt"
	"strings"
)

// The errors of Data and ProcessWeb, which their errors wrap.
var (
	// ErrTooLarge: the decoded data would be larger than MaxDataSize.
	ErrTooLarge = errors.New("dataurl: data larger than the limit")
	// ErrBase64: the data after ";base64" is not base64: for URL.Data, an
	// incomplete final quantum or data after the padding (RFC 2045 §6.8);
	// for ProcessWeb, a failure of forgiving-base64 decode (Infra
	// Standard).
	ErrBase64 = errors.New("dataurl: invalid base64 data")
	// ErrNotData: ProcessWeb's input is not a URL of the "data" scheme.
	ErrNotData = errors.New("dataurl: not a data: URL")
	// ErrMalformed: ProcessWeb's input is a data: URL the Fetch
	// Standard's data: URL processor returns failure for: it has no ","
	// before its body (step 7).
	ErrMalformed = errors.New("dataurl: malformed data: URL")
)

// dataError is an error of Data or ProcessWeb: one of the errors above
// with what went wrong. Its message is "dataurl: ", the context, ": " and
// the message of the error it wraps without that error's own "dataurl: ",
// so that the prefix is written once ("dataurl: ProcessWeb: a body over
// 67108864 bytes: data larger than the limit").
type dataError struct {
	context string
	err     error
}

func (e *dataError) Error() string {
	return "dataurl: " + e.context + ": " + strings.TrimPrefix(e.err.Error(), "dataurl: ")
}

func (e *dataError) Unwrap() error { return e.err }

// errorf returns err with the context that format and args give.
func errorf(err error, format string, args ...any) error {
	return &dataError{context: fmt.Sprintf(format, args...), err: err}
}
