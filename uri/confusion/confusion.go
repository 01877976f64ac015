// Package confusion shows how different parsers read one input, so that
// the inputs they disagree on can be found before they do harm (RFC 3986
// §7: §7.4 rare IP address formats, §7.5 sensitive information, §7.6
// semantic attacks).
//
// A [Report] puts side by side the strict reading of package uri (RFC
// 3986, or an extension it opts into), the reading of Go's net/url, and
// the reading of the WHATWG URL Standard's parser (browsers, Node's URL:
// package uri/whatwg); it names the components on which uri and net/url
// disagree ([Difference]), those on which the WHATWG reading differs, and
// the features of the input that parsers commonly read differently
// ([Warning]), a domain's included: what domain to ASCII (UTS #46, package
// uri/idna) and UTS #39 say of its labels ([IDN]). Package uri does not
// import it, as net/url does not import net/mail. Which parser to use for
// untrusted input is said in package uri's documentation, "Untrusted
// input".
package confusion

import (
	"errors"
	"net/netip"
	"net/url"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/specuri/specuri/internal/ascii"
	iw "github.com/specuri/specuri/internal/whatwg"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/whatwg"
)

// A Field is one reading of an optional component of a URI reference
// (RFC 3986 §3): its value and whether it is defined, so that an empty
// component is not confused with an absent one (§5.2.1).
type Field struct {
	Value   string
	Defined bool
}

func defined(v string, ok bool) Field { return Field{Value: v, Defined: ok} }

// A Reading is how one parser reads an input (RFC 3986 §3, §7): whether
// it accepts it and, if it does, the components it finds. Values are as
// the parser reports them: this library's are the exact text of the input;
// net/url's scheme is lower-cased, its host percent-decoded and its
// userinfo re-encoded by url.Userinfo.String.
type Reading struct {
	Valid bool
	// Err is the parser's error for an invalid input. For this library it
	// is a [*uri.ParseError]; net/url's message may contain the input, and so
	// a password.
	Err error
	// Scheme, Userinfo, ... are the components (§3.1-§3.5). Host is the
	// text of the host without the brackets of an IP-literal.
	Scheme, Userinfo, Host, Port, Path, Query, Fragment Field
	// HostKind is the alternative of the host rule that matched (§3.2.2);
	// 0 for net/url, which does not tell.
	HostKind uri.HostKind
}

// A Difference names what two readings of one input disagree on
// (RFC 3986 §7): validity or a component of §3.
type Difference string

// The differences [Check] reports (RFC 3986 §3, §7).
const (
	DiffValidity Difference = "validity" // one parser rejects the input
	DiffScheme   Difference = "scheme"   // compared case-insensitively (§3.1)
	DiffUserinfo Difference = "userinfo" // user name or password (§3.2.1), decoded
	DiffHost     Difference = "host"     // §3.2.2, reg-names decoded
	DiffPort     Difference = "port"     // §3.2.3
	DiffPath     Difference = "path"     // §3.3
	DiffQuery    Difference = "query"    // §3.4
	DiffFragment Difference = "fragment" // §3.5
)

// A Warning names a feature of an input that parsers other than a strict
// RFC 3986 parser (browsers, HTTP clients, resolvers) commonly read
// differently, whatever this library and net/url make of it (RFC 3986 §7).
type Warning string

// The warnings [Check] reports (RFC 3986 §7).
const (
	// WarnBackslash: the input has a "\", which no RFC 3986 rule allows and
	// which WHATWG URL parsers read as "/" in http(s) URLs, moving the end
	// of the authority (§3.2, §7.6).
	WarnBackslash Warning = "backslash"
	// WarnIPv4Alternate: the host is a reg-name that inet_aton-style
	// resolvers read as an IPv4 address, such as "0x7f.1", "2130706433",
	// "127.1" or "0177.0.0.1" (RFC 3986 §7.4).
	WarnIPv4Alternate Warning = "ipv4-alternate"
	// WarnEncodedHost: the host has percent-encoded octets, which some
	// parsers decode before resolving and others reject (RFC 3986 §3.2.2, §7.4).
	WarnEncodedHost Warning = "percent-encoded-host"
	// WarnNonASCIIHost: the host has bytes >= 0x80, raw or percent-encoded:
	// an internationalized name that IDNA mapping may turn into a different
	// host, or a homograph (RFC 3986 §3.2.2, §7.6).
	WarnNonASCIIHost Warning = "non-ascii-host"
	// WarnUserinfo: the input has a userinfo, the classic way to make
	// "http://trusted.example@evil.example/" look like another host, and
	// the place of passwords (RFC 3986 §3.2.1, §7.5, §7.6).
	WarnUserinfo Warning = "userinfo"
	// WarnZoneID: an IPv6 literal with a "%" zone suffix (RFC 6874), not
	// allowed by RFC 3986 and read differently across parsers (§3.2.2).
	WarnZoneID Warning = "zone-id"
	// WarnControl: the input has whitespace or control bytes, which WHATWG
	// parsers strip (leading and trailing C0 and space, every TAB, CR and
	// LF) and others keep or reject (RFC 3986 §2, §7.3).
	WarnControl Warning = "whitespace-or-control"
	// WarnWHATWGHost: a WHATWG URL parser (browsers, Node's URL) contacts
	// a host that RFC 3986 does not read as the host: for the special
	// schemes (http, https, ws, wss, ftp) such a parser skips any number
	// of "/" and "\" after the scheme, so "http:evil.com",
	// "https:/evil.com" and "http:///evil.com", paths for RFC 3986 (§3.3),
	// name the host evil.com there; [Report.WHATWG] says which. The
	// reference reading is this library's when the input is valid, else
	// net/url's. Hosts compare as a WHATWG parser reads them, so an
	// alternate IPv4 spelling alone is [WarnIPv4Alternate], not this.
	WarnWHATWGHost Warning = "whatwg-host"
	// WarnWHATWGUserinfo: a WHATWG URL parser reads a user name or a
	// password that RFC 3986 does not read as the userinfo, as in
	// "http:///user:pw@evil.com" (§3.2.1, §7.5).
	WarnWHATWGUserinfo Warning = "whatwg-userinfo"
	// WarnIDNAInvalid: a browser refuses the host: the URL Standard's
	// domain to ASCII (UTS #46 §4.2 ToASCII) fails on it, so that the
	// URL parser fails ([IDN.Err] says why).
	WarnIDNAInvalid Warning = "idna-invalid"
	// WarnMixedScript: a label of the host is not "Highly Restrictive"
	// (UTS #39 §5.2), the level below which Chromium shows a label as
	// punycode: it mixes scripts that are not Latin with Han and kana,
	// Han and Bopomofo or Han and Hangul, or has a character outside the
	// General Security Profile (§3.1). [Label.Level] says which.
	WarnMixedScript Warning = "mixed-script"
	// WarnConfusable: a label of the host has the UTS #39 skeleton (§4)
	// of an all-Latin label, being whole-script, mixed-script or
	// single-script confusable with a Latin spelling ("аpple", Cyrillic
	// а, is "apple"), or that of another label of the name spelled
	// otherwise. [Label.LatinSpelling] and [Label.SameSkeletonAs] say which.
	WarnConfusable Warning = "confusable"
	// WarnMixedNumbers: a label of the host has decimal digits of more
	// than one decimal number system, as "1२3" (ASCII and Devanagari) or
	// "১2৩" (UTS #39 §5.3): it can show a number it does not hold.
	// [Label.MixedNumbers] says which.
	WarnMixedNumbers Warning = "mixed-numbers"
	// WarnUnlikelyMarks: a label of the host has an unlikely sequence of
	// combining marks (UTS #39 §5.4): a nonspacing mark repeated, more
	// than 4 in a row, or one its base character hides, as the dot of
	// "i\u0307nfo" (xn--info-qwc, what "İnfo" becomes), which looks like
	// "info". [Label.UnlikelyMarks] says which.
	WarnUnlikelyMarks Warning = "unlikely-marks"
	// WarnIDNDisplay: the host has an internationalized label, which a
	// browser shows as its U-label or, when it is mixed-script,
	// confusable, has mixed numbers or unlikely marks, as punycode (its
	// A-label): [IDN.Display] is what it
	// shows and [IDN.Punycode] says which.
	WarnIDNDisplay Warning = "idn-display"
	// WarnDeceptiveSubdomain: labels left of the host's registrable
	// domain spell another registrable domain ([IDN.Spells]):
	// paypal.com.evil.net is evil.net's, not PayPal's, and
	// accounts.google.com-login.example.net is example.net's.
	WarnDeceptiveSubdomain Warning = "deceptive-subdomain"
)

// Explain returns a one-line, lower-case explanation of w citing its
// section of RFC 3986 §7.
func (w Warning) Explain() string {
	if e, ok := explanations[w]; ok {
		return e
	}
	return string(w)
}

// explanations holds the text of Explain for each warning.
var explanations = map[Warning]string{
	WarnBackslash:          `"\" is in no RFC 3986 rule; WHATWG parsers read it as "/" (§7.6)`,
	WarnIPv4Alternate:      "the host is a reg-name that resolvers may read as an IPv4 address (§7.4)",
	WarnEncodedHost:        "the host is percent-encoded; parsers decode or reject it (§3.2.2, §7.4)",
	WarnNonASCIIHost:       "the host has non-ASCII bytes; IDNA mapping may change it (§3.2.2, §7.6)",
	WarnUserinfo:           "the authority has a userinfo, which can disguise the host or hold a password (§7.5, §7.6)",
	WarnZoneID:             "an IPv6 zone ID is not RFC 3986 syntax; parsers disagree on it (§3.2.2)",
	WarnControl:            "whitespace or control bytes are stripped by some parsers, kept or rejected by others (§7.3)",
	WarnWHATWGHost:         `WHATWG parsers (browsers) contact another host: after a special scheme they skip every "/" and "\" (§3.2, §7.6)`,
	WarnWHATWGUserinfo:     "WHATWG parsers (browsers) read a userinfo, maybe a password, where RFC 3986 reads none (§3.2.1, §7.5)",
	WarnIDNAInvalid:        "browsers refuse this host: domain to ASCII (UTS #46 ToASCII) fails on it (§7.6)",
	WarnMixedScript:        `a label is not "Highly Restrictive" (UTS #39 §5.2): it mixes scripts, so browsers show it as punycode (§7.6)`,
	WarnConfusable:         "a label has the UTS #39 skeleton of an all-Latin label or of another label: a homograph (UTS #39 §4, §7.6)",
	WarnMixedNumbers:       "a label has digits of more than one decimal number system (UTS #39 §5.3), so browsers show it as punycode (§7.6)",
	WarnUnlikelyMarks:      "a label has an unlikely sequence of combining marks (UTS #39 §5.4), such as one hidden by its letter (§7.6)",
	WarnIDNDisplay:         "the host is internationalized: browsers show its U-labels, or punycode for labels they distrust (§7.6)",
	WarnDeceptiveSubdomain: "labels left of the registrable domain spell another registrable domain, so readers may take the host for its owner's (§7.6)",
}

// A Report shows how strict RFC 3986 (this library) and Go's net/url read
// one input, and where they disagree (RFC 3986 §7).
type Report struct {
	Input string
	// Syntax is the grammar of the strict reading.
	Syntax uri.Syntax
	// Strict is this library's reading, as a URI-reference (§4.1).
	Strict Reading
	// NetURL is net/url.Parse's reading.
	NetURL Reading
	// WHATWG is how the WHATWG URL Standard's parser (browsers, Node's URL;
	// uri/whatwg's Parse) reads the input with no base URL, each component
	// as the standard's getters serialize it: Scheme lower-cased, Host
	// the hostname ("127.1" is the IPv4 address "127.0.0.1", "[::1]", a
	// domain after domain to ASCII, UTS #46), Port the port a special
	// scheme's default is dropped from ("http://h:080/" has none), Path the
	// pathname (dot-segments removed, percent-encoded), Query and Fragment
	// without their "?" and "#", defined when not null. Userinfo is as
	// written, not percent-encoded, so that a password is found in it.
	// Valid is false where that parser fails, and for a relative
	// reference, which it cannot parse without a base. When the
	// authority that parser would read is longer than [MaxHost], the
	// input is not read (Err is [ErrHostTooLong]), and no difference or
	// warning is said of the WHATWG reading.
	WHATWG Reading
	// Differences lists what the readings disagree on, in the order of
	// the constants; empty when they agree.
	Differences []Difference
	// WHATWGDifferences lists what the WHATWG reading and the reference
	// reading (this library's when valid, else net/url's) disagree on,
	// in the order of the constants: validity, or a component whose
	// reference value, serialized by the WHATWG parser in a URL of its
	// own, is not the WHATWG reading's. "HTTP://h:080/a/../b" differs in
	// nothing: the WHATWG parser reads port 080 as http's default, no
	// port, and removes the dot-segments (URL Standard, basic URL parser).
	// Empty for a relative reference, which that parser cannot read
	// without a base.
	WHATWGDifferences []Difference
	// Warnings lists the input's features that other parsers commonly read
	// differently, in the order of the constants.
	Warnings []Warning
	// IDN is how a browser reads the host as a domain name (UTS #46,
	// UTS #39): nil unless the scheme is special (URL Standard) and the
	// host a domain, not an IP address.
	IDN *IDN
}

// MaxHost is the longest host, in bytes, that [Check] reads as a domain
// name: 65,536, far above the 253 bytes of the longest DNS name (RFC 1035
// §2.3.4, RFC 1034 §3.1). A longer host is no name any resolver looks
// up, even after IDNA removes what it ignores, and its readings as a
// domain (UTS #46, UTS #39) would take memory many times its length, so
// Check refuses them before the work: when the authority that a WHATWG
// parser would read is longer (see [Report.WHATWG]), or the host the IDN
// reading starts from is (the ASCII form of the WHATWG reading's host, or
// the reference reading's host; see [IDN.Err]), with [ErrHostTooLong].
const MaxHost = 1 << 16

// ErrHostTooLong is the error of a reading that [Check] does not make
// because the host is longer than [MaxHost].
var ErrHostTooLong = errors.New("confusion: the host is longer than 65,536 bytes, and no DNS name is longer than 253: not read as a domain")

// Check reads s as a URI-reference (RFC 3986 §4.1) with package uri and
// with net/url.Parse, compares the readings component by component, and
// names the features of s that other parsers read differently (RFC 3986
// §7.4, §7.6). It is Options{}.Check(s): the strict reading is RFC 3986's.
// Reports only inform: an input without differences or warnings can still
// be read differently by a parser not compared here.
//
// The comparison is of meaning, not spelling: schemes compare
// case-insensitively (§3.1), user name, password and reg-name after
// percent-decoding (§2.1), because net/url returns them decoded. net/url
// cannot represent an empty authority or port apart from an absent one, so
// an empty host or port defined on one side matches an undefined one.
func Check(s string) Report { return Options{}.Check(s) }

// Options selects the strict reading of [Options.Check] (RFC 3986 §7).
// The zero value reads RFC 3986.
type Options struct {
	// Syntax is the grammar of the strict reading: with [uri.RFC6874] an
	// IPv6 zone is valid (RFC 6874 §2), with [uri.RFC3987] an IRI (RFC
	// 3987 §2.2).
	Syntax uri.Syntax
}

// Check is [Check] with the strict reading in o.Syntax (RFC 3986 §7).
func (o Options) Check(s string) Report {
	// net/url first, while the input is most of what is live: its Parse
	// escapes the path and the fragment and drops the result (it keeps
	// the raw form only where the escaped one differs), which costs a
	// long non-ASCII path six times its length for a moment. A long
	// input's garbage is collected before and after each reading (see
	// collectFrom), so that the next one reuses its memory.
	collect(len(s))
	nu, nuURL := netURLReading(s)
	collect(len(s))
	r := Report{Input: s, Syntax: o.Syntax, Strict: strictReading(o.Syntax, s), NetURL: nu}
	if iw.DomainBound(s) > MaxHost {
		// Before the work: domain to ASCII would read the host.
		r.WHATWG.Err = ErrHostTooLong
		r.NetURL.Path, r.NetURL.Fragment.Value = netURLEscaped(nuURL, Field{}, Field{})
		r.Differences = differences(r.Strict, r.NetURL)
		r.Warnings = warnings(s, r)
		return r
	}
	r.WHATWG = whatwgReading(s)
	collect(len(s))
	r.NetURL.Path, r.NetURL.Fragment.Value = netURLEscaped(nuURL, r.WHATWG.Path, r.WHATWG.Fragment)
	r.Differences = differences(r.Strict, r.NetURL)
	r.WHATWGDifferences = whatwgDifferences(r)
	r.IDN = idnOf(r)
	r.Warnings = warnings(s, r)
	return r
}

// idnOf reads the host of a special URL as a domain name: the domain of
// the WHATWG reading (already through domain to ASCII, which is
// idempotent on its result) or, when that parser fails, the reference
// reading's reg-name, decoded.
func idnOf(r Report) *IDN {
	if wg := r.WHATWG; wg.Valid {
		if isDomain(wg) {
			return readIDN(wg.Host.Value)
		}
		return nil
	}
	ref := r.Strict
	if !ref.Valid {
		ref = r.NetURL
	}
	if !ref.Valid || !iw.IsSpecial(strings.ToLower(ref.Scheme.Value)) || !ref.Host.Defined || ref.Host.Value == "" ||
		ref.HostKind == uri.IPv4 || ref.HostKind == uri.IPv6 || ref.HostKind == uri.IPvFuture || strings.IndexByte(ref.Host.Value, ':') >= 0 ||
		isIPv4Alternate(strings.ToLower(decodeTriplets(ref.Host.Value))) {
		return nil
	}
	return readIDN(decodeTriplets(ref.Host.Value))
}

// isDomain reports whether the WHATWG reading wg is of a special URL
// whose host is a domain. The host of a special URL is a domain, an IPv4
// address (which the serializer writes in decimal, so that it ends in a
// number, as no domain does: the host parser reads such a one as an IPv4
// address or fails), an IPv6 address in brackets, or the empty host of a
// file URL (URL Standard, host parsing and host serializing).
func isDomain(wg Reading) bool {
	h := wg.Host.Value
	return iw.IsSpecial(wg.Scheme.Value) && h != "" && h[0] != '[' && !iw.EndsInNumber(h)
}

// whatwgReading reads s with the WHATWG URL parser, uri/whatwg's Parse
// (URL Standard, API URL parser, no base): every component as its getters
// serialize it, but the userinfo, which Check reads as written. The
// userinfo as written is internal/whatwg's, whose parser runs again only
// for a URL that includes credentials.
func whatwgReading(s string) Reading {
	u, err := whatwg.Parse(s)
	if err != nil {
		return Reading{Err: err}
	}
	rd := Reading{Valid: true, Scheme: Field{u.Scheme(), true}}
	if u.Username() != "" || u.Password() != "" {
		if w, err := iw.Parse(s); err == nil && w.HasCredentials {
			ui := w.Username
			if w.HasPassword {
				ui += ":" + w.Password
			}
			rd.Userinfo = Field{ui, true}
		}
	}
	href := u.Href()
	// The URL serializer writes "//" after the scheme exactly when the
	// host is not null, "?" before a query that is not null and "#"
	// before a fragment that is not null (URL Standard §4.5); no "?" or
	// "#" comes before them, each being percent-encoded or ending a
	// component where it is not the delimiter.
	if strings.HasPrefix(href[len(u.Protocol()):], "//") {
		rd.Host = Field{u.Hostname(), true}
	}
	rd.Port = defined(u.Port(), u.Port() != "")
	rd.Path = Field{u.Pathname(), true}
	frag := strings.IndexByte(href, '#')
	if frag < 0 {
		frag = len(href)
	} else {
		rd.Fragment = Field{href[frag+1:], true}
	}
	if q := strings.IndexByte(href[:frag], '?'); q >= 0 {
		rd.Query = Field{href[q+1 : frag], true}
	}
	return rd
}

func strictReading(x uri.Syntax, s string) Reading {
	u, err := x.ParseReference(s)
	if err != nil {
		return Reading{Err: err}
	}
	rd := Reading{Valid: true}
	rd.Scheme = defined(u.Scheme())
	rd.Userinfo = defined(u.Userinfo())
	if h, ok := u.Host(); ok {
		v := h.String()
		if lit, ok := h.Literal(); ok {
			v = lit
		}
		rd.Host, rd.HostKind = Field{Value: v, Defined: true}, h.Kind()
	}
	rd.Port = defined(u.Port())
	rd.Path = defined(u.Path().String(), true)
	rd.Query = defined(u.Query())
	rd.Fragment = defined(u.Fragment())
	return rd
}

// netURLReading reads s with net/url.Parse, but for the escaped path and
// fragment, which [netURLEscaped] makes of the *url.URL it returns.
func netURLReading(s string) (Reading, *url.URL) {
	u, err := url.Parse(s)
	if err != nil {
		return Reading{Err: err}, nil
	}
	rd := Reading{Valid: true}
	rd.Scheme = defined(u.Scheme, u.Scheme != "")
	if u.User != nil {
		// Userinfo.String re-encodes user name and password, ":" included.
		rd.Userinfo = defined(u.User.String(), true)
	}
	// net/url keeps "host:port" in Host; an empty authority reads as none.
	rd.Host = defined(u.Hostname(), u.Host != "" || u.User != nil)
	rd.Port = defined(u.Port(), u.Port() != "" || strings.HasSuffix(u.Host, ":"))
	rd.Query = defined(u.RawQuery, u.RawQuery != "" || u.ForceQuery)
	// net/url.Parse cuts the fragment at the first "#" and keeps no other
	// trace of an empty one.
	rd.Fragment = defined("", strings.Contains(s, "#"))
	return rd, u
}

// netURLEscaped returns the path of net/url's reading u, its opaque part
// or URL.EscapedPath, and URL.EscapedFragment. Where one of them is the
// WHATWG reading's path or fragment, the same bytes, it returns that
// string rather than a copy, so that a report of a long component that
// both readings escape (a path of non-ASCII characters, three times its
// length escaped) holds it once; the comparison escapes net/url's value a
// piece at a time, as net/url escapes it a byte at a time. With a nil u
// (net/url fails) it returns zero values.
func netURLEscaped(u *url.URL, path, frag Field) (Field, string) {
	if u == nil {
		return Field{}, ""
	}
	p := Field{Value: u.Opaque, Defined: true}
	if u.Opaque == "" {
		p.Value = u.Path
		if !escapedOnly(u.RawPath) || u.Path == "*" || !escapesTo(u.Path, path.Value, func(v string) string { return (&url.URL{Path: v}).EscapedPath() }) {
			p.Value = u.EscapedPath()
		} else {
			p.Value = path.Value
		}
	}
	f := frag.Value
	if !escapedOnly(u.RawFragment) || !escapesTo(u.Fragment, f, func(v string) string { return (&url.URL{Fragment: v}).EscapedFragment() }) {
		f = u.EscapedFragment()
	}
	return p, f
}

// escapedOnly reports whether net/url's URL.EscapedPath and
// URL.EscapedFragment escape the decoded value rather than return raw,
// the raw form of a path or fragment that net/url.Parse keeps where it is
// not the escaped one: when there is none, or when it has a byte that
// is not ASCII, which is not validly encoded.
func escapedOnly(raw string) bool { return raw == "" || !ascii.Is(raw) }

// escapePiece is the most bytes escapesTo escapes at once.
const escapePiece = 4 << 10

// escapesTo reports whether escape, a function that maps each byte of
// its argument on its own, as net/url's escaping does (with no raw form
// kept, and no path "*"), maps v to want. It escapes v a piece of at
// least 2 bytes at a time, the last piece at most 2*escapePiece, so that
// no piece is the path "*", which URL.EscapedPath leaves as it is.
func escapesTo(v, want string, escape func(string) string) bool {
	if len(v) <= 2*escapePiece {
		return escape(v) == want
	}
	var p pacer
	for v != "" {
		end := escapePiece
		if len(v)-end < escapePiece {
			end = len(v)
		}
		p.read(end)
		e := escape(v[:end])
		if !strings.HasPrefix(want, e) {
			return false
		}
		v, want = v[end:], want[len(e):]
	}
	return want == ""
}

// collectFrom is the length of an input, or of a component, from which
// Check collects garbage itself (runtime.GC) between its readings and
// every collectEvery bytes of a component it reads a piece at a time
// (escapesTo, readsPiecewise), so that the memory of a long input stays
// within about 10 times its length. The readings' intermediates are a
// few times the length of what they read (net/url's Parse escapes a
// path twice over, the WHATWG parser's href is three times a non-ASCII
// path), and a garbage collector that waits until the heap doubles
// would let them add up, with the report's own strings, to 12 times.
// The live heap is then mostly strings, which the collector does not
// scan, so that a collection costs little beside the work.
const collectFrom = 1 << 20

// collectEvery is how many bytes of a long component escapesTo and
// readsPiecewise read between two collections.
const collectEvery = 1 << 20

// collect collects garbage when n, the length of what was just read, is
// at least collectFrom, and returns the memory freed to the operating
// system, where the next reading's large buffers, of other sizes, could
// not reuse it.
func collect(n int) {
	if n >= collectFrom {
		debug.FreeOSMemory()
	}
}

// A pacer collects garbage every collectEvery bytes read a piece at a
// time.
type pacer int

// read counts n bytes read, and collects garbage when there were
// collectEvery since the last time.
func (p *pacer) read(n int) {
	if *p += pacer(n); *p >= collectEvery {
		*p = 0
		runtime.GC()
	}
}

func differences(a, b Reading) []Difference {
	var d []Difference
	if a.Valid != b.Valid {
		return append(d, DiffValidity)
	}
	if !a.Valid {
		return d
	}
	if a.Scheme.Defined != b.Scheme.Defined || !strings.EqualFold(a.Scheme.Value, b.Scheme.Value) {
		d = append(d, DiffScheme)
	}
	if !sameUserinfo(a.Userinfo, b.Userinfo) {
		d = append(d, DiffUserinfo)
	}
	if !sameHost(a, b) {
		d = append(d, DiffHost)
	}
	if a.Port != b.Port {
		d = append(d, DiffPort)
	}
	if a.Path != b.Path {
		d = append(d, DiffPath)
	}
	if a.Query != b.Query {
		d = append(d, DiffQuery)
	}
	if a.Fragment != b.Fragment {
		d = append(d, DiffFragment)
	}
	return d
}

// sameUserinfo compares userinfos (RFC 3986 §3.2.1): both must have a
// password or neither, and the user names and the passwords must decode to
// the same bytes.
func sameUserinfo(strict, nu Field) bool {
	if strict.Defined != nu.Defined {
		return false
	}
	su, sp, sok := strings.Cut(strict.Value, ":")
	nuUser, nuPass, nok := strings.Cut(nu.Value, ":")
	return sok == nok && decodeTriplets(su) == decodeTriplets(nuUser) && decodeTriplets(sp) == decodeTriplets(nuPass)
}

// sameHost compares hosts (RFC 3986 §3.2.2): a reg-name or a zone (RFC
// 6874 §2) after decoding, since net/url decodes them; an empty host matches none, since net/url
// cannot tell them apart.
func sameHost(strict, nu Reading) bool {
	sv := strict.Host.Value
	if strict.HostKind == uri.RegName || strict.HostKind == uri.IPv6 {
		sv = decodeTriplets(sv) // a reg-name, or an RFC 6874 zone ("%25en0")
	}
	if strict.Host.Defined != nu.Host.Defined {
		return sv == "" && nu.Host.Value == ""
	}
	return sv == nu.Host.Value
}

// decodeTriplets decodes the pct-encoded triplets of s (RFC 3986 §2.1)
// with [uri.PercentDecode], or returns s as it is if it has a malformed one.
func decodeTriplets(s string) string {
	if d, err := uri.PercentDecode(s); err == nil {
		return d
	}
	return s
}

func warnings(s string, r Report) []Warning {
	strict, nu := r.Strict, r.NetURL
	var w []Warning
	if strings.IndexByte(s, '\\') >= 0 {
		w = append(w, WarnBackslash)
	}
	w = append(w, hostWarnings(r)...)
	if strict.Userinfo.Defined || nu.Userinfo.Defined {
		// In the order of the constants: after the host's first three.
		i := 0
		for i < len(w) && w[i] != WarnZoneID {
			i++
		}
		w = append(w[:i], append([]Warning{WarnUserinfo}, w[i:]...)...)
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f {
			w = append(w, WarnControl)
			break
		}
	}
	w = append(w, whatwgWarnings(r)...)
	return append(w, idnWarnings(r.IDN)...)
}

// hostWarnings names the features of the host as the parsers read it:
// this library's exact text, or net/url's decoded one when only net/url
// accepts the input.
func hostWarnings(r Report) []Warning {
	strict, nu := r.Strict, r.NetURL
	host, decoded := "", ""
	switch {
	case strict.Valid && strict.Host.Defined:
		host, decoded = strict.Host.Value, strict.Host.Value
		if strict.HostKind == uri.RegName {
			decoded = decodeTriplets(host)
		}
	case nu.Valid && nu.Host.Defined:
		host, decoded = nu.Host.Value, nu.Host.Value
	default:
		return nil
	}
	var w []Warning
	if isIPv4Alternate(strings.ToLower(decoded)) {
		w = append(w, WarnIPv4Alternate)
	}
	if strict.Valid && strict.HostKind == uri.RegName && strings.IndexByte(host, '%') >= 0 {
		w = append(w, WarnEncodedHost)
	}
	if !ascii.Is(decoded) {
		w = append(w, WarnNonASCIIHost)
	}
	if strings.IndexByte(host, ':') >= 0 && strings.IndexByte(host, '%') >= 0 {
		w = append(w, WarnZoneID)
	}
	return w
}

// idnWarnings names what UTS #46 and UTS #39 say of the host.
func idnWarnings(n *IDN) []Warning {
	if n == nil {
		return nil
	}
	if errors.Is(n.Err, ErrHostTooLong) {
		return nil // not read
	}
	if n.Err != nil {
		return []Warning{WarnIDNAInvalid}
	}
	var mixed, confusable, numbers, marks bool
	idn := n.UnicodeErr != nil
	for _, l := range n.Labels {
		if l.IsIDN() {
			idn = true
			mixed = mixed || l.MixedScript
			confusable = confusable || l.Confusable()
			numbers = numbers || l.MixedNumbers
			marks = marks || l.UnlikelyMarks != ""
		}
	}
	var w []Warning
	for _, c := range []struct {
		on bool
		w  Warning
	}{{mixed, WarnMixedScript}, {confusable, WarnConfusable}, {numbers, WarnMixedNumbers}, {marks, WarnUnlikelyMarks},
		{idn, WarnIDNDisplay}, {n.Spells != "", WarnDeceptiveSubdomain}} {
		if c.on {
			w = append(w, c.w)
		}
	}
	return w
}

// whatwgWarnings compares the WHATWG reading of a special URL with the
// reference reading: this library's when valid, else net/url's.
func whatwgWarnings(r Report) []Warning {
	wg := r.WHATWG
	if !wg.Valid || !iw.IsSpecial(wg.Scheme.Value) {
		return nil
	}
	ref := r.Strict
	if !ref.Valid {
		ref = r.NetURL
	}
	if !ref.Valid {
		return nil // no reading to compare with
	}
	var w []Warning
	if wg.Host.Defined && wg.Host.Value != "" && wg.Host.Value != whatwgHostOf(wg.Scheme.Value, ref) {
		w = append(w, WarnWHATWGHost)
	}
	if wg.Userinfo.Defined && (!ref.Userinfo.Defined ||
		decodeTriplets(ref.Userinfo.Value) != decodeTriplets(wg.Userinfo.Value)) {
		w = append(w, WarnWHATWGUserinfo)
	}
	return w
}

// whatwgDifferences compares the WHATWG reading with the reference
// reading component by component, each reference component serialized
// by the WHATWG parser in a URL of its own.
func whatwgDifferences(r Report) []Difference {
	ref, wg := r.Strict, r.WHATWG
	if !ref.Valid {
		ref = r.NetURL
	}
	if !ref.Valid || !ref.Scheme.Defined {
		return nil // no reading, or a relative reference
	}
	if !wg.Valid {
		return []Difference{DiffValidity}
	}
	scheme := strings.ToLower(ref.Scheme.Value)
	var d []Difference
	if scheme != wg.Scheme.Value {
		d = append(d, DiffScheme)
	}
	if !sameUserinfo(ref.Userinfo, wg.Userinfo) {
		d = append(d, DiffUserinfo)
	}
	if h := whatwgHostOf(scheme, ref); wg.Host.Defined != ref.Host.Defined || h != wg.Host.Value {
		d = append(d, DiffHost)
	}
	for _, c := range []framedComponent{
		{DiffPort, ref.Port, wg.Port, func(v string) string { return scheme + "://h:" + v + "/" }, func(x Reading) Field { return x.Port }},
		{DiffPath, ref.Path, wg.Path, func(v string) string { return pathFrame(scheme, ref.Host.Defined, v) }, func(x Reading) Field { return x.Path }},
		{DiffQuery, ref.Query, wg.Query, func(v string) string { return scheme + "://h/?" + v }, func(x Reading) Field { return x.Query }},
		{DiffFragment, ref.Fragment, wg.Fragment, func(v string) string { return scheme + "://h/#" + v }, func(x Reading) Field { return x.Fragment }},
	} {
		if c.whatwgReads(scheme, ref.Host.Defined) != c.wg {
			d = append(d, c.diff)
		}
	}
	return d
}

// whatwgReads returns how the WHATWG parser reads c's reference
// component in its frame, in a URL of the scheme, with a host or not.
func (c framedComponent) whatwgReads(scheme string, hasHost bool) Field {
	switch {
	case c.ref == c.wg && iw.IsSpecial(scheme):
		// Serialized by the WHATWG parser already, it reads the same
		// in a frame of its own (the href of a special URL is a fixed
		// point of the parser): no copy of a long component to parse.
		return c.wg
	case c.ref.Defined && piecewise(c, scheme, hasHost):
		if c.readsPiecewise() {
			return c.wg
		}
		return Field{}
	case c.ref.Defined:
		collect(len(c.ref.Value))
		return c.read(whatwgReading(c.frame(c.ref.Value)))
	}
	return Field{}
}

// A framedComponent is a component of the reference reading and of the
// WHATWG reading, with the frame whatwgDifferences reads the reference's
// in and how it reads the component from the WHATWG reading of the frame.
type framedComponent struct {
	diff    Difference
	ref, wg Field
	frame   func(string) string
	read    func(Reading) Field
}

// bigComponent is the length from which whatwgDifferences reads a
// component of the reference reading in its frame a piece at a time
// (see piecewise), rather than the whole at once: a long component
// that the WHATWG parser percent-encodes (each "é" becomes "%C3%A9",
// three times its length) would otherwise be held twice so encoded, the
// WHATWG reading's and its frame's.
const bigComponent = 64 << 10

// piecewise reports whether c, a component of a URL of the scheme with
// or without a host, is at least bigComponent long and reads in its
// frame as the concatenation of what its pieces, cut where
// [cutBefore] allows, read in theirs. The path, query and fragment
// states of the URL Standard's basic URL parser percent-encode a code
// point at a time, remove every tab and newline and change nothing else
// in a query or a fragment, so those that have no "#" (which would end
// the query of a piece) do. A path does too when it starts with "/" (a
// path state, not an opaque path, in every piece), not with "//" where
// the frame has no authority (which would start one), and has no "?"
// or "#" and no segment that a dot-segment rule could remove or that
// removes one (a single-dot or double-dot segment); in a URL whose scheme is not "file",
// whose Windows drive letter quirks depend on where a segment is.
func piecewise(c framedComponent, scheme string, host bool) bool {
	v := c.ref.Value
	if len(v) < bigComponent || !c.wg.Defined {
		return false
	}
	switch c.diff {
	case DiffQuery:
		return strings.IndexByte(v, '#') < 0
	case DiffFragment:
		return true
	case DiffPath:
		return scheme != "file" && strings.HasPrefix(v, "/") &&
			(host || iw.IsSpecial(scheme) || !strings.HasPrefix(v, "//")) &&
			!strings.ContainsAny(v, "?#") && !hasDotSegment(v)
	}
	return false
}

// readsPiecewise reports whether the reference component of c, read in
// its frame a piece at a time, reads as the WHATWG reading's: the first
// piece framed as the whole is, the others after a "/" in a path, and
// each piece's reading is compared with the next bytes of the WHATWG
// reading's, as net/url's escaping is in escapesTo. c is one for which
// piecewise holds.
func (c framedComponent) readsPiecewise() bool {
	v, want := c.ref.Value, c.wg.Value
	var p pacer
	for first := true; v != ""; first = false {
		end := cutNear(v, escapePiece)
		p.read(end)
		piece := v[:end]
		if !first && c.diff == DiffPath {
			piece = "/" + piece
		}
		got := c.read(whatwgReading(c.frame(piece)))
		if !got.Defined {
			return false
		}
		g := got.Value
		if !first && c.diff == DiffPath {
			g = strings.TrimPrefix(g, "/")
		}
		if !strings.HasPrefix(want, g) {
			return false
		}
		v, want = v[end:], want[len(g):]
	}
	return want == ""
}

// cutNear returns where to end the first piece of v: the first place at
// or after n where cutBefore allows a cut, or len(v).
func cutNear(v string, n int) int {
	for i := n; i < len(v); i++ {
		if cutBefore(v, i) {
			return i
		}
	}
	return len(v)
}

// cutBefore reports whether v can be cut before v[i] without changing
// how the WHATWG parser reads either side: v[i] starts a UTF-8 sequence
// (so that an invalid one is replaced alike) and is an ASCII letter or
// digit or a byte >= 0x80, as is v[i-1], which is not "e" or "E" either.
// Neither side then ends or starts with a C0 control or space (which the
// parser strips at the ends of its input), nor a path piece with or
// within a dot-segment ("." or "%2e").
func cutBefore(v string, i int) bool {
	return i > 0 && (isAlnum(v[i]) || v[i] >= 0xC0) && (isAlnum(v[i-1]) && v[i-1]|0x20 != 'e' || v[i-1] >= 0x80)
}

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z'
}

// hasDotSegment reports whether the path p has a segment, between "/"
// or "\" (a separator in a special URL), that is a single-dot or a
// double-dot segment of the URL Standard: ".", "..", or either with a
// "." written "%2e" or "%2E".
func hasDotSegment(p string) bool {
	for p != "" {
		seg := p
		if i := strings.IndexAny(p, `/\`); i >= 0 {
			seg, p = p[:i], p[i+1:]
		} else {
			p = ""
		}
		if iw.IsDotSegment(seg) {
			return true
		}
	}
	return false
}

// pathFrame returns a URL whose path is the path p of a URL of the
// scheme, with or without a host: the WHATWG parser reads a special URL
// always with a host, so a path there comes after one.
func pathFrame(scheme string, host bool, p string) string {
	switch {
	case iw.IsSpecial(scheme) && !strings.HasPrefix(p, "/"):
		return scheme + "://h/" + p
	case host || iw.IsSpecial(scheme):
		return scheme + "://h" + p // p is empty or starts with "/" (RFC 3986 §3.3)
	}
	return scheme + ":" + p
}

// whatwgHostOf returns the host of rd as a WHATWG parser serializes it
// for the special scheme, or "" when rd has none.
func whatwgHostOf(scheme string, rd Reading) string {
	if !rd.Valid || !rd.Host.Defined || rd.Host.Value == "" {
		return ""
	}
	h := rd.Host.Value
	if strings.IndexByte(h, ':') >= 0 {
		h = "[" + h + "]" // an IP-literal (§3.2.2), shown without brackets
	}
	if rd.HostKind == uri.IPvFuture || len(h) > MaxHost {
		return "" // WHATWG parsers reject it; or too long to read
	}
	u, err := whatwg.Parse(scheme + "://" + h + "/")
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// isIPv4Alternate reports whether an inet_aton-style resolver, or a WHATWG
// URL parser, would read the lower-cased host h as an IPv4 address (RFC
// 3986 §7.4): one to four dot-separated parts (an optional trailing dot
// allowed), each decimal, octal with a leading "0", or hexadecimal with
// "0x". A dotted-decimal IPv4address is reported as such by the grammar
// is not an alternate notation.
func isIPv4Alternate(h string) bool {
	if a, err := netip.ParseAddr(h); err == nil && a.Is4() {
		return false // the dotted-decimal IPv4address of §3.2.2
	}
	h = strings.TrimSuffix(h, ".")
	if h == "" || strings.Count(h, ".") > 3 {
		return false // no more than four parts, counted before the split
	}
	parts := strings.Split(h, ".")
	for _, p := range parts {
		digits := "0123456789"
		if strings.HasPrefix(p, "0x") {
			p, digits = p[2:], "0123456789abcdef"
		} else if p == "" {
			return false
		}
		for i := 0; i < len(p); i++ {
			if strings.IndexByte(digits, p[i]) < 0 {
				return false
			}
		}
	}
	return true
}
