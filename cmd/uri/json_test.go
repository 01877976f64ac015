package main

import (
	"bufio"
	"encoding/json"
	"math/rand"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/wpttest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/whatwg"
)

// encodingJSON is what encoding/json writes for v, with one value per line
// and no HTML escaping, as the records were written before the fast path.
func encodingJSON(t *testing.T, v any) string {
	t.Helper()
	var b strings.Builder
	if err := newEncoder(&b).Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestAppendJSONString(t *testing.T) {
	tests := []string{"", "plain", `"\`, "\x00\x01\x1f\x7f", "\b\f\n\r\t", "<&>", "é\u2028\u2029\U0001F600",
		"\xff", "a\xc3", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\uFFFD", "x\u2027\u202a"}
	r := rand.New(rand.NewSource(1))
	for range 2000 {
		b := make([]byte, r.Intn(12))
		for i := range b {
			b[i] = byte(r.Intn(256))
			if r.Intn(3) == 0 {
				const special = "\x00\"\\\n\xe2\x80\xa8\xc3"
				b[i] = special[r.Intn(len(special))]
			}
		}
		tests = append(tests, string(b))
	}
	for _, s := range tests {
		want := encodingJSON(t, s)
		got := string(appendJSONString(nil, s)) + "\n"
		if got != want {
			t.Errorf("appendJSONString(%q) mismatch (-want +got):\n%s", s, cmp.Diff(want, got))
		}
	}
}

// TestParseJSONFastPath checks that appendParseJSON writes what
// encoding/json writes for newParseRecord, on every realistic link and on
// tricky inputs, in every syntax.
func TestParseJSONFastPath(t *testing.T) {
	inputs := []string{"", "http://[v1.x]:/?#", "http://a b", "//", "mailto:a@b?subject=x", "mailto:a@b?s=%FF",
		"http://u:pw@[fe80::1%25en0]:80/p?q#f", "mailto:a@b?subject=%3C%26%3E%E2%80%A8&body=%00", "http://résumé/ü?\ue000#\u2028", "\xff", "a\x00b", `"\`,
		"http://[fe80::1%25%65n0]/", "MAILTO:?", "http://h:123foo/",
		"urn:example:a?+r?=q#f", "URN:EXAMPLE:a#", "urn:-bad:x", "urn:ex:é", "urn:eé:x", "urn:ex:a?b",
		"file:///etc/passwd", "file://host/c:/x", "file:c:/x", "file:a", "file://h%20/x", "ws://h", "HTTPS://H:0x", "https://u@h/",
		"http://納豆.example.org/", "HTTP://BÜCHER.de/", "http://a／b.example/", "foo://é/", "http://u:pé@é.é/", "ftp://１.２.３/"}
	for _, name := range []string{"../../testdata/bench/realistic-abs.txt", "../../testdata/bench/realistic-rel.txt"} {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			inputs = append(inputs, sc.Text())
		}
		f.Close()
	}
	for sname, syntax := range syntaxes {
		for _, rname := range ruleNames()[:4] {
			parse := rules[rname]
			for _, s := range inputs {
				u, err := parse(syntax, s)
				r := newParseRecord(s, u, err)
				if syntax == uri.RFC6874 {
					r.Zone = new(*string)
					if h, ok := u.Host(); ok && err == nil {
						*r.Zone = opt(h.Zone())
					}
				}
				if syntax == uri.RFC3987 {
					r.ASCIIHost = new(*asciiHostRecord)
					if err == nil {
						*r.ASCIIHost = newASCIIHostRecord(u)
					}
				}
				want := encodingJSON(t, r)
				var serr error
				if err == nil {
					serr = u.CheckScheme()
				}
				got := string(appendParseJSON(nil, s, u, err, serr, syntax == uri.RFC6874, syntax == uri.RFC3987, false))
				if got != want {
					t.Errorf("appendParseJSON(%q) (%s, %s) mismatch (-want +got):\n%s", s, sname, rname, cmp.Diff(want, got))
				}
			}
		}
	}
	if !json.Valid(appendParseJSON(nil, "x", uri.MustParseReference("x"), nil, nil, false, false, false)) {
		t.Error("not JSON")
	}
}

// TestJSONPlainPrefix checks the word-wide scan against the table, at
// every length and offset around a word, for every byte.
func TestJSONPlainPrefix(t *testing.T) {
	for n := range 20 {
		for at := range n {
			for c := range 256 {
				b := []byte(strings.Repeat("a", n))
				b[at] = byte(c)
				want := n
				if !jsonPlain[c] {
					want = at
				}
				if got := jsonPlainPrefix(string(b)); got != want {
					t.Errorf("jsonPlainPrefix(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}

// TestWhatwgJSONFastPath checks that whatwgRecord.appendJSON writes what
// encoding/json writes for the record, for every input and base of
// urltestdata.json, every realistic link, and records with no getters,
// an invalid UTF-8 input and no validation errors at all.
func TestWhatwgJSONFastPath(t *testing.T) {
	type pair struct{ input, base string }
	var pairs []pair
	for _, c := range wpttest.URLTestData(t, "../../testdata/wpt/url/urltestdata.json") {
		pairs = append(pairs, pair{c.Input, ""})
		if c.Base != nil {
			pairs = append(pairs, pair{c.Input, *c.Base})
		}
	}
	for _, name := range []string{"../../testdata/bench/realistic-abs.txt", "../../testdata/bench/realistic-rel.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			pairs = append(pairs, pair{s, ""}, pair{s, "https://u:p@example.com/a/b?c#d"})
		}
	}
	pairs = append(pairs, pair{"http://\xff/", ""}, pair{"http://a/\"\\\u2028<&>", ""}, pair{"\x00", ""})
	for _, pc := range pairs {
		var base whatwg.URL
		var baseStr *string
		if pc.base != "" {
			bu, err := whatwg.Parse(pc.base)
			if err != nil {
				continue
			}
			base, baseStr = bu, &pc.base
		}
		u, verrs, err := base.ParseWithErrors(pc.input)
		r := newWHATWGRecord(pc.input, baseStr, u, verrs, err)
		if got, want := string(r.appendJSON(nil)), encodingJSON(t, r); got != want {
			t.Errorf("appendJSON(%q, base %q) mismatch (-want +got):\n%s", pc.input, pc.base, cmp.Diff(want, got))
		}
	}
	r := newWHATWGRecord("x", nil, whatwg.URL{}, nil, &whatwg.Error{Kind: "missing-scheme-non-relative-URL"})
	r.Errors = nil
	if got, want := string(r.appendJSON(nil)), encodingJSON(t, r); got != want {
		t.Errorf("appendJSON with nil errors mismatch (-want +got):\n%s", cmp.Diff(want, got))
	}
}

// TestAppendJSONNoMessages checks that no jsonAppender has a field tagged
// json:"message", at any depth, which withoutPasswords would have masked.
func TestAppendJSONNoMessages(t *testing.T) {
	var check func(path string, ty reflect.Type)
	check = func(path string, ty reflect.Type) {
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice:
			check(path, ty.Elem())
		case reflect.Interface:
			t.Errorf("%s is an interface: it may hold a message", path)
		case reflect.Struct:
			for i := range ty.NumField() {
				f := ty.Field(i)
				if strings.HasPrefix(f.Tag.Get("json"), "message") {
					t.Errorf("%s.%s is tagged json:%q", path, f.Name, f.Tag.Get("json"))
				}
				check(path+"."+f.Name, f.Type)
			}
		}
	}
	for _, a := range []jsonAppender{whatwgRecord{}} {
		ty := reflect.TypeOf(a)
		check(ty.Name(), ty)
	}
}
