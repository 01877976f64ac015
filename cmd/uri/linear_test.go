package main

import (
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
)

// longInputs are inputs of n bytes that make the parser go far: valid ones
// and invalid ones that fail late or after a long scan.
var longInputs = []struct {
	name string
	make func(n int) string
}{
	{"valid path", func(n int) string { return "http://example.com/" + strings.Repeat("a", n) }},
	{"valid userinfo", func(n int) string { return "http://" + strings.Repeat("u", n) + ":pw@h/" }},
	{"unclosed [", func(n int) string { return "http://[" + strings.Repeat("1:", n/2) }},
	{"unclosed IPvFuture", func(n int) string { return "http://[v1." + strings.Repeat("x", n) }},
	{"userinfo without @", func(n int) string { return "http://u:" + strings.Repeat("x", n) + "/" }},
	{"port then x", func(n int) string { return "http://example.com:80" + strings.Repeat("x", n) }},
	{"bad percent at the end", func(n int) string { return "/" + strings.Repeat("%41", n/3) + "%" }},
	{"space at the end", func(n int) string { return strings.Repeat("a", n) + " " }},
}

// linearCommands are the command lines run on the inputs: the input is
// the last argument (several for the small size), or with a line format,
// where %s stands for it, a line of standard input.
var linearCommands = []struct {
	args []string
	line string
}{
	{[]string{"parse"}, ""},
	{[]string{"parse", "--json"}, ""},
	{[]string{"parse", "--syntax", "rfc6874", "--json"}, ""},
	{[]string{"normalize"}, ""},
	{[]string{"normalize", "--json", "--scheme", "--syntax", "rfc3987"}, ""},
	{[]string{"resolve", "http://a/b/c"}, ""},
	{[]string{"resolve", "--json", "http://a/b/c"}, ""},
	{[]string{"relative", "http://example.com/"}, ""},
	{[]string{"compare", "http://example.com/"}, ""},
	{[]string{"parse", "--json"}, "%s"},
	{[]string{"resolve"}, "http://a/b/c\t%s"},
	{[]string{"compare"}, "%s\thttp://example.com/"},
	{[]string{"relative"}, "%s\thttp://example.com/"},
}

// commandLine returns args with the inputs as arguments, or with line (a
// format for one line of standard input) the inputs as lines of standard
// input, and the total bytes of the inputs.
func commandLine(args []string, in []string, line string) (all []string, stdin string, total int) {
	for _, s := range in {
		total += len(s)
	}
	all = append(append([]string{}, args...), append([]string{"--"}, in...)...)
	var b strings.Builder
	if line != "" {
		all = args
		for _, s := range in {
			b.WriteString(strings.ReplaceAll(line, "%s", s) + "\n")
		}
	}
	return all, b.String(), total
}

// sample is one run of args on the inputs, for package lineartest.
func sample(args []string, in []string, line string) lineartest.Sample {
	all, stdin, total := commandLine(args, in, line)
	return lineartest.Sample{N: total, Op: func() {
		run(&env{stdin: strings.NewReader(stdin), stdout: io.Discard, stderr: io.Discard}, all)
	}}
}

// allocPerByte returns the bytes one run of args on the inputs allocates
// per input byte.
func allocPerByte(args []string, in []string, line string) float64 {
	s := sample(args, in, line)
	var m0, m1 runtime.MemStats
	// Two collections empty the sync.Pools, whose buffers would hide
	// allocations.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m0)
	s.Op()
	runtime.ReadMemStats(&m1)
	return float64(m1.TotalAlloc-m0.TotalAlloc) / float64(s.N)
}

// checkCost fails t unless args on one input of 1 MB costs time and
// memory linear in it: per byte, its CPU time within factor times that of
// the smalls (100 inputs of 10 KB, the same bytes), in the fastest of
// interleaved rounds (package lineartest), and its memory within a small
// factor of that of 256 KB (one input each: buffers reused from input to
// input would hide a cost that grows).
func checkCost(t *testing.T, args []string, line string, gen func(n int) string) {
	t.Helper()
	// A quadratic cost would be 100 times the small one per byte; a linear
	// one is a few times it when the large input's data outgrow the caches.
	const small, large, factor = 10 << 10, 1 << 20, 10
	smalls := make([]string, large/small)
	for i := range smalls {
		// Two sizes in turn: a batch parses an input equal to the one
		// before only once.
		smalls[i] = gen(small - 6*(i%2))
	}
	r, ok := lineartest.Compare(sample(args, smalls, line), sample(args, []string{gen(large)}, line), factor)
	if !ok {
		t.Errorf("1 MB against 100 × 10 KB: %v: not linear in time", r)
	}
	if ml, ms := allocPerByte(args, []string{gen(large)}, line), allocPerByte(args, []string{gen(large / 4)}, line); ml > 2*ms+1 {
		t.Errorf("1 MB allocates %.1f bytes per input byte, 256 KB %.1f: not linear in memory", ml, ms)
	}
}

// TestLinear checks that every command costs time and memory linear in
// its input, valid input or not (checkCost).
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for seconds")
	}
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time")
	}
	for _, c := range linearCommands {
		for _, in := range longInputs {
			name := strings.Join(c.args, " ")
			if c.line != "" {
				name += " < " + strings.ReplaceAll(c.line, "\t", "<TAB>")
			}
			t.Run(name+"/"+in.name, func(t *testing.T) {
				checkCost(t, c.args, c.line, in.make)
			})
		}
	}
}

// passwordInputs are inputs of n bytes with a password where masking it
// takes work: a password split into labels, labels after a password.
var passwordInputs = []struct {
	name string
	make func(n int) string
}{
	{"password of dots", func(n int) string { return "http://u:" + strings.Repeat("p.", n/2) + "@h/" }},
	{"labels after a password", func(n int) string { return "http://u:pw@" + strings.Repeat("a.", n/2) + "\u00e9/" }},
}

// TestLinearOtherCommands checks that the commands that read names, URLs,
// request-targets, file URIs and URIs for a template cost time and memory
// linear in their input (checkCost) on an input with a password, each on
// the one of passwordInputs that makes it work most.
func TestLinearOtherCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for seconds")
	}
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time")
	}
	for _, c := range []struct {
		args []string
		in   int // in passwordInputs
	}{
		{[]string{"idna", "ascii"}, 0},
		{[]string{"idna", "ascii"}, 1},
		{[]string{"idna", "unicode", "--strict"}, 0},
		{[]string{"whatwg"}, 1},
		{[]string{"request-target", "GET"}, 0},
		{[]string{"file", "path", "--style", "posix"}, 1},
		{[]string{"template", "match", "{+x}"}, 0},
		{[]string{"site"}, 0},
		{[]string{"site", "--json"}, 1},
		{[]string{"fetch-check"}, 0},
		{[]string{"fetch-check", "--json"}, 1},
	} {
		in := passwordInputs[c.in]
		t.Run(strings.Join(c.args, " ")+"/"+in.name, func(t *testing.T) {
			checkCost(t, c.args, "", in.make)
		})
	}
}
