package uri

import "strings"

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
// The result is the recomposition of §5.3, parsed by [ParseReference].
func (u URI) ResolveReference(ref URI) URI { return ResolveOptions{}.Resolve(u, ref) }

// Resolve resolves ref against base (RFC 3986 §5.2.2, §5.2.3, §5.2.4,
// §5.3) as o selects; see [URI.ResolveReference].
func (o ResolveOptions) Resolve(base, ref URI) URI {
	if min(base.syntax, ref.syntax) == RFC6874 && max(base.syntax, ref.syntax) == RFC3987 {
		// No syntax has both zones and IRI characters: resolve the URI
		// that the IRI maps to (RFC 3987 §3.1: "there is no need to
		// define resolution separately on the IRI level").
		base, ref = base.ToURI(), ref.ToURI()
	}
	t := o.resolveParts(base, ref)
	return t.uri()
}

// resolveParts is the transformation of RFC 3986 §5.2.2, before §5.3.
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
	in := path
	out := make([]byte, 0, len(path))
	for len(in) > 0 {
		switch {
		// 2A
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		// 2B
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		// 2C
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = popSegment(out)
		case in == "/..":
			in = "/"
			out = popSegment(out)
		// 2D
		case in == "." || in == "..":
			in = ""
		// 2E
		default:
			n := strings.IndexByte(in[1:], '/') + 1
			if n == 0 {
				n = len(in)
			}
			out = append(out, in[:n]...)
			in = in[n:]
		}
	}
	return string(out)
}

// popSegment removes the last segment of out and the "/" before it, if
// any (RFC 3986 §5.2.4 step 2C).
func popSegment(out []byte) []byte {
	for i := len(out) - 1; i >= 0; i-- {
		if out[i] == '/' {
			return out[:i]
		}
	}
	return out[:0]
}
