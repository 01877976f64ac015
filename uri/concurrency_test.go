package uri_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/confusion"
)

// concurrencyInputs cover every component, host kind and error kind.
var concurrencyInputs = []string{
	"http://user:pw@example.com:8080/a/b?q=1#f", "//[::1]:80/p", "urn:a:b", "a:/.//b",
	"http://[v1.x]/", "http://1.2.3.4/", "?q", "#f", "", "http://a@b@c/",
	"http://h/%zz", "\x00", "http://é/", "http://u:secret@h st/",
}

// observe calls every accessor of u and returns what they returned.
func observe(u uri.URI) string {
	h, hok := u.Host()
	addr, aok := h.Addr()
	lit, lok := h.Literal()
	pn, perr := u.PortNumber()
	var segs []string
	for s := range u.Path().Segments() {
		segs = append(segs, s)
	}
	text, _ := u.MarshalText()
	app, _ := u.AppendText(nil)
	out := fmt.Sprint(u.String(), u.IsRelative(), u.Redacted())
	for _, f := range []func() (string, bool){u.Scheme, u.Authority, u.Userinfo, u.Port, u.Query, u.Fragment} {
		v, ok := f()
		out += fmt.Sprint("|", v, ok)
	}
	return out + fmt.Sprint(h.String(), hok, h.Kind(), addr, aok, lit, lok, pn, perr,
		u.Path().String(), u.Path().Kind(), segs, string(text), string(app))
}

// observeInput parses s every way and describes the results, errors
// rendered, and the confusion report.
func observeInput(s string) string {
	out := uri.RedactInput(s)
	for _, parse := range []func(string) (uri.URI, error){uri.Parse, uri.ParseReference, uri.ParseAbsolute, uri.ParseRelative} {
		u, err := parse(s)
		if pe, ok := err.(*uri.ParseError); ok {
			out += "|" + pe.Render(s)
			continue
		}
		out += "|" + observe(u)
	}
	r := confusion.Check(s)
	return out + fmt.Sprint(r.Strict.Valid, r.NetURL.Valid, r.Differences, r.Warnings)
}

// TestConcurrentUse parses and reads shared values from many goroutines
// (run it with -race): URI values are immutable, the parsers are pooled
// and reset, and nothing global is written after init (RFC 3986 defines
// no state; neither does this library).
func TestConcurrentUse(t *testing.T) {
	want := make([]string, len(concurrencyInputs))
	shared := make([]uri.URI, len(concurrencyInputs))
	sharedWant := make([]string, len(concurrencyInputs))
	for i, s := range concurrencyInputs {
		want[i] = observeInput(s)
		shared[i], _ = uri.ParseReference(s)
		sharedWant[i] = observe(shared[i])
	}
	const goroutines, rounds = 16, 50
	errs := make(chan string, goroutines)
	var wg sync.WaitGroup
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				i := (g + r) % len(concurrencyInputs)
				if got := observeInput(concurrencyInputs[i]); got != want[i] {
					errs <- fmt.Sprintf("input %q: got %q, want %q", concurrencyInputs[i], got, want[i])
					return
				}
				if got := observe(shared[i]); got != sharedWant[i] {
					errs <- fmt.Sprintf("shared %q: got %q, want %q", concurrencyInputs[i], got, sharedWant[i])
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	var failures []string
	for e := range errs {
		failures = append(failures, e)
	}
	slices.Sort(failures)
	for _, f := range failures {
		t.Error(f)
	}
}
