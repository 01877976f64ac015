package neturl

import "errors"

// The errors of [FromURI]: what net/url cannot represent, or represents
// with another meaning (RFC 3986 §3).
var (
	// ErrEmptyFragment: url.URL cannot tell an empty fragment ("#") from
	// none (RFC 3986 §3.5).
	ErrEmptyFragment = errors.New("neturl: net/url cannot represent an empty fragment (RFC 3986 §3.5)")
	// ErrIPvFuture: net/url does not accept IPvFuture hosts (RFC 3986
	// §3.2.2).
	ErrIPvFuture = errors.New("neturl: net/url cannot represent an IPvFuture host (RFC 3986 §3.2.2)")
	// ErrEmptyAuthority: url.URL writes an empty authority only with a
	// scheme and a non-empty path ("file:///p"), so not "//", "s://" or
	// "//?q" (RFC 3986 §3.2).
	ErrEmptyAuthority = errors.New("neturl: net/url cannot represent this empty authority (RFC 3986 §3.2)")
	// ErrChanged: the url.URL would write a reference that is not
	// equivalent to the original under syntax-based normalization (RFC
	// 3986 §6.2.2).
	ErrChanged = errors.New("neturl: net/url would change the meaning of the reference (RFC 3986 §6.2.2)")
)
