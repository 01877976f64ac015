package fetch

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
)

// Control checks the address a socket is about to connect to, for
// net.Dialer's Control field: it returns [Policy.CheckAddrPort]'s error
// for the address and port, after the name was resolved, so a name that
// resolves to a public address when checked and to a private one when
// dialed (DNS rebinding) is refused at connect time. A network other than
// TCP or UDP over IP, or an address that is not an IP address and a port,
// is refused (RuleInvalid).
//
// Control checks one connection. It does not know the URL: set it on
// every dialer that may reach an address from a URL someone else wrote,
// and dial the name [Policy.CheckURL] checked. Through a proxy, the
// address checked is the proxy's, not the target's (see
// [Policy.Transport]).
func (p *Policy) Control(network, address string, _ syscall.RawConn) error {
	switch network {
	case "tcp", "tcp4", "tcp6", "udp", "udp4", "udp6":
	default:
		return errInvalid
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return errInvalid
	}
	return p.CheckAddrPort(ap)
}

// Transport returns an http.Transport whose every connection is checked
// by [Policy.Control], with a copy of p, and net/http's default timeouts
// and limits otherwise (those of http.DefaultTransport).
//
// It uses no proxy: HTTP_PROXY, HTTPS_PROXY and NO_PROXY are ignored,
// since through a proxy the address connected to, and so checked, is the
// proxy's, and the proxy would reach any address. To fetch through a
// proxy, set the Transport's Proxy to the fixed URL of one that enforces
// the same rules on the addresses it connects to (an egress proxy), and
// add the proxy's address to [Policy].Allow.
//
// Replacing its DialContext, or setting DialTLSContext, removes the check
// unless the new dialer's Control is [Policy.Control]; a custom resolver
// goes in the dialer (net.Dialer's Resolver), with p.Control kept.
func (p *Policy) Transport() *http.Transport {
	c := p.clone()
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second, Control: c.Control}
	return &http.Transport{
		Proxy:                 nil,
		DialContext:           d.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: 1 * time.Second,
	}
}

// Client returns an http.Client for the default policy: see
// [Policy.Client]. Every client it returns shares one Transport, as
// net/http's clients share http.DefaultTransport, so that fetch.Client().Do
// in a handler reuses connections instead of leaving a Transport's idle
// connections behind at each call; set each client's Timeout as you
// like, and leave the shared Transport unchanged.
func Client() *http.Client { return (*Policy)(nil).client(defaultTransport()) }

// defaultTransport is the Transport of the default policy's clients.
var defaultTransport = sync.OnceValue((*Policy)(nil).Transport)

// Client returns an http.Client applying a copy of p: its Transport is
// [Policy.Transport] (every connection checked by [Policy.Control], no
// proxy), and it checks every redirect's URL with [Policy.CheckURL]
// before following it, sending it to the ASCII host checked, and stops
// after 10 redirects as net/http's default client does.
//
// Give it the requests [Policy.NewRequest] makes: the client checks the
// addresses it connects to but not the first URL's scheme, userinfo or
// host names. It sets no timeout and no limit on the size of a response:
// set the client's Timeout, and read the body through an io.LimitReader.
// It does not stop a URL from reaching a public address that the service
// itself trusts (its own public address, an allow-listed partner); refuse
// those with [Policy].Refuse.
//
// Each call makes a new Transport, with its own pool of connections: make
// a service's client once and reuse it (net/http: "Transports should be
// reused instead of created as needed").
func (p *Policy) Client() *http.Client { return p.client(p.Transport()) }

// client returns a Client of a copy of p that sends through t, a
// Transport of p.
func (p *Policy) client(t *http.Transport) *http.Client {
	return &http.Client{Transport: t, CheckRedirect: p.clone().checkRedirect}
}

// errTooManyRedirects is checkRedirect's error after 10 redirects.
var errTooManyRedirects = errors.New("fetch: stopped after 10 redirects")

// checkRedirect is Client's CheckRedirect: the URL of the next hop, which
// net/http has parsed, is read once by package uri and must pass
// CheckURL; it is then dialed by the ASCII host checked.
func (p *Policy) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return errTooManyRedirects
	}
	u, err := uri.Parse(req.URL.String())
	if err != nil {
		return err
	}
	ascii, err := p.checkURL(u)
	if err != nil {
		return err
	}
	host := authorityHost(u, ascii)
	if req.Host == req.URL.Host {
		req.Host = host
	}
	req.URL.Host = host
	return nil
}

// NewRequest is [Policy.NewRequest] with the default policy.
func NewRequest(ctx context.Context, method, rawURL string, body io.Reader) (*http.Request, error) {
	return (*Policy)(nil).NewRequest(ctx, method, rawURL, body)
}

// NewRequest returns an http.Request for rawURL, as
// http.NewRequestWithContext does, if rawURL is a URL or an IRI (RFC
// 3987, mapped to its URI, §3.1) that [Policy.CheckURL] allows; else the
// *uri.ParseError or the [*URLError] (or net/http's error for a method
// that is not a token, or a nil ctx). It reads rawURL once: the request's
// URL is made from the URI checked, with the host in the ASCII form
// checked (uri.URI.ASCIIHostname: "ex%C2%ADample.com" is sent and dialed
// as "example.com"), so the host checked, the host dialed and the Host
// header are one. Send it with [Policy.Client].
//
// It costs one parse more than http.NewRequestWithContext: the URI is
// parsed once by package uri and checked, and the URL it makes is parsed
// by net/url when the request is built. A fragment is kept, an empty one
// dropped, as net/url does; neither is sent (RFC 9110 §7.1).
func (p *Policy) NewRequest(ctx context.Context, method, rawURL string, body io.Reader) (*http.Request, error) {
	u, err := uri.RFC3987.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	ascii, err := p.checkURL(u)
	if err != nil {
		return nil, err
	}
	s, host := requestURL(u, ascii)
	req, err := http.NewRequestWithContext(ctx, method, s, body)
	if err != nil {
		return nil, err
	}
	if req.URL.Host != host {
		// Not reached: host is an ASCII DNS name, an IPv4 address or an
		// IPv6 literal, which net/url reads as written.
		scheme, _ := u.Scheme()
		return nil, &URLError{Code: URLHost, Offset: len(scheme) + len("://")}
	}
	return req, nil
}

// requestURL writes u, which CheckURL allowed with ascii its ASCII host,
// as the URI whose host is the one checked: the authority is an
// authorityHost, and the characters of an IRI that are not ASCII are
// mapped to their percent-encoded UTF-8 octets (RFC 3987 §3.1 step 2). It
// returns the URI and its authority, a substring of it.
func requestURL(u uri.URI, ascii string) (s, host string) {
	scheme, _ := u.Scheme()
	path := u.Path().String()
	query, hasQuery := u.Query()
	fragment, hasFragment := u.Fragment()
	var b strings.Builder
	b.Grow(len(u.String()) + len(ascii) + len("[]:65535"))
	b.WriteString(scheme)
	b.WriteString("://")
	start := b.Len()
	writeAuthority(&b, u, ascii)
	end := b.Len()
	b.WriteString(octets.Encode(path, &octets.ASCII))
	if hasQuery {
		b.WriteByte('?')
		b.WriteString(octets.Encode(query, &octets.ASCII))
	}
	if hasFragment {
		b.WriteByte('#')
		b.WriteString(octets.Encode(fragment, &octets.ASCII))
	}
	s = b.String()
	return s, s[start:end]
}

// authorityHost returns the host and port of u, which CheckURL allowed
// with ascii its ASCII host, as url.URL's Host holds them (writeAuthority).
func authorityHost(u uri.URI, ascii string) string {
	var b strings.Builder
	b.Grow(len(ascii) + len("[]:65535"))
	writeAuthority(&b, u, ascii)
	return b.String()
}

// writeAuthority writes the host and port of u, which CheckURL allowed
// with ascii its ASCII host, as url.URL's Host holds them: ascii, in
// brackets for an IPv6 address, then ":" and the port as a decimal number
// if u has one ("0443" is "443"). u has no zone identifier: NewRequest
// and checkRedirect parse in syntaxes without them (RFC 3987, RFC 3986).
func writeAuthority(b *strings.Builder, u uri.URI, ascii string) {
	if strings.IndexByte(ascii, ':') >= 0 {
		b.WriteByte('[')
		b.WriteString(ascii)
		b.WriteByte(']')
	} else {
		b.WriteString(ascii)
	}
	if n, err := u.PortNumber(); err == nil {
		var buf [len(":65535")]byte
		b.Write(strconv.AppendUint(append(buf[:0], ':'), uint64(n), 10))
	}
}
