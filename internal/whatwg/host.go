package whatwg

import (
	"strings"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/idna"
)

// parseHost is the URL Standard's "host parser" ("Host parsing") of input, with isOpaque set when the URL is not special. It
// appends the host serializer's output ("Host serializing") to p.out and sets
// p.kind; on failure it records the failure and returns false. at is the
// offset of input in p.in, for the offsets of errors.
func (p *parser) parseHost(input string, isOpaque bool, at int) bool {
	// Step 1: "[" starts an IPv6 address, which must end with "]".
	if strings.HasPrefix(input, "[") {
		if !strings.HasSuffix(input, "]") {
			return p.failAt("IPv6-unclosed", at)
		}
		a, ok := p.parseIPv6(input[1:len(input)-1], at+1)
		if !ok {
			return false
		}
		p.own()
		p.out = appendIPv6(append(p.out, '['), a)
		p.out = append(p.out, ']')
		p.kind = IPv6
		return true
	}
	// Step 2: a non-special URL's host is an opaque host.
	if isOpaque {
		return p.parseOpaqueHost(input, at)
	}
	// Step 3: special URLs reach here with a non-empty input.
	// Steps 4-7: percent-decode, UTF-8 decode without BOM, the domain
	// parser.
	start := p.outLen()
	ascii, ok := input, true
	if bits := p.hostBits; bits&(domainRefused|domainHyphen|domainUpper|hostKnown) == hostKnown && !p.reference {
		// domainToASCII's answer for the lower-case letters, digits and
		// dots the authority state found (hostBits), without a call.
		p.hostBits = 0
		p.appendIn(at, at+len(input))
		p.strictToASCII(input, input, at)
	} else if ascii, ok = p.domainToASCII(input, at); !ok {
		return false
	}
	// Step 8: a domain that ends in a number is an IPv4 address.
	if mayEndInNumber(ascii) && endsInNumber(ascii) {
		a, ok := p.parseIPv4(ascii, at)
		if !ok {
			return false
		}
		p.own()
		p.out = appendIPv4(p.out[:start], a)
		p.kind = IPv4
		return true
	}
	// Step 9: the domain.
	p.kind = Domain
	return true
}

// domainToASCII is steps 4-7 of the host parser: the validation error
// for a percent-encoded byte in input, percent-decoding, and the URL
// Standard's "domain parser" with beStrict false, whose result it appends
// to p.out. It returns a string equal to the result but for ASCII case
// (what the IPv4 checks, which ignore case, read), and false on failure.
//
// Every failure of the domain parser is a domain-to-ASCII failure: its
// step 2 records that validation error whenever the strict ToASCII fails,
// and a domain that fails with beStrict false (a relaxed ToASCII failure,
// the empty string, a forbidden domain code point) fails the strict one.
func (p *parser) domainToASCII(input string, at int) (string, bool) {
	bits := p.hostBits
	p.hostBits = 0
	if bits&hostKnown == 0 {
		bits = domainBits(input)
	}
	if !p.reference && p.appendFastDomain(input, at, bits) {
		p.strictToASCII(input, input, at)
		return input, true
	}
	// Step 4.
	if i := indexPercentEncoded(input); i >= 0 {
		p.verr("domain-percent-encoded", at+i)
	}
	// Step 5.
	domain := UTF8Decode(percentDecode(input))
	p.idnaDomain = !ascii.Is(domain)
	// Step 6: the domain parser.
	res, err := idna.ToASCII(domain)
	if err != nil || res == "" {
		// Steps 5-7 of the domain parser: failure (domain-to-ASCII, which
		// its step 2 records, as the strict ToASCII fails too).
		p.verr("domain-to-ASCII", at)
		return "", p.failAt("domain-to-ASCII", at)
	}
	p.strictToASCII(domain, res, at)
	// idna.ToASCII has checked its result for forbidden domain code
	// points (domain parser, step 7).
	p.appendString(res)
	return res, true
}

// strictToASCII is steps 1-2 of the domain parser: the validation error
// domain-to-ASCII when Unicode ToASCII with beStrict true (CheckHyphens,
// UseSTD3ASCIIRules and VerifyDnsLength) fails on domain, whose result
// with beStrict false is res. It runs only when validation errors are
// asked for.
//
// The flags of beStrict true only add errors to those of beStrict false,
// so where both succeed their results are the same (the lower-cased
// domain when it is ASCII): a res longer than 253 bytes and a root label
// fails VerifyDnsLength without the work.
func (p *parser) strictToASCII(domain, res string, at int) {
	if p.wantErrs {
		p.strictToASCIISlow(domain, res, at)
	}
}

func (p *parser) strictToASCIISlow(domain, res string, at int) {
	if len(res) > 254 {
		p.verr("domain-to-ASCII", at)
		return
	}
	if _, err := idna.Strict.ToASCII(domain); err != nil {
		p.verr("domain-to-ASCII", at)
	}
}

// indexPercentEncoded returns the offset of the first percent-encoded
// byte of s ("%" and two ASCII hex digits), or -1.
func indexPercentEncoded(s string) int {
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
		if isHex(s[i+1]) && isHex(s[i+2]) {
			return i
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return -1
}

// appendFastDomain appends input lower-cased and returns true when input
// is ASCII, has no "%" and no forbidden domain code point, and has no
// label beginning with "xn--": domain to ASCII then only lower-cases it
// ("If beStrict is false, domain is an ASCII string, and strictly
// splitting domain on U+002E (.) does not produce any item that starts
// with an ASCII case-insensitive match for "xn--", this step is
// equivalent to ASCII lowercasing domain."). Otherwise it appends
// nothing and returns false.
//
// s is p.in[at:]'s first len(s) bytes. bits is the union of the classes of the bytes of s in domainClass
// (domainBits), or of a text that holds s, which may make it take the
// slow path more often, never give another answer.
func (p *parser) appendFastDomain(s string, at int, bits uint8) bool {
	if bits&domainRefused != 0 || bits&domainHyphen != 0 && hasXNLabel(s) {
		return false
	}
	if bits&domainUpper == 0 {
		p.appendIn(at, at+len(s))
		return true
	}
	p.own()
	start := len(p.out)
	p.out = append(p.out, s...)
	for i := start; i < len(p.out); i++ {
		if c := p.out[i]; 'A' <= c && c <= 'Z' {
			p.out[i] = c + 'a' - 'A'
		}
	}
	return true
}

// domainBits returns the union of the classes of the bytes of s in
// domainClass. It ORs them four a round.
func domainBits(s string) uint8 {
	var acc uint8
	i := 0
	for ; i+4 <= len(s); i += 4 {
		b := s[i : i+4]
		acc |= domainClass[b[0]] | domainClass[b[1]] | domainClass[b[2]] | domainClass[b[3]]
	}
	for ; i < len(s); i++ {
		acc |= domainClass[s[i]]
	}
	return acc
}

// hasXNLabel reports a label of s, split on ".", that begins with an
// ASCII case-insensitive match for "xn--".
func hasXNLabel(s string) bool {
	for i := 0; i+4 <= len(s); {
		if s[i]|0x20 == 'x' && s[i+1]|0x20 == 'n' && s[i+2] == '-' && s[i+3] == '-' {
			return true
		}
		j := strings.IndexByte(s[i:], '.')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

// domainClass classes the bytes appendFastDomain looks at: forbidden
// domain code points and non-ASCII bytes (domainRefused), "-"
// (domainHyphen) and upper-case letters (domainUpper).
var domainClass byteClass

const (
	domainRefused = 1 << iota
	domainHyphen
	domainUpper
)

// hostBufferClass marks the bytes the host state's buffer looks for: ":"
// and "[" (hostBufferEnd).
var hostBufferClass byteClass

// forbiddenHost marks the forbidden host code points (URL Standard,
// "Host representation"): U+0000, tab, LF, CR, space, #, /, :, <, >, ?, @, [, \, ],
// ^ and |. forbiddenDomain adds the C0 controls, % and U+007F.
var forbiddenHost, forbiddenDomain [256]bool

func init() {
	for _, c := range "\x00\t\n\r #/:<>?@[\\]^|" {
		forbiddenHost[c] = true
		forbiddenDomain[c] = true
	}
	for c := 0; c < 0x20; c++ {
		forbiddenDomain[c] = true
	}
	forbiddenDomain['%'] = true
	forbiddenDomain[0x7f] = true
	for c := range 256 {
		switch {
		case c >= 0x80 || forbiddenDomain[c]:
			domainClass[c] = domainRefused
		case c == '-':
			domainClass[c] = domainHyphen
		case 'A' <= c && c <= 'Z':
			domainClass[c] = domainUpper
		}
	}
	hostBufferClass[':'], hostBufferClass['['] = 1, 1
}

// percentDecode is the URL Standard's "percent-decode" ("Percent-encoded bytes").
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// parseOpaqueHost is the URL Standard's "opaque-host parser".
func (p *parser) parseOpaqueHost(input string, at int) bool {
	// Step 1: forbidden host code points fail.
	for i := 0; i < len(input); i++ {
		if forbiddenHost[input[i]] {
			return p.failAt("host-invalid-code-point", at+i)
		}
	}
	// Steps 2-3: validation errors only.
	p.checkURLUnits(input, at)
	// Step 4: UTF-8 percent-encode with the C0 control percent-encode set.
	p.appendEncodedIn(at, at+len(input), &c0Set)
	p.kind = Opaque
	if input == "" {
		p.kind = Empty
	}
	return true
}

// endsInNumber is the URL Standard's "ends in a number checker".
func endsInNumber(s string) bool {
	// Steps 1-2: the last part, ignoring one trailing empty part.
	if s == "" {
		return false
	}
	if strings.HasSuffix(s, ".") {
		if len(s) == 1 {
			return false
		}
		s = s[:len(s)-1]
	}
	if c := s[len(s)-1]; !isHex(c) && c|0x20 != 'x' {
		return false // no number ends so (a shortcut of steps 3-4)
	}
	last := s[strings.LastIndexByte(s, '.')+1:]
	// Step 3: all ASCII digits.
	if last != "" && allDigits(last) {
		return true
	}
	// Step 4: an IPv4 number (such as "0x1f").
	_, _, ok := parseIPv4Number(last)
	return ok
}

// mayEndInNumber is false for a domain whose last byte is neither ".",
// a hex digit nor "x", which the ends in a number checker never reads as
// a number (a shortcut of its steps 3-4 that inlines).
func mayEndInNumber(s string) bool {
	if s == "" {
		return false
	}
	c := s[len(s)-1]
	return c == '.' || isHex(c) || c|0x20 == 'x'
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// parseIPv4Number is the URL Standard's "IPv4 number parser": the value
// (saturated above 2^32, which every caller rejects), whether the part was
// not decimal (a validation error), and false for failure.
func parseIPv4Number(s string) (n uint64, nonDecimal, ok bool) {
	// Step 1: the empty string fails.
	if s == "" {
		return 0, false, false
	}
	// Steps 2-4: "0x" or "0X" selects hexadecimal, a leading "0" octal.
	radix := uint64(10)
	if len(s) >= 2 && s[0] == '0' && s[1]|0x20 == 'x' {
		s, radix, nonDecimal = s[2:], 16, true
	} else if len(s) >= 2 && s[0] == '0' {
		s, radix, nonDecimal = s[1:], 8, true
	}
	// Step 5: nothing left is zero.
	if s == "" {
		return 0, true, true
	}
	// Steps 6-7: every code point a digit of the radix.
	for i := 0; i < len(s); i++ {
		d, ok := digitValue(s[i])
		if !ok || d >= radix {
			return 0, false, false
		}
		if n <= 1<<32 {
			n = n*radix + d
		}
	}
	return n, nonDecimal, true
}

func digitValue(c byte) (uint64, bool) {
	switch {
	case isDigit(c):
		return uint64(c - '0'), true
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return uint64(c|0x20-'a') + 10, true
	}
	return 0, false
}

// parseIPv4 is the URL Standard's "IPv4 parser" of s, a domain that ends
// in a number.
func (p *parser) parseIPv4(s string, at int) (uint32, bool) {
	// Steps 1-2: split on ".", dropping one trailing empty part.
	if strings.HasSuffix(s, ".") {
		p.verr("IPv4-empty-part", at)
		if len(s) > 1 {
			s = s[:len(s)-1]
		}
	}
	// Step 3: fewer than four parts is a validation error; step 4: more
	// than four fail (counted before any is parsed).
	switch dots := strings.Count(s, "."); {
	case dots < 3:
		p.verr("IPv4-too-few-parts", at)
	case dots > 3:
		return 0, p.failAt("IPv4-too-many-parts", at)
	}
	// Steps 5-6: parse each part.
	var nums [4]uint64
	n := 0
	for part := range strings.SplitSeq(s, ".") {
		v, nonDecimal, ok := parseIPv4Number(part)
		if !ok {
			return 0, p.failAt("IPv4-non-numeric-part", at)
		}
		if nonDecimal {
			p.verr("IPv4-non-decimal-part", at)
		}
		nums[n] = v
		n++
	}
	return p.combineIPv4(nums[:n], at)
}

// combineIPv4 is steps 7-13 of the IPv4 parser: range checks and the
// address.
func (p *parser) combineIPv4(nums []uint64, at int) (uint32, bool) {
	// Step 7: any part above 255 is a validation error.
	for _, v := range nums {
		if v > 255 {
			p.verr("IPv4-out-of-range-part", at)
			break
		}
	}
	// Step 8: every part but the last must fit in a byte.
	for _, v := range nums[:len(nums)-1] {
		if v > 255 {
			return 0, p.failAt("IPv4-out-of-range-part", at)
		}
	}
	// Step 9: the last fills the remaining bytes.
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return 0, p.failAt("IPv4-out-of-range-part", at)
	}
	// Steps 10-13.
	ipv4 := last
	for i, v := range nums[:len(nums)-1] {
		ipv4 += v << (8 * (3 - i))
	}
	return uint32(ipv4), true
}

// appendIPv4 is the host serializer for an IPv4 address (the "IPv4
// serializer").
func appendIPv4(b []byte, a uint32) []byte {
	for i := 3; i >= 0; i-- {
		b = appendUint(b, uint64(a>>(8*i)&0xff))
		if i > 0 {
			b = append(b, '.')
		}
	}
	return b
}

func appendUint(b []byte, v uint64) []byte {
	var d [20]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

// ipv6 is an IPv6 address: eight 16-bit pieces.
type ipv6 [8]uint16

// parseIPv6 is the URL Standard's "IPv6 parser" of s, the text between
// the brackets.
func (p *parser) parseIPv6(s string, at int) (ipv6, bool) {
	var a ipv6
	v := ipv6Parser{s: s, piece: 0, compress: -1, p: p, at: at}
	// Step 5: a leading "::".
	if v.c() == ':' {
		if !strings.HasPrefix(s, "::") {
			return a, p.failAt("IPv6-invalid-compression", at)
		}
		v.i, v.piece, v.compress = 2, 1, 1
	}
	// Step 6: the pieces.
	for v.i < len(s) {
		if kind := v.step(); kind != "" {
			return a, p.failAt(kind, at+v.i)
		}
		if v.done {
			break
		}
	}
	// Steps 7-8: place the compressed zeros, or require eight pieces.
	if v.compress != -1 {
		swaps := v.piece - v.compress
		for pi := 7; pi != 0 && swaps > 0; pi, swaps = pi-1, swaps-1 {
			v.a[pi], v.a[v.compress+swaps-1] = v.a[v.compress+swaps-1], v.a[pi]
		}
	} else if v.piece != 8 {
		return a, p.failAt("IPv6-too-few-pieces", at)
	}
	return v.a, true
}

// ipv6Parser is the state of the IPv6 parser: the pointer, pieceIndex and
// compress of its steps.
type ipv6Parser struct {
	s               string
	p               *parser // for validation errors, at offset at of p.in
	at              int
	i               int
	a               ipv6
	piece, compress int
	done            bool
}

func (v *ipv6Parser) c() int {
	if v.i < len(v.s) {
		return int(v.s[v.i])
	}
	return -1 // EOF
}

// step is one iteration of step 6 of the IPv6 parser; it returns the
// name of the failure, or "".
func (v *ipv6Parser) step() string {
	// Step 6.1.
	if v.piece == 8 {
		return "IPv6-too-many-pieces"
	}
	// Step 6.2: "::".
	if v.c() == ':' {
		if v.compress != -1 {
			return "IPv6-multiple-compression"
		}
		v.i++
		v.piece++
		v.compress = v.piece
		return ""
	}
	// Steps 6.3-6.4: up to four hex digits.
	start, value, length := v.i, 0, 0
	for length < 4 && v.c() >= 0 && isHex(byte(v.c())) {
		value = value*16 + int(unhex(byte(v.c())))
		v.i++
		length++
	}
	// Steps 6.5-6.7.
	switch c := v.c(); {
	case c == '.':
		if length == 0 {
			return "IPv4-in-IPv6-invalid-code-point"
		}
		v.i -= length
		v.done = true
		return v.ipv4()
	case c == ':':
		v.i++
		if v.c() == -1 {
			return "IPv6-invalid-code-point"
		}
	case c != -1:
		return "IPv6-invalid-code-point"
	}
	// Step 6.8: a piece of two or more digits that begins with "0".
	if length > 1 && value < 1<<(4*(length-1)) {
		v.p.verr("IPv6-piece-leading-zero", v.at+start)
	}
	// Steps 6.9-6.10.
	v.a[v.piece] = uint16(value)
	v.piece++
	return ""
}

// ipv4 is step 6.5 of the IPv6 parser: an IPv4 address in the last two
// pieces.
func (v *ipv6Parser) ipv4() string {
	if v.piece > 6 {
		return "IPv4-in-IPv6-too-many-pieces"
	}
	numbersSeen := 0
	for v.c() != -1 {
		if numbersSeen > 0 {
			if v.c() != '.' || numbersSeen >= 4 {
				return "IPv4-in-IPv6-invalid-code-point"
			}
			v.i++
		}
		if v.c() == -1 || !isDigit(byte(v.c())) {
			return "IPv4-in-IPv6-invalid-code-point"
		}
		piece, kind := v.ipv4Piece()
		if kind != "" {
			return kind
		}
		v.a[v.piece] = v.a[v.piece]<<8 | uint16(piece)
		numbersSeen++
		if numbersSeen == 2 || numbersSeen == 4 {
			v.piece++
		}
	}
	if numbersSeen != 4 {
		return "IPv4-in-IPv6-too-few-parts"
	}
	return ""
}

// ipv4Piece reads the digits of one part of an IPv4 address in IPv6
// (IPv6 parser, step 6.5.5.3).
func (v *ipv6Parser) ipv4Piece() (int, string) {
	piece := -1
	for v.c() != -1 && isDigit(byte(v.c())) {
		n := v.c() - '0'
		switch piece {
		case -1:
			piece = n
		case 0:
			return 0, "IPv4-in-IPv6-invalid-code-point"
		default:
			piece = piece*10 + n
		}
		if piece > 255 {
			return 0, "IPv4-in-IPv6-out-of-range-part"
		}
		v.i++
	}
	return piece, ""
}

// appendIPv6 is the URL Standard's "IPv6 serializer": lower-case hex
// pieces, the first longest run of two or more zero pieces compressed.
func appendIPv6(b []byte, a ipv6) []byte {
	// Steps 2-3: find the compression.
	compress, best := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > best {
			compress, best = i, j-i
		}
		i = j
	}
	// Step 4.
	ignore0 := false
	for i := 0; i < 8; i++ {
		if ignore0 && a[i] == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				b = append(b, "::"...)
			} else {
				b = append(b, ':')
			}
			ignore0 = true
			continue
		}
		b = appendHex16(b, a[i])
		if i != 7 {
			b = append(b, ':')
		}
	}
	return b
}

func appendHex16(b []byte, v uint16) []byte {
	const hex = "0123456789abcdef"
	started := false
	for s := 12; s >= 0; s -= 4 {
		d := v >> s & 0xf
		if d != 0 || started || s == 0 {
			b = append(b, hex[d])
			started = true
		}
	}
	return b
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isHex(c byte) bool   { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }
func unhex(c byte) byte {
	if isDigit(c) {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}
