package origin_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/origin"
	"github.com/specuri/specuri/uri/whatwg"
)

// TestOfMegabyteLinear checks Of and OfURL on 1 MB values, one a kind of
// component (a path, a domain, one of many labels, an IRI's host, a zone,
// a blob URL's path, a password; RFC 6454 §4, URL Standard §4 origin):
// the tuple they give, or the opaque origin.
func TestOfMegabyteLinear(t *testing.T) {
	const mb = 1 << 20
	long := strings.Repeat("a", mb)
	tests := []struct {
		syntax uri.Syntax
		in     string
		want   originFields // of Of and, when the WHATWG parser reads the input, of OfURL
	}{
		{uri.RFC3986, "http://example.com/" + long, originFields{false, "http", "example.com", 80, "http://example.com"}},
		{uri.RFC3986, "http://example.com/?" + long + "#" + long, originFields{false, "http", "example.com", 80, "http://example.com"}},
		{uri.RFC3986, "http://u:" + long + "@example.com/", originFields{false, "http", "example.com", 80, "http://example.com"}},
		{uri.RFC3986, "blob:https://example.com/" + long, originFields{false, "https", "example.com", 443, "https://example.com"}},
		// Domain to ASCII with VerifyDNSLength false (URL Standard §3.3):
		// no limit on a label's length or on the name's.
		{uri.RFC3986, "http://" + long + ":8080/", originFields{false, "http", long, 8080, "http://" + long + ":8080"}},
		{uri.RFC3986, "http://" + strings.Repeat("a.", mb/2) + "/", originFields{false, "http", strings.Repeat("a.", mb/2), 80, "http://" + strings.Repeat("a.", mb/2)}},
		// Zones (RFC 6874): opaque, as the URL Standard's IPv6 parser
		// fails on "%".
		{uri.RFC6874, "http://[fe80::1%25" + long + "]/", originFields{Opaque: true, String: "null"}},
		{uri.RFC3986, "http://example.com:" + strings.Repeat("0", mb) + "80/", originFields{false, "http", "example.com", 80, "http://example.com"}},
	}
	for _, tt := range tests {
		t.Run(tt.in[:min(len(tt.in), 24)], func(t *testing.T) {
			u := tt.syntax.MustParseReference(tt.in)
			if diff := cmp.Diff(tt.want, originOf(origin.Of(u))); diff != "" {
				t.Errorf("Of(%.40q...) mismatch (-want +got):\n%s", tt.in, diff)
			}
			w, err := whatwg.Parse(tt.in)
			if err != nil {
				if !tt.want.Opaque {
					t.Fatalf("whatwg.Parse(%.40q...): %v", tt.in, err)
				}
				return
			}
			if diff := cmp.Diff(tt.want, originOf(origin.OfURL(w))); diff != "" {
				t.Errorf("OfURL(%.40q...) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestOfIRIMegabyteLinear checks Of and OfURL on a 1 MB IRI (RFC 3987)
// host, of one code point repeated and of many labels: domain to ASCII
// gives its Punycode.
func TestOfIRIMegabyteLinear(t *testing.T) {
	needIDNA(t)
	for _, label := range []string{"ü", "例."} {
		host := strings.Repeat(label, (1<<20)/len(label))
		in := "https://" + host + "/"
		want, err := whatwg.Parse("https://" + host + "/")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(want.Hostname(), "xn--") {
			t.Fatalf("whatwg.Parse(%.40q...).Hostname() = %.40q..., not Punycode", in, want.Hostname())
		}
		o := origin.Of(uri.RFC3987.MustParseReference(in))
		if diff := cmp.Diff(originFields{false, "https", want.Hostname(), 443, "https://" + want.Hostname()}, originOf(o)); diff != "" {
			t.Errorf("Of(%.40q...) mismatch (-want +got):\n%s", in, diff)
		}
		if diff := cmp.Diff(originOf(o), originOf(origin.OfURL(want))); diff != "" {
			t.Errorf("OfURL(%.40q...) mismatch (-Of +OfURL):\n%s", in, diff)
		}
	}
}

// TestOfLinear: Of and OfURL take time linear in the input (lineartest),
// on the shapes of TestOfMegabyteLinear.
func TestOfLinear(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	shapes := []lineartest.Shape{
		{Name: "path", Prefix: "http://example.com/", Unit: "a/"},
		{Name: "domain", Prefix: "http://", Unit: "a", Suffix: "/"},
		{Name: "labels", Prefix: "http://", Unit: "a.", Suffix: "/"},
		{Name: "IRI host", Prefix: "http://", Unit: "ü", Suffix: "/"},
		{Name: "zone", Prefix: "http://[fe80::1%25", Unit: "a", Suffix: "]/"},
		{Name: "blob path", Prefix: "blob:http://example.com/", Unit: "a/"},
		{Name: "password", Prefix: "http://u:", Unit: "p", Suffix: "@h/"},
		{Name: "port zeros", Prefix: "http://h:", Unit: "0", Suffix: "80/"},
	}
	lineartest.CheckShapes(t, shapes, 1<<13, 1<<19, 16, func(s string) {
		if u, err := uri.RFC6874.ParseReference(s); err == nil {
			_ = origin.Of(u)
		} else if u, err := uri.RFC3987.ParseReference(s); err == nil {
			_ = origin.Of(u)
		}
		if w, err := whatwg.Parse(s); err == nil {
			_ = origin.OfURL(w)
		}
	})
}
