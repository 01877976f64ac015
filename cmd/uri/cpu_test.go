package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestParseJSONCPU measures, side by side in one run, the CPU time (user
// plus system) of "uri parse --json" and of testdata/neturljson, the same
// job done with net/url and encoding/json, on 300,000 realistic links (the
// lines of the repository's testdata/bench/realistic-*.txt, repeated). It
// builds both programs, runs them alternately, keeps each one's median and
// fails when uri costs more.
// It runs only when URI_CPU_BENCH is set:
//
//	URI_CPU_BENCH=1 go test -run '^TestParseJSONCPU$' -count 1 -v ./cmd/uri/
func TestParseJSONCPU(t *testing.T) {
	cpuVersus(t, []string{"parse", "--json"}, "./testdata/neturljson", "net/url+encoding/json")
}

// TestWhatwgJSONCPU is TestParseJSONCPU for "uri whatwg --json" (a
// WHATWG parse with its validation errors, and the URL class's getters)
// against testdata/neturlwhatwgjson, which writes the same getters as
// net/url reads them. It runs only when URI_CPU_BENCH is set:
//
//	URI_CPU_BENCH=1 go test -run '^TestWhatwgJSONCPU$' -count 1 -v ./cmd/uri/
func TestWhatwgJSONCPU(t *testing.T) {
	cpuVersus(t, []string{"whatwg", "--json"}, "./testdata/neturlwhatwgjson", "net/url+encoding/json")
}

// cpuVersus builds uri and the baseline program basePkg, runs "uri args"
// and the baseline alternately on 300,000 realistic links, keeps each
// one's median CPU time (user plus system) and fails when uri costs more.
func cpuVersus(t *testing.T, args []string, basePkg, baseName string) {
	if os.Getenv("URI_CPU_BENCH") == "" {
		t.Skip("set URI_CPU_BENCH=1 to measure")
	}
	const lines, rounds = 300000, 7
	dir := t.TempDir()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	uriBin, baseBin := filepath.Join(dir, "uri"), filepath.Join(dir, "baseline")
	for bin, pkg := range map[string]string{uriBin: ".", baseBin: basePkg} {
		if out, err := exec.Command(goCmd, "build", "-o", bin, pkg).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", pkg, err, out)
		}
	}
	var links []string
	for _, name := range []string{"../../testdata/bench/realistic-abs.txt", "../../testdata/bench/realistic-rel.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		links = append(links, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	var in bytes.Buffer
	for i := range lines {
		in.WriteString(links[i%len(links)])
		in.WriteByte('\n')
	}
	input := filepath.Join(dir, "links.txt")
	if err := os.WriteFile(input, in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cpu := func(bin string, argv ...string) time.Duration {
		f, err := os.Open(input)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd := exec.Command(bin, argv...)
		cmd.Stdin = f
		var out countingWriter
		cmd.Stdout = &out
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() > 1 {
			t.Fatalf("%s: %v", bin, err)
		}
		if n := strings.Count(out.String(), "\n"); n != lines {
			t.Fatalf("%s wrote %d lines, want %d", bin, n, lines)
		}
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	var uriCPU, baseCPU []time.Duration
	for range rounds {
		uriCPU = append(uriCPU, cpu(uriBin, args...))
		baseCPU = append(baseCPU, cpu(baseBin))
	}
	slices.Sort(uriCPU)
	slices.Sort(baseCPU)
	u, b := uriCPU[rounds/2], baseCPU[rounds/2]
	name := "uri " + strings.Join(args, " ")
	t.Logf("%d lines, median of %d alternate runs, user+sys CPU: %s %v, %s %v, ratio %.2f",
		lines, rounds, name, u, baseName, b, float64(u)/float64(b))
	if u > b {
		t.Errorf("%s costs more CPU than %s", name, baseName)
	}
}
