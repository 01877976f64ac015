package main

import (
	"bytes"
	_ "embed"
	"go/format"
	"strings"
	"text/template"
)

// apiTemplate is the exported API that pegen writes beside peg's output
// as api.go, for a grammar whose Set has API: rules under their ABNF names, a reusable Parser that
// matches a rule against a whole input, and the tokens and furthest match
// it leaves. It is the same for every grammar; only the package, the
// grammar's files and the specification it transcribes differ.
//
//go:embed api.go.tmpl
var apiTemplate string

// spansTestTemplate is the test that pegen writes beside api.go as
// spans_test.go, for a grammar with span slots: span mode (MatchSpans,
// Failure) against token mode (Match) on the module's corpora, by
// internal/spanstest, through the unexported tokens of a failed Match's
// prefix.
//
//go:embed spans_test.go.tmpl
var spansTestTemplate string

// funcs are the functions of pegen's templates.
var funcs = template.FuncMap{
	// abnf is the ABNF name of a rule: its PEG name with "_" written "-".
	"abnf": func(peg string) string { return strings.ReplaceAll(peg, "_", "-") },
}

var (
	apiTmpl       = template.Must(template.New("api").Funcs(funcs).Parse(apiTemplate))
	spansTestTmpl = template.Must(template.New("spans_test").Funcs(funcs).Parse(spansTestTemplate))
)

// apiData fills apiTemplate.
type apiData struct {
	Package string // Go package name
	Grammar string // the grammar files, as named in comments
	Spec    string // the specification transcribed, e.g. "RFC 3986 Appendix A"
	// Rules says what the grammar files say of each rule, by PEG name; a
	// rule not in it has no known section and is not a helper.
	Rules map[string]RuleMeta
	// Spans lists the PEG names of the rules with span slots, in slot
	// order (Set.Spans); none for a parser without span mode.
	Spans []string
	// SpanDepths is, for each rule of Spans, how many of the others use
	// it (spanDepths): the inner of two slots with the same span has more.
	SpanDepths []int
	// SpanMethods: span mode has methods of its own, which callSpans
	// calls (Set.SpanMethods, modesPass); without, call serves both modes.
	SpanMethods bool
}

// RuleMeta is what the grammar files say of one rule.
type RuleMeta struct {
	Section string // the section that defines it, "RFC 3986 §3.2.2"; "" if unknown
	Helper  bool   // a helper rule, not in the ABNF ("#helper:")
	// ABNFRule is, for a helper, the PEG name of the rule it stands for
	// (see helperTarget); "" for none.
	ABNFRule string
}

// api returns the gofmt'ed api.go for d.
func api(d apiData) ([]byte, error) { return execute(apiTmpl, d) }

// spansTest returns the gofmt'ed spans_test.go for d, a grammar with span
// slots.
func spansTest(d apiData) ([]byte, error) { return execute(spansTestTmpl, d) }

// execute runs t on d and formats the result.
func execute(t *template.Template, d apiData) ([]byte, error) {
	var b bytes.Buffer
	if err := t.Execute(&b, d); err != nil {
		return nil, err
	}
	return format.Source(b.Bytes())
}

// WholeOf returns X for the helper rule whole_X of an entry rule X of
// the grammar, which also requires the end of the input; "" for any other
// rule.
func (d apiData) WholeOf(peg string) string {
	x, ok := strings.CutPrefix(peg, "whole_")
	if _, rule := d.Rules[x]; !ok || !rule {
		return ""
	}
	return x
}
