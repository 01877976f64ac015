package pslcompare

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"

	"github.com/specuri/specuri/uri/publicsuffix"
)

// TestCookieJar: net/http/cookiejar with publicsuffix.CookieJarList
// refuses a cookie for a public suffix of either section and keeps one
// for a registrable domain, as with x/net's list.
func TestCookieJar(t *testing.T) {
	jar, err := cookiejar.New(&cookiejar.Options{PublicSuffixList: publicsuffix.CookieJarList})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		page, domain string
		kept         bool
	}{
		{"https://www.example.co.uk/", "co.uk", false},
		{"https://a.github.io/", "github.io", false},
		{"https://www.example.co.uk/", "example.co.uk", true},
	} {
		u, _ := url.Parse(tt.page)
		jar.SetCookies(u, []*http.Cookie{{Name: "n", Value: "v", Domain: tt.domain}})
		other, _ := url.Parse("https://other." + tt.domain + "/")
		if got := len(jar.Cookies(other)) > 0; got != tt.kept {
			t.Errorf("a cookie for Domain=%s set by %s reaches %s: %v, want %v", tt.domain, tt.page, other, got, tt.kept)
		}
	}
}
