// Command linkcore calls what most programs call of package uri (Parse,
// Valid, String, Redacted, and %#v, which is GoString): the program whose
// symbols and size TestCoreLinksOnlyRFC3986 measures, against linkneturl.
package main

import (
	"fmt"
	"os"

	"github.com/specuri/specuri/uri"
)

func main() {
	if !uri.Valid(os.Args[1]) {
		os.Exit(1)
	}
	u, err := uri.Parse(os.Args[1])
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println(u.String(), u.Redacted())
	fmt.Printf("%#v\n", u)
}
