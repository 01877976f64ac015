package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/specuri/specuri/grammar"
	"github.com/specuri/specuri/internal/audit"
	model "github.com/specuri/specuri/internal/grammar"
)

var auditCmd = &command{
	name:    "audit",
	summary: "compare a PEG grammar with the ABNF it transcribes, rule by rule",
	help:    auditHelp,
	input:   input{json: "report"},
	setup:   auditSetup,
}

// auditHelp is the help of uri audit; {{grammars}} becomes the audited
// grammars of the table of internal/grammar and their files.
var auditHelp = strings.Replace(auditHelpText, "{{grammars}}", auditedList(), 1)

const auditHelpText = `
Usage: uri audit [--summary] [--json] [--map FROM=TO] [--abnf FILE]... [--peg FILE]... [GRAMMAR...]

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
their "#helper:" comment gives, and a summary line.

The grammars of specuri are built into the program: with no file named,
uri audit checks each GRAMMAR named, or all of them, from its built-in
copy, shown under its name in the repository (grammar/rfc3986.peg):

{{grammars}}
--abnf and --peg read files instead, for one grammar: the files given
replace that side of the GRAMMAR named (rfc3986 if none), and the other
side stays built in.

A grammar that extends another (RFC 6874 or RFC 3987 on top of RFC 3986)
is given as several files: repeat --abnf and --peg, the extension first.
The rules are the union of the files' rules, and a rule of an earlier file
replaces the rule of the same name of a later file. Of the PEG rules, only
those reachable from the first rule of the first file are kept, as
pointlander/peg generates only those. The rules audited are those of the
first ABNF file, those the PEG has a rule for, and the rules they use; the
other rules of later ABNF files are listed as unused. The table then has a
FILES column with the file and line of the ABNF rule and of the PEG rule.

With several grammars, each table is preceded by a line naming the
grammar and its files ("== rfc3987: grammar/rfc3987.peg grammar/rfc3986.peg
against grammar/rfc3987.abnf"). With --summary, each grammar that passes gets one
line, "ok" with its name and summary; one that fails gets its whole table,
then "FAIL" with its name and summary.

With --json, the report of each grammar is one JSON object with the keys
rules, helpers, counts, summary and ok, grammar for a built-in grammar,
and for several files unused, and a file (PEG), abnfFile and abnfLine for
each rule.

Exit status: 0 when the audit passes, 1 when a rule is missing or
unexplained or a helper rule has no "#helper:" comment, 2 on a usage error
or a file that cannot be read.

Examples:

	uri audit --summary
	uri audit rfc6874
	uri audit --peg my.peg
	uri audit --abnf grammar/rfc6874.abnf --abnf grammar/rfc3986.abnf \
	          --peg grammar/rfc6874.peg --peg grammar/rfc3986.peg
	uri audit --json rfc3986 | jq .summary
`

// auditedList lists the grammars that uri audit checks by default, one a
// line, with their PEG and ABNF files.
func auditedList() string {
	paths := func(names []string) string {
		var ps []string
		for _, n := range names {
			ps = append(ps, model.Path(n))
		}
		return strings.Join(ps, " ")
	}
	var b strings.Builder
	for _, set := range model.Sets() {
		if set.Audit {
			fmt.Fprintf(&b, "  %-9s %s\n  %9s against %s\n", set.Name, paths(set.PEG), "", paths(set.ABNF))
		}
	}
	return b.String()
}

// fileList is a repeatable flag: the files of one grammar, in order.
type fileList []string

func (l *fileList) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

func (l *fileList) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// A grammarFile is one file of a grammar to audit: a name to show, and
// how to read it.
type grammarFile struct {
	name string
	read func() ([]byte, error)
}

// builtinFile is the file name of the grammar package, as the repository
// has it.
func builtinFile(name string) grammarFile {
	return grammarFile{model.Path(name), func() ([]byte, error) { return fs.ReadFile(grammar.Files, name) }}
}

// diskFile is a file named on the command line.
func diskFile(name string) grammarFile {
	return grammarFile{name, func() ([]byte, error) { return os.ReadFile(name) }}
}

// An auditTarget is one audit to run: a grammar and its ABNF.
type auditTarget struct {
	name      string // the grammar of the table (internal/grammar), or "" if files were named
	abnf, peg []grammarFile
}

// label is how the output names t: the grammar's name, or its first PEG
// file.
func (t *auditTarget) label() string {
	if t.name != "" {
		return t.name
	}
	return t.peg[0].name
}

func auditSetup(flags *flag.FlagSet, p *pipeline) func([]string) int {
	var abnfFiles, pegFiles fileList
	flags.Var(&abnfFiles, "abnf", "an ABNF grammar file (RFC 5234) to read instead of the built-in one; repeat for a grammar of several files, the overriding one first")
	flags.Var(&pegFiles, "peg", "a PEG grammar file that transcribes it; repeat as --abnf, the file with the start rule first")
	mapping := flags.String("map", "-=_", "how ABNF rule names become PEG rule names: FROM=TO")
	summary := flags.Bool("summary", false, "print one line per grammar that passes, and the whole table of one that fails")
	return func(args []string) int {
		if p.json && *summary {
			return p.usageError("--json and --summary cannot be combined")
		}
		m, err := audit.ParseNameMap(*mapping)
		if err != nil {
			// The message of ParseNameMap quotes the value unmasked.
			return p.usageError("--map " + quoteArg(*mapping) + ": want FROM=TO, such as -=_")
		}
		targets, err := auditTargets(args, abnfFiles, pegFiles)
		if err != nil {
			return p.usageError(err.Error())
		}
		for i, t := range targets {
			a, err := readGrammarFiles(t.abnf, model.ReadABNF, model.ComposeABNF)
			if err != nil {
				return p.end(err)
			}
			g, err := readGrammarFiles(t.peg, model.ReadPEG, model.ComposePEG)
			if err != nil {
				return p.end(err)
			}
			rep := audit.Audit(a, g, m)
			if err := writeAudit(p.env, t, rep, len(targets) > 1, i > 0, p.json, *summary); err != nil {
				return p.end(err)
			}
			if !rep.OK {
				p.fail()
			}
		}
		return p.status
	}
}

// auditTargets returns the audits that the grammar names and the files of
// the command line ask for: the named grammars, or all of them, or with
// files the first (rfc3986), whose files they replace.
func auditTargets(names []string, abnfFiles, pegFiles []string) ([]auditTarget, error) {
	sets, err := auditSets(names)
	if err != nil {
		return nil, err
	}
	if len(sets) == 0 {
		sets = auditable()
		if len(abnfFiles) > 0 || len(pegFiles) > 0 {
			sets = sets[:1] // rfc3986
		}
	}
	var targets []auditTarget
	for _, set := range sets {
		targets = append(targets, auditTarget{name: set.Name,
			abnf: grammarFiles(set.ABNF, builtinFile), peg: grammarFiles(set.PEG, builtinFile)})
	}
	if len(abnfFiles) == 0 && len(pegFiles) == 0 {
		return targets, nil
	}
	if len(targets) > 1 {
		return nil, fmt.Errorf("--abnf and --peg replace the files of one grammar, not of %d", len(targets))
	}
	t := &targets[0]
	t.name = ""
	if len(abnfFiles) > 0 {
		t.abnf = grammarFiles(abnfFiles, diskFile)
	}
	if len(pegFiles) > 0 {
		t.peg = grammarFiles(pegFiles, diskFile)
	}
	return targets, nil
}

// auditable returns the grammars of the table that can be audited.
func auditable() []model.Set {
	var known []model.Set
	for _, set := range model.Sets() {
		if set.Audit {
			known = append(known, set)
		}
	}
	return known
}

// auditSets returns the grammars that names name, in order, or an error
// naming the first unknown one, with a guess and the list of those known.
func auditSets(names []string) ([]model.Set, error) {
	var sets []model.Set
	for _, n := range names {
		set, ok := model.Lookup(n)
		if !ok || !set.Audit {
			var all []string
			for _, k := range auditable() {
				all = append(all, k.Name)
			}
			msg := "unknown grammar " + quoteArg(n)
			if g := suggest(n, all); g != "" {
				msg += "; did you mean " + g + "?"
			}
			return nil, fmt.Errorf("%s (known: %s)", msg, strings.Join(all, ", "))
		}
		sets = append(sets, set)
	}
	return sets, nil
}

// grammarFiles returns the files of names, each made by file (builtinFile
// or diskFile); nil for no name.
func grammarFiles(names []string, file func(string) grammarFile) []grammarFile {
	var files []grammarFile
	for _, n := range names {
		files = append(files, file(n))
	}
	return files
}

// writeAudit writes the report rep of t: as JSON, as a summary line when it
// passes and summary is set, else as a table, headed by the grammar's name
// and files when several grammars are audited (many), after a blank line
// for all but the first (sep).
func writeAudit(e *env, t auditTarget, rep *audit.Report, many, sep, asJSON, summary bool) error {
	if asJSON {
		enc := newEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Grammar string `json:"grammar,omitempty"`
			*audit.Report
		}{t.name, rep})
	}
	if summary && rep.OK {
		_, err := fmt.Fprintf(e.stdout, "ok    %-8s %s\n", t.label(), rep.Summary)
		return err
	}
	if sep && !summary {
		fmt.Fprintln(e.stdout)
	}
	if many || summary {
		fmt.Fprintf(e.stdout, "== %s: %s against %s\n", t.label(), fileNames(t.peg), fileNames(t.abnf))
	}
	if err := rep.WriteTable(e.stdout); err != nil {
		return err
	}
	if summary {
		_, err := fmt.Fprintf(e.stdout, "FAIL  %-8s %s\n", t.label(), rep.Summary)
		return err
	}
	return nil
}

// fileNames joins the names of files with spaces.
func fileNames(files []grammarFile) string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.name
	}
	return strings.Join(names, " ")
}

// readGrammarFiles reads the grammar of files: one file as it is, several
// composed (the rules of each then name their file), with model.Read, as
// the code generator does.
func readGrammarFiles(files []grammarFile, read func(string) (*model.Grammar, error),
	compose func(...model.GrammarFile) (*model.Grammar, error)) (*model.Grammar, error) {
	var srcs []model.Source
	for _, f := range files {
		b, err := f.read()
		if err != nil {
			// os.ReadFile's error quotes the name as given, unmasked.
			var pe *fs.PathError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%s: %v", quoteArg(pe.Path), pe.Err)
			}
			return nil, err
		}
		srcs = append(srcs, model.Source{Name: f.name, Text: string(b)})
	}
	return model.Read(srcs, read, compose)
}
