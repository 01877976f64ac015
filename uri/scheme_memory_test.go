package uri_test

import (
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri"
)

// TestCheckSchemeMemory (M1): what CheckScheme allocates does not grow
// with the segments or percent-encodings of the URI: under 4 KiB for
// 1 MiB of "/a" or "%41", for each scheme whose grammar reads a path. It
// measures bytes allocated, which load cannot change.
func TestCheckSchemeMemory(t *testing.T) {
	path := strings.Repeat("/a", 1<<19)
	for _, s := range []string{
		"http://h" + path, "https://h" + path + "#f", "ws://h" + path, "file://" + path,
		"data:," + strings.Repeat("%41", 1<<18) + path,
	} {
		u := uri.MustParse(s)
		if err := u.CheckScheme(); err != nil {
			t.Fatalf("CheckScheme(%.12q...): %v", s, err)
		}
		bytes, _ := lineartest.Allocated(func() {
			for range 4 {
				_ = u.CheckScheme()
			}
		})
		if n := bytes / 4; n > 4096 {
			t.Errorf("CheckScheme(%.12q...) allocates %d bytes for %d bytes of input", s, n, len(s))
		}
	}
}
