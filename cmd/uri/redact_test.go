package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// secretInputs hold a password (its pieces, when the input splits it) in
// tricky places: several "@", encoded "@" and ":", invalid inputs, IRIs,
// zones, backslashes.
var secretInputs = []struct {
	in     string
	secret []string
}{
	{"http://user:S3cr3tPW@host/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW@host:80/p?q#f", []string{"S3cr3tPW"}},
	{"//user:S3cr3tPW@host", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW@", []string{"S3cr3tPW"}},
	{"http://us@er:S3cr3tPW@host/", []string{"S3cr3tPW"}},
	{"http://user:S3cr@3tPW@host/", []string{"S3cr", "3tPW"}},
	{"http://user:S3cr3tPW@@host/", []string{"S3cr3tPW"}},
	{"http://j@ne:S3cr3tPW@google.com", []string{"S3cr3tPW"}},
	{"http://user%40x:S3cr3tPW@host/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW%40x@host/", []string{"S3cr3tPW"}},
	{"http://user:S3cr%3A3tPW@host/", []string{"S3cr", "3tPW"}},
	{"http://user:S3cr3tPW@ho st/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW @host/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW@host:80xx/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW@host/\x00", []string{"S3cr3tPW"}},
	{" http://user:S3cr3tPW@host/", []string{"S3cr3tPW"}},
	{"http:\\\\user:S3cr3tPW@host/", []string{"S3cr3tPW"}},
	{"http:/\\user:S3cr3tPW@host/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW@[fe80::1%25en0]/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW@[fe80::1%25en0", []string{"S3cr3tPW"}},
	{"http://üser:S3cr3tPW@höst/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPWé@host/", []string{"S3cr3tPW"}},
	{"http://user:S3cr3tPW\xff@host/", []string{"S3cr3tPW"}},
	{"http://u:S3cr3t@h@h@h/x@y", []string{"3cr3"}},
	{"http://u:S3%40cr3t@h/", []string{"cr3t"}},
	{"http://u:S3cr3t:more@h/", []string{"3cr3"}},
	{"http://u:S3cr3t@[::1", []string{"3cr3"}},
	{"http://u:S3cr3t\x00@h/", []string{"3cr3"}},
	{"//u:S3cr3t@h/%zz", []string{"3cr3"}},
	{"\thttp://u:S3cr3t@h/", []string{"3cr3"}},
	{`http:\\u:S3cr3t@h\`, []string{"3cr3"}},
	{"http://u:S3cr3t@r\u00e9sum\u00e9.example/", []string{"3cr3"}},
	// Special schemes that WHATWG parsers read with an authority whatever
	// the slashes, where RFC 3986 reads a path.
	{"http:///u:S3cr3t@evil.com", []string{"3cr3"}},
	{"http:u:S3cr3t@evil.com", []string{"3cr3"}},
	{"https:/u:S3cr3t@h", []string{"3cr3"}},
	{`ws:\\u:S3cr3t@h`, []string{"3cr3"}},
	{"ftp:////u:S3cr3t@127.1", []string{"3cr3"}},
	{"http://u:S3cr3t@h/?q=S#f", []string{"3cr3"}},
}

// lossless tells the outputs documented to keep passwords: the resulting
// reference of a valid input on standard output of resolve, normalize and
// relative, the converted name of idna, and --json.
type lossless int

const (
	none        lossless = iota // no output may show the password
	stdoutValid                 // the results on standard output
)

// TestNoPasswordShown runs every command that shows references on
// every input, in every syntax, with the input in every place (argument,
// standard input, batch line, flag value, command name), and checks that
// no human output and no error display shows the password.
func TestNoPasswordShown(t *testing.T) {
	type run struct {
		name  string
		stdin string
		args  []string
		keep  lossless
	}
	for _, si := range secretInputs {
		s := si.in
		var runs []run
		for _, syntax := range []string{"rfc3986", "rfc6874", "rfc3987"} {
			sx := []string{"--syntax", syntax}
			runs = append(runs,
				run{"parse", "", append([]string{"parse", s}, sx...), none},
				run{"parse stdin", s + "\n", append([]string{"parse"}, sx...), none},
				run{"parse quoted", quoteLine(s), append([]string{"parse", "--quoted"}, sx...), none},
				run{"parse URI", "", append([]string{"parse", "--rule", "URI", s}, sx...), none},
				run{"parse json", "", append([]string{"parse", "--json", s}, sx...), none},
				run{"normalize", "", append([]string{"normalize", s}, sx...), stdoutValid},
				run{"normalize json", "", append([]string{"normalize", "--json", s}, sx...), none},
				run{"resolve ref", "", append([]string{"resolve", "http://a/b", s}, sx...), stdoutValid},
				run{"resolve base", "", append([]string{"resolve", s, "g", "h"}, sx...), stdoutValid},
				run{"resolve batch", "http://a/\t" + s + "\n" + s + "\tg\n", append([]string{"resolve"}, sx...), stdoutValid},
				run{"resolve json", "", append([]string{"resolve", "--json", s, "g"}, sx...), none},
				run{"relative base", "", append([]string{"relative", s, "http://x/"}, sx...), stdoutValid},
				run{"relative target", "", append([]string{"relative", "http://x/", s}, sx...), stdoutValid},
				run{"relative batch", s + "\t" + s + "\n", append([]string{"relative"}, sx...), stdoutValid},
				run{"compare", "", append([]string{"compare", s, "http://a/"}, sx...), none},
				run{"compare B", "", append([]string{"compare", "http://a/", s}, sx...), none},
				run{"compare batch", s + "\t" + s + "\n", append([]string{"compare"}, sx...), none},
				run{"explain", "", append([]string{"explain", s}, sx...), none},
				run{"explain quoted", quoteLine(s), append([]string{"explain", "--quoted"}, sx...), none},
				run{"explain URI", "", append([]string{"explain", "--rule", "URI", s}, sx...), none},
				run{"confusion", "", append([]string{"confusion", s}, sx...), none},
				run{"confusion quoted", quoteLine(s), append([]string{"confusion", "--quoted"}, sx...), none},
				run{"confusion json", "", append([]string{"confusion", "--json", s}, sx...), none},
			)
		}
		// The commands that read other things than references: names,
		// URLs, request-targets, file URIs, URIs matched by a template.
		runs = append(runs,
			run{"parse scheme rules", "", []string{"parse", "--scheme-rules", s}, none},
			run{"idna ascii", "", []string{"idna", "ascii", s}, none},
			run{"idna ascii strict", "", []string{"idna", "ascii", "--strict", s}, none},
			run{"idna unicode", "", []string{"idna", "unicode", s}, stdoutValid},
			run{"idna unicode strict stdin", s + "\n", []string{"idna", "unicode", "--strict"}, stdoutValid},
			run{"idna ascii json", "", []string{"idna", "ascii", "--json", s}, none},
			run{"idna unicode json", "", []string{"idna", "unicode", "--json", s}, none},
			run{"site", "", []string{"site", s}, none},
			run{"site json", "", []string{"site", "--json", s}, none},
			run{"whatwg json", "", []string{"whatwg", "--json", s}, none},
			// The href is a result, lossless as normalize's: only its
			// error lines and standard error are masked.
			run{"whatwg", "", []string{"whatwg", s}, stdoutValid},
			run{"whatwg stdin", s + "\n", []string{"whatwg"}, stdoutValid},
			run{"whatwg base", "", []string{"whatwg", "--base", s, "x"}, stdoutValid},
			run{"whatwg with href", "", []string{"whatwg", "--with", "href=" + s, "http://h/"}, stdoutValid},
			run{"whatwg with value", "", []string{"whatwg", "--with", "hostname=" + s, "--with", "x" + s, "http://h/"}, none},
			run{"data", "", []string{"data", s}, stdoutValid},
			run{"data web", "", []string{"data", "--web", s}, stdoutValid},
			run{"fetch-check", "", []string{"fetch-check", s}, none},
			run{"fetch-check json", "", []string{"fetch-check", "--json", s}, none},
			run{"fetch-check stdin", s + "\n", []string{"fetch-check"}, none},
			run{"request-target GET", "", []string{"request-target", "GET", s}, none},
			run{"request-target OPTIONS", "", []string{"request-target", "OPTIONS", s}, none},
			run{"request-target CONNECT", "", []string{"request-target", "CONNECT", s}, none},
			run{"file path", "", []string{"file", "path", s}, none},
			run{"file path windows", "", []string{"file", "path", "--style", "windows", s}, none},
			run{"template match", "", []string{"template", "match", "{+x}", s}, none},
			run{"template match stdin", s + "\n", []string{"template", "match", "{scheme}://{user}:{pw}@{+rest}"}, none},
		)
		runs = append(runs,
			run{"unknown command", "", []string{s}, none},
			run{"unknown command, dash", "", []string{"-" + s}, none},
			run{"help of", "", []string{"help", s}, none},
			run{"rule value", "", []string{"parse", "--rule", s, "x"}, none},
			run{"rule value =", "", []string{"parse", "--rule=" + s, "x"}, none},
			run{"explain rule value", "", []string{"explain", "--rule", s, "x"}, none},
			run{"explain syntax value", "", []string{"explain", "--syntax", s, "x"}, none},
			run{"confusion syntax value", "", []string{"confusion", "x", "--syntax", s}, none},
			run{"syntax value", "", []string{"normalize", "x", "--syntax", s}, none},
			run{"bool value", "", []string{"compare", "--json=" + s, "x", "y"}, none},
			run{"unknown flag", "", []string{"resolve", "--" + s, "x"}, none},
			run{"unknown flag =", "", []string{"resolve", "--x=" + s, "x"}, none},
			run{"completion shell", "", []string{"completion", s}, none},
			run{"version argument", "", []string{"version", s}, none},
			run{"audit grammar name", "", []string{"audit", s}, none},
			run{"audit map", "", []string{"audit", "--map", s}, none},
			run{"audit file", "", []string{"audit", "--abnf", s}, none},
		)
		for _, r := range runs {
			t.Run(r.name+"/"+s, func(t *testing.T) {
				got := runCLI(r.stdin, r.args...)
				check := got.Stderr
				json := false
				for _, a := range r.args {
					json = json || a == "--json"
				}
				switch {
				case json:
					// The input and the results are lossless; the
					// messages are not.
					check += jsonMessages(t, got.Stdout)
				case r.keep == none:
					check += got.Stdout
				default:
					// Only the lines that stand for no result.
					for _, line := range strings.SplitAfter(got.Stdout, "\n") {
						if strings.HasPrefix(line, "error: ") {
							check += line
						}
					}
				}
				for _, secret := range si.secret {
					// IDNA lower-cases the labels it quotes.
					if strings.Contains(check, secret) || strings.Contains(check, strings.ToLower(secret)) {
						t.Errorf("uri(%q) shows the password %q:\n%s", r.args, secret, check)
					}
				}
			})
		}
	}
}

// jsonMessages returns the values of the "message" keys, at any depth, of
// the JSON lines of out, one a line.
func jsonMessages(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if m, ok := x.(string); ok && k == "message" {
					b.WriteString(m + "\n")
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("not a JSON line: %q: %v", line, err)
		}
		walk(v)
	}
	return b.String()
}

// quoteLine returns s as a line of --quoted input.
func quoteLine(s string) string {
	return strconv.Quote(s) + "\n"
}
