package fileuri_test

import (
	"errors"
	"fmt"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fileuri"
)

func Example() {
	p, _ := fileuri.ToPath(uri.MustParse("file:///home/me/My%20Notes.txt"), fileuri.Posix)
	fmt.Println(p)
	p, _ = fileuri.ToPath(uri.MustParse("file://nas/share/caf%C3%A9.doc"), fileuri.Windows)
	fmt.Println(p)
	u, _ := fileuri.FromPath(`C:\Program Files\a#b.txt`, fileuri.Windows)
	fmt.Println(u)
	_, err := fileuri.ToPath(uri.MustParse("file://server/etc/passwd"), fileuri.Posix)
	fmt.Println(errors.Is(err, fileuri.ErrNotLocal))
	// Output:
	// /home/me/My Notes.txt
	// \\nas\share\café.doc
	// file:///C:/Program%20Files/a%23b.txt
	// true
}
