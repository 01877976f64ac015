package pegenrt

import (
	"errors"
	"testing"
	"unsafe"

	"github.com/google/go-cmp/cmp"
)

var tokenCmp = cmp.AllowUnexported(token32{})

func TestAdd(t *testing.T) {
	tests := []struct {
		name  string
		tree  []token32
		index uint32
		want  []token32
	}{
		{"appends at the end", nil, 0, []token32{{1, 2, 5, 0}}},
		{"overwrites an abandoned token", []token32{{2, 0, 1, 0}, {2, 1, 2, 1}}, 1, []token32{{2, 0, 1, 0}, {1, 2, 5, 0}}},
		// Past the end only when the caller skipped indices: it appends.
		{"appends past the end", []token32{{2, 0, 1, 0}}, 3, []token32{{2, 0, 1, 0}, {1, 2, 5, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := tokens32{Nodes: tt.tree}
			ts.Add(1, 2, 5, 0, tt.index)
			if diff := cmp.Diff(tt.want, ts.Nodes, tokenCmp); diff != "" {
				t.Errorf("Add(%d) mismatch (-want +got):\n%s", tt.index, diff)
			}
		})
	}
}

func TestSize(t *testing.T) {
	for _, n := range []int{0, 1, 64} {
		var p grammar
		if err := size(n)(&p); err != nil || len(p.Nodes) != 0 || cap(p.Nodes) != n {
			t.Errorf("size(%d): %v, len %d, cap %d", n, err, len(p.Nodes), cap(p.Nodes))
		}
	}
}

// setRule makes the rule methods of shape.go match as rule does, for
// the rest of the test.
func setRule(t *testing.T, rule func(p *grammar, r pegRule) bool) {
	testRule = rule
	t.Cleanup(func() { testRule = nil })
}

func TestParseAndError(t *testing.T) {
	tests := []struct {
		name    string
		rule    func(p *grammar, r pegRule) bool
		wantErr string
	}{
		{"match", func(p *grammar, r pegRule) bool { return r == ruleX }, ""},
		{"no match", func(p *grammar, r pegRule) bool { p.max = token32{uint8(ruleS), 3, 7, 0}; return false }, "parse error near S (bytes 3 to 7)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setRule(t, tt.rule)
			var p grammar
			err := p.Parse()
			got := ""
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tt.wantErr, got); diff != "" {
				t.Errorf("Parse() mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAddSpan checks the span slots: a slot's span, the set of slots
// written in tokenIndex, and overwrote when a slot is written twice.
func TestAddSpan(t *testing.T) {
	var p grammar
	p.position = 4
	p.addSpan(1, 2)
	if p.spans.At(1) != (Slot{2, 4}) || p.tokenIndex != 1<<1 || p.overwrote {
		t.Fatalf("addSpan(1, 2): slots %v, tokenIndex %b, overwrote %v", p.spans.slots, p.tokenIndex, p.overwrote)
	}
	p.position = 6
	p.addSpan(3, 4)
	if p.spans.At(3) != (Slot{4, 6}) || p.tokenIndex != 1<<1|1<<3 || p.overwrote {
		t.Fatalf("addSpan(3, 4): slots %v, tokenIndex %b, overwrote %v", p.spans.slots, p.tokenIndex, p.overwrote)
	}
	p.addSpan(1, 5)
	if p.spans.At(1) != (Slot{5, 6}) || !p.overwrote {
		t.Fatalf("addSpan(1, 5) again: slots %v, overwrote %v", p.spans.slots, p.overwrote)
	}
}

// TestTrack checks Furthest in span mode: of the non-empty matches, the
// last to end furthest.
func TestTrack(t *testing.T) {
	steps := []struct {
		rule            pegRule
		begin, position uint32
		want            token32
	}{
		{1, 0, 3, token32{1, 0, 3, 0}},
		{2, 3, 3, token32{1, 0, 3, 0}}, // empty: not tracked
		{2, 1, 2, token32{1, 0, 3, 0}}, // ends before
		{2, 1, 3, token32{2, 1, 3, 0}}, // ends as far: the last wins
		{1, 4, 9, token32{1, 4, 9, 0}},
	}
	var p grammar
	for _, s := range steps {
		p.position = s.position
		p.track(s.rule, s.begin)
		if diff := cmp.Diff(s.want, p.max, tokenCmp); diff != "" {
			t.Errorf("track(%d, %d) at %d mismatch (-want +got):\n%s", s.rule, s.begin, s.position, diff)
		}
	}
}

// TestMemoEntry checks that a memo entry stays 8 bytes: each memoized
// rule keeps an array of them in every parser.
func TestMemoEntry(t *testing.T) {
	if got := unsafe.Sizeof(memoEntry{}); got != 8 {
		t.Errorf("unsafe.Sizeof(memoEntry{}) = %d, want 8", got)
	}
}

func TestInit(t *testing.T) {
	fail := errors.New("option failed")
	tests := []struct {
		name    string
		options []func(*grammar) error
		wantErr error
		wantCap int
	}{
		{"none", nil, nil, 0},
		{"size", []func(*grammar) error{size(8)}, nil, 8},
		{"a failing option stops Init", []func(*grammar) error{func(*grammar) error { return fail }, size(8)}, fail, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := grammar{position: 3, tokenIndex: 2, used: true} // as a parse leaves it
			err := p.Init(tt.options...)
			if err != tt.wantErr || cap(p.Nodes) != tt.wantCap {
				t.Fatalf("Init: %v, cap %d; want %v, %d", err, cap(p.Nodes), tt.wantErr, tt.wantCap)
			}
			if err == nil && (p.position != 0 || p.tokenIndex != 0) {
				t.Errorf("Init did not reset: position %d, tokenIndex %d", p.position, p.tokenIndex)
			}
		})
	}
}

// TestAddRecord checks the token filter and Furthest: add records the
// rules that keep keeps (every rule without a filter), a token of an
// abandoned attempt is overwritten, and without a filter the last rule to
// reach the furthest offset is Furthest.
func TestAddRecord(t *testing.T) {
	tests := []struct {
		name string
		keep *[nRules]bool
		want []token32
		max  token32
	}{
		// The abandoned token of rule 1 [0,1) is overwritten, and the last
		// token to reach the furthest offset is Furthest.
		{"every rule", nil, []token32{{2, 0, 1, 0}, {1, 0, 2, 0}}, token32{1, 0, 2, 0}},
		{"rule 1 only", &[nRules]bool{1: true}, []token32{{1, 0, 2, 0}}, token32{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := grammar{Buffer: "ab", keep: tt.keep}
			setRule(t, func(p *grammar, _ pegRule) bool {
				begin := p.position
				// An attempt that records a token and is abandoned, as a
				// failed alternative is: position and tokenIndex go back.
				saved, savedIndex := p.position, p.tokenIndex
				p.matchDot()
				p.add(1, begin, savedIndex)
				p.position, p.tokenIndex = saved, savedIndex
				for p.peek() != 0 && p.matchDot() {
					if p.position == 1 {
						p.add(2, begin, p.tokenIndex)
					}
				}
				p.add(1, begin, 0)
				return !p.matchDot()
			})
			if err := p.Parse(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, p.Nodes, tokenCmp); diff != "" {
				t.Errorf("tokens mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.max, p.max, tokenCmp); diff != "" {
				t.Errorf("Furthest mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestMoved checks what call returns through: the end a rule returned is
// stored in the position, where the API reads it, and the verdict is
// returned.
func TestMoved(t *testing.T) {
	for _, ok := range []bool{true, false} {
		p := grammar{position: 1}
		if got := p.moved(7, ok); got != ok || p.position != 7 {
			t.Errorf("moved(7, %v) = %v, position %d; want %v, 7", ok, got, p.position, ok)
		}
	}
}
