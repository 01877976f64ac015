package template

import (
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
)

// TestLinear checks that Parse and Expand take time linear in their input:
// per byte, the CPU time at 1 MiB is less than 16 times that at 4 KiB
// (a quadratic cost would be 256 times) in the fastest of interleaved
// rounds (package lineartest), for
// shapes where a careless implementation goes quadratic (long runs,
// many parts, errors found only at the end).
func TestLinear(t *testing.T) {
	if testing.Short() || lineartest.RaceEnabled {
		t.Skip("timing")
	}
	type shape struct {
		name string
		op   func(n int) func()
	}
	parse := func(unit, suffix string) func(n int) func() {
		return func(n int) func() {
			s := strings.Repeat(unit, n/len(unit)) + suffix
			return func() { _, _ = Parse(s) }
		}
	}
	expand := func(tmpl string, vars func(n int) Values) func(n int) func() {
		return func(n int) func() {
			tm, v := MustParse(tmpl), vars(n)
			buf := make([]byte, 0, 8*n)
			return func() { _, _ = ExpandOptions{Check: true}.AppendExpand(buf[:0], tm, v) }
		}
	}
	str := func(unit string) func(n int) Values {
		return func(n int) Values { return Values{"v": String(strings.Repeat(unit, n/len(unit)))} }
	}
	shapes := []shape{
		{"parse literals", parse("a%20", "")},
		{"parse expressions", parse("{a,b:3,c*}", "")},
		{"parse error at the end", parse("{a}x", "{")},
		{"parse bad byte at the end", parse("é", " ")},
		{"parse expressions, bad last", parse("{+a}", "{+a:0}")},
		{"template of many expressions", func(n int) func() {
			tm := MustParse(strings.Repeat("{/v,w}", n/6))
			v := Values{"v": String("a"), "w": List("b", "c")}
			buf := make([]byte, 0, 8*n)
			return func() { _, _ = tm.AppendExpand(buf[:0], v) }
		}},
		{"long value", expand("{v}", str("a b"))},
		{"long reserved value", expand("{+v}", str("%C3%BC/"))},
		{"long prefix", expand("{+v:9999}", str("%C3%BC/"))},
		{"long list", expand("{?v*}", func(n int) Values {
			return Values{"v": List(strings.Split(strings.Repeat("x,", n/2), ",")...)}
		})},
		{"long assoc", expand("{;v*}", func(n int) Values {
			pairs := make([]Pair, n/4)
			for i := range pairs {
				pairs[i] = Pair{"k", "v"}
			}
			return Values{"v": Assoc(pairs...)}
		})},
		{"not a reference at the end", expand("{#v}", func(n int) Values {
			return Values{"v": String(strings.Repeat("a/", n/2) + "#")}
		})},
		{"not a reference, found late", func(n int) func() {
			tm := MustParse(strings.Repeat("{+v}", n/4) + "{#w}{#w}")
			v := Values{"v": String("a"), "w": String("x")}
			buf := make([]byte, 0, 8*n)
			return func() { _, _ = ExpandOptions{Check: true}.AppendExpand(buf[:0], tm, v) }
		}},
	}
	const small, large, slack = 1 << 12, 1 << 20, 16
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			lineartest.Check(t, lineartest.Sample{N: small, Op: sh.op(small)}, lineartest.Sample{N: large, Op: sh.op(large)}, slack)
		})
	}
}
