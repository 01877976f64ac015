// Package whatwg reads the scheme and the authority of a URL the way the
// WHATWG URL Standard's basic URL parser does with no base URL (the parser
// of browsers and of Node's URL), so that package uri can say which host
// such a parser would contact and where it finds a password. It is not a
// URL parser: it stops after the port, and it does not apply the IDNA
// mapping of non-ASCII domains (UTS #46), which it reports instead.
//
// State names in comments are those of the URL Standard's "basic URL
// parser" (scheme state, special authority ignore slashes state, ...).
package whatwg

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// HostKind is the kind of a host (URL Standard, "hosts").
type HostKind uint8

// The kinds of host.
const (
	NoHost HostKind = iota // the URL has no host (null)
	Domain                 // a domain, lower-cased ASCII (or Unicode, see URL.NeedsIDNA)
	IPv4                   // an IPv4 address, serialized dotted-decimal
	IPv6                   // an IPv6 address, serialized in brackets
	Opaque                 // the opaque host of a non-special URL
	Empty                  // the empty host ("file:///p")
)

// A URL is what the basic URL parser reads up to the end of the
// authority. Offsets are byte offsets into the string given to Parse.
type URL struct {
	Scheme  string // lower-cased
	Special bool   // http, https, ws, wss, ftp or file

	// Credentials: the text before the last "@" of the authority.
	// HasCredentials is the URL Standard's "includes credentials": a
	// non-empty username or password. HasPassword reports a ":" in the
	// credentials, and PasswordBegin and PasswordEnd delimit the text
	// after it, the password, which may be empty. Username and Password
	// are as written (tab and newline removed), not percent-encoded as the
	// parser stores them.
	HasCredentials             bool
	HasPassword                bool
	Username, Password         string
	PasswordBegin, PasswordEnd int

	// Host is the serialized host (URL Standard "host serializer"):
	// "example.com", "127.0.0.1", "[::1]".
	Host     string
	HostKind HostKind
	// NeedsIDNA reports a non-ASCII domain: Host is then the decoded
	// domain lower-cased, before the UTS #46 mapping and Punycode that a
	// parser applies.
	NeedsIDNA bool

	// Port is the port as written, "" when there is none; the parser
	// drops it when it is the scheme's default port.
	Port    string
	HasPort bool
}

// ErrFailure is returned for an input on which the basic URL parser
// returns failure.
var ErrFailure = errors.New("whatwg: the URL parser returns failure")

// IsSpecial reports whether the lower-cased scheme is a special scheme
// (URL Standard "special scheme").
func IsSpecial(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// input is the string the state machine runs on: the original with
// leading and trailing C0 controls and spaces removed, and every tab and
// newline removed, with the offset in the original of each byte.
type input struct {
	s    string
	lead int
	gaps []int // offsets in s before which tabs or newlines were removed, with their counts
	cnt  []int
}

func newInput(orig string) input {
	lo, hi := 0, len(orig)
	for lo < hi && orig[lo] <= ' ' {
		lo++
	}
	for hi > lo && orig[hi-1] <= ' ' {
		hi--
	}
	in := input{s: orig[lo:hi], lead: lo}
	if !strings.ContainsAny(in.s, "\t\n\r") {
		return in
	}
	var b strings.Builder
	removed := 0
	for i := 0; i < len(in.s); i++ {
		switch in.s[i] {
		case '\t', '\n', '\r':
			removed++
			if n := len(in.gaps); n > 0 && in.gaps[n-1] == b.Len() {
				in.cnt[n-1] = removed
			} else {
				in.gaps = append(in.gaps, b.Len())
				in.cnt = append(in.cnt, removed)
			}
			continue
		}
		b.WriteByte(in.s[i])
	}
	in.s = b.String()
	return in
}

// orig returns the offset in the original string of offset i of in.s; at
// a removed tab or newline, the offset of the byte after it.
func (in input) orig(i int) int {
	// The number of bytes removed before in.s[i]: the last gap at or
	// before i.
	lo, hi := 0, len(in.gaps)
	for lo < hi {
		m := (lo + hi) / 2
		if in.gaps[m] <= i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	n := 0
	if lo > 0 {
		n = in.cnt[lo-1]
	}
	return in.lead + i + n
}

// Parse runs the basic URL parser on s with no base URL, up to the end of
// the authority, and returns what it read, or ErrFailure. A string
// without a scheme fails, as it does without a base.
func Parse(s string) (URL, error) {
	in := newInput(s)
	c := in.s
	// scheme start state, scheme state
	if c == "" || !isAlpha(c[0]) {
		return URL{}, ErrFailure // no scheme state, base null
	}
	i := 1
	for i < len(c) && (isAlpha(c[i]) || isDigit(c[i]) || c[i] == '+' || c[i] == '-' || c[i] == '.') {
		i++
	}
	if i == len(c) || c[i] != ':' {
		return URL{}, ErrFailure
	}
	u := URL{Scheme: strings.ToLower(c[:i])}
	u.Special = IsSpecial(u.Scheme)
	i++
	switch {
	case u.Scheme == "file":
		return u, fileHost(&u, in, i)
	case u.Special:
		// special authority slashes state, special authority ignore
		// slashes state: any number of "/" and "\", even none.
		for i < len(c) && (c[i] == '/' || c[i] == '\\') {
			i++
		}
	case strings.HasPrefix(c[i:], "//"):
		// path or authority state
		i += 2
	default:
		return u, nil // a path or an opaque path: no host
	}
	return u, authority(&u, in, i)
}

// ends reports whether b ends the authority, the host or the port.
func (u *URL) ends(b byte) bool {
	return b == '/' || b == '?' || b == '#' || u.Special && b == '\\'
}

// authority runs the authority, host and port states from offset i.
func authority(u *URL, in input, i int) error {
	c := in.s
	end := i
	for end < len(c) && !u.ends(c[end]) {
		end++
	}
	// authority state: the credentials end at the last "@".
	hostBegin := i
	if at := strings.LastIndexByte(c[i:end], '@'); at >= 0 {
		cred := c[i : i+at]
		hostBegin = i + at + 1
		if hostBegin == end {
			return ErrFailure // host-missing
		}
		user, pass, ok := strings.Cut(cred, ":")
		u.Username = user
		u.HasCredentials = user != "" || pass != ""
		if ok {
			u.HasPassword, u.Password = true, pass
			u.PasswordBegin = in.orig(i + len(user) + 1)
			u.PasswordEnd = in.orig(i + at)
		}
	}
	// host state: a ":" outside brackets starts the port.
	hostEnd, inside := hostBegin, false
	for hostEnd < end && (inside || c[hostEnd] != ':') {
		switch c[hostEnd] {
		case '[':
			inside = true
		case ']':
			inside = false
		}
		hostEnd++
	}
	buf := c[hostBegin:hostEnd]
	if buf == "" && (u.Special || hostEnd < end) {
		return ErrFailure // host-missing
	}
	if err := u.parseHost(buf); err != nil {
		return err
	}
	if hostEnd < end {
		// port state
		port := c[hostEnd+1 : end]
		for j := 0; j < len(port); j++ {
			if !isDigit(port[j]) {
				return ErrFailure // port-invalid
			}
		}
		if port != "" {
			if n, err := strconv.ParseUint(strings.TrimLeft(port, "0")+"0", 10, 32); err != nil || n/10 > 65535 {
				return ErrFailure // port-out-of-range
			}
			u.Port, u.HasPort = port, true
		}
	}
	return nil
}

// fileHost runs the file, file slash and file host states from offset i:
// a file URL has no credentials and no port.
func fileHost(u *URL, in input, i int) error {
	c := in.s
	u.HostKind = Empty // file state: the host is the empty string
	slash := func(j int) bool { return j < len(c) && (c[j] == '/' || c[j] == '\\') }
	if !slash(i) || !slash(i+1) {
		return nil
	}
	i += 2
	end := i
	for end < len(c) && !u.ends(c[end]) {
		end++
	}
	buf := c[i:end]
	switch {
	case len(buf) == 2 && isAlpha(buf[0]) && (buf[1] == ':' || buf[1] == '|'):
		return nil // a Windows drive letter: part of the path
	case buf == "":
		return nil
	}
	if err := u.parseHost(buf); err != nil {
		return err
	}
	if u.Host == "localhost" {
		u.Host, u.HostKind = "", Empty
	}
	return nil
}

// parseHost runs the host parser on buf, with isOpaque for a non-special
// URL.
func (u *URL) parseHost(buf string) error {
	if strings.HasPrefix(buf, "[") {
		if !strings.HasSuffix(buf, "]") || len(buf) < 2 {
			return ErrFailure // IPv6-unclosed
		}
		a, ok := parseIPv6(buf[1 : len(buf)-1])
		if !ok {
			return ErrFailure
		}
		u.Host, u.HostKind = "["+serializeIPv6(a)+"]", IPv6
		return nil
	}
	if !u.Special {
		// opaque-host parser
		if strings.ContainsAny(buf, forbiddenHost) {
			return ErrFailure
		}
		if buf == "" {
			u.HostKind = Empty
			return nil
		}
		u.Host, u.HostKind = encodeC0(buf), Opaque
		return nil
	}
	// Percent-decode, then UTF-8 decode without BOM.
	d := percentDecode(buf)
	if !utf8.ValidString(d) {
		return ErrFailure // U+FFFD fails the domain parser
	}
	d = strings.TrimPrefix(d, "\uFEFF")
	// domain parser with beStrict false: an ASCII domain is lower-cased
	// whatever ToASCII says; UTS #46 is not applied here.
	ascii := true
	for j := 0; j < len(d); j++ {
		if d[j] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		d = strings.ToLower(d)
	} else {
		d = strings.ToLower(d)
		u.NeedsIDNA = true
	}
	if d == "" || strings.ContainsAny(d, forbiddenDomain) {
		return ErrFailure
	}
	for j := 0; j < len(d); j++ {
		if d[j] < 0x20 || d[j] == 0x7f {
			return ErrFailure
		}
	}
	if ascii && endsInNumber(d) {
		a, ok := parseIPv4(d)
		if !ok {
			return ErrFailure
		}
		u.Host, u.HostKind = serializeIPv4(a), IPv4
		return nil
	}
	u.Host, u.HostKind = d, Domain
	return nil
}

// forbiddenHost lists the forbidden host code points; forbiddenDomain
// adds "%" (C0 controls and DEL are checked apart).
const (
	forbiddenHost   = "\x00\t\n\r #/:<>?@[\\]^|"
	forbiddenDomain = forbiddenHost + "%"
)

func isAlpha(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }
func isDigit(b byte) bool { return '0' <= b && b <= '9' }

func unhex(b byte) (byte, bool) {
	switch {
	case isDigit(b):
		return b - '0', true
	case 'a' <= b && b <= 'f':
		return b - 'a' + 10, true
	case 'A' <= b && b <= 'F':
		return b - 'A' + 10, true
	}
	return 0, false
}

// percentDecode decodes every "%" followed by two hex digits and leaves
// other bytes as they are (URL Standard "percent-decode").
func percentDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			h, ok1 := unhex(s[i+1])
			l, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				b = append(b, h<<4|l)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

// encodeC0 percent-encodes the bytes of the C0 control percent-encode set
// (C0 controls and bytes above 0x7E).
func encodeC0(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e {
			b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:]))
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// endsInNumber is the URL Standard's "ends in a number checker".
func endsInNumber(s string) bool {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" {
		if len(parts) == 1 {
			return false
		}
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := parseIPv4Number(last)
	return ok
}

// parseIPv4Number is the "IPv4 number parser"; values above 2^32 are
// reported as 2^32 (every caller rejects them).
func parseIPv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	r := uint64(10)
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		s, r = s[2:], 16
	case len(s) >= 2 && s[0] == '0':
		s, r = s[1:], 8
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		d, ok := unhex(s[i])
		if !ok || uint64(d) >= r {
			return 0, false
		}
		v = min(v*r+uint64(d), 1<<32)
	}
	return v, true
}

// parseIPv4 is the "IPv4 parser".
func parseIPv4(s string) (uint32, bool) {
	parts := strings.Split(s, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if len(parts) > 4 {
		return 0, false
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		n, ok := parseIPv4Number(p)
		if !ok {
			return 0, false
		}
		nums[i] = n
	}
	for _, n := range nums[:len(nums)-1] {
		if n > 255 {
			return 0, false
		}
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return 0, false
	}
	v := last
	for i, n := range nums[:len(nums)-1] {
		v += n << (8 * (3 - i))
	}
	return uint32(v), true
}

func serializeIPv4(a uint32) string {
	return strconv.Itoa(int(a>>24)) + "." + strconv.Itoa(int(a>>16&0xff)) + "." +
		strconv.Itoa(int(a>>8&0xff)) + "." + strconv.Itoa(int(a&0xff))
}

// parseIPv6 is the "IPv6 parser".
func parseIPv6(s string) ([8]uint16, bool) {
	var a [8]uint16
	piece, compress, p := 0, -1, 0
	c := func() int {
		if p < len(s) {
			return int(s[p])
		}
		return -1
	}
	if c() == ':' {
		if p+1 >= len(s) || s[p+1] != ':' {
			return a, false
		}
		p += 2
		piece++
		compress = piece
	}
	for c() != -1 {
		if piece == 8 {
			return a, false
		}
		if c() == ':' {
			if compress >= 0 {
				return a, false
			}
			p++
			piece++
			compress = piece
			continue
		}
		value, length := 0, 0
		for length < 4 && c() != -1 {
			d, ok := unhex(byte(c()))
			if !ok {
				break
			}
			value = value*16 + int(d)
			p++
			length++
		}
		if c() == '.' {
			if length == 0 || piece > 6 {
				return a, false
			}
			p -= length
			seen := 0
			for c() != -1 {
				v := -1
				if seen > 0 {
					if c() != '.' || seen >= 4 {
						return a, false
					}
					p++
				}
				if c() == -1 || !isDigit(byte(c())) {
					return a, false
				}
				for c() != -1 && isDigit(byte(c())) {
					n := c() - '0'
					switch v {
					case -1:
						v = n
					case 0:
						return a, false
					default:
						v = v*10 + n
					}
					if v > 255 {
						return a, false
					}
					p++
				}
				a[piece] = a[piece]<<8 | uint16(v)
				seen++
				if seen == 2 || seen == 4 {
					piece++
				}
			}
			if seen != 4 {
				return a, false
			}
			break
		}
		if c() == ':' {
			p++
			if c() == -1 {
				return a, false
			}
		} else if c() != -1 {
			return a, false
		}
		a[piece] = uint16(value)
		piece++
	}
	if compress >= 0 {
		swaps := piece - compress
		for i := 7; i != 0 && swaps > 0; i, swaps = i-1, swaps-1 {
			a[i], a[compress+swaps-1] = a[compress+swaps-1], a[i]
		}
	} else if piece != 8 {
		return a, false
	}
	return a, true
}

// serializeIPv6 is the "IPv6 serializer": the first longest run of two or
// more zero pieces is compressed.
func serializeIPv6(a [8]uint16) string {
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		if a[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && a[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	var b strings.Builder
	for i := 0; i < 8; i++ {
		if i == best {
			if i == 0 {
				b.WriteString("::")
			} else {
				b.WriteString(":")
			}
			i += bestLen - 1
			continue
		}
		b.WriteString(strconv.FormatUint(uint64(a[i]), 16))
		if i != 7 {
			b.WriteString(":")
		}
	}
	return b.String()
}
