package fetch

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// wptBadPorts returns the bad ports listed by web-platform-tests'
// fetch/api/request/request-bad-port.any.js (testdata/wpt/fetch), whose
// every port a fetch must refuse: the BLOCKED_PORTS_LIST array, one port
// a line, each maybe followed by a comment naming its service.
func wptBadPorts(tb testing.TB) []uint16 {
	tb.Helper()
	b, err := os.ReadFile("../../testdata/wpt/fetch/request-bad-port.any.js")
	if err != nil {
		tb.Fatal(err)
	}
	_, list, ok := strings.Cut(string(b), "var BLOCKED_PORTS_LIST = [\n")
	list, _, ok2 := strings.Cut(list, "];")
	if !ok || !ok2 {
		tb.Fatal("request-bad-port.any.js: no BLOCKED_PORTS_LIST array")
	}
	var ports []uint16
	for _, line := range strings.Split(list, "\n") {
		line, _, _ = strings.Cut(line, "//")
		line = strings.TrimSuffix(strings.TrimSpace(line), ",")
		if line == "" {
			continue
		}
		n, err := strconv.ParseUint(line, 10, 16)
		if err != nil {
			tb.Fatalf("request-bad-port.any.js: %v", err)
		}
		ports = append(ports, uint16(n))
	}
	if len(ports) < 80 {
		tb.Fatalf("request-bad-port.any.js: only %d ports", len(ports))
	}
	return ports
}

// TestBadPortsWPT checks the table of bad ports against web-platform-tests'
// list: the same ports, in the same (increasing) order, which isBadPort's
// binary search needs.
func TestBadPortsWPT(t *testing.T) {
	if diff := cmp.Diff(wptBadPorts(t), badPorts[:]); diff != "" {
		t.Errorf("badPorts mismatch with request-bad-port.any.js (-want +got):\n%s", diff)
	}
}
