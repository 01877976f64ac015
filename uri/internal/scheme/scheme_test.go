package scheme_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/internal/scheme"
)

// sp is the Span [begin, end) that matched.
func sp(begin, end int) scheme.Span { return scheme.Span{Begin: begin, End: end, OK: true} }

// Hints are long sentences; the tests check which one a Failure has.
const (
	hintNID   = "a URN's NID is 2 to 32 letters, digits and \"-\", and neither starts nor ends with \"-\" (RFC 8141 §2)"
	hintNSS   = "a URN's NSS is not empty and does not start with \"/\" (RFC 8141 §2)"
	hintQuery = "after the NSS, \"?\" starts an r-component (\"?+\") or a q-component (\"?=\"); a \"?\" in the NSS is written %3F (RFC 8141 §2)"
)

// TestMatchURN checks the spans of a namestring (RFC 8141 §2) and the
// Failure of each kind of mistake.
func TestMatchURN(t *testing.T) {
	tests := []struct {
		in   string
		want scheme.URN
		fail *scheme.Failure
	}{
		{"urn:ex:a", scheme.URN{NID: sp(4, 6), NSS: sp(7, 8)}, nil},
		{"urn:ex:a?+r?=q#f", scheme.URN{NID: sp(4, 6), NSS: sp(7, 8), R: sp(10, 11), Q: sp(13, 14), F: sp(15, 16)}, nil},
		{"urn:ex:a#", scheme.URN{NID: sp(4, 6), NSS: sp(7, 8), F: sp(9, 9)}, nil},
		{"urn:a:b", scheme.URN{}, &scheme.Failure{Rule: "NID", Section: "RFC 8141 §2.1", Offset: 4, Hint: hintNID}},
		{"urn:", scheme.URN{}, &scheme.Failure{Rule: "NID", Section: "RFC 8141 §2.1", Offset: 4, Hint: hintNID}},
		{"urn:ex:/a", scheme.URN{}, &scheme.Failure{Rule: "assigned-name", Section: "RFC 8141 §2", Offset: 7, Hint: hintNSS}},
		{"urn:ex:a?x", scheme.URN{}, &scheme.Failure{Rule: "NSS", Section: "RFC 8141 §2.2", Offset: 8, Hint: hintQuery}},
		{"x", scheme.URN{}, &scheme.Failure{Rule: "namestring", Section: "RFC 8141 §2", None: true}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, fail := scheme.MatchURN(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("MatchURN(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.fail, fail); diff != "" {
				t.Errorf("MatchURN(%q) failure mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestMatchFile checks file-URI (RFC 8089 §2) and where its Failure
// points.
func TestMatchFile(t *testing.T) {
	tests := []struct {
		in   string
		want *scheme.Failure
	}{
		{"file:///a", nil},
		{"file://h/a", nil},
		{"file:/a", nil},
		{"file:a", &scheme.Failure{Rule: "file-hier-part", Section: "RFC 8089 §2", Offset: 5}},
		{"file:", &scheme.Failure{Rule: "file-hier-part", Section: "RFC 8089 §2", Offset: 5}},
		{"file://u@h/a", &scheme.Failure{Rule: "file-auth", Section: "RFC 8089 §2", Offset: 8}},
		{"x", &scheme.Failure{Rule: "file-URI", Section: "RFC 8089 §2", None: true}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, scheme.MatchFile(tt.in)); diff != "" {
				t.Errorf("MatchFile(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestMatchData checks what dataurl (RFC 2397 §3) reads and where its
// Failure points.
func TestMatchData(t *testing.T) {
	tests := []struct {
		in   string
		want scheme.Data
		fail *scheme.Failure
	}{
		{"data:,a", scheme.Data{Data: sp(6, 7)}, nil},
		{"data:,", scheme.Data{Data: sp(6, 6)}, nil},
		{"data:text/plain;base64,QQ==", scheme.Data{Subtype: sp(10, 15), Base64: true, Data: sp(23, 27)}, nil},
		{"data:a/b;c=d,e", scheme.Data{Subtype: sp(7, 8), Data: sp(13, 14)}, nil},
		{"data:text", scheme.Data{}, &scheme.Failure{Rule: "type", Section: "RFC 2045 §5.1", Offset: 9}},
		{"data:", scheme.Data{}, &scheme.Failure{Rule: "dataurl", Section: "RFC 2397 §3", Offset: 5}},
		{"data:a/b;c,d", scheme.Data{}, &scheme.Failure{Rule: "attribute", Section: "RFC 2045 §5.1", Offset: 10}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, fail := scheme.MatchData(tt.in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("MatchData(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.fail, fail); diff != "" {
				t.Errorf("MatchData(%q) failure mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

// TestMatchHTTP checks http-URI, https-URI (RFC 9110 §4.2) and ws-URI
// (RFC 6455 §3), and that another scheme is not checked.
func TestMatchHTTP(t *testing.T) {
	tests := []struct {
		scheme, in string
		want       *scheme.Failure
	}{
		{"http", "http://h/p?q", nil},
		{"wss", "wss://h:443/", nil},
		{"http", "http:/p", &scheme.Failure{Rule: "http-URI", Section: "RFC 9110 §4.2.1", None: true}},
		{"https", "ftp://h", &scheme.Failure{Rule: "https-URI", Section: "RFC 9110 §4.2.2", None: true}},
		{"ws", "ws://h/#f", &scheme.Failure{Rule: "path-abempty", Section: "RFC 3986 §3.3", Offset: 7}},
		{"ftp", "x", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, scheme.MatchHTTP(tt.scheme, tt.in)); diff != "" {
				t.Errorf("MatchHTTP(%q, %q) mismatch (-want +got):\n%s", tt.scheme, tt.in, diff)
			}
		})
	}
}

// TestMatchTarget checks the four forms of a request-target (RFC 9112
// §3.2) and their spans.
func TestMatchTarget(t *testing.T) {
	tests := []struct {
		in      string
		connect bool
		want    scheme.Target
		fail    *scheme.Failure
	}{
		{"/a?b", false, scheme.Target{Form: scheme.OriginForm, Path: sp(0, 2), Query: sp(3, 4)}, nil},
		{"http://h:80/x?y", false, scheme.Target{Form: scheme.AbsoluteForm, Query: sp(14, 15), Port: sp(9, 11)}, nil},
		{"h:80", false, scheme.Target{Form: scheme.AbsoluteForm}, nil}, // scheme "h", §3.2.3 is for CONNECT
		{"h:80", true, scheme.Target{Form: scheme.AuthorityForm, Host: sp(0, 1), Port: sp(2, 4)}, nil},
		{"*", false, scheme.Target{Form: scheme.AsteriskForm}, nil},
		{"", false, scheme.Target{}, &scheme.Failure{Rule: "request-target", Section: "RFC 9112 §3.2", None: true}},
		{"a b", false, scheme.Target{}, &scheme.Failure{Rule: "uri-host", Section: "RFC 9110 §4.1", Offset: 1}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%v", tt.in, tt.connect), func(t *testing.T) {
			got, fail := scheme.MatchTarget(tt.in, tt.connect)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("MatchTarget(%q, %v) mismatch (-want +got):\n%s", tt.in, tt.connect, diff)
			}
			if diff := cmp.Diff(tt.fail, fail); diff != "" {
				t.Errorf("MatchTarget(%q, %v) failure mismatch (-want +got):\n%s", tt.in, tt.connect, diff)
			}
		})
	}
}

// TestMatchMailto checks the parts of a mailtoURI (RFC 6068 §2) in input
// order, that yield can stop the walk, and MatchMailtoTo.
func TestMatchMailto(t *testing.T) {
	tests := []struct {
		in    string
		limit int // parts taken before yield returns false; 0 for all
		want  []string
		fail  *scheme.Failure
	}{
		{"mailto:a@b?subject=x&body=y", 0, []string{"1 a@b", "2 subject", "3 x", "2 body", "3 y"}, nil},
		{"mailto:a@b,c@d", 0, []string{"1 a@b", "1 c@d"}, nil},
		{"mailto:a@b,c@d", 1, []string{"1 a@b"}, nil},
		{"mailto:?to=a@b", 0, []string{"2 to", "3 a@b"}, nil},
		{"mailto:a b", 0, nil, &scheme.Failure{Rule: "local-part", Section: "RFC 6068 §2", Offset: 8}},
		{"x", 0, nil, &scheme.Failure{Rule: "mailtoURI", Section: "RFC 6068 §2", None: true}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.in, tt.limit), func(t *testing.T) {
			var got []string
			fail := scheme.MatchMailto(tt.in, func(p scheme.MailtoPart, begin, end int) bool {
				got = append(got, fmt.Sprint(p, " ", tt.in[begin:end]))
				return len(got) != tt.limit
			})
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("MatchMailto(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.fail, fail); diff != "" {
				t.Errorf("MatchMailto(%q) failure mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
	var to []string
	ok := scheme.MatchMailtoTo("a@b,c@d", func(_ scheme.MailtoPart, begin, end int) bool {
		to = append(to, "a@b,c@d"[begin:end])
		return true
	})
	if diff := cmp.Diff([]string{"a@b", "c@d"}, to); !ok || diff != "" {
		t.Errorf("MatchMailtoTo(%q) = %v, mismatch (-want +got):\n%s", "a@b,c@d", ok, diff)
	}
	if scheme.MatchMailtoTo("a b", func(scheme.MailtoPart, int, int) bool { return true }) {
		t.Errorf("MatchMailtoTo(%q) = true, want false", "a b")
	}
}

// TestSections checks the section lookups and PctEncoded.
func TestSections(t *testing.T) {
	got := []any{scheme.HTTPSection("uri-host"), scheme.HTTPSection("no-such-rule"), scheme.MailtoSection("hfname"),
		scheme.MailtoSection("no-such-rule"), scheme.PctEncoded("%4a"), scheme.PctEncoded("%4"), scheme.PctEncoded("%4g")}
	want := []any{"RFC 9110 §4.1", "", "RFC 6068 §2", "", true, false, false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sections mismatch (-want +got):\n%s", diff)
	}
	s, ok := sp(1, 3).Of("abcd")
	if s != "bc" || !ok {
		t.Errorf("Span.Of = %q, %v, want \"bc\", true", s, ok)
	}
	if s, ok := (scheme.Span{}).Of("abcd"); s != "" || ok {
		t.Errorf("Span{}.Of = %q, %v, want \"\", false", s, ok)
	}
}
