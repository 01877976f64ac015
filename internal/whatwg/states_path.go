package whatwg

import (
	"strings"
	"unicode/utf8"
)

// The states of the basic URL parser (URL Standard, "URL parsing") from
// "file state" to "fragment state": file URLs, the path, the opaque path,
// the query and the fragment. parser.go runs them.

// fileState is the "file state".
func fileState(p *parser) state {
	// Steps 1-2: the scheme "file" and the empty host.
	if p.outLen() == 0 {
		p.appendString("file:")
		p.setScheme(4)
	}
	p.appendString("//")
	n := p.outLen()
	p.userEnd, p.hostStart, p.hostEnd = n, n, n
	p.kind = Empty
	// Step 3.
	if c := p.c(); c == '/' || c == '\\' {
		p.isSlash(c)
		p.p++
		return sFileSlashState
	}
	// Step 5.
	if b := &p.base; !p.hasBase || b.Scheme() != "file" {
		p.pathStart = p.outLen()
		return sPathState
	}
	return fileWithBase(p)
}

// fileWithBase is step 4 of the file state: a base whose scheme is file.
func fileWithBase(p *parser) state {
	p.own()
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
	p.own()
	if b := &p.base; b.HasQuery() {
		p.queryStart = len(p.out)
		p.out = append(p.out, b.Href[b.QueryStart:b.FragStart]...)
	}
}

// copyBaseHost sets the host to the base's (a file URL: no credentials,
// no port).
func (p *parser) copyBaseHost() {
	p.own()
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
		p.pathStart = p.outLen()
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
	// Step 1.2: a Windows drive letter is the path's first segment, when
	// there is no state override.
	if p.override == done && isDriveLetter(buf) {
		p.verr("file-invalid-Windows-drive-letter-host", p.bufStart)
		p.pathStart = p.outLen()
		p.p = p.bufStart
		p.driveEnd = p.p + 2
		return sPathState
	}
	// Step 1.3: the empty host.
	if buf == "" {
		p.kind, p.hostEnd = Empty, p.hostStart
		return p.hostDone()
	}
	// Step 1.4: a host, "localhost" being the empty host.
	if !p.parseHost(buf, false, p.bufStart) {
		return done
	}
	if p.outString(p.hostStart, p.outLen()) == "localhost" {
		p.truncate(p.hostStart)
		p.kind = Empty
	}
	p.hostEnd = p.outLen()
	return p.hostDone()
}

// hostDone ends the file host state once the host is set: given a state
// override, return (steps 1.3.2 and 1.4.5); otherwise the path start
// state.
func (p *parser) hostDone() state {
	if p.override != done {
		p.hostSet = true
		return done
	}
	return sPathStartState
}

// pathStartState is the "path start state".
func pathStartState(p *parser) state {
	p.pathStart = p.outLen()
	c := p.c()
	switch {
	case p.special:
		// Step 1.
		if p.isSlash(c) {
			p.p++
		}
		return pathState(p)
	case c == '?' && p.override == done:
		// Step 2.
		p.p++
		return p.startQuery()
	case c == '#' && p.override == done:
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
	// Step 5: given a state override, a URL without host gets the path
	// of one empty segment.
	if p.override != done && p.kind == NoHost {
		p.appendByte('/')
	}
	return done
}

// pathState is the "path state": it reads one path segment, then acts on
// the code point that ends it (step 1), and goes on with the next segment
// after a "/".
func pathState(p *parser) state {
	for {
		// The "/" that starts the segment, as appendByte('/') writes it,
		// from the input when the slash just read is one (appendIn
		// inlines).
		if p.p > 0 && p.in[p.p-1] == '/' {
			p.appendIn(p.p-1, p.p)
		} else {
			p.appendByte('/')
		}
		// Step 2: the segment's code points, percent-encoded (and the
		// segments before it that step 1 only appends).
		start := p.p
		var segStart int
		p.p, segStart = p.appendSegments(p.outLen() - 1)
		// The drive letter the file host state leaves in the buffer has
		// not been read by this state's step 2 (no invalid-URL-unit for
		// the "|" of "file://C|/").
		start = max(start, p.driveEnd)
		p.checkURLUnits(p.in[start:max(start, p.p)], start)
		c := p.c()
		slash := p.isSlash(c)
		if segStart >= 0 {
			p.endSegment(segStart, slash)
		}
		switch {
		case slash:
			p.p++
		case c == '?':
			p.p++
			p.startQuery()
			return queryState(p)
		case c == '#':
			p.p++
			p.startFragment()
			return fragmentState(p)
		default:
			return done
		}
	}
}

// stopSet returns the code points that end an authority, a host or a
// path segment: "/", "?", "#", and "\" in a special URL.
func (p *parser) stopSet() *byteClass {
	if p.special {
		return &specialPathStop
	}
	return &pathStop
}

// appendSegments writes the path segment at p.p, percent-encoded with the
// path percent-encode set (path state, step 2), and the segments that
// follow it as long as step 1 would only append them; it returns where
// the last one ends in p.in, and where it starts in p.out (its "/"),
// given segStart, where the first one starts; or -1 for a last segment
// that step 1 only appends, being neither a dot segment nor a drive letter
// (appendPlainSegments).
func (p *parser) appendSegments(segStart int) (end, lastSegStart int) {
	i, run, seg := p.p, p.p, p.p
	if !p.file && p.override == done && !p.reference {
		var last bool
		if i, run, segStart, last = p.appendPlainSegments(segStart); last {
			return i, segStart
		}
		seg = i
	}
	class := &pathClass[p.overrideIndex()]
	if p.special {
		class = &specialPathClass[p.overrideIndex()]
	}
	in := p.in
	for {
		i = scan(in, i, class)
		if i == len(in) {
			break
		}
		c := in[i]
		if class[c] == 2 {
			// A "/" after a segment that is no dot segment (it does not
			// begin with "." or "%") and no drive letter (not file):
			// step 1 appends the segment, and the next one begins.
			if c != '/' || p.file || i > seg && (in[seg] == '.' || in[seg] == '%') {
				break
			}
			segStart = p.outLen() + i - run
			i++
			seg = i
			continue
		}
		i = p.appendPathCodePoint(run, i)
		run = i
	}
	p.appendIn(run, i)
	return i, segStart
}

// appendPathCodePoint appends in[run:i], then the code point at i
// percent-encoded with the path percent-encode set (path state, step 2.3:
// UTF-8 percent-encode c using the path percent-encode set), and returns
// the offset after that code point.
func (p *parser) appendPathCodePoint(run, i int) int {
	p.appendIn(run, i)
	n := 1
	if p.in[i] >= utf8.RuneSelf {
		_, n = utf8.DecodeRuneInString(p.in[i:])
	}
	p.appendEncodedIn(i, i+n, &pathSet)
	return i + n
}

// appendPlainSegments is appendSegments over the segments at p.p that
// are no dot segment, in a URL that is not file and without a state
// override: "/" does not stop its scan, as step 1 of the path state only
// appends such a segment; a "." or "%" that begins a segment (a dot
// segment may follow) does. It returns last set, with the offset where
// the segments end in p.in and -1 (the last segment is no dot segment,
// and the URL is not file: step 1 only appends it), when it has written
// them all; otherwise the offset in p.in of
// the segment that may be a dot segment, the start of the run of p.in
// not yet written (run) and the offset its "/" will have in p.out, for
// appendSegments to go on a segment at a time.
func (p *parser) appendPlainSegments(segStart int) (i, run, lastSegStart int, last bool) {
	class := &plainPathClass
	if p.special {
		class = &specialPlainPathClass
	}
	in := p.in
	i, run = p.p, p.p
scanning:
	for {
		i = scan(in, i, class)
		if i == len(in) {
			break
		}
		c := in[i]
		switch class[c] {
		case plainEncode:
			i = p.appendPathCodePoint(run, i)
			run = i
		case plainDot:
			if i > p.p && in[i-1] != '/' {
				i++ // inside a segment
				continue
			}
			if i > p.p {
				segStart = p.outLen() + i - 1 - run
			}
			return i, run, segStart, false
		default:
			break scanning // the end of the path
		}
	}
	p.appendIn(run, i)
	return i, run, -1, true
}

// plainPathClass and specialPlainPathClass class the bytes for
// appendPlainSegments: 0 copied ("/" included), plainEncode for the path
// percent-encode set, plainDot for "." and "%", plainEnd for the bytes
// that end the path ("?", "#", and "\" in a special URL).
var plainPathClass, specialPlainPathClass byteClass

const (
	plainEncode = 1 + iota
	plainEnd
	plainDot
)

// pathClass classes the bytes of a path segment: 0 copied, 1 encoded
// (the path percent-encode set), 2 the end of the segment. Its second
// table is for the path state given a state override, where "?" and "#"
// are code points of the segment (step 1: "state override is not given
// and c is U+003F (?) or U+0023 (#)").
var pathClass, specialPathClass [2]byteClass

func initPathClass() {
	for c := range 256 {
		switch {
		case pathStop[c] != 0:
			pathClass[0][c] = 2
		case pathSet[c] != 0:
			pathClass[0][c] = 1
		}
	}
	plainPathClass = pathClass[0]
	plainPathClass['/'], plainPathClass['.'], plainPathClass['%'] = 0, plainDot, plainDot
	specialPlainPathClass = plainPathClass
	specialPlainPathClass['\\'] = plainEnd
	pathClass[1] = pathClass[0]
	pathClass[1]['?'], pathClass[1]['#'] = 1, 1
	for i := range specialPathClass {
		specialPathClass[i] = pathClass[i]
		specialPathClass[i]['\\'] = 2
	}
}

// overrideIndex is 1 given a state override, 0 otherwise.
func (p *parser) overrideIndex() int {
	if p.override != done {
		return 1
	}
	return 0
}

var pathStop, specialPathStop byteClass

func init() {
	pathStop['/'], pathStop['?'], pathStop['#'] = 1, 1, 1
	specialPathStop = pathStop
	specialPathStop['\\'] = 1
	initAuthorityClass() // after domainClass (host.go's init)
	initPathClass()      // after the percent-encode sets
}

// endSegment is step 1 of the path state for the segment written at
// out[segStart:] ("/" and the buffer), ended by a slash or not.
func (p *parser) endSegment(segStart int, slash bool) {
	buf := p.outString(segStart+1, p.outLen())
	if len(buf) > 6 || len(buf) > 0 && buf[0] != '.' && buf[0] != '%' && !p.file {
		return // neither a dot segment nor a drive letter
	}
	switch {
	case isDoubleDot(buf):
		// Step 1.2.
		p.truncate(segStart)
		p.shortenPath()
		if !slash {
			p.appendByte('/')
		}
	case isSingleDot(buf):
		// Steps 1.3-1.4.
		if slash {
			p.truncate(segStart)
		} else {
			p.truncate(segStart + 1)
		}
	case p.file && segStart == p.pathStart && len(buf) == 2 && isDriveLetter(buf):
		// Step 1.4.1: the drive letter normalized.
		p.own()
		p.out[segStart+2] = ':'
	}
}

// IsDotSegment reports whether seg is a single-dot URL path segment or a
// double-dot URL path segment (URL Standard, section 4.2, "URL miscellaneous"):
// ".", "..", or either with a "." written "%2e" or "%2E", which the path
// state removes (step 1.2, steps 1.3-1.4).
func IsDotSegment(seg string) bool { return isSingleDot(seg) || isDoubleDot(seg) }

func isSingleDot(b string) bool {
	return len(b) == 1 && b[0] == '.' || len(b) == 3 && b[0] == '%' && b[1] == '2' && b[2]|0x20 == 'e'
}

func isDoubleDot(b string) bool {
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
	path := p.outString(p.pathStart, p.outLen())
	// Step 2: a file URL keeps a lone normalized drive letter.
	if p.file && len(path) == 3 && isNormalizedDriveLetter(path[1:]) {
		return
	}
	// Step 3.
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		p.truncate(p.pathStart + i)
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
		p.appendEncodedIn(p.p, i-1, &c0Set)
		p.appendString("%20")
	} else {
		p.appendEncodedIn(p.p, i, &c0Set)
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

// startQuery sets the query to the empty string and returns the query
// state, which its caller returns or runs.
func (p *parser) startQuery() state {
	p.queryStart = p.outLen()
	p.appendByte('?')
	return sQueryState
}

// queryState is the "query state" (with the encoding UTF-8).
func queryState(p *parser) state {
	// Step 2: the buffer ends at "#" when there is no state override.
	i := -1
	if p.override == done {
		i = strings.IndexByte(p.in[p.p:], '#')
	}
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
	p.appendEncodedIn(p.p, i, set)
	p.p = i
	if p.c() == '#' {
		p.p++
		p.startFragment()
		return fragmentState(p)
	}
	return done
}

// startFragment sets the fragment to the empty string and returns the
// fragment state, which its caller returns or runs.
func (p *parser) startFragment() state {
	p.fragStart = p.outLen()
	p.appendByte('#')
	return sFragmentState
}

// fragmentState is the "fragment state".
func fragmentState(p *parser) state {
	f := p.in[p.p:]
	p.checkURLUnits(f, p.p)
	p.appendEncodedIn(p.p, len(p.in), &fragmentSet)
	p.p = len(p.in)
	return done
}
