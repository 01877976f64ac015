package uri_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// Character classes of RFC 3986 §2.2, §2.3, written out independently of
// the grammar, to check the sets taken from it byte by byte.
const (
	tUnreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	tSubDelims  = "!$&'()*+,;="
)

// TestEncodingSetsExhaustive checks all 256 bytes of every Encoding: the
// set taken from the grammar, Encode and Decode of the byte alone.
func TestEncodingSetsExhaustive(t *testing.T) {
	want := map[uri.Encoding]string{
		uri.UserinfoEncoding:    tUnreserved + tSubDelims + ":",
		uri.HostEncoding:        tUnreserved + tSubDelims,
		uri.PathEncoding:        tUnreserved + tSubDelims + ":@/",
		uri.SegmentEncoding:     tUnreserved + tSubDelims + ":@",
		uri.SegmentNzNcEncoding: tUnreserved + tSubDelims + "@",
		uri.QueryEncoding:       tUnreserved + tSubDelims + ":@/?",
		uri.FragmentEncoding:    tUnreserved + tSubDelims + ":@/?",
	}
	// Every Encoding: the valid ones have a name.
	for e := uri.UserinfoEncoding; e.String() != ""; e++ {
		t.Run(e.String(), func(t *testing.T) {
			if _, ok := want[e]; !ok {
				t.Fatalf("no set for %v", e)
			}
			for c := 0; c < 256; c++ {
				s := string([]byte{byte(c)})
				in := strings.IndexByte(want[e], byte(c)) >= 0
				enc := e.Encode(s)
				wantEnc := s
				if !in {
					wantEnc = fmt.Sprintf("%%%02X", c)
				}
				if diff := cmp.Diff(wantEnc, enc); diff != "" {
					t.Errorf("%v.Encode(%q) mismatch (-want +got):\n%s", e, s, diff)
				}
				dec, err := e.Decode(enc)
				if err != nil || dec != s {
					t.Errorf("%v.Decode(%q) = %q, %v; want %q", e, enc, dec, err, s)
				}
				_, err = e.Decode(s)
				if (err == nil) != in {
					t.Errorf("%v.Decode(%q) error = %v, want error: %v", e, s, err, !in)
				}
			}
		})
	}
	// Normalization decodes exactly the octets of unreserved (§6.2.2.2).
	for c := 0; c < 256; c++ {
		in := strings.IndexByte(tUnreserved, byte(c)) >= 0
		enc := fmt.Sprintf("/x%%%02Xx", c) // not a dot-segment (§5.2.4)
		want := enc
		if in {
			want = "/x" + string([]byte{byte(c)}) + "x"
		}
		if got := uri.MustParseReference(enc).Normalize().Path().String(); got != want {
			t.Errorf("Normalize(%q) path = %q, want %q (unreserved: %v)", enc, got, want, in)
		}
	}
}

func TestEncode(t *testing.T) {
	tests := []struct {
		enc      uri.Encoding
		in, want string
	}{
		{uri.QueryEncoding, "a b&c=d/?#%", "a%20b&c=d/?%23%25"},
		{uri.PathEncoding, "/a b/c:d", "/a%20b/c:d"},
		{uri.SegmentEncoding, "a/b", "a%2Fb"},
		{uri.SegmentNzNcEncoding, "a:b", "a%3Ab"},
		{uri.HostEncoding, "ex ample:80", "ex%20ample%3A80"},
		{uri.UserinfoEncoding, "u@s:p", "u%40s:p"},
		{uri.FragmentEncoding, "é", "%C3%A9"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.enc.Encode(tt.in)); diff != "" {
				t.Errorf("%v.Encode(%q) mismatch (-want +got):\n%s", tt.enc, tt.in, diff)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	type result struct {
		Out    string
		Offset int
		Kind   uri.ErrorKind
		Rule   string
	}
	tests := []struct {
		enc  uri.Encoding
		in   string
		want result
	}{
		{uri.QueryEncoding, "a%20b", result{Out: "a b"}},
		{uri.QueryEncoding, "%2f%2F", result{Out: "//"}},
		{uri.QueryEncoding, "ab%", result{Offset: 2, Kind: uri.BadPercent, Rule: "pct-encoded"}},
		{uri.QueryEncoding, "ab%4", result{Offset: 2, Kind: uri.BadPercent, Rule: "pct-encoded"}},
		{uri.QueryEncoding, "%4g", result{Offset: 0, Kind: uri.BadPercent, Rule: "pct-encoded"}},
		{uri.QueryEncoding, "a#b", result{Offset: 1, Kind: uri.UnexpectedByte, Rule: "query"}},
		{uri.PathEncoding, "a\xffb", result{Offset: 1, Kind: uri.NonASCII, Rule: "path"}},
		{uri.HostEncoding, "a:b", result{Offset: 1, Kind: uri.UnexpectedByte, Rule: "reg-name"}},
		{uri.Encoding(0), "a#%41", result{Out: "a#A"}}, // any byte, only % checked
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			out, err := tt.enc.Decode(tt.in)
			got := result{Out: out}
			var pe *uri.ParseError
			if errors.As(err, &pe) {
				got = result{Offset: pe.Offset, Kind: pe.Kind, Rule: pe.Rule}
			} else if err != nil {
				t.Fatalf("%v.Decode(%q): error of type %T", tt.enc, tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%v.Decode(%q) mismatch (-want +got):\n%s", tt.enc, tt.in, diff)
			}
		})
	}
	if _, err := uri.PercentDecode("x%"); err == nil {
		t.Errorf("PercentDecode(%q) succeeded", "x%")
	}
}

// TestDecodeHidesPassword checks that an error in the password of a
// userinfo does not show its byte (RFC 3986 §7.5).
func TestDecodeHidesPassword(t *testing.T) {
	tests := []struct {
		in   string
		kind uri.ErrorKind
		off  int
		byt  int
	}{
		{"user:pa ss", uri.UnexpectedByte, 7, -1},
		{"user:p%zz", uri.BadPercent, 6, -1},
		{"user:pä", uri.NonASCII, 6, -1},
		{"us er:pw", uri.UnexpectedByte, 2, ' '},
		{"us%zz:pw", uri.BadPercent, 2, '%'},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := uri.UserinfoEncoding.Decode(tt.in)
			var pe *uri.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Decode(%q): error = %v, want a *ParseError", tt.in, err)
			}
			type key struct {
				Kind   uri.ErrorKind
				Offset int
				Byte   int
			}
			if diff := cmp.Diff(key{tt.kind, tt.off, tt.byt}, key{pe.Kind, pe.Offset, pe.Byte}); diff != "" {
				t.Errorf("Decode(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
