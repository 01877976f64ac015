package uri_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6874"
)

// spanParser is what spansAgree needs of a generated Parser.
type spanParser[R ~uint8, T comparable] interface {
	Match(R, string) bool
	MatchSpans(R, string) bool
	Failure(R, string) (T, bool)
	Len() int
	At(int) T
	SpanSet() uint32
	Span(int) (int, int, bool)
	Furthest() T
	Prefix() int
	PrefixAt(int) T
}

// A spanGrammar is one generated grammar for spansAgree.
type spanGrammar[R ~uint8, T interface {
	comparable
	Span() (R, int, int)
}, P spanParser[R, T]] struct {
	newParser func() P
	lookup    func(string) (R, bool)
	spanRule  func(int) R
	numSpans  int
	entries   []string
}

// isSlot reports whether r is the rule of a span slot.
func (g spanGrammar[R, T, P]) isSlot(r R) bool {
	for k := range g.numSpans {
		if g.spanRule(k) == r {
			return true
		}
	}
	return false
}

// check checks that MatchSpans agrees with Match on s for every entry
// rule: the same verdict; for each span slot, the span of the last token
// of its rule on success, or of the last token of the prefix match on
// failure, or none; on failure, Failure's token and prefix as
// checkFailure wants them, and after a second Failure the same Furthest
// and prefix tokens.
func (g spanGrammar[R, T, P]) check(t *testing.T, s string) {
	t.Helper()
	spans, tokens := g.newParser(), g.newParser()
	for _, name := range g.entries {
		r, ok := g.lookup(name)
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
			g.compareSpans(t, name, s, spans, tokens.Prefix(), tokens.PrefixAt)
			far, prefix := spans.Failure(r, s)
			g.checkFailure(t, name, s, far, prefix, tokens)
			// A second Failure, not right after the MatchSpans, parses
			// again as a failed Match does.
			spans.Failure(r, s)
			if spans.Furthest() != tokens.Furthest() {
				t.Errorf("%s %q: Furthest %v after a second Failure, %v after Match", name, s, spans.Furthest(), tokens.Furthest())
			}
			var got, want []T
			for i := range spans.Prefix() {
				got = append(got, spans.PrefixAt(i))
			}
			for i := range tokens.Prefix() {
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
func (g spanGrammar[R, T, P]) checkFailure(t *testing.T, name, s string, far T, prefix bool, tokens P) {
	t.Helper()
	want := tokens.Furthest()
	_, wb, we := want.Span()
	if _, _, e := far.Span(); e != we || prefix != (tokens.Prefix() > 0) {
		t.Fatalf("%s %q: Failure %v, %v; Match: Furthest %v, Prefix %d", name, s, far, prefix, want, tokens.Prefix())
	}
	if far == want {
		return
	}
	for i := range tokens.Prefix() {
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
func (g spanGrammar[R, T, P]) compareSpans(t *testing.T, name, s string, spans P, n int, at func(int) T) {
	t.Helper()
	type span struct{ Begin, End int }
	got, want := make([]*span, g.numSpans), make([]*span, g.numSpans)
	for k := range g.numSpans {
		if b, e, ok := spans.Span(k); ok {
			got[k] = &span{b, e}
		}
		for i := range n {
			if r, b, e := at(i).Span(); r == g.spanRule(k) {
				want[k] = &span{b, e}
			}
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("%s %q: spans (-last tokens of Match +MatchSpans):\n%s", name, s, diff)
	}
}

var (
	entryNames = []string{"URI-reference", "URI", "absolute-URI", "relative-ref"}
	spans3986  = spanGrammar[rfc3986.Rule, rfc3986.Token, *rfc3986.Parser]{
		rfc3986.NewParser, rfc3986.Lookup, rfc3986.SpanRule, rfc3986.NumSpans, entryNames,
	}
	spans6874 = spanGrammar[rfc6874.Rule, rfc6874.Token, *rfc6874.Parser]{
		rfc6874.NewParser, rfc6874.Lookup, rfc6874.SpanRule, rfc6874.NumSpans, entryNames,
	}
	spans3987 = spanGrammar[rfc3987.Rule, rfc3987.Token, *rfc3987.Parser]{
		rfc3987.NewParser, rfc3987.Lookup, rfc3987.SpanRule, rfc3987.NumSpans,
		[]string{"IRI-reference", "IRI", "absolute-IRI", "irelative-ref"},
	}
)

// spansAgree runs the check of each grammar with span slots on s.
func spansAgree(t *testing.T, s string) {
	spans3986.check(t, s)
	spans6874.check(t, s)
	spans3987.check(t, s)
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

// TestSpansAgree runs spansAgree on spanInputs, the benchmark corpus, the
// invalid benchmark inputs (both sets) and the conformance corpus.
func TestSpansAgree(t *testing.T) {
	inputs := append([]string(nil), spanInputs...)
	for _, e := range loadBenchCorpus(t) {
		inputs = append(inputs, e.uri)
	}
	for _, e := range invalidBench {
		inputs = append(inputs, e.uri)
	}
	inputs = append(inputs, invalidInputs(t)...)
	for _, c := range loadParseCases(t) {
		inputs = append(inputs, c.Input)
	}
	for _, s := range inputs {
		t.Run(s, func(t *testing.T) { spansAgree(t, s) })
	}
}

// FuzzSpansAgree is TestSpansAgree on any input.
func FuzzSpansAgree(f *testing.F) {
	for _, s := range spanInputs {
		f.Add(s)
	}
	seedFromCorpus(f)
	f.Fuzz(spansAgree)
}

// TestFailureAnyOrder checks that rfc3986.Parser.Failure answers for the
// rule and input it is given, whatever the parser did before: right
// after the failed MatchSpans of that input (from what that parse left),
// after another call, and for another input of the same length.
func TestFailureAnyOrder(t *testing.T) {
	r := rfc3986.MustLookup("URI")
	const in, other = "http://a b/", "http://a/b "
	var fresh rfc3986.Parser
	if fresh.MatchSpans(r, in) {
		t.Fatalf("MatchSpans(URI, %q) = true", in)
	}
	wantFar, wantPrefix := fresh.Failure(r, in)
	type answer struct {
		Far    rfc3986.Token
		Prefix bool
	}
	want := answer{wantFar, wantPrefix}
	for _, tt := range []struct {
		name   string
		before func(p *rfc3986.Parser)
	}{
		{"after its MatchSpans", func(p *rfc3986.Parser) { p.MatchSpans(r, in) }},
		{"after a Match", func(p *rfc3986.Parser) { p.MatchSpans(r, in); p.Match(r, "http://x/") }},
		{"after another MatchSpans", func(p *rfc3986.Parser) { p.MatchSpans(r, other) }},
		{"after a Failure", func(p *rfc3986.Parser) { p.MatchSpans(r, in); p.Failure(r, in) }},
		{"first call", func(p *rfc3986.Parser) {}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var p rfc3986.Parser
			tt.before(&p)
			far, prefix := p.Failure(r, in)
			if diff := cmp.Diff(want, answer{far, prefix}); diff != "" {
				t.Errorf("Failure(URI, %q) mismatch (-want +got):\n%s", in, diff)
			}
		})
	}
}
