package whatwg

import (
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// state is a state of the basic URL parser (URL Standard, "URL parsing").
// The function of each state (schemeStartState for scheme start, ...)
// runs at p.p and returns the next state, or done when the parser has
// finished or failed (p.err set). A switch dispatches them, so that the
// parser stays on the stack. Where a state goes on to the state every
// realistic URL takes next (scheme start to scheme, special authority
// slashes to special authority ignore slashes, to authority, to host, to
// path start, to path, to query, to fragment), it runs that state's
// function itself and returns its result, which spares a dispatch; that
// function is still the one of its state, and the chain of such calls is
// at most ten deep (none goes back to an earlier state). run calls the
// scheme start state, where every parse without a state override begins,
// the same way.
type state uint8

const (
	done state = iota
	sSchemeStartState
	sSchemeState
	sNoSchemeState
	sSpecialRelativeOrAuthorityState
	sPathOrAuthorityState
	sRelativeState
	sRelativeSlashState
	sSpecialAuthoritySlashesState
	sSpecialAuthorityIgnoreSlashesState
	sAuthorityState
	sHostState
	sHostnameState // the host state's function, named as a state override
	sPortState
	sFileState
	sFileSlashState
	sFileHostState
	sPathStartState
	sPathState
	sOpaquePathState
	sQueryState
	sFragmentState
)

// step runs the function of state st: those up to the port state, then
// the others.
func (p *parser) step(st state) state {
	if st >= sFileState {
		return p.step2(st)
	}
	switch st {
	case sSchemeStartState:
		return schemeStartState(p)
	case sSchemeState:
		return schemeState(p)
	case sNoSchemeState:
		return noSchemeState(p)
	case sSpecialRelativeOrAuthorityState:
		return specialRelativeOrAuthorityState(p)
	case sPathOrAuthorityState:
		return pathOrAuthorityState(p)
	case sRelativeState:
		return relativeState(p)
	case sRelativeSlashState:
		return relativeSlashState(p)
	case sSpecialAuthoritySlashesState:
		return specialAuthoritySlashesState(p)
	case sSpecialAuthorityIgnoreSlashesState:
		return specialAuthorityIgnoreSlashesState(p)
	case sAuthorityState:
		return authorityState(p)
	case sHostState, sHostnameState:
		return hostState(p)
	case sPortState:
		return portState(p)
	}
	return done
}

func (p *parser) step2(st state) state {
	switch st {
	case sFileState:
		return fileState(p)
	case sFileSlashState:
		return fileSlashState(p)
	case sFileHostState:
		return fileHostState(p)
	case sPathStartState:
		return pathStartState(p)
	case sPathState:
		return pathState(p)
	case sOpaquePathState:
		return opaquePathState(p)
	case sQueryState:
		return queryState(p)
	case sFragmentState:
		return fragmentState(p)
	}
	return done
}

// parser holds the basic URL parser's variables and the URL being
// written: out is its href so far, and the offsets are those of URL.
type parser struct {
	src     source
	in      string // src.s
	p       int    // pointer
	base    Record // the base URL, if hasBase
	hasBase bool
	out     []byte
	// wantErrs reports a parse that records its validation errors, in
	// verrs (a field, not a pointer to the caller's slice, so that asking
	// for them costs no allocation when there are none).
	wantErrs bool
	verrs    []ValidationError
	err      *Error

	schemeEnd, userEnd, hostStart, hostEnd, pathStart int
	queryStart, fragStart                             int // -1 while null
	kind                                              HostKind
	opaque, special, file                             bool

	bufStart  int // the start in "in" of the standard's buffer
	authStart int // where the authority state began
	authEnd   int // where the authority ends: "/", "?", "#", "\" or EOF
	// hostBits is what the authority state read after the last "@" of
	// a special URL's authority, for the host state (authorityState), or
	// 0.
	hostBits uint8
	// pwBegin and pwEnd delimit the password in "in" (pwEnd 0: none);
	// credEnd is the offset of the last "@" of the authority (0: none).
	pwBegin, pwEnd, credEnd int
	// driveEnd is the end of a Windows drive letter the file host state
	// leaves in the path state's buffer (0: none).
	driveEnd int
	// ownBuffer reports an out that is not pooled: the href may use it.
	ownBuffer bool
	// lazy reports an href so far that is in[:n], not yet copied to out:
	// the states write it where it differs from the input (own), so that
	// a URL written as the serializer writes it is never copied. pooled
	// is the buffer out comes from once owned, to give back to bufPool.
	lazy   bool
	n      int
	pooled *[]byte
	// idnaDomain reports a domain that is not ASCII once percent-decoded,
	// which domain to ASCII mapped with UTS #46 and Punycode.
	idnaDomain bool

	// reference makes the parser take none of its fast paths (and it is
	// not lazy, its href written from the first byte): the path
	// state writes every path segment on its own (not appendPlainSegments),
	// the host state scans the host again (no hostBits) and every domain
	// goes through UTS #46 (no appendFastDomain). It is what the fast
	// paths are tested against.
	reference bool

	// validate reports a parse for CanParse, which stops at the path
	// start state (or any state after it) and records no Error.
	validate bool

	// override is the state override (done: none), url the URL given to
	// the parser with it (setters.go); hostSet and portSet report that
	// the host state and the port state have set url's host and port.
	override         state
	url              Record
	hostSet, portSet bool
}

// MaxValidationErrors is the most validation errors a parse records; the
// parse goes on without recording more.
const MaxValidationErrors = 100

// ParseURL runs the basic URL parser (URL Standard, "URL parsing") on input
// with base (nil for none) and no state override. When errs is not nil,
// the validation errors are appended to it. The password span of the
// returned parser is set even when the parse fails after reading it.
//
// The href refers to the input as long as it is the same (lazy): only
// from the first byte where it differs is it written, in a pooled buffer
// copied once into its string. A parse whose href is the input or a part
// of it (the input without the spaces around it, or without a final
// "/.." and the segment before it) makes no allocation, its href sharing
// the input's bytes; the others at most one when they
// succeed without validation errors asked for, input has no tab or
// newline, and its host is not a domain with a non-ASCII character or a
// "%" (those go through percent-decoding and UTS #46, which allocate:
// three allocations for "https://bücher.example/").
func ParseURL(input string, base *Record, errs *[]ValidationError) (u Record, err error) {
	if len(input) > maxPooled {
		return parseLong(input, base, errs)
	}
	var p parser // zeroed, cheaper than a literal copied from a template
	p.lazy = true
	err = p.parse(input, base, errs, &u)
	p.release()
	return u, err
}

// parseLong is ParseURL for a long input, which gets a buffer of its own
// that becomes the href.
func parseLong(input string, base *Record, errs *[]ValidationError) (u Record, err error) {
	n := hrefBound(input) + 16
	if base != nil {
		n += len(base.Href)
	}
	p := parser{out: make([]byte, 0, n), ownBuffer: true}
	err = p.parse(input, base, errs, &u)
	return u, err
}

// parse runs the parser on input and makes its URL, u, given the buffer
// the href is written in: ParseURL's work once it has chosen that
// buffer. The validation errors are appended to errs, if not nil.
func (p *parser) parse(input string, base *Record, errs *[]ValidationError, u *Record) error {
	err := p.run(input, base, errs != nil)
	if errs != nil {
		*errs = appendErrs(*errs, p.verrs)
	}
	if err == nil {
		err = p.finish(input, u)
	}
	return err
}

// outLen is the length of the href so far.
func (p *parser) outLen() int {
	if p.lazy {
		return p.n
	}
	return len(p.out)
}

// outString returns the href so far from offset i to j, for reading
// (it may share out's bytes, which later writes change).
func (p *parser) outString(i, j int) string {
	if p.lazy {
		return p.in[i:j]
	}
	return unsafe.String(unsafe.SliceData(p.out[i:j]), j-i)
}

// own copies the href so far to out, where it is no longer the input's:
// every write that is not one of the lazy ones below comes after it.
func (p *parser) own() {
	if p.lazy {
		p.ownSlow()
	}
}

func (p *parser) ownSlow() {
	p.lazy = false
	p.pooled = bufPool.Get().(*[]byte)
	p.out = append((*p.pooled)[:0], p.in[:p.n]...)
}

// release gives a pooled out back to bufPool.
func (p *parser) release() {
	if p.pooled != nil && cap(p.out) <= maxPooled {
		*p.pooled = p.out
		bufPool.Put(p.pooled)
	}
}

// appendIn appends in[i:j] to the href: while the href is lazy and ends
// at i, it only moves its end.
func (p *parser) appendIn(i, j int) {
	if p.lazy && i == p.n {
		p.n = j
		return
	}
	p.appendString(p.in[i:j])
}

// appendString appends s to the href, which stays lazy when the input
// goes on with s.
func (p *parser) appendString(s string) {
	if p.lazy {
		if strings.HasPrefix(p.in[p.n:], s) {
			p.n += len(s)
			return
		}
		p.ownSlow()
	}
	p.out = append(p.out, s...)
}

// appendByte appends c to the href, which stays lazy when the input
// goes on with c.
func (p *parser) appendByte(c byte) {
	if p.lazy {
		if p.n < len(p.in) && p.in[p.n] == c {
			p.n++
			return
		}
		p.ownSlow()
	}
	p.out = append(p.out, c)
}

// appendEncodedIn appends in[i:j] percent-encoded with set (appendEncoded):
// while the href is lazy and ends at i, it moves its end over the bytes
// that set leaves as they are, and owns the href only at the first that
// it encodes.
func (p *parser) appendEncodedIn(i, j int, set *encodeSet) {
	if p.lazy && i == p.n {
		k := scan(p.in[:j], i, set)
		p.n = k
		if k == j {
			return
		}
		p.ownSlow()
		i = k
	}
	p.own()
	p.out = appendEncoded(p.out, p.in[i:j], set)
}

// truncate cuts the href so far to its first n bytes.
func (p *parser) truncate(n int) {
	if p.lazy {
		p.n = n
		return
	}
	p.out = p.out[:n]
}

// hrefBound is about the length of the href of input, for the buffer of
// a long input: a byte that is not UTF-8 may take nine bytes (it becomes
// "%EF%BF%BD"), every other byte three when it is not ASCII or some
// component's percent-encode set holds it.
func hrefBound(input string) int {
	n := len(input)
	for i := 0; i < len(input); i++ {
		c := input[i]
		if c < utf8.RuneSelf {
			if anyComponentSet[c] != 0 {
				n += 2
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(input[i:])
		if r == utf8.RuneError && size == 1 {
			n += 8
		} else {
			n += 2 * size
		}
		i += size - 1
	}
	return n
}

// maxPooled is the largest buffer kept for reuse.
const maxPooled = 64 << 10

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// run runs the basic URL parser on input and returns its failure, or
// nil; finish then makes the URL.
func (p *parser) run(input string, base *Record, wantErrs bool) error {
	if len(input) > MaxHref {
		return &Error{Offset: 0, Kind: "too-long"}
	}
	lo, hi := trimmed(input)
	p.src.set(input, lo, hi)
	p.in, p.wantErrs = p.src.s, wantErrs
	if base != nil {
		p.base, p.hasBase = *base, true
	}
	p.queryStart, p.fragStart = -1, -1
	if p.wantErrs {
		if p.src.lead > 0 {
			p.addErr("invalid-URL-unit", 0)
		} else if p.src.trailing >= 0 {
			p.addErr("invalid-URL-unit", p.src.trailing)
		}
		if p.src.tab >= 0 {
			p.addErr("invalid-URL-unit", p.src.tab)
		}
	}
	for st := schemeStartState(p); st != done; {
		if p.validate && st >= sPathStartState {
			break // CanParse: no later state fails
		}
		st = p.step(st)
	}
	if p.err != nil {
		return p.err
	}
	return nil
}

// CanParse reports whether the basic URL parser returns a URL, not
// failure, for input with base (nil for none): the URL Standard's
// URL.canParse(url, base), given a base already parsed. It is ParseURL's
// answer without the URL: the parse stops at the path start state, after
// which no state returns failure (the path, opaque path, query and
// fragment states only percent-encode), so the path, query and fragment
// are not written.
//
// An input too long for its href, at maxGrowth times its length plus the
// base's href, to be sure to stay within MaxHref (the one failure the end
// of a parse can add) gets the whole parse.
func CanParse(input string, base *Record) bool {
	room := MaxHref - 16 // the href's room, less "file://" and "/."
	if base != nil {
		room -= len(base.Href)
	}
	if len(input) > room/maxGrowth {
		_, err := ParseURL(input, base, nil)
		return err == nil
	}
	var p parser // zeroed, cheaper than a literal copied from a template
	p.lazy, p.validate = true, true
	ok := p.run(input, base, false) == nil
	p.release()
	return ok
}

// maxGrowth bounds how many times longer than its input an href can be:
// a byte that is not UTF-8 becomes nine ("%EF%BF%BD"), and the host
// parser's IPv4 serializer and domain to ASCII write at most a few times
// more than they read.
const maxGrowth = 64

// errCanParse is the failure CanParse's parser records: it reads only
// that there is one, and makes no Error.
var errCanParse = &Error{Kind: "failure"}

// c returns the code point at the pointer as a byte, or -1 at EOF.
func (p *parser) c() int {
	if p.p < len(p.in) {
		return int(p.in[p.p])
	}
	return -1
}

// remainingStartsWith reports whether the input after c starts with s.
func (p *parser) remainingStartsWith(s string) bool {
	return p.p+1 <= len(p.in) && strings.HasPrefix(p.in[p.p+1:], s)
}

// verr records a validation error at offset at of p.in. It inlines to a
// test of p.wantErrs, so that a parse that asks for no validation errors pays
// nothing for them.
func (p *parser) verr(kind string, at int) {
	if p.wantErrs {
		p.verrSlow(kind, at)
	}
}

func (p *parser) verrSlow(kind string, at int) {
	if len(p.verrs) < MaxValidationErrors {
		p.addErr(kind, p.src.origOffset(at))
	}
}

func (p *parser) addErr(kind string, orig int) {
	if len(p.verrs) < MaxValidationErrors {
		p.verrs = append(p.verrs, ValidationError{Offset: orig, Kind: kind})
	}
}

// failAt records failure with the validation error kind at offset at of
// p.in, and returns false.
func (p *parser) failAt(kind string, at int) bool {
	if p.validate {
		p.err = errCanParse
	} else if p.err == nil {
		p.err = &Error{Offset: p.src.origOffset(at), Kind: kind}
	}
	return false
}

// fail is failAt at the pointer, returning the nil state.
func (p *parser) fail(kind string) state {
	p.failAt(kind, p.p)
	return done
}

// isSlash reports c being "/" or, in a special URL, "\" (which is a
// validation error, reported here).
func (p *parser) isSlash(c int) bool {
	if c == '\\' && p.special {
		if p.wantErrs { // verr, kept small enough to inline
			p.verrSlow("invalid-reverse-solidus", p.p)
		}
		return true
	}
	return c == '/'
}

// checkURLUnits reports the validation errors "invalid-URL-unit" of s,
// at offset at of p.in: code points that are not URL code points, and
// "%" not followed by two ASCII hex digits.
func (p *parser) checkURLUnits(s string, at int) {
	if p.wantErrs {
		p.checkURLUnitsSlow(s, at)
	}
}

func (p *parser) checkURLUnitsSlow(s string, at int) {
	for i := 0; i < len(s); {
		// A run of ASCII URL code points has nothing to report.
		if i = scan(s, i, &urlUnitClass); i == len(s) {
			break
		}
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				p.verr("invalid-URL-unit", at+i)
			}
			i++
			continue
		}
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(s[i:])
		}
		if !isURLCodePoint(r) || r == utf8.RuneError && n == 1 {
			p.verr("invalid-URL-unit", at+i)
		}
		i += n
	}
}

// appendErrs appends the validation errors of a parse, verrs, to errs:
// verrs itself when errs is empty.
func appendErrs(errs, verrs []ValidationError) []ValidationError {
	if len(errs) == 0 {
		return verrs
	}
	return append(errs, verrs...)
}

// urlUnitClass marks the bytes checkURLUnitsSlow looks at: those that are
// not an ASCII URL code point ("%", the others, and every non-ASCII byte).
// It is made with urlASCII.
var urlUnitClass byteClass

// finish completes the URL, u: the null query and fragment offsets, the "/."
// the URL serializer writes before a path beginning with "//" in a URL
// without host (URL Standard, "URL serializing", step 3), and the href, which
// is the input itself when they are equal.
func (p *parser) finish(input string, u *Record) error {
	end := p.outLen()
	if p.fragStart < 0 {
		p.fragStart = end
	}
	if p.queryStart < 0 {
		p.queryStart = p.fragStart
	}
	if p.kind == NoHost && !p.opaque && p.queryStart-p.pathStart > 1 &&
		p.outString(p.pathStart, p.pathStart+2) == "//" {
		p.own()
		p.out = append(p.out, '/', '.')
		copy(p.out[p.pathStart+2:], p.out[p.pathStart:end])
		p.out[p.pathStart], p.out[p.pathStart+1] = '/', '.'
		p.pathStart += 2
		p.queryStart += 2
		p.fragStart += 2
	}
	if p.outLen() > MaxHref {
		return &Error{Offset: 0, Kind: "too-long"}
	}
	// Field by field: a Record literal would be built aside and copied.
	u.SchemeEnd, u.UserEnd = uint32(p.schemeEnd), uint32(p.userEnd)
	u.HostStart, u.HostEnd, u.PathStart = uint32(p.hostStart), uint32(p.hostEnd), uint32(p.pathStart)
	u.QueryStart, u.FragStart = uint32(p.queryStart), uint32(p.fragStart)
	u.Kind, u.OpaquePath = p.kind, p.opaque
	switch {
	case p.lazy && p.n == len(input):
		u.Href = input // p.in is input
	case p.lazy:
		u.Href = p.in[:p.n]
	case string(p.out) == input:
		u.Href = input
	case p.ownBuffer:
		u.Href = unsafe.String(unsafe.SliceData(p.out), len(p.out)) // out is never written again
	default:
		u.Href = string(p.out)
	}
	return nil
}
