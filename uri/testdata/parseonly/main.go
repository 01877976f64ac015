// Command parseonly calls uri.Parse and nothing else of the module: the
// program that TestParseLinksOnlyURIGrammars links.
package main

import (
	"os"

	"github.com/specuri/specuri/uri"
)

func main() {
	if _, err := uri.Parse(os.Args[1]); err != nil {
		os.Exit(1)
	}
}
