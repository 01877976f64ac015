package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fetch"
)

var fetchCheckCmd = &command{
	name:    "fetch-check",
	summary: "check URLs before a server fetches them (SSRF: scheme, host, port, IANA's address registries)",
	help:    fetchCheckHelp,
	input:   input{json: "input", quoted: true},
	setup:   fetchCheckSetup,
}

const fetchCheckHelp = `
Usage: uri fetch-check [--resolve] [--json] [--quoted] [URL...]

Check each URL argument, or each line of standard input when there are no
arguments or the argument is "-", as a server about to fetch a URL someone
else wrote would (package uri/fetch, default policy), and print one
verdict per line, in order: "allowed", or "error: " and the rule that
refuses it.

A URL (or an IRI, RFC 3987) is allowed when its scheme is http or https,
it has no userinfo (RFC 9110 §4.2.4), its host is a valid DNS name or an
IP address, its port is not 0 nor a bad port of the Fetch Standard
(§2.9), and an IP address host is globally reachable by IANA's IPv4 and
IPv6 Special-Purpose Address Registries (RFC 6890), after decoding the
IPv4 address an IPv6 address carries (IPv4-mapped, NAT64, ISATAP; 6to4
and Teredo are refused). The error names the registry row (block, name,
RFC) or the rule.

--resolve also looks the host name up with the system's resolver and
checks every address it gives: the URL is allowed only if all are. A
client must still check the address it connects to (fetch.Policy.Control),
as a name may resolve elsewhere the next time.

With --json, each input gives one JSON object on its own line with the
keys input, allowed, reason (null, or an object with code and message)
and addresses (the addresses checked: an IP address host, or with
--resolve those of the name; each with address, allowed and reason);
inputQuoted follows input, as a Go string literal, when the input is not
valid UTF-8. Passwords are masked in every output, --json included
(input and inputQuoted too).

Exit status: 0 when every URL is allowed, 1 when some URL is not, 2 on a
usage or I/O error.

Examples:

	uri fetch-check 'https://example.com/' 'http://169.254.169.254/latest/meta-data/'
	uri fetch-check --resolve --json < webhooks.txt
`

// fetchRecord is the --json record of one input.
type fetchRecord struct {
	Input       string         `json:"input"`
	InputQuoted *string        `json:"inputQuoted,omitempty"`
	Allowed     bool           `json:"allowed"`
	Reason      *fetchReason   `json:"reason"`
	Addresses   []fetchAddress `json:"addresses"`
}

// fetchReason is why an input is refused: code is the fetch.URLError code,
// the fetch.AddrError rule of a resolved address, "parse" or "resolve".
type fetchReason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// fetchAddress is one address checked.
type fetchAddress struct {
	Address string       `json:"address"`
	Allowed bool         `json:"allowed"`
	Reason  *fetchReason `json:"reason"`
}

// lookupHost resolves a host name for --resolve; tests replace it.
var lookupHost = func(ctx context.Context, host string) ([]netip.Addr, error) {
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

func fetchCheckSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	resolve := fs.Bool("resolve", false, "also check every address the system resolver gives for the host")
	return func(args []string) int {
		return p.each(args, func(s string) error {
			rec := checkFetch(s, *resolve)
			if !rec.Allowed {
				p.fail()
			}
			if p.json {
				return p.record(rec, false)
			}
			if rec.Reason != nil {
				return errorLine(p.stdout, errors.New(rec.Reason.Message))
			}
			_, err := fmt.Fprintln(p.stdout, "allowed")
			return err
		})
	}
}

// checkFetch returns the verdict on the input s.
func checkFetch(s string, resolve bool) fetchRecord {
	rec := fetchRecord{Input: uri.RedactInput(s), Addresses: []fetchAddress{}}
	if !utf8.ValidString(s) {
		// Quote the masked input: s's own quoted form holds its password.
		q := strconv.Quote(rec.Input)
		rec.InputQuoted = &q
	}
	u, err := uri.RFC3987.Parse(s)
	if err != nil {
		rec.Reason = &fetchReason{"parse", cliMessage(fetchHints.Replace(err.Error()))}
		return rec
	}
	if h, ok := u.Host(); ok {
		if a, ok := h.Addr(); ok {
			rec.Addresses = append(rec.Addresses, checkAddress(a))
		}
	}
	if err := fetch.CheckURL(u); err != nil {
		code := "url"
		var ue *fetch.URLError
		if errors.As(err, &ue) {
			code = ue.Code
		}
		rec.Reason = &fetchReason{code, err.Error()}
		return rec
	}
	if h, _ := u.Host(); resolve && h.Kind() == uri.RegName {
		name, _ := u.ASCIIHostname() // CheckURL checked it
		rec.Reason = resolveAll(&rec, name)
	}
	rec.Allowed = rec.Reason == nil
	return rec
}

// resolveAll adds the addresses of name to rec, and returns the reason
// to refuse it: the first refused address, or a failed lookup.
func resolveAll(rec *fetchRecord, name string) *fetchReason {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	addrs, err := lookupHost(ctx, name)
	if err != nil {
		return &fetchReason{"resolve", err.Error()}
	}
	var reason *fetchReason
	for _, a := range addrs {
		c := checkAddress(a)
		rec.Addresses = append(rec.Addresses, c)
		if c.Reason != nil && reason == nil {
			reason = &fetchReason{c.Reason.Code, c.Address + ": " + c.Reason.Message}
		}
	}
	return reason
}

// checkAddress checks one address with the default policy.
func checkAddress(a netip.Addr) fetchAddress {
	out := fetchAddress{Address: a.String(), Allowed: true}
	if err := fetch.CheckAddr(a); err != nil {
		out.Allowed = false
		rule := ""
		var ae *fetch.AddrError
		if errors.As(err, &ae) {
			rule = ae.Rule
		}
		out.Reason = &fetchReason{rule, err.Error()}
	}
	return out
}
