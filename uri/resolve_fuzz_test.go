package uri_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
)

// seedResolve adds every base/reference pair of resolve.json.
func seedResolve(f *testing.F) {
	var cases []resolveCase
	readConformance(f, "resolve.json", &cases)
	for _, c := range cases {
		f.Add(c.Base, c.Ref)
	}
}

// resolvedShape is what must survive re-parsing a resolved reference.
type resolvedShape struct {
	Parts    any // uri.RefPartsOf
	HostKind uri.HostKind
	PathKind uri.PathKind
}

func shapeOf(u uri.URI) resolvedShape {
	h, _ := u.Host()
	return resolvedShape{uri.RefPartsOf(u), h.Kind(), u.Path().Kind()}
}

// FuzzResolve checks that a resolved reference re-parses to the
// components the algorithm of RFC 3986 §5.2.2 computed, strict and not.
func FuzzResolve(f *testing.F) {
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
		for _, o := range []uri.ResolveOptions{{}, {NonStrict: true}} {
			want := o.ResolveParts(base, ref)
			got := o.Resolve(base, ref)
			again, err := uri.ParseReference(got.String())
			if err != nil {
				t.Fatalf("Resolve(%q, %q) = %q does not parse: %v", bs, rs, got, err)
			}
			if _, ok := base.Scheme(); ok {
				if _, err := uri.Parse(got.String()); err != nil {
					t.Fatalf("Resolve(%q, %q) = %q is not a URI: %v", bs, rs, got, err)
				}
			}
			if diff := cmp.Diff(want, uri.RefPartsOf(got), cmp.AllowUnexported(want)); diff != "" {
				t.Fatalf("Resolve(%q, %q) mismatch (-want +got):\n%s", bs, rs, diff)
			}
			if diff := cmp.Diff(shapeOf(got), shapeOf(again), cmp.AllowUnexported(uri.RefPartsOf(uri.URI{}))); diff != "" {
				t.Fatalf("Parse(Resolve(%q, %q)) mismatch (-want +got):\n%s", bs, rs, diff)
			}
		}
	})
}
