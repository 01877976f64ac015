// Command linkneturl is linkcore written with net/url, and a
// slog.LogValuer of its own as package uri has one: the program whose
// size TestCoreLinksOnlyRFC3986 compares linkcore's with.
package main

import (
	"fmt"
	"log/slog"
	"net/url"
	"os"
)

// redacted logs a URL with its password masked, as uri.URI does.
type redacted struct{ *url.URL }

func (u redacted) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }

var _ slog.LogValuer = redacted{}

func main() {
	if _, err := url.Parse(os.Args[1]); err != nil {
		os.Exit(1)
	}
	u, err := url.Parse(os.Args[1])
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println(u.String(), u.Redacted())
	fmt.Printf("%#v\n", redacted{u})
}
