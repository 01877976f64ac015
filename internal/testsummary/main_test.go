package main

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestSummary feeds events of `go test -json` and checks the lines
// printed: a line per package, a failed test's output in full, the
// closing summary.
func TestSummary(t *testing.T) {
	tests := []struct {
		name, in   string
		want       string
		wantFailed bool
	}{
		{"pass", `{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"pass","Package":"p","Test":"TestA","Elapsed":0.1}
{"Action":"pass","Package":"p","Test":"TestA/x","Elapsed":0.1}
{"Action":"skip","Package":"p","Test":"TestB","Elapsed":0}
{"Action":"output","Package":"p","Output":"ok  \tp\t0.2s\n"}
{"Action":"pass","Package":"p","Elapsed":0.2}
{"Action":"start","Package":"q"}
{"Action":"output","Package":"q","Output":"ok  \tq\t(cached)\n"}
{"Action":"pass","Package":"q","Elapsed":0}
`, "ok   p 0.2s\nok   q (cached)\n2 packages (1 cached), 2 tests, 0 failed, 1s\n1 passed, 0 failed\n", false},
		{"fail", `{"Action":"start","Package":"p"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"output","Package":"p","Test":"TestA/x","Output":"    a_test.go:1: wrong\n"}
{"Action":"fail","Package":"p","Test":"TestA/x","Elapsed":0.1}
{"Action":"output","Package":"p","Test":"TestA","Output":"--- FAIL: TestA (0.10s)\n"}
{"Action":"fail","Package":"p","Test":"TestA","Elapsed":0.1}
{"Action":"output","Package":"p","Output":"FAIL\tp\t0.2s\n"}
{"Action":"fail","Package":"p","Elapsed":0.2}
`, "=== RUN   TestA\n    a_test.go:1: wrong\n--- FAIL: TestA (0.10s)\nFAIL\tp\t0.2s\nFAIL p 0.2s\nFAIL p.TestA\n1 packages (0 cached), 1 tests, 1 failed, 1s\n0 passed, 1 failed\n", true},
		{"build failed", `{"ImportPath":"p [p.test]","Action":"build-output","Output":"# p [p.test]\n"}
{"ImportPath":"p [p.test]","Action":"build-output","Output":"p.go:2:9: undefined: x\n"}
{"ImportPath":"p [p.test]","Action":"build-fail"}
{"Action":"start","Package":"p"}
{"Action":"output","Package":"p","Output":"FAIL\tp [build failed]\n"}
{"Action":"fail","Package":"p","Elapsed":0,"FailedBuild":"p [p.test]"}
{"ImportPath":"q [q.test]","Action":"build-output","Output":"# q [q.test]\n"}
{"ImportPath":"q [q.test]","Action":"build-output","Output":"q.go:2:9: undefined: y\n"}
{"ImportPath":"q [q.test]","Action":"build-fail"}
{"Action":"start","Package":"q"}
{"Action":"output","Package":"q","Output":"FAIL\tq [build failed]\n"}
{"Action":"fail","Package":"q","Elapsed":0,"FailedBuild":"q [q.test]"}
`, "# p [p.test]\np.go:2:9: undefined: x\nFAIL\tp [build failed]\nFAIL p 0.0s\n# q [q.test]\nq.go:2:9: undefined: y\nFAIL\tq [build failed]\nFAIL q 0.0s\n2 packages (0 cached), 0 tests, 2 failed, 1s\n0 passed, 2 failed\n", true},
		{"not JSON", "# p\nx.go:1: undefined: y\n", "# p\nx.go:1: undefined: y\n0 packages (0 cached), 0 tests, 0 failed, 1s\n0 passed, 0 failed\n", false},
		{"go test failed", "FAIL: go test exited with status 1\n", "FAIL: go test exited with status 1\n0 packages (0 cached), 0 tests, 1 failed, 1s\n0 passed, 1 failed\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			start := time.Unix(0, 0)
			s := newSummary(&b, start)
			if err := s.read(strings.NewReader(tt.in)); err != nil {
				t.Fatal(err)
			}
			s.finish(start.Add(time.Second))
			if diff := cmp.Diff(tt.want, b.String()); diff != "" {
				t.Errorf("summary(%q) mismatch (-want +got):\n%s", tt.name, diff)
			}
			if s.failed() != tt.wantFailed {
				t.Errorf("summary(%q).failed() = %v, want %v", tt.name, s.failed(), tt.wantFailed)
			}
		})
	}
}

// TestProgress checks the line printed after a quiet stretch.
func TestProgress(t *testing.T) {
	s := newSummary(nil, time.Unix(0, 0))
	s.running["a"], s.running["b"] = true, true
	s.pkgs, s.passed = 3, 40
	want := "... 1m30s: 3 packages done, 40 tests passed; running a, b"
	if got := s.progress(time.Unix(90, 0)); got != want {
		t.Errorf("progress mismatch (-want +got):\n%s", cmp.Diff(want, got))
	}
}
