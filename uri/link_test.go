package uri_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildProgram builds the program testdata/name into a temporary
// directory and returns the go command and the binary's path; it skips
// the test in -short mode or without a go command.
func buildProgram(t *testing.T, name string) (gobin, bin string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a program")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	bin = filepath.Join(t.TempDir(), name)
	if out, err := exec.Command(gobin, "build", "-o", bin, "./testdata/"+name).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return gobin, bin
}

// TestParseLinksOnlyURIGrammars builds testdata/parseonly, a program that
// calls only uri.Parse, and lists the symbols it links with go tool nm:
// it must link the grammars package uri parses with itself (RFC 3986,
// 6874, 3987) and none of those that only scheme checks, templates or
// other packages use, since nothing of a generated package runs unless it
// is called.
func TestParseLinksOnlyURIGrammars(t *testing.T) {
	gobin, bin := buildProgram(t, "parseonly")
	out, err := exec.Command(gobin, "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	linked := map[string]bool{}
	for line := range strings.Lines(string(out)) {
		if _, sym, ok := strings.Cut(line, "github.com/specuri/specuri/gen/"); ok {
			pkg, _, _ := strings.Cut(sym, ".")
			linked[pkg] = true
		}
	}
	for _, tt := range []struct {
		pkg  string
		want bool
	}{
		{"rfc3986", true},
		{"rfc6874", true},
		{"rfc3987", true},
		{"rfc6068", false}, // mailto
		{"rfc6570", false}, // URI templates
		{"rfc8089", false}, // file
		{"rfc8141", false}, // URN
		{"rfc9110", false}, // HTTP
	} {
		t.Run(tt.pkg, func(t *testing.T) {
			if got := linked[tt.pkg]; got != tt.want {
				t.Errorf("a program calling only uri.Parse links gen/%s: %v, want %v", tt.pkg, got, tt.want)
			}
		})
	}
}

// module is the import path prefix of this module's packages.
const module = "github.com/specuri/specuri/"

// heavy are the packages a program that only parses, checks, prints and
// redacts RFC 3986 references must not link (by import path prefix): the
// WHATWG parser, the IDNA engine and its façade, the Unicode tables and
// algorithms, and the leaves with their own audience.
var heavy = []string{"internal/whatwg", "internal/idna", "uri/idna", "internal/norm", "internal/ucd",
	"internal/uts39", "uri/publicsuffix", "uri/fetch"}

// maxExtraSize is how much larger, in bytes, testdata/linkcore may be
// than the same program on net/url, testdata/linkneturl.
const maxExtraSize = 450_000

// TestCoreLinksOnlyRFC3986 builds testdata/linkcore, a program that calls
// uri.Parse, Valid, String and Redacted and formats a URI with %#v, and
// lists the symbols it links with go tool nm: none may be of a package of
// heavy. Its binary may be at most maxExtraSize bytes larger than
// testdata/linkneturl's, the same program written with net/url and a
// slog.LogValuer of its own (package uri implements slog.LogValuer, and
// so links log/slog).
func TestCoreLinksOnlyRFC3986(t *testing.T) {
	gobin, bin := buildProgram(t, "linkcore")
	_, peer := buildProgram(t, "linkneturl")
	out, err := exec.Command(gobin, "tool", "nm", bin).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	linked := map[string]string{} // a symbol of each heavy package linked
	for line := range strings.Lines(string(out)) {
		_, sym, ok := strings.Cut(line, module)
		if !ok {
			continue
		}
		for _, h := range heavy {
			if rest, ok := strings.CutPrefix(sym, h); ok && (rest[0] == '.' || rest[0] == '/') && linked[h] == "" {
				linked[h] = strings.TrimSpace(sym)
			}
		}
	}
	for _, h := range heavy {
		if sym := linked[h]; sym != "" {
			t.Errorf("linkcore links %s, as %s", h, sym)
		}
	}
	size, peerSize := fileSize(t, bin), fileSize(t, peer)
	t.Logf("linkcore %d bytes, linkneturl %d bytes: %+d", size, peerSize, size-peerSize)
	if size-peerSize > maxExtraSize {
		t.Errorf("linkcore is %d bytes, %d more than linkneturl's %d: want at most %d more",
			size, size-peerSize, peerSize, maxExtraSize)
	}
}

func fileSize(t *testing.T, name string) int64 {
	t.Helper()
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// TestInitAllocs runs testdata/linkcore with GODEBUG=inittrace=1, which
// reports the time and allocations of each package's initialization:
// package uri has none to report (its tables are generated, not built
// when it is loaded), and every other package of this module it imports
// allocates nothing.
func TestInitAllocs(t *testing.T) {
	_, bin := buildProgram(t, "linkcore")
	cmd := exec.Command(bin, "http://example.com/")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("linkcore: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "init runtime ") {
		t.Fatalf("GODEBUG=inittrace=1 printed no init line:\n%s", out)
	}
	for line := range strings.Lines(string(out)) {
		// init github.com/specuri/specuri/uri @0.60 ms, 0.028 ms clock, 0 bytes, 0 allocs
		pkg, ok := strings.CutPrefix(line, "init "+module)
		if !ok {
			continue
		}
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(pkg, "uri "):
			t.Errorf("package uri runs code when loaded: %s", line)
		case !strings.HasSuffix(line, " 0 bytes, 0 allocs"):
			t.Errorf("%s", line)
		}
	}
}
