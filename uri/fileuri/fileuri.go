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
// (E.2.2; written "%7C", since "|" is no URI character, RFC 3986 §2; a
// literal "|" is read only by [ParseDriveBar], on request), and UNC paths
// written after an empty authority, "file:////server/share" and
// "file://///server/share" (E.3.2).
//
// What a path cannot be is an error, never a guess: a relative path, a NUL
// byte (raw or "%00"), a separator inside a segment ("%2F", and "%5C" for
// Windows), a host other than empty or "localhost" for POSIX, a query, a
// userinfo or a port. Errors wrap the sentinel errors of this package and
// never hold the URI or the path.
//
// Some paths name something other than what the URI shows, and both
// directions refuse them:
//
//   - A dot-segment written percent-encoded ("%2E%2E"): remove_dot_segments
//     (RFC 3986 §5.2.4) does not see it, so a check on the URI's path
//     passes while the decoded path climbs ([ErrDotSegment]). An encoded
//     dot-segment is refused as an encoded "/" is, rather than removed
//     after decoding, so that the path returned is always the URI's path
//     decoded segment by segment.
//   - Windows device paths: a UNC server "." or "?" ("\\.\PhysicalDrive0",
//     "\\.\pipe\x", "\\?\C:\x") reaches raw disks, named pipes (an NTLM
//     relay vector) and the Win32 namespace that turns off path
//     normalization; so does a server with ":" ("file://///C:/x" would
//     give "\\C:\x") ([ErrUnsupported]).
//   - A UNC path to the server "localhost": RFC 8089 §2 reads
//     "file://localhost/share/f" as the local path "/share/f", another
//     file, so no file URI of §2 names "\\localhost\share\f"
//     ([ErrUnsupported]).
//   - Windows names that are not file names (the rules of Win32 file
//     naming, "Naming Files, Paths, and Namespaces"): a ":" in a segment
//     names an NTFS alternate data stream ("f::$DATA" is the file f
//     itself); a name ending in "." or " " is stripped of them by Win32
//     and opens another file; CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9
//     (and COM/LPT with "¹", "²", "³"), CONIN$ and CONOUT$, alone or
//     followed by an extension ("nul.txt"), are devices
//     ([ErrUnsupported]). Other characters Windows refuses in a name
//     ("?", "*", controls) are passed on: they name no other file, and the
//     file system refuses them.
package fileuri

import (
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
	if d, err := uri.PercentDecode(host); err == nil && strings.EqualFold(d, "localhost") {
		// RFC 8089 §2: "exactly as if no authority were present"; the
		// host is compared decoded, as RFC 3986 §6.2.2.2 compares it.
		host = ""
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
// what no name holds: NUL, a separator of the style, an encoded
// dot-segment, and for Windows a name that is no file name.
func segments(path string, style Style) ([]string, error) {
	seps := "/"
	if style == Windows {
		seps = "/\\"
	}
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
		if d != p && (d == "." || d == "..") {
			return nil, errorf("ToPath", ErrDotSegment)
		}
		if style == Windows {
			if err := windowsName(d); err != nil {
				return nil, errorf("ToPath", err)
			}
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
	parts, err := segments(path, Posix)
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
	return uncPath(host + path)
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
	parts, err := segments(p[2:], Windows)
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

// uncPath reads "server/share/rest", server still percent-encoded, as the
// UNC path \\server\share\rest. The server is decoded in every form, the
// host of "file://server/share" as the E.3.2 forms' first segment.
func uncPath(rest string) (string, error) {
	raw, tail, _ := strings.Cut(rest, "/")
	server, err := uri.PercentDecode(raw)
	if err != nil {
		return "", errorf("ToPath: the server", ErrUnsupported) // not reached: u is valid
	}
	if share, _, _ := strings.Cut(tail, "/"); server == "" || share == "" {
		return "", errorf("ToPath: a UNC path without a server and share", ErrRelative)
	}
	if err := checkServer(server); err != nil {
		return "", errorf("ToPath", err)
	}
	parts, err := segments(tail, Windows)
	if err != nil {
		return "", err
	}
	out := `\\` + server + `\` + strings.Join(parts, `\`)
	if !utf8.ValidString(out) {
		return "", errorf("ToPath: invalid UTF-8 in a Windows path", ErrUnsupported)
	}
	return out, nil
}

// checkServer refuses the UNC server names that no file URI names as a
// file share: the device namespaces "." and "?", a name with ":" (a drive
// or an IPv6 address, which UNC writes as ipv6-literal.net), a separator
// or NUL, and "localhost", which RFC 8089 §2 reads as no host at all.
func checkServer(server string) error {
	switch {
	case server == "." || server == "?":
		return errorf(`a device path (\\`+server+`\)`, ErrUnsupported)
	case strings.ContainsAny(server, ":\\/\x00"):
		return errorf(`a server name with ":", "\", "/" or NUL`, ErrUnsupported)
	case strings.EqualFold(server, "localhost"):
		return errorf("a UNC path to localhost, which RFC 8089 §2 reads as a local path", ErrUnsupported)
	case !utf8.ValidString(server):
		return errorf("invalid UTF-8 in the server name", ErrUnsupported)
	}
	return nil
}

// windowsName refuses a segment that Win32 does not open as the file it
// names (see the package documentation). "." and ".." are dot-segments,
// not names; "" is an empty segment ("C:\a\\b", a trailing "\").
func windowsName(name string) error {
	if name == "" || name == "." || name == ".." {
		return nil
	}
	if strings.IndexByte(name, ':') >= 0 {
		return errorf(`a ":" in a name, an NTFS stream`, ErrUnsupported)
	}
	if c := name[len(name)-1]; c == '.' || c == ' ' {
		return errorf("a name ending in a dot or a space, which Windows strips", ErrUnsupported)
	}
	base, _, _ := strings.Cut(name, ".")
	base = strings.TrimRight(base, " ")
	if isDevice(base) {
		return errorf("a reserved device name (CON, NUL, COM1, ...)", ErrUnsupported)
	}
	return nil
}

// isDevice reports whether base is a reserved device name of Win32 file
// naming, in any case.
func isDevice(base string) bool {
	switch strings.ToUpper(base) {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(base) < 4 || !strings.EqualFold(base[:3], "COM") && !strings.EqualFold(base[:3], "LPT") {
		return false
	}
	switch d := base[3:]; d {
	case "¹", "²", "³":
		return true
	default:
		return len(d) == 1 && '0' <= d[0] && d[0] <= '9'
	}
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// ParseDriveBar parses s, a "file" URI in the given syntax, reading a "|"
// right after a drive letter as ":": "file:///c|/path", "file:/c|/path",
// "file:c|/path" and "file://localhost/c|/path", the nonstandard forms of
// RFC 8089 Appendix E.2.2 that browsers and old Windows links use. It is a
// lenient reading, never the default: "|" is no URI character (RFC 3986
// §2), and [uri.Parse] refuses these forms. Only that one "|" is read; any
// other is an error of the parser, as in uri.Parse.
func ParseDriveBar(s string, syntax uri.Syntax) (uri.URI, error) {
	if i := driveBar(s); i >= 0 {
		s = s[:i] + ":" + s[i+1:]
	}
	return syntax.ParseReference(s)
}

// driveBar returns the offset of the "|" of an Appendix E.2.2 drive in s,
// or -1.
func driveBar(s string) int {
	const scheme = "file:"
	if len(s) < len(scheme) || !strings.EqualFold(s[:len(scheme)], scheme) {
		return -1
	}
	i := len(scheme)
	if strings.HasPrefix(s[i:], "//") {
		end := strings.IndexByte(s[i+2:], '/')
		if end < 0 {
			return -1
		}
		if host := s[i+2 : i+2+end]; host != "" && !strings.EqualFold(host, "localhost") {
			return -1
		}
		i += 2 + end
	}
	if strings.HasPrefix(s[i:], "/") {
		i++
	}
	if len(s) < i+2 || !isAlpha(s[i]) || s[i+1] != '|' {
		return -1
	}
	if len(s) > i+2 && !strings.ContainsRune("/?#", rune(s[i+2])) {
		return -1
	}
	return i + 1
}

// FromPath returns the "file" URI (RFC 8089 §2) that names path in the
// given style: "file:///dir/name" for a POSIX path or a Windows drive path
// ("file:///C:/dir/name"), "file://server/share/name" for a UNC path. Each
// segment is percent-encoded as RFC 3986 §3.3 requires (non-ASCII
// characters as their UTF-8 octets), so the result is an ASCII URI; use
// [uri.URI.ToIRI] for an IRI. For every path it accepts, ToPath of the
// result gives the path back; the paths that no file URI gives back (see
// the package documentation) are refused.
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
		server, tail, _ := strings.Cut(rest, "/")
		if server == "." || server == "?" {
			return "", "", errorf("FromPath", checkServer(server))
		}
		if share, _, _ := strings.Cut(tail, "/"); server == "" || share == "" {
			return "", "", errorf("FromPath: a UNC path without a server and share", ErrRelative)
		}
		if err := checkServer(server); err != nil {
			return "", "", errorf("FromPath", err)
		}
		parts := strings.Split(tail, "/")
		if err := windowsNames(parts); err != nil {
			return "", "", err
		}
		return uri.HostEncoding.Encode(server), "/" + encodeSegments(parts), nil
	}
	if len(path) < 3 || !isAlpha(path[0]) || path[1] != ':' || path[2] != '/' {
		// "x\y", "\x" (the current drive) and "C:x" (the current
		// directory of drive C) are relative.
		return "", "", errorf("FromPath", ErrRelative)
	}
	parts := strings.Split(path[3:], "/")
	if err := windowsNames(parts); err != nil {
		return "", "", err
	}
	return "", "/" + path[:2] + "/" + encodeSegments(parts), nil
}

func windowsNames(parts []string) error {
	for _, s := range parts {
		if err := windowsName(s); err != nil {
			return errorf("FromPath", err)
		}
	}
	return nil
}
