package uri

import (
	"strings"

	"github.com/specuri/specuri/uri/internal/scheme"
)

// The rules of the "data" scheme (RFC 2397): its syntax, dataurl of §3,
// with the media type of RFC 2045 §5.1. RFC 2397 defines no normalization
// beyond the generic one. Package uri/dataurl reads the media type and
// decodes the data.

// The hints of a URI that is not a dataurl (RFC 2397 §3).
const (
	hintDataComma = "a data URL is \"data:\" [mediatype] [\";base64\"] \",\" data: the \",\" is required (RFC 2397 §3)"
	hintDataType  = "a media type is type \"/\" subtype, each a token, then \";attribute=value\" parameters; write a tspecial of a value percent-encoded (RFC 2397 §3, RFC 2045 §5.1)"
)

// checkData checks u, whose scheme is "data", against dataurl (RFC 2397
// §3) as grammar/rfc2397.peg transcribes it. The fragment is not checked:
// it belongs to the reference, not to the scheme (RFC 3986 §3.5).
func checkData(u URI) error {
	text, s := withoutFragment(u)
	_, f := scheme.MatchData(s)
	if f == nil {
		return nil
	}
	hint := hintDataType
	if !strings.Contains(text, ",") {
		hint = hintDataComma
	}
	return fragmentlessError(u, "dataurl", f, text, s, func(int) string { return hint })
}
