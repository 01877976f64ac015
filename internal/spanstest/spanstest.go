// Package spanstest checks the span mode of a generated parser against its
// token mode, for the tests of the gen packages whose grammars have span
// slots (gen/rfc3986, gen/rfc6874, gen/rfc3987): MatchSpans and Failure,
// which package uri calls, must answer as Match, At and Furthest do, on
// every input. Each package's generated spans_test.go runs both modes on
// an input and hands what they left to a [Case], in package pegenrt's
// types, the same for every grammar; the package keeps the tokens of a
// failed Match's prefix unexported, and its test reads them.
package spanstest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/internal/pegen/pegenrt"
	"github.com/specuri/specuri/internal/versus"
)

// A Case is one entry rule of a grammar matched against one input in both
// modes.
type Case struct {
	T     *testing.T
	Table *pegenrt.Table // the grammar's rules
	Name  string         // the entry rule's name
	Input string
}

// isSlot reports whether r is the rule of a span slot.
func (c Case) isSlot(r uint8) bool {
	for k := range c.Table.NumSpans() {
		if c.Table.SpanRule(k) == r {
			return true
		}
	}
	return false
}

// Verdicts checks that MatchSpans (ok) and Match (okTokens) agree.
func (c Case) Verdicts(ok, okTokens bool) {
	c.T.Helper()
	if ok != okTokens {
		c.T.Fatalf("%s %q: MatchSpans %v, Match %v", c.Name, c.Input, ok, okTokens)
	}
}

// Zero checks that a MatchSpans of a zero Parser (ok, spans), which
// resets nothing, leaves what one of a Parser used before left (okUsed,
// used): the same verdict and the same slots set, with the same spans.
func (c Case) Zero(ok bool, spans *pegenrt.Spans, okUsed bool, used *pegenrt.Spans) {
	c.T.Helper()
	same := ok == okUsed && spans.Set() == used.Set()
	for k := range pegenrt.MaxSpans {
		b, e, _ := spans.Span(k)
		ub, ue, _ := used.Span(k)
		same = same && b == ub && e == ue
	}
	if !same {
		c.T.Errorf("%s %q: a zero Parser's MatchSpans gives %v and slots %b, a used one's %v and %b", c.Name, c.Input, ok, spans.Set(), okUsed, used.Set())
	}
}

// Spans checks that the slots of spans hold, for each slot, the span of
// the last of tokens of its rule, or nothing: tokens are those of a
// successful Match, or the prefix tokens of a failed one.
func (c Case) Spans(spans *pegenrt.Spans, tokens []pegenrt.Token) {
	c.T.Helper()
	type span struct{ Begin, End int }
	n := c.Table.NumSpans()
	got, want := make([]*span, n), make([]*span, n)
	for k := range n {
		if b, e, ok := spans.Span(k); ok {
			got[k] = &span{b, e}
		}
		for _, tok := range tokens {
			if tok.Rule == c.Table.SpanRule(k) {
				want[k] = &span{tok.Begin, tok.End}
			}
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		c.T.Errorf("%s %q: spans (-last tokens of Match +MatchSpans):\n%s", c.Name, c.Input, diff)
	}
}

// Failure checks Failure's token far and prefix against what the failed
// Match of the same entry rule left, its Furthest want and its prefix
// tokens: the same end and prefix, and Furthest's token, or else the
// innermost token of a rule with a span slot that ends there on the
// prefix's path (the first such prefix token), around Furthest's.
func (c Case) Failure(far pegenrt.Token, prefix bool, want pegenrt.Token, prefixTokens []pegenrt.Token) {
	c.T.Helper()
	if far.End != want.End || prefix != (len(prefixTokens) > 0) {
		c.T.Fatalf("%s %q: Failure %v, %v; Match: Furthest %v, Prefix %d", c.Name, c.Input, far, prefix, want, len(prefixTokens))
	}
	if far == want {
		return
	}
	for _, tok := range prefixTokens {
		if c.isSlot(tok.Rule) && tok.End == want.End && tok.Begin < tok.End {
			if tok != far || tok.Begin > want.Begin {
				c.T.Errorf("%s %q: Failure %v, want %v, the innermost slot around Furthest %v", c.Name, c.Input, far, tok, want)
			}
			return
		}
	}
	c.T.Errorf("%s %q: Failure %v, want Furthest %v (no slot ends there)", c.Name, c.Input, far, want)
}

// Again checks what a second Failure, not right after the MatchSpans,
// leaves (it parses again as a failed Match does): the same Furthest and
// prefix tokens as the failed Match.
func (c Case) Again(far, want pegenrt.Token, got, wantPrefix []pegenrt.Token) {
	c.T.Helper()
	if far != want {
		c.T.Errorf("%s %q: Furthest %v after a second Failure, %v after Match", c.Name, c.Input, far, want)
	}
	if diff := cmp.Diff(wantPrefix, got); diff != "" {
		c.T.Errorf("%s %q: prefix tokens after a second Failure (-Match +Failure):\n%s", c.Name, c.Input, diff)
	}
}

// spanInputs are inputs where more than one rule with a slot could
// match, or an attempt that fails writes a slot: IP literals of each
// kind, an IPv6 address that ends in an IPv4 one, zones, userinfo with
// and without "@", names that start like an IPv4 address.
var spanInputs = []string{
	"", "/", "//", "a:", "a:b", "//h", "//u@h:1/p?q#f", "//u@", "//@", "//h:", "//h:80x/", "http://u@h@x/",
	"//[::1]", "//[::ffff:1.2.3.4]/", "//[1:2:3:4:5:6:1.2.3.4]", "//[v1.x]", "//[fe80::1%25en0]/",
	"//[fe80::1%25]/", "//[fe80::1%en0]/", "//1.2.3.4/", "//1.2.3.4.5/", "//1.2.3.456/", "//1.2.3/",
	"http://résumé.example/é?é#é", "a/b:c", "./a:b", "?#", "#?", "mailto:a@b", "urn:a:b",
}

// Inputs returns spanInputs, then the inputs of the module's corpora
// under root (the module's directory): the benchmark corpus, the invalid
// benchmark set (versus.Invalid, every changed link) and the conformance
// corpus.
func Inputs(tb testing.TB, root string) []string {
	tb.Helper()
	inputs := append([]string(nil), spanInputs...)
	inputs = append(inputs, corpus(tb, filepath.Join(root, "testdata", "bench", "corpus.txt"))...)
	inputs = append(inputs, versus.Invalid(tb, filepath.Join(root, "testdata", "bench"), nil)...)
	return append(inputs, conformance(tb, filepath.Join(root, "testdata", "conformance", "parse.json"))...)
}

// corpus returns the URIs of the benchmark corpus: lines of a name, a
// tab and a URI, with comments after "#".
func corpus(tb testing.TB, path string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if _, u, ok := strings.Cut(sc.Text(), "\t"); ok && !strings.HasPrefix(sc.Text(), "#") {
			out = append(out, u)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// conformance returns the inputs of the conformance corpus's parse cases.
func conformance(tb testing.TB, path string) []string {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var cases []struct{ Input string }
	if err := json.Unmarshal(data, &cases); err != nil {
		tb.Fatal(err)
	}
	out := make([]string, len(cases))
	for i, c := range cases {
		out[i] = c.Input
	}
	return out
}

// Run runs check on each of Inputs, a subtest each.
func Run(t *testing.T, root string, check func(t *testing.T, s string)) {
	for _, s := range Inputs(t, root) {
		t.Run(s, func(t *testing.T) { check(t, s) })
	}
}

// Fuzz seeds f with Inputs and runs check on any input.
func Fuzz(f *testing.F, root string, check func(t *testing.T, s string)) {
	for _, s := range Inputs(f, root) {
		f.Add(s)
	}
	f.Fuzz(check)
}
