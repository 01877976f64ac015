package fileuri_test

import (
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fileuri"
)

// TestLinearTime: ToPath, FromPath and ParseDriveBar cost per byte, on
// 1 MB, a bounded multiple of what they cost on 8 KB (package lineartest,
// which load does not fool), for paths of many segments, of
// percent-encodings, of non-ASCII characters (an IRI) and a long UNC
// server name.
func TestLinearTime(t *testing.T) {
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time; make test runs this without it")
	}
	if testing.Short() {
		t.Skip("parses megabytes")
	}
	toPath := []lineartest.Shape{
		{Name: "POSIX segments", Prefix: "file:///", Unit: "a/", Suffix: "x"},
		{Name: "drive segments", Prefix: "file:///C:/", Unit: "a/", Suffix: "x"},
		{Name: "percent-encodings", Prefix: "file:///C:/", Unit: "%C3%A9"},
		{Name: "IRI", Prefix: "file:///C:/", Unit: "é"},
		{Name: "UNC server", Prefix: "file://", Unit: "s", Suffix: "/share/x"},
		{Name: "drive bar", Prefix: "file:///c|/", Unit: "a/", Suffix: "x"},
	}
	for _, sh := range toPath {
		s := sh.Input(1 << 20)
		u, err := fileuri.ParseDriveBar(s, uri.RFC3987)
		if err != nil {
			t.Fatalf("%s: %v", sh.Name, err)
		}
		_, errPosix := fileuri.ToPath(u, fileuri.Posix)
		_, errWindows := fileuri.ToPath(u, fileuri.Windows)
		if errPosix != nil && errWindows != nil {
			t.Fatalf("%s: ToPath: %v; %v", sh.Name, errPosix, errWindows)
		}
	}
	lineartest.CheckShapes(t, toPath, 1<<13, 1<<20, 16, func(s string) {
		u, _ := fileuri.ParseDriveBar(s, uri.RFC3987)
		_, _ = fileuri.ToPath(u, fileuri.Posix)
		_, _ = fileuri.ToPath(u, fileuri.Windows)
	})
	fromPath := []lineartest.Shape{
		{Name: "POSIX", Prefix: "/", Unit: "a b/", Suffix: "x"},
		{Name: "drive", Prefix: `C:\`, Unit: `é\`, Suffix: "x"},
		{Name: "UNC", Prefix: `\\server\share\`, Unit: `a\`, Suffix: "x"},
	}
	for _, sh := range fromPath {
		s := sh.Input(1 << 20)
		_, errPosix := fileuri.FromPath(s, fileuri.Posix)
		_, errWindows := fileuri.FromPath(s, fileuri.Windows)
		if errPosix != nil && errWindows != nil {
			t.Fatalf("%s: FromPath: %v; %v", sh.Name, errPosix, errWindows)
		}
	}
	lineartest.CheckShapes(t, fromPath, 1<<13, 1<<20, 16, func(s string) {
		_, _ = fileuri.FromPath(s, fileuri.Posix)
		_, _ = fileuri.FromPath(s, fileuri.Windows)
	})
}
