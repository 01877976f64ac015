package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/specuri/specuri/internal/audit"
)

func init() {
	register(&command{
		name:    "audit",
		summary: "compare a PEG grammar with the ABNF it transcribes, rule by rule",
		run:     runAudit,
	})
}

const auditHelp = `
Usage: uri audit [--abnf FILE]... [--peg FILE]... [--map FROM=TO] [--json]

Compare every rule of an ABNF grammar (RFC 5234) with the rule of the PEG
grammar that transcribes it, found by mapping its name (--map -=_ turns
hier-part into hier_part), and print one verdict per ABNF rule:

  same         identical after the transcription rules: quoted strings as
               case-insensitive literals, %x ranges as character ranges
               (\0x escapes beyond one byte, such as [\0xA0-\0xD7FF], are
               code points), counted repetition written out
  equivalent   the same language by transformations the audit checks: a
               helper rule inlined, single-character rules written as one
               character class (the sets of code points are compared), an
               ABNF rule written inline, alternatives reordered,
               [ *n( a b ) a ] written ( a *n( b a ) ), an empty match
               written &.?
  deviation    a real difference: lookaheads added, explained by a "#peg:"
               comment next to the rule (shown), or a "#peg: deviation:"
  missing      no PEG rule of the mapped name (or one that is not reachable
               from the first rule, so not generated)
  unexplained  any other difference, "#abnf:" lines that do not quote
               the ABNF rule, or an ABNF rule written inline without a
               "#peg: inline" line that names it

It then lists the PEG rules that are not in the ABNF with the purpose
their "#helper:" comment gives, and a summary line. Run it from the root of
the repository, or name the files.

A grammar that extends another (RFC 6874 or RFC 3987 on top of RFC 3986)
is given as several files: repeat --abnf and --peg, the extension first.
The rules are the union of the files' rules, and a rule of an earlier file
replaces the rule of the same name of a later file. Of the PEG rules, only
those reachable from the first rule of the first file are kept, as
pointlander/peg generates only those. The rules audited are those of the
first ABNF file, those the PEG has a rule for, and the rules they use; the
other rules of later ABNF files are listed as unused. The table then has a
FILES column with the file and line of the ABNF rule and of the PEG rule.

With --json, the report is one JSON object with the keys rules, helpers,
counts, summary and ok, and for several files unused, and a file (PEG),
abnfFile and abnfLine for each rule.

Exit status: 0 when the audit passes, 1 when a rule is missing or
unexplained or a helper rule has no "#helper:" comment, 2 on a usage error
or a file that cannot be read.

Examples:

	uri audit
	uri audit --abnf grammar/abnf.abnf --peg grammar/abnf.peg
	uri audit --abnf grammar/rfc6874.abnf --abnf grammar/rfc3986.abnf \
	          --peg grammar/rfc6874.peg --peg grammar/rfc3986.peg
	uri audit --json | jq .summary
`

// fileList is a repeatable flag: the files of one grammar, in order.
type fileList struct {
	files []string
	def   string
}

func (l *fileList) String() string {
	if l == nil || len(l.files) == 0 {
		if l == nil {
			return ""
		}
		return l.def
	}
	return strings.Join(l.files, ",")
}

func (l *fileList) Set(s string) error {
	l.files = append(l.files, s)
	return nil
}

// names returns the files given, or the default.
func (l *fileList) names() []string {
	if len(l.files) == 0 {
		return []string{l.def}
	}
	return l.files
}

func runAudit(e *env, args []string) int {
	fs := newFlags(e, "audit", auditHelp)
	abnfFiles := &fileList{def: "grammar/rfc3986.abnf"}
	pegFiles := &fileList{def: "grammar/rfc3986.peg"}
	fs.Var(abnfFiles, "abnf", "the ABNF grammar (RFC 5234); repeat for a grammar of several files, the overriding one first")
	fs.Var(pegFiles, "peg", "the PEG grammar that transcribes it; repeat as --abnf, the file with the start rule first")
	mapping := fs.String("map", "-=_", "how ABNF rule names become PEG rule names: FROM=TO")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "uri audit: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	m, err := audit.ParseNameMap(*mapping)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri audit: %v\n", err)
		return exitUsage
	}
	a, err := readGrammarFiles(abnfFiles.names(), audit.ReadABNF, audit.ComposeABNF)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri audit: %v\n", err)
		return exitUsage
	}
	p, err := readGrammarFiles(pegFiles.names(), audit.ReadPEG, audit.ComposePEG)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri audit: %v\n", err)
		return exitUsage
	}
	rep := audit.Audit(a, p, m)
	if *asJSON {
		enc := newEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = rep.WriteTable(e.stdout)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "uri audit: %v\n", err)
		return exitUsage
	}
	if !rep.OK {
		return exitInvalid
	}
	return exitOK
}

// readGrammarFiles reads the grammar of names: one file as it is, several
// composed (the rules of each then name their file).
func readGrammarFiles(names []string, read func(string) (*audit.Grammar, error),
	compose func(...audit.GrammarFile) (*audit.Grammar, error)) (*audit.Grammar, error) {
	var files []audit.GrammarFile
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		g, err := read(string(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		files = append(files, audit.GrammarFile{Name: name, Grammar: g})
	}
	if len(files) == 1 {
		return files[0].Grammar, nil
	}
	return compose(files...)
}
