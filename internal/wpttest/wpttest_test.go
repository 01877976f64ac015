package wpttest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const urlTestData = "../../testdata/wpt/url/urltestdata.json"

func TestURLTestData(t *testing.T) {
	cases := URLTestData(t, urlTestData)
	if len(cases) != 891 {
		t.Fatalf("%d cases, want 891", len(cases))
	}
	base := "http://example.org/foo/bar"
	origin := "http://example.org"
	want := URLCase{Input: "http://example\t.\norg", Base: &base, Href: "http://example.org/", Origin: &origin,
		Protocol: "http:", Host: "example.org", Hostname: "example.org", Pathname: "/"}
	if diff := cmp.Diff(want, cases[0]); diff != "" {
		t.Errorf("first case (-want +got):\n%s", diff)
	}
	if in := Inputs(t, urlTestData); len(in) != len(cases) || in[0] != cases[0].Input {
		t.Errorf("Inputs: %d inputs, first %q", len(in), in[0])
	}
}

// TestObjectsComments checks that strings are left out and objects kept
// in order.
func TestObjectsComments(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.json")
	if err := os.WriteFile(path, []byte(`["a comment", {"input": "1"}, "another", {"input": "2"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	got := Objects(t, path)
	want := []string{`{"input": "1"}`, `{"input": "2"}`}
	if len(got) != len(want) {
		t.Fatalf("got %d objects, want %d", len(got), len(want))
	}
	for i := range want {
		if string(got[i]) != want[i] {
			t.Errorf("object %d = %s, want %s", i, got[i], want[i])
		}
	}
}
