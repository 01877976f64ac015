package fetch

import (
	"encoding/binary"
	"net/netip"
	"slices"
	"sync"
)

// A Policy says which addresses, ports, hosts and schemes a client that
// fetches URLs it did not write may reach. The zero Policy, and a nil
// *Policy, is the default policy (see [CheckAddr] for its rules); its
// fields add to it. A Policy must not be changed while in use; [Policy.Client]
// and [Policy.Transport] keep a copy of it.
type Policy struct {
	// Allow lists prefixes allowed whatever the rules say: a private
	// network the service is meant to reach ("10.1.0.0/16"). An IPv4
	// prefix also allows the IPv4 address an IPv6 address carries (see
	// CheckAddr), as that is the address the connection reaches.
	Allow []netip.Prefix
	// Refuse lists prefixes refused whatever the rules and Allow say.
	Refuse []netip.Prefix
	// NAT64 lists the network's own NAT64 prefixes (RFC 6052 §2.2: of
	// length 32, 40, 48, 56, 64 or 96; 64:ff9b::/96 is always one). An
	// address in one is decided on the IPv4 address it carries, read with
	// §2.2's layout for the prefix's length; an address in a prefix of
	// another length is refused (RuleNAT64Prefix).
	NAT64 []netip.Prefix
	// Ports, if not empty, lists the only ports allowed, instead of every
	// port but 0 and the Fetch Standard's bad ports.
	Ports []uint16
	// Hosts, if not empty, lists the only hosts [Policy.CheckURL] allows:
	// names in ASCII (an international name by its A-labels, as
	// uri.URI.ASCIIHostname gives it), compared without regard to case
	// and to a trailing dot, or IP addresses in the text form of RFC 5952
	// §4. It restricts URLs, not addresses: a listed name is still
	// refused at connect time if it resolves to an address the policy
	// refuses (add the address to Allow if it is meant to be reached).
	Hosts []string
	// Schemes, if not empty, lists the schemes [Policy.CheckURL] allows,
	// compared without regard to case; with none, "http" and "https".
	Schemes []string
}

// clone returns a copy of p that shares no slice with it (the default
// policy for nil).
func (p *Policy) clone() *Policy {
	c := &Policy{}
	if p != nil {
		c.Allow, c.Refuse, c.NAT64 = slices.Clone(p.Allow), slices.Clone(p.Refuse), slices.Clone(p.NAT64)
		c.Ports, c.Hosts, c.Schemes = slices.Clone(p.Ports), slices.Clone(p.Hosts), slices.Clone(p.Schemes)
	}
	return c
}

// row is one block of a registry (registry_tables.go): whether it is
// globally reachable, and the error that names it.
type row struct {
	global bool
	err    AddrError
}

// noRow is the row of a piece of the address space no block contains.
const noRow = 0xFF

// A piece4 is a run of IPv4 addresses, from start to the next piece's,
// whose most specific registry block is registry4[row].
type piece4 struct {
	start uint32
	row   uint8
}

// A piece6 is a run of IPv6 addresses, from (hi, lo) to the next
// piece's, whose most specific registry block is registry6[row].
type piece6 struct {
	hi, lo uint64
	row    uint8
}

// lookup4 returns the index in registry4 of the most specific block
// containing the address v, or noRow: the last piece starting at or
// before v, by binary search (pieces4[0] starts at 0).
func lookup4(v uint32) uint8 {
	lo, hi := 0, len(pieces4)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if pieces4[m].start <= v {
			lo = m
		} else {
			hi = m
		}
	}
	return pieces4[lo].row
}

// lookup6 is lookup4 for the IPv6 address (hi, lo).
func lookup6(ahi, alo uint64) uint8 {
	lo, hi := 0, len(pieces6)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if p := &pieces6[m]; p.hi < ahi || p.hi == ahi && p.lo <= alo {
			lo = m
		} else {
			hi = m
		}
	}
	return pieces6[lo].row
}

// The reasons checkAddr4 refuses an IPv4 address other than a registry
// row, numbered after registry4's rows.
const (
	refuse4Multicast = len(registry4) + iota
	numRefusals4
)

// The Via values, numbered; via 0 is none.
const (
	viaNone = iota
	viaMapped
	viaTranslated
	viaNAT64
	viaOperator
	viaISATAP
	numVias
)

var viaText = [numVias]string{"", ViaMapped, ViaTranslated, ViaNAT64, ViaOperator, ViaISATAP}

// The errors of rules that name no row.
var (
	errMulticast6     = &AddrError{Rule: RuleMulticast}
	errSiteLocal      = &AddrError{Rule: RuleSiteLocal}
	errIPv4Compatible = &AddrError{Rule: RuleIPv4Compatible}
	errInvalid        = &AddrError{Rule: RuleInvalid}
	errPortZero       = &AddrError{Rule: RulePortZero}
	errBadPort        = &AddrError{Rule: RuleBadPort}
	errPortNotAllowed = &AddrError{Rule: RulePortNotAllowed}
)

// refusals4 holds the error of each refusal of an IPv4 address (a row of
// registry4, or refuse4Multicast) as each Via reaches it: built on first
// use, so that a refusal does not allocate and importing the package
// builds nothing.
var refusals4 = sync.OnceValue(func() *[numVias][numRefusals4]AddrError {
	var t [numVias][numRefusals4]AddrError
	for v := range t {
		for i := range registry4 {
			t[v][i] = registry4[i].err
		}
		t[v][refuse4Multicast] = AddrError{Rule: RuleMulticast}
		for i := range t[v] {
			t[v][i].Via = viaText[v]
		}
	}
	return &t
})

// CheckAddr reports whether the default policy lets a client connect to
// a, returning nil or an [*AddrError] naming the rule or the registry row
// that refuses it. a's zone, if any, is ignored. The rules, in order:
//
//  1. an IPv4-mapped address (::ffff:0:0/96, RFC 4291 §2.5.5.2) or an
//     IPv4-translated one (::ffff:0:0:0/96, RFC 2765 §2.1) is decided as
//     the IPv4 address it carries, which is what the kernel connects to;
//  2. the address of an operator's NAT64 prefix ([Policy].NAT64) is
//     decided as the IPv4 address it carries (RFC 6052 §2.2);
//  3. the most specific block of IANA's IPv4 or IPv6 Special-Purpose
//     Address Registry (RFC 6890, snapshot of [RegistryDate]) containing
//     the address decides: refused unless its Globally Reachable column
//     is True (False, N/A, or empty in a terminated row, refuse), except
//     that an address of the NAT64 well-known prefix 64:ff9b::/96 (RFC
//     6052 §2.1) is decided as the IPv4 address it carries. So loopback,
//     private, link-local (cloud metadata at 169.254.169.254 and
//     fd00:ec2::254), shared (100.64.0.0/10), documentation and reserved
//     addresses are refused, and so are 6to4 (2002::/16) and Teredo
//     (2001::/32) whatever they carry (N/A);
//  4. multicast (224.0.0.0/4, RFC 5771; ff00::/8, RFC 4291 §2.7),
//     site-local fec0::/10 (RFC 3879) and IPv4-compatible ::/96 (RFC 4291
//     §2.5.5.1) are refused;
//  5. an IPv6 address whose interface identifier is ISATAP's
//     (…:0:5efe:a.b.c.d or …:200:5efe:a.b.c.d, RFC 5214 §6.1) is refused
//     if the IPv4 address it carries is;
//  6. everything else is allowed.
//
// [Policy].Refuse and [Policy].Allow come before these rules, for the
// address and for the IPv4 address it carries.
//
// CheckAddr does not allocate (but for a refusal by a prefix of a
// Policy's Refuse), and takes a few nanoseconds: a binary search of the
// registry's blocks. It decides on an address, not a name: check the
// address a connection is made to ([Policy.Control]), as a name may
// resolve to another address at each lookup (DNS rebinding). It cannot
// know the network: an address the registries call globally reachable may
// still be one of the service's own (its public address, a neighbour in
// the same cloud); refuse those with Refuse.
func CheckAddr(a netip.Addr) error { return (*Policy)(nil).CheckAddr(a) }

// CheckAddr is [CheckAddr] with p's Allow, Refuse and NAT64 prefixes.
func (p *Policy) CheckAddr(a netip.Addr) error {
	switch {
	case !a.IsValid():
		return errInvalid
	case a.Is4():
		return p.checkAddr4(a, viaNone)
	case a.Zone() != "":
		a = a.WithZone("") // netip.Prefix.Contains holds no address with a zone
	}
	b := a.As16()
	hi := binary.BigEndian.Uint64(b[:8])
	lo := binary.BigEndian.Uint64(b[8:])
	if hi == 0 && lo>>32 == 0xFFFF {
		return p.checkAddr4(a.Unmap(), viaMapped) // rule 1, RFC 4291 §2.5.5.2
	}
	if hi == 0 && lo>>32 == 0xFFFF0000 {
		return p.checkAddr4(v4(lo), viaTranslated) // rule 1, RFC 2765 §2.1
	}
	if p != nil && (len(p.Refuse) > 0 || len(p.Allow) > 0 || len(p.NAT64) > 0) {
		if done, err := p.custom6(a, b); done {
			return err
		}
	}
	return p.checkAddr6(hi, lo)
}

// checkAddr6 is rules 3 to 6 of CheckAddr for the IPv6 address (hi, lo).
func (p *Policy) checkAddr6(hi, lo uint64) error {
	if hi == 0x0064_ff9b_0000_0000 && lo>>32 == 0 {
		return p.checkAddr4(v4(lo), viaNAT64) // rule 3, RFC 6052 §2.1
	}
	if i := lookup6(hi, lo); i != noRow && !registry6[i].global {
		return &registry6[i].err // rule 3
	}
	switch {
	case hi>>56 == 0xFF:
		return errMulticast6 // rule 4, RFC 4291 §2.7
	case hi>>54 == 0xFEC0>>6:
		return errSiteLocal // rule 4, RFC 3879
	case hi == 0 && lo>>32 == 0:
		return errIPv4Compatible // rule 4, RFC 4291 §2.5.5.1
	}
	if iid := lo >> 32; iid == 0x0000_5EFE || iid == 0x0200_5EFE {
		return p.checkAddr4(v4(lo), viaISATAP) // rule 5, RFC 5214 §6.1
	}
	return nil
}

// custom6 applies p's Refuse, Allow and NAT64 prefixes to the IPv6
// address a (b its bytes); done reports whether they decide it.
func (p *Policy) custom6(a netip.Addr, b [16]byte) (done bool, err error) {
	if err := refused(p.Refuse, a, viaNone); err != nil {
		return true, err
	}
	if inAny(p.Allow, a) {
		return true, nil
	}
	for _, pre := range p.NAT64 {
		if !pre.Contains(a) {
			continue
		}
		v, ok := nat64Embedded(b, pre.Bits())
		if !ok {
			return true, &AddrError{Rule: RuleNAT64Prefix, Block: pre.String()}
		}
		return true, p.checkAddr4(v, viaOperator) // rule 2
	}
	return false, nil
}

// nat64Embedded returns the IPv4 address that b carries after a NAT64
// prefix of length bits, by RFC 6052 §2.2's layouts: the 32 bits follow
// the prefix, skipping bits 64 to 71 (the "u" octet, which is zero).
func nat64Embedded(b [16]byte, bits int) (netip.Addr, bool) {
	switch bits {
	case 32, 40, 48, 56, 64, 96:
	default:
		return netip.Addr{}, false
	}
	var v [4]byte
	j := bits / 8
	for i := range v {
		if j == 8 {
			j++ // the "u" octet
		}
		v[i] = b[j]
		j++
	}
	return netip.AddrFrom4(v), true
}

// checkAddr4 decides on the IPv4 address a, reached through via.
func (p *Policy) checkAddr4(a netip.Addr, via int) error {
	if p != nil && (len(p.Refuse) > 0 || len(p.Allow) > 0) {
		if err := refused(p.Refuse, a, via); err != nil {
			return err
		}
		if inAny(p.Allow, a) {
			return nil
		}
	}
	b := a.As4()
	v := binary.BigEndian.Uint32(b[:])
	refusal := -1
	if i := lookup4(v); i != noRow && !registry4[i].global {
		refusal = int(i) // rule 3
	} else if v>>28 == 0xE {
		refusal = refuse4Multicast // rule 4, RFC 5771
	}
	switch {
	case refusal < 0:
		return nil
	case via == viaNone && refusal < len(registry4):
		return &registry4[refusal].err
	}
	return &refusals4()[via][refusal]
}

// refused returns the error for a in a prefix of list, or nil.
func refused(list []netip.Prefix, a netip.Addr, via int) error {
	for _, pre := range list {
		if pre.Contains(a) {
			return &AddrError{Rule: RuleRefused, Via: viaText[via], Block: pre.String()}
		}
	}
	return nil
}

// inAny reports whether a prefix of list contains a.
func inAny(list []netip.Prefix, a netip.Addr) bool {
	for _, pre := range list {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}

// CheckAddrPort is [Policy.CheckAddr] of ap's address after the port
// rules: port 0 is refused (RulePortZero); with [Policy].Ports empty, a
// bad port of the Fetch Standard (§2.9 Port blocking) is refused
// (RuleBadPort), as browsers refuse it; otherwise a port not in Ports is
// (RulePortNotAllowed).
func (p *Policy) CheckAddrPort(ap netip.AddrPort) error {
	if err := p.checkPort(ap.Port()); err != nil {
		return err
	}
	return p.CheckAddr(ap.Addr())
}

// checkPort is the port rule of CheckAddrPort.
func (p *Policy) checkPort(port uint16) error {
	switch {
	case port == 0:
		return errPortZero
	case p != nil && len(p.Ports) > 0:
		if !slices.Contains(p.Ports, port) {
			return errPortNotAllowed
		}
	case isBadPort(port):
		return errBadPort
	}
	return nil
}

// v4 returns the IPv4 address of the low 32 bits of lo.
func v4(lo uint64) netip.Addr {
	return netip.AddrFrom4([4]byte{byte(lo >> 24), byte(lo >> 16), byte(lo >> 8), byte(lo)})
}
