package fetch_test

import (
	"encoding/csv"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri/fetch"
)

// registryRow is a block of a registry as the test reads it, apart from
// the generator.
type registryRow struct {
	prefix       netip.Prefix
	block, name  string
	globallyTrue bool
}

var mark = regexp.MustCompile(` *\[[0-9]+\]`)

// readRegistry reads one of the CSV files of grammar/iana.
func readRegistry(t *testing.T, name string) []registryRow {
	t.Helper()
	return readRegistryTB(t, name)
}

// readRegistryTB is readRegistry for a test or a fuzz target.
func readRegistryTB(t testing.TB, name string) []registryRow {
	t.Helper()
	f, err := os.Open("../../grammar/iana/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var rows []registryRow
	for _, rec := range recs[1:] {
		for _, b := range strings.Split(mark.ReplaceAllString(rec[0], ""), ",") {
			b = strings.TrimSpace(b)
			rows = append(rows, registryRow{netip.MustParsePrefix(b), b, rec[1], mark.ReplaceAllString(rec[8], "") == "True"})
		}
	}
	return rows
}

// mostSpecific returns the longest prefix of rows containing a, by a
// scan of every row: the slow reference for the generated table.
func mostSpecific(rows []registryRow, a netip.Addr) (registryRow, bool) {
	var best registryRow
	found := false
	for _, r := range rows {
		if r.prefix.Contains(a) && (!found || r.prefix.Bits() > best.prefix.Bits()) {
			best, found = r, true
		}
	}
	return best, found
}

// lastAddr returns the last address of p.
func lastAddr(p netip.Prefix) netip.Addr {
	b := p.Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

// middleAddr returns an address half way through p.
func middleAddr(p netip.Prefix) netip.Addr {
	b := p.Addr().AsSlice()
	if p.Bits() < len(b)*8 {
		i := p.Bits()
		b[i/8] |= 0x80 >> (i % 8)
		// and a few host bits more, so that it is not the first of a
		// more specific block either
		b[len(b)-1] |= 0x5
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

// verdict is what the tests compare of CheckAddr's result.
type verdict struct {
	Refused bool
	Rule    string
	Block   string
	Via     string
}

func verdictOf(err error) verdict {
	if err == nil {
		return verdict{}
	}
	var ae *fetch.AddrError
	if !errors.As(err, &ae) {
		return verdict{Refused: true, Rule: "not an *AddrError: " + err.Error()}
	}
	return verdict{true, ae.Rule, ae.Block, ae.Via}
}

// expect4 is the verdict the rules give an IPv4 address, from the
// registry read by the test.
func expect4(rows []registryRow, a netip.Addr, via string) verdict {
	if r, ok := mostSpecific(rows, a); ok && !r.globallyTrue {
		return verdict{true, fetch.RuleRegistry, r.block, via}
	}
	if netip.MustParsePrefix("224.0.0.0/4").Contains(a) {
		return verdict{true, fetch.RuleMulticast, "", via}
	}
	return verdict{}
}

// TestRegistryRows checks CheckAddr on every block of both registries:
// its first, middle and last addresses and those just outside it, each
// against the most specific block the test finds by a scan of the CSV
// file (the rules that do not come from the registry are tested apart,
// so addresses they decide are skipped here).
func TestRegistryRows(t *testing.T) {
	rows4 := readRegistry(t, "iana-ipv4-special-registry-1.csv")
	rows6 := readRegistry(t, "iana-ipv6-special-registry-1.csv")
	if len(rows4) != 26 || len(rows6) != 25 {
		t.Fatalf("read %d and %d blocks, want 26 (25 rows, one of two blocks) and 25", len(rows4), len(rows6))
	}
	byRule := netip.MustParsePrefix
	ruled := []netip.Prefix{byRule("::ffff:0:0/96"), byRule("::ffff:0:0:0/96"), byRule("64:ff9b::/96"), byRule("::/96")}
	for _, set := range []struct {
		name string
		rows []registryRow
	}{{"IPv4", rows4}, {"IPv6", rows6}} {
		for _, r := range set.rows {
			addrs := map[string]netip.Addr{
				"first": r.prefix.Addr(), "middle": middleAddr(r.prefix), "last": lastAddr(r.prefix),
				"before": r.prefix.Addr().Prev(), "after": lastAddr(r.prefix).Next(),
			}
			for which, a := range addrs {
				if !a.IsValid() {
					continue // before 0.0.0.0 or after the last address
				}
				t.Run(fmt.Sprintf("%s/%s/%s", r.block, which, a), func(t *testing.T) {
					if a.Is6() {
						for _, p := range ruled {
							if p.Contains(a) && p.Bits() >= 96 && a != netip.MustParseAddr("::") && a != netip.MustParseAddr("::1") {
								t.Skip("decided by a rule other than the registry's")
							}
						}
					}
					var want verdict
					best, ok := mostSpecific(set.rows, a)
					switch {
					case ok && !best.globallyTrue:
						want = verdict{true, fetch.RuleRegistry, best.block, ""}
					case a.Is4():
						want = expect4(rows4, a, "")
					case ok && best.block == "64:ff9b::/96":
						t.Skip("decided on the IPv4 address it carries")
					default:
						want = verdictOf(extraRules6(a))
					}
					if diff := cmp.Diff(want, verdictOf(fetch.CheckAddr(a))); diff != "" {
						t.Errorf("CheckAddr(%s) mismatch (-want +got):\n%s", a, diff)
					}
				})
			}
		}
	}
}

// extraRules6 is rule 4 of CheckAddr for an IPv6 address that no
// registry block refuses (rule 5, ISATAP, needs an interface identifier
// the addresses of TestRegistryRows do not have).
func extraRules6(a netip.Addr) error {
	switch {
	case netip.MustParsePrefix("ff00::/8").Contains(a):
		return &fetch.AddrError{Rule: fetch.RuleMulticast}
	case netip.MustParsePrefix("fec0::/10").Contains(a):
		return &fetch.AddrError{Rule: fetch.RuleSiteLocal}
	case netip.MustParsePrefix("::/96").Contains(a):
		return &fetch.AddrError{Rule: fetch.RuleIPv4Compatible}
	}
	return nil
}

// TestRegistryNAT64Row checks that the registry has the row the NAT64
// exception of CheckAddr is about, globally reachable.
func TestRegistryNAT64Row(t *testing.T) {
	for _, r := range readRegistry(t, "iana-ipv6-special-registry-1.csv") {
		if r.block == "64:ff9b::/96" {
			if !r.globallyTrue {
				t.Errorf("64:ff9b::/96 is not globally reachable in the registry: revisit the NAT64 rule")
			}
			return
		}
	}
	t.Errorf("no row 64:ff9b::/96 in the registry")
}

// embeddings are the ways an IPv6 address carries an IPv4 one, each with
// the policy that decodes it and the Via CheckAddr names.
var embeddings = []struct {
	name   string
	policy *fetch.Policy
	embed  func(v4 [4]byte) string
	via    string
}{
	{"IPv4-mapped", nil, func(b [4]byte) string { return fmt.Sprintf("::ffff:%d.%d.%d.%d", b[0], b[1], b[2], b[3]) }, fetch.ViaMapped},
	{"IPv4-translated", nil, func(b [4]byte) string { return fmt.Sprintf("::ffff:0:%d.%d.%d.%d", b[0], b[1], b[2], b[3]) }, fetch.ViaTranslated},
	{"NAT64 well-known", nil, func(b [4]byte) string { return fmt.Sprintf("64:ff9b::%d.%d.%d.%d", b[0], b[1], b[2], b[3]) }, fetch.ViaNAT64},
	{"ISATAP", nil, func(b [4]byte) string { return fmt.Sprintf("2001:4860:1::5efe:%d.%d.%d.%d", b[0], b[1], b[2], b[3]) }, fetch.ViaISATAP},
	{"ISATAP u bit", nil, func(b [4]byte) string {
		return fmt.Sprintf("2001:4860:1::200:5efe:%d.%d.%d.%d", b[0], b[1], b[2], b[3])
	}, fetch.ViaISATAP},
	// RFC 6052 §2.2's layouts, bits 64 to 71 zero.
	{"NAT64 /32", nat64("2001:67c:2e8::/32"), func(b [4]byte) string { return fmt.Sprintf("2001:67c:%02x%02x:%02x%02x::", b[0], b[1], b[2], b[3]) }, fetch.ViaOperator},
	{"NAT64 /40", nat64("2001:67c:2e00::/40"), func(b [4]byte) string { return fmt.Sprintf("2001:67c:2e%02x:%02x%02x:%02x::", b[0], b[1], b[2], b[3]) }, fetch.ViaOperator},
	{"NAT64 /48", nat64("2001:67c:2e8::/48"), func(b [4]byte) string {
		return fmt.Sprintf("2001:67c:2e8:%02x%02x:%02x:%02x00::", b[0], b[1], b[2], b[3])
	}, fetch.ViaOperator},
	{"NAT64 /56", nat64("2001:67c:2e8:2200::/56"), func(b [4]byte) string {
		return fmt.Sprintf("2001:67c:2e8:22%02x:%02x:%02x%02x::", b[0], b[1], b[2], b[3])
	}, fetch.ViaOperator},
	{"NAT64 /64", nat64("2001:67c:2e8:22::/64"), func(b [4]byte) string {
		return fmt.Sprintf("2001:67c:2e8:22:%02x:%02x%02x:%02x00::", b[0], b[1], b[2], b[3])
	}, fetch.ViaOperator},
	{"NAT64 /96", nat64("2001:67c:2e8:22::/96"), func(b [4]byte) string { return fmt.Sprintf("2001:67c:2e8:22::%d.%d.%d.%d", b[0], b[1], b[2], b[3]) }, fetch.ViaOperator},
	{"NAT64 local-use /48 (RFC 8215)", nat64("64:ff9b:1::/48"), func(b [4]byte) string { return fmt.Sprintf("64:ff9b:1:%02x%02x:%02x:%02x00::", b[0], b[1], b[2], b[3]) }, fetch.ViaOperator},
}

func nat64(p string) *fetch.Policy {
	return &fetch.Policy{NAT64: []netip.Prefix{netip.MustParsePrefix(p)}}
}

// TestEmbeddedIPv4 checks every way an IPv6 address carries an IPv4 one,
// for the first, middle and last address of every IPv4 block and for
// public controls: the IPv6 address is decided as the IPv4 one, and the
// error says how it was carried. 6to4 and Teredo are refused whatever
// they carry.
func TestEmbeddedIPv4(t *testing.T) {
	rows4 := readRegistry(t, "iana-ipv4-special-registry-1.csv")
	var v4s []netip.Addr
	for _, r := range rows4 {
		v4s = append(v4s, r.prefix.Addr(), middleAddr(r.prefix), lastAddr(r.prefix))
	}
	for _, s := range []string{"224.0.0.1", "239.255.255.255", "8.8.8.8", "1.1.1.1", "93.184.215.14"} {
		v4s = append(v4s, netip.MustParseAddr(s))
	}
	for _, e := range embeddings {
		for _, v := range v4s {
			six := netip.MustParseAddr(e.embed(v.As4()))
			t.Run(e.name+"/"+v.String(), func(t *testing.T) {
				want := expect4(rows4, v, e.via)
				if diff := cmp.Diff(want, verdictOf(e.policy.CheckAddr(six))); diff != "" {
					t.Errorf("CheckAddr(%s) (%s of %s) mismatch (-want +got):\n%s", six, e.name, v, diff)
				}
			})
		}
	}
	for _, v := range v4s {
		b := v.As4()
		sixToFour := netip.MustParseAddr(fmt.Sprintf("2002:%02x%02x:%02x%02x::1", b[0], b[1], b[2], b[3]))
		// Teredo: server 65.54.227.120, client address obfuscated
		// (RFC 4380 §4).
		teredo := netip.MustParseAddr(fmt.Sprintf("2001:0:4136:e378:8000:63bf:%02x%02x:%02x%02x", ^b[0], ^b[1], ^b[2], ^b[3]))
		for _, c := range []struct {
			a     netip.Addr
			block string
		}{{sixToFour, "2002::/16"}, {teredo, "2001::/32"}} {
			want := verdict{true, fetch.RuleRegistry, c.block, ""}
			if diff := cmp.Diff(want, verdictOf(fetch.CheckAddr(c.a))); diff != "" {
				t.Errorf("CheckAddr(%s) (carrying %s) mismatch (-want +got):\n%s", c.a, v, diff)
			}
		}
	}
}

// TestCheckAddr checks the rules of CheckAddr on the addresses SSRF
// reports name: cloud metadata services, the public controls that must
// pass, and the rules outside the registries.
func TestCheckAddr(t *testing.T) {
	tests := []struct {
		addr string
		want verdict
	}{
		// Cloud metadata services.
		{"169.254.169.254", verdict{true, fetch.RuleRegistry, "169.254.0.0/16", ""}},
		{"100.100.100.200", verdict{true, fetch.RuleRegistry, "100.64.0.0/10", ""}},
		{"192.0.0.192", verdict{true, fetch.RuleRegistry, "192.0.0.0/24", ""}},
		{"fd00:ec2::254", verdict{true, fetch.RuleRegistry, "fc00::/7", ""}},
		{"::ffff:169.254.169.254", verdict{true, fetch.RuleRegistry, "169.254.0.0/16", fetch.ViaMapped}},
		{"64:ff9b::a9fe:a9fe", verdict{true, fetch.RuleRegistry, "169.254.0.0/16", fetch.ViaNAT64}},
		// Public controls.
		{"8.8.8.8", verdict{}},
		{"2606:4700:4700::1111", verdict{}},
		{"64:ff9b::808:808", verdict{}},
		{"::ffff:8.8.8.8", verdict{}},
		{"2001:4860:4860::8888", verdict{}},
		// More specific rows allow inside a refusing one.
		{"192.0.0.9", verdict{}},
		{"2001:1::1", verdict{}},
		{"2001:20::1", verdict{}},
		// The rules outside the registries.
		{"224.0.0.1", verdict{true, fetch.RuleMulticast, "", ""}},
		{"239.255.255.250", verdict{true, fetch.RuleMulticast, "", ""}},
		{"ff02::1", verdict{true, fetch.RuleMulticast, "", ""}},
		{"ff0e::1", verdict{true, fetch.RuleMulticast, "", ""}},
		{"fec0::1", verdict{true, fetch.RuleSiteLocal, "", ""}},
		{"feff:ffff::1", verdict{true, fetch.RuleSiteLocal, "", ""}},
		{"::7f00:1", verdict{true, fetch.RuleIPv4Compatible, "", ""}},
		{"::808:808", verdict{true, fetch.RuleIPv4Compatible, "", ""}},
		{"::2", verdict{true, fetch.RuleIPv4Compatible, "", ""}},
		{"::1", verdict{true, fetch.RuleRegistry, "::1/128", ""}},
		{"::", verdict{true, fetch.RuleRegistry, "::/128", ""}},
		{"fe80::1%eth0", verdict{true, fetch.RuleRegistry, "fe80::/10", ""}},
		// Not ISATAP: another interface identifier.
		{"2001:4860:1::100:5efe:7f00:1", verdict{}},
		{"2001:4860:1::5eff:7f00:1", verdict{}},
		// Not a valid address.
		{"", verdict{true, fetch.RuleInvalid, "", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			var a netip.Addr
			if tt.addr != "" {
				a = netip.MustParseAddr(tt.addr)
			}
			if diff := cmp.Diff(tt.want, verdictOf(fetch.CheckAddr(a))); diff != "" {
				t.Errorf("CheckAddr(%s) mismatch (-want +got):\n%s", tt.addr, diff)
			}
		})
	}
}

// TestPolicyPrefixes checks Allow, Refuse and NAT64: Refuse comes first,
// Allow overrides the rules, and both apply to the IPv4 address an IPv6
// one carries.
func TestPolicyPrefixes(t *testing.T) {
	p := &fetch.Policy{
		Allow:  mustPrefixes("10.1.0.0/16", "fd12:3456::/32"),
		Refuse: mustPrefixes("10.1.2.0/24", "93.184.215.0/24", "2606:4700::/32"),
		NAT64:  mustPrefixes("2001:db8:64::/96", "2001:db8:65::/50"),
	}
	tests := []struct {
		addr string
		want verdict
	}{
		{"10.1.0.1", verdict{}},
		{"::ffff:10.1.0.1", verdict{}},
		{"64:ff9b::10.1.0.1", verdict{}},
		{"2001:db8:64::10.1.0.1", verdict{}},
		{"10.2.0.1", verdict{true, fetch.RuleRegistry, "10.0.0.0/8", ""}},
		{"10.1.2.3", verdict{true, fetch.RuleRefused, "10.1.2.0/24", ""}},
		{"93.184.215.14", verdict{true, fetch.RuleRefused, "93.184.215.0/24", ""}},
		{"64:ff9b::93.184.215.14", verdict{true, fetch.RuleRefused, "93.184.215.0/24", fetch.ViaNAT64}},
		{"2606:4700:4700::1111", verdict{true, fetch.RuleRefused, "2606:4700::/32", ""}},
		{"fd12:3456::1", verdict{}},
		{"fd12:3457::1", verdict{true, fetch.RuleRegistry, "fc00::/7", ""}},
		{"2001:db8:64::7f00:1", verdict{true, fetch.RuleRegistry, "127.0.0.0/8", fetch.ViaOperator}},
		{"2001:db8:64::808:808", verdict{}},
		{"2001:db8:65::1", verdict{true, fetch.RuleNAT64Prefix, "2001:db8:65::/50", ""}},
		{"2001:db8:66::1", verdict{true, fetch.RuleRegistry, "2001:db8::/32", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, verdictOf(p.CheckAddr(netip.MustParseAddr(tt.addr)))); diff != "" {
				t.Errorf("CheckAddr(%s) mismatch (-want +got):\n%s", tt.addr, diff)
			}
		})
	}
}

// TestCheckAddrPort checks the port rules: 0 and every bad port of the
// Fetch Standard (§2.9), as web-platform-tests lists them, refused,
// others allowed, and Ports instead.
func TestCheckAddrPort(t *testing.T) {
	bad := fetch.WPTBadPorts(t)
	isBad := map[uint16]bool{}
	for _, p := range bad {
		isBad[p] = true
	}
	a := netip.MustParseAddr("93.184.215.14")
	for port := 0; port <= 65535; port++ {
		want := ""
		switch {
		case port == 0:
			want = fetch.RulePortZero
		case isBad[uint16(port)]:
			want = fetch.RuleBadPort
		}
		if got := verdictOf((*fetch.Policy)(nil).CheckAddrPort(netip.AddrPortFrom(a, uint16(port)))).Rule; got != want {
			t.Errorf("CheckAddrPort(%s:%d) rule %q, want %q", a, port, got, want)
		}
	}
	p := &fetch.Policy{Ports: []uint16{443, 25}}
	for port, want := range map[uint16]string{443: "", 25: "", 80: fetch.RulePortNotAllowed, 0: fetch.RulePortZero} {
		if got := verdictOf(p.CheckAddrPort(netip.AddrPortFrom(a, port))).Rule; got != want {
			t.Errorf("Ports 443, 25: CheckAddrPort(%s:%d) rule %q, want %q", a, port, got, want)
		}
	}
	if got := verdictOf(p.CheckAddrPort(netip.MustParseAddrPort("127.0.0.1:443"))).Rule; got != fetch.RuleRegistry {
		t.Errorf("CheckAddrPort(127.0.0.1:443) rule %q, want registry", got)
	}
}

// TestAddrErrorMessages checks that each message names the row or the
// rule, and how the address was carried.
func TestAddrErrorMessages(t *testing.T) {
	for addr, want := range map[string][]string{
		"127.0.0.1":             {"127.0.0.0/8", "Loopback", "RFC 1122", "not globally reachable"},
		"::ffff:10.0.0.1":       {"10.0.0.0/8", "Private-Use", "RFC 1918", "IPv4-mapped"},
		"64:ff9b::c000:aa":      {"192.0.0.170/32", "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050", "64:ff9b::/96"},
		"2001::1":               {"2001::/32", "TEREDO", "RFC 4380"},
		"2002:7f00:1::1":        {"2002::/16", "6to4", "RFC 3056"},
		"fec0::1":               {"fec0::/10", "RFC 3879"},
		"ff02::1":               {"multicast"},
		"::7f00:1":              {"::/96", "RFC 4291 §2.5.5.1"},
		"2001:4860::5efe:a00:1": {"ISATAP", "10.0.0.0/8"},
	} {
		msg := fetch.CheckAddr(netip.MustParseAddr(addr)).Error()
		for _, w := range want {
			if !strings.Contains(msg, w) || !strings.HasPrefix(msg, "fetch: ") {
				t.Errorf("CheckAddr(%s) = %q, want it to name %q", addr, msg, w)
			}
		}
	}
}

// TestCheckAddrAllocs checks that CheckAddr does not allocate, for an
// allowed address, a refused one and one refused through an embedding.
func TestCheckAddrAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector allocates; make test runs this without it")
	}
	p := &fetch.Policy{Allow: mustPrefixes("10.1.0.0/16"), NAT64: mustPrefixes("2001:db8:64::/96")}
	for _, s := range []string{"8.8.8.8", "2606:4700:4700::1111", "127.0.0.1", "::ffff:127.0.0.1", "64:ff9b::a9fe:a9fe", "fe80::1%eth0", "2001:db8:64::7f00:1", "10.1.0.1"} {
		a := netip.MustParseAddr(s)
		if n := testing.AllocsPerRun(100, func() { _ = p.CheckAddr(a); _ = fetch.CheckAddr(a) }); n != 0 {
			t.Errorf("CheckAddr(%s): %v allocations, want 0", s, n)
		}
	}
}

// BenchmarkCheckAddr times CheckAddr on public and refused addresses of
// both families (the budget is 25 ns and no allocation).
func BenchmarkCheckAddr(b *testing.B) {
	for _, s := range []string{"8.8.8.8", "2606:4700:4700::1111", "127.0.0.1", "::ffff:127.0.0.1", "64:ff9b::808:808", "2001:4860::200:5efe:808:808"} {
		a := netip.MustParseAddr(s)
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				_ = fetch.CheckAddr(a)
			}
		})
	}
}
