package uri

import (
	"net/netip"
	"strings"
)

// HostKind tells which alternative of the host rule matched (RFC 3986
// §3.2.2):
//
//	host       = IP-literal / IPv4address / reg-name
//	IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
//
// RFC 6874 §2 adds "/ IPv6addrz" to IP-literal: an IPv6 literal with a
// zone identifier, whose kind is IPv6 (see [Host.Zone]).
type HostKind uint8

// The kinds of host (RFC 3986 §3.2.2), named after the ABNF alternatives.
const (
	// RegName: a registered name, possibly empty or percent-encoded. Per
	// RFC 3986 §3.2.2 "first-match-wins", a host that matches IPv4address
	// is never a reg-name, but "1.2.3", "01.2.3.4" and "256.1.1.1" are.
	RegName HostKind = iota + 1
	// IPv4: dotted-decimal IPv4address, four decimal octets 0-255 without
	// leading zeros (RFC 3986 §3.2.2).
	IPv4
	// IPv6: an IP-literal holding an IPv6address (RFC 3986 §3.2.2).
	IPv6
	// IPvFuture: an IP-literal holding a future address format, "[v1.x]"
	// (RFC 3986 §3.2.2).
	IPvFuture
)

// String returns the ABNF name of the alternative: "reg-name", "IPv4",
// "IPv6" or "IPvFuture" (RFC 3986 §3.2.2), or "" for the zero HostKind.
func (k HostKind) String() string {
	switch k {
	case RegName:
		return "reg-name"
	case IPv4:
		return "IPv4"
	case IPv6:
		return "IPv6"
	case IPvFuture:
		return "IPvFuture"
	}
	return ""
}

// MarshalText implements [encoding.TextMarshaler] with the name String
// returns (RFC 3986 §3.2.2).
func (k HostKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Host is the host subcomponent of an authority (RFC 3986 §3.2.2):
//
//	host = IP-literal / IPv4address / reg-name
//
// It is the exact text the host rule matched: an IP-literal keeps its
// brackets, and nothing is decoded or case-folded. Host values are
// comparable; the zero value is no host.
type Host struct {
	s    string
	kind HostKind
}

// String returns the host exactly as written (RFC 3986 §3.2.2), brackets
// included for an IP-literal.
func (h Host) String() string { return h.s }

// Kind reports which alternative of the host rule matched (RFC 3986 §3.2.2).
func (h Host) Kind() HostKind { return h.kind }

// Literal returns the text between the brackets of an IP-literal (RFC 3986
// §3.2.2), such as "::1" or "v1.x", and whether h is an IP-literal.
func (h Host) Literal() (string, bool) {
	if h.kind != IPv6 && h.kind != IPvFuture {
		return "", false
	}
	return h.s[1 : len(h.s)-1], true
}

// Zone returns the zone identifier of an IPv6 literal (RFC 6874 §2),
// percent-decoded ("en0" for "[fe80::1%25en0]"), and whether h has one.
// Only a host parsed with [RFC6874] can have a zone.
func (h Host) Zone() (string, bool) {
	_, zone, ok := h.splitZone()
	if !ok {
		return "", false
	}
	z, err := PercentDecode(zone)
	if err != nil {
		return "", false // the grammar allows only pct-encoded after "%"
	}
	return z, true
}

// splitZone splits an IPv6 literal with a zone, IPv6addrz (RFC 6874 §2),
// into the address and the zone as written. Neither IPv6address nor
// IPvFuture contains "%", so the first "%25" starts the zone.
func (h Host) splitZone() (addr, zone string, ok bool) {
	if h.kind != IPv6 {
		return "", "", false
	}
	return strings.Cut(h.s[1:len(h.s)-1], "%25")
}

// Addr returns the address of an IPv4 or IPv6 host (RFC 3986 §3.2.2) and
// true, or the zero Addr and false for any other kind. The address of an
// IPv6 literal with a zone identifier (RFC 6874 §2) carries the decoded
// zone.
func (h Host) Addr() (netip.Addr, bool) {
	var text string
	switch h.kind {
	case IPv4:
		text = h.s
	case IPv6:
		text = h.s[1 : len(h.s)-1]
	default:
		return netip.Addr{}, false
	}
	var zone string
	if addr, _, ok := h.splitZone(); ok {
		text = addr
		zone, _ = h.Zone()
	}
	a, err := netip.ParseAddr(text)
	if err != nil {
		// The grammar accepted text that netip does not: a bug in one of
		// the two, which the tests compare exhaustively.
		return netip.Addr{}, false
	}
	return a.WithZone(zone), true
}

// MarshalText implements [encoding.TextMarshaler]: the host exactly as
// written (RFC 3986 §3.2.2), as String returns it, so that a Host is
// marshaled as a JSON string.
func (h Host) MarshalText() ([]byte, error) { return []byte(h.s), nil }

// AppendText implements [encoding.TextAppender]: it appends the host
// exactly as written (RFC 3986 §3.2.2).
func (h Host) AppendText(b []byte) ([]byte, error) { return append(b, h.s...), nil }
