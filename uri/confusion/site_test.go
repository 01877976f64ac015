package confusion_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/confusion"
)

// TestDeceptiveSubdomain: the registrable domain of the host, and the
// other registrable domain the labels left of it spell.
func TestDeceptiveSubdomain(t *testing.T) {
	tests := []struct{ in, registrable, spells string }{
		{"https://paypal.com.evil.net/", "evil.net", "paypal.com"},
		{"https://accounts.google.com-login.example.net/", "example.net", "google.com"},
		{"https://login.paypal.co.uk.attacker.io/x", "attacker.io", "paypal.co.uk"},
		{"https://www.amazon.de-secure.example.org/", "example.org", "amazon.de"},
		{"https://PayPal.COM.evil.net./", "evil.net.", "paypal.com"},
		{"https://www.example.com/", "example.com", ""},
		{"https://api.dev.example.com/", "example.com", ""},
		{"https://a-b.c-d.example.com/", "example.com", ""},
		{"https://a.b.github.io/", "b.github.io", ""},
		{"https://example.com.example.com/", "example.com", ""},
		{"https://com/", "", ""},
		{"https://www.食狮.公司.cn/", "xn--85x722f.xn--55qx5d.cn", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r := confusion.Options{}.Check(tt.in)
			if r.IDN == nil {
				t.Fatalf("Check(%q).IDN = nil", tt.in)
			}
			got := []any{r.IDN.RegistrableDomain, r.IDN.Spells, slices.Contains(r.Warnings, confusion.WarnDeceptiveSubdomain)}
			want := []any{tt.registrable, tt.spells, tt.spells != ""}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Check(%q) RegistrableDomain, Spells, warned mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestDeceptiveSubdomainLinear: a host of 9,361 labels, as many as
// MaxHost allows, is judged without looking up each prefix of them whole.
func TestDeceptiveSubdomainLinear(t *testing.T) {
	host := strings.Repeat("paypal.", (confusion.MaxHost-len("evil.net"))/len("paypal.")) + "evil.net"
	r := confusion.Check("https://" + host + "/")
	if r.IDN == nil || r.IDN.Spells != "" || r.IDN.RegistrableDomain != "evil.net" {
		t.Fatalf("IDN = %+v", r.IDN)
	}
}
