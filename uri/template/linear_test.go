package template

import (
	"strings"
	"testing"
	"time"
)

// nsPerByte returns the best time per byte of n input bytes of op, over
// one round of reps calls, and the best of the rounds before.
func nsPerByte(n, reps int, op func(), best float64) float64 {
	start := time.Now()
	for range reps {
		op()
	}
	d := float64(time.Since(start)) / float64(reps*n)
	if best == 0 || d < best {
		return d
	}
	return best
}

// TestLinear checks that Parse and Expand take time linear in their input:
// the time per byte at 64 KiB is less than 8 times that at 4 KiB, for
// shapes where a careless implementation goes quadratic (long runs,
// many parts, errors found only at the end).
func TestLinear(t *testing.T) {
	if testing.Short() || underRace {
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
	const small, large = 1 << 12, 1 << 16
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			// The rounds alternate, so that a burst of load on a shared
			// machine slows both sizes, and each keeps its best.
			opS, opL := sh.op(small), sh.op(large)
			var s, l float64
			for range 5 {
				s = nsPerByte(small, 64, opS, s)
				l = nsPerByte(large, 4, opL, l)
			}
			// Quadratic time would make it 16 times; caches, the
			// collector and a shared machine account for a few.
			if l > 8*s+1 {
				t.Errorf("%.2f ns/byte at %d bytes, %.2f at %d: not linear", s, small, l, large)
			}
		})
	}
}
