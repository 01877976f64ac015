package uri

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestInlining builds package uri and the RFC 3986 parser with
// -gcflags=-m, as net/netip's test does, and checks that the functions
// the parse path and the accessors rely on are still inlinable: the
// entry points and engine.valid, the walk of engine.parse over the
// parser's spans (package pegenrt's Spans.Set, Spans.At and Spans.Span,
// the parser's Spans), the accessors of a URI, the generated parser's
// token filter, slot writes and input reads (add, addSpan, Spans.Write,
// peek, matchDot, track: see internal/pegen's methodsPass), what stores
// the end of a match for the API (moved: positionPass) and the reset that
// leaves a zero parser as it is, and the byte reader of redaction.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	t.Parallel()
	const (
		gen = "github.com/specuri/specuri/gen/rfc3986"
		rt  = "github.com/specuri/specuri/internal/pegen/pegenrt"
	)
	out, err := exec.Command(gobin, "build", "-gcflags=-m", ".", gen, rt).CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	got := map[string]bool{}
	pkg := ""
	canInline := regexp.MustCompile(`: can inline (\S+)`)
	for line := range strings.Lines(string(out)) {
		if name, ok := strings.CutPrefix(line, "# "); ok {
			pkg = strings.TrimSpace(name)
			continue
		}
		if m := canInline.FindStringSubmatch(line); m != nil {
			got[pkg+" "+m[1]] = true
		}
	}
	want := map[string][]string{
		"github.com/specuri/specuri/uri": {
			"Parse", "ParseReference", "ParseAbsolute", "ParseRelative", "tooLong", "(*engine).valid",
			"URI.get", "URI.String", "URI.Scheme", "URI.Authority", "URI.Userinfo",
			"URI.Host", "URI.Port", "URI.Path", "URI.Query", "URI.Fragment", "URI.IsRelative",
			"Host.Kind", "Host.String", "Path.Kind", "Path.String", "Syntax.engine",
			"(*urlReader).c",
		},
		gen: {
			"(*Parser).Spans", "(*grammar).add", "(*grammar).addSpan",
			"(*grammar).peek", "(*grammar).matchDot", "(*grammar).track",
			"(*grammar).moved", "(*grammar).reset",
		},
		rt: {"(*Spans).Set", "(*Spans).Span", "(*Spans).At", "(*Spans).Write", "(*Spans).Mark"},
	}
	for pkg, names := range want {
		for _, name := range names {
			if !got[pkg+" "+name] {
				t.Errorf("%s: %s is no longer inlinable", pkg, name)
			}
		}
	}
}
