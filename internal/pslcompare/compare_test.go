package pslcompare

import (
	"os"
	"regexp"
	"strings"
	"testing"

	weppos "github.com/weppos/publicsuffix-go/publicsuffix"
	xnet "golang.org/x/net/publicsuffix"

	"github.com/specuri/specuri/internal/versus"
	"github.com/specuri/specuri/uri/idna"
	"github.com/specuri/specuri/uri/publicsuffix"
)

// A peer is another package's EffectiveTLDPlusOne and PublicSuffix.
type peer struct {
	name   string
	etld1  func(string) (string, error)
	suffix func(string) string // the public suffix, "" when it has none
}

var peers = []peer{
	{"x-net", xnet.EffectiveTLDPlusOne, func(s string) string { ps, _ := xnet.PublicSuffix(s); return ps }},
	{"weppos", weppos.Domain, func(s string) string {
		r := weppos.DefaultList.Find(s, weppos.DefaultFindOptions)
		if r == nil {
			return ""
		}
		return r.Decompose(s)[1]
	}},
}

// explain says why the peer p may answer theirs where specuri answers
// ours for host, or "" when nothing does: every difference must have one
// of these reasons.
func explain(p peer, host, ours, theirs string) string {
	ascii, err := idna.ToASCII(host)
	name := strings.TrimSuffix(ascii, ".")
	switch {
	case err != nil:
		return "the name fails domain to ASCII: specuri refuses it, the peer " + guess(theirs)
	case isIP(host):
		return "an IP address: specuri gives it no public suffix (URL Standard), the peer reads it as a name"
	case host != strings.ToLower(host) && strings.ToLower(host) == ascii:
		return "upper case: the peer does not lower-case the name (the list's rules are lower case)"
	case host != ascii && !strings.HasSuffix(host, "."):
		return "U-labels or a mapped spelling: the peer does not apply domain to ASCII, so it misses the rule's A-label form or answers in U-labels"
	case strings.HasSuffix(host, "."):
		return "a trailing dot: specuri keeps it (URL Standard's trailingDot), the peer " + guess(theirs)
	case name == "" || strings.Contains("."+name+".", ".."):
		return "an empty label: specuri gives no registrable domain (the list's tests), the peer " + guess(theirs)
	}
	// The lists differ: the rule that gives specuri's answer is not the
	// peer's, or the peer has a rule specuri's list does not.
	suffix, _ := publicsuffix.HostPublicSuffix(host)
	if p.suffix(suffix) != suffix {
		return "list version: the peer's list has no rule " + suffix + " (publicsuffix/list@" + publicsuffix.ListVersion + " has)"
	}
	if ps := p.suffix(host); ps != suffix {
		return "list version: the peer's list has a rule " + ps + " that " + publicsuffix.ListVersion + " has not"
	}
	return ""
}

func guess(theirs string) string {
	if theirs == "" {
		return "fails too, with another reason"
	}
	return "answers " + theirs
}

func isIP(host string) bool {
	r, err := publicsuffix.Lookup(host)
	return err == nil && r.PublicSuffix == "" && r.Host != "" && !strings.HasSuffix(r.Host, ".")
}

// hostSets are the sets of hosts compared: the list's own checks, the URL
// Standard's examples, and the hosts of the realistic links.
func hostSets(t testing.TB) map[string][]string {
	data, err := os.ReadFile("../../testdata/psl/test_psl.txt")
	if err != nil {
		t.Fatal(err)
	}
	var psl []string
	for _, m := range regexp.MustCompile(`(?m)^checkPublicSuffix\('([^']*)'`).FindAllStringSubmatch(string(data), -1) {
		psl = append(psl, m[1])
	}
	return map[string][]string{
		"test_psl.txt": psl,
		"URL Standard": {"com", "example.com", "www.example.com", "sub.www.example.com", "EXAMPLE.COM", "example.com.",
			"github.io", "whatwg.github.io", "إختبار", "example.إختبار", "sub.example.إختبار", "[2001:0db8:85a3:0000:0000:8a2e:0370:7334]"},
		"realistic-abs.txt": realisticHosts(t),
	}
}

// TestAgreement: on every host of every set, each peer's
// EffectiveTLDPlusOne equals specuri's or the difference has a reason
// (explain); it logs, per set and peer, how many hosts agree and each
// difference with its reason.
func TestAgreement(t *testing.T) {
	for set, hosts := range hostSets(t) {
		for _, p := range peers {
			agree := 0
			for _, h := range hosts {
				ours, oerr := publicsuffix.EffectiveTLDPlusOne(h)
				theirs, terr := p.etld1(h)
				if ours == theirs && (oerr == nil) == (terr == nil) {
					agree++
					continue
				}
				why := explain(p, h, ours, theirs)
				if why == "" {
					t.Errorf("%s, %s: %q: specuri %q (%v), peer %q (%v): unexplained", set, p.name, h, ours, oerr, theirs, terr)
					continue
				}
				t.Logf("%s, %s: %q: specuri %q, peer %q: %s", set, p.name, h, ours, theirs, why)
			}
			t.Logf("%s: %s agrees with specuri on %d of %d", set, p.name, agree, len(hosts))
		}
	}
}

// realisticHosts returns the hosts of the http(s) links of the realistic
// links.
func realisticHosts(tb testing.TB) []string {
	var hosts []string
	for _, line := range versus.Lines(tb, "../../testdata/bench/realistic-abs.txt") {
		rest, ok := strings.CutPrefix(line, "https://")
		if !ok {
			if rest, ok = strings.CutPrefix(line, "http://"); !ok {
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

var sink string

// BenchmarkEffectiveTLDPlusOneVersus times EffectiveTLDPlusOne on the
// hosts of the realistic links, specuri against each peer, alternating
// the two in rounds (package versus), and reports the ratio of their
// times (below 1: specuri is faster) and each one's time per host.
func BenchmarkEffectiveTLDPlusOneVersus(b *testing.B) {
	hosts := realisticHosts(b)
	for _, p := range peers {
		b.Run("peer="+p.name, func(b *testing.B) {
			versus.Batches(b, len(hosts), func() {
				for _, h := range hosts {
					sink, _ = publicsuffix.EffectiveTLDPlusOne(h)
				}
			}, func() {
				for _, h := range hosts {
					sink, _ = p.etld1(h)
				}
			}, "host", "specuri", "other")
		})
	}
}

// BenchmarkEffectiveTLDPlusOne: each package alone on the realistic
// hosts, for B/op and allocs/op side by side (-col /impl).
func BenchmarkEffectiveTLDPlusOne(b *testing.B) {
	hosts := realisticHosts(b)
	impls := append([]peer{{name: "specuri", etld1: publicsuffix.EffectiveTLDPlusOne}}, peers...)
	for _, p := range impls {
		b.Run("impl="+p.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sink, _ = p.etld1(hosts[i%len(hosts)])
			}
		})
	}
}

// BenchmarkParseVersus times reading the whole list,
// publicsuffix.Parse against weppos's NewListFromString, alternating the
// two in rounds (package versus), and reports the ratio of their times
// (below 1: specuri is faster) and each one's time per list.
func BenchmarkParseVersus(b *testing.B) {
	data, err := os.ReadFile("../../grammar/psl/public_suffix_list.dat")
	if err != nil {
		b.Fatal(err)
	}
	src := string(data)
	versus.Batches(b, 1, func() {
		if _, err := publicsuffix.Parse(strings.NewReader(src)); err != nil {
			b.Fatal(err)
		}
	}, func() {
		if _, err := weppos.NewListFromString(src, nil); err != nil {
			b.Fatal(err)
		}
	}, "list", "specuri", "other")
}

// BenchmarkParse: reading the whole list, publicsuffix.Parse against
// weppos's NewListFromString (x/net cannot read a list at run time).
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile("../../grammar/psl/public_suffix_list.dat")
	if err != nil {
		b.Fatal(err)
	}
	src := string(data)
	b.Run("impl=specuri", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := publicsuffix.Parse(strings.NewReader(src)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=weppos", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := weppos.NewListFromString(src, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
