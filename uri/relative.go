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
	want := target.String()
	var best URI
	found := false
	try := func(s string) {
		if found && len(s) >= len(best.String()) {
			return
		}
		r, err := target.syntax.ParseReference(s)
		if err != nil || base.ResolveReference(r).String() != want {
			return
		}
		best, found = r, true
	}
	suffix := t.querySuffix() + t.fragmentSuffix()
	sameScheme := t.hasScheme == b.hasScheme && t.scheme == b.scheme
	sameAuthority := sameScheme && t.hasAuthority == b.hasAuthority && t.authority() == b.authority()
	if sameAuthority {
		if t.path == b.path {
			// §5.2.2, R.path == "": the base's path, and its query unless
			// the reference has one.
			if t.hasQuery == b.hasQuery && t.query == b.query {
				try(t.fragmentSuffix())
			}
			try(suffix)
		}
		dir := b.path
		if b.hasAuthority && dir == "" {
			dir = "/" // §5.2.3: "/" concatenated with the reference's path
		}
		dir = dir[:strings.LastIndexByte(dir, '/')+1]
		// Resolution removes the dot-segments of the base's directory
		// too, so its normalized form is also a starting point.
		// A target path protected by resolution ("/.//x", "./a:b") is
		// also reached from its unprotected form.
		paths := []string{t.path}
		if !t.hasAuthority && strings.HasPrefix(t.path, "/.//") {
			paths = append(paths, t.path[2:])
		}
		if !t.hasScheme && strings.HasPrefix(t.path, "./") {
			paths = append(paths, t.path[2:])
		}
		for _, d := range []string{dir, RemoveDotSegments(dir)} {
			for _, tp := range paths {
				for _, p := range relativePaths(d, tp) {
					try(p + suffix)
				}
			}
		}
		if strings.HasPrefix(t.path, "/") {
			try(absolutePath(t.path) + suffix)
		}
	}
	if sameScheme && t.hasAuthority {
		try("//" + t.authority() + t.path + suffix)
	}
	try(want)
	if !found {
		return URI{}, ErrNotReachable
	}
	return best, nil
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
