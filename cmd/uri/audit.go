package main

import (
	"fmt"
	"os"

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
Usage: uri audit [--abnf FILE] [--peg FILE] [--map FROM=TO] [--json]

Compare every rule of an ABNF grammar (RFC 5234) with the rule of the PEG
grammar that transcribes it, found by mapping its name (--map -=_ turns
hier-part into hier_part), and print one verdict per ABNF rule:

  same         identical after the transcription rules: quoted strings as
               case-insensitive literals, %x ranges as character ranges,
               counted repetition written out
  equivalent   the same language by transformations the audit checks: a
               helper rule inlined, single-character rules written as one
               character class (the byte sets are compared), an ABNF rule
               written inline, alternatives reordered, [ *n( a b ) a ]
               written ( a *n( b a ) ), an empty match written &.?
  deviation    a real difference: lookaheads added, explained by a "#peg:"
               comment next to the rule (shown), or a "#peg: deviation:"
  missing      no PEG rule of the mapped name
  unexplained  any other difference, "#abnf:" lines that do not quote
               the ABNF rule, or an ABNF rule written inline without a
               "#peg: inline" line that names it

It then lists the PEG rules that are not in the ABNF with the purpose
their "#helper:" comment gives, and a summary line. Run it from the root of
the repository, or name the files.

With --json, the report is one JSON object with the keys rules, helpers,
counts, summary and ok.

Exit status: 0 when the audit passes, 1 when a rule is missing or
unexplained or a helper rule has no "#helper:" comment, 2 on a usage error
or a file that cannot be read.

Examples:

	uri audit
	uri audit --abnf grammar/abnf.abnf --peg grammar/abnf.peg
	uri audit --json | jq .summary
`

func runAudit(e *env, args []string) int {
	fs := newFlags(e, "audit", auditHelp)
	abnfFile := fs.String("abnf", "grammar/rfc3986.abnf", "the ABNF grammar (RFC 5234)")
	pegFile := fs.String("peg", "grammar/rfc3986.peg", "the PEG grammar that transcribes it")
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
	a, err := readGrammarFile(*abnfFile, audit.ReadABNF)
	if err != nil {
		fmt.Fprintf(e.stderr, "uri audit: %v\n", err)
		return exitUsage
	}
	p, err := readGrammarFile(*pegFile, audit.ReadPEG)
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

func readGrammarFile(name string, read func(string) (*audit.Grammar, error)) (*audit.Grammar, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	g, err := read(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return g, nil
}
