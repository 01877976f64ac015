package mailto_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/mailto"
)

// mailtoExample is an example of RFC 6068: the URI, what it decodes to, and
// what Mailto.String writes for it when that is not the URI itself.
type mailtoExample struct {
	section string
	in      string
	want    mailto.Mailto
	built   string // "" means in
}

func hdr(nv ...string) []mailto.Header {
	var hs []mailto.Header
	for i := 0; i < len(nv); i += 2 {
		hs = append(hs, mailto.Header{nv[i], nv[i+1]})
	}
	return hs
}

// rfc6068Examples are the valid 'mailto' URIs of RFC 6068 §6, in the
// order of the RFC, without the line breaks the RFC adds to present long
// URIs (§1). The one the RFC calls incorrect is in TestMailtoErrors.
var rfc6068Examples = []mailtoExample{
	// §6.1 Basic Examples
	{"6.1", "mailto:chris@example.com", mailto.Mailto{To: []string{"chris@example.com"}}, ""},
	{"6.1", "mailto:infobot@example.com?subject=current-issue",
		mailto.Mailto{To: []string{"infobot@example.com"}, Headers: hdr("subject", "current-issue")}, ""},
	{"6.1", "mailto:infobot@example.com?body=send%20current-issue",
		mailto.Mailto{To: []string{"infobot@example.com"}, Headers: hdr("body", "send current-issue")}, ""},
	{"6.1", "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
		mailto.Mailto{To: []string{"infobot@example.com"}, Headers: hdr("body", "send current-issue\r\nsend index")}, ""},
	{"6.1", "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
		mailto.Mailto{To: []string{"list@example.org"}, Headers: hdr("In-Reply-To", "<3469A91.D10AF4C@example.com>")}, ""},
	{"6.1", "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
		mailto.Mailto{To: []string{"majordomo@example.com"}, Headers: hdr("body", "subscribe bamboo-l")}, ""},
	{"6.1", "mailto:joe@example.com?cc=bob@example.com&body=hello",
		mailto.Mailto{To: []string{"joe@example.com"}, Headers: hdr("cc", "bob@example.com", "body", "hello")}, ""},
	{"6.1", "mailto:gorby%25kremvax@example.com", mailto.Mailto{To: []string{"gorby%kremvax@example.com"}}, ""},
	{"6.1", "mailto:unlikely%3Faddress@example.com?blat=foop",
		mailto.Mailto{To: []string{"unlikely?address@example.com"}, Headers: hdr("blat", "foop")}, ""},
	// The href of the HTML example, "&amp;" being HTML for "&".
	{"6.1", "mailto:joe@an.example?cc=bob@an.example&body=hello",
		mailto.Mailto{To: []string{"joe@an.example"}, Headers: hdr("cc", "bob@an.example", "body", "hello")}, ""},
	{"6.1", "mailto:Mike%26family@example.org", mailto.Mailto{To: []string{"Mike&family@example.org"}}, ""},
	// §6.2 Examples of Complicated Email Addresses
	{"6.2", "mailto:%22not%40me%22@example.org", mailto.Mailto{To: []string{`"not@me"@example.org`}},
		"mailto:%22not@me%22@example.org"},
	{"6.2", "mailto:%22oh%5C%5Cno%22@example.org", mailto.Mailto{To: []string{`"oh\\no"@example.org`}}, ""},
	{"6.2", "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
		mailto.Mailto{To: []string{`"\\\"it's\ ugly\\\""@example.org`}}, ""},
	// §6.3 Examples Using UTF-8-Based Percent-Encoding
	{"6.3", "mailto:user@example.org?subject=caf%C3%A9",
		mailto.Mailto{To: []string{"user@example.org"}, Headers: hdr("subject", "café")}, ""},
	{"6.3", "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
		mailto.Mailto{To: []string{"user@example.org"}, Headers: hdr("subject", "=?utf-8?Q?caf=C3=A9?=")}, ""},
	{"6.3", "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
		mailto.Mailto{To: []string{"user@example.org"}, Headers: hdr("subject", "=?iso-8859-1?Q?caf=E9?=")}, ""},
	{"6.3", "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
		mailto.Mailto{To: []string{"user@example.org"}, Headers: hdr("subject", "café", "body", "café")}, ""},
	{"6.3", "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
		mailto.Mailto{To: []string{"user@納豆.example.org"}, Headers: hdr("subject", "Test", "body", "NATTO")}, ""},
}

// moreMailto are valid inputs beyond §6: the §2 equivalence examples and
// the edges of the grammar.
var moreMailto = []mailtoExample{
	{"2", "mailto:addr1@an.example,addr2@an.example", mailto.Mailto{To: []string{"addr1@an.example", "addr2@an.example"}}, ""},
	{"2", "mailto:?to=addr1@an.example,addr2@an.example",
		mailto.Mailto{Headers: hdr("to", "addr1@an.example,addr2@an.example")}, ""},
	{"2", "mailto:addr1@an.example?to=addr2@an.example",
		mailto.Mailto{To: []string{"addr1@an.example"}, Headers: hdr("to", "addr2@an.example")}, ""},
	{"2 empty", "mailto:", mailto.Mailto{}, ""},
	{"2 empty hfield", "mailto:?=", mailto.Mailto{Headers: hdr("", "")}, ""},
	{"2 scheme case", "MailTo:a@b", mailto.Mailto{To: []string{"a@b"}}, "mailto:a@b"},
	{"2 fragment ignored", "mailto:a@b?s=x#frag", mailto.Mailto{To: []string{"a@b"}, Headers: hdr("s", "x")}, "mailto:a@b?s=x"},
	{"2 empty fragment ignored", "mailto:a@b#", mailto.Mailto{To: []string{"a@b"}}, "mailto:a@b"},
	{"2 hfname case kept", "mailto:?SUBJECT=Hi&Subject=again", mailto.Mailto{Headers: hdr("SUBJECT", "Hi", "Subject", "again")}, ""},
	{"2 lower-case hex", "mailto:%22a%5c%22b%22@x?s=%c3%a9", mailto.Mailto{To: []string{`"a\"b"@x`}, Headers: hdr("s", "é")},
		"mailto:%22a%5C%22b%22@x?s=%C3%A9"},
	{"2 encoded dot", "mailto:a%2Eb@c%2ed", mailto.Mailto{To: []string{"a.b@c.d"}}, "mailto:a.b@c.d"},
	{"2 encoded unreserved", "mailto:%61@b", mailto.Mailto{To: []string{"a@b"}}, "mailto:a@b"},
	{"2 encoded slash", "mailto:a%2Fb@c", mailto.Mailto{To: []string{"a/b@c"}}, ""},
	{"2 comma in quotes", "mailto:%22a,b%22@x,c@y", mailto.Mailto{To: []string{`"a,b"@x`, "c@y"}}, "mailto:%22a%2Cb%22@x,c@y"},
	{"2 quoted space", "mailto:%22a%5C%20b%22@x", mailto.Mailto{To: []string{`"a\ b"@x`}}, ""},
	{"2 quoted tab", "mailto:%22a%5C%09b%22@x", mailto.Mailto{To: []string{"\"a\\\tb\"@x"}}, ""},
	{"2 empty quoted", "mailto:%22%22@x", mailto.Mailto{To: []string{`""@x`}}, ""},
	{"2 domain literal", "mailto:a@%5B192.0.2.1%5D", mailto.Mailto{To: []string{"a@[192.0.2.1]"}}, ""},
	{"2 domain literal with comma", "mailto:a@%5Bx,y%5D", mailto.Mailto{To: []string{"a@[x,y]"}}, "mailto:a@%5Bx%2Cy%5D"},
	{"2 empty domain literal", "mailto:a@%5B%5D", mailto.Mailto{To: []string{"a@[]"}}, ""},
	{"2 atext specials", "mailto:%23%26%2F%3D%3F%5E%60%7B%7C%7D!$'*+-_~@x",
		mailto.Mailto{To: []string{"#&/=?^`{|}!$'*+-_~@x"}}, ""},
	{"2 non-ASCII local-part", "mailto:%C3%A9l%C3%A8ve@x", mailto.Mailto{To: []string{"élève@x"}}, ""},
	{"2 non-ASCII quoted", "mailto:%22%C3%A9%22@x", mailto.Mailto{To: []string{`"é"@x`}}, ""},
	{"2 some-delims in value", "mailto:?a=!$'()*+,;:@", mailto.Mailto{Headers: hdr("a", "!$'()*+,;:@")}, ""},
	{"2 empty values", "mailto:a@b?subject=&body=", mailto.Mailto{To: []string{"a@b"}, Headers: hdr("subject", "", "body", "")}, ""},
	{"2 HTML not unescaped", "mailto:joe@an.example?cc=bob@an.example&amp;body=hello",
		mailto.Mailto{To: []string{"joe@an.example"}, Headers: hdr("cc", "bob@an.example", "amp;body", "hello")}, ""},
}

func TestMailtoExamples(t *testing.T) {
	n := 0
	for _, tt := range append(append([]mailtoExample{}, rfc6068Examples...), moreMailto...) {
		t.Run(tt.section, func(t *testing.T) {
			if strings.HasPrefix(tt.section, "6.") {
				n++
			}
			got, err := mailto.Parse(tt.in)
			if err != nil {
				t.Errorf("§%s Parse(%q): %v", tt.section, tt.in, err)
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("§%s Parse(%q) mismatch (-want +got):\n%s", tt.section, tt.in, diff)
			}
			built := tt.built
			if built == "" {
				built = tt.in
			}
			if s := got.String(); s != built {
				t.Errorf("§%s Parse(%q).String() = %q, want %q", tt.section, tt.in, s, built)
			}
			u, err := got.URI()
			if err != nil || u.String() != built {
				t.Errorf("§%s Parse(%q).URI() = %q, %v; want %q", tt.section, tt.in, u, err, built)
			}
		})
	}
	// 12 in §6.1 (one of them incorrect, in TestMailtoErrors), 3 in §6.2,
	// 5 in §6.3.
	if n != 19 {
		t.Errorf("%d valid §6 examples, want 19", n)
	}
}

func TestMailtoErrors(t *testing.T) {
	tests := []struct {
		in   string
		want *uri.ParseError
	}{
		// §6.1: "The following example, using "?" twice, is incorrect".
		{"mailto:joe@example.com?cc=bob@example.com?body=hello",
			&uri.ParseError{Want: "mailtoURI", Offset: 41, Rule: "hfvalue", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '?'}},
		// Not a URI: the RFC 3986 error.
		{"mailto:a b@c", &uri.ParseError{Want: "URI", Offset: 8, Rule: "path-rootless", Section: "RFC 3986 §3.3", Kind: uri.UnexpectedByte, Byte: ' ', Hint: `a space is not allowed in a URI: write it "%20"`}},
		{"http://example.com/", &uri.ParseError{Want: "mailtoURI", Offset: 0, Rule: "mailtoURI", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: 'h'}},
		{"mailtox:a@b", &uri.ParseError{Want: "mailtoURI", Offset: 0, Rule: "mailtoURI", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: 'm'}},
		{"mailto:joe", &uri.ParseError{Want: "mailtoURI", Offset: 10, Rule: "local-part", Section: "RFC 6068 §2", Kind: uri.UnexpectedEnd, Byte: -1}},
		{"mailto:joe@", &uri.ParseError{Want: "mailtoURI", Offset: 10, Rule: "local-part", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '@'}},
		{"mailto:a@b?", &uri.ParseError{Want: "mailtoURI", Offset: 10, Rule: "atext", Section: "RFC 5322 §3.2.3", Kind: uri.UnexpectedByte, Byte: '?'}},
		{"mailto:a@b?s", &uri.ParseError{Want: "mailtoURI", Offset: 12, Rule: "hfname", Section: "RFC 6068 §2", Kind: uri.UnexpectedEnd, Byte: -1}},
		{"mailto:a@b?s#f", &uri.ParseError{Want: "mailtoURI", Offset: 12, Rule: "hfname", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '#'}},
		{"mailto:a@b?s=x&", &uri.ParseError{Want: "mailtoURI", Offset: 14, Rule: "hfvalue", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '&'}},
		{"mailto:a@b?s=a=b", &uri.ParseError{Want: "mailtoURI", Offset: 14, Rule: "hfvalue", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '='}},
		{"mailto:a@b?s=a/b", &uri.ParseError{Want: "mailtoURI", Offset: 14, Rule: "hfvalue", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '/'}},
		// §2 item 1: "/" must be encoded in an address.
		{"mailto:a/b@c", &uri.ParseError{Want: "mailtoURI", Offset: 8, Rule: "local-part", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '/'}},
		// "%40" is data, not the "@" of addr-spec, and no atext.
		{"mailto:a%40b", &uri.ParseError{Want: "mailtoURI", Offset: 8, Rule: "local-part", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '%'}},
		{"mailto:a@b,,c@d", &uri.ParseError{Want: "mailtoURI", Offset: 10, Rule: "atext", Section: "RFC 5322 §3.2.3", Kind: uri.UnexpectedByte, Byte: ','}},
		{"mailto:a@b,", &uri.ParseError{Want: "mailtoURI", Offset: 10, Rule: "atext", Section: "RFC 5322 §3.2.3", Kind: uri.UnexpectedByte, Byte: ','}},
		{"mailto:.a@b", &uri.ParseError{Want: "mailtoURI", Offset: 7, Rule: "mailtoURI", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '.'}},
		{"mailto:a.@b", &uri.ParseError{Want: "mailtoURI", Offset: 8, Rule: "local-part", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '.'}},
		// §2 item 3: no whitespace in a quoted-string but a quoted-pair.
		{"mailto:%22a%20b%22@x", &uri.ParseError{Want: "mailtoURI", Offset: 11, Rule: "qcontent", Section: "RFC 5322 §3.2.4", Kind: uri.UnexpectedByte, Byte: '%'}},
		{"mailto:%22a@x", &uri.ParseError{Want: "mailtoURI", Offset: 13, Rule: "qcontent", Section: "RFC 5322 §3.2.4", Kind: uri.UnexpectedEnd, Byte: -1}},
		// §2 item 2: no control characters (NO-WS-CTL) in a quoted-string.
		{"mailto:%22a%01%22@x", &uri.ParseError{Want: "mailtoURI", Offset: 11, Rule: "qcontent", Section: "RFC 5322 §3.2.4", Kind: uri.UnexpectedByte, Byte: '%'}},
		{"mailto:a@%5Bx%5By%5D", &uri.ParseError{Want: "mailtoURI", Offset: 13, Rule: "dtext-no-obs", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '%'}},
		{"mailto:a@%5B%C3%A9%5D", &uri.ParseError{Want: "mailtoURI", Offset: 8, Rule: "local-part", Section: "RFC 6068 §2", Kind: uri.UnexpectedByte, Byte: '@'}},
		// §2: non-ASCII is the UTF-8 of a character, percent-encoded.
		{"mailto:a@b?s=%FF", &uri.ParseError{Want: "mailtoURI", Offset: 13, Rule: "pct-encoded", Section: "RFC 6068 §2", Kind: uri.InvalidUTF8, Byte: '%'}},
		{"mailto:a@b%E7%B4", &uri.ParseError{Want: "mailtoURI", Offset: 10, Rule: "pct-encoded", Section: "RFC 6068 §2", Kind: uri.InvalidUTF8, Byte: '%'}},
		{"mailto:%C3%A9@b?s=%C3%A9%C3", &uri.ParseError{Want: "mailtoURI", Offset: 24, Rule: "pct-encoded", Section: "RFC 6068 §2", Kind: uri.InvalidUTF8, Byte: '%'}},
		{"mailto:a@b?%C0%80=x", &uri.ParseError{Want: "mailtoURI", Offset: 11, Rule: "pct-encoded", Section: "RFC 6068 §2", Kind: uri.InvalidUTF8, Byte: '%'}},
	}
	// Offset and Rule are those of the generated parser's furthest match
	// (see rfc6068.Parser.Furthest): a delimiter that is not a rule of its
	// own ("@", "?", "&", "%5B") is not past it, so an error after one
	// points at it.
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := mailto.Parse(tt.in)
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Errorf("Parse(%q) error = %v, want a *ParseError", tt.in, err)
				return
			}
			if diff := cmp.Diff(tt.want, pe); diff != "" {
				t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestMailtoString(t *testing.T) {
	tests := []struct {
		name string
		m    mailto.Mailto
		want string
	}{
		{"zero", mailto.Mailto{}, "mailto:"},
		{"percent", mailto.Mailto{To: []string{"gorby%kremvax@example.com"}}, "mailto:gorby%25kremvax@example.com"},
		{"delimiters in value", mailto.Mailto{Headers: hdr("s", "a?b=c&d#e/f%g h+i")}, "mailto:?s=a%3Fb%3Dc%26d%23e%2Ff%25g%20h+i"},
		{"delimiters in name", mailto.Mailto{Headers: hdr("a=b&c?", "")}, "mailto:?a%3Db%26c%3F="},
		{"line break", mailto.Mailto{Headers: hdr("body", "a\r\nb")}, "mailto:?body=a%0D%0Ab"},
		{"addresses", mailto.Mailto{To: []string{"a@b", "c+d@e"}, Headers: hdr("cc", "f@g")}, "mailto:a@b,c+d@e?cc=f@g"},
		{"quoted", mailto.Mailto{To: []string{`"a b"@c`}}, "mailto:%22a%20b%22@c"},
		{"non-ASCII", mailto.Mailto{To: []string{"ü@ü.example"}, Headers: hdr("ü", "ü")}, "mailto:%C3%BC@%C3%BC.example?%C3%BC=%C3%BC"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.m.String(); got != tt.want {
				t.Errorf("%s: String() = %q, want %q", tt.name, got, tt.want)
			}
		})
	}
}

func TestMailtoURIErrors(t *testing.T) {
	tests := []struct {
		name string
		m    mailto.Mailto
		off  int
		kind uri.ErrorKind
	}{
		{"no at sign", mailto.Mailto{To: []string{"joe"}}, 10, uri.UnexpectedEnd},
		{"empty address", mailto.Mailto{To: []string{""}}, 7, uri.UnexpectedEnd},
		{"two at signs", mailto.Mailto{To: []string{"a@b@c"}}, 10, uri.UnexpectedByte},
		{"space", mailto.Mailto{To: []string{"a b@c"}}, 8, uri.UnexpectedByte},
		{"display name", mailto.Mailto{To: []string{"Joe <joe@x>"}}, 10, uri.UnexpectedByte},
		{"unquoted quote", mailto.Mailto{To: []string{`a"b@c`}}, 8, uri.UnexpectedByte},
		{"bad UTF-8 value", mailto.Mailto{Headers: hdr("s", "\xff")}, 10, uri.InvalidUTF8},
		{"bad UTF-8 address", mailto.Mailto{To: []string{"\xc3@x"}}, 7, uri.InvalidUTF8},
		{"non-ASCII domain literal", mailto.Mailto{To: []string{"a@[é]"}}, 8, uri.UnexpectedByte},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.m.URI()
			var pe *uri.ParseError
			if !errors.As(err, &pe) || pe.Offset != tt.off || pe.Kind != tt.kind || pe.Want != "mailtoURI" {
				t.Errorf("%s: %#v.URI() error = %#v, want offset %d kind %v", tt.name, tt.m, err, tt.off, tt.kind)
			}
		})
	}
}

func TestMailtoAddresses(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		// §2: these three are equivalent.
		{"mailto:addr1@an.example,addr2@an.example", []string{"addr1@an.example", "addr2@an.example"}},
		{"mailto:?to=addr1@an.example,addr2@an.example", []string{"addr1@an.example", "addr2@an.example"}},
		{"mailto:addr1@an.example?to=addr2@an.example", []string{"addr1@an.example", "addr2@an.example"}},
		{"mailto:a@b?TO=c@d&cc=e@f&To=%22g,h%22@i,j@k", []string{"a@b", "c@d", `"g,h"@i`, "j@k"}},
		{"mailto:?to=a@b%2Cc@d", []string{"a@b", "c@d"}},
		{"mailto:?to=&subject=x", nil},
		{"mailto:", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := mailto.Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			got, err := m.Addresses()
			if err != nil {
				t.Errorf("Parse(%q).Addresses(): %v", tt.in, err)
				return
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Parse(%q).Addresses() mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	for _, in := range []string{
		"mailto:?to=Joe%20%3Cjoe@x%3E",
		"mailto:a@b?to=c@d,",
		"mailto:?to=a@b%20",
	} {
		t.Run(in, func(t *testing.T) {
			m, err := mailto.Parse(in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", in, err)
			}
			if as, err := m.Addresses(); err == nil {
				t.Errorf("Parse(%q).Addresses() = %q, want an error", in, as)
			}
		})
	}
	if _, err := (mailto.Mailto{Headers: hdr("to", "\xff@x")}).Addresses(); err == nil {
		t.Error("Addresses() of a to field that is not UTF-8: no error")
	}
}

func TestMailtoValues(t *testing.T) {
	m := uri.MustParse("mailto:?Subject=a&body=b&SUBJECT=c")
	mt, err := mailto.FromURI(m)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a", "c"}, mt.Values("subject")); diff != "" {
		t.Errorf("Values(subject) mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"b"}, mt.Values("BODY")); diff != "" {
		t.Errorf("Values(BODY) mismatch (-want +got):\n%s", diff)
	}
	if got := mt.Values("cc"); got != nil {
		t.Errorf("Values(cc) = %q, want nil", got)
	}
}

// A relative reference has no scheme, so it is no 'mailto' URI.
func TestMailtoRelative(t *testing.T) {
	_, err := mailto.FromURI(uri.MustParseReference("a@b"))
	var pe *uri.ParseError
	if !errors.As(err, &pe) || pe.Offset != 0 || pe.Want != "mailtoURI" {
		t.Errorf("FromURI of a relative reference: error %v", err)
	}
}

// TestMailtoFromIRI: an IRI (RFC 3987) is read as the URI it maps to (RFC
// 3987 §3.1), as uri.URI.CheckScheme reads it, and its errors' offsets
// are into that URI.
func TestMailtoFromIRI(t *testing.T) {
	tests := []struct {
		in      string
		want    mailto.Mailto
		wantErr *uri.ParseError
	}{
		{"mailto:élève@example.org?subject=café#ü", mailto.Mailto{To: []string{"élève@example.org"}, Headers: hdr("subject", "café")}, nil},
		{"mailto:a@bücher.example", mailto.Mailto{To: []string{"a@bücher.example"}}, nil},
		{"mailto:?to=%C3%A9@x&body=ü", mailto.Mailto{Headers: hdr("to", "é@x", "body", "ü")}, nil},
		// "é" is "%C3%A9" in the URI, so "(" is at offset 19 there, 11 in the IRI.
		{"mailto:éé(@x", mailto.Mailto{}, &uri.ParseError{Offset: 19, Byte: '('}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := uri.RFC3987.ParseReference(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantErr == nil {
				if err := u.CheckScheme(); err != nil {
					t.Fatalf("CheckScheme(%q): %v", tt.in, err)
				}
			}
			got, err := mailto.FromURI(u)
			if tt.wantErr != nil {
				var pe *uri.ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("FromURI(%q) = %v, want a *ParseError", tt.in, err)
				}
				if diff := cmp.Diff([2]int{tt.wantErr.Offset, tt.wantErr.Byte}, [2]int{pe.Offset, pe.Byte}); diff != "" {
					t.Errorf("FromURI(%q) offset, byte mismatch (-want +got):\n%s", tt.in, diff)
				}
				return
			}
			if err != nil {
				t.Fatalf("FromURI(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("FromURI(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// FuzzMailto checks Parse on any input: no panic; an error is a
// *ParseError with an offset inside the input; a result builds back (URI
// reports no error) into a URI that parses to the same value (RFC 6068 §2).
func FuzzMailto(f *testing.F) {
	for _, e := range rfc6068Examples {
		f.Add(e.in)
	}
	for _, e := range moreMailto {
		f.Add(e.in)
	}
	f.Add("mailto:joe@example.com?cc=bob@example.com?body=hello")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := mailto.Parse(s)
		if err != nil {
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			if pe.Offset < 0 || pe.Offset > len(s) || pe.Kind == 0 || pe.Rule == "" {
				t.Fatalf("bad error %#v for input of length %d", pe, len(s))
			}
			return
		}
		u, err := m.URI()
		if err != nil {
			t.Fatalf("Parse(%q) = %#v, whose URI() fails: %v", s, m, err)
		}
		back, err := mailto.Parse(u.String())
		if err != nil {
			t.Fatalf("Parse(%q): %v", u, err)
		}
		if diff := cmp.Diff(m, back); diff != "" {
			t.Fatalf("Parse(%q) mismatch (-want +got):\n%s", u, diff)
		}
	})
}

// FuzzMailtoBuild builds a Mailto from fuzzed parts: header fields hold any
// UTF-8 text (hfname and hfvalue are *qchar, RFC 6068 §2), so URI fails
// exactly when a part is not UTF-8 or the address is no addr-spec; when it
// succeeds, the URI parses back to the same parts.
func FuzzMailtoBuild(f *testing.F) {
	f.Add("a@b", "subject", "café & co?")
	f.Add(`"a b"@c`, "", "")
	f.Add("joe", "x", "\xff")
	f.Fuzz(func(t *testing.T, addr, name, value string) {
		hs := mailto.Mailto{Headers: hdr(name, value)}
		_, err := hs.URI()
		if ok := utf8.ValidString(name) && utf8.ValidString(value); ok != (err == nil) {
			t.Fatalf("%#v.URI() error %v", hs, err)
		}
		m := mailto.Mailto{To: []string{addr}, Headers: hs.Headers}
		u, err := m.URI()
		if err != nil {
			return
		}
		back, err := mailto.Parse(u.String())
		if err != nil {
			t.Fatalf("Parse(%q): %v", u, err)
		}
		if diff := cmp.Diff(m, back); diff != "" {
			t.Fatalf("Parse(%q) mismatch (-want +got):\n%s", u, diff)
		}
	})
}

// TestMailtoErrorCites checks that an error cites the section that defines
// the rule it names, as the grammar files say: RFC 6068's own rules, and
// the RFC 5322 rules its section 2 uses.
func TestMailtoErrorCites(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"mailto:a@b?s", "after hfname (RFC 6068 §2)"},
		{"mailto:a@b?", "cannot follow atext (RFC 5322 §3.2.3)"},
		{"mailto:joe", "after local-part (RFC 6068 §2)"},
		{"mailto:%", "(RFC 3986 §2.1)"},
	} {
		t.Run(tt.in, func(t *testing.T) {
			_, err := mailto.Parse(tt.in)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse(%q) error = %v, want it to contain %q", tt.in, err, tt.want)
			}
		})
	}
}
