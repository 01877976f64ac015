// Package audit compares a PEG transcription of an ABNF grammar with the
// ABNF it transcribes (RFC 5234), rule by rule, and runs ABNF directly.
//
// The grammars are read and composed by package internal/grammar, into its
// expression form ([grammar.Expr]). [Audit] gives each ABNF rule a
// verdict; [Matcher] recognises inputs with full (unordered) ABNF
// alternation; [Generator] derives random strings.
//
// The structural audit is `uri audit`. The semantic audit is the fuzz
// targets FuzzAgree and FuzzRules of this package: the parser generated
// from grammar/rfc3986.peg and a Matcher running grammar/rfc3986.abnf must
// accept the same inputs (RFC 3986 Appendix A), with the same component
// spans, on fuzzed inputs and on derived strings mutated near the edge of
// the language.
package audit

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/specuri/specuri/internal/grammar"
)

// Verdict is the result of comparing one ABNF rule (RFC 5234 §2.2) with
// its PEG transcription.
type Verdict string

// The verdicts of [Audit], one per ABNF rule (RFC 5234 §2.2). Missing and
// Unexplained are failures.
const (
	Same        Verdict = "same"        // identical after the transcription rules
	Equivalent  Verdict = "equivalent"  // same language by checked transformations
	Deviation   Verdict = "deviation"   // a difference a #peg: comment explains
	Missing     Verdict = "missing"     // no PEG rule of the mapped name
	Unexplained Verdict = "unexplained" // a difference nothing explains
)

// A NameMap maps the name of an ABNF rule (RFC 5234 §2.1) to the name of
// its PEG transcription, by replacing each From with To ("-" to "_" for the
// grammars of this repository, so hier-part is hier_part).
type NameMap struct {
	From, To string
}

// PEG returns the PEG name of the ABNF rule name (RFC 5234 §2.1).
func (m NameMap) PEG(name string) string {
	if m.From == "" {
		return name
	}
	return strings.ReplaceAll(name, m.From, m.To)
}

// ParseNameMap reads a mapping written "FROM=TO" ("-=_"), for command
// lines (RFC 5234 §2.1 names).
func ParseNameMap(s string) (NameMap, error) {
	from, to, ok := strings.Cut(s, "=")
	if !ok || from == "" {
		return NameMap{}, fmt.Errorf("name mapping %q: want FROM=TO, such as -=_", s)
	}
	return NameMap{from, to}, nil
}

// A RuleResult is the verdict on one ABNF rule (RFC 5234 §2.2).
type RuleResult struct {
	Rule       string   `json:"rule"`               // ABNF name
	PEGRule    string   `json:"pegRule,omitempty"`  // PEG name, if there is one
	Line       int      `json:"line,omitempty"`     // line of the PEG rule
	File       string   `json:"file,omitempty"`     // file of the PEG rule, if composed
	ABNFFile   string   `json:"abnfFile,omitempty"` // file of the ABNF rule, if composed
	ABNFLine   int      `json:"abnfLine,omitempty"` // line of the ABNF rule, if composed
	Verdict    Verdict  `json:"verdict"`
	Transforms []string `json:"transforms,omitempty"` // Equivalent, Deviation: what was checked
	Comment    []string `json:"comment,omitempty"`    // the rule's #peg: lines
	Reason     string   `json:"reason,omitempty"`     // Deviation, Unexplained, Missing
	// For Deviation and Unexplained: both rules in canonical form.
	ABNF string `json:"abnf,omitempty"`
	PEG  string `json:"peg,omitempty"`
}

// A HelperResult describes a PEG rule with no ABNF rule of its name (RFC
// 5234 §2.2): its "#helper:" purpose, or that it has none (a failure).
type HelperResult struct {
	Rule    string `json:"rule"`
	Line    int    `json:"line"`
	File    string `json:"file,omitempty"` // if composed
	Purpose string `json:"purpose"`
	OK      bool   `json:"ok"`
}

// An UnusedRule is an ABNF rule (RFC 5234 §2.2) of a later file of a
// composed grammar that the audited grammar does not use: no rule of the
// first ABNF file reaches it and the PEG grammar has no rule of its name
// (RFC 3986's URI in the grammar of RFC 3987 §2.2, for one).
type UnusedRule struct {
	Rule string `json:"rule"`
	File string `json:"file"`
	Line int    `json:"line"`
}

// A Report is the structural audit of a PEG file against the ABNF (RFC
// 5234 §4) it transcribes.
type Report struct {
	Rules   []RuleResult    `json:"rules"`
	Helpers []HelperResult  `json:"helpers"`
	Unused  []UnusedRule    `json:"unused,omitempty"`
	Counts  map[Verdict]int `json:"counts"`
	Summary string          `json:"summary"`
	OK      bool            `json:"ok"`
}

// Audit compares every rule of the ABNF grammar abnf (RFC 5234 §4) with the
// rule of the PEG grammar peg whose name m gives, and lists the PEG rules
// that are not in the ABNF.
//
// For grammars composed from several files ([ComposeABNF], [ComposePEG]),
// the rules audited are those of the first ABNF file, those the PEG
// grammar has a rule for, and the rules these reach; the other rules of
// later ABNF files are listed as unused, not as missing. Results then name
// the file of each rule.
func Audit(abnf, peg *grammar.Grammar, m NameMap) *Report {
	toABNF := map[string]string{}
	for _, r := range abnf.Rules {
		toABNF[m.PEG(r.Name)] = r.Name
	}
	used := usedRules(abnf, peg, m)
	// References to rules the ABNF uses but does not define (none in a
	// complete grammar) map the same way.
	lookup := func(n string) (string, bool) {
		a, ok := toABNF[n]
		return a, ok
	}
	rep := &Report{Counts: map[Verdict]int{}}
	for _, a := range abnf.Rules {
		if !used[a] {
			rep.Unused = append(rep.Unused, UnusedRule{a.Name, a.File, a.Line})
			continue
		}
		res := RuleResult{Rule: a.Name, PEGRule: m.PEG(a.Name)}
		if a.File != "" {
			res.ABNFFile, res.ABNFLine = a.File, a.Line
		}
		p := peg.Rule(res.PEGRule)
		if p == nil {
			res.PEGRule = ""
			res.Verdict, res.Reason = Missing, "no PEG rule "+m.PEG(a.Name)
			for _, d := range peg.Dropped {
				if d.Name == m.PEG(a.Name) {
					res.Reason = fmt.Sprintf("PEG rule %s (%s:%d) is not reachable from the first rule %s, so it is not generated",
						d.Name, d.File, d.Line, peg.Rules[0].Name)
				}
			}
		} else {
			res.Line, res.File, res.Comment = p.Line, p.File, p.PEG
			judge(&res, a, p, abnf, peg, lookup)
			checkInline(&res, a, p, abnf, peg, lookup)
		}
		rep.Counts[res.Verdict]++
		rep.Rules = append(rep.Rules, res)
	}
	for _, p := range peg.Rules {
		if _, ok := toABNF[p.Name]; ok {
			continue
		}
		h := HelperResult{Rule: p.Name, Line: p.Line, File: p.File, Purpose: strings.Join(p.Helper, " "), OK: len(p.Helper) > 0}
		if !h.OK {
			h.Purpose = "(no #helper: comment)"
		}
		rep.Helpers = append(rep.Helpers, h)
	}
	rep.OK = rep.Counts[Missing] == 0 && rep.Counts[Unexplained] == 0
	bad := 0
	for _, h := range rep.Helpers {
		if !h.OK {
			bad++
			rep.OK = false
		}
	}
	rep.Summary = fmt.Sprintf("%d ABNF rules: %d same, %d equivalent, %d deviation, %d missing, %d unexplained; %d PEG helper rules (%d without #helper:)",
		len(rep.Rules), rep.Counts[Same], rep.Counts[Equivalent], rep.Counts[Deviation],
		rep.Counts[Missing], rep.Counts[Unexplained], len(rep.Helpers), bad)
	if len(rep.Unused) > 0 {
		rep.Summary += fmt.Sprintf("; %d ABNF rules of later files unused", len(rep.Unused))
	}
	return rep
}

// usedRules returns the ABNF rules (RFC 5234 §2.2) to audit: those of the
// first file of abnf, those peg has a rule for, and the rules they refer
// to, directly or not. For a grammar of one file, that is every rule.
func usedRules(abnf, peg *grammar.Grammar, m NameMap) map[*grammar.Rule]bool {
	used := map[*grammar.Rule]bool{}
	var visit func(*grammar.Expr)
	visit = func(e *grammar.Expr) {
		if e.Op == grammar.OpRef {
			if r := abnf.Rule(e.Name); r != nil && !used[r] {
				used[r] = true
				visit(r.Expr)
			}
		}
		for _, s := range e.Subs {
			visit(s)
		}
	}
	for _, r := range abnf.Rules {
		if r.File == abnf.Rules[0].File || peg.Rule(m.PEG(r.Name)) != nil {
			if !used[r] {
				used[r] = true
				visit(r.Expr)
			}
		}
	}
	return used
}

// judge sets the verdict of res for ABNF rule a and PEG rule p.
func judge(res *RuleResult, a, p *grammar.Rule, ag, pg *grammar.Grammar, toABNF func(string) (string, bool)) {
	if quote, text := squash(strings.Join(p.ABNF, "\n")), squash(a.Text); quote != text {
		res.Verdict = Unexplained
		res.Reason = "the #abnf: lines do not quote the ABNF rule"
		res.ABNF, res.PEG = text, quote
		return
	}
	compare := func(x xform) (string, string) {
		keep := map[string]bool{}
		refs(pg, p.Expr, toABNF, x&xHelper != 0, keep, 0)
		ca := &canonizer{g: ag, x: x, abnf: true, keep: keep, classes: map[string]*grammar.CharSet{}}
		cp := &canonizer{g: pg, x: x, toABNF: toABNF, classes: map[string]*grammar.CharSet{}}
		return ca.canon(a.Expr).String(), cp.canon(p.Expr).String()
	}
	// The fewest transformations that make the two the same.
	fewest := func(extra xform) (xform, bool) {
		for n := 0; n <= numXforms; n++ {
			for x := xform(0); x < 1<<numXforms; x++ {
				if popcount(x) != n {
					continue
				}
				if sa, sp := compare(x | extra); sa == sp {
					return x, true
				}
			}
		}
		return 0, false
	}
	if x, ok := fewest(0); ok {
		if x == 0 {
			res.Verdict = Same
		} else {
			res.Verdict, res.Transforms = Equivalent, x.names()
		}
		return
	}
	res.ABNF, res.PEG = compare(1<<numXforms - 1)
	if x, ok := fewest(xNoLook); ok {
		res.Transforms = x.names()
		// The comment must speak of the lookahead: "lookahead" or
		// "(must not be) followed by".
		c := strings.ToLower(strings.Join(p.PEG, " "))
		if strings.Contains(c, "lookahead") || strings.Contains(c, "followed by") {
			res.Verdict = Deviation
			res.Reason = "lookaheads added; otherwise equivalent"
			return
		}
		res.Verdict, res.Reason = Unexplained, "lookaheads added without a #peg: comment about them"
		res.Transforms = nil
		return
	}
	for _, l := range p.PEG {
		if strings.HasPrefix(l, "deviation:") {
			res.Verdict, res.Reason = Deviation, declaredReason
			return
		}
	}
	res.Verdict, res.Reason = Unexplained, "the PEG rule differs from the ABNF"
}

// declaredReason is the reason of a Deviation that a "#peg: deviation:"
// line declares.
const declaredReason = "declared deviation (not machine-checked)"

// checkInline turns an Equivalent or Deviation verdict into Unexplained when
// the PEG rule writes an ABNF rule inline (as a character class or its
// body) without a "#peg: inline" line naming it, the convention of
// grammar/rfc3986.peg. A declared deviation ("#peg: deviation:") may
// instead leave the rule out, and must then name it in its "#peg:" lines
// (RFC 6068 §2 leaves out RFC 5322's obs-qtext, for one).
func checkInline(res *RuleResult, a, p *grammar.Rule, ag, pg *grammar.Grammar, toABNF func(string) (string, bool)) {
	if res.Verdict != Equivalent && res.Verdict != Deviation {
		return
	}
	declared := res.Verdict == Deviation && res.Reason == declaredReason
	used := map[string]bool{}
	refs(pg, p.Expr, toABNF, true, used, 0)
	mine := map[string]bool{}
	refs(ag, a.Expr, func(n string) (string, bool) { return n, true }, false, mine, 0)
	named := namedInline(strings.Join(p.PEG, " "), declared)
	var missing []string
	for _, n := range sortedKeys(mine) {
		if !used[n] && !named[n] {
			missing = append(missing, n)
		}
	}
	if len(missing) > 0 {
		res.Verdict = Unexplained
		res.Transforms = nil
		res.Reason = "writes " + strings.Join(missing, ", ") + " inline without a #peg: inline line naming it"
		if declared {
			res.Reason = "leaves out or writes inline " + strings.Join(missing, ", ") + " without naming it in its #peg: lines"
		}
	}
}

// namedInline returns the rule names that the "#peg:" lines of a rule,
// text, name: the words after each "inline ", and for a declared
// deviation every word.
func namedInline(text string, declared bool) map[string]bool {
	named := map[string]bool{}
	words := func(text string) []string {
		return strings.FieldsFunc(text, func(r rune) bool {
			return !(r == '-' || r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
		})
	}
	if declared {
		for _, w := range words(text) {
			named[w] = true
		}
	}
	for {
		i := strings.Index(text, "inline ")
		if i < 0 {
			break
		}
		text = text[i+len("inline "):]
		for _, w := range words(text) {
			named[w] = true
		}
	}
	return named
}

// writeRuleRow writes the line of one ABNF rule of WriteTable's first
// table (with a files column when composed), and the lines under it that
// a deviation or an unexplained difference adds.
func writeRuleRow(tw io.Writer, r RuleResult, composed bool) {
	detail := strings.Join(r.Transforms, "; ")
	if r.Reason != "" {
		detail = r.Reason
	}
	pr := r.PEGRule
	if r.Line > 0 && !composed {
		pr = fmt.Sprintf("%s:%d", pr, r.Line)
	}
	pad := "\t\t\t"
	if composed {
		var files []string
		if r.ABNFFile != "" {
			files = append(files, location(r.ABNFFile, r.ABNFLine))
		}
		if r.Line > 0 {
			files = append(files, location(r.File, r.Line))
		}
		pr += "\t" + strings.Join(files, " ")
		pad += "\t"
	}
	fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Rule, pr, r.Verdict, detail)
	if r.Verdict == Deviation && len(r.Transforms) > 0 {
		fmt.Fprintf(tw, "%sand checked: %s\n", pad, strings.Join(r.Transforms, "; "))
	}
	if r.Verdict != Deviation && r.Verdict != Unexplained {
		return
	}
	for _, c := range r.Comment {
		fmt.Fprintf(tw, "%s#peg: %s\n", pad, c)
	}
	if r.Verdict == Unexplained && r.ABNF != "" {
		fmt.Fprintf(tw, "%sabnf: %s\n%speg:  %s\n", pad, r.ABNF, pad, r.PEG)
	}
}

func sortedKeys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func popcount(x xform) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// squash collapses runs of white space, for comparing quoted ABNF.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// WriteTable writes rep as a table for people: one line per ABNF rule, its
// verdict and what was checked or why it differs, then the helper rules
// and the summary (RFC 5234 §2.2 rules). For a composed grammar, a column
// gives the file and line of each rule, and the unused ABNF rules are
// listed before the summary.
func (rep *Report) WriteTable(w io.Writer) error {
	composed := rep.composed()
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	if composed {
		fmt.Fprintln(tw, "ABNF RULE\tPEG RULE\tFILES\tVERDICT\tDETAIL")
	} else {
		fmt.Fprintln(tw, "ABNF RULE\tPEG RULE\tVERDICT\tDETAIL")
	}
	for _, r := range rep.Rules {
		writeRuleRow(tw, r, composed)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "PEG HELPER\tPURPOSE")
	for _, h := range rep.Helpers {
		if composed {
			fmt.Fprintf(tw, "%s %s\t%s\n", h.Rule, location(h.File, h.Line), h.Purpose)
		} else {
			fmt.Fprintf(tw, "%s:%d\t%s\n", h.Rule, h.Line, h.Purpose)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(rep.Unused) > 0 {
		fmt.Fprintln(w, "\nABNF rules of later files that this grammar does not use (no PEG rule, and no")
		fmt.Fprintln(w, "rule of the first ABNF file reaches them):")
		byFile := map[string][]string{}
		var files []string
		for _, u := range rep.Unused {
			if byFile[u.File] == nil {
				files = append(files, u.File)
			}
			byFile[u.File] = append(byFile[u.File], u.Rule)
		}
		for _, f := range files {
			fmt.Fprintf(w, "  %s: %s\n", f, strings.Join(byFile[f], " "))
		}
	}
	_, err := fmt.Fprintf(w, "\n%s\n", rep.Summary)
	return err
}

// composed reports whether rep is about grammars composed from files.
func (rep *Report) composed() bool {
	for _, r := range rep.Rules {
		if r.File != "" || r.ABNFFile != "" {
			return true
		}
	}
	for _, h := range rep.Helpers {
		if h.File != "" {
			return true
		}
	}
	return len(rep.Unused) > 0
}

// location writes file:line, or "line N" when the file is not known.
func location(file string, line int) string {
	if file == "" {
		return fmt.Sprintf("line %d", line)
	}
	return fmt.Sprintf("%s:%d", file, line)
}
