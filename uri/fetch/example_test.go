package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"net/netip"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fetch"
)

// Before an HTTP client fetches a URL a user supplied: one call checks the
// scheme (in any case), the host (a DNS name or an IP address the policy
// allows), the absence of userinfo and the port; ASCIIHostname then gives
// the name to dial and to compare with an allow-list.
func ExampleCheckURL() {
	for _, in := range []string{
		"HTTPS://Example.COM/report?id=7",
		"https://bank.example@evil.example/",
		"http://example.com:99999/",
		"https://exa%20mple.com/",
		"file:///etc/passwd",
		"http://169.254.169.254/latest/meta-data/",
	} {
		u, err := uri.Parse(in)
		if err != nil {
			fmt.Println("invalid:", err)
			continue
		}
		if err := fetch.CheckURL(u); err != nil {
			fmt.Println("refused:", err.(*fetch.URLError).Code)
			continue
		}
		host, _ := u.ASCIIHostname()
		fmt.Println("fetch from", host)
	}
	// Output:
	// fetch from example.com
	// refused: userinfo
	// refused: port
	// refused: host
	// refused: scheme
	// refused: address
}

// The address a name resolved to, decided by IANA's registries: the error
// names the row that refuses it, after decoding the IPv4 address an IPv6
// address carries.
func ExampleCheckAddr() {
	for _, s := range []string{"8.8.8.8", "127.0.0.1", "::ffff:169.254.169.254", "64:ff9b::808:808"} {
		err := fetch.CheckAddr(netip.MustParseAddr(s))
		var ae *fetch.AddrError
		if errors.As(err, &ae) {
			fmt.Printf("%s: refused by %s %s\n", s, ae.Block, ae.Name)
			continue
		}
		fmt.Printf("%s: allowed\n", s)
	}
	// Output:
	// 8.8.8.8: allowed
	// 127.0.0.1: refused by 127.0.0.0/8 Loopback
	// ::ffff:169.254.169.254: refused by 169.254.0.0/16 Link Local
	// 64:ff9b::808:808: allowed
}

// A service that must reach one private network, and only two hosts: the
// request is built from the URL checked, with its ASCII host, and the
// client checks every address it connects to and every redirect.
func ExamplePolicy_NewRequest() {
	p := &fetch.Policy{
		Allow: []netip.Prefix{netip.MustParsePrefix("10.20.0.0/16")},
		Hosts: []string{"hooks.example.com", "xn--bcher-kva.de"},
	}
	client := p.Client()
	for _, in := range []string{"https://HOOKS.example.com./v1", "https://bücher.de/", "https://evil.example/"} {
		req, err := p.NewRequest(context.Background(), "POST", in, nil)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("send to", req.URL.Host)
		_ = client // resp, err := client.Do(req)
	}
	// Output:
	// send to hooks.example.com.
	// send to xn--bcher-kva.de
	// fetch: not a URL to fetch at offset 8 (host-not-allowed): the host is not one of the policy's hosts
}
