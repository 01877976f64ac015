package uri

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6874"
	"github.com/specuri/specuri/internal/pegen/pegenrt"
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
	for _, c := range []struct {
		rule string
		set  octets.Set
	}{{"unreserved", octets.Unreserved}, {"reserved", octets.Reserved}} {
		t.Run(c.rule, func(t *testing.T) {
			if diff := cmp.Diff(matching(c.rule, "", ""), c.set); diff != "" {
				t.Errorf("octets set of %s mismatch (-parser +internal/octets/tables.go):\n%s", c.rule, diff)
			}
		})
	}
	t.Run("query-param", func(t *testing.T) {
		if diff := cmp.Diff(matching("query", "", "&;=+"), queryParamSet); diff != "" {
			t.Errorf("queryParamSet mismatch (-parser +tables.go):\n%s", diff)
		}
	})
}

// TestEnginesAgree asks each grammar's Lookup and SpanRule for the rules
// the engines of tables.go name, and compares: the entry rules, the role
// of the span slot of each rule that maps to a component, a kind of host
// or path or a zone, the rules whose tokens Match keeps, and the rules
// the package names elsewhere.
func TestEnginesAgree(t *testing.T) {
	t.Run("rfc3986", func(t *testing.T) { checkEngine(t, std, rfc3986.Rules(), uint8s(keep3986[:])) })
	t.Run("rfc6874", func(t *testing.T) { checkEngine(t, zones, rfc6874.Rules(), uint8s(keep6874[:])) })
	t.Run("rfc3987", func(t *testing.T) { checkEngine(t, iris, rfc3987.Rules(), uint8s(keep3987[:])) })
	t.Run("named", func(t *testing.T) {
		for _, tt := range []struct {
			got, want uint8
			name      string
		}{
			{uint8(ruleScheme), uint8(rfc3986.MustLookup("scheme")), "scheme"},
			{uint8(ruleAuthority), uint8(rfc3986.MustLookup("authority")), "authority"},
			{uint8(ruleUserinfo), uint8(rfc3986.MustLookup("userinfo")), "userinfo"},
			{uint8(ruleIregName), uint8(rfc3987.MustLookup("ireg-name")), "ireg-name"},
		} {
			if tt.got != tt.want {
				t.Errorf("the rule %s is %d, the grammar's is %d", tt.name, tt.got, tt.want)
			}
		}
		if want := rfc3986.MustLookup("pct-encoded").Section(); pctSection != want {
			t.Errorf("pctSection = %q, want %q", pctSection, want)
		}
	})
}

// uint8s returns the rules of a grammar's package as uint8s.
func uint8s[R ~uint8](rules []R) []uint8 {
	out := make([]uint8, len(rules))
	for i, r := range rules {
		out[i] = uint8(r)
	}
	return out
}

// checkEngine checks e against its grammar's table, and the rules its
// pooled parsers keep (keep3986, ...).
func checkEngine(t *testing.T, e *engine, table *pegenrt.Table, gotKeep []uint8) {
	if e.table() != table {
		t.Errorf("the engine reads another grammar's table")
	}
	lookup, spanRule := table.Lookup, table.SpanRule
	rule := func(name string) uint8 {
		r, ok := lookup(e.rename(name))
		if !ok {
			t.Fatalf("the grammar has no rule %q", e.rename(name))
		}
		return r
	}
	for i, name := range [numEntries]string{"URI", "URI-reference", "absolute-URI", "relative-ref"} {
		if got, want := e.entries[i], rule(name); got != want {
			t.Errorf("entries[%d] = %v, want %s (%v)", i, got, e.rename(name), want)
		}
	}
	if e.pct != rule("pct-encoded") || e.port != rule("port") {
		t.Errorf("pct, port = %v, %v; want %v, %v", e.pct, e.port, rule("pct-encoded"), rule("port"))
	}
	want := [256]ruleInfo{}
	for name, info := range map[string]ruleInfo{
		"scheme": {role: roleComponent, component: cScheme}, "authority": {role: roleComponent, component: cAuthority},
		"userinfo": {role: roleComponent, component: cUserinfo}, "host": {role: roleComponent, component: cHost},
		"port": {role: roleComponent, component: cPort}, "query": {role: roleComponent, component: cQuery},
		"fragment":    {role: roleComponent, component: cFragment},
		"IPv6address": {role: roleHostKind, hostKind: IPv6}, "IPvFuture": {role: roleHostKind, hostKind: IPvFuture},
		"IPv4address": {role: roleHostKind, hostKind: IPv4}, "reg-name": {role: roleHostKind, hostKind: RegName},
		"path-abempty": {role: rolePath, pathKind: PathAbempty}, "path-absolute": {role: rolePath, pathKind: PathAbsolute},
		"path-noscheme": {role: rolePath, pathKind: PathNoscheme}, "path-rootless": {role: rolePath, pathKind: PathRootless},
		"path-empty": {role: rolePath, pathKind: PathEmpty},
	} {
		if info.role == roleComponent {
			info.bit = 1 << info.component
		}
		want[rule(name)] = info
	}
	r, zoned := lookup("IPv6addrz")
	if zoned {
		want[r] = ruleInfo{role: roleSyntax, syntax: RFC6874}
	}
	if e.zoned != zoned {
		t.Errorf("zoned = %v, want %v", e.zoned, zoned)
	}
	var slots [32]ruleInfo
	var mapped uint32
	keep := e.entries[:]
	unslotted := map[string]bool{}
	for r := range want {
		if want[r].role != roleNone {
			keep = append(keep, uint8(r))
			unslotted[table.Name(uint8(r))] = true
		}
	}
	for k := range slots {
		if r := spanRule(k); r != 0 {
			slots[k] = want[r]
			if want[r].role != roleNone {
				mapped |= 1 << k
				delete(unslotted, table.Name(r))
			}
		}
	}
	if len(unslotted) != 0 {
		t.Errorf("rules that map to something without a span slot: %v", unslotted)
	}
	var got [32]ruleInfo
	for k := range got {
		if e.mapped&(1<<k) != 0 {
			got[k] = spanInfos[k]
		}
	}
	if diff := cmp.Diff(slots, got, cmp.AllowUnexported(ruleInfo{})); diff != "" {
		t.Errorf("slots mismatch (-grammar +tables.go):\n%s", diff)
	}
	if e.mapped != mapped {
		t.Errorf("mapped = %#x, want %#x", e.mapped, mapped)
	}
	if diff := cmp.Diff(keep, gotKeep); diff != "" {
		t.Errorf("keep mismatch (-grammar +tables.go):\n%s", diff)
	}
}

// TestSpanRoleSlotsAgree checks the slot sets of each role that fill
// reads (componentSlots, ...) against spanInfos, slot by slot.
func TestSpanRoleSlotsAgree(t *testing.T) {
	masks := map[role]uint32{
		roleComponent: componentSlots,
		roleHostKind:  hostKindSlots,
		rolePath:      pathSlots,
		roleSyntax:    syntaxSlots,
	}
	for k, in := range spanInfos {
		for r, mask := range masks {
			if got, want := mask&(1<<k) != 0, in.role == r; got != want {
				t.Errorf("slot %d: in the slots of role %d = %v, want %v", k, r, got, want)
			}
		}
	}
}
