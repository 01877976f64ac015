// Package spanstest checks the span mode of a generated parser against its
// token mode, for the tests of the gen packages whose grammars have span
// slots (gen/rfc3986, gen/rfc6874, gen/rfc3987): MatchSpans and Failure,
// which package uri calls, must answer as Match, At and Furthest do, on
// every input. The generated packages keep the tokens of a failed Match's
// prefix unexported; each package's test hands them over through the
// PrefixLen and PrefixAt of a small adapter.
package spanstest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/internal/versus"
)

// Parser is what Check needs of a generated Parser.
type Parser[R ~uint8, T comparable] interface {
	Match(R, string) bool
	MatchSpans(R, string) bool
	Failure(R, string) (T, bool)
	Len() int
	At(int) T
	SpanSet() uint32
	Span(int) (int, int, bool)
	Furthest() T
	PrefixLen() int
	PrefixAt(int) T
}

// A Grammar is one generated grammar for Check.
type Grammar[R ~uint8, T interface {
	comparable
	Span() (R, int, int)
}, P Parser[R, T]] struct {
	NewParser func() P
	Lookup    func(string) (R, bool)
	SpanRule  func(int) R
	NumSpans  int
	Entries   []string
}

// isSlot reports whether r is the rule of a span slot.
func (g Grammar[R, T, P]) isSlot(r R) bool {
	for k := range g.NumSpans {
		if g.SpanRule(k) == r {
			return true
		}
	}
	return false
}

// Check checks that MatchSpans agrees with Match on s for every entry
// rule: the same verdict; for each span slot, the span of the last token
// of its rule on success, or of the last token of the prefix match on
// failure, or none; on failure, Failure's token and prefix as
// checkFailure wants them, and after a second Failure the same Furthest
// and prefix tokens.
func (g Grammar[R, T, P]) Check(t *testing.T, s string) {
	t.Helper()
	spans, tokens := g.NewParser(), g.NewParser()
	for _, name := range g.Entries {
		r, ok := g.Lookup(name)
		if !ok {
			t.Fatalf("no rule %q", name)
		}
		ok, okTokens := spans.MatchSpans(r, s), tokens.Match(r, s)
		if ok != okTokens {
			t.Fatalf("%s %q: MatchSpans %v, Match %v", name, s, ok, okTokens)
		}
		if !ok {
			// The slots of the prefix match, as the last prefix tokens
			// of their rules.
			g.compareSpans(t, name, s, spans, tokens.PrefixLen(), tokens.PrefixAt)
			far, prefix := spans.Failure(r, s)
			g.checkFailure(t, name, s, far, prefix, tokens)
			// A second Failure, not right after the MatchSpans, parses
			// again as a failed Match does.
			spans.Failure(r, s)
			if spans.Furthest() != tokens.Furthest() {
				t.Errorf("%s %q: Furthest %v after a second Failure, %v after Match", name, s, spans.Furthest(), tokens.Furthest())
			}
			var got, want []T
			for i := range spans.PrefixLen() {
				got = append(got, spans.PrefixAt(i))
			}
			for i := range tokens.PrefixLen() {
				want = append(want, tokens.PrefixAt(i))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s %q: prefix tokens after a second Failure (-Match +Failure):\n%s", name, s, diff)
			}
			continue
		}
		g.compareSpans(t, name, s, spans, tokens.Len(), tokens.At)
	}
}

// checkFailure checks Failure's token far and prefix on s against tokens,
// a parser after the failed Match of the same entry rule name: the same
// end and prefix, and Furthest's token, or else the innermost token of a
// rule with a span slot that ends there on the prefix's path (the first
// such prefix token), around Furthest's.
func (g Grammar[R, T, P]) checkFailure(t *testing.T, name, s string, far T, prefix bool, tokens P) {
	t.Helper()
	want := tokens.Furthest()
	_, wb, we := want.Span()
	if _, _, e := far.Span(); e != we || prefix != (tokens.PrefixLen() > 0) {
		t.Fatalf("%s %q: Failure %v, %v; Match: Furthest %v, Prefix %d", name, s, far, prefix, want, tokens.PrefixLen())
	}
	if far == want {
		return
	}
	for i := range tokens.PrefixLen() {
		tok := tokens.PrefixAt(i)
		if r, b, e := tok.Span(); g.isSlot(r) && e == we && b < e {
			if tok != far || b > wb {
				t.Errorf("%s %q: Failure %v, want %v, the innermost slot around Furthest %v", name, s, far, tok, want)
			}
			return
		}
	}
	t.Errorf("%s %q: Failure %v, want Furthest %v (no slot ends there)", name, s, far, want)
}

// compareSpans checks that the slots of spans hold, for each slot, the
// span of the last of the n tokens at(i) of its rule, or nothing.
func (g Grammar[R, T, P]) compareSpans(t *testing.T, name, s string, spans P, n int, at func(int) T) {
	t.Helper()
	type span struct{ Begin, End int }
	got, want := make([]*span, g.NumSpans), make([]*span, g.NumSpans)
	for k := range g.NumSpans {
		if b, e, ok := spans.Span(k); ok {
			got[k] = &span{b, e}
		}
		for i := range n {
			if r, b, e := at(i).Span(); r == g.SpanRule(k) {
				want[k] = &span{b, e}
			}
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s %q: spans (-last tokens of Match +MatchSpans):\n%s", name, s, diff)
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

// Run runs g.Check on each of Inputs, a subtest each.
func (g Grammar[R, T, P]) Run(t *testing.T, root string) {
	for _, s := range Inputs(t, root) {
		t.Run(s, func(t *testing.T) { g.Check(t, s) })
	}
}

// Fuzz seeds f with Inputs and runs g.Check on any input.
func (g Grammar[R, T, P]) Fuzz(f *testing.F, root string) {
	for _, s := range Inputs(f, root) {
		f.Add(s)
	}
	f.Fuzz(g.Check)
}
