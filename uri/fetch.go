package uri

import (
	"errors"
	"fmt"
	"strings"

	"github.com/specuri/specuri/uri/idna"
)

// The codes of [FetchError], one per rule of [URI.CheckFetch].
const (
	// FetchScheme: the reference has no scheme, or one outside the
	// allowed set.
	FetchScheme = "scheme"
	// FetchUserinfo: the URI has a userinfo (RFC 9110 §4.2.4).
	FetchUserinfo = "userinfo"
	// FetchHost: the host is undefined, empty, an IPvFuture literal, or a
	// name that is not a valid DNS name in its ASCII form.
	FetchHost = "host"
	// FetchPort: the port is 0 or above 65535.
	FetchPort = "port"
	// FetchSchemeRules: the URI breaks a rule of its scheme's
	// specification ([URI.CheckScheme]).
	FetchSchemeRules = "scheme-rules"
)

// FetchError is the error of [URI.CheckFetch]. It holds no byte of the
// input, so it never shows a password.
type FetchError struct {
	// Code is FetchScheme, FetchUserinfo, FetchHost, FetchPort or
	// FetchSchemeRules.
	Code string
	// Offset is the byte offset in u.String() of the part at fault.
	Offset int
	// Err is the error underneath, if any: a [*HostError] or an error of
	// package idna for FetchHost, [ErrPortRange] for FetchPort, a
	// [*SchemeError] for FetchSchemeRules.
	Err error
}

// Error returns a one-line, lower-case description: the offset, the code
// and the rule.
func (e *FetchError) Error() string {
	prefix := fmt.Sprintf("uri: not a URL to fetch at offset %d (%s)", e.Offset, e.Code)
	switch e.Code {
	case FetchScheme:
		return prefix + ": the scheme is not one of those allowed"
	case FetchUserinfo:
		return prefix + ": a URL to fetch has no userinfo, which can hide the host it names (RFC 9110 §4.2.4)"
	case FetchPort:
		return prefix + ": a TCP port is a number from 1 to 65535 (RFC 9293 §3.1)"
	}
	if e.Err != nil {
		return prefix + ": " + strings.TrimPrefix(e.Err.Error(), "uri: ")
	}
	return prefix + ": a URL to fetch needs a host: a DNS name or an IP address"
}

// Unwrap returns Err.
func (e *FetchError) Unwrap() error { return e.Err }

// CheckFetch reports whether u is a URL an HTTP client may be given when
// it comes from someone else, returning nil or a [*FetchError]:
//
//   - its scheme is one of schemes, compared without regard to case (RFC
//     3986 §3.1: "HTTPS" is "https"); with no schemes, "http" and
//     "https";
//   - it has no userinfo: RFC 9110 §4.2.4 asks recipients to treat one as
//     an error, as it can make "https://bank.example@evil.example/" look
//     like a URL of bank.example;
//   - its host is an IPv4 address, an IPv6 literal, or a reg-name whose
//     ASCII form ([URI.ASCIIHostname]: percent-decoded, UTS #46 §4.2) is
//     a valid DNS name: letters, digits and "-" in labels of 1 to 63
//     octets, none starting or ending with "-", at most 253 octets in all
//     ([idna.Strict], UTS #46 §4.1 with UseSTD3ASCIIRules and
//     VerifyDnsLength; RFC 1123 §2.1);
//   - its port, if not empty, is 1 to 65535 (a TCP port, RFC 9293 §3.1;
//     an empty port means the scheme's default, RFC 9110 §4.2.1);
//   - it meets the rules of its scheme ([URI.CheckScheme]).
//
// CheckFetch decides on the URL alone: it does not resolve the name, so
// it cannot tell whether the host is a loopback or private address; a
// client that must not reach those checks the address it connects to
// (net.Dialer's Control). Give the client the name [URI.ASCIIHostname]
// returns, so that the host checked and the host dialed are the same.
func (u URI) CheckFetch(schemes ...string) error {
	if len(schemes) == 0 {
		schemes = []string{"http", "https"}
	}
	scheme, ok := u.Scheme()
	if !ok || !containsFold(schemes, scheme) {
		return &FetchError{Code: FetchScheme}
	}
	if _, ok := u.Userinfo(); ok {
		return &FetchError{Code: FetchUserinfo, Offset: int(u.spans[cUserinfo].begin)}
	}
	if err := u.checkFetchHost(); err != nil {
		return err
	}
	if n, err := u.PortNumber(); err == ErrPortRange || err == nil && n == 0 {
		return &FetchError{Code: FetchPort, Offset: int(u.spans[cPort].begin), Err: err}
	}
	if err := u.CheckScheme(); err != nil {
		off := 0
		var se *SchemeError
		if errors.As(err, &se) {
			off = se.Offset
		}
		return &FetchError{Code: FetchSchemeRules, Offset: off, Err: err}
	}
	return nil
}

// checkFetchHost is the host rule of CheckFetch.
func (u URI) checkFetchHost() error {
	off := int(u.spans[cHost].begin)
	a, err := u.ASCIIHostname()
	if err != nil {
		var he *HostError
		if errors.As(err, &he) {
			off = he.Offset
		}
		return &FetchError{Code: FetchHost, Offset: off, Err: err}
	}
	if h, _ := u.Host(); h.Kind() != RegName {
		return nil
	}
	if _, err := idna.Strict.ToASCII(strings.TrimSuffix(a, ".")); err != nil {
		return &FetchError{Code: FetchHost, Offset: off, Err: err}
	}
	return nil
}

// containsFold reports whether list holds s, without regard to ASCII
// case.
func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
