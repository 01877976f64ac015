package whatwg

// EndsInNumber is the URL Standard's "ends in a number checker" of an
// ASCII domain: whether the host parser reads it as an IPv4 address
// (or fails on it as one) rather than as a domain ("Host parsing", step
// 6).
func EndsInNumber(domain string) bool { return endsInNumber(domain) }

// SerializeHost runs the URL Standard's host parser on input as the host
// of a special URL ("Host parsing", isOpaque false) and returns the host
// serializer's output ("Host serializing"): "127.0.0.1" for "0x7f.1",
// "[::1]" for "[0:0::1]", "example.com" for "EXAMPLE.com". ok is false
// when the host parser returns failure, or input is empty (step 3).
func SerializeHost(input string) (host string, ok bool) {
	if input == "" {
		return "", false
	}
	p := parser{in: input}
	if !p.parseHost(input, false, 0) {
		return "", false
	}
	return string(p.out), true
}
