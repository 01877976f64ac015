package pegenrt

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// testTable is a grammar of four rules: 1 "a-b" (section §1), 2 "c", a
// helper standing for 1, 3 "whole-a-b", the whole_ helper of 1, and 4
// "d", a helper standing for no rule; slots for 1 and 2.
var testTable = Table{
	Package: "p", Grammar: "g.peg",
	Names:     []string{1: "a-b", 2: "c", 3: "whole-a-b", 4: "d"},
	PEGNames:  []string{"Unknown", "a_b", "c", "whole_a_b", "d"},
	Sections:  []string{1: "§1"},
	Helpers:   []bool{2: true, 3: true, 4: true},
	StandsFor: []uint8{2: 1},
	Whole:     []uint8{1: 3},
	SpanRules: []uint8{1, 2},
	SpanDepth: []uint8{0, 1},
}

func TestTable(t *testing.T) {
	type answers struct {
		Name, PEGName, Section string
		Helper                 bool
		ABNFRule, WholeOf      uint8
	}
	tests := []struct {
		r    uint8
		want answers
	}{
		{0, answers{}},
		{1, answers{Name: "a-b", PEGName: "a_b", Section: "§1", ABNFRule: 1, WholeOf: 3}},
		{2, answers{Name: "c", PEGName: "c", Helper: true, ABNFRule: 1}},
		{3, answers{Name: "whole-a-b", PEGName: "whole_a_b", Helper: true}},
		{4, answers{Name: "d", PEGName: "d", Helper: true}},
		{200, answers{}}, // not a rule
	}
	for _, tt := range tests {
		t.Run(testTable.Name(tt.r), func(t *testing.T) {
			tb := &testTable
			got := answers{tb.Name(tt.r), tb.PEGName(tt.r), tb.Section(tt.r), tb.Helper(tt.r), tb.ABNFRule(tt.r), tb.WholeOf(tt.r)}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("rule %d mismatch (-want +got):\n%s", tt.r, diff)
			}
		})
	}
}

func TestTableLookup(t *testing.T) {
	tests := []struct {
		name string
		want uint8
		ok   bool
	}{
		{"a-b", 1, true}, {"a_b", 1, true}, {"c", 2, true}, {"whole_a_b", 3, true},
		{"", 0, false}, {"Unknown", 0, false}, {"a", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if r, ok := testTable.Lookup(tt.name); r != tt.want || ok != tt.ok {
				t.Errorf("Lookup(%q) = %d, %v; want %d, %v", tt.name, r, ok, tt.want, tt.ok)
			}
		})
	}
	if got := testTable.MustLookup("c"); got != 2 {
		t.Errorf("MustLookup(c) = %d, want 2", got)
	}
	defer func() {
		if got := recover(); got != `p: g.peg has no rule "x"` {
			t.Errorf("MustLookup(x) panicked with %v", got)
		}
	}()
	testTable.MustLookup("x")
}

func TestTableSpans(t *testing.T) {
	if n := testTable.NumSpans(); n != 2 {
		t.Errorf("NumSpans() = %d, want 2", n)
	}
	for k, want := range []uint8{1, 2, 0} {
		if got := testTable.SpanRule(k); got != want {
			t.Errorf("SpanRule(%d) = %d, want %d", k, got, want)
		}
	}
	if got := testTable.SpanRule(-1); got != 0 {
		t.Errorf("SpanRule(-1) = %d, want 0", got)
	}
}

// TestSpans checks the slots: a written slot shows only once Mark sets
// it, and Span refuses a slot that is not one; At reads it unchecked.
func TestSpans(t *testing.T) {
	var s Spans
	s.Write(3, 2, 5)
	if _, _, ok := s.Span(3); ok {
		t.Error("Span(3) before Mark: ok")
	}
	s.Mark(1 << 3)
	if b, e, ok := s.Span(3); b != 2 || e != 5 || !ok || s.Set() != 1<<3 {
		t.Errorf("Span(3) = %d, %d, %v, Set %b; want 2, 5, true, 1000", b, e, ok, s.Set())
	}
	if got := s.At(3); got != (Slot{2, 5}) {
		t.Errorf("At(3) = %v, want {2 5}", got)
	}
	for _, k := range []int{-1, 0, MaxSpans, 32} {
		if _, _, ok := s.Span(k); ok {
			t.Errorf("Span(%d): ok", k)
		}
	}
}

func TestSpansFromTree(t *testing.T) {
	var s Spans
	nodes := []Node{{Rule: 2, Begin: 0, End: 1}, {Rule: 1, Begin: 0, End: 2}, {Rule: 2, Begin: 3, End: 4}, {Rule: 5, Begin: 0, End: 4}}
	set := s.FromTree(nodes, testTable.SpanRules)
	s.Mark(set)
	got := [][3]int{}
	for k := range 2 {
		b, e, ok := s.Span(k)
		if ok {
			got = append(got, [3]int{k, b, e})
		}
	}
	// Slot 1 (rule 2) holds the last of its two spans.
	if diff := cmp.Diff([][3]int{{0, 0, 2}, {1, 3, 4}}, got); diff != "" || set != 3 {
		t.Errorf("FromTree: set %b, slots mismatch (-want +got):\n%s", set, diff)
	}
}

func TestSpansInnermost(t *testing.T) {
	tests := []struct {
		name  string
		slots []Slot // slot k's span, all set
		stop  int
		depth []uint8
		want  int
	}{
		{"none ends there", []Slot{{0, 3}, {1, 2}}, 4, []uint8{0, 0}, -1},
		{"empty spans do not count", []Slot{{4, 4}}, 4, []uint8{0}, -1},
		{"the later start", []Slot{{0, 4}, {2, 4}}, 4, []uint8{0, 0}, 1},
		{"one span: the deeper", []Slot{{2, 4}, {2, 4}}, 4, []uint8{1, 0}, 0},
		{"one span: the deeper, last", []Slot{{2, 4}, {2, 4}}, 4, []uint8{0, 1}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Spans
			for k, sl := range tt.slots {
				s.Write(uint32(k), sl.Begin, sl.End)
			}
			s.Mark(1<<len(tt.slots) - 1)
			if got := s.Innermost(tt.stop, tt.depth); got != tt.want {
				t.Errorf("Innermost(%d) = %d, want %d", tt.stop, got, tt.want)
			}
		})
	}
}

// TestTree checks the tree of tokens: a root over two children, the first
// with a child of its own.
func TestTree(t *testing.T) {
	var tr Tree
	tr.Add(3, 0, 1, 0, 0) // child of 1
	tr.Add(2, 0, 2, 0, 1) // first child of the root
	tr.Add(4, 2, 3, 2, 2) // second child
	tr.Add(1, 0, 3, 0, 3) // the root
	if tr.Len() != 4 || tr.First(3) != 0 || tr.First(2) != 2 {
		t.Fatalf("Len %d, First(3) %d, First(2) %d", tr.Len(), tr.First(3), tr.First(2))
	}
	if got, want := tr.At(1), (Token{Rule: 2, Begin: 0, End: 2}); got != want {
		t.Errorf("At(1) = %v, want %v", got, want)
	}
	if got := slices.Collect(tr.Children(3)); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("Children(3) = %v, want [1 2]", got)
	}
	if got := slices.Collect(tr.Children(0)); len(got) != 0 {
		t.Errorf("Children(0) = %v, want none", got)
	}
	for range tr.Children(3) {
		break // stops early
	}
	if tr.Cap() != 16*cap(tr.Nodes) {
		t.Errorf("Cap() = %d, want %d", tr.Cap(), 16*cap(tr.Nodes))
	}
	tr.Trim(1)
	if tr.Len() != 1 {
		t.Errorf("Len() after Trim(1) = %d", tr.Len())
	}
}
