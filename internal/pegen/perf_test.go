package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// loopSrc is the gofmt'd code peg writes for segment <- ([a-z] / pct)*,
// after classTables.
const loopSrc = `		{
			position1 := position
		l2:
			{
				position3, tokenIndex3 := position, tokenIndex
				{
					if !pegenClass0[buffer[position]] {
						goto l5
					}
					position++
					goto l4
				l5:
					if !_rules[rulepct]() {
						goto l3
					}
				}
			l4:
				goto l2
			l3:
				position, tokenIndex = position3, tokenIndex3
			}
			add(rulesegment, position1)
		}`

func TestClassLoops(t *testing.T) {
	got, n := classLoops(loopSrc)
	want := `		{
			position1 := position
		l2:
			{
				pos, buf := int(position), buffer
				for pos < len(buf) && pegenClass0[buf[pos]] {
					pos++
				}
				position = uint32(pos)
			}
			{
				position3, tokenIndex3 := position, tokenIndex
				{
					if !pegenClass0[buffer[position]] {
` + loopSrc[len(loopSrc)-len(`						goto l5
					}
					position++
					goto l4
				l5:
					if !_rules[rulepct]() {
						goto l3
					}
				}
			l4:
				goto l2
			l3:
				position, tokenIndex = position3, tokenIndex3
			}
			add(rulesegment, position1)
		}`):]
	if n != 1 {
		t.Errorf("classLoops changed %d loops, want 1", n)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("classLoops mismatch (-want +got):\n%s", diff)
	}
}

// TestClassLoopsLeavesOthers checks that a loop whose lookup does not lead
// back to the loop's head, or whose body starts with something else, is
// left as it is.
func TestClassLoopsLeavesOthers(t *testing.T) {
	for _, src := range []string{
		// The lookup is followed by more of a sequence (([a-z] 'x')*).
		replaceOnce(t, loopSrc, "\t\t\t\t\tposition++\n\t\t\t\t\tgoto l4\n", "\t\t\t\t\tposition++\n\t\t\t\t\tgoto l9\n"),
		// The body starts with a rule call (pct / [a-z])*.
		replaceOnce(t, loopSrc, "if !pegenClass0[buffer[position]] {", "if !_rules[rulepct]() {"),
	} {
		if got, n := classLoops(src); n != 0 || got != src {
			t.Errorf("classLoops changed:\n%s", got)
		}
	}
}

func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%q occurs %d times", old, n)
	}
	return strings.Replace(s, old, new, 1)
}
