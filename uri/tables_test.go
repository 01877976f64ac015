package uri

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/uri/internal/octets"
)

// TestByteClassesAgree asks the generated parser which one-byte inputs
// each rule matches (RFC 3986 Appendix A) and compares the sets with the
// generated ones of tables.go: each Encoding's rule (a path's bytes
// follow a "/"), unreserved, and query less the pair separators and "+".
func TestByteClassesAgree(t *testing.T) {
	p := rfc3986.NewParser()
	matching := func(rule, prefix, without string) octets.Set {
		var s octets.Set
		for b := range 256 {
			if p.Match(mustRule(rule), prefix+string([]byte{byte(b)})) && strings.IndexByte(without, byte(b)) < 0 {
				s.Add(byte(b))
			}
		}
		return s
	}
	for c := UserinfoEncoding; c < numEncodings; c++ {
		t.Run(c.String(), func(t *testing.T) {
			rule, prefix := c.String(), ""
			if c == PathEncoding {
				rule, prefix = "path-abempty", "/"
			}
			if diff := cmp.Diff(matching(rule, prefix, ""), encodingSets[c]); diff != "" {
				t.Errorf("encodingSets[%v] mismatch (-parser +tables.go):\n%s", c, diff)
			}
		})
	}
	t.Run("unreserved", func(t *testing.T) {
		if diff := cmp.Diff(matching("unreserved", "", ""), unreservedSet); diff != "" {
			t.Errorf("unreservedSet mismatch (-parser +tables.go):\n%s", diff)
		}
	})
	t.Run("query-param", func(t *testing.T) {
		if diff := cmp.Diff(matching("query", "", "&;=+"), queryParamSet); diff != "" {
			t.Errorf("queryParamSet mismatch (-parser +tables.go):\n%s", diff)
		}
	})
}
