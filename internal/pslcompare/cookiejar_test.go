package pslcompare

import (
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
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

// TestCookieJarParsedList: a list read with Parse, and the ICANN section
// of the generated one, serve net/http/cookiejar through
// List.CookieJarList: the jar refuses a cookie for a suffix of the list it
// was given and keeps one for a suffix of another list.
func TestCookieJarParsedList(t *testing.T) {
	parsed, err := publicsuffix.Parse(strings.NewReader("// ===BEGIN ICANN DOMAINS===\nexample\n// ===END ICANN DOMAINS===\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name         string
		list         *publicsuffix.List
		page, domain string
		kept         bool
	}{
		{"parsed", parsed, "https://a.b.example/", "b.example", true},
		{"parsed", parsed, "https://a.b.example/", "example", false},
		{"parsed", parsed, "https://www.example.co.uk/", "co.uk", true},
		{"ICANN", publicsuffix.Default().ICANN(), "https://a.github.io/", "github.io", true},
		{"ICANN", publicsuffix.Default().ICANN(), "https://www.example.co.uk/", "co.uk", false},
	} {
		t.Run(tt.name+" "+tt.domain, func(t *testing.T) {
			jar, err := cookiejar.New(&cookiejar.Options{PublicSuffixList: tt.list.CookieJarList()})
			if err != nil {
				t.Fatal(err)
			}
			u, _ := url.Parse(tt.page)
			jar.SetCookies(u, []*http.Cookie{{Name: "n", Value: "v", Domain: tt.domain}})
			other, _ := url.Parse("https://other." + tt.domain + "/")
			if got := len(jar.Cookies(other)) > 0; got != tt.kept {
				t.Errorf("a cookie for Domain=%s set by %s reaches %s: %v, want %v", tt.domain, tt.page, other, got, tt.kept)
			}
		})
	}
}
