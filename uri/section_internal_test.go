package uri

import "testing"

// TestEngineSections checks that each engine cites a rule's section from
// its own grammar: RFC 6874 redefines IP-literal (§2), which RFC 3986's
// grammar would cite as §3.2.2; RFC 3987 defines ihost (§2.2).
func TestEngineSections(t *testing.T) {
	for _, tt := range []struct {
		syntax  Syntax
		rule    string
		section string
	}{
		{RFC3986, "IP-literal", "RFC 3986 §3.2.2"},
		{RFC6874, "IP-literal", "RFC 6874 §2"},
		{RFC6874, "ZoneID", "RFC 6874 §2"},
		{RFC3987, "ihost", "RFC 3987 §2.2"},
		{RFC3986, "pct-encoded", "RFC 3986 §2.1"},
	} {
		t.Run(tt.syntax.String()+"/"+tt.rule, func(t *testing.T) {
			var got string
			switch tt.syntax {
			case RFC3986:
				got = std.section(std.mustLookup(tt.rule))
			case RFC6874:
				got = zones.section(zones.mustLookup(tt.rule))
			case RFC3987:
				got = iris.section(iris.mustLookup(tt.rule))
			}
			if got != tt.section {
				t.Errorf("section of %s in %v = %q, want %q", tt.rule, tt.syntax, got, tt.section)
			}
		})
	}
}
