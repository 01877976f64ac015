// Package fetch helps a server fetch URLs it did not write (webhooks,
// link previews, image proxies, OpenID and OAuth discovery, feed readers,
// agent tools) without being turned against its own network: server-side
// request forgery.
//
// The short way is the safe way:
//
//	req, err := fetch.NewRequest(ctx, "GET", rawURL, nil) // checks the URL
//	if err != nil { ... }
//	resp, err := fetch.Client().Do(req) // checks every address and redirect
//
// Two checks, both needed:
//
//   - [Policy.CheckURL] decides on the URL: scheme, no userinfo, a valid
//     DNS name or IP address, the port, an allow-list of hosts.
//   - [Policy.Control], in net.Dialer's Control, decides on the address
//     each connection is about to be made to, after DNS: a name that
//     resolves to 127.0.0.1, or to a public address once and a private
//     one the next time (DNS rebinding), is refused there.
//
// [Policy.Client] and [Policy.Transport] wire both; [Policy.NewRequest]
// reads the URL once and builds the request from the URI checked, with
// its ASCII host, so that the host checked, the host dialed and the Host
// header are one. Which parser takes untrusted input, and why, is said
// in package uri's documentation, "Untrusted input".
//
// The address policy is generated from IANA's IPv4 and IPv6
// Special-Purpose Address Registries (RFC 6890; the snapshot of
// [RegistryDate], in grammar/iana/ of the module) by internal/ucdgen: an
// address is refused when the most specific block containing it is not
// globally reachable, after decoding the IPv4 address an IPv6 one
// carries. See [CheckAddr] for the rules, and [Policy] for what a service
// can add (a private network it is meant to reach, its NAT64 prefix, the
// only ports or hosts it fetches from).
//
// What it does not do: limit the time or the size of a response (set
// http.Client.Timeout, read through io.LimitReader), check what other
// dialers connect to (a custom DialContext without [Policy.Control], a
// proxy), or know which public addresses are the service's own.
package fetch
