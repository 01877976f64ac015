package fetchcompare

import (
	"net"
	"net/netip"
	_ "unsafe" // go:linkname

	"code.dny.dev/ssrf"
	"github.com/doyensec/safeurl"

	"github.com/specuri/specuri/uri/fetch"
)

// safeurlBlocked is safeurl's decision on an address, the function its
// net.Dialer Control calls once the port is allowed: safeurl exports no
// check of an address, and its Control can only be reached by dialing,
// which these tests must not do to public addresses.
//
//go:linkname safeurlBlocked github.com/doyensec/safeurl.isIPBlocked
func safeurlBlocked(ip net.IP, blockedIPs []net.IP, blockedIPsCIDR []net.IPNet) bool

// keep safeurl linked: the linkname needs the package in the binary.
var _ = safeurl.GetConfigBuilder

// guardian is ssrf's default Guardian, any port: the probes compare
// addresses.
var guardian = ssrf.New(ssrf.WithAnyPort())

// refusedBy returns whether each of fetch, ssrf and safeurl refuses a.
func refusedBy(a netip.Addr) (ours, theirs, doyensec bool) {
	ours = fetch.CheckAddr(a) != nil
	theirs = guardian.SafeAddr(a) != nil
	doyensec = safeurlBlocked(net.IP(a.AsSlice()), nil, nil)
	return
}

// A probe is an address and whether each package refuses it.
type probe struct {
	addr                 string
	ours, ssrf, doyensec bool
}

// Why the verdicts differ, by letter in the comments of probes:
//
//   - (a) ssrf refuses every IPv6 address outside 2000::/3 (global
//     unicast) before its table, so an IPv4-mapped address of a public
//     IPv4 address (which the kernel connects to as that IPv4 address) and
//     every address of the NAT64 well-known prefix, public or not, are
//     refused; fetch decides both on the IPv4 address they carry (RFC 4291
//     §2.5.5.2, RFC 6052 §2.1). ssrf's own IPv4-mapped probe,
//     ::ffff:129.144.52.38, is a public address.
//   - (b) Space that IANA's IPv6 Address Space registry reserves
//     (0000::/8 outside the special-purpose blocks, f000::/4 outside
//     fc00::/7, fe80::/10, fec0::/10 and ff00::/8): no special-purpose
//     block holds it and nothing routes it, so fetch allows it as the
//     default policy says ("everything else is allowed"); ssrf refuses it
//     by (a). A service that wants ssrf's rule adds 0000::/8 and f000::/4
//     to Policy.Refuse.
//   - (c) ssrf and safeurl refuse a whole registry block, ignoring the
//     Globally Reachable column and the more specific blocks inside it:
//     192.0.0.9/32 and 2001:1::1/128 (anycast), 2001:20::/28 (ORCHIDv2),
//     192.31.196.0/24 and 2620:4f:8000::/48 (AS112), all True in the
//     registry. fetch follows the most specific block, as RFC 6890 §2.2.2
//     asks.
//   - (d) safeurl's hand-kept list predates the blocks IANA added since
//     2017 (GHSA-xgch-x3mx-cm3c): 64:ff9b:1::/48 (RFC 8215), 5f00::/16
//     (RFC 9602), 3fff::/20 (RFC 9637), 100:0:0:1::/64 (RFC 9780); fetch's
//     table is generated from the registry and has them.
//   - (e) safeurl does not decode IPv4-translated (::ffff:0:0:0/96) or
//     IPv4-compatible (::/96) addresses, nor refuse site-local fec0::/10
//     (RFC 3879); ssrf refuses them by (a).
//   - (f) Neither decodes an ISATAP interface identifier (RFC 5214 §6.1):
//     2001:4860::5efe:7f00:1 carries 127.0.0.1, which a host with an
//     ISATAP interface reaches.
//   - (g) safeurl refuses the whole NAT64 well-known prefix, public IPv4
//     addresses included, which an IPv6-only client reaches every IPv4
//     site through.
var probes = []probe{
	// ssrf's TestDefaultGuardian.
	{"8.8.8.8", false, false, false},
	{"2001:4860:4860::8888", false, false, false},
	{"127.0.0.1", true, true, true},
	{"::1", true, true, true},
	{"::ffff:129.144.52.38", false, true, false}, // (a)
	{"64:ff9b::7f00:1", true, true, true},
	// ssrf's TestIPv6FastPath: the first and last addresses of blocks.
	{"::", true, true, true},
	{"ff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false, true, false}, // (b)
	{"::ffff:0:0", true, true, true},
	{"::ffff:ffff:ffff", true, true, true},
	{"64:ff9b::", true, true, true},
	{"64:ff9b::ffff:ffff", true, true, true},
	{"64:ff9b:1::", true, true, false},                        // (d)
	{"64:ff9b:1:ffff:ffff:ffff:ffff:ffff", true, true, false}, // (d)
	{"100::", true, true, true},
	{"100::ffff:ffff:ffff:ffff", true, true, true},
	{"f000::", false, true, false}, // (b)
	{"ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", true, true, true},
	// ssrf's TestCustomGuardian, with the default policy.
	{"127.0.1.1", true, true, true},
	{"2001::1", true, true, true},
	// safeurl's TestBlockedIP (the IP address forms; the URL forms are in
	// TestURLProbes) and its public addresses.
	{"0.0.0.0", true, true, true},
	{"127.127.127.127", true, true, true},
	{"::ffff:192.0.2.1", true, true, true},
	{"34.210.62.107", false, false, false},
	{"172.217.14.195", false, false, false},
	{"216.239.34.21", false, false, false},
	// GHSA-xgch-x3mx-cm3c.
	{"64:ff9b:1::1", true, true, false}, // (d)
	{"5f00::1", true, true, false},      // (d)
	{"3fff::1", true, true, false},      // (d)
	{"100:0:0:1::1", true, true, false}, // (d)
	// Blocks smokescreen and the net/netip idiom let through.
	{"192.0.0.192", true, true, true},
	{"198.18.0.1", true, true, true},
	{"240.0.0.1", true, true, true},
	{"fec0::1", true, true, false}, // (e)
	// Cloud metadata services, and public controls.
	{"169.254.169.254", true, true, true},
	{"100.100.100.200", true, true, true},
	{"fd00:ec2::254", true, true, true},
	{"2606:4700:4700::1111", false, false, false},
	{"64:ff9b::808:808", false, true, true}, // (a), (g)
	{"::ffff:8.8.8.8", false, true, false},  // (a)
	// The ways an IPv6 address carries an IPv4 one.
	{"::ffff:127.0.0.1", true, true, true},
	{"64:ff9b::a9fe:a9fe", true, true, true},
	{"2002:7f00:1::1", true, true, true},
	{"2002:808:808::1", true, true, true},
	{"2001:4860::5efe:7f00:1", true, false, false}, // (f)
	{"::ffff:0:7f00:1", true, true, false},         // (e)
	{"::7f00:1", true, true, false},                // (e)
	// Multicast and broadcast.
	{"ff02::1", true, true, true},
	{"224.0.0.1", true, true, true},
	{"255.255.255.255", true, true, true},
	// Globally reachable blocks inside refused ones.
	{"192.0.0.9", false, true, true},        // (c)
	{"192.31.196.1", false, true, false},    // (c)
	{"2001:1::1", false, true, true},        // (c)
	{"2001:20::1", false, true, true},       // (c)
	{"2620:4f:8000::1", false, true, false}, // (c)
}
