// Package refparse is a hand-written, single-pass parser of RFC 3986
// URI-references (RFC 3986 §4.1, Appendix A), kept as a reference for the
// benchmarks and tests of package uri, as net/netip keeps a reference
// parser for its tests. It is not on any parsing path of the project: the
// parsers of package uri are generated from the grammars.
//
// It gives what uri.ParseReference gives: whether the input is valid, the
// spans of the eight components and sub-components, which are defined,
// the kind of the host and of the path. It reads each component with one
// loop over a table of byte classes, with percent-encodings read inside
// the loop.
package refparse

// The components, as indexes into Ref.Spans, in the order of RFC 3986 §3.
const (
	Scheme = iota
	Authority
	Userinfo
	Host
	Port
	Path
	Query
	Fragment
)

// The kinds of host (RFC 3986 §3.2.2), numbered as uri.HostKind; 0 is no
// host.
const (
	RegName = iota + 1
	IPv4
	IPv6
	IPvFuture
)

// The kinds of path (RFC 3986 §3.3), numbered as uri.PathKind.
const (
	PathEmpty = iota
	PathAbempty
	PathAbsolute
	PathNoscheme
	PathRootless
)

// A Span is the offsets of a component in the input.
type Span struct{ Begin, End int32 }

// Ref is a parsed URI-reference.
type Ref struct {
	Spans    [8]Span
	Has      uint8 // 1<<component for each defined component; Path always
	HostKind uint8
	PathKind uint8
}

// Get returns component c of s, which r was parsed from, and whether it
// is defined.
func (r *Ref) Get(s string, c int) (string, bool) {
	if r.Has&(1<<c) == 0 {
		return "", false
	}
	return s[r.Spans[c].Begin:r.Spans[c].End], true
}

// Byte classes (RFC 3986 §2, Appendix A), bits of class.
const (
	cUnreserved = 1 << iota // ALPHA / DIGIT / "-" / "." / "_" / "~"
	cSubDelim               // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	cColon                  // ":"
	cAt                     // "@"
	cSlash                  // "/"
	cQuestion               // "?"
	cHex                    // HEXDIG
	cSchemeTail             // ALPHA / DIGIT / "+" / "-" / "."
	cAlpha                  // ALPHA
	cDigit                  // DIGIT

	cRegName = cUnreserved | cSubDelim
	cUser    = cRegName | cColon
	cNC      = cRegName | cAt // segment-nz-nc
	cPchar   = cRegName | cColon | cAt
	cPath    = cPchar | cSlash
	cQuery   = cPath | cQuestion
)

var class = func() (t [256]uint16) {
	set := func(chars string, bits uint16) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bits
		}
	}
	const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	const digit = "0123456789"
	set(alpha+digit+"-._~", cUnreserved)
	set("!$&'()*+,;=", cSubDelim)
	set(":", cColon)
	set("@", cAt)
	set("/", cSlash)
	set("?", cQuestion)
	set(alpha, cAlpha)
	set(digit+"ABCDEFabcdef", cHex)
	set(alpha+digit+"+-.", cSchemeTail)
	set(digit, cDigit)
	return t
}()

// The predicates below keep Parse within gocyclo's bound of 15 and its
// machine code as it is with their expressions written out: each is
// inlined. Parse is the reference of the benchmarks, which need its speed
// unchanged: functions that are not inlined would cost it calls, and code
// that moves its loops changes how they fall on cache lines.

// is reports whether s has a byte of the classes in mask at i.
func is(s string, i int, mask uint16) bool {
	return i < len(s) && class[s[i]]&mask != 0
}

// at reports whether s has the byte b at i.
func at(s string, i int, b byte) bool {
	return i < len(s) && s[i] == b
}

// endOr reports whether s ends at i or has the byte b there.
func endOr(s string, i int, b byte) bool {
	return i == len(s) || s[i] == b
}

// run returns the end of the run of bytes of the classes in mask in s
// from i.
func run(s string, i int, mask uint16) int {
	for is(s, i, mask) {
		i++
	}
	return i
}

// twoSlashes reports whether s[i:] starts with "//", which starts an
// authority (RFC 3986 §3.2, §4.2).
func twoSlashes(s string, i int) bool {
	return len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/'
}

// scan returns the end of the longest run of s from i of bytes of the
// classes in mask and of percent-encodings, and false if it stops at a
// "%" that does not start one.
func scan(s string, i int, mask uint16) (int, bool) {
	for i < len(s) {
		c := s[i]
		if class[c]&mask != 0 {
			i++
			continue
		}
		if c != '%' {
			return i, true
		}
		if i+2 >= len(s) || class[s[i+1]]&cHex == 0 || class[s[i+2]]&cHex == 0 {
			return i, false
		}
		i += 3
	}
	return i, true
}

// Parse parses s as a URI-reference (RFC 3986 §4.1) and reports whether
// it is one: [ scheme ":" ], then hier-part or relative-part (§3, §4.2),
// then [ "?" query ] [ "#" fragment ].
func Parse(s string) (Ref, bool) {
	var r Ref
	i := 0
	// scheme ":" (§3.1), or a relative reference (§4.2).
	if is(s, 0, cAlpha) {
		if j := run(s, 1, cSchemeTail); at(s, j, ':') {
			r.Spans[Scheme] = Span{0, int32(j)}
			r.Has |= 1 << Scheme
			i = j + 1
		}
	}
	hasScheme := r.Has != 0
	// hier-part / relative-part (§3, §4.2).
	var ok bool
	if twoSlashes(s, i) {
		if i, ok = r.authority(s, i+2); !ok {
			return r, false
		}
		r.PathKind = PathAbempty
	}
	begin := i
	segments := true // whether the path can go on with "/" segment
	switch {
	case r.Has&(1<<Authority) != 0:
		// path-abempty is empty unless it starts with "/".
		segments = endOr(s, i, '/')
	case at(s, i, '/'):
		r.PathKind = PathAbsolute // not "//": that was an authority
	case hasScheme:
		r.PathKind = PathRootless
	default:
		// path-noscheme: no ":" in the first segment (§4.2), which ends
		// the reference if it stops at a stray "%" or at a ":".
		i, ok = scan(s, i, cNC)
		switch {
		case !ok, at(s, i, ':'):
			return r, false
		}
		r.PathKind = PathNoscheme
	}
	if segments {
		if i, ok = scan(s, i, cPath); !ok {
			return r, false
		}
	}
	r.setPath(begin, i)
	if at(s, i, '?') {
		begin = i + 1
		if i, ok = scan(s, begin, cQuery); !ok {
			return r, false
		}
		r.Spans[Query] = Span{int32(begin), int32(i)}
		r.Has |= 1 << Query
	}
	if at(s, i, '#') {
		begin = i + 1
		if i, ok = scan(s, begin, cQuery); !ok {
			return r, false
		}
		r.Spans[Fragment] = Span{int32(begin), int32(i)}
		r.Has |= 1 << Fragment
	}
	return r, i == len(s)
}

// setPath records the path (RFC 3986 §3.3) as s[begin:end]: path-empty if
// it is empty and not the path-abempty after an authority.
func (r *Ref) setPath(begin, end int) {
	if end == begin && r.PathKind != PathAbempty {
		r.PathKind = PathEmpty
	}
	r.Spans[Path] = Span{int32(begin), int32(end)}
	r.Has |= 1 << Path
}

// authority reads authority = [ userinfo "@" ] host [ ":" port ] (RFC 3986
// §3.2) from s[i:], and returns where it ends.
func (r *Ref) authority(s string, i int) (int, bool) {
	begin := i
	// userinfo "@": userinfo has no "@", so the first "@" ends it; a
	// userinfo that stops before an "@" leaves an "@" that neither host
	// nor port can read, so the reference is invalid.
	j, ok := scan(s, i, cUser)
	if !ok {
		return j, false
	}
	if j < len(s) && s[j] == '@' {
		r.Spans[Userinfo] = Span{int32(i), int32(j)}
		r.Has |= 1 << Userinfo
		i = j + 1
	}
	hostBegin := i
	if i < len(s) && s[i] == '[' {
		if i, ok = r.ipLiteral(s, i+1); !ok {
			return i, false
		}
	} else {
		if i, ok = scan(s, i, cRegName); !ok {
			return i, false
		}
		r.HostKind = RegName
		if isIPv4(s[hostBegin:i]) {
			r.HostKind = IPv4
		}
	}
	r.Spans[Host] = Span{int32(hostBegin), int32(i)}
	if i < len(s) && s[i] == ':' {
		i++
		portBegin := i
		for i < len(s) && class[s[i]]&cDigit != 0 {
			i++
		}
		r.Spans[Port] = Span{int32(portBegin), int32(i)}
		r.Has |= 1 << Port
	}
	r.Spans[Authority] = Span{int32(begin), int32(i)}
	r.Has |= 1<<Authority | 1<<Host
	return i, true
}

// ipLiteral reads the rest of IP-literal = "[" ( IPv6address / IPvFuture )
// "]" (RFC 3986 §3.2.2) from s[i:], after the "[".
func (r *Ref) ipLiteral(s string, i int) (int, bool) {
	if i < len(s) && (s[i] == 'v' || s[i] == 'V') {
		end, ok := ipvFuture(s, i+1)
		if ok {
			r.HostKind = IPvFuture
		}
		return end, ok
	}
	end, ok := ipv6(s, i)
	if !ok || end >= len(s) || s[end] != ']' {
		return end, false
	}
	r.HostKind = IPv6
	return end + 1, true
}

// ipvFuture reads the rest of IPvFuture = "v" 1*HEXDIG "." 1*( unreserved
// / sub-delims / ":" ) (RFC 3986 §3.2.2) and the "]" after it from s[i:],
// after the "v", and returns where it ends.
func ipvFuture(s string, i int) (int, bool) {
	j := i
	for j < len(s) && class[s[j]]&cHex != 0 {
		j++
	}
	if j == i || j >= len(s) || s[j] != '.' {
		return j, false
	}
	k := j + 1
	for k < len(s) && class[s[k]]&cUser != 0 {
		k++
	}
	if k == j+1 || k >= len(s) || s[k] != ']' {
		return k, false
	}
	return k + 1, true
}

// ipv6 reads an IPv6address (RFC 3986 §3.2.2) from s[i:] up to the "]"
// that must follow it: at most eight h16 separated by ":", one "::" that
// stands for one or more zero h16, the last two of them possibly an
// IPv4address.
func ipv6(s string, i int) (int, bool) {
	elided := len(s)-i >= 2 && s[i] == ':' && s[i+1] == ':'
	if elided {
		i += 2
		if i < len(s) && s[i] == ']' {
			return i, true // "::"
		}
	}
	i, groups, elided, ok := ipv6Groups(s, i, elided)
	if !ok || elided && groups > 7 || !elided && groups != 8 {
		return i, false
	}
	return i, true
}

// ipv6Groups reads the h16 of an IPv6address (RFC 3986 §3.2.2) from s[i:],
// separated by ":" or by the one "::" (which elided says was read
// before s[i:]), the last possibly an IPv4address that counts as two,
// up to the first byte that continues none of them. It returns where they
// end, how many there are, whether a "::" was read, and false if a
// separator is not followed by an h16, or a second "::" comes.
func ipv6Groups(s string, i int, elided bool) (end, groups int, elidedAfter, ok bool) {
	for {
		j := h16(s, i)
		if j == i {
			return j, groups, elided, false
		}
		if j < len(s) && s[j] == '.' { // ls32 = IPv4address, last
			k, v4 := ls32IPv4(s, i)
			return k, groups + 2, elided, v4
		}
		groups++
		i = j
		if i >= len(s) || s[i] != ':' {
			return i, groups, elided, true
		}
		if i+1 < len(s) && s[i+1] == ':' {
			if elided {
				return i, groups, elided, false
			}
			elided = true
			i += 2
			if i < len(s) && s[i] == ']' {
				return i, groups, elided, true
			}
			continue
		}
		i++
	}
}

// h16 returns the end of the h16 = 1*4HEXDIG (RFC 3986 §3.2.2) at s[i:],
// or i if there is none.
func h16(s string, i int) int {
	j := i
	for j < len(s) && j-i < 4 && class[s[j]]&cHex != 0 {
		j++
	}
	return j
}

// ls32IPv4 reads the IPv4address of an ls32 (RFC 3986 §3.2.2) from s[i:]
// and returns where it ends, or i and false if it is not one.
func ls32IPv4(s string, i int) (int, bool) {
	k := i
	for k < len(s) && (class[s[k]]&cDigit != 0 || s[k] == '.') {
		k++
	}
	if !isIPv4(s[i:k]) {
		return i, false
	}
	return k, true
}

// isIPv4 reports whether s is an IPv4address (RFC 3986 §3.2.2): four
// dec-octets, 0 to 255 without leading zeros, separated by ".".
func isIPv4(s string) bool {
	for n := range 4 {
		if n > 0 {
			if s == "" || s[0] != '.' {
				return false
			}
			s = s[1:]
		}
		j, v := 0, 0
		for j < len(s) && j < 3 && class[s[j]]&cDigit != 0 {
			v = v*10 + int(s[j]-'0')
			j++
		}
		if j == 0 || v > 255 || j > 1 && s[0] == '0' {
			return false
		}
		s = s[j:]
	}
	return s == ""
}
