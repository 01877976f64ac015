package publicsuffix

import (
	"bufio"
	"errors"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/idna"
)

const (
	listFile    = "../../grammar/psl/public_suffix_list.dat"
	testPSLFile = "../../testdata/psl/test_psl.txt"
)

// lists are the lists every conformance test runs on: the generated
// table and the same file read by Parse.
func lists(t testing.TB) map[string]*List {
	return map[string]*List{"table": Default(), "parsed": parsedList(t)}
}

var parsed struct {
	once sync.Once
	l    *List
	err  error
}

func parsedList(t testing.TB) *List {
	t.Helper()
	parsed.once.Do(func() {
		f, err := os.Open(listFile)
		if err != nil {
			parsed.err = err
			return
		}
		defer f.Close()
		parsed.l, parsed.err = Parse(f)
	})
	if parsed.err != nil {
		t.Fatal(parsed.err)
	}
	return parsed.l
}

// TestURLStandardExamples: the examples of the URL Standard, "Hosts
// (domains and IP addresses)", the table of public suffixes and
// registrable domains ("null" is "").
func TestURLStandardExamples(t *testing.T) {
	tests := []struct{ host, suffix, registrable string }{
		{"com", "com", ""},
		{"example.com", "com", "example.com"},
		{"www.example.com", "com", "example.com"},
		{"sub.www.example.com", "com", "example.com"},
		{"EXAMPLE.COM", "com", "example.com"},
		{"example.com.", "com.", "example.com."},
		{"github.io", "github.io", ""},
		{"whatwg.github.io", "github.io", "whatwg.github.io"},
		{"إختبار", "xn--kgbechtv", ""},
		{"example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
		{"sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
		{"[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", "", ""},
	}
	for name, l := range lists(t) {
		for _, tt := range tests {
			t.Run(name+"/"+tt.host, func(t *testing.T) {
				suffix, err := l.HostPublicSuffix(tt.host)
				if err != nil {
					t.Fatal(err)
				}
				registrable, err := l.RegistrableDomain(tt.host)
				if err != nil {
					t.Fatal(err)
				}
				want := []string{tt.suffix, tt.registrable}
				if diff := cmp.Diff(want, []string{suffix, registrable}); diff != "" {
					t.Errorf("HostPublicSuffix, RegistrableDomain(%q) mismatch (-want +got):\n%s", tt.host, diff)
				}
			})
		}
	}
}

var checkLine = regexp.MustCompile(`^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);$`)

// TestPSLTestFile: every check of the list's own test_psl.txt, on the
// table and on the parsed list. The expected registrable domain is in
// the form of the input (U-labels for U-labels); the package answers in
// A-labels, so it is compared after domain to ASCII.
func TestPSLTestFile(t *testing.T) {
	f, err := os.Open(testPSLFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type check struct{ in, want string }
	var checks []check
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		m := checkLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("not a check: %q", line)
		}
		unquote := func(s string) string { return strings.Trim(strings.TrimPrefix(s, "null"), "'") }
		checks = append(checks, check{unquote(m[1]), unquote(m[2])})
	}
	if len(checks) != 78 {
		t.Fatalf("%d checks in %s, want 78", len(checks), testPSLFile)
	}
	for name, l := range lists(t) {
		for _, c := range checks {
			t.Run(name+"/"+c.in, func(t *testing.T) {
				want, err := idna.ToASCII(c.want)
				if err != nil {
					t.Fatal(err)
				}
				got, err := l.RegistrableDomain(c.in)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("RegistrableDomain(%q) = %q, want %q", c.in, got, want)
				}
				etld1, err := l.EffectiveTLDPlusOne(c.in)
				if (err == nil) != (want != "") || etld1 != want {
					t.Errorf("EffectiveTLDPlusOne(%q) = %q, %v, want %q", c.in, etld1, err, want)
				}
			})
		}
	}
}

// A formal is the list's rules read by the test itself, for formalMatch.
type formal struct {
	normal, wild, except map[string]bool // name → in the ICANN section
	rules                []string        // every rule as written, in A-labels
}

var formalOnce = sync.OnceValues(func() (*formal, error) {
	data, err := os.ReadFile(listFile)
	if err != nil {
		return nil, err
	}
	f := &formal{normal: map[string]bool{}, wild: map[string]bool{}, except: map[string]bool{}}
	icann := false
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.Contains(line, "===BEGIN ICANN DOMAINS===") {
			icann = true
		}
		if strings.Contains(line, "===END ICANN DOMAINS===") {
			icann = false
		}
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		set, name := f.normal, line
		if n, ok := strings.CutPrefix(line, "!"); ok {
			set, name = f.except, n
		} else if n, ok := strings.CutPrefix(line, "*."); ok {
			set, name = f.wild, n
		}
		ascii, err := idna.ToASCII(name)
		if err != nil {
			return nil, err
		}
		set[ascii] = icann
		f.rules = append(f.rules, strings.TrimSuffix(line, name)+ascii)
	}
	return f, nil
})

// match is the formal algorithm of publicsuffix.org, word for word: match
// the name against every rule, an exception prevails, else the rule with
// the most labels (a normal rule over a wildcard of as many), else "*".
// It returns the number of labels of the public suffix and the section.
func (f *formal) match(name string, icannOnly bool) (int, bool) {
	labels := strings.Split(name, ".")
	n := len(labels)
	best, bestICANN := 1, false
	counts := func(sec, ok bool) bool { return ok && (sec || !icannOnly) }
	for k := 1; k <= n; k++ {
		s := strings.Join(labels[n-k:], ".")
		if sec, ok := f.except[s]; counts(sec, ok) {
			return k - 1, sec
		}
		if k >= 2 {
			if sec, ok := f.wild[strings.Join(labels[n-k+1:], ".")]; counts(sec, ok) {
				best, bestICANN = k, sec
			}
		}
		if sec, ok := f.normal[s]; counts(sec, ok) {
			best, bestICANN = k, sec
		}
	}
	return best, bestICANN
}

// want is the Result the formal algorithm gives for name, an ASCII name
// in lower case without empty labels.
func (f *formal) want(name string, icannOnly bool) Result {
	k, icann := f.match(name, icannOnly)
	labels := strings.Split(name, ".")
	r := Result{Host: name, PublicSuffix: strings.Join(labels[len(labels)-k:], "."), ICANN: icann}
	if k < len(labels) {
		r.RegistrableDomain = strings.Join(labels[len(labels)-k-1:], ".")
	}
	return r
}

// namesOfRule returns names that exercise rule: the rule's name, names
// one and two labels under it, and for a wildcard names under the label
// the wildcard stands for.
func namesOfRule(rule string) []string {
	name := strings.TrimPrefix(strings.TrimPrefix(rule, "!"), "*.")
	names := []string{name, "zz0." + name, "a-b.zz0." + name}
	if strings.HasPrefix(rule, "*.") {
		names = append(names, "www."+name, "a.www."+name)
	}
	if i := strings.IndexByte(name, '.'); i >= 0 {
		names = append(names, name[i+1:])
	}
	return names
}

// TestEveryRuleExhaustive: for every rule of the list, names under it
// (namesOfRule) give on the table and on the parsed list, with and
// without the private section, the answer of the formal algorithm as the
// test itself runs it on the list's text.
func TestEveryRuleExhaustive(t *testing.T) {
	f, err := formalOnce()
	if err != nil {
		t.Fatal(err)
	}
	if len(f.rules) != 10248 {
		t.Fatalf("%d rules, want 10248", len(f.rules))
	}
	for name, l := range lists(t) {
		for _, icannOnly := range []bool{false, true} {
			ll := l
			if icannOnly {
				ll = l.ICANN()
			}
			failures := 0
			for _, rule := range f.rules {
				for _, host := range namesOfRule(rule) {
					got, err := ll.Lookup(host)
					want := f.want(host, icannOnly)
					if diff := cmp.Diff(want, got); diff != "" || err != nil {
						failures++
						if failures <= 20 {
							t.Errorf("%s, ICANN %v, rule %s: Lookup(%q) error %v, mismatch (-want +got):\n%s", name, icannOnly, rule, host, err, diff)
						}
					}
				}
			}
			if failures > 0 {
				t.Errorf("%s, ICANN %v: %d failures", name, icannOnly, failures)
			}
		}
	}
}

// TestIDNSpellingsAgree: every rule with a non-ASCII label, in U-labels,
// A-labels, upper case and mixed case, gives one Result for the same
// names under it.
func TestIDNSpellingsAgree(t *testing.T) {
	data, err := os.ReadFile(listFile)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") || isASCII(line) {
			continue
		}
		n++
		uname := strings.TrimPrefix(strings.TrimPrefix(line, "!"), "*.")
		aname, err := idna.ToASCII(uname)
		if err != nil {
			t.Fatal(err)
		}
		for _, prefix := range []string{"", "x.", "www.x.", "食狮."} {
			spellings := []string{
				prefix + uname, prefix + aname, strings.ToUpper(prefix + uname),
				strings.ToUpper(prefix + aname), mixCase(prefix + aname), prefix + uname + ".",
			}
			want, err := Lookup(spellings[1])
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range spellings {
				got, err := Lookup(s)
				if err != nil {
					t.Fatalf("Lookup(%q): %v", s, err)
				}
				w := want
				if i == len(spellings)-1 { // the trailing dot is kept
					w.Host, w.PublicSuffix = w.Host+".", w.PublicSuffix+"."
					if w.RegistrableDomain != "" {
						w.RegistrableDomain += "."
					}
				}
				if diff := cmp.Diff(w, got); diff != "" {
					t.Errorf("Lookup(%q) mismatch with Lookup(%q) (-want +got):\n%s", s, spellings[1], diff)
				}
			}
		}
	}
	if n < 400 {
		t.Errorf("%d rules with a non-ASCII label, want 400 or more", n)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// mixCase upper-cases every other ASCII letter of s.
func mixCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		if i%2 == 0 && 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// TestErrors: names that fail domain to ASCII are *idna.Error; IP
// addresses, empty labels and public suffixes are EffectiveTLDPlusOne's
// errors and Lookup's results without a registrable domain.
func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		want error // of EffectiveTLDPlusOne; nil for an *idna.Error
		res  Result
	}{
		{"a b.com", nil, Result{}},
		{"ex%41mple.com", nil, Result{}},
		{"xn--abc-é.com", nil, Result{}},
		{"a\u200Db.com", nil, Result{}},
		{"example.com/", nil, Result{}},
		{"fe80::1%25eth0", nil, Result{}},
		{"192.168.0.1", ErrIPAddress, Result{Host: "192.168.0.1"}},
		{"0x7f.1", ErrIPAddress, Result{Host: "127.0.0.1"}},
		{"0X7F.0.0.1", ErrIPAddress, Result{Host: "127.0.0.1"}},
		{"[0:0::1]", ErrIPAddress, Result{Host: "[::1]"}},
		{"1.2.3.999", ErrIPAddress, Result{Host: "1.2.3.999"}},
		{"[::1]", ErrIPAddress, Result{Host: "[::1]"}},
		{"2001:DB8:0::1", ErrIPAddress, Result{Host: "[2001:db8::1]"}},
		{"", ErrEmptyLabel, Result{}},
		{".", ErrEmptyLabel, Result{Host: "."}},
		{"..", ErrEmptyLabel, Result{Host: ".."}},
		{"example.com..", ErrEmptyLabel, Result{Host: "example.com.."}},
		{".example.com", ErrEmptyLabel, Result{Host: ".example.com", PublicSuffix: "com", ICANN: true}},
		{"a..example.com", ErrEmptyLabel, Result{Host: "a..example.com", PublicSuffix: "com", ICANN: true}},
		{"co.uk", ErrPublicSuffix, Result{Host: "co.uk", PublicSuffix: "co.uk", ICANN: true}},
		{"CO.UK.", ErrPublicSuffix, Result{Host: "co.uk.", PublicSuffix: "co.uk.", ICANN: true}},
		{"localhost", ErrPublicSuffix, Result{Host: "localhost", PublicSuffix: "localhost"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := EffectiveTLDPlusOne(tt.name)
			var ie *idna.Error
			if tt.want == nil && !errors.As(err, &ie) || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("EffectiveTLDPlusOne(%q) error = %v, want %v", tt.name, err, tt.want)
			}
			res, err := Lookup(tt.name)
			if (err != nil) != (tt.want == nil) {
				t.Errorf("Lookup(%q) error = %v", tt.name, err)
			}
			if diff := cmp.Diff(tt.res, res); diff != "" {
				t.Errorf("Lookup(%q) mismatch (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

// TestXNetMeaning: PublicSuffix and EffectiveTLDPlusOne answer as
// golang.org/x/net/publicsuffix documents them, on its own examples and
// on the private section.
func TestXNetMeaning(t *testing.T) {
	tests := []struct {
		domain, suffix string
		icann          bool
		etld1          string
	}{
		{"www.example.com", "com", true, "example.com"},
		{"foo.blogspot.com", "blogspot.com", false, "foo.blogspot.com"},
		{"a.b.github.io", "github.io", false, "b.github.io"},
		{"www.example.nosuchtld", "nosuchtld", false, "example.nosuchtld"},
		{"amazon.co.uk", "co.uk", true, "amazon.co.uk"},
		{"books.amazon.co.uk", "co.uk", true, "amazon.co.uk"},
		{"www.books.amazon.co.uk", "co.uk", true, "amazon.co.uk"},
		// Upper case where the walk from the right has not read it:
		// the label left of an unlisted top-level domain, of a wildcard's
		// label, left of an exception.
		{"www.Example.nosuchtld", "nosuchtld", false, "example.nosuchtld"},
		{"WWW.example.nosuchtld", "nosuchtld", false, "example.nosuchtld"},
		{"A.b.kawasaki.jp", "b.kawasaki.jp", true, "a.b.kawasaki.jp"},
		{"Www.City.kawasaki.jp", "kawasaki.jp", true, "city.kawasaki.jp"},
	}
	for _, tt := range tests {
		t.Run(tt.domain, func(t *testing.T) {
			suffix, icann := PublicSuffix(tt.domain)
			etld1, err := EffectiveTLDPlusOne(tt.domain)
			if err != nil {
				t.Fatal(err)
			}
			want := []any{tt.suffix, tt.icann, tt.etld1}
			if diff := cmp.Diff(want, []any{suffix, icann, etld1}); diff != "" {
				t.Errorf("PublicSuffix, EffectiveTLDPlusOne(%q) mismatch (-want +got):\n%s", tt.domain, diff)
			}
		})
	}
}

// TestICANN: without the private section, the public suffix of a name
// under a private rule is the ICANN one.
func TestICANN(t *testing.T) {
	icann := Default().ICANN()
	tests := []struct{ host, suffix, registrable string }{
		{"whatwg.github.io", "io", "github.io"},
		{"foo.blogspot.com", "com", "blogspot.com"},
		{"www.example.co.uk", "co.uk", "example.co.uk"},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			r, err := icann.Lookup(tt.host)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{tt.suffix, tt.registrable}, []string{r.PublicSuffix, r.RegistrableDomain}); diff != "" {
				t.Errorf("ICANN().Lookup(%q) mismatch (-want +got):\n%s", tt.host, diff)
			}
			if !r.ICANN {
				t.Errorf("ICANN().Lookup(%q).ICANN = false", tt.host)
			}
		})
	}
	if got, want := icann.String(), "Public Suffix List "+ListVersion+", ICANN section"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
