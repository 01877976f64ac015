// Package uri parses URI references exactly as RFC 3986 (STD 66) defines
// them, into immutable typed values.
//
// The syntax is decided by a parser generated from grammar/rfc3986.peg, the
// rule-by-rule PEG transcription of RFC 3986 Appendix A (see package
// github.com/specuri/specuri/gen/rfc3986). This package only maps the rules
// that matched to components; it never re-parses the generic syntax.
//
// # Terminology (RFC 3986 §1.1, §4)
//
//   - A URI (§3) has a scheme: "http://example.com/a?q#f". [Parse] accepts
//     exactly the rule URI.
//   - An absolute URI (§4.3) is a URI without a fragment. [ParseAbsolute].
//   - A relative reference (§4.2) has no scheme: "//host/p", "/p", "p", "?q",
//     "". [ParseRelative].
//   - A URI reference (§4.1) is either a URI or a relative reference.
//     [ParseReference] accepts it, and [URI] values represent all four.
//
// # Undefined is not empty
//
// Every optional component is returned with a boolean that reports whether
// it is defined (§5.2.1, §5.3): "http://h?" has an empty query, "http://h"
// has none. Components are the exact substrings of the input; nothing is
// decoded or normalized when parsing, and [URI.String] returns the input
// byte for byte (§5.3).
//
// # Errors
//
// Invalid input yields a [*ParseError] with the byte offset of the first
// byte that could not be matched, the ABNF rule that could not continue, a
// kind, and a hint where the likely mistake is known (a port that is not
// digits, a relative reference where a URI is required, a character that
// needs the IRI or zone syntax). A ParseError never contains the input,
// nor a byte of a password (§7.5); [ParseError.Render] draws the input,
// password masked, with a caret. The errors of [URI.UnmarshalText] and the
// panics of [MustParse] name the input, password masked, so that the bad
// one of many is found. URIs are ASCII (§2): a byte >= 0x80 is an error at
// its own offset, so are invalid UTF-8, NUL and every other control byte.
//
// # Untrusted input
//
// Parse untrusted input with this package ([Parse], or [ParseReference]
// where a relative reference is allowed): it accepts exactly RFC 3986, so
// an input it accepts has one reading, its components are the exact text
// of the input, and what no rule allows (a backslash, a space, a second
// "@", a non-ASCII byte outside the IRI syntax) is an error, not a guess.
// Then take every decision from that one value: the host to resolve, send
// and check from [URI.ASCIIHostname], and the text to pass on from
// [URI.String]; to fetch it, package
// [github.com/specuri/specuri/uri/fetch] reads it so and checks it and the
// addresses it leads to. Where the URL is also read by a parser that reads
// inputs otherwise (net/url; a browser, whose reading is package
// [github.com/specuri/specuri/uri/whatwg]), check that the readings agree
// with package [github.com/specuri/specuri/uri/confusion] before trusting
// either. Parse with package whatwg only what a browser would be given and
// is to be read as one reads it: it accepts almost any string, as browsers
// do. The other packages' documentation points here.
//
// # Limits
//
// RFC 3986 sets no limit on lengths or counts; this package does, so that
// no input makes it use memory or time without bound: an input is at most
// [MaxLength] bytes (2^31-1), and a query read as pairs has at most
// [DefaultMaxPairs] pairs unless the caller sets another limit
// ([ParamsOptions.MaxPairs]); past it the error is a [*LimitError]. Every
// operation takes time linear in its input.
//
// # Passwords
//
// [URI.String], [URI.MarshalText] and the values of the accessors are
// lossless, password included. [URI.Redacted], [RedactInput],
// [URI.LogValue] (for log/slog) and [URI.GoString] (for %#v) mask it, and
// also what a WHATWG URL parser (a browser) would read as a password, as in
// "http:///user:pw@host", which a scan of the input finds without running
// such a parser. log/slog calls LogValue only for a URI passed
// directly as an attribute's value (slog.Any("url", u)): a URI inside a
// struct or a map, or formatted with %v or %s, is written by String,
// password included; log u.Redacted() there.
//
// # Beyond RFC 3986
//
// The package functions are strict RFC 3986. Extensions are opt-in, each
// generated from its own grammar and audited like RFC 3986's:
//
//   - [RFC6874]: IPv6 zone identifiers, "http://[fe80::1%25en0]/", with
//     [Host.Zone] and a zoned [Host.Addr] (RFC 6874 §2).
//   - [RFC3987]: IRIs, "http://résumé.example.org/", with the conversions
//     [IRIToURI], [URI.ToURI] and [URI.ToIRI] (RFC 3987 §3.1, §3.2).
//
// International host names are converted by UTS #46 (package
// [github.com/specuri/specuri/uri/idna], the URL Standard's domain to
// ASCII) wherever a host is used rather than written: [URI.ASCIIHostname]
// is the one host to resolve, send and check; [URI.ToURI] writes the host
// of a scheme that uses domain names ([UsesDomainNames]) in A-labels;
// scheme-based normalization and [Compare] take a host and its A-labels as
// one host (RFC 3987 §3.1, §5.3.3).
//
// # Packages
//
// Views of a URI with their own audience are packages of their own, built
// on this package's API:
//
//   - [github.com/specuri/specuri/uri/template]: URI Templates (RFC 6570),
//     expansion and matching.
//   - [github.com/specuri/specuri/uri/fileuri]: "file" URIs and the paths
//     of POSIX and Windows (RFC 8089).
//   - [github.com/specuri/specuri/uri/urn]: Uniform Resource Names (RFC
//     8141), their parts and their equivalence.
//   - [github.com/specuri/specuri/uri/mailto]: the addresses and header
//     fields of a 'mailto' URI (RFC 6068 §2).
//   - [github.com/specuri/specuri/uri/httptarget]: the request-target of an
//     HTTP/1.1 request line (RFC 9112 §3.2).
//   - [github.com/specuri/specuri/uri/origin]: the origin of a URI as a
//     browser has it (URL Standard §4, RFC 6454), its site and same-site.
//   - [github.com/specuri/specuri/uri/neturl]: conversions to and from
//     net/url's URL, refusing what it would read with another meaning.
//   - [github.com/specuri/specuri/uri/dataurl]: "data" URLs (RFC 2397), their
//     media type and their data, decoded.
//   - [github.com/specuri/specuri/uri/idna]: international domain names,
//     A-labels and U-labels (UTS #46).
//   - [github.com/specuri/specuri/uri/whatwg]: URLs as the WHATWG URL
//     Standard (browsers) parses them.
//   - [github.com/specuri/specuri/uri/confusion]: how this package, net/url
//     and a WHATWG URL parser (browsers) read one input, and where they
//     disagree (RFC 3986 §7).
//
// A program that parses, checks, prints and redacts references links the
// parsers of RFC 3986 and its two extensions, and none of the WHATWG
// parser, the IDNA engine or the Unicode tables: those come with the
// calls that need them ([URI.ASCIIHostname], [URI.ToURI], [Compare], the
// packages above). Loading the package runs no code: its byte classes
// and the tables of its parsers are generated from the grammars (tables.go,
// by go generate).
//
// # Examples
//
// The examples are the Example functions of the example*_test.go files of
// this package, which cover parsing and the quick start, resolution,
// normalization and comparison, queries ([URI.Params], [ParamsFromMap]),
// scheme rules and hints, and of the packages uri/confusion, uri/dataurl,
// uri/fetch (checking a URL, and the addresses it leads to, before
// fetching it), uri/fileuri, uri/httptarget, uri/idna, uri/mailto,
// uri/neturl, uri/origin, uri/publicsuffix, uri/template, uri/urn and
// uri/whatwg. pkg.go.dev shows each under the function it illustrates; "go
// doc" in a terminal does not print them. Offline, "go doc -http ./uri"
// (Go 1.25 and later, run in the module) serves the documentation of the
// source on disk with its examples, as pkg.go.dev shows it; or open those
// files, or run the examples with "go test -run Example -v ./uri/...".
package uri
