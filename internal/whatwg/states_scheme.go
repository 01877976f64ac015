package whatwg

import (
	"strconv"
	"strings"
)

// The states of the basic URL parser (URL Standard, "URL parsing") from
// "scheme start state" to "port state": the scheme, the relative and
// special-authority states, and the authority, host and port. parser.go
// runs them.

// schemeStartState is the "scheme start state".
func schemeStartState(p *parser) state {
	// Step 1: an ASCII alpha starts the scheme.
	if c := p.c(); c >= 0 && isAlpha(byte(c)) {
		p.bufStart = p.p
		return schemeState(p)
	}
	// Step 2: otherwise no scheme, when there is no state override.
	if p.override == done {
		return sNoSchemeState
	}
	// Step 3: failure, given a state override.
	return p.fail(overrideFailure)
}

// schemeState is the "scheme state".
func schemeState(p *parser) state {
	// Step 1: ASCII alphanumerics, "+", "-" and "." go to the buffer,
	// lower-cased (an upper-case letter stops the scan: upper).
	i := scan(p.in, p.p, &schemeClass)
	upper := false
	for i < len(p.in) && schemeClass[p.in[i]] == schemeUpper {
		upper = true
		i = scan(p.in, i+1, &schemeClass)
	}
	// Step 3: anything but ":" starts over in the no scheme state, or
	// is failure given a state override.
	if i == len(p.in) || p.in[i] != ':' {
		if p.override != done {
			return p.fail(overrideFailure)
		}
		p.p = 0
		return sNoSchemeState
	}
	// Steps 2.1-2.3: given a state override, the protocol setter.
	if p.override != done {
		return p.overrideScheme(p.in[p.bufStart:i])
	}
	// Step 2: ":" ends the scheme.
	if upper {
		p.own()
	}
	p.appendIn(p.bufStart, i+1)
	if upper {
		for j := range p.out {
			if c := p.out[j]; 'A' <= c && c <= 'Z' {
				p.out[j] = c + 'a' - 'A'
			}
		}
	}
	p.setScheme(p.outLen() - 1)
	p.p = i + 1
	if p.special && !p.file && !p.hasBase {
		// Step 2.8 (schemeNext), without a call.
		return specialAuthoritySlashesState(p)
	}
	return p.schemeNext()
}

// schemeNext is steps 2.6-2.10 of the scheme state: the state after the
// scheme.
func (p *parser) schemeNext() state {
	switch {
	case p.file:
		// Step 2.6.
		if !strings.HasPrefix(p.in[p.p:], "//") {
			p.verr("special-scheme-missing-following-solidus", p.p)
		}
		return sFileState
	case p.special && p.hasBase && p.base.Scheme() == p.outString(0, p.schemeEnd):
		// Step 2.7.
		return sSpecialRelativeOrAuthorityState
	case p.special:
		// Step 2.8.
		return specialAuthoritySlashesState(p)
	case strings.HasPrefix(p.in[p.p:], "/"):
		// Step 2.9.
		p.p++
		return sPathOrAuthorityState
	}
	// Step 2.10: an opaque path.
	p.noHost()
	p.opaque = true
	p.pathStart = p.outLen()
	return sOpaquePathState
}

// overrideScheme is step 2 of the scheme state given a state override
// (the protocol setter): buf, the scheme read, replaces the scheme of
// p.url unless steps 2.1.1-2.1.4 return; p.out becomes the whole href.
func (p *parser) overrideScheme(buf string) state {
	p.own()
	u := &p.url
	scheme := strings.ToLower(buf)
	credentials := u.Username() != "" || u.Password() != ""
	switch {
	case u.Special() && !IsSpecial(scheme), // Step 2.1.1.
		!u.Special() && IsSpecial(scheme),                   // Step 2.1.2.
		scheme == "file" && (credentials || u.Port() != ""), // Step 2.1.3.
		u.Scheme() == "file" && u.Kind == Empty:             // Step 2.1.4.
		return p.fail(overrideFailure)
	}
	// Step 2.2: the scheme.
	p.out = append(p.out[:0], scheme...)
	p.setScheme(len(p.out))
	// Step 2.3.1: the new scheme's default port becomes null.
	if port := u.Port(); port != "" && port == strconv.Itoa(DefaultPort(scheme)) {
		p.appendRest(u, cUser, int(u.SchemeEnd), int(u.HostEnd))
		p.appendRest(u, cPath, int(u.PathStart), len(u.Href))
	} else {
		p.appendRest(u, cUser, int(u.SchemeEnd), len(u.Href))
	}
	// Step 2.3.2.
	return done
}

// appendPort appends ":" and the port, read from the input at colon
// (its ":").
func (p *parser) appendPort(colon, port int) {
	var b [8]byte
	s := appendUint(append(b[:0], ':'), uint64(port))
	if p.lazy && colon == p.n && string(s) == p.in[colon:colon+len(s)] {
		p.n += len(s)
		return
	}
	p.own()
	p.out = append(p.out, s...)
}

// endsPort reports c being the EOF code point, "/", "?", "#", or "\" in a
// special URL (port state, step 2).
func (p *parser) endsPort(c int) bool {
	return c == -1 || c == '/' || c == '?' || c == '#' || c == '\\' && p.special
}

// schemeClass classes the bytes of the scheme state: 0 for the ASCII
// lower alphas, digits, "+", "-" and ".", schemeUpper for the upper alphas,
// schemeOther for the others.
var schemeClass byteClass

const (
	schemeUpper = 1 + iota
	schemeOther
)

func init() {
	for c := range 256 {
		switch b := byte(c); {
		case 'A' <= b && b <= 'Z':
			schemeClass[c] = schemeUpper
		case !isAlpha(b) && !isDigit(b) && b != '+' && b != '-' && b != '.':
			schemeClass[c] = schemeOther
		}
	}
}

// setScheme records the scheme, out[:end].
func (p *parser) setScheme(end int) {
	p.schemeEnd = end
	p.special, p.file = false, false
	if end < 2 || end > 5 {
		return // no special scheme is shorter or longer
	}
	switch p.outString(0, end) {
	case "http", "https", "ws", "wss", "ftp":
		p.special = true
	case "file":
		p.special, p.file = true, true
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
	p.own()
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
	p.own()
	p.out = p.out[:0]
	return sRelativeState
}

// pathOrAuthorityState is the "path or authority state".
func pathOrAuthorityState(p *parser) state {
	if p.c() == '/' {
		p.p++
		p.startAuthority()
		return sAuthorityState
	}
	p.noHost()
	p.pathStart = p.outLen()
	return sPathState
}

// relativeState is the "relative state".
func relativeState(p *parser) state {
	// Steps 1-2: the base's scheme.
	p.own()
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
	p.own()
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
		p.startAuthority()
		return sAuthorityState
	}
	// Step 3.
	p.copyBaseAuthority()
	p.pathStart = len(p.out) // owned by copyBaseAuthority
	return sPathState
}

// specialAuthoritySlashesState is the "special authority slashes state".
func specialAuthoritySlashesState(p *parser) state {
	if p.c() == '/' && p.remainingStartsWith("/") {
		p.p += 2
	} else {
		p.verr("special-scheme-missing-following-solidus", p.p)
	}
	return specialAuthorityIgnoreSlashesState(p)
}

// specialAuthorityIgnoreSlashesState is the "special authority ignore
// slashes state".
func specialAuthorityIgnoreSlashesState(p *parser) state {
	for c := p.c(); c == '/' || c == '\\'; c = p.c() {
		p.verr("special-scheme-missing-following-solidus", p.p)
		p.p++
	}
	if p.p >= 2 && p.in[p.p-2:p.p] == "//" {
		// startAuthority, its "//" written from the slashes just read
		// (appendIn inlines).
		p.appendIn(p.p-2, p.p)
		p.authStart = p.p
	} else {
		p.startAuthority()
	}
	return authorityState(p)
}

// startAuthority readies the authority state: the URL has a host, written
// after "//".
func (p *parser) startAuthority() {
	p.appendString("//")
	p.authStart = p.p
}

// authorityState is the "authority state": it reads up to the end of the
// authority ("/", "?", "#", "\" in a special URL, or EOF), reporting each
// "@" (step 1), then writes the credentials of the text before its last
// "@". In a special URL it also records in p.hostBits what the text after
// the last "@" holds, the union of the classes of its bytes in
// specialAuthorityClass, so that the host state and the host parser read
// it without scanning it again.
func authorityState(p *parser) state {
	i, lastAt := p.p, -1
	if !p.special {
		i, lastAt = p.scanAuthority()
	} else {
		// The scan of specialAuthorityClass, as scan's but for the union
		// of the classes it reads past, which starts again after each "@".
		s, class, bits := p.in, &specialAuthorityClass, uint8(0)
		for {
			for ; i+4 <= len(s); i += 4 {
				b := s[i : i+4]
				u := class[b[0]] | class[b[1]] | class[b[2]] | class[b[3]]
				if u&authorityStop != 0 {
					break
				}
				bits |= u
			}
			for ; i < len(s) && class[s[i]]&authorityStop == 0; i++ {
				bits |= class[s[i]]
			}
			if i == len(s) || s[i] != '@' {
				break
			}
			p.verr("invalid-credentials", i)
			lastAt, bits = i, 0
			i++
		}
		if !p.reference {
			p.hostBits = bits | hostKnown
		}
	}
	p.authEnd = i
	p.userEnd = p.outLen()
	if lastAt >= 0 && !p.credentials(lastAt) {
		return done
	}
	// Step 2.2: the host state at the start of the host.
	p.bufStart = p.p
	return hostState(p)
}

// scanAuthority is the authority state's reading of the authority of a
// URL that is not special: it returns the end of the authority and the
// offset of its last "@" (-1: none).
func (p *parser) scanAuthority() (end, lastAt int) {
	lastAt = -1
	i := scan(p.in, p.p, &authorityClass)
	for ; i < len(p.in) && p.in[i] == '@'; i = scan(p.in, i+1, &authorityClass) {
		p.verr("invalid-credentials", i)
		lastAt = i
	}
	return i, lastAt
}

// credentials is steps 1.4 and 2.1 of the authority state given the last
// "@" of the authority, lastAt: the password's span, failure for an "@"
// that ends the authority, the credentials written, and p.p after the
// "@". It returns false on failure.
func (p *parser) credentials(lastAt int) bool {
	p.credEnd = lastAt
	if colon := strings.IndexByte(p.in[p.authStart:lastAt], ':'); colon >= 0 {
		p.pwBegin, p.pwEnd = p.authStart+colon+1, lastAt
	}
	// Step 2.1: "@" with nothing after it.
	if lastAt+1 == p.authEnd {
		p.p = p.authEnd
		p.fail("host-missing")
		return false
	}
	p.writeCredentials(p.in[p.authStart:lastAt])
	p.p = lastAt + 1
	return true
}

// authorityClass marks the bytes the authority state stops at in a URL
// that is not special: "@" and those that end the authority (stopSet).
// specialAuthorityClass has the bit authorityStop for those of a special
// URL, and classes the others for the host state and the host parser:
// the bits of domainClass, but for ":" (hostColon, not domainRefused),
// and hostBracket with domainRefused for "[".
var authorityClass, specialAuthorityClass byteClass

const (
	hostColon = domainUpper << (1 + iota)
	hostBracket
	authorityStop
	// hostKnown marks p.hostBits set by the authority state.
	hostKnown
)

func initAuthorityClass() {
	authorityClass = pathStop
	authorityClass['@'] = 1
	specialAuthorityClass = domainClass
	for c := range 256 {
		if specialPathStop[c] != 0 {
			specialAuthorityClass[c] = authorityStop
		}
	}
	specialAuthorityClass['@'] = authorityStop
	specialAuthorityClass[':'] = hostColon
	specialAuthorityClass['['] = hostBracket | domainRefused
}

// writeCredentials writes the username and password of cred, the text
// before the last "@" (authority state, step 1.4), and the "@" the
// serializer writes when either is not empty.
func (p *parser) writeCredentials(cred string) {
	p.own()
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
	// The authority state reports no invalid-URL-unit for the userinfo.
}

// hostState is the "host state" (and "hostname state").
func hostState(p *parser) state {
	// Step 1: given a state override, a file URL's host is read by the
	// file host state.
	if p.override != done && p.file {
		return sFileHostState
	}
	// Steps 2-4: the buffer, up to the end of the authority when the
	// authority state found neither ":" nor "[" in it (hostBits).
	i := p.authEnd
	if bits := p.hostBits; bits&hostKnown == 0 || bits&(hostColon|hostBracket) != 0 {
		i = p.hostBufferEnd()
	}
	buf := p.in[p.bufStart:i]
	p.p = i
	port := p.c() == ':'
	if buf == "" || port && p.override != done {
		if kind := p.hostRefused(buf, port); kind != "" {
			return p.fail(kind)
		}
	}
	p.hostStart = p.outLen()
	if !p.parseHost(buf, !p.special, p.bufStart) {
		return done
	}
	p.hostEnd = p.outLen()
	p.hostSet = true
	if port {
		// Step 2.5: the port follows.
		p.p++
		return sPortState
	}
	// Step 3.5: given a state override, return.
	if p.override != done {
		return done
	}
	if p.validate {
		return sPathStartState // where CanParse's run stops
	}
	return pathStartState(p)
}

// hostRefused returns the failure of the host state for buf, ended by ":"
// when port is set, before it is host-parsed, or "". It has none for a
// buf that is not empty unless port is set given a state override.
func (p *parser) hostRefused(buf string, port bool) string {
	switch {
	case buf == "" && (p.special || port):
		// Steps 2.1 (":") and 3.1 (end of host): an empty host.
		return "host-missing"
	case port && p.override == sHostnameState:
		// Step 2.2: the hostname setter sets no port.
		return overrideFailure
	case buf == "" && p.override != done && (p.url.Username() != "" || p.url.Password() != "" || p.url.Port() != ""):
		// Step 3.2: no empty host with credentials or a port, given a
		// state override.
		return overrideFailure
	}
	return ""
}

// hostBufferEnd returns where the host state's buffer ends: at ":" outside
// brackets (step 2), or at the end of the authority (step 3); step 4
// tracks insideBrackets.
func (p *parser) hostBufferEnd() int {
	host := p.in[:p.authEnd]
	i := scan(host, p.p, &hostBufferClass)
	if i == len(host) || host[i] == ':' {
		return i
	}
	insideBrackets := false
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
	// Step 2: the end of the port, or any code point given a state
	// override.
	if p.override == done && !p.endsPort(p.c()) {
		// Step 3.
		return p.fail("port-invalid")
	}
	if i > start {
		if port > 65535 {
			p.p = start
			return p.fail("port-out-of-range")
		}
		if port != DefaultPort(p.outString(0, p.schemeEnd)) {
			p.appendPort(start-1, port)
		}
		// Step 2.1.5: given a state override, return.
		if p.override != done {
			p.portSet = true
			return done
		}
	} else if p.override != done {
		// Step 2.2: no digit, given a state override, is failure.
		return p.fail(overrideFailure)
	}
	return sPathStartState
}
