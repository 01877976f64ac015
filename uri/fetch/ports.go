package fetch

import "slices"

// badPorts is the Fetch Standard's table of bad ports, in increasing
// order (§2.9 Port blocking, https://fetch.spec.whatwg.org/#port-blocking:
// "A port is a bad port if it is listed in the first column of the
// following table"; checked against the standard's source, fetch.bs, as
// of July 2026): 0, and the ports of protocols that could misread a
// request's bytes (SMTP, IRC, X11, LDAP …), which browsers refuse to fetch
// from. The standard publishes it as a table in prose only; TestBadPortsWPT
// checks it against web-platform-tests' own list of the ports a fetch must
// refuse (fetch/api/request/request-bad-port.any.js, in testdata/wpt/fetch
// of the module). [Policy.CheckAddrPort] refuses 0 by RulePortZero before
// this table is consulted.
var badPorts = [...]uint16{
	0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79,
	87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
	139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
	540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723,
	2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
	6679, 6697, 10080,
}

// isBadPort reports whether port is a bad port of the Fetch Standard
// (§2.9), by a binary search of badPorts.
func isBadPort(port uint16) bool {
	if port > badPorts[len(badPorts)-1] {
		return false // the ports of most URLs: 80, 443 are below; 8080 and up above
	}
	_, found := slices.BinarySearch(badPorts[:], port)
	return found
}
