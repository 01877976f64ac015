package whatwg

import (
	"os/exec"
	"regexp"
	"testing"
)

// hotInlined are the functions the parser's hot paths rely on the
// compiler to inline: the class scan of every state, the tab search, the
// code point at the pointer, the validation-error calls that cost one
// test of p.errs when no errors are asked for, the lazy href's length,
// view, copy and moves, the quick no of the ends in a number checker, and
// the small steps the states share.
var hotInlined = []string{
	"scan",
	"hasLow",
	"isTabOrNewline",
	"grow",
	"(*parser).c",
	"(*parser).verr",
	"(*parser).checkURLUnits",
	"(*parser).isSlash",
	"(*parser).setScheme",
	"(*parser).stopSet",
	"(*parser).overrideIndex",
	"(*parser).noHost",
	"(*parser).startAuthority",
	"(*parser).startQuery",
	"(*parser).startFragment",
	"(*parser).fail",
	"(*parser).outLen",
	"(*parser).outString",
	"(*parser).own",
	"(*parser).appendIn",
	"(*parser).truncate",
	"(*parser).strictToASCII",
	"mayEndInNumber",
}

// TestInline fails when the compiler stops inlining one of hotInlined
// (say, after an edit makes it too big), which would slow every parse
// without failing any other test.
func TestInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	out, err := exec.Command(goCmd, "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	for _, name := range hotInlined {
		re := regexp.MustCompile(`(?m): can inline ` + regexp.QuoteMeta(name) + `( |$)`)
		if !re.Match(out) {
			t.Errorf("%s is no longer inlined", name)
		}
	}
}
