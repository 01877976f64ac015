package main

import "github.com/specuri/specuri/internal/grammar"

// ruleMeta returns what the grammar files say of each rule of g, by PEG
// name, for api.go: its "#section:" line, whether it is a "#helper:", and
// for a helper the rule it stands for (helperTarget).
func ruleMeta(g *grammar.Grammar) map[string]RuleMeta {
	users := map[string][]string{} // rule -> the rules whose expression uses it
	for _, r := range g.Rules {
		for _, ref := range r.Expr.Refs() {
			users[ref] = append(users[ref], r.Name)
		}
	}
	meta := make(map[string]RuleMeta, len(g.Rules))
	for _, r := range g.Rules {
		m := RuleMeta{Section: r.Section, Helper: r.IsHelper()}
		if m.Helper {
			m.ABNFRule = helperTarget(g, r, users[r.Name])
		}
		meta[r.Name] = m
	}
	return meta
}

// helperTarget returns the rule a helper r stands for in error messages:
// the one rule its expression uses that is not a helper (query_part <- '?'
// query stands for query), or, when it uses none, the one rule that uses
// it (zone_prefix <- '%25' stands for IPv6addrz). It returns "" when there
// is no single such rule, as for the start rule.
func helperTarget(g *grammar.Grammar, r *grammar.Rule, users []string) string {
	var own []string
	for _, ref := range r.Expr.Refs() {
		if d := g.Rule(ref); d != nil && !d.IsHelper() {
			own = append(own, ref)
		}
	}
	switch {
	case len(own) == 1:
		return own[0]
	case len(own) == 0 && len(users) == 1:
		return users[0]
	}
	return ""
}

// percentRules returns the percent-encoding rules of g, each with the
// members of its digits: a rule that is '%' followed by two characters of
// one ASCII class (RFC 3986 §2.1 pct-encoded). classLoopsPass lets a run
// go through them.
func percentRules(g *grammar.Grammar) map[string]string {
	out := map[string]string{}
	for _, r := range g.Rules {
		e := r.Expr
		if e.Op != grammar.OpSeq || len(e.Subs) != 3 || e.Subs[0].Op != grammar.OpLit || e.Subs[0].Text != "%" {
			continue
		}
		a, b := e.Subs[1], e.Subs[2]
		if a.Op != grammar.OpSet || b.Op != grammar.OpSet || !a.Set.Equal(b.Set) {
			continue
		}
		if m, ok := asciiMembers(a.Set); ok {
			out[r.Name] = m
		}
	}
	return out
}

// asciiMembers returns the bytes of s in order, if s is ASCII.
func asciiMembers(s grammar.CharSet) (string, bool) {
	var b []byte
	for _, r := range s.Ranges() {
		if r.Hi >= 0x80 {
			return "", false
		}
		for c := r.Lo; c <= r.Hi; c++ {
			b = append(b, byte(c))
		}
	}
	return string(b), true
}
