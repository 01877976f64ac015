package uri_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// hostileResult is what a hostile input parses to as a URI-reference
// (RFC 3986 §4.1): the components, nil when undefined (§5.2.1), and the
// host's kind; or the error's offset, rule and kind.
type hostileResult struct {
	Valid                                         bool
	Scheme, Userinfo, Host, Port, Query, Fragment *string
	Path                                          string
	HostKind                                      uri.HostKind
	Offset                                        int
	Rule                                          string
	Kind                                          uri.ErrorKind
}

func hs(s string) *string { return &s }

func hostileOpt(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

func ok(scheme, userinfo, host, port *string, path string, query, fragment *string, k uri.HostKind) hostileResult {
	return hostileResult{Valid: true, Scheme: scheme, Userinfo: userinfo, Host: host, Port: port,
		Path: path, Query: query, Fragment: fragment, HostKind: k}
}

func bad(off int, rule string, k uri.ErrorKind) hostileResult {
	return hostileResult{Offset: off, Rule: rule, Kind: k}
}

// hostileParse parses s as a URI-reference and reports the result; a
// panic fails the test.
func hostileParse(t *testing.T, s string) (got hostileResult) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("ParseReference(%q) panicked: %v", s, r)
		}
	}()
	u, err := uri.ParseReference(s)
	if err != nil {
		var pe *uri.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("ParseReference(%q) error %v is not a *ParseError", s, err)
		}
		return bad(pe.Offset, pe.Rule, pe.Kind)
	}
	got = hostileResult{Valid: true, Path: u.Path().String()}
	got.Scheme = hostileOpt(u.Scheme())
	got.Userinfo = hostileOpt(u.Userinfo())
	if h, ok := u.Host(); ok {
		got.Host, got.HostKind = hs(h.String()), h.Kind()
	}
	got.Port = hostileOpt(u.Port())
	got.Query = hostileOpt(u.Query())
	got.Fragment = hostileOpt(u.Fragment())
	return got
}

// TestHostile checks inputs built to confuse parsers, each row citing the
// rule of RFC 3986 that decides it: validity, the exact components (nil
// for undefined, "" for empty), the host's kind, and for an invalid input
// the offset, rule and kind of the error.
func TestHostile(t *testing.T) {
	tests := []struct {
		in   string
		abnf string
		want hostileResult
	}{
		// backslash
		{"a\\b", "§2: no rule allows a backslash", bad(1, "path-noscheme", uri.UnexpectedByte)},
		{"http:\\\\h\\p", "§2: no rule allows a backslash", bad(5, "URI", uri.UnexpectedByte)},
		{"http://h\\p", "§2: no rule allows a backslash", bad(8, "reg-name", uri.UnexpectedByte)},
		{"http://u\\@h/", "§2: no rule allows a backslash", bad(8, "reg-name", uri.UnexpectedByte)},
		{"/p?q\\", "§2: no rule allows a backslash", bad(4, "query", uri.UnexpectedByte)},
		{"#f\\", "§2: no rule allows a backslash", bad(2, "fragment", uri.UnexpectedByte)},
		{"\\\\h", "§2: no rule allows a backslash", bad(0, "URI-reference", uri.UnexpectedByte)},
		// non-ASCII
		{"http://h/é", "§2: URIs are ASCII, no rule allows a byte >= 0x80", bad(9, "path-abempty", uri.NonASCII)},
		{"http://é/", "§2: URIs are ASCII, no rule allows a byte >= 0x80", bad(7, "authority", uri.NonASCII)},
		{"\xff", "§2: URIs are ASCII, no rule allows a byte >= 0x80", bad(0, "URI-reference", uri.NonASCII)},
		{"http://h/?\xfe", "§2: URIs are ASCII, no rule allows a byte >= 0x80", bad(10, "query", uri.NonASCII)},
		{"http://h/#\x80", "§2: URIs are ASCII, no rule allows a byte >= 0x80", bad(10, "fragment", uri.NonASCII)},
		{"h\xc3(", "§2: URIs are ASCII, no rule allows a byte >= 0x80", bad(1, "path-noscheme", uri.NonASCII)},
		{"http://u\xe2\x82@h", "§2: URIs are ASCII, no rule allows a byte >= 0x80", bad(8, "reg-name", uri.NonASCII)},
		// percent
		{"%", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(0, "pct-encoded", uri.BadPercent)},
		{"%2", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(0, "pct-encoded", uri.BadPercent)},
		{"%zz", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(0, "pct-encoded", uri.BadPercent)},
		{"%%", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(0, "pct-encoded", uri.BadPercent)},
		{"http://h/%", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(9, "pct-encoded", uri.BadPercent)},
		{"http://h/%2", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(9, "pct-encoded", uri.BadPercent)},
		{"http://h/%zz", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(9, "pct-encoded", uri.BadPercent)},
		{"http://h/%%", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(9, "pct-encoded", uri.BadPercent)},
		{"http://h/%2G", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(9, "pct-encoded", uri.BadPercent)},
		{"http://%/", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(7, "pct-encoded", uri.BadPercent)},
		{"http://%2/", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(7, "pct-encoded", uri.BadPercent)},
		{"http://u%zz@h", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(8, "pct-encoded", uri.BadPercent)},
		{"?%", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(1, "pct-encoded", uri.BadPercent)},
		{"#%2", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(1, "pct-encoded", uri.BadPercent)},
		{"http://h:%38/", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", bad(9, "port", uri.UnexpectedByte)},
		{"http://h/%20", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", ok(hs("http"), nil, hs("h"), nil, "/%20", nil, nil, uri.RegName)},
		{"http://h/%2f%2F", "§2.1: pct-encoded = \"%\" HEXDIG HEXDIG", ok(hs("http"), nil, hs("h"), nil, "/%2f%2F", nil, nil, uri.RegName)},
		// at
		{"http://a@b@c/", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", bad(10, "reg-name", uri.UnexpectedByte)},
		{"http://@@h/", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", bad(8, "userinfo", uri.UnexpectedByte)},
		{"http://@h", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(hs("http"), hs(""), hs("h"), nil, "", nil, nil, uri.RegName)},
		{"@", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(nil, nil, nil, nil, "@", nil, nil, 0)},
		{"@a", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(nil, nil, nil, nil, "@a", nil, nil, 0)},
		{"a@b", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(nil, nil, nil, nil, "a@b", nil, nil, 0)},
		{"http:a@b", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(hs("http"), nil, nil, nil, "a@b", nil, nil, 0)},
		{"//@", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(nil, hs(""), hs(""), nil, "", nil, nil, uri.RegName)},
		{"//u@", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(nil, hs("u"), hs(""), nil, "", nil, nil, uri.RegName)},
		{"//u@:", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(nil, hs("u"), hs(""), hs(""), "", nil, nil, uri.RegName)},
		{"http://h/@", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(hs("http"), nil, hs("h"), nil, "/@", nil, nil, uri.RegName)},
		{"http://h?@#@", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(hs("http"), nil, hs("h"), nil, "", hs("@"), hs("@"), uri.RegName)},
		{"http://h@", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(hs("http"), hs("h"), hs(""), nil, "", nil, nil, uri.RegName)},
		{"http://u:p@h@", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", bad(12, "reg-name", uri.UnexpectedByte)},
		{"mailto:a@b@c", "§3.2.1: userinfo excludes \"@\"; §3.3: pchar allows it", ok(hs("mailto"), nil, nil, nil, "a@b@c", nil, nil, 0)},
		// brackets
		{"http://h[/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(8, "reg-name", uri.UnexpectedByte)},
		{"http://h]/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(8, "reg-name", uri.UnexpectedByte)},
		{"http://[h/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(7, "authority", uri.UnexpectedByte)},
		{"http://]h/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[]/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[[::1]]/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(7, "authority", uri.UnexpectedByte)},
		{"http://h/[x]", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(9, "path-abempty", uri.UnexpectedByte)},
		{"http://h/?[", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(10, "query", uri.UnexpectedByte)},
		{"http://h/#]", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(10, "fragment", uri.UnexpectedByte)},
		{"[::1]", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(0, "URI-reference", uri.UnexpectedByte)},
		{"/[::1]", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(1, "path-absolute", uri.UnexpectedByte)},
		{"http://[::1]]/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(12, "host", uri.UnexpectedByte)},
		{"http://u[@h", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(8, "reg-name", uri.UnexpectedByte)},
		{"http://[::1]:80/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", ok(hs("http"), nil, hs("[::1]"), hs("80"), "/", nil, nil, uri.IPv6)},
		{"http://h:80]/", "§3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; no other rule allows [ ]", bad(11, "port", uri.UnexpectedByte)},
		// ipv6
		{"http://[::]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[::]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[::1]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[::1]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1::]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1::]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1::8]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1::8]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2::8]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1:2::8]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3::8]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1:2:3::8]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3:4::8]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1:2:3:4::8]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3:4:5::8]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1:2:3:4:5::8]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3:4:5:6::8]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1:2:3:4:5:6::8]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3:4:5:6:7::]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1:2:3:4:5:6:7::]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[::2:3:4:5:6:7:8]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[::2:3:4:5:6:7:8]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3:4:5:6:7:8]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1:2:3:4:5:6:7:8]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3:4:5:6:7:8:9]/", "§3.2.2: IPv6address, h16, ls32", bad(23, "ls32", uri.UnexpectedByte)},
		{"http://[1:2:3:4:5:6:7]/", "§3.2.2: IPv6address, h16, ls32", bad(21, "h16", uri.UnexpectedByte)},
		{"http://[1::2::3]/", "§3.2.2: IPv6address, h16, ls32", bad(12, "h16", uri.UnexpectedByte)},
		{"http://[:::]/", "§3.2.2: IPv6address, h16, ls32", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[:1::]/", "§3.2.2: IPv6address, h16, ls32", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[1:::2]/", "§3.2.2: IPv6address, h16, ls32", bad(9, "h16", uri.UnexpectedByte)},
		{"http://[12345::]/", "§3.2.2: IPv6address, h16, ls32", bad(12, "h16", uri.UnexpectedByte)},
		{"http://[::g]/", "§3.2.2: IPv6address, h16, ls32", bad(10, "IPv6address", uri.UnexpectedByte)},
		{"http://[1:2:3:4:5:6:7::8]/", "§3.2.2: IPv6address, h16, ls32", bad(21, "h16", uri.UnexpectedByte)},
		{"http://[::1:2:3:4:5:6:7:8]/", "§3.2.2: IPv6address, h16, ls32", bad(23, "ls32", uri.UnexpectedByte)},
		{"http://[::1.2.3.4]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[::1.2.3.4]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[::ffff:1.2.3.4]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[::ffff:1.2.3.4]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3:4:5:6:1.2.3.4]/", "§3.2.2: IPv6address, h16, ls32", ok(hs("http"), nil, hs("[1:2:3:4:5:6:1.2.3.4]"), nil, "/", nil, nil, uri.IPv6)},
		{"http://[1:2:3:4:5:6:7:1.2.3.4]/", "§3.2.2: IPv6address, h16, ls32", bad(23, "ls32", uri.UnexpectedByte)},
		{"http://[::1.2.3]/", "§3.2.2: IPv6address, h16, ls32", bad(15, "dec-octet", uri.UnexpectedByte)},
		{"http://[::1.2.3.256]/", "§3.2.2: IPv6address, h16, ls32", bad(18, "ls32", uri.UnexpectedByte)},
		{"http://[::01.2.3.4]/", "§3.2.2: IPv6address, h16, ls32", bad(12, "h16", uri.UnexpectedByte)},
		{"http://[1.2.3.4]/", "§3.2.2: IPv6address, h16, ls32", bad(9, "h16", uri.UnexpectedByte)},
		{"http://[::1.2.3.4:5]/", "§3.2.2: IPv6address, h16, ls32", bad(17, "ls32", uri.UnexpectedByte)},
		{"http://[1.2.3.4::]/", "§3.2.2: IPv6address, h16, ls32", bad(9, "h16", uri.UnexpectedByte)},
		// zone
		{"http://[fe80::1%25eth0]/", "§3.2.2: IPv6address has no zone ID", bad(15, "IPv6address", uri.UnexpectedByte)},
		{"http://[fe80::1%eth0]/", "§3.2.2: IPv6address has no zone ID", bad(15, "pct-encoded", uri.BadPercent)},
		{"http://[fe80::1%]/", "§3.2.2: IPv6address has no zone ID", bad(15, "pct-encoded", uri.BadPercent)},
		{"http://[fe80::1%25]/", "§3.2.2: IPv6address has no zone ID", bad(15, "IPv6address", uri.UnexpectedByte)},
		// ipvfuture
		{"http://[v1.x]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", ok(hs("http"), nil, hs("[v1.x]"), nil, "/", nil, nil, uri.IPvFuture)},
		{"http://[V1.x]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", ok(hs("http"), nil, hs("[V1.x]"), nil, "/", nil, nil, uri.IPvFuture)},
		{"http://[vF.a:b]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", ok(hs("http"), nil, hs("[vF.a:b]"), nil, "/", nil, nil, uri.IPvFuture)},
		{"http://[v.x]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[v1.]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[v1x]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[vg.x]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[v1.x/y]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(12, "IPvFuture", uri.UnexpectedByte)},
		{"http://[v1.%41]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[v1.x@y]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(12, "IPvFuture", uri.UnexpectedByte)},
		{"http://[v1.!$&'()*+,;=:-._~]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", ok(hs("http"), nil, hs("[v1.!$&'()*+,;=:-._~]"), nil, "/", nil, nil, uri.IPvFuture)},
		{"http://[w1.x]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[v]/", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(7, "authority", uri.UnexpectedByte)},
		{"http://[v1.x", "§3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )", bad(12, "IPvFuture", uri.UnexpectedEnd)},
		// ipv4
		{"http://01.2.3.4/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("01.2.3.4"), nil, "/", nil, nil, uri.RegName)},
		{"http://256.1.1.1/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("256.1.1.1"), nil, "/", nil, nil, uri.RegName)},
		{"http://1.2.3/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1.2.3"), nil, "/", nil, nil, uri.RegName)},
		{"http://0x7f.1/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("0x7f.1"), nil, "/", nil, nil, uri.RegName)},
		{"http://2130706433/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("2130706433"), nil, "/", nil, nil, uri.RegName)},
		{"http://1.2.3.4.5/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1.2.3.4.5"), nil, "/", nil, nil, uri.RegName)},
		{"http://1.2.3.45x/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1.2.3.45x"), nil, "/", nil, nil, uri.RegName)},
		{"http://1.2.3.4/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1.2.3.4"), nil, "/", nil, nil, uri.IPv4)},
		{"http://0.0.0.0/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("0.0.0.0"), nil, "/", nil, nil, uri.IPv4)},
		{"http://255.255.255.255/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("255.255.255.255"), nil, "/", nil, nil, uri.IPv4)},
		{"http://1.2.3.4./", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1.2.3.4."), nil, "/", nil, nil, uri.RegName)},
		{"http://1.2.3.04/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1.2.3.04"), nil, "/", nil, nil, uri.RegName)},
		{"http://1..2.3/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1..2.3"), nil, "/", nil, nil, uri.RegName)},
		{"http://1.2.3.4:80/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1.2.3.4"), hs("80"), "/", nil, nil, uri.IPv4)},
		{"http://1.2.3.4%30/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("1.2.3.4%30"), nil, "/", nil, nil, uri.RegName)},
		{"http://0177.0.0.1/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("0177.0.0.1"), nil, "/", nil, nil, uri.RegName)},
		{"http://127.1/", "§3.2.2: IPv4address, dec-octet; else reg-name (first-match-wins)", ok(hs("http"), nil, hs("127.1"), nil, "/", nil, nil, uri.RegName)},
		// port
		{"http://h:", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs("h"), hs(""), "", nil, nil, uri.RegName)},
		{"http://h:/", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs("h"), hs(""), "/", nil, nil, uri.RegName)},
		{"http://h:0", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs("h"), hs("0"), "", nil, nil, uri.RegName)},
		{"http://h:65535", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs("h"), hs("65535"), "", nil, nil, uri.RegName)},
		{"http://h:65536", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs("h"), hs("65536"), "", nil, nil, uri.RegName)},
		{"http://h:99999999999999999999999999", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs("h"), hs("99999999999999999999999999"), "", nil, nil, uri.RegName)},
		{"http://h:00080", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs("h"), hs("00080"), "", nil, nil, uri.RegName)},
		{"http://h:-1", "§3.2.3: port = *DIGIT", bad(9, "port", uri.UnexpectedByte)},
		{"http://h:+1", "§3.2.3: port = *DIGIT", bad(9, "port", uri.UnexpectedByte)},
		{"http://h: 80", "§3.2.3: port = *DIGIT", bad(9, "port", uri.UnexpectedByte)},
		{"http://h:80:80", "§3.2.3: port = *DIGIT", bad(11, "port", uri.UnexpectedByte)},
		{"http://h:8a", "§3.2.3: port = *DIGIT", bad(10, "port", uri.UnexpectedByte)},
		{"http://:80", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs(""), hs("80"), "", nil, nil, uri.RegName)},
		{"http://:", "§3.2.3: port = *DIGIT", ok(hs("http"), nil, hs(""), hs(""), "", nil, nil, uri.RegName)},
		{"//:", "§3.2.3: port = *DIGIT", ok(nil, nil, hs(""), hs(""), "", nil, nil, uri.RegName)},
		{"http://h::80", "§3.2.3: port = *DIGIT", bad(9, "port", uri.UnexpectedByte)},
		// scheme
		{"1a:b", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(2, "path-noscheme", uri.UnexpectedByte)},
		{"a:", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(hs("a"), nil, nil, nil, "", nil, nil, 0)},
		{"-a:b", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(2, "path-noscheme", uri.UnexpectedByte)},
		{"./a:b", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(nil, nil, nil, nil, "./a:b", nil, nil, 0)},
		{"a/b:c", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(nil, nil, nil, nil, "a/b:c", nil, nil, 0)},
		{"+a:b", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(2, "path-noscheme", uri.UnexpectedByte)},
		{".a:b", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(2, "path-noscheme", uri.UnexpectedByte)},
		{"a+-.:b", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(hs("a+-."), nil, nil, nil, "b", nil, nil, 0)},
		{"a_b:c", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(3, "path-noscheme", uri.UnexpectedByte)},
		{"a b:c", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(1, "path-noscheme", uri.UnexpectedByte)},
		{":a", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(0, "URI-reference", uri.UnexpectedByte)},
		{":", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(0, "URI-reference", uri.UnexpectedByte)},
		{"a:b:c", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(hs("a"), nil, nil, nil, "b:c", nil, nil, 0)},
		{"A:B", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(hs("A"), nil, nil, nil, "B", nil, nil, 0)},
		{"1:", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", bad(1, "path-noscheme", uri.UnexpectedByte)},
		{"a1:", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(hs("a1"), nil, nil, nil, "", nil, nil, 0)},
		{"?a:b", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(nil, nil, nil, nil, "", hs("a:b"), nil, 0)},
		{"#a:b", "§3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ); §3.3: path-noscheme", ok(nil, nil, nil, nil, "", nil, hs("a:b"), 0)},
		// authority
		{"//", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, hs(""), nil, "", nil, nil, uri.RegName)},
		{"///", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, hs(""), nil, "/", nil, nil, uri.RegName)},
		{"///x", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, hs(""), nil, "/x", nil, nil, uri.RegName)},
		{"////x", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, hs(""), nil, "//x", nil, nil, uri.RegName)},
		{"a:/.//b", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("a"), nil, nil, nil, "/.//b", nil, nil, 0)},
		{"a://", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("a"), nil, hs(""), nil, "", nil, nil, uri.RegName)},
		{"a:///", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("a"), nil, hs(""), nil, "/", nil, nil, uri.RegName)},
		{"a:////b", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("a"), nil, hs(""), nil, "//b", nil, nil, uri.RegName)},
		{"//x", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, hs("x"), nil, "", nil, nil, uri.RegName)},
		{"/x//y", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, nil, nil, "/x//y", nil, nil, 0)},
		{"a:b//c", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("a"), nil, nil, nil, "b//c", nil, nil, 0)},
		{"http:", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("http"), nil, nil, nil, "", nil, nil, 0)},
		{"http:/", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("http"), nil, nil, nil, "/", nil, nil, 0)},
		{"http://", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("http"), nil, hs(""), nil, "", nil, nil, uri.RegName)},
		{"http:?", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("http"), nil, nil, nil, "", hs(""), nil, 0)},
		{"http:#", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(hs("http"), nil, nil, nil, "", nil, hs(""), 0)},
		{"", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, nil, nil, "", nil, nil, 0)},
		{"?", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, nil, nil, "", hs(""), nil, 0)},
		{"#", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, nil, nil, "", nil, hs(""), 0)},
		{"//?#", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, hs(""), nil, "", hs(""), hs(""), uri.RegName)},
		{"//h?#", "§3, §4.2: \"//\" authority path-abempty / path-absolute", ok(nil, nil, hs("h"), nil, "", hs(""), hs(""), uri.RegName)},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := hostileParse(t, tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseReference(%q) mismatch (%s) (-want +got):\n%s", tt.in, tt.abnf, diff)
			}
		})
	}
}

// TestHostileControls puts each control byte, space, DEL and a byte >=
// 0x80 at the start, middle and end of every component: RFC 3986 §2 allows
// none of them anywhere, so the error is at the inserted byte, in the rule
// that was being matched there.
func TestHostileControls(t *testing.T) {
	const tpl = "htp://usr@hst:123/pth?qry#frg"
	tests := []struct {
		component string
		at        int
		rule      string
	}{
		// §3.1 scheme: at 0 no rule can start; after that the bytes read
		// as a relative path-noscheme (§4.2) until the ":".
		{"scheme", 0, "URI-reference"}, {"scheme", 1, "path-noscheme"}, {"scheme", 3, "path-noscheme"},
		// §3.2.1 userinfo: until an "@" is seen, the bytes may be a host.
		{"userinfo", 6, "authority"}, {"userinfo", 7, "reg-name"}, {"userinfo", 9, "reg-name"},
		// §3.2.2 host.
		{"host", 10, "userinfo"}, {"host", 11, "reg-name"}, {"host", 13, "reg-name"},
		// §3.2.3 port = *DIGIT.
		{"port", 14, "port"}, {"port", 15, "port"}, {"port", 17, "port"},
		// §3.3 path-abempty, segment.
		{"path", 18, "path-abempty"}, {"path", 19, "path-abempty"}, {"path", 21, "path-abempty"},
		// §3.4 query, §3.5 fragment.
		{"query", 22, "query"}, {"query", 23, "query"}, {"query", 25, "query"},
		{"fragment", 26, "fragment"}, {"fragment", 27, "fragment"}, {"fragment", 29, "fragment"},
	}
	for _, tt := range tests {
		t.Run(tt.component, func(t *testing.T) {
			for _, b := range []byte{' ', '\t', '\r', '\n', 0x00, 0x01, 0x1b, 0x1f, 0x7f, 0x80, 0xc3, 0xff} {
				s := tpl[:tt.at] + string([]byte{b}) + tpl[tt.at:]
				kind := uri.UnexpectedByte
				if b >= 0x80 {
					kind = uri.NonASCII
				}
				want := bad(tt.at, tt.rule, kind)
				got := hostileParse(t, s)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("ParseReference(%q) mismatch (%s byte %#02x) (-want +got):\n%s", s, tt.component, b, diff)
				}
			}
		})
	}
}

// TestHostileEntryPoints checks that the four entry rules (RFC 3986 §3,
// §4.1, §4.2, §4.3) never panic and agree on hostile inputs: a URI is a
// URI-reference, and so is a relative-ref.
func TestHostileEntryPoints(t *testing.T) {
	inputs := []string{"", "a:", "//", "http://[::1]:80/?#", "http://a@b@c", "\x00", "%", "a:b#c", "?#", "\\\\h"}
	for _, s := range inputs {
		t.Run(s, func(t *testing.T) {
			_, errRef := uri.ParseReference(s)
			_, errURI := uri.Parse(s)
			_, errAbs := uri.ParseAbsolute(s)
			_, errRel := uri.ParseRelative(s)
			got := fmt.Sprint(errURI == nil || errRel == nil, errAbs == nil && errURI != nil)
			want := fmt.Sprint(errRef == nil, false)
			if got != want {
				t.Errorf("entry points disagree on %q: URI %v, absolute-URI %v, relative-ref %v, URI-reference %v",
					s, errURI, errAbs, errRel, errRef)
			}
		})
	}
}
