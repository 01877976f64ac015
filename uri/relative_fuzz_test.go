package uri_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// FuzzRelative checks Resolve(b, Relative(b, t)) == t for every target t
// that resolution produces (RFC 3986 §5.2), and that Relative is never
// longer than the reference that produced t.
func FuzzRelative(f *testing.F) {
	seedResolve(f)
	f.Fuzz(func(t *testing.T, bs, rs string) {
		base, err := uri.ParseReference(bs)
		if err != nil {
			return
		}
		ref, err := uri.ParseReference(rs)
		if err != nil {
			return
		}
		target := base.ResolveReference(ref)
		rel, err := uri.Relative(base, target)
		if err != nil {
			t.Fatalf("Relative(%q, %q) (from ref %q): %v", bs, target, rs, err)
		}
		got := base.ResolveReference(rel).String()
		if diff := cmp.Diff(target.String(), got); diff != "" {
			t.Fatalf("Resolve(%q, Relative(%q, %q) = %q) mismatch (-want +got):\n%s", bs, bs, target, rel, diff)
		}
		if len(rel.String()) > len(rs) {
			t.Fatalf("Relative(%q, %q) = %q, longer than %q", bs, target, rel, rs)
		}
	})
}
