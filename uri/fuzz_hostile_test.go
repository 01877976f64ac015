package uri_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/specuri/specuri/uri"
)

// FuzzRenderNoPassword checks RFC 3986 §7.5 on hostile inputs: whatever
// surrounds a password, valid or not, neither ParseError.Render nor
// RedactInput shows it, and Render's caret stays within its line.
func FuzzRenderNoPassword(f *testing.F) {
	f.Add("http:", "user", "s3cret!!", "example.com/p")
	f.Add("", "u", "pa ss\x00word", "h@evil/")
	f.Add(" http:", "", "hunter22", "h st")
	f.Add("x", "a%zz", "qwerty12", "[::1")
	f.Fuzz(func(t *testing.T, before, user, password, after string) {
		// A password without "x" and "@" that occurs once in s can occur
		// in a masked s only if it was not masked.
		if strings.ContainsAny(before, "/?#\\@") || strings.ContainsAny(user, "/?#\\@:") ||
			strings.ContainsAny(password, "/?#@x") || password == "" {
			return
		}
		s := before + "//" + user + ":" + password + "@" + after
		if strings.Count(s, password) != 1 {
			return
		}
		// A valid reference, in the first syntax that accepts it, is
		// read as that syntax reads it: "a:b//u:p@h" is a path, without a
		// password, and so is "é//u:p@h" as an IRI.
		for _, x := range syntaxes {
			if u, err := x.ParseReference(s); err == nil {
				if _, ok := u.Userinfo(); !ok {
					return
				}
				break
			}
		}
		red := uri.RedactInput(s)
		if strings.Contains(red, password) {
			t.Fatalf("RedactInput(%q) = %q shows the password", s, red)
		}
		for _, parse := range []func(string) (uri.URI, error){uri.Parse, uri.ParseReference, uri.ParseAbsolute, uri.ParseRelative} {
			_, err := parse(s)
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				continue
			}
			// Render shows a window of the masked input, quoted.
			out := pe.Render(s)
			lines := strings.Split(out, "\n")
			if len(lines) != 3 || len(lines[2]) > len(lines[1]) {
				t.Fatalf("Render(%q) = %q: want a caret within the input line", s, out)
			}
			line := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(lines[1], "    "), "..."), "...")
			shown, err := strconv.Unquote(line)
			if err != nil || !strings.Contains(red, shown) {
				t.Fatalf("Render(%q) shows %q, not a part of the masked input %q", s, line, red)
			}
		}
		if u, err := uri.ParseReference(s); err == nil && red != u.Redacted() {
			t.Fatalf("RedactInput(%q) = %q, Redacted() = %q", s, red, u.Redacted())
		}
	})
}
