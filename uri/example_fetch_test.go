package uri_test

import (
	"fmt"

	"github.com/specuri/specuri/uri"
)

// Before an HTTP client fetches a URL a user supplied: one call checks the
// scheme (in any case), the host (a DNS name or an IP address), the
// absence of userinfo and the port; ASCIIHostname then gives the name to
// dial and to compare with an allow-list.
func ExampleURI_CheckFetch() {
	for _, in := range []string{
		"HTTPS://Example.COM/report?id=7",
		"https://bank.example@evil.example/",
		"http://example.com:99999/",
		"https://exa%20mple.com/",
		"file:///etc/passwd",
	} {
		u, err := uri.Parse(in)
		if err != nil {
			fmt.Println("invalid:", err)
			continue
		}
		if err := u.CheckFetch("http", "https"); err != nil {
			fmt.Println("refused:", err.(*uri.FetchError).Code)
			continue
		}
		host, _ := u.ASCIIHostname()
		fmt.Println("fetch from", host)
	}
	// Output:
	// fetch from example.com
	// refused: userinfo
	// refused: port
	// refused: host
	// refused: scheme
}
