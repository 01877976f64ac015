// Command etld1only calls only publicsuffix.EffectiveTLDPlusOne, for
// TestTableLinkedSize.
package main

import (
	"fmt"
	"os"

	"github.com/specuri/specuri/uri/publicsuffix"
)

func main() {
	for _, name := range os.Args[1:] {
		fmt.Println(publicsuffix.EffectiveTLDPlusOne(name))
	}
}
