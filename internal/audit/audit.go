package audit

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
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
	Rule       string   `json:"rule"`              // ABNF name
	PEGRule    string   `json:"pegRule,omitempty"` // PEG name, if there is one
	Line       int      `json:"line,omitempty"`    // line of the PEG rule
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
	Purpose string `json:"purpose"`
	OK      bool   `json:"ok"`
}

// A Report is the structural audit of a PEG file against the ABNF (RFC
// 5234 §4) it transcribes.
type Report struct {
	Rules   []RuleResult    `json:"rules"`
	Helpers []HelperResult  `json:"helpers"`
	Counts  map[Verdict]int `json:"counts"`
	Summary string          `json:"summary"`
	OK      bool            `json:"ok"`
}

// Audit compares every rule of the ABNF grammar abnf (RFC 5234 §4) with the
// rule of the PEG grammar peg whose name m gives, and lists the PEG rules
// that are not in the ABNF.
func Audit(abnf, peg *Grammar, m NameMap) *Report {
	toABNF := map[string]string{}
	for _, r := range abnf.Rules {
		toABNF[m.PEG(r.Name)] = r.Name
	}
	// References to rules the ABNF uses but does not define (none in a
	// complete grammar) map the same way.
	lookup := func(n string) (string, bool) {
		a, ok := toABNF[n]
		return a, ok
	}
	rep := &Report{Counts: map[Verdict]int{}}
	for _, a := range abnf.Rules {
		res := RuleResult{Rule: a.Name, PEGRule: m.PEG(a.Name)}
		p := peg.Rule(res.PEGRule)
		if p == nil {
			res.PEGRule = ""
			res.Verdict, res.Reason = Missing, "no PEG rule "+m.PEG(a.Name)
		} else {
			res.Line, res.Comment = p.Line, p.PEG
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
		h := HelperResult{Rule: p.Name, Line: p.Line, Purpose: strings.Join(p.Helper, " "), OK: len(p.Helper) > 0}
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
	return rep
}

// judge sets the verdict of res for ABNF rule a and PEG rule p.
func judge(res *RuleResult, a, p *Rule, ag, pg *Grammar, toABNF func(string) (string, bool)) {
	if quote, text := squash(strings.Join(p.ABNF, "\n")), squash(a.Text); quote != text {
		res.Verdict = Unexplained
		res.Reason = "the #abnf: lines do not quote the ABNF rule"
		res.ABNF, res.PEG = text, quote
		return
	}
	compare := func(x xform) (string, string) {
		keep := map[string]bool{}
		refs(pg, p.Expr, toABNF, x&xHelper != 0, keep, 0)
		ca := &canonizer{g: ag, x: x, abnf: true, keep: keep, classes: map[string]*ByteSet{}}
		cp := &canonizer{g: pg, x: x, toABNF: toABNF, classes: map[string]*ByteSet{}}
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
			res.Verdict, res.Reason = Deviation, "declared deviation (not machine-checked)"
			return
		}
	}
	res.Verdict, res.Reason = Unexplained, "the PEG rule differs from the ABNF"
}

// checkInline turns an Equivalent or Deviation verdict into Unexplained when
// the PEG rule writes an ABNF rule inline (as a character class or its
// body) without a "#peg: inline" line naming it, the convention of
// grammar/rfc3986.peg.
func checkInline(res *RuleResult, a, p *Rule, ag, pg *Grammar, toABNF func(string) (string, bool)) {
	if res.Verdict != Equivalent && res.Verdict != Deviation {
		return
	}
	used := map[string]bool{}
	refs(pg, p.Expr, toABNF, true, used, 0)
	mine := map[string]bool{}
	refs(ag, a.Expr, func(n string) (string, bool) { return n, true }, false, mine, 0)
	named := map[string]bool{}
	text := strings.Join(p.PEG, " ")
	for {
		i := strings.Index(text, "inline ")
		if i < 0 {
			break
		}
		text = text[i+len("inline "):]
		for _, w := range strings.FieldsFunc(text, func(r rune) bool {
			return !(r == '-' || r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
		}) {
			named[w] = true
		}
	}
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
// and the summary (RFC 5234 §2.2 rules).
func (rep *Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "ABNF RULE\tPEG RULE\tVERDICT\tDETAIL")
	for _, r := range rep.Rules {
		detail := strings.Join(r.Transforms, "; ")
		if r.Reason != "" {
			detail = r.Reason
		}
		pr := r.PEGRule
		if r.Line > 0 {
			pr = fmt.Sprintf("%s:%d", pr, r.Line)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Rule, pr, r.Verdict, detail)
		if r.Verdict == Deviation && len(r.Transforms) > 0 {
			fmt.Fprintf(tw, "\t\t\tand checked: %s\n", strings.Join(r.Transforms, "; "))
		}
		if r.Verdict == Deviation || r.Verdict == Unexplained {
			for _, c := range r.Comment {
				fmt.Fprintf(tw, "\t\t\t#peg: %s\n", c)
			}
			if r.Verdict == Unexplained && r.ABNF != "" {
				fmt.Fprintf(tw, "\t\t\tabnf: %s\n\t\t\tpeg:  %s\n", r.ABNF, r.PEG)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "PEG HELPER\tPURPOSE")
	for _, h := range rep.Helpers {
		fmt.Fprintf(tw, "%s:%d\t%s\n", h.Rule, h.Line, h.Purpose)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s\n", rep.Summary)
	return err
}
