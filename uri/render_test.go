package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// TestRender checks the caret drawing and the password masking of
// ParseError.Render, for invalid inputs whose password the grammar cannot
// delimit (RFC 3986 §7.5).
func TestRender(t *testing.T) {
	tests := []struct {
		in   string
		want string // the input and caret lines
	}{
		// §3.2.2 reg-name: the password is masked, the caret shifts with it.
		{"http://u:secret@h st/", "\"http://u:xxxxx@h st/\"\n                 ^"},
		// §3.2.1 userinfo: the error is inside the password; the caret
		// points at the mask.
		{"http://u:sec ret@h/", "\"http://u:xxxxx@h/\"\n          ^"},
		// §4.1: bytes before the scheme; masked all the same.
		{" http://u:pw@h/", "\" http://u:xxxxx@h/\"\n ^"},
		// §2: backslashes, which WHATWG reads as slashes.
		{`http:\\u:pw@h\`, "\"http:\\\\\\\\u:xxxxx@h\\\\\"\n      ^"},
		// §3.2.1: the password is the text after the first ":".
		{"//u:p:q@h/\x00", "\"//u:xxxxx@h/\\x00\"\n             ^"},
		// §2.1: a valid authority, an error later.
		{"http://u:pw@h/%zz", "\"http://u:xxxxx@h/%zz\"\n                  ^"},
		// No userinfo: nothing to mask.
		{"http://h/a b", "\"http://h/a b\"\n           ^"},
		// §3.2.1: a second "@", which net/url reads as part of the
		// password: masked up to the last "@"; the caret is on it.
		{"http://u:p@x@h/", "\"http://u:xxxxx@h/\"\n               ^"},
		// The end of the input.
		{"http://u:pw@[::1", "\"http://u:xxxxx@[::1\"\n                    ^"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.ParseReference(tt.in)
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseReference(%q) = %v, want a *ParseError", tt.in, err)
			}
			want := pe.Error() + "\n" + tt.want
			if diff := cmp.Diff(want, pe.Render(tt.in)); diff != "" {
				t.Errorf("Render(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestRenderWindow checks that a long input is shown around the failing
// byte only.
func TestRenderWindow(t *testing.T) {
	in := "http://h/" + strings.Repeat("a", 500) + " " + strings.Repeat("b", 500)
	_, err := uri.ParseReference(in)
	pe := err.(*uri.ParseError)
	want := pe.Error() + "\n..." + `"` + strings.Repeat("a", uri.RenderWindow) + " " + strings.Repeat("b", uri.RenderWindow-1) + `"...` +
		"\n" + strings.Repeat(" ", 4+uri.RenderWindow) + "^"
	if diff := cmp.Diff(want, pe.Render(in)); diff != "" {
		t.Errorf("Render mismatch (-want +got):\n%s", diff)
	}
}

// TestErrorsHideHostilePasswords checks RFC 3986 §7.5 for every way an
// error can be printed, on invalid inputs with passwords.
func TestErrorsHideHostilePasswords(t *testing.T) {
	inputs := []string{
		"http://u:hunter2@h st/", "http://u:hunter2 @h/", "http://u:hunter2@h@evil/",
		" http://u:hunter2@h/", `http:\\u:hunter2@h`, "//u:hunter2@h/%zz", "http://u:hunter2@[::1",
		"http://u:hunter2\x00@h/", "http://u:hunter2@h:8a/",
	}
	for _, in := range inputs {
		t.Run(in, func(t *testing.T) {
			for _, parse := range []func(string) (uri.URI, error){uri.Parse, uri.ParseReference, uri.ParseAbsolute, uri.ParseRelative} {
				_, err := parse(in)
				if err == nil {
					t.Fatalf("%q parsed; want an error", in)
				}
				pe := err.(*uri.ParseError)
				for _, out := range []string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err),
					fmt.Sprintf("%#v", err), fmt.Sprintf("%s", err), pe.Render(in), uri.RedactInput(in)} {
					if strings.Contains(out, "hunter2") {
						t.Errorf("error output for %q shows the password: %q", in, out)
					}
				}
			}
		})
	}
}

// TestRedactInput checks RedactInput against URI.Redacted on valid inputs
// and on invalid ones (RFC 3986 §3.2.1, §7.5).
func TestRedactInput(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://u:pw@h/", "http://u:xxxxx@h/"},
		{"http://u@h/", "http://u@h/"},
		{"http://u:@h/", "http://u:xxxxx@h/"},
		{"a:b//u:p@h", "a:b//u:p@h"}, // §3.3 path-rootless: no userinfo
		{"mailto:u:p@h", "mailto:u:p@h"},
		{"http://h/?u:p@h", "http://h/?u:p@h"},
		{"http://u:p w@h/", "http://u:xxxxx@h/"},
		{"http://u:p@a@b/", "http://u:xxxxx@b/"},
		{"\thttp://u:p@h/", "\thttp://u:xxxxx@h/"},
		{"http:/\\u:p@h", "http:/\\u:xxxxx@h"},
		{"http://h?x//u:p@h", "http://h?x//u:p@h"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, uri.RedactInput(tt.in)); diff != "" {
				t.Errorf("RedactInput(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
