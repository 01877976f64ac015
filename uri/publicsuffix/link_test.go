package publicsuffix

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// maxTableSize is the most bytes the generated table may take in a
// binary: 64 KB (x/net/publicsuffix's takes 88.7 KB; libpsl packs the
// list in 56 KB).
const maxTableSize = 64 << 10

// TestTableLinkedSize builds testdata/etld1only, a program that calls only
// EffectiveTLDPlusOne, and adds up with go tool nm -size the data the
// package links (its arrays), plus labelText, a string constant with no
// symbol of its own: at most maxTableSize. The program must link nothing
// of net/http.
func TestTableLinkedSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	out := nm(t, "./testdata/etld1only")
	size := len(labelText)
	for line := range strings.Lines(out) {
		f := strings.Fields(line)
		if len(f) != 4 || (f[2] != "D" && f[2] != "R") || !strings.HasPrefix(f[3], "github.com/specuri/specuri/uri/publicsuffix.") {
			continue
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatal(err)
		}
		size += n
	}
	t.Logf("the table takes %d bytes (%.1f KB) in a binary", size, float64(size)/1024)
	if size > maxTableSize || size < 50_000 {
		t.Errorf("the table takes %d bytes, want at most %d (and at least 50,000: the list has 10,248 rules)", size, maxTableSize)
	}
	if strings.Contains(out, " net/http.") {
		t.Errorf("a program calling EffectiveTLDPlusOne links net/http")
	}
}

// TestParseLinksNoTable: a program that calls only uri.Parse links
// nothing of the package.
func TestParseLinksNoTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	if out := nm(t, "../testdata/parseonly"); strings.Contains(out, "uri/publicsuffix.") {
		t.Errorf("a program calling only uri.Parse links uri/publicsuffix")
	}
}

// nm builds the program in dir and returns what go tool nm -size says of
// its symbols.
func nm(t *testing.T, dir string) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "prog")
	if out, err := exec.Command(gobin, "build", "-o", bin, dir).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(gobin, "tool", "nm", "-size", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	return string(out)
}
