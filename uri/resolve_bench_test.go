package uri_test

import (
	"net/url"
	"testing"

	"github.com/specuri/specuri/uri"
)

// rfc54Refs are the 42 references of RFC 3986 §5.4.1 and §5.4.2, resolved
// against rfcResolveBase.
var rfc54Refs = []string{
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "",
	".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h",
	"g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
}

// BenchmarkResolveVersus compares URI.ResolveReference with
// net/url.URL.ResolveReference on already parsed values, the base and the
// references of RFC 3986 §5.4, alternating the two reference by reference
// (see versusSet); the ratio is the geometric mean over the references.
func BenchmarkResolveVersus(b *testing.B) {
	base := uri.MustParse(rfcResolveBase)
	netBase, err := url.Parse(rfcResolveBase)
	if err != nil {
		b.Fatal(err)
	}
	refs := make([]uri.URI, len(rfc54Refs))
	netRefs := make([]*url.URL, len(rfc54Refs))
	sizes := make([]int, len(rfc54Refs))
	for i, r := range rfc54Refs {
		refs[i] = uri.MustParseReference(r)
		if netRefs[i], err = url.Parse(r); err != nil {
			b.Fatal(err)
		}
		sizes[i] = 4 * len(rfcResolveBase) // about a parse of the result, a few times
	}
	var sinkURI uri.URI
	var sinkURL *url.URL
	versusSet(b, sizes,
		func(i int) { sinkURI = base.ResolveReference(refs[i]) },
		func(i int) { sinkURL = netBase.ResolveReference(netRefs[i]) },
		"specuri", "net-url")
	_, _ = sinkURI, sinkURL
}

// BenchmarkResolve measures URI.ResolveReference alone on the references of
// RFC 3986 §5.4, with its allocations.
func BenchmarkResolve(b *testing.B) {
	base := uri.MustParse(rfcResolveBase)
	refs := make([]uri.URI, len(rfc54Refs))
	for i, r := range rfc54Refs {
		refs[i] = uri.MustParseReference(r)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range refs {
			_ = base.ResolveReference(r)
		}
	}
}
