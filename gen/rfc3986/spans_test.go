package rfc3986

import (
	"testing"

	"github.com/specuri/specuri/internal/spanstest"
)

// spanParser hands internal/spanstest the tokens of a failed Match's
// prefix, which the package keeps unexported.
type spanParser struct{ *Parser }

func (p spanParser) PrefixLen() int       { return p.prefixLen() }
func (p spanParser) PrefixAt(i int) Token { return p.prefixAt(i) }

var spans = spanstest.Grammar[Rule, Token, spanParser]{
	NewParser: func() spanParser { return spanParser{NewParser()} },
	Lookup:    Lookup, SpanRule: SpanRule, NumSpans: NumSpans,
	Entries: []string{"URI-reference", "URI", "absolute-URI", "relative-ref"},
}

// TestSpansAgree checks MatchSpans and Failure against Match, for each
// entry rule, on the inputs of the module's corpora (spanstest.Inputs).
func TestSpansAgree(t *testing.T) { spans.Run(t, "../..") }

// FuzzSpansAgree is TestSpansAgree on any input.
func FuzzSpansAgree(f *testing.F) { spans.Fuzz(f, "../..") }
