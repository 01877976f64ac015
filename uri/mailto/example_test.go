package mailto_test

import (
	"fmt"

	"github.com/specuri/specuri/uri/mailto"
)

// A 'mailto' URI of RFC 6068 §6.3 decoded into its addresses and header
// fields, then built back.
func ExampleParse() {
	m, err := mailto.Parse("mailto:user@example.org?subject=caf%C3%A9&body=send%20current-issue")
	if err != nil {
		panic(err)
	}
	fmt.Println(m.To)
	for _, h := range m.Headers {
		fmt.Printf("%s: %q\n", h.Name, h.Value)
	}
	fmt.Println(m.Values("Subject"))
	fmt.Println(m)
	// Output:
	// [user@example.org]
	// subject: "café"
	// body: "send current-issue"
	// [café]
	// mailto:user@example.org?subject=caf%C3%A9&body=send%20current-issue
}

// Building a 'mailto' URI encodes what RFC 6068 §2 reserves.
func ExampleMailto_URI() {
	m := mailto.Mailto{
		To:      []string{"Mike&family@example.org", `"not@me"@example.org`},
		Headers: []mailto.Header{{Name: "subject", Value: "Q&A? 1+1=2"}},
	}
	u, err := m.URI()
	fmt.Println(u, err)
	_, err = mailto.Mailto{To: []string{"Joe <joe@example.org>"}}.URI()
	fmt.Println(err != nil)
	// Output:
	// mailto:Mike%26family@example.org,%22not@me%22@example.org?subject=Q%26A%3F%201+1%3D2 <nil>
	// true
}
