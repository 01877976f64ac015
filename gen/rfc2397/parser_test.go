package rfc2397

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func rule(t *testing.T, name string) Rule {
	t.Helper()
	r, ok := Lookup(name)
	if !ok {
		t.Fatalf("no rule %q", name)
	}
	return r
}

// TestEveryABNFRuleHasAPEGRule checks that the rules of RFC 2397 §3 and
// the RFC 2045 and RFC 2396 rules it uses are rules of the grammar under
// their ABNF names.
func TestEveryABNFRuleHasAPEGRule(t *testing.T) {
	for _, name := range []string{
		"dataurl", "mediatype", "data", "parameter", "type", "discrete-type", "composite-type",
		"extension-token", "ietf-token", "x-token", "subtype", "iana-token", "attribute", "value",
		"token", "tspecials", "quoted-string", "urlchar", "reserved", "unreserved", "mark", "escaped",
	} {
		if got := rule(t, name).String(); got != name {
			t.Errorf("Lookup(%q).String() = %q", name, got)
		}
	}
}

// TestDataurl matches data URLs, RFC 2397's own examples (§4) first, and
// compares the parts they are made of.
func TestDataurl(t *testing.T) {
	type parts struct {
		Type, Subtype string
		Params        []string
		Base64        bool
		Data          string
	}
	tests := []struct {
		in    string
		valid bool
		want  parts
	}{
		// RFC 2397 §4.
		{"data:,A%20brief%20note", true, parts{Data: "A%20brief%20note"}},
		{"data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw", true,
			parts{Type: "image", Subtype: "gif", Base64: true, Data: "R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw"}},
		{"data:text/plain;charset=iso-8859-7,%be%fg%be", false, parts{}}, // "%fg" is no escaped
		{"data:text/plain;charset=iso-8859-7,%be%d3%be", true,
			parts{Type: "text", Subtype: "plain", Params: []string{"charset=iso-8859-7"}, Data: "%be%d3%be"}},
		{"data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local", true,
			parts{Type: "application", Subtype: "vnd-xxx-query", Data: "select_vcount,fcol_from_fieldtable/local"}},
		// The forms of §3.
		{"DATA:TEXT/PLAIN;BASE64,", true, parts{Type: "TEXT", Subtype: "PLAIN", Base64: true}},
		{"data:;charset=utf-8,x", true, parts{Params: []string{"charset=utf-8"}, Data: "x"}},
		{"data:;base64,", true, parts{Base64: true}},
		{"data:text/plain;a=b;c=d%3Be,x?y", true, parts{Type: "text", Subtype: "plain", Params: []string{"a=b", "c=d%3Be"}, Data: "x?y"}},
		{"data:texts/x-y,", true, parts{Type: "texts", Subtype: "x-y"}},
		{"data:text/plain;base64;a=b,", false, parts{}}, // ";base64" comes last
		{"data:text,x", false, parts{}},                 // no subtype
		{"data:text/,x", false, parts{}},
		{"data:/plain,x", false, parts{}},
		{"data:text/plain;charset,x", false, parts{}},  // no "="
		{"data:text/plain;charset=,x", false, parts{}}, // an empty value
		{"data:text/plain;%3D=x,", false, parts{}},     // a tspecial in a token
		{"data:text/pl%22ain,", false, parts{}},
		{"data:text/pl%7Bain,", true, parts{Type: "text", Subtype: "pl%7Bain"}},
		{"data:x", false, parts{}}, // no ","
		{"data:,a#b", false, parts{}},
		{"data:,[", false, parts{}},
		{"data:,a b", false, parts{}},
		{"data:,%", false, parts{}},
		{"dat:,x", false, parts{}},
	}
	p := NewParser()
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := p.Match(rule(t, "dataurl"), tt.in); got != tt.valid {
				t.Fatalf("Match(dataurl, %q) = %v, want %v", tt.in, got, tt.valid)
			}
			if !tt.valid {
				return
			}
			var got parts
			for i := 0; i < p.Tokens().Len(); i++ {
				tk := p.Tokens().At(i)
				r, b, e := Rule(tk.Rule), tk.Begin, tk.End
				s := tt.in[b:e]
				switch r.String() {
				case "type":
					got.Type = s
				case "subtype":
					got.Subtype = s
				case "parameter":
					got.Params = append(got.Params, s)
				case "base64":
					got.Base64 = true
				case "data":
					got.Data = s
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Match(dataurl, %q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestLongData checks that a megabyte of data matches.
func TestLongData(t *testing.T) {
	p := NewParser()
	p.Keep(rule(t, "data"))
	if !p.Match(rule(t, "dataurl"), "data:,"+strings.Repeat("%41b", 1<<18)) {
		t.Fatal("Match(dataurl, 1 MB) = false")
	}
}
