package uri

import (
	"strings"

	schemes "github.com/specuri/specuri/uri/internal/scheme"
)

// The schemes of HTTP (RFC 9110 §4.2) and of the WebSocket protocol (RFC
// 6455 §3): their syntax is checked against gen/rfc9110, the grammar of
// RFC 9110 §4, RFC 9112 §3.2 and RFC 6455 §3 over RFC 3986, through
// uri/internal/scheme.
// The hints of the errors of checkHTTP.
const (
	hintHTTPEmptyHost = "an http or https URI must have a non-empty host (RFC 9110 §4.2.1)"
	hintHTTPUserinfo  = "userinfo in an http or https URI is treated as an error: it can hide the host it names (RFC 9110 §4.2.4)"
	hintWSFragment    = "a ws or wss URI has no fragment (RFC 6455 §3)"
	hintWSUserinfo    = "a ws or wss URI has a host, not an authority: no userinfo (RFC 6455 §3)"
	hintHTTPAuthority = "an http, https, ws or wss URI starts with \"//\" and a host (RFC 9110 §4.2.1, RFC 6455 §3)"
	hintHTTPPort      = "the port of an http, https, ws or wss URI is a TCP port, a 16-bit number: at most 65535 (RFC 9293 §3.1)"
)

// checkHTTP reports the first violation by u, an http, https, ws or wss
// URI, of its scheme's rules, as a *SchemeError with offsets into
// u.String():
//
//   - the syntax of http-URI or https-URI (RFC 9110 §4.2.1, §4.2.2), which
//     do not include the fragment: an http URI reference may have one
//     (§4.2.5), so it is not matched; or of ws-URI or wss-URI (RFC 6455
//     §3), which do, and a fragment is an error (§3: fragment identifiers
//     "MUST NOT be used on these URIs");
//   - an empty host in an http or https URI ("http:///x"), which §4.2.1
//     tells recipients to reject; ws-URI's host may be empty, as RFC
//     6455's grammar allows;
//   - a userinfo in an http or https URI, which §4.2.4 asks recipients to
//     treat as an error. The error points at the userinfo's first byte and
//     never reveals a byte of a password;
//   - a port above 65535: the port of these schemes is a TCP port (RFC 9110
//     §4.2.1, RFC 6455 §3), a 16-bit number (RFC 9293 §3.1), while RFC
//     3986's port rule is any run of digits.
//
// The grammars are over RFC 3986's, so a value, whose own grammar has
// already delimited its components, is checked on them for what these
// rules add to RFC 3986: an authority, a non-empty host, no userinfo, and
// for ws and wss no fragment. For a value of RFC 3986's syntax, which
// the grammars then accept exactly when those checks pass, a failure is
// explained by matching the grammar of the scheme (gen/rfc9110), whose
// error names the rule that could not continue.
func checkHTTP(u URI) error {
	scheme, _ := u.Scheme()
	// The rule names are constants: this runs on every http(s) and
	// ws(s) URI a scheme check sees, and builds no string.
	var want string
	isWS := false
	switch strings.ToLower(scheme) {
	case "http":
		want = "http-URI"
	case "https":
		want = "https-URI"
	case "ws":
		want, isWS = "ws-URI", true
	case "wss":
		want, isWS = "wss-URI", true
	default:
		return nil
	}
	if err := checkHTTPParts(u, want, isWS); err != nil {
		if u.syntax != RFC3986 {
			return err
		}
		// The grammar names the rule and the offset more precisely. It
		// accepts exactly what checkHTTPParts does in a value of RFC
		// 3986's syntax (TestCheckHTTPPartsAgree), so that it runs only
		// to explain a failure.
		s := u.String()
		text := s
		if f, ok := u.Fragment(); ok && !isWS {
			text = s[:len(s)-len(f)-1] // RFC 9110 §4.2.5: a reference may have a fragment
		}
		if f := schemes.MatchHTTP(strings.TrimSuffix(want, "-URI"), text); f != nil {
			return httpError(u, want, f, isWS)
		}
		return err
	}
	if _, err := u.PortNumber(); err == ErrPortRange {
		section := "RFC 9110 §4.2.1"
		if isWS {
			section = "RFC 6455 §3"
		}
		return newSchemeError(u, want, "port", section, int(u.spans[cPort].begin), hintHTTPPort)
	}
	if isWS {
		return nil
	}
	if _, ok := u.Userinfo(); ok {
		return newSchemeError(u, want, "userinfo", "RFC 9110 §4.2.4", int(u.spans[cUserinfo].begin), hintHTTPUserinfo)
	}
	if h, _ := u.Host(); h.String() == "" {
		return newSchemeError(u, want, "host", "RFC 9110 §4.2.1", int(u.spans[cHost].begin), hintHTTPEmptyHost)
	}
	return nil
}

// checkHTTPParts checks a value of the IRI or zone syntax for what the
// rule want adds to the generic syntax (see checkHTTP).
func checkHTTPParts(u URI, want string, isWS bool) error {
	if _, ok := u.Authority(); !ok {
		return newSchemeError(u, want, "scheme", schemes.HTTPSection(want), int(u.spans[cScheme].end)+1, hintHTTPAuthority)
	}
	if !isWS {
		return nil
	}
	if _, ok := u.Userinfo(); ok {
		return newSchemeError(u, want, "userinfo", "RFC 6455 §3", int(u.spans[cUserinfo].begin), hintWSUserinfo)
	}
	if _, ok := u.Fragment(); ok {
		return newSchemeError(u, want, "path-abempty", "RFC 6455 §3", int(u.spans[cFragment].begin)-1, hintWSFragment)
	}
	return nil
}

// httpError builds the error of a failed match of want against u (or u
// without its fragment), which f describes. When not even the literal
// scheme "://" (or "ws:" "//") matched, the URI, whose scheme is right,
// lacks the "//" of an authority: the error points after the scheme's
// ":".
func httpError(u URI, want string, f *schemes.Failure, isWS bool) *SchemeError {
	s := u.String()
	if f.None {
		return newSchemeError(u, want, "scheme", f.Section, int(u.spans[cScheme].end)+1, hintHTTPAuthority)
	}
	off := f.Offset
	hint := ""
	switch {
	case off < len(s) && s[off] == '#' && isWS:
		hint = hintWSFragment
	case off < len(s) && s[off] == '@' && isWS:
		hint = hintWSUserinfo
	}
	return newSchemeError(u, want, f.Rule, f.Section, off, hint)
}

// normalizeHTTP is the scheme-based normalization of http and https URIs
// (RFC 9110 §4.2.3) and of ws and wss URIs that the scheme adds to RFC
// 3986 §6.2.3's, which has already removed a port that is empty or the
// scheme's default (schemeBased, with scheme.DefaultPort: 80 for http and
// ws, 443 for https and wss): an empty path with an authority becomes "/"
// (RFC 9110 §4.2.3; RFC 6455 §3 sends "/" for an empty path in the
// resource name, so the two name one resource).
func normalizeHTTP(p *refParts) {
	if p.hasAuthority && p.path == "" {
		p.path = "/"
	}
}
