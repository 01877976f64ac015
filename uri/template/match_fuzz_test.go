package template

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// matchSeedTemplates are the templates of the tables, and of the public
// suite when its copy is there.
func matchSeedTemplates(t testing.TB) []string {
	var out []string
	for _, c := range matcherCases {
		out = append(out, c.tmpl)
	}
	for _, c := range matchCases {
		out = append(out, c.tmpl)
	}
	for _, c := range roundTripCases {
		out = append(out, c.tmpl)
	}
	for _, c := range matchShapes {
		out = append(out, c.tmpl)
	}
	return append(out, suiteTemplates(t)...)
}

// FuzzMatch matches any URI against any template: Matcher either accepts
// the template or returns an *AmbiguousError; Match never panics, returns
// values or a *NoMatchError; the expansion of the values it returns
// matches, and gives back values that expand to it again.
func FuzzMatch(f *testing.F) {
	for _, c := range matchCases {
		f.Add(c.tmpl, c.uri, c.opts.NoTraversal, c.opts.IgnoreUnknownQuery)
	}
	for _, s := range matchSeedTemplates(f) {
		f.Add(s, "/a,b?x=1&y=%2F#..", false, true)
	}
	f.Fuzz(func(t *testing.T, tmpl, u string, noTraversal, ignore bool) {
		tm, err := Parse(tmpl)
		if err != nil {
			return
		}
		opts := MatchOptions{NoTraversal: noTraversal, IgnoreUnknownQuery: ignore}
		m, err := tm.Matcher(opts)
		if err != nil {
			var ae *AmbiguousError
			var ee *ExpandError
			switch {
			case errors.As(err, &ae) && ae.Offset >= 0 && ae.Offset < len(tmpl):
				checkWitness(t, tm, opts, ae)
			case errors.As(err, &ee) && ee.Kind == ReservedOperator:
			default:
				t.Fatalf("Matcher(%q) = %v, want an *AmbiguousError within the template", tmpl, err)
			}
			return
		}
		r, err := m.Match(u)
		if err != nil {
			var ne *NoMatchError
			var le *uri.LimitError
			if errors.As(err, &le) {
				return
			}
			if !errors.As(err, &ne) || ne.Offset < 0 || ne.Offset > len(u) {
				t.Fatalf("Match(%q) with %q = %v, want a *NoMatchError within the URI", u, tmpl, err)
			}
			return
		}
		vs := r.Values()
		for name, v := range vs {
			raw, ok := r.Raw(name)
			// The pairs of an exploded variable may be apart in a query.
			if !ok || !strings.Contains(tmpl, "*") && !strings.Contains(u, raw) {
				t.Errorf("Match(%q) with %q: Raw(%q) = %q, %v: not text of the URI", u, tmpl, name, raw, ok)
			}
			each(v, func(s string) {
				if !utf8.ValidString(s) {
					t.Errorf("Match(%q) with %q: %q is not UTF-8", u, tmpl, name)
				}
			})
		}
		again, err := tm.Expand(vs)
		if err != nil {
			t.Fatalf("Expand(Match(%q)) with %q: %v", u, tmpl, err)
		}
		// Match accepts only what expansion writes: the values give back
		// the URI, up to the order of named pairs and, where reserved
		// expansion passes a value's triplets through, the triplets
		// (IgnoreUnknownQuery skips pairs that expansion does not write).
		if !ignore && !sameExpansion(again, u, strings.ContainsAny(tmpl, "+#")) {
			t.Fatalf("Expand(Match(%q)) with %q = %q, want the URI", u, tmpl, again)
		}
		if strings.ContainsAny(tmpl, "+#") {
			return // reserved expansion keeps pct-triplets: decoding is not idempotent
		}
		r2, err := m.Match(again)
		if err != nil {
			t.Fatalf("Match(%q), the expansion of Match(%q), with %q: %v", again, u, tmpl, err)
		}
		if third, err := tm.Expand(r2.Values()); err != nil || third != again {
			t.Errorf("Expand(Match(%q)) with %q = %q, %v; want the same URI", again, tmpl, third, err)
		}
	})
}

// sameExpansion reports whether the expansion a is the URI b up to the
// order of named pairs (split before each "?", "&", ";" and "#", the
// texts have the same delimiters in order and the same pieces after them) and, with reserved, the triplets of the bytes
// that reserved expansion writes as themselves, and the case of others.
func sameExpansion(a, b string, reserved bool) bool {
	if reserved {
		a, b = canon(a, true, false), canon(b, true, false)
	}
	if a == b {
		return true
	}
	// The delimiters in order, and the pieces after them in any order.
	pieces := func(s string) (string, []string) {
		var delims []byte
		var out []string
		for s != "" {
			i := strings.IndexAny(s[1:], "?&;#")
			if i < 0 {
				out = append(out, s[1:])
				delims = append(delims, s[0])
				break
			}
			out = append(out, s[1:i+1])
			delims = append(delims, s[0])
			s = s[i+1:]
		}
		slices.Sort(out)
		return string(delims), out
	}
	da, pa := pieces(a)
	db, pb := pieces(b)
	return da == db && slices.Equal(pa, pb)
}

// checkWitness checks the witness of an ambiguity: each of its two
// readings expands, and with PerURI the witness, where it is a URI
// reference, is refused as a URI with two readings.
func checkWitness(t *testing.T, tm *Template, opts MatchOptions, ae *AmbiguousError) {
	if ae.Readings[0] == nil {
		return
	}
	for _, vs := range ae.Readings {
		if _, err := tm.Expand(vs); err != nil {
			t.Errorf("Matcher(%q): the reading %v of the witness %q does not expand: %v", tm, vs, ae.Witness, err)
			continue
		}
		if !uri.ValidReference(ae.Witness) {
			continue // the template's literals make no reference: Match refuses it
		}
		opts.PerURI = true
		m, err := tm.Matcher(opts)
		if err != nil {
			continue // rules 1 to 3
		}
		if _, err := m.Match(ae.Witness); !errors.Is(err, ErrAmbiguousURI) {
			t.Errorf("Matcher(%q) with PerURI: Match of the witness %q = %v, want ErrAmbiguousURI", tm, ae.Witness, err)
		}
	}
}

// FuzzSet adds two templates to a Set: when both are accepted, at most
// one matches a URI; when the second overlaps the first, both match the
// witness, or the error says they may overlap and has none.
func FuzzSet(f *testing.F) {
	seeds := matchSeedTemplates(f)
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)], "/a,b?x=1&y=%2F#..")
	}
	f.Add("/users/{id}", "/users/me", "/users/me")
	f.Add("file:///{+path}", "file:///notes/{name}.txt", "file:///notes/a.txt")
	f.Fuzz(func(t *testing.T, a, b, u string) {
		ta, err := Parse(a)
		if err != nil {
			return
		}
		tb, err := Parse(b)
		if err != nil {
			return
		}
		s := NewSet(SetOptions{})
		if s.Add(ta) != nil {
			return
		}
		err = s.Add(tb)
		var oe *OverlapError
		switch {
		case errors.As(err, &oe):
			if oe.Readings[0] == nil {
				if !strings.Contains(oe.Error(), "may overlap") || oe.Witness != "" {
					t.Errorf("Add(%q) after %q: %v, without readings of the witness %q", b, a, oe, oe.Witness)
				}
				return
			}
			for _, tm := range []*Template{ta, tb} {
				m, err := tm.Matcher(MatchOptions{})
				if err != nil {
					t.Fatalf("Matcher(%q): %v", tm, err)
				}
				if _, err := m.Match(oe.Witness); err != nil {
					t.Errorf("Match(%q), the witness of %v, with %q: %v", oe.Witness, oe, tm, err)
				}
			}
		case err != nil:
			return
		default:
			if _, _, err := s.Match(u); errors.Is(err, ErrAmbiguousURI) {
				t.Errorf("%q and %q were added to a set, but both match %q", a, b, u)
			}
		}
	})
}

// checkAutomaton checks that the automaton of m's parts, which the exact
// check and Set decide on, has one run on u, and that it splits u as
// Match did: the values it reads are r's.
func checkAutomaton(t *testing.T, m *Matcher, u string, r *Result) {
	a := *m
	a.nfa = m.automaton()
	sp, at, two := a.run(u)
	if sp == nil || two {
		t.Fatalf("the automaton of %q on %q: no single run (at %d, two %v)", m.t, u, at, two)
	}
	r2, err := a.read(u, sp)
	if err != nil {
		t.Fatalf("the automaton of %q on %q: %v", m.t, u, err)
	}
	if diff := cmp.Diff(plain(r.Values()), plain(r2.Values())); diff != "" {
		t.Errorf("the automaton of %q on %q mismatch (-want +got):\n%s", m.t, u, diff)
	}
}

// fuzzValues builds a value for each variable of tm from the fuzzer's
// strings: shape picks a string, a list (items split at "|") or an
// associative array (pairs split at "|", key and value at ":") for each.
// It also reports whether every value is a string.
func fuzzValues(tm *Template, a, b string, shape uint16) (Values, bool) {
	vs := Values{}
	strs := true
	for i, name := range tm.Varnames() {
		s := a
		if i%2 == 1 {
			s = b
		}
		switch (shape >> (2 * (i % 8))) & 3 {
		case 0, 3:
			vs[name] = String(s)
		case 1:
			strs = false
			vs[name] = List(strings.Split(s, "|")...)
		case 2:
			strs = false
			var pairs []Pair
			for _, p := range strings.Split(s, "|") {
				k, v, _ := strings.Cut(p, ":")
				pairs = append(pairs, Pair{k, v})
			}
			vs[name] = Assoc(pairs...)
		}
	}
	return vs, strs
}

// hasTriplet reports whether s holds a pct-encoded triplet, which reserved
// expansion passes through (RFC 6570 §3.2.3) and matching decodes.
func hasTriplet(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if isTriplet(s, i) {
			return true
		}
	}
	return false
}

// FuzzMatchRoundTrip expands values with every template accepted for
// matching and matches the expansion (as a URI and as an IRI): the match
// succeeds, its values
// expand to the same URI, and values that §3 does not make
// indistinguishable (non-empty strings) come back exactly, a variable used
// only with prefix modifiers as its longest prefix.
func FuzzMatchRoundTrip(f *testing.F) {
	for _, s := range matchSeedTemplates(f) {
		f.Add(s, "value", "a/b c", uint16(0), false)
		f.Add(s, "x|y", "k:v|k2:", uint16(0x5555), false)
		f.Add(s, "..", "ü,=", uint16(0xaaaa), true)
	}
	f.Fuzz(func(t *testing.T, tmpl, a, b string, shape uint16, iri bool) {
		tm, err := Parse(tmpl)
		if err != nil {
			return
		}
		m, err := tm.Matcher(MatchOptions{IRI: iri})
		if err != nil {
			return
		}
		if !utf8.ValidString(a) || !utf8.ValidString(b) || hasTriplet(a) || hasTriplet(b) {
			return
		}
		vs, strs := fuzzValues(tm, a, b, shape)
		eo := ExpandOptions{IRI: iri, Check: true}
		u, err := eo.Expand(tm, vs)
		if err != nil {
			return
		}
		r, err := m.Match(u)
		if err != nil {
			t.Fatalf("Match(%q), the expansion of %#v with %q: %v", u, vs, tmpl, err)
		}
		checkAutomaton(t, m, u, r)
		again, err := eo.Expand(tm, r.Values())
		if err != nil || again != u {
			t.Errorf("Expand(Match(%q)) with %q = %q, %v; want the URI", u, tmpl, again, err)
		}
		if !strs || a == "" || b == "" {
			return // some variable is not a string, or is empty
		}
		want := map[string]any{}
		prefix := map[string]int{}
		for _, p := range tm.Parts() {
			if p.Expr == nil {
				continue
			}
			for _, v := range p.Expr.Vars {
				if n, ok := prefix[v.Name]; !ok || (n != 0 && (v.Prefix == 0 || v.Prefix > n)) {
					prefix[v.Name] = v.Prefix
				}
			}
		}
		for name, n := range prefix {
			s := vs[name].Str()
			if n > 0 {
				s = firstRunes(s, n)
			}
			want[name] = s
		}
		if diff := cmp.Diff(want, plain(r.Values())); diff != "" {
			t.Errorf("Match(%q) with %q mismatch (-want +got):\n%s", u, tmpl, diff)
		}
	})
}
