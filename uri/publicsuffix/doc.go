// Package publicsuffix answers "whose is this host?" from the Public
// Suffix List (https://publicsuffix.org/list/): the public suffix of a
// host (com, co.uk, github.io: a name under which anyone can register a
// name) and its registrable domain (the public suffix and one more label:
// example.co.uk), as the URL Standard defines them (URL Standard §3.2
// "Host miscellaneous": "public suffix" and "registrable domain").
//
// The list's formal algorithm decides ("Formal algorithm" at
// publicsuffix.org/list/): of the rules that match a name, an exception
// rule ("!www.ck") prevails over every other, then the rule with the most
// labels, a wildcard ("*.ck") matching any one label; when no rule
// matches, the implicit rule "*" makes the last label the public suffix.
//
// # Which function answers which question
//
//   - RegistrableDomain: "which site is this host part of?" A crawler's
//     unit of politeness and deduplication, a phishing filter's owner of a
//     host (the registrable domain of paypal.com.evil.net is evil.net). It
//     is the URL Standard's registrable domain, which HTML's site of an
//     origin is made from.
//   - HostPublicSuffix: the URL Standard's public suffix of a host.
//   - PublicSuffix and EffectiveTLDPlusOne: golang.org/x/net/publicsuffix's
//     functions of the same names and meaning, for code moving from it.
//     A cookie jar refuses a Domain attribute that PublicSuffix returns
//     whole (a cookie for co.uk), and keys its cookies by
//     EffectiveTLDPlusOne; CookieJarList is the list as
//     net/http/cookiejar takes it, and List.CookieJarList any list so.
//   - Lookup: all of it at once, and the host as the URL Standard
//     serializes it (an IP address too: 127.0.0.1 for 0x7f.1).
//   - The site of an origin and same-site (HTML "obtain a site"), which
//     SameSite cookies and Sec-Fetch-Site ask, are package uri/origin's
//     Origin.Site and Origin.SameSite, made from RegistrableDomain.
//
// # Input and results
//
// A name is looked up in any form a URL's host can hold: upper case,
// U-labels (公司.cn), A-labels (xn--55qx5d.cn), a trailing dot. It is first
// converted by the URL Standard's domain to ASCII (idna.ToASCII), and the
// list's rules are stored in that one form (A-labels, lower case), so
// every spelling of a name finds the same rule. Results are in that ASCII
// form, as the URL Standard specifies; idna.ToUnicode gives their U-labels.
// A trailing dot is kept: the public suffix of example.com. is com. and its
// registrable domain example.com. (URL Standard: "trailingDot").
//
// A name that fails domain to ASCII is an error, an *idna.Error, never a
// guess. An IP address ([2001:db8::1], 192.168.0.1, or any name the URL
// Standard's ends-in-a-number checker reads as IPv4) has no public suffix.
// A name with an empty label (.example.com, a..example.com) has no
// registrable domain, as the list's own tests say.
//
// The name is not percent-decoded: give the host of a parsed URL as a
// resolver would get it (uri.URI.ASCIIHostname, whatwg.URL.Hostname), not
// its text as written (uri.Host.String keeps "ex%C2%ADample.com", which
// fails here; ASCIIHostname gives "example.com").
//
// # The list
//
// The package's table is generated from the list at ListVersion by
// internal/ucdgen (the list is in the repository's grammar/psl/, under the
// Mozilla Public License 2.0). The list changes every week; a program that
// needs this week's list loads it at run time with Parse and asks the List
// the same questions. A List's ICANN method gives the same list without its
// private section (the suffixes that companies such as github.io declare),
// as a program that trusts only registries' policies needs.
//
// # Cost
//
// The table is static data, 62.9 KB in a binary (TestTableLinkedSize),
// read in place: nothing is built at init, and a program that does not
// import the package links none of it. A host that domain to ASCII leaves
// as it is (lower case, no "xn--" label) is read once from the right, each
// label looked up as it is read, the children of a node with many of them
// by a perfect hash (one compare of a label), and allocates nothing; every
// lookup is linear in the length of the name, whatever its number of
// labels. The package does not import net/http.
package publicsuffix
