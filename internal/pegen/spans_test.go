package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSpansAPI runs spansCheck against the parser of
// testdata/golden/spans.peg and its api.go, as TestGolden pins them, in a
// module of their own: MatchSpans against Match on inputs where a rule
// with a slot matches twice on the path taken, and where an attempt that
// is abandoned writes a slot again after the match that stands; Failure
// against Match's Furthest where a tracked rule ends furthest, where a
// guard skipped a rule that would have, and where a rule without a slot
// ends inside one.
func TestSpansAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds peg and a package")
	}
	files := map[string][]byte{"spans_test.go": []byte(spansCheck)}
	for name, golden := range map[string]string{"spans.peg.go": "spans.peg.go.golden", "api.go": "spans.api.go.golden"} {
		data, err := os.ReadFile(filepath.Join("testdata", "golden", golden))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
	}
	goTestModule(t, "spans", files)
}

// spansCheck is the test of the generated package spans.
const spansCheck = `package spans

import (
	"fmt"
	"strings"
	"testing"
)

// spans writes the span of each slot of p, or "-".
func spans(p *Parser) string {
	var out []string
	for k := range Rules().NumSpans() {
		b, e, ok := p.Spans().Span(k)
		if ok != (p.Spans().Set()&(1<<k) != 0) {
			return fmt.Sprintf("Span(%d) ok = %v, SpanSet() = %b", k, ok, p.Spans().Set())
		}
		if !ok {
			out = append(out, "-")
			continue
		}
		out = append(out, fmt.Sprintf("[%d,%d)", b, e))
	}
	return strings.Join(out, " ")
}

// lastSpans writes, for each slot, the span of the last of the n tokens
// at(i) of its rule, or "-".
func lastSpans(n int, at func(int) Token) string {
	var out []string
	for k := range Rules().NumSpans() {
		last := "-"
		for i := range n {
			if tok := at(i); Rule(tok.Rule) == Rule(Rules().SpanRule(k)) {
				last = fmt.Sprintf("[%d,%d)", tok.Begin, tok.End)
			}
		}
		out = append(out, last)
	}
	return strings.Join(out, " ")
}

func TestMatchSpans(t *testing.T) {
	list, _ := Lookup("list")
	if Rules().NumSpans() != 2 || Rule(Rules().SpanRule(0)).String() != "key" || Rule(Rules().SpanRule(1)).String() != "item" || Rule(Rules().SpanRule(2)) != 0 || Rule(Rules().SpanRule(-1)) != 0 {
		t.Fatalf("Rules().NumSpans() = %d, Rule(Rules().SpanRule(0..2)) = %v %v %v", Rules().NumSpans(), Rule(Rules().SpanRule(0)), Rule(Rules().SpanRule(1)), Rule(Rules().SpanRule(2)))
	}
	for _, tt := range []struct {
		in   string
		ok   bool
		want string // the spans of slots 0 and 1, or "-" for none
	}{
		{"a:1", true, "[0,1) [2,3)"},
		{"a:1,22", true, "[0,1) [4,6)"},  // item twice
		{"a:1-b", false, ""},               // prefix a:1, tail abandoned
		{"ab:1,2-c", false, ""},            // prefix ab:1,2
		{"a:1-b?", true, "[0,1) [2,3)"},   // key again, abandoned
		{"ab:1-c!", true, "[5,6) [3,4)"},  // key twice
		{"a;b.", true, "[2,3) -"},         // key twice, item never
		{"a;b", false, ""},
		{"", false, ""},
	} {
		t.Run(tt.in, func(t *testing.T) {
			var s Parser // the zero Parser is ready
			all := NewParser()
			ok, okAll := s.MatchSpans(list, tt.in), all.Match(list, tt.in)
			if ok != tt.ok || okAll != tt.ok {
				t.Fatalf("MatchSpans = %v, Match = %v, want %v", ok, okAll, tt.ok)
			}
			if !ok {
				if s.Furthest() != (Token{}) || s.prefixLen() != 0 {
					t.Errorf("after a failed MatchSpans: Furthest() = %v, prefixLen() = %d", s.Furthest(), s.prefixLen())
				}
				// The slots of the prefix match, as its last tokens.
				if got, want := spans(&s), lastSpans(all.prefixLen(), all.prefixAt); got != want {
					t.Errorf("after a failed MatchSpans: spans %q, from the prefix tokens of Match %q", got, want)
				}
				// A second Failure parses again, as a failed Match does.
				s.Failure(list, tt.in)
				s.Failure(list, tt.in)
				if s.Furthest() != all.Furthest() || s.prefixLen() != all.prefixLen() {
					t.Errorf("second Failure: Furthest() = %v, prefixLen() = %d; Match: %v, %d", s.Furthest(), s.prefixLen(), all.Furthest(), all.prefixLen())
				}
				for i := range min(s.prefixLen(), all.prefixLen()) {
					if s.prefixAt(i) != all.prefixAt(i) {
						t.Errorf("prefixAt(%d) = %v after a second Failure, %v after Match", i, s.prefixAt(i), all.prefixAt(i))
					}
				}
				return
			}
			got, fromTokens := spans(&s), lastSpans(all.Tokens().Len(), all.Tokens().At)
			if got != tt.want || fromTokens != tt.want {
				t.Errorf("spans %q, from the tokens of Match %q, want %q", got, fromTokens, tt.want)
			}
			if _, _, ok := s.Spans().Span(Rules().NumSpans()); ok {
				t.Errorf("Span(Rules().NumSpans()) ok")
			}
			s.Match(list, tt.in)
			if s.Spans().Set() != 0 {
				t.Errorf("SpanSet() = %b after Match, want 0", s.Spans().Set())
			}
		})
	}
}

// TestFailure checks Failure after a failed MatchSpans against the
// Furthest and prefix tokens of a failed Match.
func TestFailure(t *testing.T) {
	list, _ := Lookup("list")
	for _, tt := range []struct {
		in, want string // Failure's token, rule [begin,end)
		prefix   bool
	}{
		{"a:1-b", "key [4,5)", true},     // tail's key ends past the prefix "a:1"
		{"ab:1,2-c", "key [7,8)", true},  // the same
		{"a:1.5x", "item [2,5)", true},   // frac ends there too, inside item: Match gives frac
		{"a:1.x", "item [2,3)", true},    // frac's "." matched no digit
		{"a;b.x", "list [0,4)", true},    // no slot ends at the end of the prefix: parses again
		{"ab.c:1", "name [0,4)", false},  // at's guard skipped name, which ends furthest
		{"ab.c@", "at [0,5)", false},     // no key after at
		{"a;b", "key [2,3)", false},      // key, tracked, then "." fails
		{"a-", "key [0,1)", false},
		{"", "", false},
		{"9", "", false},
	} {
		t.Run(tt.in, func(t *testing.T) {
			var s Parser
			all := NewParser()
			if s.MatchSpans(list, tt.in) || all.Match(list, tt.in) {
				t.Fatalf("%q matches", tt.in)
			}
			far, prefix := s.Failure(list, tt.in)
			got := ""
			if far != (Token{}) {
				got = fmt.Sprintf("%v [%d,%d)", Rule(far.Rule), far.Begin, far.End)
			}
			if got != tt.want || prefix != tt.prefix {
				t.Errorf("Failure = %s, %v; want %s, %v", got, prefix, tt.want, tt.prefix)
			}
			checkFailure(t, far, prefix, all)
		})
	}
}

// TestFailureMatched checks Failure on inputs that the rule matches
// whole: for the entry rule list, prefix true and the innermost rule that
// ends at the end of the input (none for an empty input), for key, which
// is no entry rule, the zero Token and false.
func TestFailureMatched(t *testing.T) {
	list, _ := Lookup("list")
	key, _ := Lookup("key")
	for _, tt := range []struct {
		rule   Rule
		in     string
		want   string // Failure's token, rule [begin,end)
		prefix bool
	}{
		{list, "a:1", "item [2,3)", true},
		{list, "ab:1.5,2-c!", "tail [8,11)", true},
		{list, "x@a;b.", "list [0,6)", true},
		{key, "ab", "", false},
	} {
		t.Run(tt.in, func(t *testing.T) {
			var s Parser
			if !s.MatchSpans(tt.rule, tt.in) {
				t.Fatalf("%q does not match", tt.in)
			}
			far, prefix := s.Failure(tt.rule, tt.in)
			got := ""
			if far != (Token{}) {
				got = fmt.Sprintf("%v [%d,%d)", Rule(far.Rule), far.Begin, far.End)
			}
			if got != tt.want || prefix != tt.prefix {
				t.Errorf("Failure(%q) = %s, %v; want %s, %v", tt.in, got, prefix, tt.want, tt.prefix)
			}
		})
	}
}

// checkFailure checks what Failure gave against all, a parser after the
// failed Match of the same rule and input: the same End and prefix, and
// Furthest's token, or else the innermost token of a rule with a slot
// that ends there on the prefix's path (the first such prefix token),
// around Furthest's.
func checkFailure(t *testing.T, far Token, prefix bool, all *Parser) {
	t.Helper()
	want := all.Furthest()
	if far.End != want.End || prefix != (all.prefixLen() > 0) {
		t.Fatalf("Failure = %v, %v; Match: Furthest %v, prefixLen %d", far, prefix, want, all.prefixLen())
	}
	if far == want {
		return
	}
	for i := range all.prefixLen() {
		tok := all.prefixAt(i)
		slot := false
		for k := range Rules().NumSpans() {
			slot = slot || Rule(Rules().SpanRule(k)) == Rule(tok.Rule)
		}
		if slot && tok.End == want.End && tok.Begin < tok.End {
			if tok != far || tok.Begin > want.Begin {
				t.Errorf("Failure = %v, want %v, the innermost slot around Furthest %v", far, tok, want)
			}
			return
		}
	}
	t.Errorf("Failure = %v, want Furthest %v (no slot ends there)", far, want)
}
`
