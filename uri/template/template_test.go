package template

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want []Part
	}{
		{"", []Part{}},
		{"http://example.com/", []Part{{Offset: 0, Literal: "http://example.com/"}}},
		{"a%20b{var}", []Part{{Offset: 0, Literal: "a%20b"}, {Offset: 5, Expr: &Expression{Offset: 5, Vars: []Varspec{{Name: "var"}}}}}},
		{"{+x,y:3,list*}/é", []Part{
			{Offset: 0, Expr: &Expression{Offset: 0, Op: '+', Vars: []Varspec{{Name: "x"}, {Name: "y", Prefix: 3}, {Name: "list", Explode: true}}}},
			{Offset: 14, Literal: "/é"},
		}},
		{"{a.b%41_1:9999}{?q}", []Part{
			{Offset: 0, Expr: &Expression{Offset: 0, Vars: []Varspec{{Name: "a.b%41_1", Prefix: 9999}}}},
			{Offset: 15, Expr: &Expression{Offset: 15, Op: '?', Vars: []Varspec{{Name: "q"}}}},
		}},
		{"{!x}", []Part{{Offset: 0, Expr: &Expression{Offset: 0, Op: '!', Vars: []Varspec{{Name: "x"}}}}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			tm, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, tm.Parts()); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if got := tm.String(); got != tt.in {
				t.Errorf("Parse(%q).String() = %q", tt.in, got)
			}
		})
	}
}

func TestVarnames(t *testing.T) {
	got := MustParse("{a,b}{+b,c}x{&a,d*}").Varnames()
	if diff := cmp.Diff([]string{"a", "b", "c", "d"}, got); diff != "" {
		t.Errorf("Varnames mismatch (-want +got):\n%s", diff)
	}
}

func TestParseError(t *testing.T) {
	type errFields struct {
		Offset int
		Rule   string
		Kind   uri.ErrorKind
		Byte   int
		Char   rune
	}
	tests := []struct {
		in   string
		want errFields
		hint string
	}{
		{"{var", errFields{4, "variable-list", uri.UnexpectedEnd, -1, 0}, ""},
		{"{", errFields{1, "expression", uri.UnexpectedEnd, -1, 0}, ""},
		{"{}", errFields{1, "expression", uri.UnexpectedByte, '}', 0}, ""},
		{"}", errFields{0, "URI-Template", uri.UnexpectedByte, '}', 0}, hintBrace},
		{"a b", errFields{1, "literals", uri.UnexpectedByte, ' ', 0}, hintLiteral},
		{"a%2x", errFields{1, "pct-encoded", uri.BadPercent, '%', 0}, ""},
		{"{var:0}", errFields{4, "variable-list", uri.UnexpectedByte, ':', 0}, hintPrefix},
		{"{var:10000}", errFields{9, "variable-list", uri.UnexpectedByte, '0', 0}, hintPrefix},
		{"a\"b", errFields{1, "literals", uri.UnexpectedByte, '"', 0}, hintLiteral},
		{"{a}}", errFields{3, "expression", uri.UnexpectedByte, '}', 0}, hintBrace},
		{"{ x}", errFields{1, "expression", uri.UnexpectedByte, ' ', 0}, ""},
		{"{a}<", errFields{3, "expression", uri.UnexpectedByte, '<', 0}, hintLiteral},
		{"{+}", errFields{2, "operator", uri.UnexpectedByte, '}', 0}, ""},
		{"x{", errFields{2, "expression", uri.UnexpectedEnd, -1, 0}, ""},
		{"a\xffb", errFields{1, "literals", uri.InvalidUTF8, 0xff, 0}, ""},
		{"a\u00a0\u0085", errFields{3, "ucschar", uri.UnexpectedChar, 0xc2, 0x85}, ""},
		{"{x y}", errFields{2, "variable-list", uri.UnexpectedByte, ' ', 0}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse(tt.in)
			pe, ok := err.(*uri.ParseError)
			if !ok {
				t.Fatalf("Parse(%q) error = %v, want a *uri.ParseError", tt.in, err)
			}
			if pe.Want != "URI-Template" {
				t.Errorf("Parse(%q).Want = %q", tt.in, pe.Want)
			}
			got := errFields{pe.Offset, pe.Rule, pe.Kind, pe.Byte, pe.Char}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.hint, pe.Hint); diff != "" {
				t.Errorf("Parse(%q) Hint mismatch (-want +got):\n%s", tt.in, diff)
			}
			if r := pe.Render(tt.in); !strings.Contains(r, "^") {
				t.Errorf("Parse(%q): Render = %q, no caret", tt.in, r)
			}
		})
	}
}

// TestParseLarge parses and expands a template of a million bytes.
func TestParseLarge(t *testing.T) {
	s := strings.Repeat("{a,b}x", 1<<17) + strings.Repeat("é", 1<<17)
	tm, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(tm.Parts()), 1<<18; got != want {
		t.Errorf("Parse: %d parts, want %d", got, want)
	}
	got, err := tm.Expand(Values{"b": String("1")})
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Repeat("1x", 1<<17) + strings.Repeat("%C3%A9", 1<<17); got != want {
		t.Errorf("Expand: %d bytes, want %d", len(got), len(want))
	}
	_, err = Parse(s + "}")
	pe, ok := err.(*uri.ParseError)
	if !ok || pe.Offset != len(s) || pe.Kind != uri.UnexpectedByte {
		t.Errorf("Parse(large + \"}\") error = %v, want an UnexpectedByte at %d", err, len(s))
	}
}

func TestText(t *testing.T) {
	var tm Template
	if err := tm.UnmarshalText([]byte("/a/{b}")); err != nil {
		t.Fatal(err)
	}
	if got, _ := tm.MarshalText(); string(got) != "/a/{b}" {
		t.Errorf("MarshalText() = %q", got)
	}
	if got, _ := tm.AppendText([]byte("x")); string(got) != "x/a/{b}" {
		t.Errorf("AppendText() = %q", got)
	}
	if err := tm.UnmarshalText([]byte("{")); err == nil || tm.String() != "/a/{b}" {
		t.Errorf("UnmarshalText(%q) = %v, template %q; want an error, template unchanged", "{", err, tm.String())
	}
}

// TestParseChunks checks that a template longer than a chunk of Parse
// parses as its parts do: after 5,000 bytes of literal, each template of
// the tables and of the public suite gives the same parts, shifted, or the
// same error at the shifted offset. The whole template is parsed again
// for an error, so this checks the chunks' offsets and their joins.
func TestParseChunks(t *testing.T) {
	pad := strings.Repeat("a", chunkSize+904) + "{x}" + strings.Repeat("b", 97)
	tmpls := append(matchSeedTemplates(t), "{", "a{b", "{a}}", "{a,}", "%zz", "{+a:0}", "{a}x{", "\xff")
	for _, s := range tmpls {
		t.Run(s, func(t *testing.T) {
			small, err1 := Parse(s)
			big, err2 := Parse(pad + s)
			if err1 != nil || err2 != nil {
				var e1, e2 *uri.ParseError
				if !errors.As(err1, &e1) || !errors.As(err2, &e2) {
					t.Fatalf("Parse(%q) = %v, after the padding %v", s, err1, err2)
				}
				// The rule may differ: at the start of a template no rule
				// matched, after the padding a literal did.
				got := []any{e2.Offset, e2.Kind, e2.Byte, e2.Char}
				if diff := cmp.Diff([]any{e1.Offset + len(pad), e1.Kind, e1.Byte, e1.Char}, got); diff != "" {
					t.Errorf("Parse(%q) after the padding mismatch (-want +got):\n%s", s, diff)
				}
				return
			}
			want := MustParse(pad).Parts()
			for _, p := range small.Parts() {
				p.Offset += len(pad)
				if p.Expr != nil {
					p.Expr.Offset += len(pad)
				}
				want = append(want, p)
			}
			if n := len(MustParse(pad).Parts()); len(small.Parts()) > 0 && small.Parts()[0].Expr == nil && MustParse(pad).Parts()[n-1].Expr == nil {
				// The padding's last literal and the template's first are one.
				want[n-1].Literal += want[n].Literal
				want = append(want[:n], want[n+1:]...)
			}
			if diff := cmp.Diff(want, big.Parts()); diff != "" {
				t.Errorf("Parse(%q) after the padding mismatch (-want +got):\n%s", s, diff)
			}
		})
	}
}

// TestParseBigExpression checks that an expression longer than a chunk of
// Parse, whose variable-list is matched in pieces, parses as a whole: the
// same varspecs, or the error of a short expression at the shifted offset.
func TestParseBigExpression(t *testing.T) {
	specs := []string{"a", "b:12", "c*", "%41d", "e.f", "g_1", "h:9999"}
	for _, op := range []string{"", "+", "#", ".", "/", ";", "?", "&", "="} {
		t.Run("op "+op, func(t *testing.T) {
			var (
				b    strings.Builder
				vars []Varspec
			)
			b.WriteString("x{" + op)
			for i := 0; b.Len() < 3*chunkSize; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				s := specs[i%len(specs)]
				b.WriteString(s)
				v := Varspec{Name: strings.TrimSuffix(s, "*"), Explode: strings.HasSuffix(s, "*")}
				if name, n, ok := strings.Cut(s, ":"); ok {
					v.Name = name
					for _, c := range n {
						v.Prefix = v.Prefix*10 + int(c-'0')
					}
				}
				vars = append(vars, v)
			}
			n := b.Len()
			b.WriteString("}/{y}z")
			var o Operator
			if op != "" {
				o = Operator(op[0])
			}
			tm, err := Parse(b.String())
			if err != nil {
				t.Fatal(err)
			}
			want := []Part{{Offset: 0, Literal: "x"},
				{Offset: 1, Expr: &Expression{Offset: 1, Op: o, Vars: vars}},
				{Offset: n + 1, Literal: "/"},
				{Offset: n + 2, Expr: &Expression{Offset: n + 2, Vars: []Varspec{{Name: "y"}}}},
				{Offset: n + 5, Literal: "z"}}
			if diff := cmp.Diff(want, tm.Parts()); diff != "" {
				t.Errorf("Parse mismatch (-want +got):\n%s", diff)
			}
		})
	}
	pad := strings.Repeat("v,", chunkSize)
	for _, s := range []string{"{a,,b}", "{a,}", "{a:0}", "{a b}", "{+a,b", "{a,b}}", "{a,é}", "{a,%4}", "{a,b}{", "{?a,b*,\xff}"} {
		t.Run(s, func(t *testing.T) {
			_, err1 := Parse(s)
			i := 1
			if strings.ContainsRune("+?", rune(s[1])) {
				i = 2
			}
			big := s[:i] + pad + s[i:]
			_, err2 := Parse(big)
			var e1, e2 *uri.ParseError
			if !errors.As(err1, &e1) || !errors.As(err2, &e2) {
				t.Fatalf("Parse(%q) = %v, with the long variable-list %v", s, err1, err2)
			}
			want := []any{e1.Offset + len(pad), e1.Kind, e1.Byte, e1.Char, e1.Rule}
			if diff := cmp.Diff(want, []any{e2.Offset, e2.Kind, e2.Byte, e2.Char, e2.Rule}); diff != "" {
				t.Errorf("Parse(%q) with the long variable-list mismatch (-want +got):\n%s", s, diff)
			}
		})
	}
}
