package main

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

var versionCmd = &command{
	name:    "version",
	summary: "print the version of this program",
	help:    versionHelp,
	setup:   versionSetup,
}

const versionHelp = `
Usage: uri version

Print the version of this program, as "uri --version" does: the module
version when it was installed with "go install ...@version", the VCS
revision (with "+dirty" for uncommitted changes) when it was built from a
checkout, "(devel)" otherwise; then the Go version it was built with.
`

func versionSetup(_ *flag.FlagSet, p *pipeline) func([]string) int {
	return func(args []string) int {
		if len(args) > 0 {
			return p.usageError("unexpected argument " + quoteArg(args[0]))
		}
		bi, ok := debug.ReadBuildInfo()
		fmt.Fprintf(p.stdout, "uri %s %s\n", version(bi, ok), runtime.Version())
		return exitOK
	}
}

// version returns the version of the build bi: the main module's version,
// or else the VCS revision it was built from (with "+dirty" when the work
// tree had changes), or else "(devel)".
func version(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi == nil {
		return "(devel)"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev == "" {
		return "(devel)"
	}
	return rev + dirty
}
