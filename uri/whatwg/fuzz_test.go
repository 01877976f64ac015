package whatwg_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/whatwg"
)

// seedInputs adds the inputs and bases of urltestdata.json and the hosts
// of IdnaTestV2.json to f.
func seedInputs(f *testing.F, add func(s string)) {
	for _, raw := range loadWPT(f, "urltestdata.json") {
		var c struct {
			Input string  `json:"input"`
			Base  *string `json:"base"`
		}
		if json.Unmarshal(raw, &c) == nil {
			add(c.Input)
			if c.Base != nil {
				add(*c.Base)
			}
		}
	}
	for _, raw := range loadWPT(f, "IdnaTestV2.json") {
		var c struct{ Input string }
		if json.Unmarshal(raw, &c) == nil {
			add("https://" + c.Input + "/x")
		}
	}
}

// FuzzParse checks that Parse never panics, that the URL serializer's
// output parses to the same URL (URL Standard, "URL serializing": the href is a
// fixed point), against a base too, that ParseWithErrors agrees with
// Parse, and that the getters are slices of the href in its order.
func FuzzParse(f *testing.F) {
	seedInputs(f, func(s string) { f.Add(s) })
	base := whatwg.MustParse("https://u:p@example.com:8080/a/b?q#f")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := whatwg.Parse(s)
		v, verrs, err2 := whatwg.ParseWithErrors(s)
		if (err == nil) != (err2 == nil) || u != v {
			t.Fatalf("Parse(%q) = %v, %v; ParseWithErrors = %v, %v", s, u, err, v, err2)
		}
		if len(verrs) > whatwg.MaxValidationErrors {
			t.Fatalf("ParseWithErrors(%q): %d errors", s, len(verrs))
		}
		for _, e := range verrs {
			if e.Offset < 0 || e.Offset > len(s) || e.Kind == "" {
				t.Fatalf("ParseWithErrors(%q): error %+v", s, e)
			}
		}
		if err == nil {
			roundTrip(t, s, u)
		}
		if w, err := base.Parse(s); err == nil {
			roundTrip(t, s, w)
		}
	})
}

func roundTrip(t *testing.T, s string, u whatwg.URL) {
	t.Helper()
	v, err := whatwg.Parse(u.Href())
	if err != nil {
		t.Fatalf("Parse(%q) = %q, which fails: %v", s, u.Href(), err)
	}
	if v != u {
		t.Fatalf("Parse(%q) = %#v; its href parses to %#v", s, u, v)
	}
	// The href begins with the protocol and ends with the search and
	// hash (the hash getter omits an empty fragment's "#").
	h := u.Href()
	tail := u.Search() + u.Hash()
	if len(h) < len(tail) || h[:len(u.Protocol())] != u.Protocol() || !endsWithIgnoringEmpty(h, u.Search(), u.Hash()) {
		t.Fatalf("Parse(%q): href %q, protocol %q, search %q, hash %q", s, h, u.Protocol(), u.Search(), u.Hash())
	}
	if _, err := u.URI(); err != nil {
		if _, err2 := uri.Parse(h); err2 == nil {
			t.Fatalf("URI() of %q: %v, but uri.Parse accepts it", h, err)
		}
	}
}

// endsWithIgnoringEmpty reports whether h ends with search and hash, an
// empty query or fragment ("?" or "#" alone, which the getters omit)
// allowed between them.
func endsWithIgnoringEmpty(h, search, hash string) bool {
	if hash == "" {
		h = strings.TrimSuffix(h, "#")
	} else if strings.HasSuffix(h, hash) {
		h = h[:len(h)-len(hash)]
	} else {
		return false
	}
	if search == "" {
		return true
	}
	return strings.HasSuffix(h, search)
}

// FuzzSearchParams checks that serializing the pairs of a string and
// parsing the result gives the same pairs.
func FuzzSearchParams(f *testing.F) {
	for _, s := range []string{"a=b&c=d", "a+b=%20&&=x", "%zz=%e2%82%ac", "?x", "=&=", "a=\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := whatwg.ParseSearchParams(s)
		q := whatwg.ParseSearchParams(p.String())
		if diff := cmp.Diff(p.Pairs(), q.Pairs()); diff != "" {
			t.Fatalf("ParseSearchParams(%q) mismatch after String (-first +second):\n%s", s, diff)
		}
	})
}

// FuzzSetters checks that every setter on every URL returns a URL whose
// href parses to that same URL (the setters keep the href and the offsets
// of the components in step), and never panics.
func FuzzSetters(f *testing.F) {
	data, err := os.ReadFile("../../testdata/wpt/url/setters_tests.json")
	if err != nil {
		f.Fatal(err)
	}
	var groups map[string]json.RawMessage
	if err := json.Unmarshal(data, &groups); err != nil {
		f.Fatal(err)
	}
	for i, name := range setterNames {
		var cases []setterCase
		_ = json.Unmarshal(groups[name], &cases)
		for _, c := range cases {
			f.Add(c.Href, uint8(i), c.NewValue)
		}
	}
	f.Fuzz(func(t *testing.T, href string, setter uint8, value string) {
		u, err := whatwg.Parse(href)
		if err != nil {
			return
		}
		name := setterNames[int(setter)%len(setterNames)]
		v, err := u.With(name, value)
		if err != nil {
			if name != "href" || v != u {
				t.Fatalf("%q.With(%q, %q) = %v, %v", href, name, value, v, err)
			}
			return
		}
		roundTrip(t, href+" "+name+"="+value, v)
	})
}

var setterNames = []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
