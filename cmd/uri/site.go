package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/specuri/specuri/uri/publicsuffix"
)

var siteCmd = &command{
	name:    "site",
	summary: "show the registrable domain of host names (Public Suffix List)",
	help:    siteHelp,
	input:   input{json: "input", quoted: true},
	setup:   siteSetup,
}

const siteHelp = `
Usage: uri site [--icann] [--json] [--quoted] [NAME...]

Print the registrable domain of each host NAME, or of each line of
standard input when there are no names or a name is "-", one line per
input, in order: the public suffix and the label left of it (URL Standard
§3.2, registrable domain), from the Public Suffix List generated into the
program at commit ` + publicsuffix.ListVersion + `.
It is the site a browser groups the host's origins in, the unit a crawler
keeps polite to, and the owner of the host: paypal.com.evil.net is
evil.net's.

A name may be in any form a URL's host holds: upper case, U-labels
(食狮.公司.cn), A-labels, a trailing dot (kept: example.com.). It is
converted with the URL Standard's domain to ASCII (UTS #46), and the
result is in ASCII; "uri idna unicode" gives its U-labels. An input
without a registrable domain gives a line "error: " and why: a public
suffix (co.uk, github.io), an IP address, an empty label, or a name that
fails domain to ASCII (with its UTS #46 codes).

--icann reads the list without its private section (github.io,
blogspot.com: suffixes companies declare): only the suffixes of the
registries' own policies count, so a.b.github.io has the registrable
domain github.io.

With --json, each input gives one JSON object on its own line with the
keys input, host (the URL Standard's host: the name in ASCII, an IP
address as the host serializer writes it), publicSuffix, icann (whether
the rule giving the public suffix is in the list's ICANN section),
registrableDomain and error ({"code": "...", "message": "..."}, code
one of public-suffix, ip-address, empty-label and idna), each null where
there is none; inputQuoted follows input, as a Go string literal, when
the input is not valid UTF-8.

Exit status: 0 when every input has a registrable domain, 1 when some
input has none, 2 on a usage or I/O error.

Examples:

	uri site www.example.co.uk whatwg.github.io 'WWW.食狮.公司.CN.'
	uri site --icann a.b.github.io
	uri site --json < hosts.txt
`

// siteRecord is the --json form of one input.
type siteRecord struct {
	Input             string     `json:"input"`
	InputQuoted       *string    `json:"inputQuoted,omitempty"`
	Host              *string    `json:"host"`
	PublicSuffix      *string    `json:"publicSuffix"`
	ICANN             *bool      `json:"icann"`
	RegistrableDomain *string    `json:"registrableDomain"`
	Error             *siteError `json:"error"`
}

// siteError is why an input has no registrable domain.
type siteError struct {
	Code    string `json:"code"` // public-suffix, ip-address, empty-label or idna
	Message string `json:"message"`
}

func (e *siteError) Error() string { return e.Message }

func siteSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	icann := fs.Bool("icann", false, "read the list without its private section (only the ICANN section's rules)")
	return func(args []string) int {
		l := publicsuffix.Default()
		if *icann {
			l = l.ICANN()
		}
		return p.each(args, func(s string) error {
			rec, err := siteOf(l, s)
			if err != nil {
				p.fail()
				rec.Error = err
			}
			if p.json {
				return p.record(rec, err != nil)
			}
			if err != nil {
				return p.errorLine(errors.New(err.Code + ": " + err.Message))
			}
			_, werr := fmt.Fprintln(p.stdout, *rec.RegistrableDomain)
			return werr
		})
	}
}

// siteOf looks s up in l, and returns its record and, when it has no
// registrable domain, why (its message masks a password, RFC 3986 §7.5).
func siteOf(l *publicsuffix.List, s string) (siteRecord, *siteError) {
	rec := siteRecord{Input: s, InputQuoted: quotedIfInvalid(s)}
	r, err := l.Lookup(s)
	if err != nil {
		return rec, &siteError{"idna", maskIDNA(s, idnaMessage(hideLabels(s, err)).Error()) + notHostNote(s)}
	}
	rec.Host = &r.Host
	if r.PublicSuffix != "" {
		rec.PublicSuffix, rec.ICANN = &r.PublicSuffix, &r.ICANN
	}
	if r.RegistrableDomain != "" {
		rec.RegistrableDomain = &r.RegistrableDomain
		return rec, nil
	}
	_, err = l.EffectiveTLDPlusOne(s)
	code := "public-suffix"
	switch {
	case errors.Is(err, publicsuffix.ErrIPAddress):
		code = "ip-address"
	case errors.Is(err, publicsuffix.ErrEmptyLabel):
		code = "empty-label"
	}
	return rec, &siteError{code, strings.TrimPrefix(err.Error(), "publicsuffix: ")}
}

// notHostNote returns a note for a name that is no host because it is
// more: a URL ("https://example.com/a") or a host and a port
// ("example.com:8080"), which a list of links holds rather than hosts.
// "/" and ":" are forbidden domain code points (URL Standard §3.5), so no
// host holds them, an IPv6 address's brackets aside. The note holds no
// byte of the input.
func notHostNote(s string) string {
	switch {
	case strings.Contains(s, "/"):
		return "; a host name has no \"/\": for a URL, give its host (uri whatwg --json shows it as hostname)"
	case strings.Contains(s, ":") && (!strings.HasPrefix(s, "[") || strings.Contains(s, "]:")):
		return "; a host name has no \":\": give it without a port"
	}
	return ""
}
