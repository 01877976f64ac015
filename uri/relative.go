package uri

import (
	"errors"
	"strings"
)

// ErrNotReachable is returned by [Relative] when no URI reference resolves
// against the base to exactly the target (RFC 3986 §5.2): resolution
// removes dot-segments (§5.2.4), so a target such as "http://h/a/../b" is
// the result of no resolution unless its path is the base's.
var ErrNotReachable = errors.New("uri: no reference resolves to the target against this base (RFC 3986 §5.2)")

// Relative returns the shortest URI reference that resolves against base
// to target, byte for byte, with strict resolution (RFC 3986 §5.2,
// [URI.ResolveReference]): the inverse of resolution. It returns
// ErrNotReachable when there is none.
//
// Candidates are, shortest first among those that work: a same-document
// reference ("", "#f", "?q#f", §4.4), a relative-path reference built from
// the segments the base's and the target's paths share ("../x", "g",
// "./a:b", "."), an absolute-path reference, a network-path reference
// ("//h/p", §4.2) and the target itself. Each is checked by resolving it,
// so the result never depends on an unproven shortcut.
//
//	Relative("http://a/b/c/d;p?q", "http://a/b/g")  = "../g"
//	Relative("http://a/b/c/d;p?q", "http://a/b/c/d;p?y") = "?y"
func Relative(base, target URI) (URI, error) {
	b, t := refPartsOf(base), refPartsOf(target)
	c := &candidates{base: base, target: target, want: target.String()}
	suffix := t.querySuffix() + t.fragmentSuffix()
	sameScheme := t.hasScheme == b.hasScheme && t.scheme == b.scheme
	if sameScheme && t.hasAuthority == b.hasAuthority && t.authority() == b.authority() {
		c.trySameAuthority(&b, &t, suffix)
	}
	if sameScheme && t.hasAuthority {
		c.try("//" + t.authority() + t.path + suffix)
	}
	c.try(c.want)
	if !c.found {
		return URI{}, ErrNotReachable
	}
	return c.best, nil
}

// candidates keeps the shortest of the references tried that resolves
// against base to target (RFC 3986 §5.2), whose text is want.
type candidates struct {
	base, target URI
	want         string
	best         URI
	found        bool
}

// try parses s in the target's syntax and keeps it if it is shorter than
// the best so far and resolves to the target.
func (c *candidates) try(s string) {
	if c.found && len(s) >= len(c.best.String()) {
		return
	}
	r, err := c.target.syntax.ParseReference(s)
	if err != nil || c.base.ResolveReference(r).String() != c.want {
		return
	}
	c.best, c.found = r, true
}

// trySameAuthority tries the references that keep the base's scheme and
// authority: same-document ones, relative-path ones and an absolute-path
// one, suffix being the target's query and fragment with their
// delimiters.
func (c *candidates) trySameAuthority(b, t *refParts, suffix string) {
	if t.path == b.path {
		// §5.2.2, R.path == "": the base's path, and its query unless
		// the reference has one.
		if t.hasQuery == b.hasQuery && t.query == b.query {
			c.try(t.fragmentSuffix())
		}
		c.try(suffix)
	}
	dir := b.path
	if b.hasAuthority && dir == "" {
		dir = "/" // §5.2.3: "/" concatenated with the reference's path
	}
	dir = dir[:strings.LastIndexByte(dir, '/')+1]
	// Resolution removes the dot-segments of the base's directory too, so
	// its normalized form is also a starting point.
	paths := targetPaths(t)
	for _, d := range []string{dir, RemoveDotSegments(dir)} {
		for _, tp := range paths {
			for _, p := range relativePaths(d, tp) {
				c.try(p + suffix)
			}
		}
	}
	if strings.HasPrefix(t.path, "/") {
		c.try(absolutePath(t.path) + suffix)
	}
}

// targetPaths returns t's path and, for a path protected by resolution
// ("/.//x", "./a:b"), its unprotected form, from which it is also
// reached.
func targetPaths(t *refParts) []string {
	paths := []string{t.path}
	if !t.hasAuthority && strings.HasPrefix(t.path, "/.//") {
		paths = append(paths, t.path[2:])
	}
	if !t.hasScheme && strings.HasPrefix(t.path, "./") {
		paths = append(paths, t.path[2:])
	}
	return paths
}

func (p *refParts) querySuffix() string {
	if !p.hasQuery {
		return ""
	}
	return "?" + p.query
}

func (p *refParts) fragmentSuffix() string {
	if !p.hasFragment {
		return ""
	}
	return "#" + p.fragment
}

// absolutePath returns an absolute-path reference for path
// (RFC 3986 §4.2): "/." before a path starting with "//", which would otherwise be an
// authority.
func absolutePath(path string) string {
	if strings.HasPrefix(path, "//") {
		return "/." + path
	}
	return path
}

// relativePaths returns relative-path references (RFC 3986 §4.2) that the
// merge of §5.2.3 with the base directory dir turns into target: "../" for
// each directory segment the target does not share, then the rest of the
// target.
func relativePaths(dir, target string) []string {
	var out []string
	// Find the longest common prefix of dir and target that ends with "/".
	n := 0
	for i := 0; i < len(dir) && i < len(target) && dir[i] == target[i]; i++ {
		if dir[i] == '/' {
			n = i + 1
		}
	}
	ups := strings.Repeat("../", strings.Count(dir[n:], "/"))
	rest := target[n:]
	if n == 0 && strings.HasPrefix(target, "/") {
		return nil // nothing shared: an absolute-path reference is shorter
	}
	switch {
	case rest == "" && ups == "":
		out = append(out, ".", "./")
	case rest == "":
		out = append(out, ups, strings.TrimSuffix(ups, "/"))
	default:
		out = append(out, ups+rest, ups+"./"+rest)
	}
	return out
}
