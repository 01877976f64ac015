package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/specuri/specuri/internal/grammar"
)

func TestTrackedRules(t *testing.T) {
	tests := []struct {
		name, rules string
		want        []string
	}{
		// b is followed by a literal, c by nothing that can fail.
		{"literal after", "whole_a <- a !.\na <- b ':' c*\nb <- [x]+\nc <- [y]\n", []string{"b"}},
		// An optional part and a repetition after a use cannot fail.
		{"optional after", "whole_a <- a !.\na <- b c? d*\nb <- [x]\nc <- [y]\nd <- [z]\n", []string{}},
		// A use inside a lookahead is always abandoned.
		{"lookahead", "whole_a <- a !.\na <- &b [x]*\nb <- [x]\n", []string{"b"}},
		// After an alternative, what follows the choice decides.
		{"choice", "whole_a <- a !.\na <- (b / c) ';'\nb <- [x]\nc <- [y]\n", []string{"b", "c"}},
		// A rule that always matches dominates what comes before it.
		{"rule after", "whole_a <- a !.\na <- b e\nb <- [x]\ne <- [y]*\n", []string{}},
		// A repetition with Min 2 needs a second item after the first.
		{"counted", "whole_a <- a !.\na <- b b+\nb <- [x]\n", []string{"b"}},
		// Rules that no entry rule uses are not tracked.
		{"unreached", "start <- whole_a / u\nwhole_a <- a !.\na <- [x]\nu <- b ':'\nb <- [x]\n", []string{}},
		// The entry rule's own end is known: whole_a's "!." does not count.
		{"entry", "whole_a <- a !.\na <- [x]*\n", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := trackedRules(readPEG(t, tt.rules))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("trackedRules (-want +got):\n%s", diff)
			}
		})
	}
}

// TestTrackedRulesRFC3986 pins the tracked rules of RFC 3986's grammar: a
// URI with a registered name tracks its scheme alone.
func TestTrackedRulesRFC3986(t *testing.T) {
	srcs, err := grammar.Sources([]string{"rfc3986.peg"})
	if err != nil {
		t.Fatal(err)
	}
	g, err := grammar.Read(srcs, grammar.ReadPEG, grammar.ComposePEG)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"IPv4address", "IPv6address", "IPvFuture", "dec_octet", "h16", "ls32", "scheme", "userinfo"}
	if diff := cmp.Diff(want, trackedRules(g)); diff != "" {
		t.Errorf("trackedRules (-want +got):\n%s", diff)
	}
}

func TestSpanDepths(t *testing.T) {
	g := readPEG(t, "a <- b c\nb <- c? [x]\nc <- [y]\nd <- [z]\n")
	got := spanDepths(g, []string{"a", "b", "c", "d"})
	if diff := cmp.Diff([]int{0, 1, 2, 0}, got); diff != "" {
		t.Errorf("spanDepths (-want +got):\n%s", diff)
	}
}
