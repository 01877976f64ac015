package uri

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
	want := map[Encoding]string{
		UserinfoEncoding:    tUnreserved + tSubDelims + ":",
		HostEncoding:        tUnreserved + tSubDelims,
		PathEncoding:        tUnreserved + tSubDelims + ":@/",
		SegmentEncoding:     tUnreserved + tSubDelims + ":@",
		SegmentNzNcEncoding: tUnreserved + tSubDelims + "@",
		QueryEncoding:       tUnreserved + tSubDelims + ":@/?",
		FragmentEncoding:    tUnreserved + tSubDelims + ":@/?",
	}
	for e := UserinfoEncoding; e < numEncodings; e++ {
		for c := 0; c < 256; c++ {
			s := string([]byte{byte(c)})
			in := strings.IndexByte(want[e], byte(c)) >= 0
			if got := encodingSets[e].has(byte(c)); got != in {
				t.Errorf("%v set has %#02x = %v, want %v", e, c, got, in)
			}
			enc := e.Encode(s)
			wantEnc := s
			if !in {
				wantEnc = "%" + string(pctUpperHex[c>>4]) + string(pctUpperHex[c&15])
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
	}
	for c := 0; c < 256; c++ {
		in := strings.IndexByte(tUnreserved, byte(c)) >= 0
		if unreservedSet.has(byte(c)) != in {
			t.Errorf("unreserved has %#02x = %v, want %v", c, !in, in)
		}
	}
}

func TestEncode(t *testing.T) {
	tests := []struct {
		enc      Encoding
		in, want string
	}{
		{QueryEncoding, "a b&c=d/?#%", "a%20b&c=d/?%23%25"},
		{PathEncoding, "/a b/c:d", "/a%20b/c:d"},
		{SegmentEncoding, "a/b", "a%2Fb"},
		{SegmentNzNcEncoding, "a:b", "a%3Ab"},
		{HostEncoding, "ex ample:80", "ex%20ample%3A80"},
		{UserinfoEncoding, "u@s:p", "u%40s:p"},
		{FragmentEncoding, "é", "%C3%A9"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.enc.Encode(tt.in)); diff != "" {
			t.Errorf("%v.Encode(%q) mismatch (-want +got):\n%s", tt.enc, tt.in, diff)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	type result struct {
		Out    string
		Offset int
		Kind   ErrorKind
		Rule   string
	}
	tests := []struct {
		enc  Encoding
		in   string
		want result
	}{
		{QueryEncoding, "a%20b", result{Out: "a b"}},
		{QueryEncoding, "%2f%2F", result{Out: "//"}},
		{QueryEncoding, "ab%", result{Offset: 2, Kind: BadPercent, Rule: "pct-encoded"}},
		{QueryEncoding, "ab%4", result{Offset: 2, Kind: BadPercent, Rule: "pct-encoded"}},
		{QueryEncoding, "%4g", result{Offset: 0, Kind: BadPercent, Rule: "pct-encoded"}},
		{QueryEncoding, "a#b", result{Offset: 1, Kind: UnexpectedByte, Rule: "query"}},
		{PathEncoding, "a\xffb", result{Offset: 1, Kind: NonASCII, Rule: "path"}},
		{HostEncoding, "a:b", result{Offset: 1, Kind: UnexpectedByte, Rule: "reg-name"}},
		{Encoding(0), "a#%41", result{Out: "a#A"}}, // any byte, only % checked
	}
	for _, tt := range tests {
		out, err := tt.enc.Decode(tt.in)
		got := result{Out: out}
		var pe *ParseError
		if errors.As(err, &pe) {
			got = result{Offset: pe.Offset, Kind: pe.Kind, Rule: pe.Rule}
		} else if err != nil {
			t.Fatalf("%v.Decode(%q): error of type %T", tt.enc, tt.in, err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%v.Decode(%q) mismatch (-want +got):\n%s", tt.enc, tt.in, diff)
		}
	}
	if _, err := PercentDecode("x%"); err == nil {
		t.Errorf("PercentDecode(%q) succeeded", "x%")
	}
}

// TestDecodeHidesPassword checks that an error in the password of a
// userinfo does not show its byte (RFC 3986 §7.5).
func TestDecodeHidesPassword(t *testing.T) {
	tests := []struct {
		in   string
		kind ErrorKind
		off  int
		byt  int
	}{
		{"user:pa ss", UnexpectedByte, 7, -1},
		{"user:p%zz", BadPercent, 6, -1},
		{"user:pä", NonASCII, 6, -1},
		{"us er:pw", UnexpectedByte, 2, ' '},
		{"us%zz:pw", BadPercent, 2, '%'},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := UserinfoEncoding.Decode(tt.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Decode(%q): error = %v, want a *ParseError", tt.in, err)
			}
			type key struct {
				Kind   ErrorKind
				Offset int
				Byte   int
			}
			if diff := cmp.Diff(key{tt.kind, tt.off, tt.byt}, key{pe.Kind, pe.Offset, pe.Byte}); diff != "" {
				t.Errorf("Decode(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
