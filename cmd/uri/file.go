package main

import (
	"flag"
	"fmt"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/fileuri"
)

func init() {
	register(&command{
		name:    "file",
		summary: "convert file URIs to paths and paths to file URIs (RFC 8089)",
		run:     runFile,
	})
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

func runFile(e *env, args []string) int {
	if (len(args) == 0 && e.describe != nil) || (len(args) > 0 && isHelp(args[0])) {
		fs := newFlags(e, "file", fileHelp)
		fileFlags(fs, true)
		if len(args) > 0 {
			args = []string{"--help"}
		}
		return parseFlags(e, fs, args)
	}
	if len(args) == 0 {
		return usageError(e, "file", "want a subcommand: path or uri")
	}
	args = subcommandFirst(args, []string{"path", "uri"})
	toPath := args[0] == "path"
	if !toPath && args[0] != "uri" {
		return usageError(e, "file", "unknown subcommand "+quoteArg(args[0])+" of file; want path or uri")
	}
	name := "file " + args[0]
	fs := newFlags(e, name, fileHelp)
	asJSON, style, syntaxName, driveBar := fileFlags(fs, toPath)
	if st := parseFlags(e, fs, args[1:]); st >= 0 {
		return st
	}
	st, syntax, bar := fileSettings(toPath, style, syntaxName, driveBar)
	enc := newEncoder(e.stdout)
	status := exitOK
	err := inputs(e, fs.Args(), false, func(s string) error {
		rec := fileRecord{Input: s, InputQuoted: quotedIfInvalid(s)}
		out, err := fileConvert(s, toPath, st, syntax, bar)
		if err != nil {
			status = exitInvalid
			rec.Error = newJSONError(err)
			if *asJSON {
				return enc.Encode(rec)
			}
			return reportInvalid(e, name, err)
		}
		rec.Result, rec.ResultQuoted = &out, quotedIfInvalid(out)
		if *asJSON {
			return enc.Encode(rec)
		}
		_, werr := fmt.Fprintln(e.stdout, out)
		return werr
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "uri %s: %v\n", name, err)
		return exitUsage
	}
	return status
}

// fileSettings returns the values of the flags of fileFlags.
func fileSettings(toPath bool, style, syntaxName *choice, driveBar *bool) (fileuri.Style, uri.Syntax, bool) {
	st := fileuri.Posix
	if style.value == "windows" {
		st = fileuri.Windows
	}
	if !toPath {
		return st, uri.RFC3986, false
	}
	return st, syntaxOf(syntaxName), *driveBar
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

// fileFlags defines the flags of uri file path (toPath) or uri file uri.
func fileFlags(fs *flag.FlagSet, toPath bool) (asJSON *bool, style, syntax *choice, driveBar *bool) {
	asJSON = fs.Bool("json", false, "print one JSON object per input")
	def := fileuri.Native.String()
	style = choiceFlag(fs, "style", def, "the path syntax", "posix", "windows")
	if toPath {
		syntax = syntaxFlag(fs)
		driveBar = fs.Bool("drive-bar", false, `read "|" after a drive letter as ":" (RFC 8089 Appendix E.2.2)`)
	}
	return asJSON, style, syntax, driveBar
}
