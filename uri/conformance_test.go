package uri_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// parseCase is one case of testdata/conformance/parse.json; see the README
// there for the fields.
type parseCase struct {
	ID         string          `json:"id"`
	Input      string          `json:"input"`
	Valid      bool            `json:"valid"`
	Rule       string          `json:"rule"`
	RuleValid  *bool           `json:"ruleValid"`
	ValidAs    map[string]bool `json:"validAs"`
	Mode       string          `json:"mode"`
	Components *components     `json:"components"`
	HostKind   *string         `json:"hostKind"`
	Source     string          `json:"source"`
	Note       string          `json:"note"`
}

// components is the corpus's view of a reference: nil is undefined, ""
// is empty (RFC 3986 §5.2.1).
type components struct {
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

func ptr(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

func componentsOf(u uri.URI) *components {
	h, ok := u.Host()
	return &components{
		Scheme:   ptr(u.Scheme()),
		Userinfo: ptr(u.Userinfo()),
		Host:     ptr(h.String(), ok),
		Port:     ptr(u.Port()),
		Path:     ptr(u.Path().String(), true),
		Query:    ptr(u.Query()),
		Fragment: ptr(u.Fragment()),
	}
}

// syntax returns the syntax a case's mode asks for: RFC3986 for a strict
// case, RFC6874 or RFC3987 for theirs, and false for the modes of lenient
// parsers.
func (c parseCase) syntax() (uri.Syntax, bool) {
	switch {
	case c.Mode == "":
		return uri.RFC3986, true
	case strings.HasPrefix(c.Mode, "rfc6874"):
		return uri.RFC6874, true
	case strings.Contains(c.Mode, "3987"):
		return uri.RFC3987, true
	}
	return 0, false
}

func loadParseCases(t testing.TB) []parseCase {
	t.Helper()
	data, err := os.ReadFile("../testdata/conformance/parse.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []parseCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// parsers by the ABNF name of the rule they accept.
var entryRules = map[string]func(string) (uri.URI, error){
	"URI-reference": uri.ParseReference,
	"URI":           uri.Parse,
	"absolute-URI":  uri.ParseAbsolute,
	"relative-ref":  uri.ParseRelative,
}

// TestConformanceParse runs every strict case of the shared corpus. Cases
// with a "mode" test another grammar than strict RFC 3986 (RFC 6874 zone
// IDs, IRIs, lenient parsers) and are skipped here; their "valid" is still
// the strict verdict, which TestConformanceParseModes checks.
func TestConformanceParse(t *testing.T) {
	var ran, skipped int
	for _, c := range loadParseCases(t) {
		if c.Mode != "" {
			skipped++
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			ran++
			u, err := uri.ParseReference(c.Input)
			if got := err == nil; got != c.Valid {
				t.Errorf("%s: ParseReference(%q) valid = %v (err %v), want %v [%s %s]", c.ID, c.Input, got, err, c.Valid, c.Source, c.Note)
				return
			}
			if c.RuleValid != nil {
				_, err := entryRules[c.Rule](c.Input)
				if got := err == nil; got != *c.RuleValid {
					t.Errorf("%s: %s(%q) valid = %v (err %v), want %v", c.ID, c.Rule, c.Input, got, err, *c.RuleValid)
				}
			}
			for rule, want := range c.ValidAs {
				_, err := entryRules[rule](c.Input)
				if got := err == nil; got != want {
					t.Errorf("%s: %s(%q) valid = %v, want %v", c.ID, rule, c.Input, got, want)
				}
			}
			if !c.Valid {
				return
			}
			if diff := cmp.Diff(c.Components, componentsOf(u)); diff != "" {
				t.Errorf("%s: ParseReference(%q) mismatch (-want +got):\n%s", c.ID, c.Input, diff)
			}
			var kind *string
			if h, ok := u.Host(); ok {
				kind = ptr(h.Kind().String(), true)
			}
			if diff := cmp.Diff(c.HostKind, kind); diff != "" {
				t.Errorf("%s: ParseReference(%q) host kind mismatch (-want +got):\n%s", c.ID, c.Input, diff)
			}
		})
	}
	t.Logf("%d strict cases passed, %d cases with a mode skipped", ran, skipped)
	if ran < 1500 {
		t.Errorf("only %d strict cases ran; the corpus has 1544", ran)
	}
}

// TestConformanceParseModes checks that inputs which only a non-strict
// grammar accepts get the strict verdict recorded in "valid".
func TestConformanceParseModes(t *testing.T) {
	for _, c := range loadParseCases(t) {
		if c.Mode == "" {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			_, err := uri.ParseReference(c.Input)
			if got := err == nil; got != c.Valid {
				t.Errorf("%s (mode %s): ParseReference(%q) valid = %v, want strict verdict %v", c.ID, c.Mode, c.Input, got, c.Valid)
			}
		})
	}
}
