package fetch

import (
	"errors"
	"net/netip"
	"strings"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/idna"
	schemes "github.com/specuri/specuri/uri/internal/scheme"
)

// CheckURL is [Policy.CheckURL] with the default policy.
func CheckURL(u uri.URI) error { return (*Policy)(nil).CheckURL(u) }

// CheckURL reports whether u is a URL a client applying p may be given
// when it comes from someone else, returning nil or a [*URLError]:
//
//   - its scheme is one of p.Schemes ("http" and "https" if none),
//     compared without regard to case (RFC 3986 §3.1: "HTTPS" is
//     "https");
//   - it has no userinfo: RFC 9110 §4.2.4 asks recipients to treat one as
//     an error, as it can make "https://bank.example@evil.example/" look
//     like a URL of bank.example;
//   - its host is an IPv4 address, an IPv6 literal, or a reg-name whose
//     ASCII form (uri.URI.ASCIIHostname: percent-decoded, UTS #46 §4.2)
//     is a valid DNS name: letters, digits and "-" in labels of 1 to 63
//     octets, none starting or ending with "-", at most 253 octets in all
//     ([idna.Strict], UTS #46 §4.1 with UseSTD3ASCIIRules and
//     VerifyDnsLength; RFC 1123 §2.1). A trailing dot names the same host
//     as without it ("example.com." and "example.com%2e" are
//     "example.com"), here and in p.Hosts;
//   - if p.Hosts is not empty, the host is one of them;
//   - an IP address host is allowed by [Policy.CheckAddr] at once;
//   - its port, if not empty, is 1 to 65535 (a TCP port, RFC 9293 §3.1;
//     an empty port means the scheme's default, RFC 9110 §4.2.1), and the
//     port, or the scheme's default port (80 for http and ws, 443 for https
//     and wss, RFC 9110 §4.2.1, §4.2.2, RFC 6455 §3; 21 for ftp, RFC 1738
//     §3.2), is allowed by the port rules of [Policy.CheckAddrPort];
//   - it meets the rules of its scheme (uri.URI.CheckScheme).
//
// CheckURL decides on the URL alone: it does not resolve the name, so it
// cannot tell whether the name leads to a loopback or private address;
// [Policy.Client] checks every address it connects to ([Policy.Control]).
// Dial the name uri.URI.ASCIIHostname returns (as [Policy.NewRequest]
// does), so that the host checked and the host dialed are the same.
//
// u is what the caller parsed: uri.Parse refuses an international name
// ("https://bücher.de/"), which [Policy.NewRequest] and uri fetch-check
// accept, as they parse with uri.RFC3987.Parse (RFC 3987 §3.1); parse so
// to decide on the same URLs they do.
func (p *Policy) CheckURL(u uri.URI) error {
	_, err := p.checkURL(u)
	return err
}

// checkURL is CheckURL; it returns the host of u in the ASCII form
// checked (uri.URI.ASCIIHostname), which is the host to dial.
func (p *Policy) checkURL(u uri.URI) (string, error) {
	scheme, ok := u.Scheme()
	if !ok || !containsFold(p.schemes(), scheme) {
		return "", &URLError{Code: URLScheme}
	}
	userinfoAt := len(scheme) + len("://")
	hostAt := userinfoAt
	if _, ok := u.Userinfo(); ok {
		return "", &URLError{Code: URLUserinfo, Offset: userinfoAt}
	}
	if _, ok := u.Authority(); !ok {
		hostAt = len(scheme) + len(":")
	}
	ascii, err := p.checkHost(u, hostAt)
	if err != nil {
		return "", err
	}
	h, _ := u.Host()
	if err := p.checkURLPort(u, scheme, hostAt+len(h.String())+1); err != nil {
		return "", err
	}
	if err := u.CheckScheme(); err != nil {
		off := 0
		var se *uri.SchemeError
		if errors.As(err, &se) {
			off = se.Offset
		}
		return "", &URLError{Code: URLSchemeRules, Offset: off, Err: err}
	}
	return ascii, nil
}

// schemes returns the schemes p allows.
func (p *Policy) schemes() []string {
	if p == nil || len(p.Schemes) == 0 {
		return defaultSchemes
	}
	return p.Schemes
}

var defaultSchemes = []string{"http", "https"}

// checkHost is the host rules of CheckURL, hostAt being the offset of the
// host; it returns the host's ASCII form (uri.URI.ASCIIHostname).
func (p *Policy) checkHost(u uri.URI, hostAt int) (string, error) {
	h, _ := u.Host()
	a, err := u.ASCIIHostname()
	if err != nil {
		off := hostAt
		var he *uri.HostError
		if errors.As(err, &he) {
			off = he.Offset
		}
		return "", &URLError{Code: URLHost, Offset: off, Err: err}
	}
	name := strings.TrimSuffix(a, ".")
	if h.Kind() == uri.RegName {
		if _, err := idna.Strict.ToASCII(name); err != nil {
			return "", &URLError{Code: URLHost, Offset: hostAt, Err: err}
		}
	}
	if p != nil && len(p.Hosts) > 0 && !p.hostAllowed(name) {
		return "", &URLError{Code: URLHostNotAllowed, Offset: hostAt}
	}
	if addr, ok := h.Addr(); ok {
		if err := p.CheckAddr(addr); err != nil {
			return "", &URLError{Code: URLAddr, Offset: hostAt, Err: err}
		}
	}
	return a, nil
}

// hostAllowed reports whether p.Hosts holds name (ASCII, no trailing
// dot), without regard to case and to a trailing dot.
func (p *Policy) hostAllowed(name string) bool {
	for _, h := range p.Hosts {
		if strings.EqualFold(strings.TrimSuffix(h, "."), name) {
			return true
		}
		if a, err := netip.ParseAddr(h); err == nil && a.String() == name {
			return true
		}
	}
	return false
}

// checkURLPort is the port rule of CheckURL, portAt being the offset of
// the port.
func (p *Policy) checkURLPort(u uri.URI, scheme string, portAt int) error {
	n, err := u.PortNumber()
	switch {
	case err == uri.ErrPortRange:
		return &URLError{Code: URLPort, Offset: portAt, Err: err}
	case err == nil && n == 0:
		return &URLError{Code: URLPort, Offset: portAt}
	case err != nil: // no port: the scheme's default
		d, ok := schemes.DefaultPort(scheme)
		if !ok {
			return nil
		}
		n = d
	}
	if err := p.checkPort(n); err != nil {
		return &URLError{Code: URLPort, Offset: portAt, Err: err}
	}
	return nil
}

// containsFold reports whether list holds s, without regard to ASCII
// case.
func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
