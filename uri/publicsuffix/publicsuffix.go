package publicsuffix

import (
	"net/netip"
	"strconv"
	"strings"

	"github.com/specuri/specuri/internal/whatwg"
	"github.com/specuri/specuri/uri/idna"
)

// A List is a Public Suffix List: the package's generated table
// (Default), a list read at run time (Parse), or either without its
// private section (ICANN). Its methods are the package's functions on
// that list. A List is immutable and safe for concurrent use.
type List struct {
	m         map[string]flags // a parsed list: the rules of each name; nil for the table
	n         int              // a parsed list's number of rules
	icannOnly bool
}

// Default returns the list generated into the package (ListVersion), the
// list the package's functions use.
func Default() *List { return &List{} }

// ICANN returns the list l without its private section: only the rules
// of the ICANN section count ("===BEGIN ICANN DOMAINS==="), the suffixes
// that registries' own policies define. Under it, the public suffix of
// whatwg.github.io is io and its registrable domain github.io.
func (l *List) ICANN() *List {
	c := *l
	c.icannOnly = true
	return &c
}

// String describes the list: its version or its number of rules, and
// whether it is the ICANN section alone.
func (l *List) String() string {
	s := "Public Suffix List " + ListVersion
	if l.m != nil {
		s = "Public Suffix List of " + strconv.Itoa(l.n) + " rules"
	}
	if l.icannOnly {
		s += ", ICANN section"
	}
	return s
}

// A Result is what a list says of one host.
type Result struct {
	// Host is the host as the URL Standard serializes it ("Host
	// serializing"): the name after domain to ASCII (lower case, A-labels,
	// a trailing dot kept), or an IP address as the host parser reads it,
	// "127.0.0.1" for "0x7f.1" and "[2001:db8::1]" for "2001:DB8:0::1"; a
	// name the host parser rejects as an IPv4 address ("1.2.3.999") is
	// kept as given.
	Host string
	// PublicSuffix is the host's public suffix (URL Standard), a trailing
	// dot kept; "" for none (an IP address, or a last label that is empty).
	PublicSuffix string
	// ICANN reports whether the rule that gave the public suffix is in the
	// list's ICANN section (false for the implicit rule "*" and the private
	// section).
	ICANN bool
	// RegistrableDomain is the host's registrable domain (URL Standard):
	// the public suffix and the label left of it, a trailing dot kept; ""
	// when the host has none (it is a public suffix, has an empty label, or
	// has no public suffix).
	RegistrableDomain string
}

// Lookup returns what the list says of host: the host as the URL Standard
// serializes it (see [Result]), its public suffix, section and registrable
// domain. Its error is the *idna.Error of a
// name that fails domain to ASCII. The others are results: an IP address
// has no public suffix, and neither it nor a public suffix nor a name with
// an empty label has a registrable domain.
func Lookup(host string) (Result, error) { return Default().Lookup(host) }

// Lookup is the package's Lookup on l.
func (l *List) Lookup(host string) (Result, error) {
	r, err := l.lookup(host)
	if err == nil && isIP(r.Host) {
		r.Host = ipHost(r.Host)
	}
	return r, err
}

// lookup is Lookup but for an IP address, whose Host is as given: the
// functions that do not return Host do not serialize it.
func (l *List) lookup(host string) (Result, error) {
	var r Result
	if l.m == nil {
		if ps, rd, icann, ok := matchPlain(host, l.icannOnly); ok {
			r.Host, r.PublicSuffix, r.ICANN = host, host[ps:], icann
			if rd >= 0 {
				r.RegistrableDomain = host[rd:]
			}
			return r, nil
		}
	}
	ascii, empty, ok := plain(host)
	if !ok {
		var ip bool
		var err error
		if ascii, ip, err = toASCII(host); err != nil || ip {
			r.Host = ascii
			return r, err
		}
		empty = hasEmptyLabel(strings.TrimSuffix(ascii, "."))
	} else if whatwg.EndsInNumber(ascii) {
		r.Host = ascii
		return r, nil
	}
	r.Host = ascii
	name := strings.TrimSuffix(ascii, ".")
	if name == "" || name[len(name)-1] == '.' {
		return r, nil // the last label is empty
	}
	start, icann := l.match(name)
	r.PublicSuffix, r.ICANN = ascii[start:], icann
	if start > 0 && !empty {
		r.RegistrableDomain = ascii[strings.LastIndexByte(name[:start-1], '.')+1:]
	}
	return r, nil
}

// plain returns name and true when domain to ASCII leaves name as it is
// because it is letters in lower case, digits, "-" and "." with no label
// starting "xn--" (URL Standard, "domain to ASCII": then the step "is
// equivalent to ASCII lowercasing domain"), and whether it has an empty
// label but for the one after a trailing dot (hasEmptyLabel).
func plain(name string) (ascii string, empty, ok bool) {
	prev := byte('.')
	for i := 0; i < len(name); i++ {
		// symbolOf is not 0 for exactly the letters in lower case, the
		// digits and "-".
		switch c := name[i]; symbolOf[c] {
		case 0:
			if c != '.' {
				return "", false, false
			}
			empty = empty || prev == '.'
		case symHyphen:
			if i >= 3 && name[i-1] == '-' && name[i-2] == 'n' && name[i-3] == 'x' && (i == 3 || name[i-4] == '.') {
				return "", false, false
			}
		}
		prev = name[i]
	}
	return name, empty, true
}

// match runs the formal algorithm with l's rules.
func (l *List) match(name string) (int, bool) {
	if l.m == nil {
		return match(table{}, name, l.icannOnly)
	}
	return match(mapRules(l.m), name, l.icannOnly)
}

// RegistrableDomain returns host's registrable domain (URL Standard
// §3.2 "Host miscellaneous": "registrable domain"): the public
// suffix and one more label, a trailing dot kept ("example.com." for
// www.example.com.), in ASCII; "" for none (the URL Standard's null: host
// is a public suffix, an IP address, or has an empty label). The error is
// the *idna.Error of a name that fails domain to ASCII.
//
// It is the question of a crawler grouping links by site and of a
// phishing filter asking whose a host is: the registrable domain of
// paypal.com.evil.net is evil.net.
func RegistrableDomain(host string) (string, error) { return Default().RegistrableDomain(host) }

// RegistrableDomain is the package's RegistrableDomain on l.
func (l *List) RegistrableDomain(host string) (string, error) {
	r, err := l.lookup(host)
	return r.RegistrableDomain, err
}

// HostPublicSuffix returns host's public suffix (URL Standard §3.2
// "Host miscellaneous": "public suffix"), a trailing dot kept, in
// ASCII; "" for none (an IP address, or a last label that is empty). The
// error is the *idna.Error of a name that fails domain to ASCII.
func HostPublicSuffix(host string) (string, error) { return Default().HostPublicSuffix(host) }

// HostPublicSuffix is the package's HostPublicSuffix on l.
func (l *List) HostPublicSuffix(host string) (string, error) {
	r, err := l.lookup(host)
	return r.PublicSuffix, err
}

// PublicSuffix returns the public suffix of domain and whether the rule
// that gave it is in the list's ICANN section, with
// golang.org/x/net/publicsuffix's meaning: for an unlisted top-level
// domain the implicit rule "*" gives its last label and icann false. Unlike
// x/net's, it reads every spelling of a name alike (upper case, U-labels,
// a trailing dot, which it keeps) and returns ASCII; it returns "", false
// for an IP address and for a name that fails domain to ASCII.
//
// A cookie jar refuses a cookie whose Domain attribute PublicSuffix returns
// whole (RFC 6265 §5.3 step 5). The result is in ASCII: compare it with
// the domain in that form (lower case, A-labels), not as written: "CO.UK"
// and "公司.cn" are public suffixes, for which PublicSuffix gives "co.uk"
// and "xn--55qx5d.cn". net/http/cookiejar lower-cases the attribute and
// refuses a non-ASCII one before it asks; Lookup gives the host and its
// public suffix both in ASCII.
func PublicSuffix(domain string) (publicSuffix string, icann bool) {
	return Default().PublicSuffix(domain)
}

// PublicSuffix is the package's PublicSuffix on l.
func (l *List) PublicSuffix(domain string) (publicSuffix string, icann bool) {
	r, _ := l.lookup(domain)
	return r.PublicSuffix, r.ICANN
}

// EffectiveTLDPlusOne returns the public suffix of domain and the label
// left of it (example.co.uk for www.example.co.uk): its registrable
// domain, with golang.org/x/net/publicsuffix's meaning, in ASCII, a
// trailing dot kept. Its errors: the *idna.Error of a name that fails
// domain to ASCII, ErrIPAddress, ErrEmptyLabel, and ErrPublicSuffix when
// domain is a public suffix.
//
// It is what a cookie jar keys its cookies by.
func EffectiveTLDPlusOne(domain string) (string, error) {
	return Default().EffectiveTLDPlusOne(domain)
}

// EffectiveTLDPlusOne is the package's EffectiveTLDPlusOne on l.
func (l *List) EffectiveTLDPlusOne(domain string) (string, error) {
	if l.m == nil {
		if _, rd, _, ok := matchPlain(domain, l.icannOnly); ok {
			if rd < 0 {
				return "", ErrPublicSuffix
			}
			return domain[rd:], nil
		}
	}
	r, err := l.lookup(domain)
	switch {
	case err != nil:
		return "", err
	case r.RegistrableDomain != "":
		return r.RegistrableDomain, nil
	case isIP(r.Host):
		return "", ErrIPAddress
	case r.PublicSuffix == "" || hasEmptyLabel(strings.TrimSuffix(r.Host, ".")):
		return "", ErrEmptyLabel
	}
	return "", ErrPublicSuffix
}

// toASCII converts name with domain to ASCII and reports whether it is an
// IP address: in brackets, an IPv6 address without them, or a domain that
// the URL Standard's host parser reads as IPv4 (ends in a number).
func toASCII(name string) (ascii string, ip bool, err error) {
	ascii, err = idna.ToASCII(name)
	if err != nil {
		if strings.IndexByte(name, ':') >= 0 {
			addr := name
			if len(addr) > 1 && addr[0] == '[' && addr[len(addr)-1] == ']' {
				addr = addr[1 : len(addr)-1]
			}
			if a, aerr := netip.ParseAddr(addr); aerr == nil && a.Zone() == "" {
				return name, true, nil
			}
		}
		return "", false, err
	}
	return ascii, whatwg.EndsInNumber(ascii), nil
}

// ipHost returns the URL Standard's serialization of the IP address
// host, an IPv6 address given without brackets read as the IP-literal it
// is, or host when the host parser rejects it.
func ipHost(host string) string {
	in := host
	if strings.IndexByte(in, ':') >= 0 && !strings.HasPrefix(in, "[") {
		in = "[" + in + "]"
	}
	if s, ok := whatwg.SerializeHost(in); ok {
		return s
	}
	return host
}

// isIP reports whether host, a Result's Host, is an IP address.
func isIP(host string) bool {
	return strings.IndexByte(host, ':') >= 0 || whatwg.EndsInNumber(host)
}

// hasEmptyLabel reports whether name, without its trailing dot, has an
// empty label.
func hasEmptyLabel(name string) bool {
	return name == "" || name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(name, "..")
}
