package confusion_test

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/confusion"
)

// corpusInputs returns every input of the conformance corpus.
func corpusInputs(t testing.TB) []string {
	t.Helper()
	data, err := os.ReadFile("../../testdata/conformance/parse.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Input string `json:"input"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	var in []string
	for _, c := range cases {
		in = append(in, c.Input)
	}
	return in
}

// A divergenceClass is one known way this library and net/url read an
// input differently (RFC 3986 §7). FuzzConfusion fails on any difference
// that no class explains, until it is studied and added here.
type divergenceClass struct {
	name string
	// why explains the class, citing the rule that decides it.
	why string
	// match reports whether the report's differences are of this class.
	match func(s string, r confusion.Report) bool
}

// divergenceClasses is the documented list of every divergence between
// this library and net/url found so far, most specific first.
var divergenceClasses = []divergenceClass{
	{
		name: "zone-id",
		why: "net/url accepts an RFC 6874 zone ID (\"[fe80::1%25eth0]\"); " +
			"RFC 3986 §3.2.2 IP-literal has no zone, and \"%\" is not allowed in IPv6address",
		match: func(s string, r confusion.Report) bool {
			return strictOnlyRejects(r) && strings.Contains(r.NetURL.Host.Value, ":") &&
				strings.Contains(r.NetURL.Host.Value, "%")
		},
	},
	{
		name: "at-in-userinfo",
		why: "net/url takes the userinfo up to the last \"@\" of the authority and allows \"@\" in it; " +
			"RFC 3986 §3.2.1 userinfo excludes \"@\", so a second \"@\" is an error in host (§3.2.2 reg-name)",
		match: func(s string, r confusion.Report) bool {
			return strictOnlyRejects(r) && r.NetURL.Userinfo.Defined && strings.Contains(r.NetURL.Userinfo.Value, "%40")
		},
	},
	{
		name: "colon-in-host",
		why: "net/url splits the port at the last \":\" and allows more colons in the host name " +
			"(\"http://a:b:80\" has host \"a:b\"); RFC 3986 §3.2.2 reg-name excludes \":\", so the " +
			"first \":\" starts the port and a non-digit there is an error (§3.2.3 port = *DIGIT)",
		match: func(s string, r confusion.Report) bool {
			h := r.NetURL.Host.Value
			return strictOnlyRejects(r) && strings.Contains(h, ":") && !strings.Contains(s, "["+h+"]")
		},
	},
	{
		name: "unchecked-opaque",
		why: "net/url keeps the opaque part of a URI without a \"//\" (\"a:b%zz\") unchecked; " +
			"RFC 3986 §3.3 path-rootless allows only pchar and \"/\"",
		match: func(s string, r confusion.Report) bool {
			return strictOnlyRejects(r) && r.NetURL.Scheme.Defined && !r.NetURL.Host.Defined &&
				!strings.HasPrefix(r.NetURL.Path.Value, "/") && netURLPartAt(s, strictError(r).Offset) == "path"
		},
	},
	{
		name: "unchecked-query-encoding",
		why: "net/url keeps the raw query without checking its percent-encoding (\"?%zz\"); " +
			"RFC 3986 §3.4 query allows \"%\" only in pct-encoded (§2.1)",
		match: func(s string, r confusion.Report) bool {
			pe := strictError(r)
			return strictOnlyRejects(r) && pe.Kind == uri.BadPercent && netURLPartAt(s, pe.Offset) == "query"
		},
	},
	{
		name: "unchecked-fragment-bytes",
		why: "net/url checks no control bytes and no second \"#\" in the fragment (\"#a\\tb\", \"#a#b\"), " +
			"and escapes them; RFC 3986 §3.5 fragment allows only pchar, \"/\" and \"?\"",
		match: func(s string, r confusion.Report) bool {
			pe := strictError(r)
			return strictOnlyRejects(r) && pe.Kind == uri.UnexpectedByte && netURLPartAt(s, pe.Offset) == "fragment" &&
				(errByte(s, pe) < ' ' || errByte(s, pe) == 0x7f || errByte(s, pe) == '#')
		},
	},
	{
		name: "byte-outside-rfc3986",
		why: "net/url accepts printable bytes that no RFC 3986 rule allows (space, '\"', '<', '>', '\\\\', " +
			"'^', '`', '{', '|', '}', bytes >= 0x80) in userinfo, host, path, query and fragment; " +
			"RFC 3986 §2 allows only unreserved, reserved and pct-encoded",
		match: func(s string, r confusion.Report) bool {
			pe := strictError(r)
			return strictOnlyRejects(r) && (pe.Kind == uri.UnexpectedByte || pe.Kind == uri.NonASCII) &&
				errByte(s, pe) >= ' ' && errByte(s, pe) != 0x7f && !isURIChar(byte(errByte(s, pe)))
		},
	},
	{
		name: "bracket-outside-ip-literal",
		why: "net/url accepts \"[\" and \"]\" in path, query and fragment; RFC 3986 §3.2.2 allows them " +
			"only around an IP-literal (they are gen-delims, §2.2, not pchar)",
		match: func(s string, r confusion.Report) bool {
			pe := strictError(r)
			return strictOnlyRejects(r) && pe.Kind == uri.UnexpectedByte && (errByte(s, pe) == '[' || errByte(s, pe) == ']')
		},
	},
	{
		name: "encoded-ascii-in-host",
		why: "net/url rejects a percent-encoded ASCII byte other than %25 in a host (\"%41\"); " +
			"RFC 3986 §3.2.2 reg-name allows any pct-encoded",
		match: func(s string, r confusion.Report) bool {
			if !netURLOnlyRejects(r) || r.Strict.HostKind != uri.RegName {
				return false
			}
			h := r.Strict.Host.Value
			for i := strings.IndexByte(h, '%'); i >= 0; i = strings.IndexByte(h, '%') {
				if h[i+1] < '8' && h[i+1:i+3] != "25" {
					return true
				}
				h = h[i+3:]
			}
			return false
		},
	},
	{
		name: "ipvfuture",
		why:  "net/url rejects IPvFuture literals (\"[v1.x]\"), which RFC 3986 §3.2.2 IP-literal allows",
		match: func(s string, r confusion.Report) bool {
			return netURLOnlyRejects(r) && r.Strict.HostKind == uri.IPvFuture
		},
	},
	{
		name: "triple-slash-relative",
		why: "net/url reads a relative reference starting \"///\" as a path; RFC 3986 §4.2 relative-part " +
			"reads \"//\" authority (empty) path-abempty",
		match: func(s string, r confusion.Report) bool {
			return bothAccept(r) && !r.Strict.Scheme.Defined && strings.HasPrefix(s, "///") &&
				onlyDiffer(r, confusion.DiffPath)
		},
	},
	{
		name: "asterisk-path",
		why: "net/url writes a path that decodes to \"*\" as \"*\" (EscapedPath's special case for " +
			"the HTTP request target), so \"%2A\" reads as \"*\"; RFC 3986 §2.1 keeps a " +
			"percent-encoding as written, and §6.2.2.2 alone may decode it, for unreserved octets only",
		match: func(s string, r confusion.Report) bool {
			return bothAccept(r) && r.NetURL.Path.Value == "*" && r.Strict.Path.Value != "*" &&
				onlyDiffer(r, confusion.DiffPath)
		},
	},
}

// netURLPartAt tells in which part net/url.Parse, which cuts the fragment
// at the first "#" and then the query at the first "?", puts offset off.
func netURLPartAt(s string, off int) string {
	if i := strings.IndexByte(s, '#'); i >= 0 && i < off {
		return "fragment"
	}
	if i := strings.IndexByte(s, '?'); i >= 0 && i < off {
		return "query"
	}
	return "path"
}

func strictError(r confusion.Report) *uri.ParseError {
	var pe *uri.ParseError
	if !errors.As(r.Strict.Err, &pe) {
		return &uri.ParseError{}
	}
	return pe
}

func strictOnlyRejects(r confusion.Report) bool { return !r.Strict.Valid && r.NetURL.Valid }
func netURLOnlyRejects(r confusion.Report) bool { return r.Strict.Valid && !r.NetURL.Valid }
func bothAccept(r confusion.Report) bool        { return r.Strict.Valid && r.NetURL.Valid }

func onlyDiffer(r confusion.Report, d ...confusion.Difference) bool {
	for _, x := range r.Differences {
		if !slices.Contains(d, x) {
			return false
		}
	}
	return true
}

// isURIChar reports whether c appears in some rule of RFC 3986 (§2):
// unreserved, reserved or the "%" of pct-encoded.
func isURIChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("-._~:/?#[]@!$&'()*+,;=%", c) >= 0
}

// errByte returns the byte of s at the offset of pe, or -1 at the end:
// pe.Byte is -1 too where the byte is in a masked password.
func errByte(s string, pe *uri.ParseError) int {
	if pe.Offset >= len(s) {
		return -1
	}
	return int(s[pe.Offset])
}

// classify returns the name of the divergence class of r, "" when the
// readings agree, or "unclassified".
func classify(s string, r confusion.Report) string {
	if len(r.Differences) == 0 {
		return ""
	}
	for _, c := range divergenceClasses {
		if c.match(s, r) {
			return c.name
		}
	}
	return "unclassified"
}

// hostileSeeds are inputs of every class of issue 6, for the fuzz targets.
var hostileSeeds = []string{
	"http://user:secret@example.com/p?q#f",
	"http://a@b@c/", "http://u:p@h@evil/", "http://h/hello world",
	"http:\\\\evil.com\\", "http://h\\@evil/", "/\\evil",
	"http://[fe80::1%25eth0]/", "http://[v1.x]/", "http://[::ffff:1.2.3.4]/",
	"http://%41/", "http://ex%2eample/", "http://%C3%A9/",
	"http://0x7f.1/", "http://2130706433/", "http://01.2.3.4/", "http://1.2.3/",
	"http://h:/", "http://h:99999999999999999999/",
	"///x", "//", "a:/.//b", "1a:b", "-a:b", "./a:b", "a/b:c",
	"http://h/?%zz", "http://h/%", "%2", "%%", "http://h/[x]",
	" http://h/", "http://h/\t", "http://h/\x00", "http://h/\xff", "http://é/",
}

// FuzzConfusion is the differential fuzz target against net/url (RFC 3986
// §7): Check must not panic, must agree with itself, and every
// difference it finds must belong to a documented divergence class.
func FuzzConfusion(f *testing.F) {
	for _, s := range hostileSeeds {
		f.Add(s)
	}
	for _, s := range corpusInputs(f) {
		f.Add(s)
	}
	for _, s := range []string{"http://\u0430pple.com/", "http://xn--pple-43d.apple.com/", "http://xn--a.com/",
		"http://a\u200db.com/", "http://ExAmple.com:080/a/../b?q#f", "http:evil.com", "ws://\u6771\u4eac.jp"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := confusion.Check(s)
		if r.Strict.Valid == (r.Strict.Err != nil) || r.NetURL.Valid == (r.NetURL.Err != nil) || r.WHATWG.Valid == (r.WHATWG.Err != nil) {
			t.Fatalf("Check(%q): Valid and Err disagree: %#v", s, r)
		}
		checkIDN(t, s, r)
		if c := classify(s, r); c == "unclassified" {
			t.Fatalf("Check(%q): unclassified divergence %v\nstrict: %+v\nnet/url: %+v",
				s, r.Differences, r.Strict, r.NetURL)
		}
	})
}

// checkIDN checks the IDN reading of a report: warned about only when
// read, an error or labels and a display, and each label's references in
// range.
func checkIDN(t *testing.T, s string, r confusion.Report) {
	t.Helper()
	n := r.IDN
	for _, w := range r.Warnings {
		switch w {
		case confusion.WarnIDNAInvalid, confusion.WarnMixedScript, confusion.WarnConfusable, confusion.WarnMixedNumbers, confusion.WarnUnlikelyMarks, confusion.WarnIDNDisplay:
			if n == nil {
				t.Fatalf("Check(%q): warning %s without an IDN reading", s, w)
			}
		}
	}
	if n == nil {
		return
	}
	if (n.Err == nil) == (n.ASCII == "" && n.Display == "" && len(n.Labels) == 0) {
		t.Fatalf("Check(%q): IDN %+v: an error and a result, or neither", s, n)
	}
	for i, l := range n.Labels {
		if l.SameSkeletonAs >= len(n.Labels) || l.SameSkeletonAs == i || l.SameSkeletonAs < -1 {
			t.Fatalf("Check(%q): label %d is confusable with label %d of %d", s, i, l.SameSkeletonAs, len(n.Labels))
		}
	}
}
