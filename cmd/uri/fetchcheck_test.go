package main

import (
	"context"
	"errors"
	"net/netip"
	"testing"
)

// TestFetchCheckCommand runs fetch-check on URLs the default policy allows
// and refuses, with --resolve answered by a stub resolver (no test looks
// a name up on the network).
func TestFetchCheckCommand(t *testing.T) {
	old := lookupHost
	t.Cleanup(func() { lookupHost = old })
	lookupHost = func(_ context.Context, host string) ([]netip.Addr, error) {
		switch host {
		case "public.example":
			return []netip.Addr{netip.MustParseAddr("93.184.215.14"), netip.MustParseAddr("2606:2800:21f:cb07:6820:80da:af6b:8b2c")}, nil
		case "internal.example":
			return []netip.Addr{netip.MustParseAddr("93.184.215.14"), netip.MustParseAddr("10.0.0.7")}, nil
		}
		return nil, errors.New("no such host")
	}
	const metadata = "fetch: not a URL to fetch at offset 7 (address): address refused: 169.254.0.0/16 Link Local (RFC 3927) is not globally reachable (IANA special-purpose address registry, RFC 6890)"
	const private = "10.0.0.7: fetch: address refused: 10.0.0.0/8 Private-Use (RFC 1918) is not globally reachable (IANA special-purpose address registry, RFC 6890)"
	runCLITests(t, []cliTest{
		{"allowed", "", []string{"fetch-check", "https://example.com/", "HTTPS://EXAMPLE.COM./"},
			cliResult{Stdout: "allowed\nallowed\n"}},
		{"refused", "", []string{"fetch-check", "https://example.com/", "http://169.254.169.254/latest/meta-data/"},
			cliResult{Stdout: "allowed\nerror: " + metadata + "\n", Status: exitInvalid}},
		{"stdin", "http://example.com:25/\n", []string{"fetch-check"},
			cliResult{Stdout: "error: fetch: not a URL to fetch at offset 19 (port): port refused: a bad port of the Fetch Standard (§2.9 Port blocking)\n", Status: exitInvalid}},
		{"resolve", "", []string{"fetch-check", "--resolve", "https://public.example/", "https://internal.example/", "https://nowhere.example/"},
			cliResult{Stdout: "allowed\nerror: " + private + "\nerror: no such host\n", Status: exitInvalid}},
		{"json", "", []string{"fetch-check", "--json", "https://u:hunter2@example.com/", "http://[::ffff:8.8.8.8]/"},
			cliResult{Stdout: `{"input":"https://u:xxxxx@example.com/","allowed":false,"reason":{"code":"userinfo","message":"fetch: not a URL to fetch at offset 8 (userinfo): a URL to fetch has no userinfo, which can hide the host it names (RFC 9110 §4.2.4)"},"addresses":[]}
{"input":"http://[::ffff:8.8.8.8]/","allowed":true,"reason":null,"addresses":[{"address":"::ffff:8.8.8.8","allowed":true,"reason":null}]}
`, Status: exitInvalid}},
		{"json invalid UTF-8 password", "", []string{"fetch-check", "--json", "https://u:hunt\xffer2@example.com/\xfe"},
			cliResult{Stdout: `{"input":"https://u:xxxxx@example.com/\ufffd","inputQuoted":"\"https://u:xxxxx@example.com/\\xfe\"","allowed":false,"reason":{"code":"parse","message":"uri: invalid IRI: the byte at offset 14, in a masked password, cannot follow iuserinfo (RFC 3987 §2.2)"},"addresses":[]}
`, Status: exitInvalid}},
		{"json resolve", "", []string{"fetch-check", "--json", "--resolve", "https://internal.example/"},
			cliResult{Stdout: `{"input":"https://internal.example/","allowed":false,"reason":{"code":"registry","message":"` + private + `"},"addresses":[{"address":"93.184.215.14","allowed":true,"reason":null},{"address":"10.0.0.7","allowed":false,"reason":{"code":"registry","message":"fetch: address refused: 10.0.0.0/8 Private-Use (RFC 1918) is not globally reachable (IANA special-purpose address registry, RFC 6890)"}}]}
`, Status: exitInvalid}},
		{"bad flag", "", []string{"fetch-check", "--resolv", "x"},
			cliResult{Stderr: "uri fetch-check: unknown flag --resolv; did you mean --resolve? (see 'uri fetch-check --help')\n", Status: exitUsage}},
	})
}
