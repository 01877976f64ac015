package uri

import (
	"testing"

	"github.com/google/go-cmp/cmp"
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
	Parts    refParts
	HostKind HostKind
	PathKind PathKind
}

func shapeOf(u URI) resolvedShape {
	h, _ := u.Host()
	return resolvedShape{refPartsOf(u), h.Kind(), u.Path().Kind()}
}

// FuzzResolve checks that a resolved reference re-parses to the
// components the algorithm of RFC 3986 §5.2.2 computed, strict and not.
func FuzzResolve(f *testing.F) {
	seedResolve(f)
	f.Fuzz(func(t *testing.T, bs, rs string) {
		base, err := ParseReference(bs)
		if err != nil {
			return
		}
		ref, err := ParseReference(rs)
		if err != nil {
			return
		}
		for _, o := range []ResolveOptions{{}, {NonStrict: true}} {
			want := o.resolveParts(base, ref)
			got := o.Resolve(base, ref)
			again, err := ParseReference(got.String())
			if err != nil {
				t.Fatalf("Resolve(%q, %q) = %q does not parse: %v", bs, rs, got, err)
			}
			if _, ok := base.Scheme(); ok {
				if _, err := Parse(got.String()); err != nil {
					t.Fatalf("Resolve(%q, %q) = %q is not a URI: %v", bs, rs, got, err)
				}
			}
			if diff := cmp.Diff(want, refPartsOf(got), cmp.AllowUnexported(refParts{})); diff != "" {
				t.Fatalf("Resolve(%q, %q) mismatch (-want +got):\n%s", bs, rs, diff)
			}
			if diff := cmp.Diff(shapeOf(got), shapeOf(again), cmp.AllowUnexported(refParts{})); diff != "" {
				t.Fatalf("Parse(Resolve(%q, %q)) mismatch (-want +got):\n%s", bs, rs, diff)
			}
		}
	})
}
