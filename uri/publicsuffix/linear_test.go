package publicsuffix

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri/idna"
)

// linearShapes are names of many labels, long labels and the spellings
// that take the slow path, each a kind of input a careless walk handles
// in quadratic time (a suffix hashed again for each label).
var linearShapes = []lineartest.Shape{
	{Name: "long label", Unit: "a", Suffix: ".com"},
	{Name: "labels", Unit: "a.", Suffix: "com"},
	{Name: "labels under a deep rule", Unit: "a.", Suffix: "s3.dualstack.us-east-1.amazonaws.com"},
	{Name: "upper case labels", Unit: "A.", Suffix: "CO.UK"},
	{Name: "empty labels", Prefix: "a", Unit: ".", Suffix: "com"},
	{Name: "U-labels", Unit: "食狮.", Suffix: "公司.cn"},
	{Name: "trailing dots", Prefix: "example.com", Unit: "."},
	{Name: "digits", Unit: "1."},
}

// TestLookupLinear: Lookup's cost per byte at 1 MB is within a wide
// factor of its cost at 16 KB, on names of one long label and of 500,000
// labels (package lineartest).
func TestLookupLinear(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("looks up megabytes")
	}
	lineartest.CheckShapes(t, linearShapes, 1<<14, 1<<20, 16, func(s string) {
		_, _ = Lookup(s)
		_, _ = parsedList(t).Lookup(s)
	})
}

// TestMillionLabelsLinear: a name of 10^6 labels, and one of 10^6 labels
// under the deepest rules, give their answer without a panic.
func TestMillionLabelsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("looks up megabytes")
	}
	name := strings.Repeat("a.", 1_000_000) + "city.kawasaki.jp"
	for _, l := range lists(t) {
		got, err := l.RegistrableDomain(name)
		if err != nil || got != "city.kawasaki.jp" {
			t.Errorf("RegistrableDomain(10^6 labels and city.kawasaki.jp) = %q, %v", got, err)
		}
	}
}

// TestLookupAllocs: an ASCII name in lower case is looked up without
// allocating, in the table and in a parsed list.
func TestLookupAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, name := range []string{"www.example.com", "a.b.github.io", "www.city.kawasaki.jp", "example.com.", "xn--85x722f.xn--55qx5d.cn"} {
		for lname, l := range lists(t) {
			if n := testing.AllocsPerRun(100, func() { _, _ = l.EffectiveTLDPlusOne(name) }); n != 0 {
				t.Errorf("%s: EffectiveTLDPlusOne(%q) allocates %v times", lname, name, n)
			}
		}
	}
}

// TestRealisticHostsAllocs: EffectiveTLDPlusOne allocates nothing on the
// hosts of the realistic links but those whose answer is a new string (a
// host domain to ASCII changes, such as one in upper case).
func TestRealisticHostsAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, h := range realisticHosts(t) {
		if a, err := idna.ToASCII(h); err != nil || a != h {
			continue
		}
		if n := testing.AllocsPerRun(10, func() { _, _ = EffectiveTLDPlusOne(h) }); n != 0 {
			t.Errorf("EffectiveTLDPlusOne(%q) allocates %v times", h, n)
		}
	}
}

// realisticHosts returns the hosts of the http(s) links of
// testdata/bench/realistic-abs.txt.
func realisticHosts(t testing.TB) []string {
	f, err := os.Open("../../testdata/bench/realistic-abs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var hosts []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "https://")
		if !ok {
			if rest, ok = strings.CutPrefix(sc.Text(), "http://"); !ok {
				continue
			}
		}
		host := rest[:strings.IndexAny(rest+"/", "/?#")]
		host = host[strings.LastIndexByte(host, '@')+1:]
		if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasSuffix(host, "]") {
			host = host[:i]
		}
		hosts = append(hosts, host)
	}
	return hosts
}

// BenchmarkEffectiveTLDPlusOne: on the hosts of the realistic links, per
// host (ns/op is the time of the whole set; ns/host the figure to read).
func BenchmarkEffectiveTLDPlusOne(b *testing.B) {
	hosts := realisticHosts(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, h := range hosts {
			_, _ = EffectiveTLDPlusOne(h)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(hosts)), "ns/host")
}

// BenchmarkParse: Parse of the whole list.
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile(listFile)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(strings.NewReader(string(data))); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzULabelALabel: a name and its domain-to-ASCII form have the same
// Lookup result, and Lookup never panics.
func FuzzULabelALabel(f *testing.F) {
	for _, s := range []string{"食狮.公司.cn", "www.example.co.uk", "EXAMPLE.إختبار", "a.b.c.kobe.jp", "www.ck", "Bücher.de.", ".com", "a..b", "1.2.3.4", "[::1]"} {
		f.Add(s)
	}
	for _, s := range realisticHostsSeed() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		r, err := Lookup(name)
		ascii, aerr := idna.ToASCII(name)
		if err != nil || aerr != nil || r.PublicSuffix == "" {
			return
		}
		r2, err := Lookup(ascii)
		if err != nil {
			t.Fatalf("Lookup(%q) fails: %v, Lookup(%q) did not", ascii, err, name)
		}
		if r != r2 {
			t.Errorf("Lookup(%q) = %+v, Lookup(%q) = %+v", name, r, ascii, r2)
		}
		u, _ := idna.ToUnicode(ascii)
		if r3, err := Lookup(u); err == nil && r3 != r {
			t.Errorf("Lookup(%q) = %+v, Lookup(%q) = %+v", u, r3, name, r)
		}
	})
}

func realisticHostsSeed() []string {
	hosts := realisticHosts(&testing.B{})
	if len(hosts) > 50 {
		hosts = hosts[:50]
	}
	return hosts
}

// FuzzTableAgree: the generated table and the list read by Parse give
// one Lookup result and one EffectiveTLDPlusOne answer for any name, with
// and without the private section.
func FuzzTableAgree(f *testing.F) {
	for _, s := range []string{"www.city.kawasaki.jp", "a.b.c.kobe.jp", "x.s3.dualstack.us-east-1.amazonaws.com", "食狮.公司.cn", "a-b--c.co.uk", "0.9.z", "xn--p1ai"} {
		f.Add(s)
	}
	l := parsedList(f)
	f.Fuzz(func(t *testing.T, name string) {
		for _, pair := range [][2]*List{{Default(), l}, {Default().ICANN(), l.ICANN()}} {
			a, aerr := pair[0].Lookup(name)
			b, berr := pair[1].Lookup(name)
			if a != b || (aerr == nil) != (berr == nil) {
				t.Errorf("Lookup(%q): table %+v, %v; parsed %+v, %v", name, a, aerr, b, berr)
			}
			// EffectiveTLDPlusOne reads a plain host without Lookup.
			x, xerr := pair[0].EffectiveTLDPlusOne(name)
			y, yerr := pair[1].EffectiveTLDPlusOne(name)
			if x != y || (xerr == nil) != (yerr == nil) || (xerr != nil && xerr.Error() != yerr.Error()) {
				t.Errorf("EffectiveTLDPlusOne(%q): table %q, %v; parsed %q, %v", name, x, xerr, y, yerr)
			}
		}
	})
}

// FuzzParse: Parse never panics, and a list it reads answers without
// panicking.
func FuzzParse(f *testing.F) {
	f.Add("// ===BEGIN ICANN DOMAINS===\ncom\n*.ck\n!www.ck\n// ===END ICANN DOMAINS===\ngithub.io\n", "a.www.ck")
	f.Add("公司.cn\n*.*.x\n!\n..\n", "x.公司.cn")
	f.Fuzz(func(t *testing.T, list, name string) {
		l, err := Parse(strings.NewReader(list))
		if err != nil {
			return
		}
		_, _ = l.Lookup(name)
		_, _ = l.ICANN().EffectiveTLDPlusOne(name)
	})
}
