//go:build linux && (amd64 || arm64)

package uri_test

import (
	"errors"
	"syscall"
	"testing"
	"unsafe"

	"github.com/specuri/specuri/uri"
)

// TestTooLongUnread passes inputs of MaxLength+1 bytes to every parser:
// they are backed by mapped memory that cannot be read (PROT_NONE), so a
// parser that read a byte before checking the length would crash the test.
// Nothing is allocated.
func TestTooLongUnread(t *testing.T) {
	n := uri.MaxLength + 1
	mem, err := syscall.Mmap(-1, 0, n, syscall.PROT_NONE,
		syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE)
	if err != nil {
		t.Skipf("cannot map %d bytes: %v", n, err)
	}
	defer syscall.Munmap(mem)
	s := unsafe.String(&mem[0], n)
	parsers := []struct {
		name string
		f    func(string) (uri.URI, error)
	}{
		{"Parse", uri.Parse},
		{"ParseReference", uri.ParseReference},
		{"ParseAbsolute", uri.ParseAbsolute},
		{"ParseRelative", uri.ParseRelative},
		{"RFC3986.ParseReference", uri.RFC3986.ParseReference},
		{"RFC6874.ParseReference", uri.RFC6874.ParseReference},
		{"RFC3987.ParseReference", uri.RFC3987.ParseReference},
		{"IRIToURI", uri.IRIToURI},
		{"UnmarshalText", func(s string) (uri.URI, error) {
			var u uri.URI
			return u, u.UnmarshalText(unsafe.Slice(unsafe.StringData(s), len(s)))
		}},
	}
	for _, tt := range parsers {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.f(s)
			var pe *uri.ParseError
			if !errors.As(err, &pe) || pe.Kind != uri.TooLong {
				t.Errorf("%s(%d bytes): error = %v, want Kind TooLong", tt.name, n, err)
			}
		})
	}
	for _, tt := range []struct {
		name string
		f    func(string) bool
	}{{"Valid", uri.Valid}, {"ValidReference", uri.ValidReference}, {"RFC3986.Valid", uri.RFC3986.Valid}, {"RFC6874.ValidReference", uri.RFC6874.ValidReference},
		{"RFC3987.ValidReference", uri.RFC3987.ValidReference}} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.f(s) {
				t.Errorf("%s(%d bytes) = true, want false", tt.name, n)
			}
		})
	}
}
