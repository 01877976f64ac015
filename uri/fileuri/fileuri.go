// Package fileuri converts between "file" URIs (RFC 8089) and the paths of
// a file system, POSIX or Windows, on any operating system: the style is an
// argument, and [Native] is the running system's.
//
// [FromPath] writes the standard form of RFC 8089 §2 only ("file:///path",
// "file://host/share/path"), percent-encoding every octet a path segment
// cannot hold literally (RFC 3986 §3.3: space, "%", "#", "?", non-ASCII
// characters as their UTF-8 octets, RFC 3629). [ToPath] also reads the
// nonstandard forms of RFC 8089 Appendix E that are common in the wild:
// "file:c:/x" and "file:/c:/x" (E.2), "|" for ":" after a drive letter
// (E.2.2; written "%7C", since "|" is no URI character, RFC 3986 §2), and
// UNC paths written after an empty authority,
// "file:////server/share" and "file://///server/share" (E.3.2).
//
// What a path cannot be is an error, never a guess: a relative path, a NUL
// byte (raw or "%00"), a separator inside a segment ("%2F", and "%5C" for
// Windows), a host other than empty or "localhost" for POSIX, a query, a
// userinfo or a port. Errors wrap the sentinel errors of this package and
// never hold the URI or the path.
package fileuri

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri"
)

// Style is the path syntax of a file system.
type Style uint8

// The styles of paths.
const (
	// Posix paths: "/" separates segments, an absolute path starts with
	// "/", and any byte but NUL and "/" may be in a name (POSIX.1-2017
	// §3.271).
	Posix Style = iota + 1
	// Windows paths: "\" (or "/") separates segments, an absolute path is
	// a drive ("C:\dir") or a UNC path ("\\server\share\dir").
	Windows
)

// String returns "posix" or "windows".
func (s Style) String() string {
	switch s {
	case Posix:
		return "posix"
	case Windows:
		return "windows"
	}
	return fmt.Sprintf("Style(%d)", uint8(s))
}

// The errors of ToPath and FromPath, which their errors wrap.
var (
	// ErrNotFile: the URI's scheme is not "file".
	ErrNotFile = errors.New("not a file URI")
	// ErrNotLocal: a POSIX path for a URI whose host is neither empty nor
	// "localhost" (RFC 8089 §2: a file on another machine).
	ErrNotLocal = errors.New("the host is not the local machine")
	// ErrRelative: the path is not absolute in its style (RFC 8089 §2:
	// a file URI's path is absolute).
	ErrRelative = errors.New("not an absolute path")
	// ErrNUL: the path has a NUL byte, raw or percent-encoded, which no
	// file system name holds.
	ErrNUL = errors.New("NUL byte in a path")
	// ErrSeparator: a path segment of the URI decodes to a separator of
	// the style ("%2F"; "%5C" for Windows), which a file name cannot hold.
	ErrSeparator = errors.New("encoded path separator in a segment")
	// ErrUnsupported: a part of the URI or path that a file path has no
	// place for: a query, a userinfo, a port, an IPv6 host for a UNC
	// path, a POSIX path starting with "//", a Windows device path
	// ("\\?\", "\\.\") or invalid UTF-8 in a Windows path.
	ErrUnsupported = errors.New("not representable")
)

func errorf(format string, err error) error {
	return fmt.Errorf("fileuri: "+format+": %w", err)
}

// ToPath returns the path that u, a "file" URI (RFC 8089), names in the
// given style. Its path is percent-decoded (RFC 3986 §2.1); the URI's
// fragment is not part of the path and is ignored. An IRI (RFC 3987) gives
// a path with its non-ASCII characters. See the package documentation for
// the forms it reads and its errors.
func ToPath(u uri.URI, style Style) (string, error) {
	if s, ok := u.Scheme(); !ok || !strings.EqualFold(s, "file") {
		return "", errorf("ToPath", ErrNotFile)
	}
	if _, ok := u.Query(); ok {
		return "", errorf("ToPath: a query", ErrUnsupported)
	}
	if _, ok := u.Userinfo(); ok {
		return "", errorf("ToPath: a userinfo", ErrUnsupported)
	}
	if _, ok := u.Port(); ok {
		return "", errorf("ToPath: a port", ErrUnsupported)
	}
	h, _ := u.Host()
	host := h.String()
	if strings.EqualFold(host, "localhost") {
		host = "" // RFC 8089 §2: "exactly as if no authority were present"
	}
	path := u.Path().String()
	switch style {
	case Posix:
		return posixPath(host, path)
	case Windows:
		return windowsPath(h, host, path)
	}
	return "", errorf("ToPath: style "+style.String(), ErrUnsupported)
}

// segments decodes each segment of path, a path of a URI, and refuses
// what no name holds: NUL, and a separator of the style.
func segments(path string, seps string) ([]string, error) {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		d, err := uri.PercentDecode(p)
		if err != nil {
			return nil, errorf("ToPath", err) // not reached: u is valid
		}
		if strings.IndexByte(d, 0) >= 0 {
			return nil, errorf("ToPath", ErrNUL)
		}
		if strings.ContainsAny(d, seps) {
			return nil, errorf("ToPath", ErrSeparator)
		}
		parts[i] = d
	}
	return parts, nil
}

func posixPath(host, path string) (string, error) {
	if host != "" {
		return "", errorf("ToPath", ErrNotLocal)
	}
	if !strings.HasPrefix(path, "/") {
		// "file:x", or "file:c:/x" (RFC 8089 Appendix E.2), which has no
		// POSIX reading.
		return "", errorf("ToPath", ErrRelative)
	}
	if strings.HasPrefix(path, "//") {
		return "", errorf("ToPath: a path starting with \"//\"", ErrUnsupported)
	}
	parts, err := segments(path, "/")
	if err != nil {
		return "", err
	}
	return strings.Join(parts, "/"), nil
}

func windowsPath(h uri.Host, host, path string) (string, error) {
	if host == "" {
		// E.3.2: "file:////server/share" and "file://///server/share".
		if rest, ok := strings.CutPrefix(path, "///"); ok && !strings.HasPrefix(rest, "/") {
			return uncPath(rest)
		}
		if rest, ok := strings.CutPrefix(path, "//"); ok {
			return uncPath(rest)
		}
		return drivePath(path)
	}
	if h.Kind() == uri.IPv6 || h.Kind() == uri.IPvFuture {
		return "", errorf("ToPath: an IP literal host in a UNC path", ErrUnsupported)
	}
	server, err := uri.PercentDecode(host)
	if err != nil || strings.ContainsAny(server, "\\/\x00") || !utf8.ValidString(server) {
		return "", errorf("ToPath: the host", ErrUnsupported)
	}
	p, err := uncPath(server + path)
	return p, err
}

// drivePath reads a path with a drive letter: "/C:/x", "/C%3A/x", "/C%7C/x"
// (RFC 8089 Appendix E.2.2: "|" for ":", which a URI holds only
// percent-encoded, RFC 3986 §2), or "C:/x" (E.2, no leading "/").
func drivePath(path string) (string, error) {
	p := strings.TrimPrefix(path, "/")
	if len(p) >= 4 && isAlpha(p[0]) && (strings.EqualFold(p[1:4], "%7C") || strings.EqualFold(p[1:4], "%3A")) {
		p = p[:1] + ":" + p[4:]
	}
	if len(p) < 2 || !isAlpha(p[0]) || p[1] != ':' || len(p) > 2 && p[2] != '/' {
		return "", errorf("ToPath: no drive letter", ErrRelative)
	}
	parts, err := segments(p[2:], "/\\")
	if err != nil {
		return "", err
	}
	out := p[:1] + ":" + strings.Join(parts, "\\")
	if len(p) == 2 {
		out += "\\" // "file:///C:" names the drive's root
	}
	if !utf8.ValidString(out) {
		return "", errorf("ToPath: invalid UTF-8 in a Windows path", ErrUnsupported)
	}
	return out, nil
}

// uncPath reads "server/share/rest" as the UNC path \\server\share\rest.
func uncPath(rest string) (string, error) {
	server, tail, _ := strings.Cut(rest, "/")
	if share, _, _ := strings.Cut(tail, "/"); server == "" || share == "" {
		return "", errorf("ToPath: a UNC path without a server and share", ErrRelative)
	}
	parts, err := segments(tail, "/\\")
	if err != nil {
		return "", err
	}
	out := `\\` + server + `\` + strings.Join(parts, `\`)
	if !utf8.ValidString(out) {
		return "", errorf("ToPath: invalid UTF-8 in a Windows path", ErrUnsupported)
	}
	return out, nil
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// FromPath returns the "file" URI (RFC 8089 §2) that names path in the
// given style: "file:///dir/name" for a POSIX path or a Windows drive path
// ("file:///C:/dir/name"), "file://server/share/name" for a UNC path. Each
// segment is percent-encoded as RFC 3986 §3.3 requires (non-ASCII
// characters as their UTF-8 octets), so the result is an ASCII URI; use
// [uri.URI.ToIRI] for an IRI. For every path it accepts, ToPath of the
// result gives the path back.
func FromPath(path string, style Style) (uri.URI, error) {
	if strings.IndexByte(path, 0) >= 0 {
		return uri.URI{}, errorf("FromPath", ErrNUL)
	}
	var host, p string
	var err error
	switch style {
	case Posix:
		p, err = fromPosix(path)
	case Windows:
		host, p, err = fromWindows(path)
	default:
		err = errorf("FromPath: style "+style.String(), ErrUnsupported)
	}
	if err != nil {
		return uri.URI{}, err
	}
	u, err := uri.Parse("file://" + host + p)
	if err != nil {
		// The host of a UNC path that no reg-name holds.
		return uri.URI{}, errorf("FromPath: the server name", ErrUnsupported)
	}
	return u, nil
}

func encodeSegments(parts []string) string {
	for i, s := range parts {
		parts[i] = uri.SegmentEncoding.Encode(s)
	}
	return strings.Join(parts, "/")
}

func fromPosix(path string) (string, error) {
	if !strings.HasPrefix(path, "/") {
		return "", errorf("FromPath", ErrRelative)
	}
	if strings.HasPrefix(path, "//") {
		// path-absolute cannot start with "//" (RFC 3986 §3.3).
		return "", errorf("FromPath: a path starting with \"//\"", ErrUnsupported)
	}
	return encodeSegments(strings.Split(path, "/")), nil
}

func fromWindows(path string) (host, p string, err error) {
	if !utf8.ValidString(path) {
		return "", "", errorf("FromPath: invalid UTF-8 in a Windows path", ErrUnsupported)
	}
	path = strings.ReplaceAll(path, `\`, "/")
	if rest, ok := strings.CutPrefix(path, "//"); ok {
		if strings.HasPrefix(rest, "?/") || strings.HasPrefix(rest, "./") {
			return "", "", errorf("FromPath: a device path", ErrUnsupported)
		}
		server, tail, _ := strings.Cut(rest, "/")
		if share, _, _ := strings.Cut(tail, "/"); server == "" || share == "" {
			return "", "", errorf("FromPath: a UNC path without a server and share", ErrRelative)
		}
		return uri.HostEncoding.Encode(server), "/" + encodeSegments(strings.Split(tail, "/")), nil
	}
	if len(path) < 3 || !isAlpha(path[0]) || path[1] != ':' || path[2] != '/' {
		// "x\y", "\x" (the current drive) and "C:x" (the current
		// directory of drive C) are relative.
		return "", "", errorf("FromPath", ErrRelative)
	}
	return "", "/" + path[:2] + "/" + encodeSegments(strings.Split(path[3:], "/")), nil
}
