package whatwg

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// state is a state of the basic URL parser (URL Standard, "URL parsing").
// The function of each state (schemeStartState for scheme start, ...)
// runs at p.p and returns the next state, or done when the parser has
// finished or failed (p.err set). A switch dispatches them, so that the
// parser stays on the stack.
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
	case sHostState:
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
	errs    *[]ValidationError
	err     *Error

	schemeEnd, userEnd, hostStart, hostEnd, pathStart int
	queryStart, fragStart                             int // -1 while null
	kind                                              HostKind
	opaque, special, file                             bool

	bufStart  int // the start in "in" of the standard's buffer
	authStart int // where the authority state began
	authEnd   int // where the authority ends: "/", "?", "#", "\" or EOF
	// pwBegin and pwEnd delimit the password in "in" (pwEnd 0: none);
	// credEnd is the offset of the last "@" of the authority (0: none).
	pwBegin, pwEnd, credEnd int
	// ownBuffer reports an out that is not pooled: the href may use it.
	ownBuffer bool
	// idnaDomain reports a domain that is not ASCII once percent-decoded,
	// which domain to ASCII mapped with UTS #46 and Punycode.
	idnaDomain bool
}

// MaxValidationErrors is the most validation errors a parse records; the
// parse goes on without recording more.
const MaxValidationErrors = 100

// ParseURL runs the basic URL parser (URL Standard, "URL parsing") on input
// with base (nil for none) and no state override. When errs is not nil,
// the validation errors are appended to it. The password span of the
// returned parser is set even when the parse fails after reading it.
//
// The href is written in a pooled buffer and copied once into its string,
// unless it equals input: a parse makes at most one allocation when it
// succeeds without validation errors asked for and input has no tab or
// newline.
func ParseURL(input string, base *Record, errs *[]ValidationError) (Record, error) {
	if len(input) > maxPooled {
		// A long input gets a buffer of its own, which becomes the href.
		n := hrefBound(input) + 16
		if base != nil {
			n += len(base.Href)
		}
		p := parser{out: make([]byte, 0, n), ownBuffer: true}
		return p.run(input, base, errs)
	}
	bp := bufPool.Get().(*[]byte)
	p := parser{out: (*bp)[:0]}
	u, err := p.run(input, base, errs)
	if cap(p.out) <= maxPooled {
		*bp = p.out
		bufPool.Put(bp)
	}
	return u, err
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
			if anyComponentSet[c] {
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

func (p *parser) run(input string, base *Record, errs *[]ValidationError) (Record, error) {
	if len(input) > MaxHref {
		return Record{}, &Error{Offset: 0, Kind: "too-long"}
	}
	p.src.init(input)
	p.in, p.errs = p.src.s, errs
	if base != nil {
		p.base, p.hasBase = *base, true
	}
	p.queryStart, p.fragStart = -1, -1
	if p.errs != nil {
		if p.src.lead > 0 {
			p.addErr("invalid-URL-unit", 0)
		} else if p.src.trailing >= 0 {
			p.addErr("invalid-URL-unit", p.src.trailing)
		}
		if p.src.tab >= 0 {
			p.addErr("invalid-URL-unit", p.src.tab)
		}
	}
	for st := sSchemeStartState; st != done; {
		st = p.step(st)
	}
	if p.err != nil {
		return Record{}, p.err
	}
	return p.finish(input)
}

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

// verr records a validation error at offset at of p.in.
func (p *parser) verr(kind string, at int) {
	if p.errs != nil && len(*p.errs) < MaxValidationErrors {
		p.addErr(kind, p.src.origOffset(at))
	}
}

func (p *parser) addErr(kind string, orig int) {
	if len(*p.errs) < MaxValidationErrors {
		*p.errs = append(*p.errs, ValidationError{Offset: orig, Kind: kind})
	}
}

// failAt records failure with the validation error kind at offset at of
// p.in, and returns false.
func (p *parser) failAt(kind string, at int) bool {
	if p.err == nil {
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
		p.verr("invalid-reverse-solidus", p.p)
		return true
	}
	return c == '/'
}

// schemeStartState is the "scheme start state".
func schemeStartState(p *parser) state {
	// Step 1: an ASCII alpha starts the scheme.
	if c := p.c(); c >= 0 && isAlpha(byte(c)) {
		p.bufStart = p.p
		return sSchemeState
	}
	// Step 2: otherwise no scheme (no state override here).
	return sNoSchemeState
}

// schemeState is the "scheme state".
func schemeState(p *parser) state {
	// Step 1: ASCII alphanumerics, "+", "-" and "." go to the buffer.
	i := p.p
	for i < len(p.in) && isSchemeByte(p.in[i]) {
		i++
	}
	// Step 3: anything but ":" starts over in the no scheme state.
	if i == len(p.in) || p.in[i] != ':' {
		p.p = 0
		return sNoSchemeState
	}
	// Step 2: ":" ends the scheme.
	p.out = append(p.out, p.in[p.bufStart:i]...)
	for j := range p.out {
		if c := p.out[j]; 'A' <= c && c <= 'Z' {
			p.out[j] = c + 'a' - 'A'
		}
	}
	p.setScheme(len(p.out))
	p.out = append(p.out, ':')
	p.p = i + 1
	switch {
	case p.file:
		// Step 2.6.
		if !strings.HasPrefix(p.in[p.p:], "//") {
			p.verr("special-scheme-missing-following-solidus", p.p)
		}
		return sFileState
	case p.special && p.hasBase && p.base.Scheme() == string(p.out[:p.schemeEnd]):
		// Step 2.7.
		return sSpecialRelativeOrAuthorityState
	case p.special:
		// Step 2.8.
		return sSpecialAuthoritySlashesState
	case strings.HasPrefix(p.in[p.p:], "/"):
		// Step 2.9.
		p.p++
		return sPathOrAuthorityState
	}
	// Step 2.10: an opaque path.
	p.noHost()
	p.opaque = true
	p.pathStart = len(p.out)
	return sOpaquePathState
}

func isSchemeByte(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.'
}

// setScheme records the scheme, out[:end].
func (p *parser) setScheme(end int) {
	p.schemeEnd = end
	switch string(p.out[:end]) {
	case "http", "https", "ws", "wss", "ftp":
		p.special, p.file = true, false
	case "file":
		p.special, p.file = true, true
	default:
		p.special, p.file = false, false
	}
}

// noHost sets the host to null: its offsets are those after the ":".
func (p *parser) noHost() {
	p.kind = NoHost
	p.userEnd, p.hostStart, p.hostEnd = p.schemeEnd+1, p.schemeEnd+1, p.schemeEnd+1
}

// noSchemeState is the "no scheme state".
func noSchemeState(p *parser) state {
	c := p.c()
	switch b := &p.base; {
	case !p.hasBase || b.OpaquePath && c != '#':
		// Step 1.
		return p.fail("missing-scheme-non-relative-URL")
	case b.OpaquePath:
		// Step 2: the base's scheme, path and query, an empty fragment.
		p.out = append(p.out[:0], b.Href[:b.FragStart]...)
		p.setScheme(int(b.SchemeEnd))
		p.noHost()
		p.opaque = true
		p.pathStart = int(b.PathStart)
		if b.HasQuery() {
			p.queryStart = int(b.QueryStart)
		}
		p.p++
		return p.startFragment()
	case b.Scheme() != "file":
		// Step 3.
		return sRelativeState
	}
	// Step 4.
	return sFileState
}

// specialRelativeOrAuthorityState is the "special relative or authority
// state".
func specialRelativeOrAuthorityState(p *parser) state {
	if p.c() == '/' && p.remainingStartsWith("/") {
		p.p += 2
		return sSpecialAuthorityIgnoreSlashesState
	}
	p.verr("special-scheme-missing-following-solidus", p.p)
	p.out = p.out[:0]
	return sRelativeState
}

// pathOrAuthorityState is the "path or authority state".
func pathOrAuthorityState(p *parser) state {
	if p.c() == '/' {
		p.p++
		return p.startAuthority()
	}
	p.noHost()
	p.pathStart = len(p.out)
	return sPathState
}

// relativeState is the "relative state".
func relativeState(p *parser) state {
	// Steps 1-2: the base's scheme.
	b := &p.base
	p.out = append(p.out[:0], b.Href[:b.SchemeEnd+1]...)
	p.setScheme(int(b.SchemeEnd))
	// Steps 3-4.
	if c := p.c(); p.isSlash(c) {
		p.p++
		return sRelativeSlashState
	}
	// Step 5: the base's credentials, host, port, path and query.
	p.copyBaseAuthority()
	p.pathStart = len(p.out)
	p.out = append(p.out, b.Href[b.PathStart:b.QueryStart]...)
	pathEnd := len(p.out)
	switch c := p.c(); c {
	case '?':
		p.p++
		return p.startQuery()
	case '#':
		if b.HasQuery() {
			p.queryStart = len(p.out)
			p.out = append(p.out, b.Href[b.QueryStart:b.FragStart]...)
		}
		p.p++
		return p.startFragment()
	case -1:
		if b.HasQuery() {
			p.queryStart = len(p.out)
			p.out = append(p.out, b.Href[b.QueryStart:b.FragStart]...)
		}
		return done
	}
	p.out = p.out[:pathEnd]
	p.shortenPath()
	return sPathState
}

// copyBaseAuthority sets the URL's username, password, host and port to
// the base's.
func (p *parser) copyBaseAuthority() {
	b := &p.base
	if b.Kind == NoHost {
		p.noHost()
		return
	}
	d := len(p.out) - int(b.SchemeEnd) - 1
	p.out = append(p.out, b.Href[b.SchemeEnd+1:b.PathStart]...)
	p.userEnd, p.hostStart, p.hostEnd = int(b.UserEnd)+d, int(b.HostStart)+d, int(b.HostEnd)+d
	p.kind = b.Kind
}

// relativeSlashState is the "relative slash state".
func relativeSlashState(p *parser) state {
	c := p.c()
	// Step 1.
	if p.special && (c == '/' || c == '\\') {
		p.isSlash(c)
		p.p++
		return sSpecialAuthorityIgnoreSlashesState
	}
	// Step 2.
	if c == '/' {
		p.p++
		return p.startAuthority()
	}
	// Step 3.
	p.copyBaseAuthority()
	p.pathStart = len(p.out)
	return sPathState
}

// specialAuthoritySlashesState is the "special authority slashes state".
func specialAuthoritySlashesState(p *parser) state {
	if p.c() == '/' && p.remainingStartsWith("/") {
		p.p += 2
	} else {
		p.verr("special-scheme-missing-following-solidus", p.p)
	}
	return sSpecialAuthorityIgnoreSlashesState
}

// specialAuthorityIgnoreSlashesState is the "special authority ignore
// slashes state".
func specialAuthorityIgnoreSlashesState(p *parser) state {
	for c := p.c(); c == '/' || c == '\\'; c = p.c() {
		p.verr("special-scheme-missing-following-solidus", p.p)
		p.p++
	}
	return p.startAuthority()
}

// startAuthority enters the authority state: the URL has a host, written
// after "//".
func (p *parser) startAuthority() state {
	p.out = append(p.out, '/', '/')
	p.authStart = p.p
	return sAuthorityState
}

// authorityState is the "authority state": it reads up to the end of the
// authority, then writes the credentials of the text before its last "@".
func authorityState(p *parser) state {
	lastAt := -1
	stop := p.stopSet()
	i := p.p
	for ; i < len(p.in); i++ {
		c := p.in[i]
		if !stop[c] && c != '@' {
			continue
		}
		if c != '@' {
			break
		}
		// Step 1.
		p.verr("invalid-credentials", i)
		lastAt = i
	}
	p.authEnd = i
	p.userEnd = len(p.out)
	if lastAt >= 0 {
		p.credEnd = lastAt
		if colon := strings.IndexByte(p.in[p.authStart:lastAt], ':'); colon >= 0 {
			p.pwBegin, p.pwEnd = p.authStart+colon+1, lastAt
		}
		// Step 2.1: "@" with nothing after it.
		if lastAt+1 == i {
			p.p = i
			return p.fail("host-missing")
		}
		p.writeCredentials(p.in[p.authStart:lastAt])
		p.p = lastAt + 1
	}
	// Step 2.2: the host state at the start of the host.
	p.bufStart = p.p
	return sHostState
}

// writeCredentials writes the username and password of cred, the text
// before the last "@" (authority state, step 1.4), and the "@" the
// serializer writes when either is not empty.
func (p *parser) writeCredentials(cred string) {
	user, pass, hasPass := strings.Cut(cred, ":")
	start := len(p.out)
	p.out = appendEncoded(p.out, user, &userinfoSet)
	p.userEnd = len(p.out)
	if hasPass && pass != "" {
		p.out = append(p.out, ':')
		p.out = appendEncoded(p.out, pass, &userinfoSet)
	}
	if len(p.out) > start {
		p.out = append(p.out, '@')
	}
	p.checkURLUnits(cred, p.authStart)
}

// hostState is the "host state" (and "hostname state").
func hostState(p *parser) state {
	i := p.hostBufferEnd()
	buf := p.in[p.bufStart:i]
	p.p = i
	// Step 2.1 (":") and step 3.1 (end of host): an empty host.
	if buf == "" && (p.special || p.c() == ':') {
		return p.fail("host-missing")
	}
	p.hostStart = len(p.out)
	if !p.parseHost(buf, !p.special, p.bufStart) {
		return done
	}
	p.hostEnd = len(p.out)
	if p.c() == ':' {
		// Step 2: the port follows.
		p.p++
		return sPortState
	}
	return sPathStartState
}

// hostBufferEnd returns where the host state's buffer ends: at ":" outside
// brackets (step 2), or at the end of the authority (step 3); step 4
// tracks insideBrackets.
func (p *parser) hostBufferEnd() int {
	host := p.in[p.p:p.authEnd]
	if strings.IndexByte(host, '[') < 0 {
		if i := strings.IndexByte(host, ':'); i >= 0 {
			return p.p + i
		}
		return p.authEnd
	}
	insideBrackets := false
	i := p.p
	for ; i < p.authEnd; i++ {
		c := p.in[i]
		if c == ':' && !insideBrackets {
			break
		}
		switch c {
		case '[':
			insideBrackets = true
		case ']':
			insideBrackets = false
		}
	}
	return i
}

// portState is the "port state".
func portState(p *parser) state {
	// Step 1: digits.
	i := p.p
	port := 0
	for ; i < len(p.in) && isDigit(p.in[i]); i++ {
		if port <= 65535 {
			port = port*10 + int(p.in[i]-'0')
		}
	}
	start := p.p
	p.p = i
	// Step 2: the end of the port.
	if c := p.c(); !(c == -1 || c == '/' || c == '?' || c == '#' || c == '\\' && p.special) {
		// Step 3.
		return p.fail("port-invalid")
	}
	if i > start {
		if port > 65535 {
			p.p = start
			return p.fail("port-out-of-range")
		}
		if port != DefaultPort(string(p.out[:p.schemeEnd])) {
			p.out = append(p.out, ':')
			p.out = appendUint(p.out, uint64(port))
		}
	}
	return sPathStartState
}

// fileState is the "file state".
func fileState(p *parser) state {
	// Steps 1-2: the scheme "file" and the empty host.
	if len(p.out) == 0 {
		p.out = append(p.out, "file:"...)
		p.setScheme(4)
	}
	p.out = append(p.out, '/', '/')
	p.userEnd, p.hostStart, p.hostEnd = len(p.out), len(p.out), len(p.out)
	p.kind = Empty
	// Step 3.
	if c := p.c(); c == '/' || c == '\\' {
		p.isSlash(c)
		p.p++
		return sFileSlashState
	}
	// Step 5.
	if b := &p.base; !p.hasBase || b.Scheme() != "file" {
		p.pathStart = len(p.out)
		return sPathState
	}
	return fileWithBase(p)
}

// fileWithBase is step 4 of the file state: a base whose scheme is file.
func fileWithBase(p *parser) state {
	b := &p.base
	// Step 4.1: the base's host, path and query.
	p.copyBaseHost()
	p.pathStart = len(p.out)
	p.out = append(p.out, b.Href[b.PathStart:b.QueryStart]...)
	pathEnd := len(p.out)
	switch c := p.c(); c {
	case '?': // Step 4.2.
		p.p++
		return p.startQuery()
	case '#': // Step 4.3.
		p.copyBaseQuery()
		p.p++
		return p.startFragment()
	case -1:
		p.copyBaseQuery()
		return done
	}
	// Step 4.4.
	p.out = p.out[:pathEnd]
	if !startsWithDriveLetter(p.in[p.p:]) {
		p.shortenPath()
	} else {
		p.verr("file-invalid-Windows-drive-letter", p.p)
		p.out = p.out[:p.pathStart]
	}
	return sPathState
}

func (p *parser) copyBaseQuery() {
	if b := &p.base; b.HasQuery() {
		p.queryStart = len(p.out)
		p.out = append(p.out, b.Href[b.QueryStart:b.FragStart]...)
	}
}

// copyBaseHost sets the host to the base's (a file URL: no credentials,
// no port).
func (p *parser) copyBaseHost() {
	b := &p.base
	p.out = append(p.out[:p.hostStart], b.Href[b.HostStart:b.HostEnd]...)
	p.hostEnd = len(p.out)
	p.kind = b.Kind
}

// fileSlashState is the "file slash state".
func fileSlashState(p *parser) state {
	// Step 1.
	if c := p.c(); c == '/' || c == '\\' {
		p.isSlash(c)
		p.p++
		p.bufStart = p.p
		return sFileHostState
	}
	// Step 2: a file base gives its host, and its drive letter unless
	// the input starts with one.
	b := &p.base
	if !p.hasBase || b.Scheme() != "file" {
		p.pathStart = len(p.out)
		return sPathState
	}
	p.copyBaseHost()
	p.pathStart = len(p.out)
	first := b.Href[b.PathStart:b.QueryStart]
	if len(first) >= 3 && isNormalizedDriveLetter(first[1:3]) && (len(first) == 3 || first[3] == '/') &&
		!startsWithDriveLetter(p.in[p.p:]) {
		p.out = append(p.out, first[:3]...)
	}
	return sPathState
}

// fileHostState is the "file host state".
func fileHostState(p *parser) state {
	i := p.p
	for i < len(p.in) && !strings.ContainsRune("/\\?#", rune(p.in[i])) {
		i++
	}
	buf := p.in[p.bufStart:i]
	p.p = i
	// Step 1.2: a Windows drive letter is the path's first segment.
	if isDriveLetter(buf) {
		p.verr("file-invalid-Windows-drive-letter-host", p.bufStart)
		p.pathStart = len(p.out)
		p.p = p.bufStart
		return sPathState
	}
	// Step 1.3: the empty host.
	if buf == "" {
		return sPathStartState
	}
	// Step 1.4: a host, "localhost" being the empty host.
	if !p.parseHost(buf, false, p.bufStart) {
		return done
	}
	if string(p.out[p.hostStart:]) == "localhost" {
		p.out = p.out[:p.hostStart]
		p.kind = Empty
	}
	p.hostEnd = len(p.out)
	return sPathStartState
}

// pathStartState is the "path start state".
func pathStartState(p *parser) state {
	p.pathStart = len(p.out)
	c := p.c()
	switch {
	case p.special:
		// Step 1.
		if p.isSlash(c) {
			p.p++
		}
		return sPathState
	case c == '?':
		// Step 2.
		p.p++
		return p.startQuery()
	case c == '#':
		// Step 3.
		p.p++
		return p.startFragment()
	case c != -1:
		// Step 4.
		if c == '/' {
			p.p++
		}
		return sPathState
	}
	// Step 5 applies to a state override only.
	return done
}

// pathState is the "path state": it reads one path segment, then acts on
// the code point that ends it (step 1), and goes on with the next segment
// after a "/".
func pathState(p *parser) state {
	for {
		p.out = append(p.out, '/')
		// Step 2: the segment's code points, percent-encoded (and the
		// segments before it that step 1 only appends).
		start := p.p
		var segStart int
		p.p, segStart = p.appendSegments(len(p.out) - 1)
		p.checkURLUnits(p.in[start:p.p], start)
		c := p.c()
		slash := p.isSlash(c)
		p.endSegment(segStart, slash)
		switch {
		case slash:
			p.p++
		case c == '?':
			p.p++
			return p.startQuery()
		case c == '#':
			p.p++
			return p.startFragment()
		default:
			return done
		}
	}
}

// stopSet returns the code points that end an authority, a host or a
// path segment: "/", "?", "#", and "\" in a special URL.
func (p *parser) stopSet() *[256]bool {
	if p.special {
		return &specialPathStop
	}
	return &pathStop
}

// appendSegments writes the path segment at p.p, percent-encoded with the
// path percent-encode set (path state, step 2), and the segments that
// follow it as long as step 1 would only append them; it returns where
// the last one ends in p.in, and where it starts in p.out (its "/"),
// given segStart, where the first one starts.
func (p *parser) appendSegments(segStart int) (end, lastSegStart int) {
	class := &pathClass
	if p.special {
		class = &specialPathClass
	}
	in := p.in
	i, run, seg := p.p, p.p, p.p
	for i < len(in) {
		k := class[in[i]]
		if k == 0 {
			i++
			continue
		}
		if k == 2 {
			// A "/" after a segment that is no dot segment (it does not
			// begin with "." or "%") and no drive letter (not file):
			// step 1 appends the segment, and the next one begins.
			if in[i] != '/' || p.file || i > seg && (in[seg] == '.' || in[seg] == '%') {
				break
			}
			segStart = len(p.out) + i - run
			i++
			seg = i
			continue
		}
		p.out = append(p.out, in[run:i]...)
		n := 1
		if in[i] >= utf8.RuneSelf {
			_, n = utf8.DecodeRuneInString(in[i:])
		}
		p.out = appendEncoded(p.out, in[i:i+n], &pathSet)
		i += n
		run = i
	}
	p.out = append(p.out, in[run:i]...)
	return i, segStart
}

// pathClass classes the bytes of a path segment: 0 copied, 1 encoded
// (the path percent-encode set), 2 the end of the segment.
var pathClass, specialPathClass [256]uint8

func initPathClass() {
	for c := range 256 {
		switch {
		case pathStop[c]:
			pathClass[c] = 2
		case pathSet[c]:
			pathClass[c] = 1
		}
	}
	specialPathClass = pathClass
	specialPathClass['\\'] = 2
}

var pathStop, specialPathStop [256]bool

func init() {
	pathStop['/'], pathStop['?'], pathStop['#'] = true, true, true
	specialPathStop = pathStop
	specialPathStop['\\'] = true
	initPathClass() // after the percent-encode sets
}

// endSegment is step 1 of the path state for the segment written at
// out[segStart:] ("/" and the buffer), ended by a slash or not.
func (p *parser) endSegment(segStart int, slash bool) {
	buf := p.out[segStart+1:]
	if len(buf) > 6 || len(buf) > 0 && buf[0] != '.' && buf[0] != '%' && !p.file {
		return // neither a dot segment nor a drive letter
	}
	switch {
	case isDoubleDot(buf):
		// Step 1.2.
		p.out = p.out[:segStart]
		p.shortenPath()
		if !slash {
			p.out = append(p.out, '/')
		}
	case isSingleDot(buf):
		// Steps 1.3-1.4.
		if slash {
			p.out = p.out[:segStart]
		} else {
			p.out = p.out[:segStart+1]
		}
	case p.file && segStart == p.pathStart && len(buf) == 2 && isDriveLetter(string(buf)):
		// Step 1.4.1: the drive letter normalized.
		buf[1] = ':'
	}
}

func isSingleDot(b []byte) bool {
	return len(b) == 1 && b[0] == '.' || len(b) == 3 && b[0] == '%' && b[1] == '2' && b[2]|0x20 == 'e'
}

func isDoubleDot(b []byte) bool {
	switch len(b) {
	case 2:
		return b[0] == '.' && b[1] == '.'
	case 4:
		return isSingleDot(b[:1]) && isSingleDot(b[1:]) || isSingleDot(b[:3]) && isSingleDot(b[3:])
	case 6:
		return isSingleDot(b[:3]) && isSingleDot(b[3:])
	}
	return false
}

// isDriveLetter reports a Windows drive letter (URL Standard, section
// 4.2): an ASCII alpha and ":" or "|".
func isDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

func isNormalizedDriveLetter(s string) bool { return isDriveLetter(s) && s[1] == ':' }

// startsWithDriveLetter is "starts with a Windows drive letter".
func startsWithDriveLetter(s string) bool {
	if len(s) < 2 || !isDriveLetter(s[:2]) {
		return false
	}
	return len(s) == 2 || strings.IndexByte("/\\?#", s[2]) >= 0
}

// shortenPath is the URL Standard's "shorten a URL's path".
func (p *parser) shortenPath() {
	path := p.out[p.pathStart:]
	// Step 2: a file URL keeps a lone normalized drive letter.
	if p.file && len(path) == 3 && isNormalizedDriveLetter(string(path[1:])) {
		return
	}
	// Step 3.
	if i := bytes.LastIndexByte(path, '/'); i >= 0 {
		p.out = p.out[:p.pathStart+i]
	}
}

// opaquePathState is the "opaque path state".
func opaquePathState(p *parser) state {
	i := p.p
	for i < len(p.in) && p.in[i] != '?' && p.in[i] != '#' {
		i++
	}
	seg := p.in[p.p:i]
	p.checkURLUnits(seg, p.p)
	// Step 3: a space before "?" or "#" is "%20".
	if i < len(p.in) && strings.HasSuffix(seg, " ") {
		p.out = appendEncoded(p.out, seg[:len(seg)-1], &c0Set)
		p.out = append(p.out, "%20"...)
	} else {
		p.out = appendEncoded(p.out, seg, &c0Set)
	}
	p.p = i
	switch p.c() {
	case '?': // Step 1.
		p.p++
		return p.startQuery()
	case '#': // Step 2.
		p.p++
		return p.startFragment()
	}
	return done
}

// startQuery sets the query to the empty string and enters the query
// state.
func (p *parser) startQuery() state {
	p.queryStart = len(p.out)
	p.out = append(p.out, '?')
	return sQueryState
}

// queryState is the "query state" (with the encoding UTF-8).
func queryState(p *parser) state {
	i := strings.IndexByte(p.in[p.p:], '#')
	if i < 0 {
		i = len(p.in)
	} else {
		i += p.p
	}
	q := p.in[p.p:i]
	p.checkURLUnits(q, p.p)
	// Step 2: the buffer, percent-encoded.
	set := &querySet
	if p.special {
		set = &specialQuerySet
	}
	p.out = appendEncoded(p.out, q, set)
	p.p = i
	if p.c() == '#' {
		p.p++
		return p.startFragment()
	}
	return done
}

// startFragment sets the fragment to the empty string and enters the
// fragment state.
func (p *parser) startFragment() state {
	p.fragStart = len(p.out)
	p.out = append(p.out, '#')
	return sFragmentState
}

// fragmentState is the "fragment state".
func fragmentState(p *parser) state {
	f := p.in[p.p:]
	p.checkURLUnits(f, p.p)
	p.out = appendEncoded(p.out, f, &fragmentSet)
	p.p = len(p.in)
	return done
}

// checkURLUnits reports the validation errors "invalid-URL-unit" of s,
// at offset at of p.in: code points that are not URL code points, and
// "%" not followed by two ASCII hex digits.
func (p *parser) checkURLUnits(s string, at int) {
	if p.errs != nil {
		p.checkURLUnitsSlow(s, at)
	}
}

func (p *parser) checkURLUnitsSlow(s string, at int) {
	for i := 0; i < len(s); {
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

// finish completes the URL: the null query and fragment offsets, the "/."
// the URL serializer writes before a path beginning with "//" in a URL
// without host (URL Standard, "URL serializing", step 3), and the href, which
// is the input itself when they are equal.
func (p *parser) finish(input string) (Record, error) {
	end := len(p.out)
	if p.fragStart < 0 {
		p.fragStart = end
	}
	if p.queryStart < 0 {
		p.queryStart = p.fragStart
	}
	if p.kind == NoHost && !p.opaque && p.queryStart-p.pathStart > 1 &&
		p.out[p.pathStart] == '/' && p.out[p.pathStart+1] == '/' {
		p.out = append(p.out, '/', '.')
		copy(p.out[p.pathStart+2:], p.out[p.pathStart:end])
		p.out[p.pathStart], p.out[p.pathStart+1] = '/', '.'
		p.pathStart += 2
		p.queryStart += 2
		p.fragStart += 2
	}
	if len(p.out) > MaxHref {
		return Record{}, &Error{Offset: 0, Kind: "too-long"}
	}
	u := Record{
		SchemeEnd: uint32(p.schemeEnd), UserEnd: uint32(p.userEnd),
		HostStart: uint32(p.hostStart), HostEnd: uint32(p.hostEnd), PathStart: uint32(p.pathStart),
		QueryStart: uint32(p.queryStart), FragStart: uint32(p.fragStart),
		Kind: p.kind, OpaquePath: p.opaque,
	}
	switch {
	case string(p.out) == input:
		u.Href = input
	case p.ownBuffer:
		u.Href = unsafe.String(unsafe.SliceData(p.out), len(p.out)) // out is never written again
	default:
		u.Href = string(p.out)
	}
	return u, nil
}
