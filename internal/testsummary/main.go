// Command testsummary reads the events of `go test -json` on standard
// input and prints what a person waiting for the suite needs: a line per
// package as it finishes (with its time, its tests and whether it came
// from the cache), the output of every failed test in full, a progress
// line whenever nothing else was printed for 30 seconds, and a closing
// summary:
//
//	41 packages (3 cached), 2310 tests, 0 failed, 2m41s
//	2310 passed, 0 failed
//
// Lines that are not JSON events (a build error of a command outside the
// test binary) are copied as they are; one that starts with "FAIL" counts
// as a failure, so that a pipeline can report a go test that exited
// non-zero without an event ("go test ... || echo FAIL ..."). The exit
// status is 1 if a test or a package failed or did not build, 0
// otherwise. Several `go test -json` runs may be piped into one summary.
//
// Usage:
//
//	go test -json ./... | go run ./internal/testsummary
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
)

// event is a line of `go test -json` (see `go doc test2json`).
type event struct {
	Action  string
	Package string
	// ImportPath names the test binary of a build-output or build-fail
	// event, which has no Package ("p [p.test]").
	ImportPath string
	Test       string
	Elapsed    float64
	Output     string
}

// quiet is how long the summary stays silent before it prints a progress
// line.
const quiet = 30 * time.Second

func main() {
	s := newSummary(os.Stdout, time.Now())
	done := make(chan struct{})
	go s.heartbeat(done, time.NewTicker(quiet/3).C)
	err := s.read(os.Stdin)
	close(done)
	s.finish(time.Now())
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(1)
	}
	if s.failed() {
		os.Exit(1)
	}
}

// summary is the state of the runs read so far.
type summary struct {
	mu        sync.Mutex
	w         io.Writer
	start     time.Time
	lastPrint time.Time
	running   map[string]bool     // packages started, not finished
	output    map[string][]string // output of each running test, by package and test
	pkgs      int
	cached    int
	pkgFailed int
	tests     int
	passed    int
	failures  []string
	skipped   int
}

func newSummary(w io.Writer, now time.Time) *summary {
	return &summary{w: w, start: now, lastPrint: now, running: map[string]bool{}, output: map[string][]string{}}
}

// read consumes the events of r until its end.
func (s *summary) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			s.plain(string(line))
			continue
		}
		s.event(e)
	}
	return sc.Err()
}

// event records one event.
func (s *summary) event(e event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := e.Package + " " + e.Test
	switch e.Action {
	case "start":
		s.running[e.Package] = true
	case "output":
		s.output[key] = append(s.output[key], e.Output)
	case "build-output":
		s.output[e.ImportPath] = append(s.output[e.ImportPath], e.Output)
	case "build-fail":
		// The compiler's messages, once: the package's own fail event
		// follows.
		s.printLocked(strings.TrimRight(strings.Join(s.output[e.ImportPath], ""), "\n"))
		delete(s.output, e.ImportPath)
	case "pass", "fail", "skip":
		if e.Test == "" {
			s.packageDone(e)
		} else {
			s.testDone(e, key)
		}
	}
}

// testDone counts a finished test; a failed one's output is printed.
func (s *summary) testDone(e event, key string) {
	out := s.output[key]
	delete(s.output, key)
	if strings.Contains(e.Test, "/") {
		// Subtests count within their test, whose output holds theirs.
		if e.Action == "fail" {
			parent := e.Package + " " + e.Test[:strings.Index(e.Test, "/")]
			s.output[parent] = append(s.output[parent], out...)
		}
		return
	}
	s.tests++
	switch e.Action {
	case "pass":
		s.passed++
	case "skip":
		s.skipped++
	case "fail":
		s.failures = append(s.failures, e.Package+"."+e.Test)
		s.printLocked(strings.TrimRight(strings.Join(out, ""), "\n"))
	}
}

// packageDone prints a finished package's line.
func (s *summary) packageDone(e event) {
	delete(s.running, e.Package)
	out := strings.Join(s.output[e.Package+" "], "")
	delete(s.output, e.Package+" ")
	s.pkgs++
	status := "ok  "
	switch {
	case e.Action == "fail":
		s.pkgFailed++
		status = "FAIL"
		s.printLocked(strings.TrimRight(out, "\n"))
	case strings.Contains(out, "(cached)"):
		s.cached++
		s.printLocked(fmt.Sprintf("%s %s (cached)", status, e.Package))
		return
	case strings.Contains(out, "no test files"):
		return
	}
	s.printLocked(fmt.Sprintf("%s %s %.1fs", status, e.Package, e.Elapsed))
}

// heartbeat prints a progress line whenever nothing was printed for
// quiet, until done is closed.
func (s *summary) heartbeat(done <-chan struct{}, tick <-chan time.Time) {
	for {
		select {
		case <-done:
			return
		case now := <-tick:
			s.mu.Lock()
			if now.Sub(s.lastPrint) >= quiet {
				s.printLocked(s.progress(now))
			}
			s.mu.Unlock()
		}
	}
}

// progress is a line saying what is still running.
func (s *summary) progress(now time.Time) string {
	var pkgs []string
	for p := range s.running {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	return fmt.Sprintf("... %s: %d packages done, %d tests passed; running %s",
		now.Sub(s.start).Round(time.Second), s.pkgs, s.passed, strings.Join(pkgs, ", "))
}

func (s *summary) failed() bool { return s.pkgFailed > 0 || len(s.failures) > 0 }

// finish prints the closing summary: the failed tests, then the counts.
func (s *summary) finish(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.failures {
		s.printLocked("FAIL " + f)
	}
	failed := len(s.failures)
	if failed == 0 && s.pkgFailed > 0 {
		failed = s.pkgFailed // a package that did not build or failed outside a test
	}
	s.printLocked(fmt.Sprintf("%d packages (%d cached), %d tests, %d failed, %s",
		s.pkgs, s.cached, s.tests, failed, now.Sub(s.start).Round(time.Second)))
	s.printLocked(fmt.Sprintf("%d passed, %d failed", s.passed, failed))
}

// plain prints a line that is no event; one starting "FAIL" (a go test
// that failed before it could report, as the Makefile echoes it) counts
// as a failed package.
func (s *summary) plain(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if strings.HasPrefix(line, "FAIL") {
		s.pkgFailed++
	}
	s.printLocked(line)
}

func (s *summary) printLocked(line string) {
	if line == "" {
		return
	}
	fmt.Fprintln(s.w, line)
	s.lastPrint = time.Now()
}
