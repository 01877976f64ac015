package template

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
)

func TestExpand(t *testing.T) {
	vars := Values{
		"empty":   String(""),
		"var":     String("value"),
		"x":       String("1024"),
		"nolist":  List(),
		"noassoc": Assoc(),
		"elist":   List(""),
		"list":    List("red", "", "blue"),
		"keys":    Assoc(Pair{"semi", ";"}, Pair{"dot", "."}, Pair{"e", ""}),
		"u":       String("dr\u00fccken"),
		"pct":     String("a%2Fb%zz%4"),
		"pctu":    String("%C3%BC%C3x"),
		"bad":     String("a\xffb"),
		"priv":    String("\ue000"),
		"euro":    String("\u20acuro"),
		"sp":      String("a b<c>"),
	}
	tests := []struct {
		tmpl, want string
	}{
		// §3.2.1: undefined (missing, empty list, empty assoc) is not empty.
		{"{undef}", ""},
		{"X{undef}", "X"},
		{"{?undef}", ""},
		{"{?empty}", "?empty="},
		{"{;empty}", ";empty"},
		{"{&empty}", "&empty="},
		{"{.empty}", "."},
		{"{/empty}", "/"},
		{"{#empty}", "#"},
		{"{?nolist,noassoc}", ""},
		{"{?undef,var}", "?var=value"},
		{"{?var,undef,x}", "?var=value&x=1024"},
		{"{/nolist*,var}", "/value"},
		{"{x,empty}", "1024,"},
		{"{?elist}", "?elist="},
		{"{?elist*}", "?elist="},
		{"{;elist*}", ";elist"},
		{"{?list*}", "?list=red&list=&list=blue"},
		{"{;list*}", ";list=red;list;list=blue"},
		{"{;keys*}", ";semi=%3B;dot=.;e"},
		{"{?keys*}", "?semi=%3B&dot=.&e="},
		{"{keys*}", "semi=%3B,dot=.,e="},
		{"{+keys}", "semi,;,dot,.,e,"},
		// §1.6, §3.1: non-ASCII as the UTF-8 octets, bytes not UTF-8 alone.
		{"{u}", "dr%C3%BCcken"},
		{"{+u}", "dr%C3%BCcken"},
		{"{bad}", "a%FFb"},
		{"{+bad}", "a%FFb"},
		{"{priv}", "%EE%80%80"},
		{"\u00e9/{sp}", "%C3%A9/a%20b%3Cc%3E"},
		{"%e9{var}", "%e9value"},
		// %-handling: U+R keeps triplets, encodes a lone "%".
		{"{pct}", "a%252Fb%25zz%254"},
		{"{+pct}", "a%2Fb%25zz%254"},
		{"{#pct}", "#a%2Fb%25zz%254"},
		// §2.4.1: prefixes count characters; U+R keeps a triplet run whole.
		{"{u:3}", "dr%C3%BC"},
		{"{euro:1}", "%E2%82%AC"},
		{"{+pct:2}", "a%2F"},
		{"{+pct:4}", "a%2Fb%25"},
		{"{pct:2}", "a%25"},
		{"{+pctu:1}", "%C3%BC"},
		{"{+pctu:2}", "%C3%BC%C3"},
		{"{+pctu:3}", "%C3%BC%C3x"},
		{"{var:9999}", "value"},
		{"{?var:3}", "?var=val"},
		{"{;empty:3}", ";empty"},
		// Errata 6937: "'" is a literal.
		{"'{var}'", "'value'"},
	}
	for _, tt := range tests {
		t.Run(tt.tmpl, func(t *testing.T) {
			got, err := MustParse(tt.tmpl).Expand(vars)
			if err != nil {
				t.Fatalf("Expand(%q): %v", tt.tmpl, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Expand(%q) mismatch (-want +got):\n%s", tt.tmpl, diff)
			}
			if _, err := uri.ParseReference(got); err != nil {
				t.Errorf("Expand(%q) = %q: not a URI-reference: %v", tt.tmpl, got, err)
			}
		})
	}
}

func TestExpandIRI(t *testing.T) {
	vars := Values{
		"u":    String("dr\u00fccken"),
		"priv": String("\ue000"),
		"bad":  String("\xff"),
		"nbsp": String("\u00a0\u0085"),
		"rlo":  String("a\u202eb\u200e\u200f\u202a"),
		"host": String("例え.jp"),
	}
	tests := []struct {
		tmpl, want string
	}{
		{"{u}", "dr\u00fccken"},
		{"/\u00e9/{+u:3}", "/\u00e9/dr\u00fc"},
		{"{priv}", "%EE%80%80"},
		{"{bad}", "%FF"},
		{"{nbsp}", "\u00a0%C2%85"},
		{"\ue000{u}", "%EE%80%80dr\u00fccken"},
		// RFC 3987 §4.1: no bidirectional formatting characters in IRIs.
		{"{rlo}", "a%E2%80%AEb%E2%80%8E%E2%80%8F%E2%80%AA"},
		{"\u202e{+rlo}", "%E2%80%AEa%E2%80%AEb%E2%80%8E%E2%80%8F%E2%80%AA"},
		// An international host stands for itself (RFC 3987 §2.2 ireg-name).
		{"http://{host}/", "http://例え.jp/"},
		{"http://例え.jp/{u}", "http://例え.jp/dr\u00fccken"},
	}
	opts := ExpandOptions{IRI: true}
	for _, tt := range tests {
		t.Run(tt.tmpl, func(t *testing.T) {
			got, err := opts.Expand(MustParse(tt.tmpl), vars)
			if err != nil {
				t.Fatalf("Expand(%q): %v", tt.tmpl, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Expand(%q) mismatch (-want +got):\n%s", tt.tmpl, diff)
			}
			if _, err := uri.RFC3987.ParseReference(got); err != nil {
				t.Errorf("Expand(%q) = %q: not an IRI-reference: %v", tt.tmpl, got, err)
			}
		})
	}
}

func TestExpandError(t *testing.T) {
	vars := Values{"list": List("a"), "keys": Assoc(Pair{"k", "v"}), "var": String("v"), "nolist": List(),
		"hash": String("a#b"), "one": String("1"), "bracket": String("[x]")}
	tests := []struct {
		tmpl string
		want ExpandError
	}{
		{"{list:1}", ExpandError{Offset: 0, Name: "list", Kind: PrefixOnComposite}},
		{"x{var,keys:2}", ExpandError{Offset: 1, Name: "keys", Kind: PrefixOnComposite}},
		{"{?list*,var}{+keys:1}", ExpandError{Offset: 12, Name: "keys", Kind: PrefixOnComposite}},
		{"{=var}", ExpandError{Offset: 0, Name: "var", Kind: ReservedOperator}},
		{"a{|x,y}", ExpandError{Offset: 1, Name: "x", Kind: ReservedOperator}},
		{"{!undef}", ExpandError{Offset: 0, Name: "undef", Kind: ReservedOperator}},
		// §3.2.4 copies "#" from a value into the fragment.
		{"x{#hash}", ExpandError{Offset: 1, Kind: NotReference}},
		{"a#b{var}#c", ExpandError{Offset: 8, Kind: NotReference}},
		{"##", ExpandError{Offset: 0, Kind: NotReference}},
		{"{one}:{var}", ExpandError{Offset: 5, Kind: NotReference}},
		{"/{+bracket}", ExpandError{Offset: 1, Kind: NotReference}},
	}
	for _, tt := range tests {
		t.Run(tt.tmpl, func(t *testing.T) {
			tm := MustParse(tt.tmpl)
			dst := []byte("keep")
			got, err := ExpandOptions{Check: true}.AppendExpand(dst, tm, vars)
			var e *ExpandError
			if !errors.As(err, &e) {
				t.Fatalf("AppendExpand(%q) error = %v, want an *ExpandError", tt.tmpl, err)
			}
			var pe *uri.ParseError
			if (e.Kind == NotReference) != errors.As(err, &pe) {
				t.Errorf("AppendExpand(%q): Err = %v, want a *uri.ParseError exactly for NotReference", tt.tmpl, e.Err)
			}
			e.Err = nil
			if diff := cmp.Diff(tt.want, *e); diff != "" {
				t.Errorf("AppendExpand(%q) mismatch (-want +got):\n%s", tt.tmpl, diff)
			}
			if string(got) != "keep" {
				t.Errorf("AppendExpand(%q) = %q, want dst unchanged", tt.tmpl, got)
			}
			if !strings.Contains(e.Error(), "RFC 6570") {
				t.Errorf("Error() = %q, cites no RFC 6570 section", e.Error())
			}
		})
	}
	// A prefix on an undefined composite value is ignored (§3.2.1).
	if got, err := MustParse("{nolist:1}").Expand(vars); err != nil || got != "" {
		t.Errorf("Expand(%q) = %q, %v; want \"\", nil", "{nolist:1}", got, err)
	}
}

// TestExpandLiteral checks that Expand follows RFC 6570 §3 literally:
// results that are no URI-reference are what §3.2.3 and §3.2.4 write, and
// only ExpandOptions Check refuses them.
func TestExpandLiteral(t *testing.T) {
	vars := Values{"f": String("a#b?c"), "hash": String("a#b"), "one": String("1"), "var": String("v"),
		"bracket": String("[x]"), "p": String("@evil.com/"), "host": String("例え.jp"), "zone": String("%25en0"),
		"empty": String("")}
	tests := []struct {
		tmpl, want string
		reference  bool // whether Check accepts it
	}{
		{"{#f}", "#a#b?c", false},
		{"x{#hash}", "x#a#b", false},
		{"##", "##", false},
		{"{one}:{var}", "1:v", false},
		{"/{+bracket}", "/[x]", false},
		// A reference, with another host than the template's.
		{"http://example.com{+p}", "http://example.com@evil.com/", true},
		// An international host is pct-encoded (§3.2.2, RFC 3986 §3.2.2).
		{"http://{host}/", "http://%E4%BE%8B%E3%81%88.jp/", true},
		// A zone identifier (RFC 6874) is not RFC 3986's syntax, which
		// Check reads, from a literal or from a reserved expansion.
		{"http://[fe80::1%25en0]/", "http://[fe80::1%25en0]/", false},
		{"http://[fe80::1{+zone}]/", "http://[fe80::1%25en0]/", false},
		{"http://[fe80::1]/", "http://[fe80::1]/", true},
		// Empty and undefined values; an empty result is a reference.
		{"{undef}", "", true},
		{"{#empty}{?undef}", "#", true},
	}
	for _, tt := range tests {
		t.Run(tt.tmpl, func(t *testing.T) {
			tm := MustParse(tt.tmpl)
			got, err := tm.Expand(vars)
			if err != nil {
				t.Fatalf("Expand(%q): %v", tt.tmpl, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Expand(%q) mismatch (-want +got):\n%s", tt.tmpl, diff)
			}
			_, err = ExpandOptions{Check: true}.Expand(tm, vars)
			if (err == nil) != tt.reference {
				t.Errorf("Expand(%q) with Check: %v, want an error %v", tt.tmpl, err, !tt.reference)
			}
		})
	}
}

// TestExpandTooLong checks the limit on the length of the result, lowered
// for the test.
func TestExpandTooLong(t *testing.T) {
	defer func(n int) { maxResult = n }(maxResult)
	maxResult = 20
	tm := MustParse("ab{v}cd{v}")
	vars := Values{"v": String("0123456789")}
	_, err := tm.Expand(vars)
	var e *ExpandError
	if !errors.As(err, &e) || e.Kind != ResultTooLong || e.Offset != 7 {
		t.Errorf("Expand: error = %v, want ResultTooLong at offset 7", err)
	}
	if got, err := MustParse("ab{v}cd").Expand(vars); err != nil || got != "ab0123456789cd" {
		t.Errorf("Expand = %q, %v; want \"ab0123456789cd\", nil", got, err)
	}
}

func TestAppendExpandAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop parsers")
	}
	cases := loadSuite(t)
	buf := make([]byte, 0, 1<<16)
	for _, c := range cases {
		tm, err := Parse(c.template)
		if err != nil || c.want == nil {
			continue
		}
		if allocs := testing.AllocsPerRun(20, func() {
			if _, err := tm.AppendExpand(buf[:0], c.vars); err != nil {
				t.Fatal(err)
			}
		}); allocs != 0 {
			t.Errorf("AppendExpand(%q): %v allocs, want 0", c.template, allocs)
		}
	}
}

func BenchmarkExpand(b *testing.B) {
	type tv struct {
		t    *Template
		vars Values
	}
	var all []tv
	for _, c := range loadSuite(b) {
		if tm, err := Parse(c.template); err == nil && c.want != nil {
			all = append(all, tv{tm, c.vars})
		}
	}
	b.Run("AppendExpand", func(b *testing.B) {
		buf := make([]byte, 0, 1<<16)
		b.ReportAllocs()
		for b.Loop() {
			for _, x := range all {
				buf, _ = x.t.AppendExpand(buf[:0], x.vars)
			}
		}
	})
	b.Run("Expand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, x := range all {
				_, _ = x.t.Expand(x.vars)
			}
		}
	})
	b.Run("Parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, x := range all {
				_, _ = Parse(x.t.String())
			}
		}
	})
}
