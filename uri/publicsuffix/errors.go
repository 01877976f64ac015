package publicsuffix

import (
	"errors"
	"strconv"
)

// The errors of EffectiveTLDPlusOne, beside the *idna.Error of a name that
// fails domain to ASCII. Test them with errors.Is.
var (
	// ErrIPAddress: an IP address has no public suffix.
	ErrIPAddress = errors.New("publicsuffix: an IP address has no public suffix")
	// ErrEmptyLabel: the name has an empty label (a leading dot, two dots
	// in a row, or nothing at all), so no registrable domain.
	ErrEmptyLabel = errors.New("publicsuffix: the name has an empty label")
	// ErrPublicSuffix: the name is a public suffix; no label is left of it.
	ErrPublicSuffix = errors.New("publicsuffix: the name is a public suffix")
)

// Limits of Parse.
const (
	// MaxListSize is the most bytes Parse reads: 16 times the list of
	// 2026 (333 KB), which is 10,248 rules.
	MaxListSize = 16 << 20
	// MaxRuleLength is the longest line Parse reads.
	MaxRuleLength = 4096
)

// A ParseError is why Parse refused a list: a line that is not a rule
// (Err is the *idna.Error of a rule that fails domain to ASCII, nil for
// the others), or a limit (Line is 0 for the list's size).
type ParseError struct {
	Line int    // the line's number, from 1
	Msg  string // what is wrong with it
	Err  error  // the cause, or nil
}

func (e *ParseError) Error() string {
	s := "publicsuffix: line " + strconv.Itoa(e.Line) + ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *ParseError) Unwrap() error { return e.Err }
