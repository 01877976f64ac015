package audit

import (
	"math/rand/v2"
	"testing"

	"github.com/specuri/specuri/gen/rfc8141"
)

// rfc8141Grammar is RFC 8141 §2 (URNs) over RFC 3986 Appendix A: every
// rule of the composition is a rule of gen/rfc8141. The components of a
// namestring are the NID, the NSS and the r-, q- and f-components.
// r-component is not checked on its own: its PEG rule ends where a
// q-component begins ("?=" and a pchar, grammar/rfc8141.peg), which is the
// r-component of a namestring but not the language of the rule alone
// ("a?=b" is one r-component by the ABNF); it is checked within
// namestring, whose language and components must agree.
func rfc8141Grammar(t testing.TB) *extGrammar {
	g := composeABNF(t, "rfc8141.abnf", "rfc3986.abnf")
	var rules []string
	for _, r := range ruleNames(g, "") {
		if r != "r-component" {
			rules = append(rules, r)
		}
	}
	return &extGrammar{
		name:    "rfc8141",
		abnf:    g,
		rules:   rules,
		entries: []string{"namestring"},
		components: map[string]string{
			"NID": "NID", "NSS": "NSS", "r-component": "r", "q-component": "q", "f-component": "f",
		},
		parser: func() extParser {
			p := rfc8141.NewParser()
			return adapter{rfc8141.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc8141.Rule(r), s) }}
		},
		seeds: append(boundarySeeds(g), []string{
			// RFC 8141 §3.2 and §2.3.
			"urn:example:a123,z456", "URN:example:a123,z456", "URN:EXAMPLE:a123,z456",
			"urn:example:a123,z456%2d", "urn:example:a123,z456%2D", "urn:example:a123,z456?+abc",
			"urn:example:a123,z456?=xyz", "urn:example:a123,z456#789",
			"urn:example:a123,z456/foo", "urn:example:a123,z456/bar", "urn:example:a123,z456/baz",
			"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456",
			"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk",
			"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z",
			"urn:example:foo-bar-baz-qux#somepart",
			// NID edges: length 1, 2, 32, 33; "-" first or last.
			"urn:a:x", "urn:ab:x", "urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x",
			"urn:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa:x", "urn:-bad:x", "urn:bad-:x", "urn:a-b:x",
			"urn:a--b:x", "urn:a_b:x", "urn::x", "urn:ab:", "urn:ab", "urn:ab:/x", "urn:ab:x/",
			// rq-components and f-component edges.
			"urn:ab:x?", "urn:ab:x?+", "urn:ab:x?=", "urn:ab:x?+a?=b", "urn:ab:x?=b?+a",
			"urn:ab:x?+a?=", "urn:ab:x?+a?=?b", "urn:ab:x?+a?=/b", "urn:ab:x?+a?=b?=c",
			"urn:ab:x?+?", "urn:ab:x?=/", "urn:ab:x#", "urn:ab:x?+a#", "urn:ab:x?+a?=b#c?d",
			"urn:ab:x?a", "urn:ab:x%2", "urn:ab:x%zz", "urn:ab:x y", "urn:ab:x#a#b",
			"urn:ab:x?+a%3D?=%3F", "urn:ab:x?+a?+b", "urn:ab:x??=b",
		}...),
	}
}

// FuzzAgreeRFC8141 is the semantic audit of grammar/rfc8141.peg:
// gen/rfc8141 and the ABNF of RFC 8141 §2 over RFC 3986 must accept the
// same inputs for every rule, with the same NID, NSS and r-, q- and
// f-components for namestring.
func FuzzAgreeRFC8141(f *testing.F) { fuzzAgreeExt(f, rfc8141Grammar(f)) }

// TestAgreeRFC8141 runs FuzzAgreeRFC8141's audit on a fixed set of
// inputs, as TestAgreeExt does for the other composed grammars: the seeds
// against every rule, and strings derived from the ABNF with a fixed
// random source.
func TestAgreeRFC8141(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	eg := rfc8141Grammar(t)
	p := eg.parser()
	inputs := append([]string(nil), eg.seeds...)
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < n; i++ {
		inputs = append(inputs, eg.derived(r))
	}
	bad := 0
	for i, s := range inputs {
		all := i < len(eg.seeds) || i%8 == 0
		for _, d := range eg.disagree(t, p, s, all) {
			if bad++; bad <= 20 {
				t.Error(d)
			}
		}
	}
	if bad > 20 {
		t.Errorf("%d disagreements in all", bad)
	}
}
