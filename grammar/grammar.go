// Package grammar holds the grammars specuri's parsers are generated from,
// so that a built program can read them: the ABNF of each RFC (RFC 5234)
// verbatim, and the PEG grammar that transcribes it rule by rule. See
// README.md in this directory for the transcription rules.
package grammar

import "embed"

// Files holds every ABNF (*.abnf) and PEG (*.peg) file of this directory,
// by file name ("rfc3986.abnf").
//
//go:embed *.abnf *.peg
var Files embed.FS

// A Pair is a PEG grammar and the ABNF (RFC 5234) it transcribes, each
// given as the names of its files in [Files]. A grammar that extends or
// borrows from another lists several files, its own first: a rule of an
// earlier file replaces the rule of the same name of a later file.
type Pair struct {
	Name string   // the grammar's name, that of its first PEG file without ".peg"
	ABNF []string // the ABNF files
	PEG  []string // the PEG files
}

// Audited returns the grammars that `uri audit` compares with their ABNF
// when no file is named, the checks of `make audit`: RFC 3986 Appendix A,
// the ABNF of RFC 5234 §4 that the audit itself reads, RFC 6874 §2 and RFC
// 3987 §2.2 on top of RFC 3986, and RFC 6068 §2. Each call returns a new
// slice.
func Audited() []Pair {
	return []Pair{
		{"rfc3986", []string{"rfc3986.abnf"}, []string{"rfc3986.peg"}},
		{"abnf", []string{"abnf.abnf"}, []string{"abnf.peg"}},
		{"rfc6874", []string{"rfc6874.abnf", "rfc3986.abnf"}, []string{"rfc6874.peg", "rfc3986.peg"}},
		{"rfc3987", []string{"rfc3987.abnf"}, []string{"rfc3987.peg", "rfc3986.peg"}},
		{"rfc6068", []string{"rfc6068.abnf"}, []string{"rfc6068.peg"}},
	}
}
