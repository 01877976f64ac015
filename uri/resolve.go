package uri

import (
	"bytes"
	"strings"

	"github.com/specuri/specuri/internal/ascii"
)

// ResolveOptions selects the variant of reference resolution
// (RFC 3986 §5.2.2). The zero value is strict resolution, which [URI.ResolveReference]
// uses.
type ResolveOptions struct {
	// NonStrict ignores a scheme in the reference that equals the base's
	// (compared case-insensitively, §3.1), the backward-compatible
	// behaviour §5.2.2 allows for parsers "not strict": with a base
	// "http://a/b/c/d;p?q", "http:g" resolves to "http://a/b/c/g" instead
	// of "http:g".
	NonStrict bool
}

// ResolveReference resolves the URI reference ref against the base URI u
// (RFC 3986 §5.2) with strict transformation (§5.2.2): a reference with a
// scheme is taken as is, apart from its dot-segments. It is
// ResolveOptions{}.Resolve(u, ref).
//
// A base URI should be an absolute URI (§5.1); a base with a fragment is
// used without it (§5.2.2 never reads Base.fragment), and a base without a
// scheme yields a result without one. Bases without an authority follow
// the algorithm literally: "a:b/c" with "../d" gives "a:/d" (§5.2.4 rule
// 2C leaves the "/").
//
// One deliberate deviation from the literal algorithm keeps the result's
// structure: where it gives a path starting with "//" and no authority,
// "/." is written before the path ("a:/x" with ".//y" gives "a:/.//y", not
// "a://y", whose "y" would parse as an authority). In the same way, with a
// base without scheme (outside §5.1), a result whose first segment has a
// ":" gets "./" before it.
//
// The result is the recomposition of §5.3. Its components are taken from
// base and ref, which are valid, and placed in the result as they are: it
// is not parsed again, and it is the value [ParseReference] (or the
// [Syntax.ParseReference] of the extension it needs) gives for its string.
// A result longer than [MaxLength] (2^31-1 bytes, from a base and a
// reference that long together) is no URI: ResolveReference panics then,
// as strings.Repeat does on a result whose length overflows.
func (u URI) ResolveReference(ref URI) URI { return ResolveOptions{}.Resolve(u, ref) }

// Resolve resolves ref against base (RFC 3986 §5.2.2, §5.2.3, §5.2.4,
// §5.3) as o selects; see [URI.ResolveReference].
func (o ResolveOptions) Resolve(base, ref URI) (t URI) {
	if zoneAndIRI(base.syntax, ref.syntax) || int64(len(base.s))+int64(len(ref.s)) > MaxLength-3 {
		return o.resolveSpecial(base, ref)
	}
	o.resolve(&base, &ref, &t)
	return t
}

// resolveSpecial is Resolve for an IRI with a zone identifier on the
// other side, and for results that may be too long for a URI.
func (o ResolveOptions) resolveSpecial(base, ref URI) (t URI) {
	if zoneAndIRI(base.syntax, ref.syntax) {
		// No syntax has both zones and IRI characters: resolve the URI
		// that the IRI maps to (RFC 3987 §3.1: "there is no need to
		// define resolution separately on the IRI level").
		base, ref = base.ToURI(), ref.ToURI()
	}
	if int64(len(base.s))+int64(len(ref.s)) > MaxLength-3 {
		// The result may be longer than MaxLength, which no URI can
		// hold: the recomposition is parsed, and refParts.uri panics
		// on its TooLong error. (The result is at most 2 bytes longer
		// than base and ref: the "/" of §5.2.3 or the "/." or "./" of
		// the deviation are the only bytes not taken from them.)
		p := o.resolveParts(base, ref)
		return p.uri()
	}
	o.resolve(&base, &ref, &t)
	return t
}

// zoneAndIRI reports whether one of a and b is RFC6874 and the other
// RFC3987.
func zoneAndIRI(a, b Syntax) bool {
	return a == RFC6874 && b == RFC3987 || a == RFC3987 && b == RFC6874
}

// resolve is the transformation of RFC 3986 §5.2.2: it picks where each
// of T's components comes from, and the composer writes them into t (§5.3).
func (o ResolveOptions) resolve(base, ref, t *URI) {
	refScheme := ref.has&(1<<cScheme) != 0
	if o.NonStrict && refScheme && base.has&(1<<cScheme) != 0 {
		rs, _ := ref.component(cScheme)
		bs, _ := base.component(cScheme)
		// §5.2.2 "if ((not strict) and (R.scheme == Base.scheme))"
		refScheme = !strings.EqualFold(rs, bs)
	}
	rp := ref.spans[cPath] // the path is always defined
	refPath := ref.s[rp.begin:rp.end]
	c := composer{scheme: base, authority: base, query: ref, fragment: ref, pathHead: refPath, dots: true}
	switch {
	case refScheme:
		if !hasDotSegment(refPath) {
			*t = *ref // T is R, whose path remove_dot_segments keeps
			return
		}
		c.scheme, c.authority = ref, ref
	case ref.has&(1<<cAuthority) != 0:
		c.authority = ref
	case refPath == "":
		if ref.has&(1<<cQuery|1<<cFragment) == 0 {
			resolveEmpty(base, t) // T is Base without its fragment
			return
		}
		c.pathHead, c.dots = base.Path().s, false
		if ref.has&(1<<cQuery) == 0 {
			c.query = base
		}
	case refPath[0] == '/':
	default:
		c.pathHead, c.pathTail = mergeBase(base), refPath
	}
	iri := base.syntax == RFC3987 || ref.syntax == RFC3987
	if !c.composeExact(t, iri) {
		c.compose(t, iri)
	}
}

// component returns the optional component c of u and whether it is
// defined, reading u in place.
func (u *URI) component(c int) (string, bool) {
	if u.has&(1<<c) == 0 {
		return "", false
	}
	sp := u.spans[c]
	return u.s[sp.begin:sp.end], true
}

// resolveEmpty writes into t the base u without its fragment, the
// result of resolving an empty reference (RFC 3986 §5.2.2: T takes
// Base's path and query, R's undefined fragment): a prefix of u's string,
// with u's spans.
func resolveEmpty(u, t *URI) {
	*t = *u
	if u.has&(1<<cFragment) == 0 {
		return
	}
	t.s = u.s[:u.spans[cFragment].begin-1] // up to the "#"
	t.spans[cFragment] = span{}
	t.has &^= 1 << cFragment
	if t.syntax == RFC3987 && ascii.Is(t.s) {
		t.syntax = RFC3986 // the fragment held the only IRI characters
	}
}

// composeExact does what compose does, writing the result's string in
// one allocation of its exact size. A path that must be rewritten
// (remove_dot_segments, or a prefix before it without an authority) is
// rewritten in a buffer on the stack; when it is longer than composeBuf,
// composeExact writes nothing and returns false.
func (c *composer) composeExact(u *URI, iri bool) bool {
	sch, hasScheme := c.scheme.component(cScheme)
	auth, hasAuthority := c.authority.component(cAuthority)
	query, hasQuery := c.query.component(cQuery)
	frag, hasFragment := c.fragment.component(cFragment)
	var path []byte // the rewritten path, if any
	var prefix string
	kind := PathAbempty
	pathLen := len(c.pathHead) + len(c.pathTail)
	// The path is rewritten to remove its dot-segments (§5.2.4), or,
	// without an authority, to put a prefix before it (protectPrefix).
	if !hasAuthority || c.dots && hasDot(c.pathHead, c.pathTail) {
		if pathLen > composeBuf {
			return false
		}
		var arr [composeBuf]byte // zeroed only here
		path = append(append(arr[:0], c.pathHead...), c.pathTail...)
		if c.dots {
			path = path[:removeDotSegmentsInPlace(path)]
		}
		kind = pathKindOf(path, hasScheme, hasAuthority)
		if !hasAuthority {
			prefix = protectPrefix(path, hasScheme)
		}
		pathLen = len(prefix) + len(path)
	}
	n := optLen(sch, 1, hasScheme) + optLen(auth, 2, hasAuthority) + pathLen +
		optLen(query, 1, hasQuery) + optLen(frag, 1, hasFragment)
	*u = URI{pathKind: kind}
	var b strings.Builder
	b.Grow(n)
	if hasScheme {
		b.WriteString(sch)
		u.spans[cScheme] = span{0, int32(len(sch))}
		u.has |= 1 << cScheme
		b.WriteByte(':')
	}
	if hasAuthority {
		b.WriteString("//")
		c.copyAuthority(u, int32(b.Len()))
		b.WriteString(auth)
	}
	at := int32(b.Len())
	b.WriteString(prefix)
	if path != nil {
		b.Write(path)
	} else {
		b.WriteString(c.pathHead)
		b.WriteString(c.pathTail)
	}
	u.spans[cPath] = span{at, int32(b.Len())}
	if hasQuery {
		b.WriteByte('?')
		u.spans[cQuery] = span{int32(b.Len()), int32(b.Len() + len(query))}
		u.has |= 1 << cQuery
		b.WriteString(query)
	}
	if hasFragment {
		b.WriteByte('#')
		u.spans[cFragment] = span{int32(b.Len()), int32(b.Len() + len(frag))}
		u.has |= 1 << cFragment
		b.WriteString(frag)
	}
	u.s = b.String()
	if iri && u.syntax != RFC6874 && !ascii.Is(u.s) {
		u.syntax = RFC3987
	}
	return true
}

// hasDot reports whether the path head+tail has a ".": a path without one
// has no dot-segment (RFC 3986 §5.2.4).
func hasDot(head, tail string) bool {
	return strings.IndexByte(head, '.') >= 0 || strings.IndexByte(tail, '.') >= 0
}

// optLen returns the length of a component s with the delimiter of
// delim bytes that comes with it (RFC 3986 §5.3) if it is defined, else 0.
func optLen(s string, delim int, defined bool) int {
	if !defined {
		return 0
	}
	return len(s) + delim
}

// copyAuthority gives u the spans of c's authority and of its
// subcomponents, written at offset at, with its host's kind, and the
// syntax of a zone identifier (RFC 6874) if it has one.
func (c *composer) copyAuthority(u *URI, at int32) {
	src := c.authority
	shift := at - src.spans[cAuthority].begin
	for sub := cAuthority; sub <= cPort; sub++ {
		if src.has&(1<<sub) != 0 {
			sp := src.spans[sub]
			u.spans[sub] = span{sp.begin + shift, sp.end + shift}
		}
	}
	u.has |= src.has & (1<<cAuthority | 1<<cUserinfo | 1<<cHost | 1<<cPort)
	u.hostKind = src.hostKind
	if src.syntax == RFC6874 { // only a zone identifier makes it so
		u.syntax = RFC6874
	}
}

// mergeBase returns what §5.2.3 keeps of the base's path before a
// relative-path reference: "/" when the base has an authority and an
// empty path, else all of it up to its last "/", or nothing.
func mergeBase(base *URI) string {
	bp := base.Path().s
	if base.has&(1<<cAuthority) != 0 && bp == "" {
		return "/"
	}
	return bp[:strings.LastIndexByte(bp, '/')+1]
}

// hasDotSegment reports whether path has a "." or ".." segment, the only
// ones remove_dot_segments changes (RFC 3986 §5.2.4).
func hasDotSegment(path string) bool {
	for i := 0; i < len(path); i++ {
		if path[i] != '.' || i > 0 && path[i-1] != '/' {
			continue
		}
		if j := i + 1; j == len(path) || path[j] == '/' ||
			path[j] == '.' && (j+1 == len(path) || path[j+1] == '/') {
			return true
		}
	}
	return false
}

// resolveParts is the transformation of RFC 3986 §5.2.2, before §5.3, in
// the working form of §5.2.1, written as the RFC's pseudocode is: the
// tests hold Resolve to it.
func (o ResolveOptions) resolveParts(base, ref URI) refParts {
	r, b := refPartsOf(ref), refPartsOf(base)
	if o.NonStrict && r.hasScheme && b.hasScheme && strings.EqualFold(r.scheme, b.scheme) {
		r.hasScheme = false // §5.2.2 "if ((not strict) and (R.scheme == Base.scheme))"
	}
	var t refParts
	if r.hasScheme {
		t = r
		t.path = RemoveDotSegments(r.path)
	} else {
		if r.hasAuthority {
			t = r
			t.path = RemoveDotSegments(r.path)
		} else {
			if r.path == "" {
				t.path = b.path
				if r.hasQuery {
					t.query, t.hasQuery = r.query, true
				} else {
					t.query, t.hasQuery = b.query, b.hasQuery
				}
			} else {
				if strings.HasPrefix(r.path, "/") {
					t.path = RemoveDotSegments(r.path)
				} else {
					t.path = RemoveDotSegments(mergePaths(&b, r.path))
				}
				t.query, t.hasQuery = r.query, r.hasQuery
			}
			// T.authority = Base.authority
			t.userinfo, t.hasUserinfo = b.userinfo, b.hasUserinfo
			t.host, t.hasAuthority = b.host, b.hasAuthority
			t.port, t.hasPort = b.port, b.hasPort
		}
		t.scheme, t.hasScheme = b.scheme, b.hasScheme
	}
	t.fragment, t.hasFragment = r.fragment, r.hasFragment
	t.syntax = max(r.syntax, b.syntax)
	t.protectPath() // the deviation documented on ResolveReference
	return t
}

// mergePaths merges a relative-path reference with the base's path
// (RFC 3986 §5.2.3).
func mergePaths(base *refParts, refPath string) string {
	if base.hasAuthority && base.path == "" {
		return "/" + refPath
	}
	i := strings.LastIndexByte(base.path, '/')
	return base.path[:i+1] + refPath // i == -1: the whole base path goes
}

// RemoveDotSegments removes the "." and ".." segments of path
// (RFC 3986 §5.2.4), following the algorithm's steps 2A to 2E literally, in linear
// time: "/a/b/c/./../../g" gives "/a/g" and "mid/content=5/../6" gives
// "mid/6". It works on the path's text: "%2E" is not ".", and a relative
// path such as "a/.." can become "/" (step 2C).
func RemoveDotSegments(path string) string {
	if !hasDotSegment(path) {
		return path
	}
	b := []byte(path)
	return string(b[:removeDotSegmentsInPlace(b)])
}

// removeDotSegmentsInPlace runs the algorithm of RFC 3986 §5.2.4 on the
// path in b, writing the output buffer over the input buffer, which it
// never overtakes: each step writes at most what it consumes. It returns
// the length of the output, in b[:n]. Steps 2A and 2D apply only before
// the first "/", and after it the input buffer always starts with "/", so
// it goes segment by segment: 2B for ".", 2C for "..", 2E for the others.
func removeDotSegmentsInPlace(b []byte) int {
	r, w := 0, 0 // the input buffer is b[r:], the output b[:w]
	for r < len(b) && b[r] != '/' {
		in := b[r:]
		switch {
		case hasPrefix(in, "../"): // 2A
			r += 3
			continue
		case hasPrefix(in, "./"): // 2A
			r += 2
			continue
		case string(in) == "." || string(in) == "..": // 2D
			return 0
		}
		n := bytes.IndexByte(in, '/') // 2E
		if n < 0 {
			n = len(in)
		}
		w += copy(b[w:], in[:n])
		r += n
	}
	for r < len(b) { // b[r] == '/'
		end := r + 1
		for end < len(b) && b[end] != '/' { // segments are short: no call
			end++
		}
		switch seg := b[r+1 : end]; {
		case string(seg) == ".": // 2B: "/./" or "/." becomes "/"
		case string(seg) == "..": // 2C: the same, and the last output segment goes
			w = popSegment(b, w)
		default: // 2E
			if w != r { // else the segment is already in place
				copy(b[w:], b[r:end])
			}
			w += end - r
			r = end
			continue
		}
		r = end
		if r == len(b) { // the input buffer is "/", which 2E moves
			b[w] = '/'
			w++
		}
	}
	return w
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }

// popSegment removes the last segment of the output b[:w] and the "/"
// before it, if any (RFC 3986 §5.2.4 step 2C), and returns its new length.
func popSegment(b []byte, w int) int {
	if i := bytes.LastIndexByte(b[:w], '/'); i >= 0 {
		return i
	}
	return 0
}
