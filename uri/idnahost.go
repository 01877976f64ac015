package uri

import (
	"errors"
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri/idna"
)

// International host names: one owner for the question "which schemes
// name hosts by domain name" and for the conversion of a reg-name to the
// name a resolver takes (RFC 3986 §3.2.2, RFC 3987 §3.1 and §5.3.3, UTS
// #46 through package idna). ToURI, Origin, scheme-based normalization,
// Compare and ASCIIHostname all go through regNameToASCII, so that a
// host has one ASCII form whatever asks for it.

// UsesDomainNames reports whether the reg-name of a URI of scheme is a
// domain name (RFC 3987 §3.1: "schemes known to use domain names in
// ireg-name"), compared case-insensitively (RFC 3986 §3.1): http and
// https (RFC 9110 §4.2.1, §4.2.2), ws and wss (RFC 6455 §3), ftp (RFC 1738
// §3.1) and file (RFC 8089 §2). For these schemes [URI.ToURI] writes an
// international host in A-labels, and scheme-based normalization and
// [Compare] take two hosts with the same ASCII form (UTS #46 §4.2) to be
// the same host (RFC 3987 §5.3.3).
func UsesDomainNames(scheme string) bool {
	// strings.ToLower returns an already lower-case name without copying.
	switch strings.ToLower(scheme) {
	case "http", "https", // RFC 9110 §4.2.1, §4.2.2
		"ws", "wss", // RFC 6455 §3
		"ftp",  // RFC 1738 §3.1
		"file": // RFC 8089 §2
		return true
	}
	return false
}

// usesDomainNames reports whether u has a scheme that uses domain names.
func (u URI) usesDomainNames() bool {
	s, ok := u.Scheme()
	return ok && UsesDomainNames(s)
}

// ErrNoHostname is the error of [URI.ASCIIHostname] for a URI with no
// host name to resolve: no authority ("mailto:a@b"), an empty host
// ("file:///p"; a dialer given "" dials the local system) or an IPvFuture
// literal ("[v1.x]", RFC 3986 §3.2.2), whose address format no resolver
// knows.
var ErrNoHostname = errors.New("uri: no host name: the host is undefined, empty or an IPvFuture literal")

// ASCIIHostname returns the host of u as a resolver, an HTTP Host header
// (RFC 9110 §7.2) and an allow-list must be given it: one canonical ASCII
// text per host, so that the host dialed, the host sent and the host
// checked cannot differ (take all three from this one call):
//
//   - an IPv4 address as written (RFC 3986 §3.2.2 allows only the
//     dotted-decimal form);
//   - an IPv6 literal without brackets in the text form of RFC 5952 §4
//     ("2001:db8::1" for "[2001:DB8:0::1]"), with its zone identifier
//     (RFC 6874 §2) decoded after a "%" ("fe80::1%en0"); a zone that
//     decodes to a byte other than printable ASCII, or to a "%", is a
//     [*HostError] (HostByte);
//   - a reg-name percent-decoded (RFC 3986 §3.2.2: non-ASCII characters
//     are percent-encoded UTF-8), then converted to A-labels and lower
//     case by the URL Standard's "domain to ASCII" ([idna.ToASCII], UTS
//     #46 §4.2): RFC 3986 §3.2.2 says that a non-ASCII name "intended
//     for resolution via the DNS ... must be transformed to the IDNA
//     encoding prior to name lookup", and asking for the name to resolve
//     is that intent, whatever the scheme. An IRI (RFC 3987 §3.1) gives
//     the same result as its URI.
//
// It returns [ErrNoHostname] when there is no host, an empty host or an
// IPvFuture literal, and a [*HostError] for such a zone, a reg-name that
// is not UTF-8 once decoded, that domain to ASCII rejects (a forbidden
// domain code point such as the "/" that "a%2Fb" decodes to or that
// U+FF0F maps to, an "xn--" label with non-ASCII in it, a name that maps
// to nothing), whose ASCII form holds another byte a host cannot hold
// unencoded ("{", which U+FF5B maps to), or whose last label is a number
// that a resolver may read as an IPv4 address ("0x7f.1", "1.2.3"; RFC
// 3986 §7.4) other than an IPv4address itself ("１.２.３.４" gives
// "1.2.3.4"). It never returns "" with a nil error. Its result is its
// own ASCIIHostname: a URI whose host is the result gives it back
// unchanged.
//
// A trailing dot is kept: "example.com." gives "example.com.", the
// fully qualified name (RFC 1034 §3.1: the empty label of the root),
// which a resolver looks up as it is, without its search list. It is
// another host than "example.com" for this method, for [Compare] and for
// origins ([github.com/specuri/specuri/uri/origin.Of], as for the URL
// Standard), though DNS usually resolves both to the same addresses: a
// check of the host against a list must refuse a trailing dot, or remove
// it before comparing and dial the name it compared. "http://./" gives
// ".", and "example.com.." keeps both dots.
//
// [URI.Hostname] is the host as net/url gives it, decoded but not
// converted; use ASCIIHostname for everything that looks the host up or
// compares it.
func (u URI) ASCIIHostname() (string, error) {
	h, ok := u.Host()
	if !ok || h.s == "" {
		return "", ErrNoHostname
	}
	switch h.Kind() {
	case IPv4:
		return h.s, nil
	case IPv6:
		a, ok := h.Addr()
		if !ok {
			return "", ErrNoHostname // not reached: the grammar and netip agree
		}
		z := a.Zone()
		for i := 0; i < len(z); i++ {
			if c := z[i]; c <= ' ' || c >= 0x7F || c == '%' {
				return "", &HostError{Offset: int(u.spans[cHost].begin), Code: HostByte, Byte: c}
			}
		}
		return a.String(), nil
	case IPvFuture:
		return "", ErrNoHostname
	}
	begin := int(u.spans[cHost].begin)
	a, err := regNameToASCII(h.s)
	if err != nil {
		err.Offset += begin
		return "", err
	}
	if endsInNumber(a) && !isIPv4Text(a) {
		return "", &HostError{Offset: begin, Code: HostNumber}
	}
	return a, nil
}

// regNameByte reports whether a reg-name holds c unencoded (RFC 3986
// §3.2.2: unreserved / sub-delims), as the generated parser says.
func regNameByte(c byte) bool { return c != '%' && encodingSets[HostEncoding].Has(c) }

// regNameToASCII returns the ASCII form of a reg-name as written (RFC
// 3986 §3.2.2, percent-encoded; in an IRI, RFC 3987 §2.2, with UTF-8
// characters too): percent-decoded, converted by idna.ToASCII (UTS #46
// §4.2), and checked to hold only bytes a reg-name holds unencoded, so
// that it can be written back into a URI's host as it is. Offsets of the
// error are relative to s. A name of lower-case letters, digits, ".", "-"
// and "_" with no label starting "xn--", which UTS #46 leaves as it is,
// is returned with one scan and no allocation.
func regNameToASCII(s string) (string, *HostError) {
	if isPlainLDH(s) {
		return s, nil
	}
	d := mustDecode(s)
	if !utf8.ValidString(d) {
		return "", &HostError{Offset: invalidUTF8Offset(s), Code: HostInvalidUTF8}
	}
	a, err := idna.ToASCII(d)
	if err != nil {
		return "", &HostError{Code: HostIDNA, Err: err}
	}
	if a == "" {
		// UTS #46 maps some names to nothing (a lone U+00AD); the URL
		// Standard's "domain to ASCII" fails then, and an empty name would
		// make a dialer dial the local system.
		return "", &HostError{Code: HostIDNA, Err: errEmptyASCII}
	}
	for i := 0; i < len(a); i++ {
		if !regNameByte(a[i]) {
			return "", &HostError{Code: HostByte, Byte: a[i]}
		}
	}
	return a, nil
}

var errEmptyASCII = errors.New("uri: the name maps to the empty name (URL Standard, domain to ASCII)")

// isPlainLDH reports whether s is a non-empty name of lower-case ASCII
// letters, digits, "-", "_" and ".", none of whose labels starts with
// "xn--": UTS #46 §4 maps none of these bytes, and with CheckHyphens,
// UseSTD3ASCIIRules and VerifyDnsLength false (the URL Standard's
// beStrict false) no validity criterion of §4.1 rejects such a label.
func isPlainLDH(s string) bool {
	if s == "" {
		return false
	}
	labelStart := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_':
			if labelStart && c == 'x' && strings.HasPrefix(s[i:], "xn--") {
				return false
			}
			labelStart = false
		case c == '.':
			labelStart = true
		default:
			return false
		}
	}
	return true
}

// invalidUTF8Offset returns the offset in s, a percent-encoded reg-name
// whose decoding is not UTF-8, of the byte (a "%" or a raw byte) that
// starts the first octet not part of a valid UTF-8 sequence.
func invalidUTF8Offset(s string) int {
	d := mustDecode(s)
	bad := 0
	for bad < len(d) {
		r, n := utf8.DecodeRuneInString(d[bad:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		bad += n
	}
	// Walk s to the source of the decoded byte number bad.
	k := 0
	for i := 0; i < len(s); k++ {
		if k == bad {
			return i
		}
		if s[i] == '%' {
			i += 3
		} else {
			i++
		}
	}
	return len(s)
}

// endsInNumber reports whether the last label of the ASCII name a,
// ignoring one empty label after a final ".", is a number as the resolvers
// of many systems read one (inet_aton: decimal, octal with a leading "0",
// hexadecimal with "0x"), so that the name may be dialed as an IPv4
// address in a notation RFC 3986 §3.2.2 does not have (RFC 3986 §7.4).
func endsInNumber(a string) bool {
	a = strings.TrimSuffix(a, ".")
	last := a[strings.LastIndexByte(a, '.')+1:]
	if last == "" || last[0] < '0' || last[0] > '9' {
		return false // both notations start with a digit
	}
	if hex, ok := strings.CutPrefix(strings.ToLower(last), "0x"); ok {
		for i := 0; i < len(hex); i++ {
			if c := hex[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(last); i++ {
		if c := last[i]; c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isIPv4Text reports whether a is an IPv4address of RFC 3986 §3.2.2
// (dotted-decimal, no leading zero), as a reg-name that UTS #46 maps to
// one is ("１.２.３.４"): the address, which [URI.ToURI] writes as an IPv4
// host, not an ambiguous number.
func isIPv4Text(a string) bool {
	addr, err := netip.ParseAddr(a)
	return err == nil && addr.Is4() && addr.String() == a
}

// unicodeHost returns the U-label form (UTS #46 §4.3, [idna.ToUnicode])
// of a, the ASCII form of a host, for the host of an IRI (RFC 3987 §5.3.3:
// validated IDN components "SHOULD NOT be converted into ASCII Compatible
// Encoding" for legibility), or a itself when it has no A-label or its
// U-labels are not an ireg-name (RFC 3987 §2.2).
func unicodeHost(a string) string {
	if !strings.HasPrefix(a, "xn--") && !strings.Contains(a, ".xn--") {
		return a
	}
	s, err := idna.ToUnicode(a)
	if err != nil || s == "" {
		return a
	}
	p := get3987()
	defer put3987(p)
	if !p.Match(ruleIregName, s) {
		return a
	}
	return s
}

// hostForScheme returns the host text that scheme-based normalization
// (RFC 3987 §5.3.3) writes for host, a host of a URI whose scheme uses
// domain names, already syntax-normalized: for a reg-name that converts,
// its ASCII form in a URI, its U-labels in an IRI; otherwise host as it is.
func hostForScheme(host string, kind HostKind, iri bool) string {
	if kind != RegName || host == "" {
		return host
	}
	a, err := regNameToASCII(host)
	if err != nil {
		return host
	}
	if iri {
		return unicodeHost(a)
	}
	return a
}
