package uri

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/whatwg"
	"github.com/specuri/specuri/internal/wpttest"
)

// passwordSpanCases are inputs on which the lexical scan and the WHATWG
// parser must agree, beside those of urltestdata.json: each rule the scan
// follows, and the ways a parse fails after the credentials.
var passwordSpanCases = []string{
	"http://u:pw@h/", "http:///u:pw@h", `http:\\u:p@h`, `http:/\/\u:p@h`, "HTTP://u:p@h",
	"hTtPs:u:p@h", "ws:u:p@h", "wss:u:p@h", "ftp:u:p@h", "ftps:u:p@h", "https1:u:p@h",
	"file://u:p@h/", "FILE:u:p@h", "foo://u:p@h", "foo:/u:p@h", "foo:///u:p@h", `foo:\\u:p@h`,
	"foo:/\t/u:p@h", "h\ttp://u:p@h", "http\n:\r//u:\tpw\t@h", "http://u:\t@h", "http://u:@h",
	"http://:@h", "http://:p@h", "http://u@h", "http://@h", "http://u:p@", "http://u:p@a@b@",
	"http://u@a:b@c", "http://a@b:c@d", "http://u:p@h:x/", "http://u:p@[::1", "http://u:p@a b/",
	" \x00\x1fhttp://u:p@h \x01", "\thttp://u:p@h\t", "http://u:p\x00@h", `http://u\:p@h`,
	`foo://u\:p@h`, "http://u:p?@h", "http://u:p#@h", "http://u:p/@h", "foo://u:p\\@h",
	"1http://u:p@h", "+http://u:p@h", "://u:p@h", "//u:p@h", "a+b-c.d://u:p@h", "h\u00e9://u:p@h",
	"http://\u00fc:\u00e9@h", "http://u:p\xff@h", "",
	"http", "http:", "http:/", "http://", "http:\t", "file:", "foo:", "foo:/",
}

// TestWHATWGPasswordSpanAgree checks that the lexical scan finds the
// password where internal/whatwg's basic URL parser does, on the inputs of
// web-platform-tests' urltestdata.json and on passwordSpanCases.
func TestWHATWGPasswordSpanAgree(t *testing.T) {
	if maxWHATWGInput != whatwg.MaxHref {
		t.Errorf("maxWHATWGInput = %d, want whatwg.MaxHref (%d)", maxWHATWGInput, whatwg.MaxHref)
	}
	inputs := append(urlTestDataInputs(t), passwordSpanCases...)
	spans := 0
	for _, in := range inputs {
		t.Run(in, func(t *testing.T) {
			if diff := cmp.Diff(spanOf(whatwg.PasswordSpan(in)), spanOf(whatwgPasswordSpan(in))); diff != "" {
				t.Errorf("whatwgPasswordSpan(%q) mismatch (-parser +scan):\n%s", in, diff)
			}
		})
		if _, _, ok := whatwg.PasswordSpan(in); ok {
			spans++
		}
	}
	if spans < 40 {
		t.Errorf("%d inputs have a password, want at least 40", spans)
	}
}

// FuzzWHATWGPasswordSpan checks on any input that the lexical scan finds
// the password where internal/whatwg's basic URL parser does.
func FuzzWHATWGPasswordSpan(f *testing.F) {
	for _, in := range append(urlTestDataInputs(f), passwordSpanCases...) {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		want, got := spanOf(whatwg.PasswordSpan(in)), spanOf(whatwgPasswordSpan(in))
		if got != want {
			t.Fatalf("whatwgPasswordSpan(%q) = %+v, the parser's is %+v", in, got, want)
		}
	})
}

type pwSpan struct {
	Begin, End int
	OK         bool
}

func spanOf(begin, end int, ok bool) pwSpan { return pwSpan{begin, end, ok} }

// urlTestDataInputs returns the inputs of web-platform-tests'
// urltestdata.json.
func urlTestDataInputs(t testing.TB) []string {
	t.Helper()
	inputs := wpttest.Inputs(t, "../testdata/wpt/url/urltestdata.json")
	if len(inputs) != 891 {
		t.Fatalf("urltestdata.json: %d inputs, want 891", len(inputs))
	}
	return inputs
}
