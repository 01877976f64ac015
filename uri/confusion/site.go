package confusion

import (
	"strings"

	"github.com/specuri/specuri/uri/publicsuffix"
)

// site sets n.RegistrableDomain and n.Spells from the Public Suffix
// List, for a name that domain to ASCII accepted.
func (n *IDN) site() {
	r, err := publicsuffix.Lookup(n.ASCII)
	if err != nil || r.RegistrableDomain == "" {
		return
	}
	n.RegistrableDomain = r.RegistrableDomain
	left := strings.TrimSuffix(strings.TrimSuffix(n.ASCII, r.RegistrableDomain), ".")
	n.Spells = spelledDomain(left, strings.TrimSuffix(r.RegistrableDomain, "."))
}

// spelledDomain returns the registrable domain other than own that the
// labels left (those left of a name's registrable domain own) spell, the
// one ending furthest right ("paypal.co.uk", not "paypal.co"), or "": the
// registrable domain of the labels of left up to one of them
// ("paypal.com" of "paypal.com.evil.net"), or up to the "-" in one of
// them ("google.com" of "accounts.google.com-login.example.net"), whose
// public suffix is an ICANN rule under a two-letter country code or
// under com, net, org, edu, gov, mil or int. The newer top-level domains
// are left out: their names are ordinary words (app, dev, shop) that
// subdomains are named after, as in api.dev.example.com.
func spelledDomain(left, own string) string {
	if left == "" {
		return ""
	}
	spelled := ""
	labels := strings.Split(left, ".")
	for k, l := range labels {
		// No registrable domain has more than ruleLabels+1 labels: the
		// labels before them change nothing, and leaving them out keeps
		// the work linear in the name.
		head := strings.Join(labels[max(0, k-ruleLabels):k], ".")
		for _, last := range [2]string{l, beforeHyphen(l)} {
			if last == "" {
				continue
			}
			name := last
			if head != "" {
				name = head + "." + last
			}
			if rd := deceptive(name); rd != "" && rd != own {
				spelled = rd
			}
		}
	}
	return spelled
}

// ruleLabels is at least the number of labels of the longest rule of the
// list ("*." included): 7 in 2026.
const ruleLabels = 10

// beforeHyphen returns the part of label before its first "-", or "" when
// it has none there.
func beforeHyphen(label string) string {
	if i := strings.IndexByte(label, '-'); i > 0 {
		return label[:i]
	}
	return ""
}

// deceptive returns the registrable domain of name when its public
// suffix is an ICANN rule ending in a label such a reader takes for a
// registry's: two letters, or com, net, org, edu, gov, mil or int.
func deceptive(name string) string {
	r, err := publicsuffix.Lookup(name)
	if err != nil || r.RegistrableDomain == "" || !r.ICANN {
		return ""
	}
	tld := r.PublicSuffix[strings.LastIndexByte(r.PublicSuffix, '.')+1:]
	switch tld {
	case "com", "net", "org", "edu", "gov", "mil", "int":
		return r.RegistrableDomain
	}
	if len(tld) == 2 {
		return r.RegistrableDomain
	}
	return ""
}
