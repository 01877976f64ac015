package template

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestValueUnmarshalJSON(t *testing.T) {
	tests := []struct {
		in   string
		want Value
	}{
		{`"x"`, String("x")},
		{`""`, String("")},
		{`12`, String("12")},
		{`37.760`, String("37.760")},
		{`-1e3`, String("-1e3")},
		{`true`, String("true")},
		{`false`, String("false")},
		{`null`, Value{}},
		{`[]`, List()},
		{`["a", 1, true, ""]`, List("a", "1", "true", "")},
		{`{}`, Assoc()},
		{`{"z": "1", "a": 2, "m": false}`, Assoc(Pair{"z", "1"}, Pair{"a", "2"}, Pair{"m", "false"})},
		{` {"k\u00e9": "v\n"} `, Assoc(Pair{"k\u00e9", "v\n"})},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got Value
			if err := json.Unmarshal([]byte(tt.in), &got); err != nil {
				t.Fatalf("Unmarshal(%q): %v", tt.in, err)
			}
			opt := cmp.Comparer(func(a, b Value) bool {
				return a.Kind() == b.Kind() && a.Str() == b.Str() && cmp.Equal(a.List(), b.List()) && cmp.Equal(a.Pairs(), b.Pairs())
			})
			if diff := cmp.Diff(tt.want, got, opt); diff != "" {
				t.Errorf("Unmarshal(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestValueUnmarshalJSONError(t *testing.T) {
	for _, in := range []string{`[["a"]]`, `[{"a": "b"}]`, `{"a": ["b"]}`, `{"a": {}}`, `[null]`, `{"a": null}`, `[`, `{"a" "b"}`} {
		t.Run(in, func(t *testing.T) {
			var v Value
			if err := json.Unmarshal([]byte(in), &v); err == nil {
				t.Errorf("Unmarshal(%q) = %v, want an error", in, v)
			}
			if err := v.UnmarshalJSON([]byte(in)); err == nil {
				t.Errorf("UnmarshalJSON(%q) = %v, want an error", in, v)
			}
		})
	}
}

func TestValueMarshalJSON(t *testing.T) {
	tests := []struct {
		in   Value
		want string
	}{
		{Value{}, `null`},
		{String(""), `""`},
		{String("a\"<"), `"a\"\u003c"`},
		{List(), `[]`},
		{List("a", ""), `["a",""]`},
		{Assoc(), `{}`},
		{Assoc(Pair{"z", "1"}, Pair{"a", ""}), `{"z":"1","a":""}`},
		{AssocMap(map[string]string{"z": "1", "a": "2"}), `{"a":"2","z":"1"}`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			got, err := json.Marshal(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("Marshal(%v) mismatch (-want +got):\n%s", tt.in, diff)
			}
			// The round trip keeps kind, members and order.
			var back Value
			if err := json.Unmarshal(got, &back); err != nil {
				t.Fatal(err)
			}
			again, _ := json.Marshal(back)
			if string(again) != string(got) {
				t.Errorf("round trip of %s gives %s", got, again)
			}
		})
	}
}

func TestValueDefined(t *testing.T) {
	tests := []struct {
		name string
		v    Value
		want bool
	}{
		{"zero", Value{}, false},
		{"empty string", String(""), true},
		{"empty list", List(), false},
		{"list of empty", List(""), true},
		{"empty assoc", Assoc(), false},
		{"empty map", AssocMap(nil), false},
		{"assoc", Assoc(Pair{"", ""}), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.v.Defined(); got != tt.want {
				t.Errorf("Defined() = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestValueCopies checks that Values do not share memory with their
// callers.
func TestValueCopies(t *testing.T) {
	items := []string{"a", "b"}
	v := List(items...)
	items[0] = "x"
	v.List()[1] = "y"
	if diff := cmp.Diff([]string{"a", "b"}, v.List()); diff != "" {
		t.Errorf("List mismatch (-want +got):\n%s", diff)
	}
	pairs := []Pair{{"k", "v"}}
	a := Assoc(pairs...)
	pairs[0].Key = "x"
	a.Pairs()[0].Value = "y"
	if diff := cmp.Diff([]Pair{{"k", "v"}}, a.Pairs()); diff != "" {
		t.Errorf("Pairs mismatch (-want +got):\n%s", diff)
	}
}

func TestParts(t *testing.T) {
	tm := MustParse("a{x,y}")
	p := tm.Parts()
	p[1].Expr.Vars[0].Name = "changed"
	p[1].Expr.Op = '+'
	if diff := cmp.Diff(MustParse("a{x,y}").Parts(), tm.Parts()); diff != "" {
		t.Errorf("Parts mismatch (-want +got):\n%s", diff)
	}
	tm.Varnames()[0] = "changed"
	if diff := cmp.Diff([]string{"x", "y"}, tm.Varnames()); diff != "" {
		t.Errorf("Varnames mismatch (-want +got):\n%s", diff)
	}
}

func TestValueString(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{Value{}, "null"},
		{String(""), `""`},
		{String("a b"), `"a b"`},
		{List(), "[]"},
		{List("a", "b,c"), `["a","b,c"]`},
		{Assoc(Pair{Key: "z", Value: "1"}, Pair{Key: "a", Value: ""}), `{"z":"1","a":""}`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.v.String()); diff != "" {
				t.Errorf("%#v.String() mismatch (-want +got):\n%s", tt.v, diff)
			}
		})
	}
}
