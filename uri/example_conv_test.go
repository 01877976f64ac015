package uri_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"

	"github.com/specuri/specuri/uri"
)

// Hostname gives a dialer what it takes: no brackets, a zone after "%".
func ExampleURI_Hostname() {
	for _, s := range []string{
		"https://example.com:8443/",
		"https://[2001:db8::7]:8443/",
		"https://ex%61mple.com/",
		"file:///etc/hosts",
	} {
		u := uri.MustParse(s)
		port, _ := u.Port()
		fmt.Printf("%q %q\n", u.Hostname(), net.JoinHostPort(u.Hostname(), port))
	}
	z, err := uri.RFC6874.Parse("http://[fe80::1%25en0]:8080/")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", z.Hostname())
	// Output:
	// "example.com" "example.com:8443"
	// "2001:db8::7" "[2001:db8::7]:8443"
	// "example.com" "example.com:"
	// "" ":"
	// "fe80::1%en0"
}

func ExampleURI_Username() {
	for _, s := range []string{"ftp://anna%40example.com@h/", "ftp://@h/", "ftp://h/"} {
		user, ok := uri.MustParse(s).Username()
		fmt.Printf("%q %v\n", user, ok)
	}
	// Output:
	// "anna@example.com" true
	// "" true
	// "" false
}

// The bool tells an absent user name or password from an empty one.
func ExampleURI_Password() {
	for _, s := range []string{"ftp://anna:s%3Acret@h/", "ftp://anna:@h/", "ftp://anna@h/", "ftp://h/"} {
		u := uri.MustParse(s)
		user, hasUser := u.Username()
		pass, hasPass := u.Password()
		fmt.Printf("%-24s user=%q %v password=%q %v\n", s, user, hasUser, pass, hasPass)
	}
	// Output:
	// ftp://anna:s%3Acret@h/   user="anna" true password="s:cret" true
	// ftp://anna:@h/           user="anna" true password="" true
	// ftp://anna@h/            user="anna" true password="" false
	// ftp://h/                 user="" false password="" false
}

func ExampleURI_RequestURI() {
	for _, s := range []string{
		"http://www.example.org/where?q=now#frag",
		"http://www.example.org",
		"http://www.example.org/a%20b?",
	} {
		fmt.Println(uri.MustParse(s).RequestURI())
	}
	// Output:
	// /where?q=now
	// /
	// /a%20b?
}

// Each element is one segment: a "/" in it is encoded, and a dot-segment
// is an error, so an element taken from user input cannot climb.
func ExampleURI_JoinPath() {
	base := uri.MustParse("https://example.com/files/a%2Fb/?v=1")
	u, err := base.JoinPath("report 2024/Q1.pdf")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	dir, err := base.JoinPath("reports", "")
	if err != nil {
		panic(err)
	}
	fmt.Println(dir)
	_, err = base.JoinPath("..", "etc", "passwd")
	fmt.Println(errors.Is(err, uri.ErrDotSegment))
	// Output:
	// https://example.com/files/a%2Fb/report%202024%2FQ1.pdf?v=1
	// https://example.com/files/a%2Fb/reports/?v=1
	// true
}

func ExampleURI_Params() {
	u := uri.MustParse("https://example.com/search?q=red+shoes&size=40&size=41&x=%41")
	p, err := u.Params()
	if err != nil {
		panic(err)
	}
	q, _ := p.Get("q")
	fmt.Printf("%q %q %v\n", q, p.Values("size"), p.Has("page"))
	// Output: "red shoes" ["40" "41"] false
}

// Editing a query keeps every pair it does not touch exactly as it was.
func ExampleURI_WithParams() {
	u := uri.MustParse("https://example.com/search?q=red+shoes&page=1&x=%41")
	p, err := u.Params()
	if err != nil {
		panic(err)
	}
	p.Set("page", "2")
	p.Add("sort", "price+asc & new")
	v, err := u.WithParams(p)
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	p.Del("q")
	p.Del("page")
	fmt.Println(p)
	// Output:
	// https://example.com/search?q=red+shoes&page=2&x=%41&sort=price%2Basc%20%26%20new
	// x=%41&sort=price%2Basc%20%26%20new
}

// slog logs a URI without its password.
func ExampleURI_LogValue() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{} // a stable output for the example
			}
			return a
		},
	}))
	u := uri.MustParse("https://deploy:hunter2@example.com/hook")
	logger.Info("calling", "url", u)
	// Output: level=INFO msg=calling url=https://deploy:xxxxx@example.com/hook
}

func ExampleURI_GoString() {
	fmt.Printf("%#v\n", uri.MustParse("https://deploy:hunter2@example.com/hook"))
	// Output: uri.MustParseReference("https://deploy:xxxxx@example.com/hook")
}

// Host and Path marshal as the text they hold.
func ExampleHost_MarshalText() {
	u := uri.MustParse("http://[2001:db8::7]:8080/a%2Fb")
	host, _ := u.Host()
	b, err := json.Marshal(map[string]any{"host": host, "path": u.Path()})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output: {"host":"[2001:db8::7]","path":"/a%2Fb"}
}

func ExampleComparison_String() {
	for _, pair := range [][2]string{
		{"http://example.com/", "http://example.com/"},
		{"HTTP://example.com/%7euser", "http://example.com/~user"},
		{"http://example.com:80", "http://example.com/"},
		{"http://example.com/", "http://example.org/"},
	} {
		fmt.Println(uri.Compare(uri.MustParse(pair[0]), uri.MustParse(pair[1])))
	}
	// Output:
	// exact
	// syntax-based
	// scheme-based
	// different: host
}

func ExamplePath_MarshalText() {
	b, err := json.Marshal(uri.MustParse("http://h/a%2Fb/c").Path())
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output: "/a%2Fb/c"
}

// A query built from a map is sorted by name, so that the same map always
// gives the same URL (a loop over a map calling Set would not).
func ExampleParamsFromMap() {
	u := uri.MustParse("https://example.com/search")
	v, err := u.WithParams(uri.ParamsFromMap(map[string]string{"q": "red shoes", "page": "2", "lang": "en"}))
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	// Output: https://example.com/search?lang=en&page=2&q=red%20shoes
}
