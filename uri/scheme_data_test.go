package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// TestCheckSchemeData: data URLs against dataurl (RFC 2397 §3), the
// examples of §4 first.
func TestCheckSchemeData(t *testing.T) {
	type result struct {
		Rule   string
		Offset int
	}
	tests := []struct {
		in   string
		want *result // nil: valid
	}{
		{"data:,A%20brief%20note", nil},
		{"data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw", nil},
		{"data:text/plain;charset=iso-8859-7,%be%d3%be", nil},
		{"data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local", nil},
		{"DATA:,x#frag", nil},
		{"data:,a?b", nil},
		{"data:;base64,", nil},
		{"data:text/plain;charset=,x", &result{"attribute", 23}},
		{"data:x", &result{"type", 6}},
		{"data:text,x", &result{"type", 9}},
		{"data:text/plain;base64;a=b,x", &result{"dataurl", 22}},
		{"data:/x,", &result{"dataurl", 5}},
		{"data:" + strings.Repeat("a", 1<<20), &result{"type", 5 + 1<<20}},
	}
	for _, tt := range tests {
		name := tt.in
		if len(name) > 60 {
			name = name[:60]
		}
		t.Run(name, func(t *testing.T) {
			err := uri.MustParseReference(tt.in).CheckScheme()
			var got *result
			if err != nil {
				var se *uri.SchemeError
				if !errors.As(err, &se) {
					t.Fatalf("CheckScheme(%q) error %T", tt.in, err)
				}
				got = &result{se.Rule, se.Offset}
				if se.Want != "dataurl" || se.Scheme != "data" || se.Section == "" {
					t.Errorf("CheckScheme(%q) = %+v", tt.in, se)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("CheckScheme(%q) mismatch (-want +got):\n%s", name, diff)
			}
		})
	}
	if !uri.HasSchemeRules("DATA") {
		t.Error("HasSchemeRules(DATA) = false")
	}
}
