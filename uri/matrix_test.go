package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/mailto"
	"github.com/specuri/specuri/uri/neturl"
	"github.com/specuri/specuri/uri/origin"
)

// The matrix: every public function and method that takes a URI, on every
// kind of value the package can produce (RFC 3986, RFC 6874 zones, RFC
// 3987 IRIs, decoded paths starting with "//", empty and undefined
// components). Each call either succeeds with its documented result or
// returns one of its documented errors, and never panics.

// matrixValues are values the corpus may not hold: each syntax, and the
// corners of presence and encoding.
var matrixValues = []struct {
	syntax uri.Syntax
	in     string
}{
	// Empty and undefined components (RFC 3986 §5.2.1, §5.3).
	{uri.RFC3986, ""}, {uri.RFC3986, "?"}, {uri.RFC3986, "#"}, {uri.RFC3986, "?#"}, {uri.RFC3986, "//"},
	{uri.RFC3986, "s:"}, {uri.RFC3986, "s://"}, {uri.RFC3986, "s://@:?#"}, {uri.RFC3986, "//@"}, {uri.RFC3986, "//:"},
	{uri.RFC3986, "http://h"}, {uri.RFC3986, "http://h:"}, {uri.RFC3986, "http://@h/"}, {uri.RFC3986, "file:///p"},
	{uri.RFC3986, "urn:isbn:0451450523"}, {uri.RFC3986, "mailto:a@b?subject=x%20y"}, {uri.RFC3986, "a:b//c"},
	{uri.RFC3986, "http://u:p@[v1.x]:80/?#"}, {uri.RFC3986, "http://[::FFFF:1.2.3.4]/"}, {uri.RFC3986, "HTTP://H:0080/./a/../b"},
	{uri.RFC3986, "./a:b"}, {uri.RFC3986, "a/b?c#d"}, {uri.RFC3986, "s:a%3Ab"}, {uri.RFC3986, "http://h/%7e%7E"},
	// Decoded paths that start with "//", and reserved characters
	// encoded (RFC 3986 §2.2, §3.3).
	{uri.RFC3986, "%2F%2Fx"}, {uri.RFC3986, "x:%2F%2Fy"}, {uri.RFC3986, "http:/%2F9/a"}, {uri.RFC3986, "a%2Fb"},
	{uri.RFC3986, "/%2F"}, {uri.RFC3986, "a:/.//b"}, {uri.RFC3986, "//h//x"}, {uri.RFC3986, "s:%2F"},
	{uri.RFC3986, "http://a%3Ab:c%40d@h/p?a%26b=c%3Dd#e%23f"}, {uri.RFC3986, "http://h%2Ex/"},
	// Zone identifiers (RFC 6874 §2).
	{uri.RFC6874, "http://[fe80::1%25en0]:8080/"}, {uri.RFC6874, "http://[fe80::1%25en0]"},
	{uri.RFC6874, "//u:p@[fe80::a%25eth%2F0]/a%2Fb?q=%26#f"}, {uri.RFC6874, "http://[FE80::1%25EN0]/%7e"},
	{uri.RFC6874, "s://[::1%25x]"}, {uri.RFC6874, "http://[fe80::1%25%41]:/?#"},
	// IRIs (RFC 3987 §2.2).
	{uri.RFC3987, "http://résumé.example.org/ü?é=ß#ﬁ"}, {uri.RFC3987, "ü"}, {uri.RFC3987, "//ü@ü:1/ü"},
	{uri.RFC3987, "http://h/%C3%A9é"}, {uri.RFC3987, "urn:é:x"}, {uri.RFC3987, "?\ue000"}, {uri.RFC3987, "é%2F%2Fx"},
	{uri.RFC3987, "x:%2F%2Fé"}, {uri.RFC3987, "http://u:pé@h/"}, {uri.RFC3987, "mailto:é@example.org"},
	{uri.RFC3987, "http://[::1]/é"}, {uri.RFC3987, "http://h/é#"},
	// International hosts (RFC 3987 §3.1, UTS #46): U-labels, A-labels,
	// mixed case, invalid IDNA, percent-encoded hosts, hosts that map to
	// a delimiter or to nothing, numbers, empty and undefined hosts.
	{uri.RFC3987, "http://納豆.example.org/"}, {uri.RFC3987, "HTTPS://BÜCHER.de:443"}, {uri.RFC3986, "http://XN--BCHER-KVA.de/"},
	{uri.RFC3986, "http://xn--a.example/"}, {uri.RFC3986, "http://B%C3%9Ccher.de/"}, {uri.RFC3987, "http://B%C3%9Ccher.dé/"},
	{uri.RFC3986, "http://%FF%FE/"}, {uri.RFC3986, "http://%C2%AD/"}, {uri.RFC3987, "http://a／b.example/"},
	{uri.RFC3987, "ws://ＥＸＡＭＰＬＥ.com/"}, {uri.RFC3987, "file://résumé/p"}, {uri.RFC3987, "ftp://u:pé@例え.jp:21/"},
	{uri.RFC3987, "foo://BÜCHER.de/"}, {uri.RFC3987, "//bücher.de/x"}, {uri.RFC3986, "http://0x7f.1/"}, {uri.RFC3987, "http://１.２.３.４/"},
	{uri.RFC3986, "http://a%2Fb/"}, {uri.RFC3986, "http://example.com./"}, {uri.RFC3986, "http://../"}, {uri.RFC3987, "http://é..é/"},
	{uri.RFC3987, "http://xn--99zt52a.é/"}, {uri.RFC3987, "http://\u0627\u0644\u0639\u0631\u0628\u064a\u0629.example/"}, {uri.RFC3987, "http://a\u200db.example/"},
	{uri.RFC6874, "http://[fe80::1%25en0]/"}, {uri.RFC3986, "http:///p"}, {uri.RFC3986, "http:p"},
	// Character normalization (RFC 3987 §5.3.2.2): decomposed, singleton
	// and delimiter-composing text.
	{uri.RFC3987, "http://re\u0301sume\u0301.example/e\u0301?a=\u0338#\u037e"}, {uri.RFC3987, "//\u212b/\u2126"},
}

// matrixInputs returns the values of matrixValues and the valid inputs of
// the parse corpus, parsed in every syntax that accepts them.
func matrixInputs(t testing.TB) []uri.URI {
	var cases []parseCase
	readConformance(t, "parse.json", &cases)
	seen := map[uri.URI]bool{}
	var out []uri.URI
	add := func(u uri.URI) {
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, v := range matrixValues {
		u, err := v.syntax.ParseReference(v.in)
		if err != nil {
			t.Fatalf("%v.ParseReference(%q): %v", v.syntax, v.in, err)
		}
		if u.Syntax() != v.syntax {
			t.Fatalf("%v.ParseReference(%q).Syntax() = %v", v.syntax, v.in, u.Syntax())
		}
		add(u)
	}
	for _, c := range cases {
		for _, u := range parseEverySyntax(c.Input) {
			add(u)
		}
	}
	return out
}

// parseEverySyntax parses s as a URI-reference in each syntax that accepts
// it.
func parseEverySyntax(s string) []uri.URI {
	var out []uri.URI
	for _, x := range []uri.Syntax{uri.RFC3986, uri.RFC6874, uri.RFC3987} {
		if u, err := x.ParseReference(s); err == nil {
			out = append(out, u)
		}
	}
	return out
}

// A matrixOp is one operation of the public surface applied to a value.
// run returns a description of a broken promise, or nil.
type matrixOp struct {
	name string
	run  func(u uri.URI) error
}

// documented reports whether err is one of the errors documented for the
// operation: one of the sentinels, or a *ParseError when parse is true.
func documented(err error, parse bool, sentinels ...error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	var pe *uri.ParseError
	return parse && errors.As(err, &pe)
}

// component names a component of RFC 3986 §3 and reads it.
type component struct {
	name string
	get  func(uri.URI) (string, bool)
}

var matrixComponents = []component{
	{"scheme", uri.URI.Scheme},
	{"authority", uri.URI.Authority},
	{"userinfo", uri.URI.Userinfo},
	{"host", func(u uri.URI) (string, bool) { h, ok := u.Host(); return h.String(), ok }},
	{"port", uri.URI.Port},
	{"path", func(u uri.URI) (string, bool) { return u.Path().String(), true }},
	{"query", uri.URI.Query},
	{"fragment", uri.URI.Fragment},
}

// keeps checks that v has u's text for every component not in set (RFC
// 3986 §3), byte for byte, presence included.
func keeps(u, v uri.URI, set ...string) error {
	for _, c := range matrixComponents {
		skip := false
		for _, s := range set {
			skip = skip || s == c.name
		}
		if skip {
			continue
		}
		a, aok := c.get(u)
		b, bok := c.get(v)
		if a != b || aok != bok {
			return fmt.Errorf("%s changed from %q (%v) to %q (%v) in %q", c.name, a, aok, b, bok, v)
		}
	}
	return nil
}

// reparses checks that v is what parsing its string in its syntax gives.
func reparses(v uri.URI) error {
	w, err := v.Syntax().ParseReference(v.String())
	if err != nil {
		return fmt.Errorf("result %q does not parse in %v: %v", v, v.Syntax(), err)
	}
	if w != v {
		return fmt.Errorf("result %q differs from its own parse", v)
	}
	return nil
}

// equivalent checks that a and b are equal under syntax-based
// normalization (RFC 3986 §6.2.2).
func equivalent(a, b uri.URI) error {
	if c := uri.Compare(a, b); c.Level > uri.SyntaxBased || !c.Equivalent() {
		return fmt.Errorf("%q and %q are not equivalent under §6.2.2: %+v", a, b, c)
	}
	return nil
}

// withOp is a With or Without method: what it sets, and its call.
type withOp struct {
	name string
	sets []string
	f    func(uri.URI) (uri.URI, error)
	// same: called with u's own component, it must give u back.
	same bool
}

func withOps() []withOp {
	return []withOp{
		{"WithScheme(https)", []string{"scheme"}, func(u uri.URI) (uri.URI, error) { return u.WithScheme("https") }, false},
		{"WithScheme()", []string{"scheme"}, func(u uri.URI) (uri.URI, error) { return u.WithScheme("") }, false},
		{"WithScheme(own)", nil, func(u uri.URI) (uri.URI, error) { s, _ := u.Scheme(); return u.WithScheme(s) }, true},
		{"WithUserinfo(a:b@c)", []string{"userinfo", "authority"}, func(u uri.URI) (uri.URI, error) { return u.WithUserinfo("a:b@c") }, false},
		{"WithoutUserinfo", []string{"userinfo", "authority"}, uri.URI.WithoutUserinfo, false},
		{"WithHost(ex ample)", []string{"host", "authority"}, func(u uri.URI) (uri.URI, error) { return u.WithHost("ex ample") }, false},
		{"WithHost([::1])", []string{"host", "authority"}, func(u uri.URI) (uri.URI, error) { return u.WithHost("[::1]") }, false},
		{"WithHost([::1]:80)", []string{"host", "authority"}, func(u uri.URI) (uri.URI, error) { return u.WithHost("[::1]:80") }, false},
		{"WithPort(8080)", []string{"port", "authority"}, func(u uri.URI) (uri.URI, error) { return u.WithPort("8080") }, false},
		{"WithoutPort", []string{"port", "authority"}, uri.URI.WithoutPort, false},
		{"WithPath(/a b/c)", []string{"path"}, func(u uri.URI) (uri.URI, error) { return u.WithPath("/a b/c") }, false},
		{"WithPath(a:b)", []string{"path"}, func(u uri.URI) (uri.URI, error) { return u.WithPath("a:b") }, false},
		{"WithQuery(a=1&b)", []string{"query"}, func(u uri.URI) (uri.URI, error) { return u.WithQuery("a=1&b") }, false},
		{"WithRawQuery(a=%20)", []string{"query"}, func(u uri.URI) (uri.URI, error) { return u.WithRawQuery("a=%20") }, false},
		{"WithoutQuery", []string{"query"}, uri.URI.WithoutQuery, false},
		{"WithFragment(#f)", []string{"fragment"}, func(u uri.URI) (uri.URI, error) { return u.WithFragment("#f") }, false},
		{"WithoutFragment", []string{"fragment"}, uri.URI.WithoutFragment, false},
		{"WithRawQuery(own)", nil, func(u uri.URI) (uri.URI, error) {
			q, ok := u.Query()
			if !ok {
				return u.WithoutQuery()
			}
			return u.WithRawQuery(q)
		}, true},
		{"WithPort(own)", nil, func(u uri.URI) (uri.URI, error) {
			p, ok := u.Port()
			if !ok {
				return u.WithoutPort()
			}
			return u.WithPort(p)
		}, true},
	}
}

// matrixBases are the bases of the resolution operations: one of each
// syntax, and RFC 3986 §5.4's.
var matrixBases = []uri.URI{
	uri.MustParse("http://a/b/c/d;p?q"),
	uri.MustParse("s:/a/.//b?q#f"),
	uri.RFC6874.MustParse("http://[fe80::1%25en0]/b/c?q"),
	uri.RFC3987.MustParse("http://é.example/ü/ß?é"),
}

func matrixOps() []matrixOp {
	ops := []matrixOp{
		{"String and components", func(u uri.URI) error {
			p := uri.RefPartsOf(u)
			if p.String() != u.String() {
				return fmt.Errorf("components recompose to %q, not %q", p.String(), u)
			}
			if _, ok := u.Host(); ok != hasAuthority(u) {
				return fmt.Errorf("host defined %v, authority not", ok)
			}
			return reparses(u)
		}},
		{"accessors", func(u uri.URI) error {
			h, _ := u.Host()
			_, _ = h.Literal()
			_, _ = h.Zone()
			_, _ = h.Addr()
			_ = h.Kind().String()
			if _, err := u.PortNumber(); err != nil && !documented(err, false, uri.ErrNoPort, uri.ErrPortRange) {
				return fmt.Errorf("PortNumber: undocumented error %v", err)
			}
			n := 0
			for range u.Path().Segments() {
				n++
			}
			_ = u.Path().Kind().String()
			_ = u.IsRelative()
			if b, _ := u.AppendText([]byte("x")); string(b) != "x"+u.String() {
				return fmt.Errorf("AppendText = %q", b)
			}
			return nil
		}},
		{"Redacted", func(u uri.URI) error {
			// Only the span RedactInput masks changes: the password of
			// the userinfo, or what a WHATWG parser reads as one, which
			// may be in the path ("http:u:pw@h").
			r, s := u.Redacted(), u.String()
			if r != uri.RedactInput(s) {
				return fmt.Errorf("Redacted() = %q, RedactInput = %q", r, uri.RedactInput(s))
			}
			want := s
			if begin, end, ok := uri.RedactSpan(s); ok {
				want = s[:begin] + "xxxxx" + s[end:]
			}
			if r != want {
				return fmt.Errorf("Redacted() = %q, want %q", r, want)
			}
			v, err := u.Syntax().ParseReference(r)
			if err != nil {
				return fmt.Errorf("Redacted() = %q does not parse: %v", r, err)
			}
			if _, ok := u.Password(); ok {
				return keeps(u, v, "userinfo", "authority")
			}
			return nil
		}},
		{"MarshalText/UnmarshalText", func(u uri.URI) error {
			b, err := u.MarshalText()
			if err != nil {
				return fmt.Errorf("MarshalText: %v", err)
			}
			var v uri.URI
			if err := v.UnmarshalText(b); err != nil {
				return fmt.Errorf("UnmarshalText(MarshalText()): %v", err)
			}
			if v != u {
				return fmt.Errorf("UnmarshalText(MarshalText()) = %#v, want %#v", v, u)
			}
			return nil
		}},
		{"JSON", func(u uri.URI) error {
			type doc struct{ U uri.URI }
			b, err := json.Marshal(doc{u})
			if err != nil {
				return fmt.Errorf("json.Marshal: %v", err)
			}
			var d doc
			if err := json.Unmarshal(b, &d); err != nil {
				return fmt.Errorf("json.Unmarshal(%s): %v", b, err)
			}
			if d.U != u {
				return fmt.Errorf("json.Unmarshal(%s) = %q", b, d.U)
			}
			return nil
		}},
		{"Valid", func(u uri.URI) error {
			// Each syntax extends RFC 3986; none has both zones and IRIs.
			for _, x := range []uri.Syntax{uri.RFC3986, uri.RFC6874, uri.RFC3987} {
				want := x == u.Syntax() || u.Syntax() == uri.RFC3986
				if got := x.ValidReference(u.String()); got != want {
					return fmt.Errorf("%v.ValidReference = %v, want %v", x, got, want)
				}
				if got, want := x.Valid(u.String()), want && !u.IsRelative(); got != want {
					return fmt.Errorf("%v.Valid = %v, want %v", x, got, want)
				}
			}
			return nil
		}},
		{"IRIToURI", func(u uri.URI) error {
			v, err := uri.IRIToURI(u.String())
			if u.Syntax() == uri.RFC6874 {
				if !documented(err, true) {
					return fmt.Errorf("IRIToURI of a zone value: error %v, want a *ParseError", err)
				}
				return nil
			}
			if err != nil {
				return fmt.Errorf("IRIToURI: %v", err)
			}
			if v != u.ToURI() {
				return fmt.Errorf("IRIToURI = %q, ToURI = %q", v, u.ToURI())
			}
			return nil
		}},
		{"Builder().URI()", func(u uri.URI) error {
			v, err := u.Builder().URI()
			if err != nil {
				return fmt.Errorf("Builder().URI(): %v", err)
			}
			if v != u {
				return fmt.Errorf("Builder().URI() = %q (%v), want %q (%v)", v, v.Syntax(), u, u.Syntax())
			}
			return equivalent(u, v)
		}},
		{"Builder() field changed", func(u uri.URI) error {
			b := u.Builder()
			b.Fragment, b.HasFragment = "new #", true
			v, err := b.URI()
			if err != nil {
				return fmt.Errorf("Builder() with a new fragment: %v", err)
			}
			if f, _ := v.Fragment(); f != "new%20%23" {
				return fmt.Errorf("fragment %q, want %q", f, "new%20%23")
			}
			return keeps(u, v, "fragment")
		}},
		{"Builder() decodes", func(u uri.URI) error {
			b := u.Builder()
			v, err := uri.Builder{
				Scheme: b.Scheme, HasAuthority: b.HasAuthority, Userinfo: b.Userinfo, HasUserinfo: b.HasUserinfo,
				Host: b.Host, Port: b.Port, HasPort: b.HasPort, Path: b.Path, Query: b.Query, HasQuery: b.HasQuery,
				Fragment: b.Fragment, HasFragment: b.HasFragment, Syntax: b.Syntax,
			}.URI()
			if err != nil {
				// Encoding the decoded fields anew may not give a
				// reference: "/%2F" decodes to "//", a path that needs an
				// authority (RFC 3986 §3.3).
				if !documented(err, false, uri.ErrPathForm) {
					return fmt.Errorf("a fresh Builder of the same fields: %v", err)
				}
				return nil
			}
			got := v.Builder()
			if got.Path != b.Path || got.Query != b.Query || got.Fragment != b.Fragment ||
				got.Userinfo != b.Userinfo || got.Host != b.Host {
				return fmt.Errorf("fresh Builder: %q decodes to %+v, want %+v", v, got, b)
			}
			return nil
		}},
		{"ToIRI", func(u uri.URI) error {
			i := u.ToIRI()
			if err := reparses(i); err != nil {
				return err
			}
			if h, ok := i.Host(); ok && !ascii.Is(h.String()) && usesDNS(i) {
				// An international host comes back in A-labels (RFC 3987
				// §3.1): the same host at the scheme-based rung (§5.3.3).
				if c := uri.Compare(i.ToURI(), u.ToURI()); !c.Equivalent() {
					return fmt.Errorf("%q and %q are not equivalent: %+v", i.ToURI(), u.ToURI(), c)
				}
				return nil
			}
			return equivalent(i.ToURI(), u.ToURI())
		}},
		{"ToURI", func(u uri.URI) error {
			v := u.ToURI()
			if !ascii.Is(v.String()) || v.Syntax() == uri.RFC3987 {
				return fmt.Errorf("ToURI() = %q (%v) is not a URI", v, v.Syntax())
			}
			if v.ToURI() != v {
				return fmt.Errorf("ToURI() is not idempotent on %q", v)
			}
			if u.Syntax() != uri.RFC3987 && v != u {
				return fmt.Errorf("ToURI() of a URI = %q", v)
			}
			return reparses(v)
		}},
		{"neturl.FromURI/ToURI", func(u uri.URI) error {
			v, err := neturl.FromURI(u)
			if err != nil {
				if !documented(err, false, neturl.ErrEmptyFragment, neturl.ErrIPvFuture, neturl.ErrEmptyAuthority, neturl.ErrChanged) {
					return fmt.Errorf("neturl.FromURI: undocumented error %v", err)
				}
				return nil
			}
			w, err := neturl.ToURI(v)
			if err != nil {
				return fmt.Errorf("neturl.ToURI(FromURI() = %q): %v", v, err)
			}
			if _, err := url.Parse(v.String()); err != nil {
				return fmt.Errorf("net/url does not read its own %q: %v", v, err)
			}
			return equivalent(w, u.ToURI())
		}},
		{"Normalize", func(u uri.URI) error {
			for _, o := range []uri.NormalizeOptions{{}, {SchemeBased: true}, {IPv6Canonical: true}, {SchemeBased: true, IPv6Canonical: true}, {NFC: true}, {NFC: true, SchemeBased: true}} {
				n := o.Normalize(u)
				if err := reparses(n); err != nil {
					return fmt.Errorf("%+v: %v", o, err)
				}
				if o.Normalize(n) != n {
					return fmt.Errorf("%+v.Normalize is not idempotent on %q: %q", o, n, o.Normalize(n))
				}
				if o.NFC && u.Syntax() == uri.RFC3987 {
					if err := nfcNormalized(o, n); err != nil {
						return err
					}
				}
				// IPv6Canonical goes beyond §6.2.2, which Compare uses, and
				// Compare applies no character normalization (RFC 3987
				// §5.3.2.2).
				if !o.IPv6Canonical && !o.NFC && !uri.Compare(u, n).Equivalent() {
					return fmt.Errorf("%+v.Normalize(%q) = %q is not equivalent", o, u, n)
				}
			}
			if c := uri.Compare(u, u); c.Level != uri.Exact {
				return fmt.Errorf("Compare(u, u) = %+v", c)
			}
			return equivalent(u, u.Normalize())
		}},
		{"ResolveReference", func(u uri.URI) error {
			for _, base := range matrixBases {
				for _, o := range []uri.ResolveOptions{{}, {NonStrict: true}} {
					if err := reparses(o.Resolve(base, u)); err != nil {
						return fmt.Errorf("%+v.Resolve(%q, u): %v", o, base, err)
					}
				}
				if err := reparses(u.ResolveReference(base)); err != nil {
					return fmt.Errorf("u.ResolveReference(%q): %v", base, err)
				}
			}
			return nil
		}},
		{"Relative", func(u uri.URI) error {
			for _, base := range matrixBases {
				r, err := uri.Relative(base, u)
				if err != nil {
					if !documented(err, false, uri.ErrNotReachable) {
						return fmt.Errorf("Relative(%q, u): undocumented error %v", base, err)
					}
					continue
				}
				if got := base.ResolveReference(r); got.String() != u.String() {
					return fmt.Errorf("Relative(%q, u) = %q resolves to %q", base, r, got)
				}
			}
			return nil
		}},
		{"Hostname/Username/Password", func(u uri.URI) error {
			h, hasHost := u.Host()
			name := u.Hostname()
			if !hasHost && name != "" {
				return fmt.Errorf("Hostname() = %q without a host", name)
			}
			ui, hasUI := u.Userinfo()
			user, uok := u.Username()
			pass, pok := u.Password()
			if uok != hasUI || pok != (hasUI && strings.Contains(ui, ":")) {
				return fmt.Errorf("Username() ok %v, Password() ok %v for userinfo %q (%v)", uok, pok, ui, hasUI)
			}
			// net/url reads the same names from the value FromURI gives it.
			if v, err := neturl.FromURI(u); err == nil && h.Kind() != uri.IPvFuture {
				// The net/url value is that of the URI (RFC 3987 §3.1),
				// with an international host in A-labels.
				if uname := u.ToURI().Hostname(); v.Hostname() != uname {
					return fmt.Errorf("ToURI().Hostname() = %q, net/url's %q", uname, v.Hostname())
				}
				if v.User != nil {
					np, nok := v.User.Password()
					if v.User.Username() != user || np != pass || nok != pok {
						return fmt.Errorf("Username/Password = %q, %q (%v), net/url's %q, %q (%v)", user, pass, pok, v.User.Username(), np, nok)
					}
				}
			}
			return nil
		}},
		{"ASCIIHostname/Origin/UsesDomainNames", func(u uri.URI) error {
			name, err := u.ASCIIHostname()
			h, hasHost := u.Host()
			var he *uri.HostError
			switch {
			case errors.Is(err, uri.ErrNoHostname):
				if hasHost && h.String() != "" && h.Kind() != uri.IPvFuture {
					return fmt.Errorf("ASCIIHostname: ErrNoHostname for the host %q", h)
				}
			case errors.As(err, &he):
				if h.Kind() != uri.RegName && h.Kind() != uri.IPv6 || he.Offset < 0 || he.Offset > len(u.String()) {
					return fmt.Errorf("ASCIIHostname: %v for a %v host", err, h.Kind())
				}
			case err != nil:
				return fmt.Errorf("ASCIIHostname: undocumented error %v", err)
			case name == "" || !ascii.Is(name) || name != strings.ToLower(name) && h.Kind() != uri.IPv6:
				return fmt.Errorf("ASCIIHostname() = %q", name)
			}
			if err == nil {
				// Idempotent: a URI with that host gives it back.
				host := name
				if h.Kind() == uri.IPv6 {
					addr, zone, hasZone := strings.Cut(name, "%")
					host = "[" + addr + "]"
					if hasZone {
						host = "[" + addr + "%25" + encodeZone(zone) + "]"
					}
				}
				v, perr := uri.RFC6874.ParseReference("http://" + host + "/")
				if perr != nil {
					return fmt.Errorf("ASCIIHostname() = %q is not a host: %v", name, perr)
				}
				if again, aerr := v.ASCIIHostname(); again != name || aerr != nil {
					return fmt.Errorf("ASCIIHostname() = %q, but of %q: %q, %v", name, v, again, aerr)
				}
			}
			// One host, one answer: the ASCII host of the URI, of the
			// normalizations, and the origin's.
			for _, v := range []uri.URI{u.ToURI(), u.Normalize(), uri.NormalizeOptions{SchemeBased: true}.Normalize(u)} {
				if n2, err2 := v.ASCIIHostname(); n2 != name || (err2 == nil) != (err == nil) {
					return fmt.Errorf("ASCIIHostname() = %q, %v, but of %q: %q, %v", name, err, v, n2, err2)
				}
			}
			if o := origin.Of(u); err == nil && !o.IsOpaque() && h.Kind() == uri.RegName && o.Host() != name {
				return fmt.Errorf("origin.Of().Host() = %q, ASCIIHostname() = %q", o.Host(), name)
			}
			if sc, ok := u.Scheme(); ok && uri.UsesDomainNames(sc) != uri.UsesDomainNames(strings.ToUpper(sc)) {
				return fmt.Errorf("UsesDomainNames(%q) depends on case", sc)
			}
			return nil
		}},
		{"CheckScheme", func(u uri.URI) error {
			s := u.String()
			serr := u.CheckScheme()
			var se *uri.SchemeError
			if serr != nil && (!errors.As(serr, &se) || se.Offset < 0 || se.Offset > len(s)) {
				return fmt.Errorf("CheckScheme: undocumented error %v", serr)
			}
			if pw, ok := u.Password(); ok && len(pw) > 1 && serr != nil && strings.Contains(serr.Error(), pw) {
				return fmt.Errorf("CheckScheme() = %v shows the password", serr)
			}
			return nil
		}},
		{"RequestURI", func(u uri.URI) error {
			r := u.RequestURI()
			if r == "" || !ascii.Is(r) {
				return fmt.Errorf("RequestURI() = %q", r)
			}
			if _, ok := u.Authority(); ok && r[0] != '/' {
				return fmt.Errorf("RequestURI() = %q is not origin-form", r)
			}
			if strings.Contains(r, "#") {
				return fmt.Errorf("RequestURI() = %q has a fragment", r)
			}
			return nil
		}},
		{"JoinPath", func(u uri.URI) error {
			elem := []string{"x y", "a/b", "é"}
			v, err := u.JoinPath(elem...)
			if err != nil {
				if !documented(err, false, uri.ErrPathForm) {
					return fmt.Errorf("JoinPath: undocumented error %v", err)
				}
				return nil
			}
			if err := reparses(v); err != nil {
				return err
			}
			var segs []string
			for seg := range v.Path().Segments() {
				d, err := uri.PercentDecode(seg)
				if err != nil {
					return fmt.Errorf("JoinPath = %q: segment %q: %v", v, seg, err)
				}
				segs = append(segs, d)
			}
			if len(segs) < 3 || strings.Join(segs[len(segs)-3:], "|") != strings.Join(elem, "|") {
				return fmt.Errorf("JoinPath = %q: segments %q do not end with %q", v, segs, elem)
			}
			if _, err := u.JoinPath(".."); !errors.Is(err, uri.ErrDotSegment) {
				return fmt.Errorf(`JoinPath(".."): error %v, want ErrDotSegment`, err)
			}
			return keeps(u, v, "path")
		}},
		{"Params/WithParams", func(u uri.URI) error {
			p, err := u.Params()
			if err != nil {
				var le *uri.LimitError
				if !errors.As(err, &le) {
					return fmt.Errorf("Params(): undocumented error %v", err)
				}
				return nil
			}
			same, err := u.WithParams(p)
			if err != nil || same != u {
				return fmt.Errorf("WithParams(Params()) = %q, %v", same, err)
			}
			p.Set("k", "v w+&")
			v, err := u.WithParams(p)
			if err != nil {
				return fmt.Errorf("WithParams after Set: %v", err)
			}
			if err := reparses(v); err != nil {
				return err
			}
			q, err := v.Params()
			if err != nil {
				return fmt.Errorf("Params() of %q: %v", v, err)
			}
			if got, _ := q.Get("k"); got != "v w+&" {
				return fmt.Errorf("Params() of %q: k = %q", v, got)
			}
			return keeps(u, v, "query")
		}},
		{"LogValue/GoString/MarshalText", func(u uri.URI) error {
			if got := u.LogValue().String(); got != u.Redacted() {
				return fmt.Errorf("LogValue() = %q, want %q", got, u.Redacted())
			}
			// GoString shows the redacted text, so no password.
			if g := u.GoString(); !strings.HasSuffix(g, "MustParseReference("+strconv.Quote(u.Redacted())+")") {
				return fmt.Errorf("GoString() = %q, not of Redacted() = %q", g, u.Redacted())
			}
			h, _ := u.Host()
			if b, err := h.MarshalText(); err != nil || string(b) != h.String() {
				return fmt.Errorf("Host.MarshalText() = %q, %v", b, err)
			}
			if b, err := u.Path().MarshalText(); err != nil || string(b) != u.Path().String() {
				return fmt.Errorf("Path.MarshalText() = %q, %v", b, err)
			}
			return nil
		}},
		{"Mailto", func(u uri.URI) error {
			if _, err := mailto.FromURI(u); err != nil && !documented(err, true) {
				return fmt.Errorf("mailto.FromURI: undocumented error %v", err)
			}
			return nil
		}},
	}
	for _, w := range withOps() {
		ops = append(ops, matrixOp{w.name, func(u uri.URI) error {
			v, err := w.f(u)
			if err != nil {
				if w.same {
					return fmt.Errorf("with u's own component: %v", err)
				}
				if !documented(err, true, uri.ErrBadScheme, uri.ErrBadPort, uri.ErrNoAuthority, uri.ErrPathForm) {
					return fmt.Errorf("undocumented error %v", err)
				}
				return nil
			}
			if w.same && v != u {
				return fmt.Errorf("with u's own component = %q, want u", v)
			}
			if err := reparses(v); err != nil {
				return err
			}
			return keeps(u, v, w.sets...)
		}})
	}
	return ops
}

// runMatrixOp runs op on u and turns a panic into an error.
func runMatrixOp(op matrixOp, u uri.URI) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return op.run(u)
}

func TestMatrix(t *testing.T) {
	values := matrixInputs(t)
	bySyntax := map[uri.Syntax]int{}
	for _, u := range values {
		bySyntax[u.Syntax()]++
	}
	for _, x := range []uri.Syntax{uri.RFC3986, uri.RFC6874, uri.RFC3987} {
		if bySyntax[x] < 10 {
			t.Errorf("only %d values in %v", bySyntax[x], x)
		}
	}
	for _, op := range matrixOps() {
		t.Run(op.name, func(t *testing.T) {
			failed := 0
			for _, u := range values {
				if err := runMatrixOp(op, u); err != nil {
					failed++
					if failed <= 10 {
						t.Errorf("%v %q: %v", u.Syntax(), u, err)
					}
				}
			}
			if failed > 10 {
				t.Errorf("... %d values in all", failed)
			}
		})
	}
}

// TestMatrixRepros checks the defects the matrix was written for, one by
// one (RFC 3986 §3, §4.2, §5.3; RFC 6874; RFC 3987).
func TestMatrixRepros(t *testing.T) {
	tests := []struct {
		name string
		f    func() (uri.URI, error)
		want string // "" for an error
		err  error  // documented error, when want is ""
	}{
		{"scheme removed from urn", func() (uri.URI, error) { return uri.MustParse("urn:isbn:0451450523").WithScheme("") }, "", uri.ErrPathForm},
		{"raw query with a fragment", func() (uri.URI, error) { return uri.MustParse("http://h/p").WithRawQuery("a=1#frag") }, "", &uri.ParseError{}},
		{"raw IRI query on an IRI", func() (uri.URI, error) { return uri.RFC3987.MustParse("http://é/").WithRawQuery("é=\ue000") }, "http://é/?é=\ue000", nil},
		{"raw IRI query on a URI", func() (uri.URI, error) { return uri.MustParse("http://h/").WithRawQuery("é") }, "", &uri.ParseError{}},
		{"IP literal that is not one", func() (uri.URI, error) { return uri.MustParse("http://h/").WithHost("[::1]/x]") }, "", &uri.ParseError{}},
		{"host that looks like an IP literal with a port", func() (uri.URI, error) { return uri.MustParse("http://h/").WithHost("[::1]:80") }, "http://%5B%3A%3A1%5D%3A80/", nil},
		{"zone ToIRI", func() (uri.URI, error) {
			return uri.RFC6874.MustParseReference("http://[fe80::1%25en0]:8080/").ToIRI(), nil
		}, "http://[fe80::1%25en0]:8080/", nil},
		{"zone WithoutFragment", func() (uri.URI, error) {
			return uri.RFC6874.MustParseReference("http://[fe80::1%25en0]:8080/#f").WithoutFragment()
		}, "http://[fe80::1%25en0]:8080/", nil},
		{"zone WithPath", func() (uri.URI, error) {
			return uri.RFC6874.MustParseReference("http://[fe80::1%25en0]/").WithPath("/a b")
		}, "http://[fe80::1%25en0]/a%20b", nil},
		{"IRI WithoutFragment", func() (uri.URI, error) { return uri.RFC3987.MustParse("http://é/ü#f").WithoutFragment() }, "http://é/ü", nil},
		{"IRI WithQuery", func() (uri.URI, error) { return uri.RFC3987.MustParse("http://é/ü").WithQuery("é") }, "http://é/ü?%C3%A9", nil},
		{"zone Builder", func() (uri.URI, error) { return uri.RFC6874.MustParse("http://[fe80::1%25en0]:8080/").Builder().URI() }, "http://[fe80::1%25en0]:8080/", nil},
		{"IRI Builder", func() (uri.URI, error) { return uri.RFC3987.MustParse("http://é/ü?é#é").Builder().URI() }, "http://é/ü?é#é", nil},
		{"Builder %2F%2Fx", func() (uri.URI, error) { return uri.MustParseReference("%2F%2Fx").Builder().URI() }, "%2F%2Fx", nil},
		{"Builder x:%2F%2Fy", func() (uri.URI, error) { return uri.MustParse("x:%2F%2Fy").Builder().URI() }, "x:%2F%2Fy", nil},
		{"Builder http:/%2F9/a", func() (uri.URI, error) { return uri.MustParse("http:/%2F9/a").Builder().URI() }, "http:/%2F9/a", nil},
		{"Builder a%2Fb", func() (uri.URI, error) { return uri.MustParseReference("a%2Fb").Builder().URI() }, "a%2Fb", nil},
		{"Builder %3A %26", func() (uri.URI, error) { return uri.MustParse("http://a%3Ab@h/?x=%26").Builder().URI() }, "http://a%3Ab@h/?x=%26", nil},
		{"Builder scheme removed protects the colon", func() (uri.URI, error) {
			b := uri.MustParse("urn:a:b%2Fc/d").Builder()
			b.Scheme = ""
			return b.URI()
		}, "a%3Ab%2Fc/d", nil},
		{"Builder changed path is encoded", func() (uri.URI, error) {
			b := uri.MustParse("http://h/a%2Fb?x=%26").Builder()
			b.Path = "/c d"
			return b.URI()
		}, "http://h/c%20d?x=%26", nil},
		{"zone URL and back", func() (uri.URI, error) {
			v, err := neturl.FromURI(uri.RFC6874.MustParse("http://[fe80::1%25en0]:8080/"))
			if err != nil {
				return uri.URI{}, err
			}
			if v.Hostname() != "fe80::1%en0" {
				return uri.URI{}, fmt.Errorf("Hostname() = %q", v.Hostname())
			}
			return neturl.ToURI(v)
		}, "http://[fe80::1%25en0]:8080/", nil},
		{"neturl.ToURI of net/url's zone", func() (uri.URI, error) {
			v, err := url.Parse("http://[fe80::1%25en0]:8080/")
			if err != nil {
				return uri.URI{}, err
			}
			return neturl.ToURI(v)
		}, "http://[fe80::1%25en0]:8080/", nil},
		{"IRI URL is its URI", func() (uri.URI, error) {
			v, err := neturl.FromURI(uri.RFC3987.MustParse("http://h/é"))
			if err != nil {
				return uri.URI{}, err
			}
			return neturl.ToURI(v)
		}, "http://h/%C3%A9", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.f()
			if tt.want == "" {
				var pe *uri.ParseError
				if _, isParse := tt.err.(*uri.ParseError); isParse && errors.As(err, &pe) {
					return
				}
				if err == nil || !errors.Is(err, tt.err) {
					t.Errorf("got %q, %v; want error %v", got, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if got.String() != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if err := reparses(got); err != nil {
				t.Error(err)
			}
		})
	}
}

// matrixSeeds returns the inputs of the conformance corpus and the string
// arguments of the committed fuzz corpora.
func matrixSeeds(t testing.TB) []string {
	var out []string
	var parses []parseCase
	readConformance(t, "parse.json", &parses)
	for _, c := range parses {
		out = append(out, c.Input)
	}
	var norms []normalizeCase
	readConformance(t, "normalize.json", &norms)
	for _, c := range norms {
		out = append(out, c.Input)
	}
	var resolves []resolveCase
	readConformance(t, "resolve.json", &resolves)
	for _, c := range resolves {
		out = append(out, c.Base, c.Ref)
	}
	var equivs []equivalentCase
	readConformance(t, "equivalent.json", &equivs)
	for _, c := range equivs {
		out = append(out, c.A, c.B)
	}
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if q, ok := strings.CutPrefix(line, "string("); ok {
				if s, err := strconv.Unquote(strings.TrimSuffix(q, ")")); err == nil {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// FuzzMatrix drives the matrix from one input through every syntax that
// accepts it.
func FuzzMatrix(f *testing.F) {
	for _, v := range matrixValues {
		f.Add(v.in)
	}
	for _, s := range matrixSeeds(f) {
		f.Add(s)
	}
	ops := matrixOps()
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return // the operations are linear; long inputs only slow the search
		}
		for _, u := range parseEverySyntax(s) {
			for _, op := range ops {
				if err := runMatrixOp(op, u); err != nil {
					t.Errorf("%s: %v %q: %v", op.name, u.Syntax(), u, strings.ReplaceAll(err.Error(), "\n", " "))
				}
			}
		}
	})
}

// encodeZone percent-encodes a zone identifier as ZoneID has it (RFC 6874
// §2: 1*( unreserved / pct-encoded )).
func encodeZone(z string) string {
	var b strings.Builder
	for i := 0; i < len(z); i++ {
		c := z[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
