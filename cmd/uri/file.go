package main

import (
	"flag"
	"fmt"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fileuri"
)

var fileCmd = &command{
	name:    "file",
	summary: "convert file URIs to paths and paths to file URIs (RFC 8089)",
	help:    fileHelp,
	subs: []*command{
		{name: "path", help: fileHelp, input: input{json: "input"}, setup: filePathSetup},
		{name: "uri", help: fileHelp, input: input{json: "input"}, setup: fileURISetup},
	},
}

const fileHelp = `
Usage: uri file path [--style posix|windows] [--syntax SYNTAX] [--drive-bar] [--json] [URI...]
       uri file uri [--style posix|windows] [--json] [PATH...]

path prints the file system path that each "file" URI names (RFC 8089),
percent-decoded: "file:///etc/hosts" is /etc/hosts, "file:///C:/x" is
C:\x and "file://server/share/f" is \\server\share\f with --style windows.
The nonstandard forms of RFC 8089 Appendix E are read too ("file:c:/x",
"%7C" for the ":" of a drive, "file:////server/share"); --drive-bar
also reads a literal "|" after a drive letter ("file:///c|/x", Appendix
E.2.2), which is no URI character and an error without it. uri prints the
standard file URI of each absolute PATH, with every octet a path segment
cannot hold percent-encoded.

--style is the path syntax: posix or windows; the default is the running
system's. A relative path, a NUL byte, an encoded separator in a segment
("%2F"), a query, a userinfo or a port, and for posix a host other than
empty or localhost are errors. So are paths that name something other
than the URI shows: an encoded dot-segment ("%2E%2E"), Windows device
paths (\\.\ and \\?\), a UNC path to localhost, NTFS streams (":"),
device names (CON, NUL, COM1, ...) and names ending in "." or " ". With
no argument, each line of standard input is an input.

Every input gives one line on standard output, so that the output can be
zipped with the input; without a result the line is "error: " and the
message. With --json, each input gives one JSON object on its own line
with the keys input, result and error (null or {"offset", "rule",
"message"}); inputQuoted follows input, and resultQuoted result, as a Go
string literal, when it is not valid UTF-8 (a POSIX path is bytes:
"file:///%FF" is the path "/\xff").

Exit status: 0 when every input converts, 1 otherwise, 2 on a usage or I/O
error.

Examples:

	uri file path 'file:///home/me/My%20Notes.txt'
	uri file path --style windows 'file://nas/share/a%20b.doc'
	uri file uri --style windows 'C:\Program Files\x.txt'
`

type fileRecord struct {
	Input        string     `json:"input"`
	InputQuoted  *string    `json:"inputQuoted,omitempty"`
	Result       *string    `json:"result"`
	ResultQuoted *string    `json:"resultQuoted,omitempty"`
	Error        *jsonError `json:"error"`
}

// filePathSetup defines the flags of uri file path.
func filePathSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	style := styleFlag(fs)
	syntaxName := syntaxFlag(fs)
	driveBar := fs.Bool("drive-bar", false, `read "|" after a drive letter as ":" (RFC 8089 Appendix E.2.2)`)
	return func(args []string) int {
		return runFile(p, args, fileOptions{toPath: true, style: styleOf(style), syntax: syntaxOf(syntaxName), driveBar: *driveBar})
	}
}

// fileURISetup defines the flags of uri file uri.
func fileURISetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	style := styleFlag(fs)
	return func(args []string) int {
		return runFile(p, args, fileOptions{style: styleOf(style), syntax: uri.RFC3986})
	}
}

// fileOptions are the settings of uri file path (toPath) and uri file uri.
type fileOptions struct {
	toPath   bool
	style    fileuri.Style
	syntax   uri.Syntax
	driveBar bool
}

// runFile converts each input of args, a URI to a path or a path to a
// URI, as opts say.
func runFile(p *pipeline, args []string, opts fileOptions) int {
	return p.each(args, func(s string) error {
		rec := fileRecord{Input: s, InputQuoted: quotedIfInvalid(s)}
		out, err := fileConvert(s, opts.toPath, opts.style, opts.syntax, opts.driveBar)
		if err != nil {
			p.fail()
			rec.Error = newJSONError(err)
			if p.json {
				return p.record(rec, true)
			}
			return p.reportInvalid(err)
		}
		rec.Result, rec.ResultQuoted = &out, quotedIfInvalid(out)
		if p.json {
			return p.record(rec, false)
		}
		_, werr := fmt.Fprintln(p.stdout, out)
		return werr
	})
}

// styleFlag defines --style, the path syntax, the running system's by
// default.
func styleFlag(fs *flag.FlagSet) *choice {
	return choiceFlag(fs, "style", fileuri.Native.String(), "the path syntax", "posix", "windows")
}

// styleOf returns the path syntax a --style flag chose.
func styleOf(c *choice) fileuri.Style {
	if c.value == "windows" {
		return fileuri.Windows
	}
	return fileuri.Posix
}

// fileConvert converts s, a URI to a path (toPath) or a path to a URI.
func fileConvert(s string, toPath bool, st fileuri.Style, syntax uri.Syntax, driveBar bool) (string, error) {
	if !toPath {
		u, err := fileuri.FromPath(s, st)
		if err != nil {
			return "", err
		}
		return u.String(), nil
	}
	var u uri.URI
	var err error
	if driveBar {
		u, err = fileuri.ParseDriveBar(s, syntax)
	} else {
		u, err = syntax.ParseReference(s)
	}
	if err != nil {
		return "", &inputError{input: "URI", text: s, err: err}
	}
	return fileuri.ToPath(u, st)
}
