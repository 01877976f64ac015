// Package grammar holds the grammars specuri's parsers are generated from,
// so that a built program can read them: the ABNF of each RFC (RFC 5234)
// verbatim, and the PEG grammar that transcribes it rule by rule. See
// README.md in this directory for the transcription rules. Which files make
// which grammar is the table of package internal/grammar (Sets).
package grammar

import "embed"

// Files holds every ABNF (*.abnf) and PEG (*.peg) file of this directory,
// by file name ("rfc3986.abnf").
//
//go:embed *.abnf *.peg
var Files embed.FS
