package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/internal/versus"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fetch"
)

// The tests of this file connect only to servers they start on
// 127.0.0.1 and [::1]; every other address is refused before a
// connection is made, which is what they check. Every client they make
// gives up after testTimeout, so that a test stops by itself.

// testTimeout bounds each request and lookup of the tests of this file.
const testTimeout = 30 * time.Second

// loopbackOnly returns control followed by a refusal of every address
// outside 127.0.0.0/8 and ::1, so that a test whose resolver hands out a
// public address cannot reach it even if control lets it through.
func loopbackOnly(control func(network, address string, c syscall.RawConn) error) func(string, string, syscall.RawConn) error {
	return func(network, address string, c syscall.RawConn) error {
		if err := control(network, address, c); err != nil {
			return err
		}
		if ap, err := netip.ParseAddrPort(address); err != nil || !ap.Addr().IsLoopback() {
			return fmt.Errorf("test: not connecting to %s, outside the loopback", address)
		}
		return nil
	}
}

// server starts an HTTP server on the loopback address host ("127.0.0.1"
// or "::1") counting its requests, or skips the test if the machine has
// no such address.
func server(t *testing.T, host string, h http.Handler) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		t.Skipf("no loopback %s: %v", host, err)
	}
	s := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h.ServeHTTP(w, r)
	}))
	s.Listener.Close()
	s.Listener = l
	s.Start()
	t.Cleanup(s.Close)
	return s, &hits
}

var ok = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })

// addrRule returns the rule and block of the *AddrError in err's chain.
func addrRule(err error) verdict {
	var ae *fetch.AddrError
	if !errors.As(err, &ae) {
		return verdict{Rule: "no *AddrError in " + errString(err)}
	}
	return verdict{true, ae.Rule, ae.Block, ae.Via}
}

func errString(err error) string {
	if err == nil {
		return "nil"
	}
	return err.Error()
}

// TestDefaultClientRefusesLoopback checks that the default client does
// not connect to servers on 127.0.0.1 or [::1]: Control refuses the
// address, and NewRequest refuses the URL before that.
func TestDefaultClientRefusesLoopback(t *testing.T) {
	for _, c := range []struct {
		host  string
		block string
	}{{"127.0.0.1", "127.0.0.0/8"}, {"::1", "::1/128"}} {
		t.Run(c.host, func(t *testing.T) {
			s, hits := server(t, c.host, ok)
			client := fetch.Client()
			client.Timeout = testTimeout
			_, err := client.Get(s.URL)
			if diff := cmp.Diff(verdict{true, fetch.RuleRegistry, c.block, ""}, addrRule(err)); diff != "" {
				t.Errorf("Client().Get(%s) mismatch (-want +got):\n%s", s.URL, diff)
			}
			_, err = fetch.NewRequest(context.Background(), "GET", s.URL, nil)
			var ue *fetch.URLError
			if !errors.As(err, &ue) || ue.Code != fetch.URLAddr {
				t.Errorf("NewRequest(%s) = %v, want a URLError %q", s.URL, err, fetch.URLAddr)
			}
			if n := hits.Load(); n != 0 {
				t.Errorf("the server got %d requests", n)
			}
		})
	}
}

// TestDefaultClientSharesTransport checks that the default policy's
// clients share one Transport, so that fetch.Client().Do at each request
// reuses connections, while each client is its own (its Timeout), and
// that a Policy's Client makes a Transport of its own at each call.
func TestDefaultClientSharesTransport(t *testing.T) {
	a, b := fetch.Client(), fetch.Client()
	if a == b || a.Transport != b.Transport {
		t.Errorf("Client(): clients %p, %p with Transports %p, %p; want two clients sharing one Transport", a, b, a.Transport, b.Transport)
	}
	a.Timeout = time.Second
	if b.Timeout != 0 {
		t.Errorf("setting one client's Timeout set another's")
	}
	p := &fetch.Policy{}
	if p.Client().Transport == p.Client().Transport {
		t.Errorf("Policy.Client: two calls share a Transport; want one each, with a copy of the policy")
	}
}

// TestRedirects checks that a policy allowing 127.0.0.1/32 reaches a
// server there, follows a redirect to it, and refuses redirects to
// 127.0.0.2, [::1] and a bad port before connecting.
func TestRedirects(t *testing.T) {
	var target string
	s, hits := server(t, "127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, target, http.StatusFound)
			return
		}
		io.WriteString(w, "ok "+r.Host)
	}))
	six, sixHits := server(t, "::1", ok)
	port := s.Listener.Addr().(*net.TCPAddr).Port
	p := &fetch.Policy{Allow: mustPrefixes("127.0.0.1/32")}
	client := p.Client()
	client.Timeout = testTimeout
	get := func(t *testing.T) (string, error) {
		req, err := p.NewRequest(context.Background(), "GET", s.URL+"/redirect", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}
	target = s.URL + "/ok"
	if body, err := get(t); err != nil || body != "ok "+s.Listener.Addr().String() {
		t.Fatalf("redirect to %s: %q, %v", target, body, err)
	}
	for _, c := range []struct {
		target string
		want   urlResult
	}{
		{"http://127.0.0.2:" + itoa(port) + "/", urlResult{fetch.URLAddr, 7, fetch.RuleRegistry}},
		{six.URL + "/", urlResult{fetch.URLAddr, 7, fetch.RuleRegistry}},
		{"http://127.0.0.1:25/", urlResult{fetch.URLPort, 17, fetch.RuleBadPort}},
		{"http://user:pw@127.0.0.1:" + itoa(port) + "/", urlResult{fetch.URLUserinfo, 7, ""}},
		{"file:///etc/passwd", urlResult{fetch.URLScheme, 0, ""}},
	} {
		t.Run(c.target, func(t *testing.T) {
			target = c.target
			before := hits.Load()
			_, err := get(t)
			if diff := cmp.Diff(c.want, resultOf(t, c.target, err)); diff != "" {
				t.Errorf("redirect to %s mismatch (-want +got):\n%s", c.target, diff)
			}
			if n := hits.Load() - before; n != 1 {
				t.Errorf("the server got %d requests, want 1 (the redirect)", n)
			}
		})
	}
	if n := sixHits.Load(); n != 0 {
		t.Errorf("the server on [::1] got %d requests", n)
	}
}

// roundTripper is an http.RoundTripper that answers without a network.
type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }

// TestRedirectHost checks that Client sends each redirect to the ASCII
// host that CheckURL checked, in the URL and the Host header, whatever
// form the Location gives it. Its transport answers without a network:
// a redirect to location, then 200 with the host it was sent to.
func TestRedirectHost(t *testing.T) {
	for _, c := range []struct {
		location, host string
	}{
		{"https://ex%C2%ADample.com/x", "example.com"},
		{"https://EXAMPLE.com.:8443/", "example.com.:8443"},
		{"https://bücher.de/ä", "xn--bcher-kva.de"},
		{"https://[2606:4700:4700:0::1111]:0443/", "[2606:4700:4700::1111]:443"},
		{"/same-host?q", "example.org"},
	} {
		t.Run(c.location, func(t *testing.T) {
			client := fetch.Client()
			var got []string
			client.Transport = roundTripper(func(req *http.Request) (*http.Response, error) {
				h := req.Host
				if h == "" {
					h = req.URL.Host
				}
				got = append(got, req.URL.Host, h)
				resp := &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Body: http.NoBody, Request: req}
				if len(got) == 2 {
					resp.StatusCode = http.StatusFound
					resp.Header.Set("Location", c.location)
				}
				return resp, nil
			})
			req, err := fetch.NewRequest(context.Background(), "GET", "https://example.org/", nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if diff := cmp.Diff([]string{"example.org", "example.org", c.host, c.host}, got); diff != "" {
				t.Errorf("redirect to %q: URL.Host, Host of each hop mismatch (-want +got):\n%s", c.location, diff)
			}
		})
	}
}

func itoa(n int) string {
	return netip.AddrPortFrom(netip.IPv4Unspecified(), uint16(n)).String()[len("0.0.0.0:"):]
}

// rebinder is a DNS server for net.Resolver's Dial that answers the first
// A query for a name with a public address and every later one with
// 127.0.0.1 (DNS rebinding), over the stream a Dial returns (RFC 1035
// §4.2.2: each message after its two-byte length).
type rebinder struct {
	mu      sync.Mutex
	answers int
}

func (r *rebinder) dial(ctx context.Context, network, address string) (net.Conn, error) {
	c, s := net.Pipe()
	go r.serve(s)
	return c, nil
}

func (r *rebinder) serve(c net.Conn) {
	defer c.Close()
	for {
		var n [2]byte
		if _, err := io.ReadFull(c, n[:]); err != nil {
			return
		}
		q := make([]byte, int(n[0])<<8|int(n[1]))
		if _, err := io.ReadFull(c, q); err != nil {
			return
		}
		a := r.answer(q)
		if _, err := c.Write(append([]byte{byte(len(a) >> 8), byte(len(a))}, a...)); err != nil {
			return
		}
	}
}

// answer returns the response to the query q: its question, and for an A
// query one address.
func (r *rebinder) answer(q []byte) []byte {
	end := 12
	for end < len(q) && q[end] != 0 {
		end += int(q[end]) + 1
	}
	end += 1 + 4 // the root label, QTYPE and QCLASS
	qtype := uint16(q[end-4])<<8 | uint16(q[end-3])
	resp := append([]byte{q[0], q[1], 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0}, q[12:end]...)
	if qtype != 1 { // not A: no records
		return resp
	}
	r.mu.Lock()
	addr := [4]byte{127, 0, 0, 1}
	if r.answers == 0 {
		addr = [4]byte{93, 184, 215, 14}
	}
	r.answers++
	r.mu.Unlock()
	resp[7] = 1 // ANCOUNT
	return append(resp, 0xC0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, addr[0], addr[1], addr[2], addr[3])
}

// TestRebinding checks that a name that resolves to a public address when
// the caller checks it, and to 127.0.0.1 when the client dials it, is
// refused at connect time by Control; and, so that the test can fail,
// that the same resolver reaches the server when 127.0.0.1 is allowed.
func TestRebinding(t *testing.T) {
	s, hits := server(t, "127.0.0.1", ok)
	port := itoa(s.Listener.Addr().(*net.TCPAddr).Port)
	for _, c := range []struct {
		name   string
		policy *fetch.Policy
		want   verdict // zero: reached
	}{
		{"default", nil, verdict{true, fetch.RuleRegistry, "127.0.0.0/8", ""}},
		{"127.0.0.1 allowed", &fetch.Policy{Allow: mustPrefixes("127.0.0.1/32")}, verdict{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := &net.Resolver{PreferGo: true, Dial: (&rebinder{}).dial}
			ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
			defer cancel()
			addrs, err := r.LookupNetIP(ctx, "ip4", "rebind.test.")
			if err != nil || len(addrs) != 1 || c.policy.CheckAddr(addrs[0]) != nil {
				t.Fatalf("first lookup: %v, %v; want one public address", addrs, err)
			}
			tr := c.policy.Transport()
			tr.DialContext = (&net.Dialer{Resolver: r, Control: loopbackOnly(c.policy.Control)}).DialContext
			req, err := c.policy.NewRequest(ctx, "GET", "http://rebind.test.:"+port+"/", nil)
			if err != nil {
				t.Fatal(err)
			}
			before := hits.Load()
			resp, err := (&http.Client{Transport: tr, Timeout: testTimeout}).Do(req)
			if err == nil {
				resp.Body.Close()
			}
			if c.want == (verdict{}) {
				if err != nil || hits.Load()-before != 1 {
					t.Fatalf("Do: %v, %d requests; want the server reached", err, hits.Load()-before)
				}
				return
			}
			if diff := cmp.Diff(c.want, addrRule(err)); diff != "" {
				t.Errorf("Do mismatch (-want +got):\n%s", diff)
			}
			if n := hits.Load() - before; n != 0 {
				t.Errorf("the server got %d requests", n)
			}
		})
	}
}

// TestNewRequest checks that the request is made from the URI checked:
// the ASCII host, the same in the URL and the Host header, the IRI's
// other characters percent-encoded (RFC 3987 §3.1), and the path, an
// empty query and the fragment as written.
func TestNewRequest(t *testing.T) {
	for _, c := range []struct {
		in, url, host string
	}{
		{"https://ex%C2%ADample.com/a?b", "https://example.com/a?b", "example.com"},
		{"https://exam\u200bple.com/", "https://example.com/", "example.com"},
		{"HTTPS://EXAMPLE.COM./", "https://example.com./", "example.com."},
		{"https://example.com%2e:8443/x", "https://example.com.:8443/x", "example.com.:8443"},
		{"https://bücher.de/ä?ö#ü", "https://xn--bcher-kva.de/%C3%A4?%C3%B6#%C3%BC", "xn--bcher-kva.de"},
		{"https://[2606:4700:4700:0::1111]:0443/", "https://[2606:4700:4700::1111]:443/", "[2606:4700:4700::1111]:443"},
		{"https://[::ffff:1.1.1.1]/", "https://[::ffff:1.1.1.1]/", "[::ffff:1.1.1.1]"},
		{"https://1.1.1.1:8080", "https://1.1.1.1:8080", "1.1.1.1:8080"},
		{"https://example.com:/", "https://example.com/", "example.com"},
		{"https://example.com/?", "https://example.com/?", "example.com"},
		{"https://example.com?#", "https://example.com?", "example.com"},
		{"https://example.com/#", "https://example.com/", "example.com"},
		{"https://example.com/a;b?c=d&e#f%20g", "https://example.com/a;b?c=d&e#f%20g", "example.com"},
		{"https://example.com//x/%7e%2F", "https://example.com//x/%7e%2F", "example.com"},
	} {
		t.Run(c.in, func(t *testing.T) {
			req, err := fetch.NewRequest(context.Background(), "GET", c.in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.url, req.URL.String()); diff != "" {
				t.Errorf("NewRequest(%q).URL mismatch (-want +got):\n%s", c.in, diff)
			}
			if diff := cmp.Diff([]string{c.host, c.host}, []string{req.URL.Host, req.Host}); diff != "" {
				t.Errorf("NewRequest(%q) URL.Host, Host mismatch (-want +got):\n%s", c.in, diff)
			}
		})
	}
	for _, in := range []string{
		"https://user:hunter2@example.com/", "http://127.0.0.1/", "http://example.com:25/", "not a url",
		"https://exa mple.com/", "https://[fe80::1%25en0]/", "https://[2606:4700::1111%25en0]/",
	} {
		t.Run(in, func(t *testing.T) {
			req, err := fetch.NewRequest(context.Background(), "GET", in, nil)
			var ue *fetch.URLError
			var pe *uri.ParseError
			if err == nil || !errors.As(err, &ue) && !errors.As(err, &pe) || strings.Contains(err.Error(), "hunter2") {
				t.Errorf("NewRequest(%q) = %v, %v; want a *URLError or *uri.ParseError", in, req, err)
			}
		})
	}
}

// newRequestInputs returns the realistic links (testdata/bench) that
// CheckURL allows.
func newRequestInputs(tb testing.TB) []string {
	var in []string
	for _, s := range versus.Lines(tb, "../../testdata/bench/realistic-abs.txt") {
		if u, err := uri.RFC3987.Parse(s); err == nil && fetch.CheckURL(u) == nil {
			in = append(in, s)
		}
	}
	if len(in) < 1000 {
		tb.Fatalf("only %d links of realistic-abs.txt pass CheckURL", len(in))
	}
	return in
}

// TestNewRequestAllocs checks that NewRequest does nothing but parse the
// URL with package uri, check it, write one string and hand it to
// http.NewRequestWithContext: its allocations are theirs and one more,
// on every realistic link that passes CheckURL (every 8th in -short).
func TestNewRequestAllocs(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector drops pooled parsers at random; make test runs this without it")
	}
	ctx := context.Background()
	for i, s := range newRequestInputs(t) {
		if testing.Short() && i%8 != 0 {
			continue
		}
		u, _ := uri.RFC3987.Parse(s)
		want := testing.AllocsPerRun(10, func() { uri.RFC3987.Parse(s) }) +
			testing.AllocsPerRun(10, func() { fetch.CheckURL(u) }) +
			testing.AllocsPerRun(10, func() { http.NewRequestWithContext(ctx, "GET", s, nil) }) + 1
		got := testing.AllocsPerRun(10, func() { fetch.NewRequest(ctx, "GET", s, nil) })
		for try := 0; got > want && try < 3; try++ {
			// AllocsPerRun counts the whole process's allocations: measure
			// again before blaming NewRequest for one of the runtime's.
			got = min(got, testing.AllocsPerRun(10, func() { fetch.NewRequest(ctx, "GET", s, nil) }))
		}
		if got > want {
			t.Errorf("NewRequest(%q): %v allocations, want at most %v", s, got, want)
		}
	}
}

// TestControl checks Control on what net.Dialer gives it.
func TestControl(t *testing.T) {
	var p fetch.Policy
	for _, c := range []struct {
		network, address string
		want             string // the rule, "" for nil
	}{
		{"tcp4", "93.184.215.14:443", ""},
		{"tcp6", "[2606:4700:4700::1111]:443", ""},
		{"tcp4", "127.0.0.1:80", fetch.RuleRegistry},
		{"tcp6", "[fe80::1%eth0]:80", fetch.RuleRegistry},
		{"tcp4", "93.184.215.14:25", fetch.RuleBadPort},
		{"tcp4", "93.184.215.14:0", fetch.RulePortZero},
		{"unix", "/run/docker.sock", fetch.RuleInvalid},
		{"tcp", "example.com:80", fetch.RuleInvalid},
	} {
		got := ""
		if err := p.Control(c.network, c.address, nil); err != nil {
			got = addrRule(err).Rule
		}
		if got != c.want {
			t.Errorf("Control(%q, %q) rule %q, want %q", c.network, c.address, got, c.want)
		}
	}
	if tr := p.Transport(); tr.Proxy != nil {
		t.Errorf("Transport().Proxy is set; want none")
	}
}

// BenchmarkVersusNewRequest compares NewRequest with
// http.NewRequestWithContext on the realistic links that CheckURL allows
// (testdata/bench/realistic-abs.txt), as a ratio (versus.Set): the cost
// of one more parse, by package uri, and of the check.
func BenchmarkVersusNewRequest(b *testing.B) {
	in := newRequestInputs(b)
	ctx := context.Background()
	versus.Set(b, versus.Lengths(in), func(i int) {
		if _, err := fetch.NewRequest(ctx, "GET", in[i], nil); err != nil {
			b.Fatal(err)
		}
	}, func(i int) {
		if _, err := http.NewRequestWithContext(ctx, "GET", in[i], nil); err != nil {
			b.Fatal(err)
		}
	}, "fetch", "net-http")
}
