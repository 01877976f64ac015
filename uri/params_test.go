package uri_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// pairsOf returns p's pairs in order.
func pairsOf(p uri.Params) []uri.Param {
	out := []uri.Param{}
	for k, v := range p.All() {
		out = append(out, uri.Param{Key: k, Value: v})
	}
	return out
}

func TestParams(t *testing.T) {
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		want   []uri.Param
	}{
		{"no query", uri.RFC3986, "http://h/", []uri.Param{}},
		{"empty query", uri.RFC3986, "http://h/?", []uri.Param{}},
		{"plus is a space", uri.RFC3986, "http://h/?q=red+shoes&page=1&x=%41", []uri.Param{{"q", "red shoes"}, {"page", "1"}, {"x", "A"}}},
		{"encoded plus", uri.RFC3986, "?a%2Bb=c%2Bd", []uri.Param{{"a+b", "c+d"}}},
		{"no equals", uri.RFC3986, "?a&b=", []uri.Param{{"a", ""}, {"b", ""}}},
		{"first equals splits", uri.RFC3986, "?a==b=c", []uri.Param{{"a", "=b=c"}}},
		{"empty name", uri.RFC3986, "?=v", []uri.Param{{"", "v"}}},
		{"empty pieces skipped", uri.RFC3986, "?&&a=1&&", []uri.Param{{"a", "1"}}},
		{"only separators", uri.RFC3986, "?&&&", []uri.Param{}},
		{"duplicates in order", uri.RFC3986, "?a=1&b=2&a=3", []uri.Param{{"a", "1"}, {"b", "2"}, {"a", "3"}}},
		{"semicolon is a byte", uri.RFC3986, "?a=1;b=2", []uri.Param{{"a", "1;b=2"}}},
		{"query delimiters", uri.RFC3986, "?a=/?:@", []uri.Param{{"a", "/?:@"}}},
		{"octets kept", uri.RFC3986, "?a=%FF%00", []uri.Param{{"a", "\xff\x00"}}},
		{"relative reference", uri.RFC3986, "?a=1", []uri.Param{{"a", "1"}}},
		{"zone", uri.RFC6874, "http://[fe80::1%25en0]/?a=b+c", []uri.Param{{"a", "b c"}}},
		{"IRI", uri.RFC3987, "http://h/?caf\u00e9=cr\u00e8me+br%C3%BBl\u00e9e&p=\ue000", []uri.Param{{"caf\u00e9", "cr\u00e8me br\u00fbl\u00e9e"}, {"p", "\ue000"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			p, err := u.Params()
			if err != nil {
				t.Fatalf("Params(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, pairsOf(p)); diff != "" {
				t.Errorf("Params(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			q, _ := u.Query()
			if diff := cmp.Diff(q, p.String()); diff != "" {
				t.Errorf("Params(%q).String() mismatch (-want +got):\n%s", tt.in, diff)
			}
			got, err := u.WithParams(p)
			if err != nil {
				t.Fatalf("WithParams(Params(%q)): %v", tt.in, err)
			}
			if diff := cmp.Diff(u, got, cmp.Comparer(func(a, b uri.URI) bool { return a == b })); diff != "" {
				t.Errorf("WithParams(Params(%q)) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestParamsGet(t *testing.T) {
	u := uri.MustParseReference("?a=1&b=&a=2&c&a=3")
	p, err := u.Params()
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		Value  string
		OK     bool
		Has    bool
		Values []string
	}
	tests := []struct {
		name string
		want result
	}{
		{"a", result{"1", true, true, []string{"1", "2", "3"}}},
		{"b", result{"", true, true, []string{""}}},
		{"c", result{"", true, true, []string{""}}},
		{"d", result{}},
		{"", result{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got result
			got.Value, got.OK = p.Get(tt.name)
			got.Has = p.Has(tt.name)
			got.Values = p.Values(tt.name)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Get, Has, Values(%q) mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

// paramsOp is one edit of a Params.
type paramsOp struct {
	op, name, value string // op is "set", "add" or "del"
}

func (o paramsOp) apply(p *uri.Params) {
	switch o.op {
	case "set":
		p.Set(o.name, o.value)
	case "add":
		p.Add(o.name, o.value)
	case "del":
		p.Del(o.name)
	}
}

func set(name, value string) paramsOp { return paramsOp{"set", name, value} }
func add(name, value string) paramsOp { return paramsOp{"add", name, value} }
func del(name string) paramsOp        { return paramsOp{"del", name, ""} }

func TestWithParams(t *testing.T) {
	tests := []struct {
		name   string
		syntax uri.Syntax
		in     string
		ops    []paramsOp
		want   string
	}{
		{"set keeps the others", uri.RFC3986, "https://h/s?q=red+shoes&page=1&x=%41", []paramsOp{set("page", "2")}, "https://h/s?q=red+shoes&page=2&x=%41"},
		{"set keeps the fragment", uri.RFC3986, "https://h/?a=1#f", []paramsOp{set("a", "2")}, "https://h/?a=2#f"},
		{"set first place, later dropped", uri.RFC3986, "?a=1&b=2&a=3&c=4&a=5", []paramsOp{set("a", "x")}, "?a=x&b=2&c=4"},
		{"set same value keeps its text", uri.RFC3986, "?x=%41&y=1&x=B", []paramsOp{set("x", "A")}, "?x=%41&y=1"},
		{"set by decoded name", uri.RFC3986, "?a+b=1&a%20b=2", []paramsOp{set("a b", "3")}, "?a%20b=3"},
		{"set adds at the end", uri.RFC3986, "?a=1", []paramsOp{set("b", "2")}, "?a=1&b=2"},
		{"add duplicates", uri.RFC3986, "?a=1", []paramsOp{add("a", "2"), add("a", "1")}, "?a=1&a=2&a=1"},
		{"del all of a name", uri.RFC3986, "?a=1&b=2&a=3", []paramsOp{del("a")}, "?b=2"},
		{"del absent", uri.RFC3986, "?a=1&&b", []paramsOp{del("c")}, "?a=1&&b"},
		{"empty pieces kept", uri.RFC3986, "?&a=1&&b=2&", []paramsOp{set("b", "3")}, "?&a=1&&b=3&"},
		{"del all keeps the query", uri.RFC3986, "http://h/?a=1", []paramsOp{del("a")}, "http://h/?"},
		{"no query, no pairs", uri.RFC3986, "http://h/", nil, "http://h/"},
		{"no query, del", uri.RFC3986, "http://h/", []paramsOp{del("a")}, "http://h/"},
		{"empty query kept", uri.RFC3986, "http://h/?", nil, "http://h/?"},
		{"no query, add", uri.RFC3986, "http://h/#f", []paramsOp{add("a", "1")}, "http://h/?a=1#f"},
		{"encoded for every reading", uri.RFC3986, "http://h/", []paramsOp{add("a b+c", "x&y=z#;%")}, "http://h/?a%20b%2Bc=x%26y%3Dz%23%3B%25"},
		{"query bytes kept", uri.RFC3986, "http://h/", []paramsOp{add("k", "/?:@!$'()*,~")}, "http://h/?k=/?:@!$'()*,~"},
		{"refused bytes encoded", uri.RFC3986, "http://h/", []paramsOp{add("k", "\x00\"<>[]\\^`{|}\x7f")}, "http://h/?k=%00%22%3C%3E%5B%5D%5C%5E%60%7B%7C%7D%7F"},
		{"non-ASCII encoded", uri.RFC3986, "http://h/", []paramsOp{add("k", "\u00e9\xff")}, "http://h/?k=%C3%A9%FF"},
		{"empty name and value", uri.RFC3986, "http://h/", []paramsOp{add("", "")}, "http://h/?="},
		{"relative reference", uri.RFC3986, "", []paramsOp{add("a", "1")}, "?a=1"},
		{"opaque", uri.RFC3986, "mailto:a@example.com?subject=x", []paramsOp{set("subject", "hi there")}, "mailto:a@example.com?subject=hi%20there"},
		{"zone", uri.RFC6874, "http://[fe80::1%25en0]/?a=1", []paramsOp{set("a", "2 3")}, "http://[fe80::1%25en0]/?a=2%203"},
		{"IRI keeps characters", uri.RFC3987, "http://h/\u00e9?caf\u00e9=1&x=%41", []paramsOp{set("caf\u00e9", "cr\u00e8me"), add("p", "\ue000")}, "http://h/\u00e9?caf\u00e9=cr\u00e8me&x=%41&p=\ue000"},
		{"IRI encodes what it refuses", uri.RFC3987, "http://h/\u00e9", []paramsOp{add("b", "\u200f\xff \u00e9")}, "http://h/\u00e9?b=%E2%80%8F%FF%20\u00e9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.syntax.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			p, err := u.Params()
			if err != nil {
				t.Fatalf("Params(%q): %v", tt.in, err)
			}
			for _, o := range tt.ops {
				o.apply(&p)
			}
			if len(tt.ops) > 0 {
			}
			got, err := u.WithParams(p)
			if err != nil {
				t.Fatalf("WithParams(%q, %v): %v", tt.in, tt.ops, err)
			}
			if diff := cmp.Diff(tt.want, got.String()); diff != "" {
				t.Errorf("WithParams(%q, %v) mismatch (-want +got):\n%s", tt.in, tt.ops, diff)
			}
			// Every reading gives back what was written.
			back, err := got.Params()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(pairsOf(p), pairsOf(back)); diff != "" {
				t.Errorf("Params(WithParams(%q, %v)) mismatch (-want +got):\n%s", tt.in, tt.ops, diff)
			}
			q, _ := got.Query()
			if vs, err := url.ParseQuery(q); err == nil {
				if diff := cmp.Diff(valuesOf(p), vs); diff != "" {
					t.Errorf("url.ParseQuery(WithParams(%q, %v)) mismatch (-want +got):\n%s", tt.in, tt.ops, diff)
				}
			} else if !strings.Contains(q, ";") {
				t.Errorf("url.ParseQuery(%q): %v", q, err)
			}
		})
	}
}

// valuesOf returns p's pairs as url.Values.
func valuesOf(p uri.Params) url.Values {
	vs := url.Values{}
	for k, v := range p.All() {
		vs[k] = append(vs[k], v)
	}
	return vs
}

func TestParamsZero(t *testing.T) {
	var p uri.Params
	if diff := cmp.Diff("", p.String()); diff != "" {
		t.Errorf("Params{}.String() mismatch (-want +got):\n%s", diff)
	}
	if _, ok := p.Get("a"); ok || p.Has("a") || p.Values("a") != nil {
		t.Errorf("Params{} has a pair")
	}
	p.Del("a")
	p.Set("a", "1")
	p.Add("b", "2 3")
	if diff := cmp.Diff("a=1&b=2%203", p.String()); diff != "" {
		t.Errorf("Params{} edited mismatch (-want +got):\n%s", diff)
	}
}

// TestParamsCopies checks that a Params is a value: editing a copy never
// changes another.
func TestParamsCopies(t *testing.T) {
	p, err := uri.MustParse("http://h/?a=1&b=2").Params()
	if err != nil {
		t.Fatal(err)
	}
	p.Add("c", "3") // p now has spare capacity
	q := p
	r := p
	q.Add("d", "q")
	r.Add("d", "r")
	p.Add("e", "p")
	s := q
	s.Set("a", "s")
	s.Del("b")
	tests := []struct {
		name string
		p    uri.Params
		want string
	}{
		{"p", p, "a=1&b=2&c=3&e=p"},
		{"q", q, "a=1&b=2&c=3&d=q"},
		{"r", r, "a=1&b=2&c=3&d=r"},
		{"s", s, "a=s&c=3&d=q"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.p.String()); diff != "" {
				t.Errorf("%s.String() mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

func TestParamsLimit(t *testing.T) {
	tests := []struct {
		name   string
		pieces int
		ok     bool
	}{
		{"at the limit", uri.DefaultMaxPairs, true},
		{"over the limit", uri.DefaultMaxPairs + 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Empty pieces count, as in net/url.
			u := uri.MustParse("http://h/?a=1" + strings.Repeat("&", tt.pieces-1))
			_, err := u.Params()
			if tt.ok != (err == nil) {
				t.Fatalf("Params of %d pieces: %v", tt.pieces, err)
			}
			var le *uri.LimitError
			if !tt.ok && (!errors.As(err, &le) || le.Limit != uri.DefaultMaxPairs) {
				t.Errorf("Params of %d pieces: %v, want a *LimitError", tt.pieces, err)
			}
			var p uri.Params
			for i := range tt.pieces {
				p.Add("k", string(rune('a'+i%26)))
			}
			_, err = uri.MustParse("http://h/").WithParams(p)
			if tt.ok != (err == nil) || !tt.ok && !errors.As(err, &le) {
				t.Errorf("WithParams of %d pairs: %v", tt.pieces, err)
			}
		})
	}
}

// TestParamsNetURL compares the reading of Params with url.ParseQuery on
// every query of the conformance corpus that both accept, and checks that
// WithParams(Params()) gives every corpus value back.
func TestParamsNetURL(t *testing.T) {
	compared := 0
	for _, c := range loadParseCases(t) {
		syntax, ok := c.syntax()
		if !ok {
			continue
		}
		u, err := syntax.ParseReference(c.Input)
		if err != nil {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			p, err := u.Params()
			if err != nil {
				t.Fatalf("Params(%q): %v", c.Input, err)
			}
			q, _ := u.Query()
			if vs, err := url.ParseQuery(q); err == nil {
				compared++
				if diff := cmp.Diff(vs, valuesOf(p)); diff != "" {
					t.Errorf("Params(%q) mismatch (-want +got):\n%s", c.Input, diff)
				}
			}
			got, err := u.WithParams(p)
			if err != nil || got != u {
				t.Errorf("WithParams(Params(%q)) = %q, %v", c.Input, got, err)
			}
		})
	}
	t.Logf("%d corpus queries compared with url.ParseQuery", compared)
	if compared < 1000 {
		t.Errorf("only %d corpus queries compared with url.ParseQuery", compared)
	}
}

// FuzzParams checks that Params reads a query as url.ParseQuery does where
// both accept it, and that after one Set, Add or Del, WithParams keeps the
// text and order of every piece the edit does not touch, writes the new
// pair so that url.ParseQuery reads it back, and changes no other
// component.
func FuzzParams(f *testing.F) {
	f.Add(uint8(0), "https://h/?q=red+shoes&page=1&x=%41", "page", "2")
	f.Add(uint8(3), "?a=1&&a=2&b", "a", "x y")
	f.Add(uint8(6), "?a=1;b&a", "a", "")
	f.Add(uint8(1), "http://[fe80::1%25en0]/?z=%25", "z", "&=#+;")
	f.Add(uint8(2), "http://h/\u00e9?caf\u00e9=1", "caf\u00e9", "\ue000\u200e")
	f.Fuzz(func(t *testing.T, x uint8, s, name, value string) {
		syntax := syntaxes[x%uint8(len(syntaxes))]
		u, err := syntax.ParseReference(s)
		if err != nil {
			return
		}
		p, err := u.Params()
		if err != nil {
			var le *uri.LimitError
			if !errors.As(err, &le) {
				t.Errorf("Params(%q): undocumented error %v", s, err)
			}
			return
		}
		q, hasQuery := u.Query()
		if vs, err := url.ParseQuery(q); err == nil {
			if diff := cmp.Diff(vs, valuesOf(p)); diff != "" {
				t.Errorf("Params(%q) mismatch (-want +got):\n%s", s, diff)
			}
		}
		var old []string
		if q != "" {
			old = strings.Split(q, "&")
		}
		named := func(raw string) bool {
			k, _, _ := strings.Cut(raw, "=")
			return raw != "" && formDecode(k) == name
		}
		const fresh = "\x00new" // stands for the pair the edit writes
		var want []string
		switch op := x / 3 % 3; op {
		case 0:
			p.Del(name)
			for _, raw := range old {
				if !named(raw) {
					want = append(want, raw)
				}
			}
		case 1:
			p.Add(name, value)
			want = append(old, fresh)
		case 2:
			p.Set(name, value)
			first := true
			for _, raw := range old {
				switch {
				case !named(raw):
					want = append(want, raw)
				case first:
					first = false
					if _, v, _ := strings.Cut(raw, "="); formDecode(v) == value {
						want = append(want, raw)
					} else {
						want = append(want, fresh)
					}
				}
			}
			if first {
				want = append(want, fresh)
			}
		}
		got, err := u.WithParams(p)
		if err != nil {
			var le *uri.LimitError
			switch {
			case errors.As(err, &le) && len(want) > uri.DefaultMaxPairs:
			default:
				t.Errorf("WithParams(%q) after an edit of %q: %v", s, name, err)
			}
			return
		}
		gq, gotQuery := got.Query()
		if gotQuery != (hasQuery || len(want) > 0) {
			t.Errorf("WithParams(%q) = %q: query defined %v", s, got, gotQuery)
		}
		var pieces []string
		if gq != "" {
			pieces = strings.Split(gq, "&")
		}
		if len(pieces) != len(want) {
			t.Fatalf("WithParams(%q) after an edit of %q = %q, want pieces %q", s, name, got, want)
		}
		for i, raw := range pieces {
			if want[i] != fresh {
				if raw != want[i] {
					t.Errorf("WithParams(%q) = %q: piece %d is %q, want %q", s, got, i, raw, want[i])
				}
				continue
			}
			vs, err := url.ParseQuery(raw)
			if diff := cmp.Diff(url.Values{name: {value}}, vs); diff != "" || err != nil {
				t.Errorf("url.ParseQuery(%q) (%v) mismatch (-want +got):\n%s", raw, err, diff)
			}
		}
		w, g := componentsOf(u), componentsOf(got)
		w.Query, g.Query = nil, nil
		if diff := cmp.Diff(w, g); diff != "" {
			t.Errorf("WithParams(%q) = %q changed more than the query (-want +got):\n%s", s, got, diff)
		}
	})
}

// TestParamsFromMaps checks that a map gives one query, its pairs sorted
// by name as url.Values.Encode sorts them, whatever the map's iteration
// order: each map is turned into a query 50 times and every result
// compared.
func TestParamsFromMaps(t *testing.T) {
	tests := []struct {
		name  string
		m     map[string]string
		v     url.Values
		query string
	}{
		{"empty", map[string]string{}, url.Values{}, ""},
		{"one", map[string]string{"q": "red shoes & socks"}, url.Values{"q": {"red shoes & socks"}}, "q=red%20shoes%20%26%20socks"},
		{"many", map[string]string{"z": "1", "a": "2", "m": "3", "b": "4", "y": "5", "é": "6", "A": "7", "a b": "8"},
			url.Values{"z": {"1"}, "a": {"2"}, "m": {"3"}, "b": {"4"}, "y": {"5"}, "é": {"6"}, "A": {"7"}, "a b": {"8"}},
			"A=7&a=2&a%20b=8&b=4&m=3&y=5&z=1&%C3%A9=6"},
		{"several values", nil, url.Values{"k": {"2", "1"}, "j": {"x"}, "none": {}}, "j=x&k=2&k=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 50 {
				if tt.m != nil {
					if diff := cmp.Diff(tt.query, uri.ParamsFromMap(tt.m).String()); diff != "" {
						t.Fatalf("ParamsFromMap(%q) mismatch (-want +got):\n%s", tt.m, diff)
					}
				}
				if diff := cmp.Diff(tt.query, uri.ParamsFromMap(tt.v).String()); diff != "" {
					t.Fatalf("ParamsFromMap(url.Values %q) mismatch (-want +got):\n%s", tt.v, diff)
				}
			}
		})
	}
}
