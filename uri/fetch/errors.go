package fetch

import (
	"fmt"
	"strings"
)

// The rules of [AddrError], one per reason the policy refuses an address
// or a port.
const (
	// RuleRegistry: the most specific block of IANA's special-purpose
	// address registries (RFC 6890) containing the address is not
	// globally reachable (its Globally Reachable column is False, N/A,
	// or empty in a terminated row). Block, Name and RFC name the row.
	RuleRegistry = "registry"
	// RuleMulticast: a multicast address, 224.0.0.0/4 (RFC 5771 §2) or
	// ff00::/8 (RFC 4291 §2.7), which no HTTP connection goes to.
	RuleMulticast = "multicast"
	// RuleSiteLocal: a site-local address, fec0::/10, deprecated by RFC
	// 3879 but still routed inside some networks.
	RuleSiteLocal = "site-local"
	// RuleIPv4Compatible: an IPv4-compatible address, ::/96 (deprecated,
	// RFC 4291 §2.5.5.1), which some stacks still route as the IPv4
	// address it ends with.
	RuleIPv4Compatible = "ipv4-compatible"
	// RuleRefused: the address is in a prefix of [Policy].Refuse; Block
	// names the prefix.
	RuleRefused = "refused-prefix"
	// RuleNAT64Prefix: the address is in a prefix of [Policy].NAT64 whose
	// length is not one of RFC 6052 §2.2's (32, 40, 48, 56, 64, 96), so no
	// IPv4 address can be read from it.
	RuleNAT64Prefix = "nat64-prefix"
	// RuleInvalid: the zero netip.Addr, or an address [Policy.Control] is
	// given that is not an IP address and port.
	RuleInvalid = "invalid"
	// RulePortZero: port 0, which names no service (RFC 6335 §6 reserves
	// it) and which a connect(2) cannot reach.
	RulePortZero = "port-zero"
	// RuleBadPort: a "bad port" of the Fetch Standard (§2.9 Port
	// blocking), which browsers refuse to fetch from (SMTP, IRC, X11 …).
	RuleBadPort = "bad-port"
	// RulePortNotAllowed: [Policy].Ports is not empty and does not hold
	// the port.
	RulePortNotAllowed = "port-not-allowed"
)

// The ways an IPv6 address carries the IPv4 address it was decided on,
// as [AddrError].Via names them.
const (
	ViaMapped     = "IPv4-mapped, RFC 4291 §2.5.5.2"
	ViaTranslated = "IPv4-translated, RFC 2765 §2.1"
	ViaNAT64      = "NAT64 well-known prefix 64:ff9b::/96, RFC 6052 §2.1"
	ViaOperator   = "the policy's NAT64 prefix, RFC 6052 §2.2"
	ViaISATAP     = "ISATAP interface identifier, RFC 5214 §6.1"
)

// An AddrError is the error of [CheckAddr] and [Policy.CheckAddrPort]:
// the rule that refused an address or a port and, for [RuleRegistry], the
// registry row. It does not hold the address, so that the check does not
// allocate; the caller has it. [Policy.Control]'s error reaches the caller
// wrapped by net's *net.OpError: find it with errors.As.
type AddrError struct {
	// Rule is one of the Rule constants.
	Rule string
	// Via is how the IPv4 address decided on is carried by the IPv6
	// address checked (one of the Via constants), or "" when the address
	// was decided on itself.
	Via string
	// Block, Name and RFC are the registry row's Address Block, Name and
	// RFC columns for RuleRegistry; Block is the policy's prefix for
	// RuleRefused and RuleNAT64Prefix.
	Block, Name, RFC string
}

// Error returns a one-line, lower-case description naming the rule, and
// the row or prefix.
func (e *AddrError) Error() string {
	var b strings.Builder
	b.WriteString("fetch: address refused")
	if e.Via != "" {
		b.WriteString(": the IPv4 address it carries (" + e.Via + ")")
	}
	switch e.Rule {
	case RuleRegistry:
		fmt.Fprintf(&b, ": %s %s (%s) is not globally reachable (IANA special-purpose address registry, RFC 6890)", e.Block, e.Name, e.RFC)
	case RuleMulticast:
		b.WriteString(": a multicast address (RFC 5771, RFC 4291 §2.7)")
	case RuleSiteLocal:
		b.WriteString(": a site-local address, fec0::/10 (RFC 3879)")
	case RuleIPv4Compatible:
		b.WriteString(": an IPv4-compatible address, ::/96 (RFC 4291 §2.5.5.1)")
	case RuleRefused:
		b.WriteString(": in the policy's refused prefix " + e.Block)
	case RuleNAT64Prefix:
		b.WriteString(": the policy's NAT64 prefix " + e.Block + " is not /32, /40, /48, /56, /64 or /96 (RFC 6052 §2.2)")
	case RuleInvalid:
		b.WriteString(": not an IP address")
	case RulePortZero:
		return "fetch: port refused: port 0 names no service (RFC 6335 §6)"
	case RuleBadPort:
		return "fetch: port refused: a bad port of the Fetch Standard (§2.9 Port blocking)"
	case RulePortNotAllowed:
		return "fetch: port refused: not one of the policy's ports"
	}
	return b.String()
}

// The codes of [URLError], one per rule of [Policy.CheckURL].
const (
	// URLScheme: the reference has no scheme, or one outside the allowed
	// set.
	URLScheme = "scheme"
	// URLUserinfo: the URI has a userinfo (RFC 9110 §4.2.4).
	URLUserinfo = "userinfo"
	// URLHost: the host is undefined, empty, an IPvFuture literal, or a
	// name that is not a valid DNS name in its ASCII form.
	URLHost = "host"
	// URLHostNotAllowed: [Policy].Hosts is not empty and does not hold the
	// host.
	URLHostNotAllowed = "host-not-allowed"
	// URLAddr: the host is an IP address the policy refuses; Err is the
	// [*AddrError].
	URLAddr = "address"
	// URLPort: the port is 0, above 65535, or refused by the policy (Err
	// is then the [*AddrError]).
	URLPort = "port"
	// URLSchemeRules: the URI breaks a rule of its scheme's specification
	// (uri.URI.CheckScheme).
	URLSchemeRules = "scheme-rules"
)

// URLError is the error of [Policy.CheckURL]. It holds no byte of the
// input, so it never shows a password.
type URLError struct {
	// Code is one of the URL constants.
	Code string
	// Offset is the byte offset in u.String() of the part at fault.
	Offset int
	// Err is the error underneath, if any: a *uri.HostError or an error
	// of package idna for URLHost, a [*AddrError] for URLAddr and a
	// refused port, uri.ErrPortRange for a port above 65535, a
	// *uri.SchemeError for URLSchemeRules.
	Err error
}

// Error returns a one-line, lower-case description: the offset, the code
// and the rule.
func (e *URLError) Error() string {
	prefix := fmt.Sprintf("fetch: not a URL to fetch at offset %d (%s)", e.Offset, e.Code)
	switch e.Code {
	case URLScheme:
		return prefix + ": the scheme is not one of those allowed"
	case URLUserinfo:
		return prefix + ": a URL to fetch has no userinfo, which can hide the host it names (RFC 9110 §4.2.4)"
	case URLHostNotAllowed:
		return prefix + ": the host is not one of the policy's hosts"
	case URLPort:
		if e.Err == nil {
			return prefix + ": a TCP port is a number from 1 to 65535 (RFC 9293 §3.1)"
		}
	}
	if e.Err != nil {
		return prefix + ": " + trimPrefix(e.Err.Error())
	}
	return prefix + ": a URL to fetch needs a host: a DNS name or an IP address"
}

// Unwrap returns Err.
func (e *URLError) Unwrap() error { return e.Err }

// trimPrefix removes the package prefix of an error message.
func trimPrefix(s string) string {
	for _, p := range []string{"uri: ", "fetch: ", "idna: "} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}
