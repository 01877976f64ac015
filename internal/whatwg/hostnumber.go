package whatwg

// EndsInNumber is the URL Standard's "ends in a number checker" of an
// ASCII domain: whether the host parser reads it as an IPv4 address
// (or fails on it as one) rather than as a domain ("Host parsing", step
// 6).
func EndsInNumber(domain string) bool { return endsInNumber(domain) }
