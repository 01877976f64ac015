package refparse_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/refparse"
	"github.com/specuri/specuri/uri"
)

// parsed is what both parsers say of an input.
type parsed struct {
	Valid      bool
	Components [8]string
	Defined    [8]bool
	HostKind   int
	PathKind   int
}

func ofRefparse(s string) parsed {
	r, ok := refparse.Parse(s)
	if !ok {
		return parsed{}
	}
	p := parsed{Valid: true, HostKind: int(r.HostKind), PathKind: int(r.PathKind)}
	for c := range p.Components {
		p.Components[c], p.Defined[c] = r.Get(s, c)
	}
	return p
}

func ofURI(s string) parsed {
	u, err := uri.ParseReference(s)
	if err != nil {
		return parsed{}
	}
	p := parsed{Valid: true, PathKind: int(u.Path().Kind())}
	c := &p.Components
	d := &p.Defined
	c[refparse.Scheme], d[refparse.Scheme] = u.Scheme()
	c[refparse.Authority], d[refparse.Authority] = u.Authority()
	c[refparse.Userinfo], d[refparse.Userinfo] = u.Userinfo()
	h, ok := u.Host()
	c[refparse.Host], d[refparse.Host] = h.String(), ok
	c[refparse.Port], d[refparse.Port] = u.Port()
	c[refparse.Path], d[refparse.Path] = u.Path().String(), true
	c[refparse.Query], d[refparse.Query] = u.Query()
	c[refparse.Fragment], d[refparse.Fragment] = u.Fragment()
	p.HostKind = int(h.Kind())
	return p
}

func checkAgree(t *testing.T, s string) {
	t.Helper()
	want, got := ofURI(s), ofRefparse(s)
	if want == got {
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Parse(%q) mismatch (-want +got):\n%s", s, diff)
	}
}

// inputs returns every benchmark input (testdata/bench/*.txt: the URI of
// corpus.txt's "name<TAB>URI" lines, the whole line of the others) and
// every string of the conformance files (testdata/conformance/*.json).
func inputs(tb testing.TB) []string {
	tb.Helper()
	var out []string
	bench, err := filepath.Glob("../../testdata/bench/*.txt")
	if err != nil || len(bench) < 3 {
		tb.Fatalf("benchmark inputs: %v %v", bench, err)
	}
	for _, name := range bench {
		b, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			if strings.HasSuffix(name, "corpus.txt") {
				if strings.HasPrefix(line, "#") || line == "" {
					continue
				}
				_, line, _ = strings.Cut(line, "\t")
			}
			out = append(out, line)
		}
	}
	conf, err := filepath.Glob("../../testdata/conformance/*.json")
	if err != nil || len(conf) < 4 {
		tb.Fatalf("conformance files: %v %v", conf, err)
	}
	for _, name := range conf {
		b, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		out = appendStrings(out, v)
	}
	return out
}

// appendStrings appends every string value in v, a decoded JSON value.
func appendStrings(out []string, v any) []string {
	switch v := v.(type) {
	case string:
		out = append(out, v)
	case []any:
		for _, e := range v {
			out = appendStrings(out, e)
		}
	case map[string]any:
		for _, e := range v {
			out = appendStrings(out, e)
		}
	}
	return out
}

// TestAgree checks refparse against uri.ParseReference on every input,
// every prefix of each, and each with a byte that is special somewhere in
// the grammar put at a few places: valid or not, and then the components,
// which are defined, the kinds of host and path.
func TestAgree(t *testing.T) {
	in := inputs(t)
	valid, invalid := 0, 0
	for _, s := range in {
		for i := 0; i <= len(s); i++ {
			checkAgree(t, s[:i])
			if _, ok := refparse.Parse(s[:i]); ok {
				valid++
			} else {
				invalid++
			}
		}
		for j, b := range []string{"%", "@", ":", "[", "]", "/", "?", "#", " ", "%4", "é"} {
			at := (j * 7) % (len(s) + 1)
			checkAgree(t, s[:at]+b+s[at:])
		}
		if t.Failed() {
			return // the first input that disagrees is enough
		}
	}
	if valid < 10000 || invalid < 1000 {
		t.Errorf("%d valid and %d invalid inputs, too few to compare", valid, invalid)
	}
}

// TestAgreeEdges covers the parts of the grammar that the inputs above
// may not reach.
func TestAgreeEdges(t *testing.T) {
	for _, s := range []string{
		"", "a:", "a:b", "a:/b", "a://", "a:///", "//", "///", "/", "?", "#", "a", ":a", "1a:b", "a+b.c-d:x",
		"http://[::]", "http://[::1]", "http://[1::]", "http://[1:2:3:4:5:6:7:8]", "http://[1:2:3:4:5:6:7::]",
		"http://[::2:3:4:5:6:7:8]", "http://[1:2:3:4:5:6:7:8:9]", "http://[1:2:3:4:5:6:1.2.3.4]",
		"http://[::1.2.3.4]", "http://[1::2::3]", "http://[12345::]", "http://[:1::]", "http://[1:]", "http://[1:2:3:4:5:6:7]",
		"http://[::ffff:256.1.1.1]", "http://[v1.x]", "http://[V1a.:!]", "http://[v.x]", "http://[v1.]", "http://[fe80::1%25en0]",
		"http://1.2.3.4", "http://1.2.3.4.", "http://01.2.3.4", "http://256.1.1.1", "http://1.2.3", "http://255.255.255.255:80",
		"http://u@h", "http://u:p@h:1/p", "http://@", "http://a@b@c", "http://h:80x", "http://h:", "http://[::1]x",
		"http://h%41", "http://h%4", "http://h%G1", "a/b:c", "./a:b", "a:b:c", "%41:b", "x?a/b?c#d/e?f", "x#a#b",
	} {
		t.Run(s, func(t *testing.T) { checkAgree(t, s) })
	}
}

// FuzzAgree checks refparse against uri.ParseReference on any input.
func FuzzAgree(f *testing.F) {
	for i, s := range inputs(f) {
		if i%8 == 0 {
			f.Add(s)
		}
	}
	f.Fuzz(func(t *testing.T, s string) { checkAgree(t, s) })
}
