// Command neturljson is the baseline of the CPU cost of "uri parse --json":
// it does the same job with net/url and encoding/json, reading one
// reference per line of standard input and writing one JSON object per
// line, buffered.
package main

import (
	"bufio"
	"encoding/json"
	"net/url"
	"os"
	"strings"
)

type record struct {
	Input    string  `json:"input"`
	Valid    bool    `json:"valid"`
	Scheme   string  `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     string  `json:"host"`
	Port     string  `json:"port"`
	Path     string  `json:"path"`
	Query    string  `json:"query"`
	Fragment string  `json:"fragment"`
	Error    *string `json:"error"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<30)
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		line := strings.TrimSuffix(in.Text(), "\r")
		r := record{Input: line}
		if u, err := url.Parse(line); err != nil {
			msg := err.Error()
			r.Error = &msg
		} else {
			r.Valid, r.Scheme, r.Host, r.Port = true, u.Scheme, u.Hostname(), u.Port()
			r.Path, r.Query, r.Fragment = u.EscapedPath(), u.RawQuery, u.EscapedFragment()
			if u.User != nil {
				s := u.User.String()
				r.Userinfo = &s
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
