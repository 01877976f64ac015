package scheme

import "strings"

// defaultPorts holds the default ports that the schemes' specifications
// give (see DefaultPort).
var defaultPorts = [...]struct {
	scheme string
	port   uint16
}{
	{"http", 80},   // RFC 9110 §4.2.1
	{"https", 443}, // RFC 9110 §4.2.2
	{"ws", 80},     // RFC 6455 §3
	{"wss", 443},   // RFC 6455 §3
	{"ftp", 21},    // RFC 1738 §3.2
}

// DefaultPort returns the default port of the scheme name, compared
// without regard to case (RFC 3986 §3.1), for the schemes whose
// specifications give one: the port that an empty or absent port means,
// and that scheme-based normalization may remove (RFC 3986 §6.2.3):
//
//   - http: 80 (RFC 9110 §4.2.1); https: 443 (RFC 9110 §4.2.2);
//   - ws: 80, wss: 443 (RFC 6455 §3);
//   - ftp: 21 (RFC 1738 §3.2).
//
// It is the one table of these ports for package uri and the packages
// built on it. The URL Standard's special schemes have the same default
// ports, kept with its parser (internal/whatwg's DefaultPort); a test
// checks that the two agree.
func DefaultPort(name string) (uint16, bool) {
	for _, d := range defaultPorts {
		// Of the same length, only ASCII letters can fold to each other:
		// "httpſ" is not "https".
		if len(name) == len(d.scheme) && strings.EqualFold(name, d.scheme) {
			return d.port, true
		}
	}
	return 0, false
}
