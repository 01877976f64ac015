package uri_test

import (
	"math/rand/v2"
	"net/netip"
	"strings"
	"testing"

	"github.com/specuri/specuri/uri"
)

// ipLiteralKind parses "http://[s]/" and returns the host's kind, or 0 if
// it is not valid.
func ipv6Valid(s string) bool {
	u, err := uri.ParseReference("http://[" + s + "]/")
	if err != nil {
		return false
	}
	h, _ := u.Host()
	return h.Kind() == uri.IPv6
}

// netipIPv6 reports whether net/netip reads s as an IPv6 address without a
// zone (RFC 3986 has no zones; RFC 6874 adds them).
func netipIPv6(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6() && a.Zone() == "" && !strings.Contains(s, "%")
}

// TestIPv6AgainstNetip compares the grammar's IPv6address with net/netip
// on random strings over the address alphabet, biased towards valid forms.
func TestIPv6AgainstNetip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789abcdefABCDEF:.:::"
	n, valid := 200000, 0
	if testing.Short() {
		n = 20000
	}
	for i := 0; i < n; i++ {
		var s string
		if i%2 == 0 {
			// A random address in a random textual form.
			var b [16]byte
			for j := range b {
				if r.IntN(3) > 0 {
					b[j] = byte(r.IntN(256))
				}
			}
			a := netip.AddrFrom16(b)
			switch r.IntN(3) {
			case 0:
				s = a.String()
			case 1:
				s = a.StringExpanded()
			default:
				s = "::ffff:" + netip.AddrFrom4([4]byte(b[12:])).String()
			}
			// Mutate one byte, sometimes.
			if r.IntN(2) == 0 && len(s) > 0 {
				k := r.IntN(len(s))
				s = s[:k] + string(alphabet[r.IntN(len(alphabet))]) + s[k+1:]
			}
		} else {
			b := make([]byte, r.IntN(40))
			for j := range b {
				b[j] = alphabet[r.IntN(len(alphabet))]
			}
			s = string(b)
		}
		got, want := ipv6Valid(s), netipIPv6(s)
		if got != want {
			t.Errorf("IPv6address %q: grammar says %v, net/netip says %v", s, got, want)
		}
		if got {
			valid++
		}
	}
	// Both verdicts must be well represented, or the test proves little.
	if valid < n/5 || valid > n*4/5 {
		t.Errorf("%d of %d inputs valid: the generator is off balance", valid, n)
	}
}

// TestIPv4AgainstNetip compares the grammar's IPv4address with net/netip
// for every dotted quad of small and boundary octets.
func TestIPv4AgainstNetip(t *testing.T) {
	octets := []string{"0", "00", "1", "01", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256", "260", "300", "999", "1000", ""}
	for _, a := range octets {
		t.Run(a, func(t *testing.T) {
			for _, b := range octets {
				for _, c := range []string{"0", "255", "256", "01"} {
					for _, d := range octets {
						s := a + "." + b + "." + c + "." + d
						u, err := uri.ParseReference("http://" + s + "/")
						if err != nil {
							t.Fatalf("http://%s/: %v", s, err) // always a reg-name at worst
						}
						h, _ := u.Host()
						addr, nerr := netip.ParseAddr(s)
						if got, want := h.Kind() == uri.IPv4, nerr == nil && addr.Is4(); got != want {
							t.Errorf("host %q: kind %v, net/netip ok=%v", s, h.Kind(), want)
						}
					}
				}
			}
		})
	}
}

// TestHostAddr checks Addr for hosts of every kind.
func TestHostAddr(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"http://127.0.0.1/", "127.0.0.1", true},
		{"http://[::1]/", "::1", true},
		{"http://[::FFFF:1.2.3.4]/", "::ffff:1.2.3.4", true},
		{"http://[V1.x]/", "", false},
		{"http://localhost/", "", false},
		{"http://1.2.3/", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			h, _ := uri.MustParse(tt.in).Host()
			a, ok := h.Addr()
			if ok != tt.ok || ok && a.String() != tt.want {
				t.Errorf("Host(%q).Addr() = %v, %v; want %v, %v", tt.in, a, ok, tt.want, tt.ok)
			}
			lit, isLit := h.Literal()
			if isLit != (h.Kind() == uri.IPv6 || h.Kind() == uri.IPvFuture) || isLit && "["+lit+"]" != h.String() {
				t.Errorf("Host(%q).Literal() = %q, %v", tt.in, lit, isLit)
			}
		})
	}
}
