package uri

import "strings"

// The rule tables of ParseError's messages: the section of each rule, the
// rules of RFC 6068, and the helper rules that delimit optional parts.

// sections maps ABNF rule names to the section of RFC 3986 that defines
// them.
var sections = map[string]string{
	"URI": "§3", "hier-part": "§3", "scheme": "§3.1",
	"authority": "§3.2", "userinfo": "§3.2.1", "host": "§3.2.2",
	"IP-literal": "§3.2.2", "IPvFuture": "§3.2.2", "IPv6address": "§3.2.2",
	"h16": "§3.2.2", "ls32": "§3.2.2", "IPv4address": "§3.2.2",
	"dec-octet": "§3.2.2", "reg-name": "§3.2.2", "port": "§3.2.3",
	"path": "§3.3", "path-abempty": "§3.3", "path-absolute": "§3.3",
	"path-noscheme": "§3.3", "path-rootless": "§3.3", "path-empty": "§3.3",
	"segment": "§3.3", "segment-nz": "§3.3", "segment-nz-nc": "§3.3",
	"pchar": "§3.3", "query": "§3.4", "fragment": "§3.5",
	"pct-encoded": "§2.1", "unreserved": "§2.3", "reserved": "§2.2",
	"gen-delims": "§2.2", "sub-delims": "§2.2",
	"URI-reference": "§4.1", "relative-ref": "§4.2", "relative-part": "§4.2",
	"absolute-URI": "§4.3",
}

// mailtoRules are the rules of grammar/rfc6068.peg other than RFC 3986's:
// RFC 6068's own, and the RFC 5322 rules its section 2 uses.
var mailtoRules = map[string]bool{
	"mailtoURI": true, "to": true, "hfields": true, "hfield": true,
	"hfname": true, "hfvalue": true, "addr-spec": true, "local-part": true,
	"domain": true, "dtext-no-obs": true, "qchar": true, "some-delims": true,
	"atext": true, "dot-atom-text": true, "qtext": true, "qcontent": true,
	"quoted-string": true, "quoted-pair": true,
}

// sectionOf cites the RFC section that defines rule: RFC 3986's, RFC
// 3987's for its rules (their names start with "i" or hold "IRI"), RFC
// 6874's for its own.
func sectionOf(rule string) string {
	switch {
	case rule == "IPv6addrz" || rule == "ZoneID":
		return "RFC 6874 §2"
	case mailtoRules[rule]:
		return "RFC 6068 §2"
	case strings.Contains(rule, "IRI") || rule == "ucschar" || rule == "iprivate" ||
		strings.HasPrefix(rule, "i") && sections[rule[1:]] != "":
		return "RFC 3987 §2.2"
	}
	if s, ok := sections[rule]; ok {
		return "RFC 3986 " + s
	}
	return "RFC 3986 Appendix A"
}

// helperRules maps the grammar's helper rules (grammar/rfc3986.peg,
// "#helper:") to the ABNF rule whose optional part they delimit.
var helperRules = map[string]string{
	"query-part":     "query",
	"fragment-part":  "fragment",
	"authority-part": "authority",
	"userinfo-at":    "userinfo",
	"port-part":      "port",
	// and those of grammar/rfc3987.peg
	"iquery-part":     "iquery",
	"ifragment-part":  "ifragment",
	"iauthority-part": "iauthority",
	"iuserinfo-at":    "iuserinfo",
	// and of grammar/rfc6874.peg
	"zone-prefix": "IPv6addrz",
}
