package idna

import (
	"encoding/json"
	"testing"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/wpttest"
)

// addCorpusSeeds adds the sources of IdnaTestV2.txt, one A-label form of
// each of its valid names, and the inputs of WPT's IdnaTestV2.json as
// seeds.
func addCorpusSeeds(f *testing.F) {
	tests, _ := readIDNATests(f)
	for _, tc := range tests {
		f.Add(tc.source)
		if len(tc.nStatus) == 0 && tc.toASCIIN != tc.source && ascii.Is(tc.toASCIIN) {
			f.Add(tc.toASCIIN)
		}
	}
	entries := wpttest.Objects(f, "../../testdata/wpt/url/IdnaTestV2.json")
	for _, raw := range entries {
		var tc struct{ Input string }
		if json.Unmarshal(raw, &tc) == nil {
			f.Add(tc.Input)
		}
	}
}

// FuzzToASCII: no panic; the fast path of ToASCII agrees with the general
// one wherever it answers; a result comes with no error and an error with
// no result; ToASCII is idempotent, in the browser profile, the UTS #46
// profile of IdnaTestV2.txt and Strict.
func FuzzToASCII(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, name string) {
		checkFastAgrees(t, name)
		a, err := ToASCII(name)
		if err != nil && a != "" {
			t.Fatalf("ToASCII(%q) = %q with error %v", name, a, err)
		}
		if err == nil {
			if again, err := ToASCII(a); again != a || err != nil {
				t.Fatalf("ToASCII(%q) = %q; ToASCII of that = %q, %v", name, a, again, err)
			}
		}
		for _, p := range []Profile{Browser, conformance, Strict} {
			a, err := p.ToASCII(name)
			if err != nil {
				continue
			}
			if again, err := p.ToASCII(a); again != a || err != nil {
				t.Fatalf("%+v.ToASCII(%q) = %q; ToASCII of that = %q, %v", p, name, a, again, err)
			}
		}
	})
}

// FuzzToUnicode: no panic; for a name that is its own ASCII form (a valid
// A-label name), ToASCII(ToUnicode(name)) == name.
func FuzzToUnicode(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, name string) {
		_, _ = ToUnicode(name)
		for _, p := range []Profile{Browser, conformance, Strict} {
			if a, err := p.ToASCII(name); err != nil || a != name {
				continue
			}
			u, err := p.ToUnicode(name)
			if err != nil {
				continue // an empty label: ToUnicode's X4_2
			}
			if a, err := p.ToASCII(u); a != name || err != nil {
				t.Fatalf("%+v: ToUnicode(%q) = %q; ToASCII of that = %q, %v", p, name, u, a, err)
			}
		}
	})
}
