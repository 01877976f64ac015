// Command neturlwhatwgjson is the baseline of the CPU cost of
// "uri whatwg --json": it does the same job with net/url and
// encoding/json, reading one URL per line of standard input and writing
// one JSON object per line with the getters of the URL Standard's URL
// class, as net/url reads them, buffered.
package main

import (
	"bufio"
	"encoding/json"
	"net/url"
	"os"
	"strings"
)

type record struct {
	Input   string  `json:"input"`
	Base    *string `json:"base"`
	Failure bool    `json:"failure"`
	*getters
	Errors []validationError `json:"validationErrors"`
}

// getters are the URL's, written when the parse succeeds.
type getters struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

type validationError struct {
	Offset int    `json:"offset"`
	Kind   string `json:"kind"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<30)
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		line := strings.TrimSuffix(in.Text(), "\r")
		r := record{Input: line, Errors: []validationError{}}
		if u, err := url.Parse(line); err != nil || u.Scheme == "" {
			r.Failure = true
			if err != nil {
				r.Errors = append(r.Errors, validationError{Kind: err.Error()})
			}
		} else {
			r.getters = &getters{Href: u.String(), Protocol: u.Scheme + ":"}
			r.Host, r.Hostname, r.Port = u.Host, u.Hostname(), u.Port()
			r.Origin = u.Scheme + "://" + u.Host
			r.Pathname, r.Hash = u.EscapedPath(), u.EscapedFragment()
			if u.RawQuery != "" {
				r.Search = "?" + u.RawQuery
			}
			if r.Hash != "" {
				r.Hash = "#" + r.Hash
			}
			if u.User != nil {
				r.Username = u.User.Username()
				r.Password, _ = u.User.Password()
			}
		}
		if err := enc.Encode(r); err != nil {
			os.Exit(2)
		}
	}
	if out.Flush() != nil || in.Err() != nil {
		os.Exit(2)
	}
}
