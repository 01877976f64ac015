package fileuri_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fileuri"
)

// pairs are paths and the file URI that names them, both ways. The facts
// come from Node.js's test/parallel/test-url-fileurltopath.js (nodejs/node
// @ 12c67985a35f: fileURLToPath of fileHref is path) and from RFC 8089
// Appendix E.3.1 (the UNC example).
var pairs = []struct {
	style fileuri.Style
	path  string
	uri   string
}{
	{fileuri.Posix, "/foo", "file:///foo"},
	{fileuri.Posix, "/FOO", "file:///FOO"},
	{fileuri.Posix, "/dir/foo", "file:///dir/foo"},
	{fileuri.Posix, "/dir/", "file:///dir/"},
	{fileuri.Posix, "/foo.mjs", "file:///foo.mjs"},
	{fileuri.Posix, "/foo bar", "file:///foo%20bar"},
	{fileuri.Posix, "/foo?bar", "file:///foo%3Fbar"},
	{fileuri.Posix, "/foo#bar", "file:///foo%23bar"},
	{fileuri.Posix, "/foo&bar", "file:///foo&bar"},
	{fileuri.Posix, "/foo=bar", "file:///foo=bar"},
	{fileuri.Posix, "/foo:bar", "file:///foo:bar"},
	{fileuri.Posix, "/foo;bar", "file:///foo;bar"},
	{fileuri.Posix, "/foo%bar", "file:///foo%25bar"},
	{fileuri.Posix, "/foo\\bar", "file:///foo%5Cbar"},
	{fileuri.Posix, "/foo\bbar", "file:///foo%08bar"},
	{fileuri.Posix, "/foo\tbar", "file:///foo%09bar"},
	{fileuri.Posix, "/foo\nbar", "file:///foo%0Abar"},
	{fileuri.Posix, "/foo\rbar", "file:///foo%0Dbar"},
	{fileuri.Posix, "/fóóbàr", "file:///f%C3%B3%C3%B3b%C3%A0r"},
	{fileuri.Posix, "/€", "file:///%E2%82%AC"},
	{fileuri.Posix, "/🚀", "file:///%F0%9F%9A%80"},
	{fileuri.Posix, "/", "file:///"},
	{fileuri.Windows, `C:\foo`, "file:///C:/foo"},
	{fileuri.Windows, `C:\FOO`, "file:///C:/FOO"},
	{fileuri.Windows, `C:\dir\foo`, "file:///C:/dir/foo"},
	{fileuri.Windows, `C:\dir\`, "file:///C:/dir/"},
	{fileuri.Windows, `C:\foo.mjs`, "file:///C:/foo.mjs"},
	{fileuri.Windows, `C:\foo bar`, "file:///C:/foo%20bar"},
	{fileuri.Windows, `C:\foo?bar`, "file:///C:/foo%3Fbar"},
	{fileuri.Windows, `C:\foo#bar`, "file:///C:/foo%23bar"},
	{fileuri.Windows, `C:\foo&bar`, "file:///C:/foo&bar"},
	{fileuri.Windows, `C:\foo=bar`, "file:///C:/foo=bar"},
	{fileuri.Windows, `C:\foo;bar`, "file:///C:/foo;bar"},
	{fileuri.Windows, `C:\foo%bar`, "file:///C:/foo%25bar"},
	{fileuri.Windows, `C:\foo\bar`, "file:///C:/foo/bar"},
	{fileuri.Windows, "C:\\foo\bbar", "file:///C:/foo%08bar"},
	{fileuri.Windows, "C:\\foo\tbar", "file:///C:/foo%09bar"},
	{fileuri.Windows, "C:\\foo\nbar", "file:///C:/foo%0Abar"},
	{fileuri.Windows, "C:\\foo\rbar", "file:///C:/foo%0Dbar"},
	{fileuri.Windows, `C:\fóóbàr`, "file:///C:/f%C3%B3%C3%B3b%C3%A0r"},
	{fileuri.Windows, `C:\€`, "file:///C:/%E2%82%AC"},
	{fileuri.Windows, `C:\🚀`, "file:///C:/%F0%9F%9A%80"},
	{fileuri.Windows, `\\nas\My Docs\File.doc`, "file://nas/My%20Docs/File.doc"},
	{fileuri.Windows, `\\host.example.com\Share\path\to\file.txt`, "file://host.example.com/Share/path/to/file.txt"},
	{fileuri.Windows, `C:\`, "file:///C:/"},
}

func TestPairs(t *testing.T) {
	for _, tt := range pairs {
		t.Run(tt.style.String()+"/"+tt.uri, func(t *testing.T) {
			got, err := fileuri.ToPath(uri.MustParse(tt.uri), tt.style)
			if err != nil {
				t.Fatalf("ToPath(%q, %v): %v", tt.uri, tt.style, err)
			}
			if diff := cmp.Diff(tt.path, got); diff != "" {
				t.Errorf("ToPath(%q, %v) mismatch (-want +got):\n%s", tt.uri, tt.style, diff)
			}
			u, err := fileuri.FromPath(tt.path, tt.style)
			if err != nil {
				t.Fatalf("FromPath(%q, %v): %v", tt.path, tt.style, err)
			}
			if diff := cmp.Diff(tt.uri, u.String()); diff != "" {
				t.Errorf("FromPath(%q, %v) mismatch (-want +got):\n%s", tt.path, tt.style, diff)
			}
			if err := u.CheckScheme(); err != nil {
				t.Errorf("FromPath(%q) = %q, not a file-URI of RFC 8089 §2: %v", tt.path, u, err)
			}
		})
	}
}

// TestToPathForms: the other forms ToPath reads (RFC 8089 §2, Appendix B
// and the nonstandard forms of Appendix E), in every syntax.
func TestToPathForms(t *testing.T) {
	tests := []struct {
		syntax uri.Syntax
		in     string
		style  fileuri.Style
		want   string
	}{
		{uri.RFC3986, "file:/path/to/file", fileuri.Posix, "/path/to/file"},      // Appendix B
		{uri.RFC3986, "file://localhost/etc/fstab", fileuri.Posix, "/etc/fstab"}, // §2
		{uri.RFC3986, "FILE://LOCALHOST/etc/fstab", fileuri.Posix, "/etc/fstab"},
		{uri.RFC3986, "file:///etc/hosts#frag", fileuri.Posix, "/etc/hosts"},
		{uri.RFC3986, "file:///c:/path/to/file", fileuri.Posix, "/c:/path/to/file"},
		{uri.RFC3986, "file:c:/path/to/file", fileuri.Windows, `c:\path\to\file`},    // E.2
		{uri.RFC3986, "file:///c:/path/to/file", fileuri.Windows, `c:\path\to\file`}, // E.2
		// E.2.2's "|" is no URI character (RFC 3986 §2): it comes encoded.
		{uri.RFC3986, "file:///c%7C/path/to/file", fileuri.Windows, `c:\path\to\file`},
		{uri.RFC3986, "file:/c%7c/path/to/file", fileuri.Windows, `c:\path\to\file`},
		{uri.RFC3986, "file:c%7C/path/to/file", fileuri.Windows, `c:\path\to\file`},
		{uri.RFC3986, "file:////host.example.com/path/to/file", fileuri.Windows, `\\host.example.com\path\to\file`},  // E.3.2
		{uri.RFC3986, "file://///host.example.com/path/to/file", fileuri.Windows, `\\host.example.com\path\to\file`}, // E.3.2
		{uri.RFC3986, "file://localhost/c:/WINDOWS/clock.avi", fileuri.Windows, `c:\WINDOWS\clock.avi`},
		{uri.RFC3986, "file:///C:", fileuri.Windows, `C:\`},
		{uri.RFC3987, "file:///b\u00fccher/\u00fc.txt", fileuri.Posix, "/b\u00fccher/\u00fc.txt"},
		{uri.RFC3987, "file:///C:/b\u00fccher", fileuri.Windows, `C:\b` + "\u00fc" + `cher`},
		{uri.RFC3987, "file://\u00fc.example/share/x", fileuri.Windows, `\\` + "\u00fc" + `.example\share\x`},
		{uri.RFC6874, "file:///x", fileuri.Posix, "/x"},
		// F3: the server of every UNC form is percent-decoded.
		{uri.RFC3986, "file://server%41/share", fileuri.Windows, `\\serverA\share`},
		{uri.RFC3986, "file:////server%41/share", fileuri.Windows, `\\serverA\share`},
		{uri.RFC3986, "file://///server%41/share", fileuri.Windows, `\\serverA\share`},
		// "localhost" decoded is "localhost" (RFC 3986 §6.2.2.2).
		{uri.RFC3986, "file://localhos%74/etc/x", fileuri.Posix, "/etc/x"},
		// Literal dot-segments are the URI's own, visible in u.Path().
		{uri.RFC3986, "file:///a/../b", fileuri.Posix, "/a/../b"},
		{uri.RFC3986, "file:///a/.%2e.", fileuri.Posix, "/a/..."},
		{uri.RFC3986, "file:///C:/a/../b", fileuri.Windows, `C:\a\..\b`},
		// Names Windows opens as written.
		{uri.RFC3986, "file:///C:/a.b/.x/con1/comx/lpt/nul_x/CONSOLE", fileuri.Windows, `C:\a.b\.x\con1\comx\lpt\nul_x\CONSOLE`},
	}
	for _, tt := range tests {
		t.Run(tt.style.String()+"/"+tt.in, func(t *testing.T) {
			got, err := fileuri.ToPath(tt.syntax.MustParseReference(tt.in), tt.style)
			if err != nil {
				t.Fatalf("ToPath(%q, %v): %v", tt.in, tt.style, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ToPath(%q, %v) mismatch (-want +got):\n%s", tt.in, tt.style, diff)
			}
		})
	}
}

func TestToPathErrors(t *testing.T) {
	tests := []struct {
		syntax uri.Syntax
		in     string
		style  fileuri.Style
		want   error
	}{
		// Node.js test-url-fileurltopath.js: a host on POSIX, encoded
		// separators, a non-file scheme.
		{uri.RFC3986, "file://host/a", fileuri.Posix, fileuri.ErrNotLocal},
		{uri.RFC3986, "file:///a%2F/", fileuri.Posix, fileuri.ErrSeparator},
		{uri.RFC3986, "file:///C:/a%2F/", fileuri.Windows, fileuri.ErrSeparator},
		{uri.RFC3986, "file:///C:/a%5C/", fileuri.Windows, fileuri.ErrSeparator},
		{uri.RFC3986, "file:///%3F:/", fileuri.Windows, fileuri.ErrRelative},
		{uri.RFC3986, "https://a/b/c", fileuri.Posix, fileuri.ErrNotFile},
		{uri.RFC3986, "/relative", fileuri.Posix, fileuri.ErrNotFile},
		{uri.RFC3986, "file:x", fileuri.Posix, fileuri.ErrRelative},
		{uri.RFC3986, "file:c:/x", fileuri.Posix, fileuri.ErrRelative},
		{uri.RFC3986, "file:///x", fileuri.Windows, fileuri.ErrRelative},
		{uri.RFC3986, "file:///a%00b", fileuri.Posix, fileuri.ErrNUL},
		{uri.RFC3986, "file:///C:/a%00b", fileuri.Windows, fileuri.ErrNUL},
		{uri.RFC3986, "file:///a?q", fileuri.Posix, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://u:secret@h/a", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://h:80/a", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:////x", fileuri.Posix, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://[::1]/x", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC6874, "file://[fe80::1%25eth0]/x", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC6874, "file://[fe80::1%25eth0]/x", fileuri.Posix, fileuri.ErrNotLocal},
		{uri.RFC3986, "file:///C:/%FF", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://server/", fileuri.Windows, fileuri.ErrRelative},
		{uri.RFC3986, "file:////server", fileuri.Windows, fileuri.ErrRelative},
		// F1: device paths, in every form that gives them.
		{uri.RFC3986, "file://./PhysicalDrive0", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://./pipe/x", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://%3F/C:/Windows/x", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://./C:/x", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:////./pipe/x", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://///%3F/C:/x", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://%2E/pipe/x", fileuri.Windows, fileuri.ErrUnsupported},
		// A server with ":" (Node.js refuses "file://///C:/bar" too).
		{uri.RFC3986, "file://///C:/bar", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:////C:/bar", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://C%3A/bar", fileuri.Windows, fileuri.ErrUnsupported},
		// A UNC path to localhost has no standard URI (F2).
		{uri.RFC3986, "file:////localhost/share/f", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://localhost/share/f", fileuri.Windows, fileuri.ErrRelative},
		// F4: encoded dot-segments.
		{uri.RFC3986, "file:///a/%2e%2e/%2e%2e/etc/passwd", fileuri.Posix, fileuri.ErrDotSegment},
		{uri.RFC3986, "file:///a/.%2E/x", fileuri.Posix, fileuri.ErrDotSegment},
		{uri.RFC3986, "file:///a/%2E/x", fileuri.Posix, fileuri.ErrDotSegment},
		{uri.RFC3986, "file:///C:/a/%2e%2e/x", fileuri.Windows, fileuri.ErrDotSegment},
		{uri.RFC3986, "file://s/share/%2e%2e/x", fileuri.Windows, fileuri.ErrDotSegment},
		// Windows names that are not file names.
		{uri.RFC3986, "file:///C:/x/a.asp::$DATA", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/f:stream", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/f%3Astream", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/CON", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/nul.txt", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/Com1", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/LPT9.log", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/COM%C2%B9", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/aux%20.c", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/CONOUT$", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/a.", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/a%20", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/..%20/y", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file:///C:/x/.../y", fileuri.Windows, fileuri.ErrUnsupported},
		{uri.RFC3986, "file://s/CON/y", fileuri.Windows, fileuri.ErrUnsupported},
	}
	for _, tt := range tests {
		t.Run(tt.style.String()+"/"+tt.in, func(t *testing.T) {
			got, err := fileuri.ToPath(tt.syntax.MustParseReference(tt.in), tt.style)
			if !errors.Is(err, tt.want) {
				t.Fatalf("ToPath(%q, %v) = %q, %v; want %v", tt.in, tt.style, got, err, tt.want)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("error %q shows the password", err)
			}
		})
	}
}

func TestFromPathErrors(t *testing.T) {
	tests := []struct {
		path  string
		style fileuri.Style
		want  error
	}{
		{"relative/x", fileuri.Posix, fileuri.ErrRelative},
		{"", fileuri.Posix, fileuri.ErrRelative},
		{"/a\x00b", fileuri.Posix, fileuri.ErrNUL},
		{"//x", fileuri.Posix, fileuri.ErrUnsupported},
		{`x\y`, fileuri.Windows, fileuri.ErrRelative},
		{`\x`, fileuri.Windows, fileuri.ErrRelative},
		{`C:x`, fileuri.Windows, fileuri.ErrRelative},
		{`C:`, fileuri.Windows, fileuri.ErrRelative},
		{`\\server`, fileuri.Windows, fileuri.ErrRelative},
		{`\\server\`, fileuri.Windows, fileuri.ErrRelative},
		{`\\server\\x`, fileuri.Windows, fileuri.ErrRelative},
		{`\\?\C:\x`, fileuri.Windows, fileuri.ErrUnsupported},
		{`\\.\pipe\x`, fileuri.Windows, fileuri.ErrUnsupported},
		{"C:\\\xff", fileuri.Windows, fileuri.ErrUnsupported},
		{"C:\\a\x00", fileuri.Windows, fileuri.ErrNUL},
		{"/x", fileuri.Style(9), fileuri.ErrUnsupported},
		// F1: every device path (FromPath refused "\\?\" and "\\.\"
		// before; ToPath refuses them now too).
		{`\\.\PhysicalDrive0`, fileuri.Windows, fileuri.ErrUnsupported},
		{`\\?\UNC\s\x`, fileuri.Windows, fileuri.ErrUnsupported},
		{`//./pipe/x`, fileuri.Windows, fileuri.ErrUnsupported},
		// F2: RFC 8089 §2 reads file://localhost/share/f as /share/f.
		{`\\localhost\share\f`, fileuri.Windows, fileuri.ErrUnsupported},
		{`\\LocalHost\C:\x`, fileuri.Windows, fileuri.ErrUnsupported},
		{`\\C:\bar\x`, fileuri.Windows, fileuri.ErrUnsupported},
		// Windows names that are not file names.
		{`C:\foo:bar`, fileuri.Windows, fileuri.ErrUnsupported},
		{`C:\a.asp::$DATA`, fileuri.Windows, fileuri.ErrUnsupported},
		{`C:\dir\con`, fileuri.Windows, fileuri.ErrUnsupported},
		{`C:\dir\NUL.txt`, fileuri.Windows, fileuri.ErrUnsupported},
		{`C:\dir\x.`, fileuri.Windows, fileuri.ErrUnsupported},
		{`C:\dir \x`, fileuri.Windows, fileuri.ErrUnsupported},
		{`\\s\share\lpt1\x`, fileuri.Windows, fileuri.ErrUnsupported},
	}
	for _, tt := range tests {
		t.Run(tt.style.String()+"/"+tt.path, func(t *testing.T) {
			got, err := fileuri.FromPath(tt.path, tt.style)
			if !errors.Is(err, tt.want) {
				t.Fatalf("FromPath(%q, %v) = %q, %v; want %v", tt.path, tt.style, got, err, tt.want)
			}
		})
	}
}

// FuzzRoundTrip: path → URI → path gives the path back for every path
// FromPath accepts, and the URI is a file-URI of RFC 8089 §2; URI → path →
// URI gives an equivalent URI (RFC 3986 §6.2) for every URI ToPath
// accepts in its standard form.
func FuzzRoundTrip(f *testing.F) {
	for _, p := range pairs {
		f.Add(p.path, p.style == fileuri.Windows)
		f.Add(p.uri, p.style == fileuri.Windows)
	}
	for _, s := range []string{"file://server%41/share/x", "file:////server/share/x", "file://///s/share/x",
		"file:///C:/a/%2e%2e/x", "file://./pipe/x", "file:///c%7C/x", "file:c:/x", "file://localhost/C:/x"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, windows bool) {
		style := fileuri.Posix
		path := s
		if windows {
			style = fileuri.Windows
			path = strings.ReplaceAll(s, "/", `\`) // the separator FromPath writes back
		}
		if u, err := fileuri.FromPath(path, style); err == nil {
			if err := u.CheckScheme(); err != nil {
				t.Fatalf("FromPath(%q) = %q, not a file-URI: %v", path, u, err)
			}
			back, err := fileuri.ToPath(u, style)
			if err != nil || back != path {
				t.Fatalf("ToPath(FromPath(%q) = %q) = %q, %v", path, u, back, err)
			}
		}
		// s itself, read as a URI: Windows URIs are converted too.
		u, err := uri.RFC3987.ParseReference(s)
		if err != nil {
			return
		}
		p, err := fileuri.ToPath(u, style)
		if err != nil || u.CheckScheme() != nil || windows && !utf8.ValidString(p) {
			return
		}
		v, err := fileuri.FromPath(p, style)
		if err != nil {
			t.Fatalf("FromPath(ToPath(%q) = %q): %v", s, p, err)
		}
		if c := uri.Compare(u.ToURI(), v); !c.Equivalent() {
			// Not equivalent only where ToPath reads two URIs as one path:
			// "localhost" (scheme-based) and a decoded reserved octet.
			if p2, err := fileuri.ToPath(v, style); err != nil || p2 != p {
				t.Fatalf("URI %q → %q → %q → %q: %v", s, p, v, p2, c)
			}
		}
	})
}

// TestFromPathPython: CPython's pathlib as_uri tests (Lib/test/test_pathlib,
// test_as_uri_posix, test_as_uri_non_ascii and the Windows as_uri cases),
// whose Windows paths are written with "/", which FromPath reads as a
// separator too. "c:a/b" (relative to the current directory of drive C)
// is an error there as here.
func TestFromPathPython(t *testing.T) {
	tests := []struct {
		style      fileuri.Style
		path, want string
	}{
		{fileuri.Posix, "/", "file:///"},
		{fileuri.Posix, "/a/b.c", "file:///a/b.c"},
		{fileuri.Posix, "/a/b%#c", "file:///a/b%25%23c"},
		{fileuri.Posix, "/a/b\u00e9", "file:///a/b%C3%A9"},
		{fileuri.Windows, "c:/", "file:///c:/"},
		{fileuri.Windows, "c:/a/b.c", "file:///c:/a/b.c"},
		{fileuri.Windows, "c:/a/b%#c", "file:///c:/a/b%25%23c"},
		{fileuri.Windows, "c:/a/b\u00e9", "file:///c:/a/b%C3%A9"},
		{fileuri.Windows, "//some/share/", "file://some/share/"},
		{fileuri.Windows, "//some/share/a/b.c", "file://some/share/a/b.c"},
		{fileuri.Windows, "//some/share/a/b%#c\u00e9", "file://some/share/a/b%25%23c%C3%A9"},
	}
	for _, tt := range tests {
		t.Run(tt.style.String()+"/"+tt.path, func(t *testing.T) {
			u, err := fileuri.FromPath(tt.path, tt.style)
			if err != nil {
				t.Fatalf("FromPath(%q, %v): %v", tt.path, tt.style, err)
			}
			if diff := cmp.Diff(tt.want, u.String()); diff != "" {
				t.Errorf("FromPath(%q, %v) mismatch (-want +got):\n%s", tt.path, tt.style, diff)
			}
		})
	}
	if _, err := fileuri.FromPath("c:a/b", fileuri.Windows); !errors.Is(err, fileuri.ErrRelative) {
		t.Errorf("FromPath(c:a/b) error = %v, want ErrRelative", err)
	}
}

// TestRustURL: the file path tests of rust-url (servo/rust-url,
// url/tests/unit.rs: new_file_paths, new_path_bad_utf8,
// new_path_windows_fun). Two of its facts are not followed: it writes a
// NUL byte as "%00" (RFC 8089 is silent; no file system name holds NUL,
// so FromPath refuses it), and it accepts the Win32 prefix "\\?\", which
// no file URI can give back (FromPath refuses device paths).
func TestRustURL(t *testing.T) {
	for _, tt := range []struct {
		style fileuri.Style
		path  string
		uri   string
	}{
		{fileuri.Posix, "/foo/bar", "file:///foo/bar"},
		{fileuri.Posix, "/foo/ba%00r", "file:///foo/ba%2500r"},
		{fileuri.Posix, `/foo/ba\r`, "file:///foo/ba%5Cr"},
		{fileuri.Posix, "/foo/ba\x80r", "file:///foo/ba%80r"},
		{fileuri.Windows, `C:\foo\bar`, "file:///C:/foo/bar"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			u, err := fileuri.FromPath(tt.path, tt.style)
			if err != nil || u.String() != tt.uri {
				t.Fatalf("FromPath(%q) = %q, %v; want %q", tt.path, u, err, tt.uri)
			}
			if p, err := fileuri.ToPath(u, tt.style); err != nil || p != tt.path {
				t.Errorf("ToPath(%q) = %q, %v; want %q", u, p, err, tt.path)
			}
		})
	}
	for _, p := range []string{"relative", `..\relative`, `\drive-relative`, `\\ucn\`} {
		if _, err := fileuri.FromPath(p, fileuri.Windows); !errors.Is(err, fileuri.ErrRelative) {
			t.Errorf("FromPath(%q, Windows) error = %v, want ErrRelative", p, err)
		}
	}
	for _, p := range []string{"relative", "../relative"} {
		if _, err := fileuri.FromPath(p, fileuri.Posix); !errors.Is(err, fileuri.ErrRelative) {
			t.Errorf("FromPath(%q, Posix) error = %v, want ErrRelative", p, err)
		}
	}
	if _, err := fileuri.ToPath(uri.MustParse("file:///C:/foo/ba%80r"), fileuri.Windows); !errors.Is(err, fileuri.ErrUnsupported) {
		t.Errorf("ToPath(file:///C:/foo/ba%%80r) error = %v, want ErrUnsupported (invalid UTF-8)", err)
	}
	if p, err := fileuri.ToPath(uri.MustParse("file:///C%3A/foo/bar"), fileuri.Windows); err != nil || p != `C:\foo\bar` {
		t.Errorf("ToPath(file:///C%%3A/foo/bar) = %q, %v; want C:\\foo\\bar", p, err)
	}
}

// TestParseDriveBar: the "|" drive forms of RFC 8089 Appendix E.2.2, read
// only on request.
func TestParseDriveBar(t *testing.T) {
	tests := []struct {
		in   string
		want string // the path, or "" for an error of the parser
	}{
		{"file:///c|/path/to/file", `c:\path\to\file`},
		{"file:/c|/path/to/file", `c:\path\to\file`},
		{"file:c|/path/to/file", `c:\path\to\file`},
		{"FILE://LOCALHOST/C|/x", `C:\x`},
		{"file:///c|", `c:\`},
		{"file:///c|#f", `c:\`},
		{"file:///c:/x", `c:\x`},
		{"file://host/c|/x", ""},
		{"file:///cc|/x", ""},
		{"file:///c|x", ""},
		{"file:///c|/a|b", ""},
		{"http:///c|/x", ""},
		{"file:", ""},
		{"file://", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if _, err := uri.ParseReference(tt.in); err == nil && strings.Contains(tt.in, "|") {
				t.Errorf("ParseReference(%q) accepts a \"|\"", tt.in)
			}
			u, err := fileuri.ParseDriveBar(tt.in, uri.RFC3986)
			if err != nil {
				if tt.want != "" {
					t.Fatalf("ParseDriveBar(%q): %v", tt.in, err)
				}
				return
			}
			got, err := fileuri.ToPath(u, fileuri.Windows)
			if err != nil && tt.want != "" {
				t.Fatalf("ToPath(ParseDriveBar(%q)): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ToPath(ParseDriveBar(%q)) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}
