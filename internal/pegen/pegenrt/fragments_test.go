package pegenrt

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// filter returns a token filter that keeps these rules.
func filter(rules ...pegRule) *[nRules]bool {
	var keep [nRules]bool
	for _, r := range rules {
		keep[r] = true
	}
	return &keep
}

func TestCall(t *testing.T) {
	setRule(t, func(p *grammar, r pegRule) bool { return r == ruleX })
	for _, tt := range []struct {
		r    pegRule
		want bool
	}{{ruleX, true}, {ruleUnknown, false}, {ruleM, false}, {pegRule(nRules), false}} {
		var p grammar
		if got := p.call(tt.r); got != tt.want {
			t.Errorf("call(%d) = %v, want %v", tt.r, got, tt.want)
		}
	}
}

// TestReset checks that reset empties the state of a parse, the memos
// only when one was used, and that it marks a zero grammar used and
// leaves the rest as it is.
func TestReset(t *testing.T) {
	used := grammar{Buffer: "ab", position: 2, tokenIndex: 1, skipped: true, skipEnd: 2, used: true, memoUsed: true, max: token32{uint8(ruleX), 0, 2, 0}}
	used.memoM[1] = memoEntry{2, 3}
	unused := used
	unused.memoUsed = false
	tests := []struct {
		name string
		p    grammar
		want grammar
	}{
		{"memo used", used, grammar{Buffer: "ab", used: true}},
		{"memo unused", unused, grammar{Buffer: "ab", used: true, memoM: unused.memoM}},
		{"zero", grammar{Buffer: "ab"}, grammar{Buffer: "ab", used: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.p.reset()
			if diff := cmp.Diff(tt.want, tt.p, cmp.AllowUnexported(grammar{}, token32{}, tokens32{}, memoEntry{}, Spans{})); diff != "" {
				t.Errorf("reset() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMemo checks the method of a memoized rule: a second try at a
// position is answered from the memo, with the position it ended at and
// the same token, and a try at another position runs the rule; positions
// memoSize apart share a slot.
func TestMemo(t *testing.T) {
	var p grammar
	runs := 0
	setRule(t, func(p *grammar, r pegRule) bool {
		runs++
		begin := p.position
		if begin%2 == 1 {
			return false // fails at odd positions
		}
		p.position += 2
		p.add(ruleM, begin, p.tokenIndex)
		return true
	})
	steps := []struct {
		at, wantPos uint32
		wantOK      bool
		wantRuns    int
	}{
		{0, 2, true, 1},
		{0, 2, true, 1}, // from the memo
		{1, 1, false, 2},
		{1, 1, false, 2}, // a failure from the memo
		{0, 2, true, 2},  // still remembered
		{memoSize, memoSize + 2, true, 3},
		{0, 2, true, 4}, // the slot of 0 was taken
	}
	for i, s := range steps {
		p.position, p.tokenIndex, p.Nodes = s.at, 0, nil
		ok := p.ruleM()
		if ok != s.wantOK || p.position != s.wantPos || runs != s.wantRuns || !p.memoUsed {
			t.Errorf("step %d: ruleM() at %d = %v, position %d, %d runs, memoUsed %v; want %v, %d, %d, true",
				i, s.at, ok, p.position, runs, p.memoUsed, s.wantOK, s.wantPos, s.wantRuns)
		}
		var want []token32
		if s.wantOK {
			want = []token32{{uint8(ruleM), s.at, s.wantPos, 0}}
		}
		if diff := cmp.Diff(want, p.Nodes, tokenCmp); diff != "" {
			t.Errorf("step %d: tokens of ruleM() at %d mismatch (-want +got):\n%s", i, s.at, diff)
		}
	}
}

func TestTightLoop(t *testing.T) {
	tests := []struct {
		s        string
		position uint32
		want     uint32
	}{
		{"", 0, 0},
		{"ab/c-d", 0, 4},
		{"ab/c-d", 5, 6},
		{"ab%41", 0, 2},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q@%d", tt.s, tt.position), func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tightLoop(tt.s, tt.position)); diff != "" {
				t.Errorf("tightLoop(%q) mismatch (-want +got):\n%s", tt.s, diff)
			}
		})
	}
}

// TestTightPercentLoop checks that the run goes through percent-encodings
// only when P's tokens are filtered out.
func TestTightPercentLoop(t *testing.T) {
	tests := []struct {
		name string
		s    string
		keep *[nRules]bool
		want uint32
	}{
		{"no filter", "ab%41cd-", nil, 2},
		{"P filtered out", "ab%41cd-", filter(ruleX), 7},
		{"P kept", "ab%41cd-", filter(ruleP), 2},
		{"a bad encoding", "ab%4g", filter(ruleX), 2},
		{"at the end", "ab", filter(ruleX), 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tightPercentLoop(tt.s, 0, tt.keep)); diff != "" {
				t.Errorf("tightPercentLoop(%q) mismatch (-want +got):\n%s", tt.s, diff)
			}
		})
	}
}

// TestFusedRun checks the run before a fused loop: only at fuseByte,
// only when the run rule's tokens (and the percent-encoding rule's) are
// filtered out.
func TestFusedRun(t *testing.T) {
	tests := []struct {
		name        string
		s           string
		position    uint32
		keep        *[nRules]bool
		want        uint32 // fusedRun
		wantPercent uint32 // fusedRunPercent
	}{
		{"no filter", "/ab/c%41/d?", 0, nil, 0, 0},
		{"filtered out", "/ab/c%41/d?", 0, filter(ruleX), 5, 10},
		{"S kept", "/ab/c%41/d?", 0, filter(ruleS), 0, 0},
		{"P kept", "/ab/c%41/d?", 0, filter(ruleP), 5, 0},
		{"not at fuseByte", "ab/c?", 0, filter(ruleX), 0, 0},
		{"at the end", "/ab", 3, filter(ruleX), 3, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, fusedRun(tt.s, tt.position, tt.keep)); diff != "" {
				t.Errorf("fusedRun(%q) mismatch (-want +got):\n%s", tt.s, diff)
			}
			if diff := cmp.Diff(tt.wantPercent, fusedRunPercent(tt.s, tt.position, tt.keep)); diff != "" {
				t.Errorf("fusedRunPercent(%q) mismatch (-want +got):\n%s", tt.s, diff)
			}
		})
	}
}

// TestStopGuard checks that a guarded rule runs only where the run of
// classRun ends at stopByte, or when the parse explains a failure.
func TestStopGuard(t *testing.T) {
	type state struct {
		OK, Ran, Skipped bool
		SkipEnd          uint32
	}
	tests := []struct {
		name     string
		s        string
		position uint32
		explain  bool
		want     state
	}{
		{"run ends at stopByte", "ab/c@d", 0, false, state{OK: true, Ran: true}},
		{"stopByte at the position", "@", 0, false, state{OK: true, Ran: true}},
		{"run ends elsewhere", "ab/c?@", 1, false, state{Skipped: true, SkipEnd: 4}},
		{"run ends at the end", "abc", 0, false, state{Skipped: true, SkipEnd: 3}},
		{"explaining", "ab?", 0, true, state{OK: true, Ran: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ran := false
			setRule(t, func(*grammar, pegRule) bool { ran = true; return true })
			p := grammar{Buffer: tt.s, position: tt.position, explain: tt.explain}
			ok := p.stopGuard()
			got := state{ok, ran, p.skipped, p.skipEnd}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("stopGuard() on %q mismatch (-want +got):\n%s", tt.s, diff)
			}
		})
	}
}

// TestSpanCall checks that in span mode a rule writes its slot and
// tracks its end, and otherwise records its token.
func TestSpanCall(t *testing.T) {
	p := grammar{position: 5, spanMode: true}
	p.spanCall(2, 0)
	if p.spans.At(slotK) != (Slot{2, 5}) || p.tokenIndex != 1<<slotK || len(p.Nodes) != 0 || p.max != (token32{uint8(ruleX), 2, 5, 0}) {
		t.Errorf("spanCall in span mode: slots %v, tokenIndex %b, tokens %v, max %v", p.spans.slots, p.tokenIndex, p.Nodes, p.max)
	}
	p = grammar{position: 5}
	p.spanCall(2, 0)
	if diff := cmp.Diff([]token32{{uint8(ruleX), 2, 5, 0}}, p.Nodes, tokenCmp); diff != "" || p.spans != (Spans{}) {
		t.Errorf("spanCall: slots %v, tokens mismatch (-want +got):\n%s", p.spans.slots, diff)
	}
}

// TestClassTable checks the model of a class table: it holds exactly the
// members quoted in its doc comment.
func TestClassTable(t *testing.T) {
	const members = "/abcdefghijklmnopqrstuvwxyz"
	for c := range 256 {
		if want := strings.IndexByte(members, byte(c)) >= 0; classRun[c] != want {
			t.Errorf("classRun[%#02x] = %v, want %v", c, classRun[c], want)
		}
	}
}
