package rfc6570

import (
	"testing"
)

func templateRule(t *testing.T) Rule {
	t.Helper()
	r, ok := Lookup("URI-Template")
	if !ok {
		t.Fatal(`no rule "URI-Template"`)
	}
	return r
}

// TestValidTemplates: templates of RFC 6570 §2 and §3 (its examples) that
// the ABNF accepts must match URI-Template.
func TestValidTemplates(t *testing.T) {
	r := templateRule(t)
	for _, tmpl := range []string{
		"", "http://example.com/~{username}/",
		"http://example.com/dictionary/{term:1}/{term}",
		"http://example.com/search{?q,lang}",
		"http://www.example.com/foo{?query,number}",
		"{var}", "{+path}/here", "{#x,hello,y}", "X{.list*}", "{/var:1,var}",
		"{;x,y,empty}", "{?x,y}", "?fixed=yes{&x}", "{var:30}", "{var:9999}",
		"{keys*}", "{half}", "O{empty}X", "{x.y}", "{%2Fx}", "{_}",
		"caf\u00e9/{v}", "\ue000{v}", "%41{v}",
		// "'" is a literal by the verified Errata ID 6937 (uritemplate-test
		// has "'{var}'").
		"'{var}'", "a'b",
		// In negative-tests.json, but valid by the ABNF: they fail only at
		// expansion (a prefix on a composite value) or use a reserved
		// operator, which §2.2 leaves to future extension.
		"{!hello}", "{=path}", "{|var*}", "{keys:1}", "{+keys:1}",
	} {
		t.Run(tmpl, func(t *testing.T) {
			p := NewParser()
			if !p.Match(r, tmpl) {
				t.Errorf("Match(URI-Template, %q) = false, want true (furthest %d)", tmpl, p.Furthest().End)
			}
		})
	}
}

// TestInvalidTemplates: templates the ABNF rejects, from RFC 6570 §2 and
// negative-tests.json of the uritemplate-test suite, with Furthest().End:
// the end of the last rule that matched (the "{" of an expression is not a
// rule of its own, so "{$var}" stops at 0).
func TestInvalidTemplates(t *testing.T) {
	r := templateRule(t)
	for _, tc := range []struct {
		in  string
		far int
	}{
		{"{/id*", 5},
		{"/id*}", 4},
		{"{/?id}", 2},
		{"{var:prefix}", 4},
		{"{hello:2*}", 8},
		{"{??hello}", 2},
		{"{with space}", 5},
		{"{ leading_space}", 0},
		{"{trailing_space }", 15},
		{"{$var}", 0},
		{"{*keys?}", 0},
		{"{?empty=default,var}", 7},
		{"{var}{-prefix|/-/|var}", 5},
		{"?q={searchTerms}&amp;c={example:color?}", 31},
		{"x{?empty|foo=none}", 8},
		{"/h{#hello+}", 9},
		{"/h#{hello+}", 9},
		{"{;keys:1*}", 8},
		{"?{-join|&|var,list}", 1},
		{"/people/{~thing}", 8},
		{"/{default-graph-uri}", 9},
		{"/sparql{?query,default-graph-uri}", 22},
		{"/sparql{?query){&default-graph-uri*}", 14},
		{"/resolution{?x, y}", 14},
		{"{var:0}", 4},
		{"{var:01}", 4},
		{"{var:10000}", 9},
		{"{var:}", 4},
		{"{x.}", 2},
		{"{x..y}", 2},
		{"{%2x}", 0},
		{"a b", 1},
		{"{}", 0},
		{"<", 0},
		{"\xff", 0},
	} {
		t.Run(tc.in, func(t *testing.T) {
			p := NewParser()
			if p.Match(r, tc.in) {
				t.Fatalf("Match(URI-Template, %q) = true, want false", tc.in)
			}
			if got := p.Furthest().End; got != tc.far {
				t.Errorf("Match(URI-Template, %q): Furthest().End = %d, want %d", tc.in, got, tc.far)
			}
		})
	}
}
