package uri

// What the tests of package uri_test need of the package's internals, and
// why no public API shows it.

// ExceedsMaxLength is the length check every parser makes before reading
// a byte: a test cannot allocate an input longer than [MaxLength] to see
// the TooLong error it leads to.
var ExceedsMaxLength = tooLong

// RenderWindow is how many bytes of the input [ParseError.Render] shows on
// each side of the failing byte: the tests of the cut need the width.
const RenderWindow = renderWindow

// RefPartsOf returns the §5.2.1 working form of u (RFC 3986 §5.2.1), and
// ResolveParts the form the algorithm of §5.2.2 computes before it is
// recomposed and parsed (§5.3): FuzzResolve checks that parsing the
// recomposition gives the computed components back, a step inside
// [URI.ResolveReference] that its result alone does not show.
func RefPartsOf(u URI) refParts { return refPartsOf(u) }

// ResolveParts: see [RefPartsOf].
func (o ResolveOptions) ResolveParts(base, ref URI) refParts { return o.resolveParts(base, ref) }
