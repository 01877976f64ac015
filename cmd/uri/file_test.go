package main

import (
	"strings"
	"testing"
)

func TestFileCommand(t *testing.T) {
	runCLITests(t, []cliTest{
		{"posix paths", "", []string{"file", "path", "--style", "posix", "file:///home/me/My%20Notes.txt", "file://localhost/etc/hosts", "file:/x%23y"},
			cliResult{Stdout: "/home/me/My Notes.txt\n/etc/hosts\n/x#y\n", Status: exitOK}},
		{"windows paths", "", []string{"file", "path", "--style", "windows", "file://nas/My%20Docs/File.doc", "file:///C:/foo%25bar", "file:c:/x"},
			cliResult{Stdout: `\\nas\My Docs\File.doc` + "\n" + `C:\foo%bar` + "\n" + `c:\x` + "\n", Status: exitOK}},
		{"IRI", "", []string{"file", "path", "--style", "posix", "--syntax", "rfc3987", "file:///b\u00fccher"},
			cliResult{Stdout: "/b\u00fccher\n", Status: exitOK}},
		{"not local", "", []string{"file", "path", "--style", "posix", "file://host/a", "file:///a%2Fb"},
			cliResult{Stdout: "error: the host is not the local machine\nerror: encoded path separator in a segment\n", Status: exitInvalid}},
		{"invalid URI", "", []string{"file", "path", "--style", "posix", "file:///a b"},
			cliResult{Stdout: "error: URI: uri: invalid URI-reference: byte 0x20 at offset 9 cannot follow path-abempty (RFC 3986 §3.3); a space is not allowed in a URI: write it \"%20\"\n", Stderr: "*", Status: exitInvalid}},
		{"uris", "", []string{"file", "uri", "--style", "windows", `C:\Program Files\x.txt`, `\\server\share\a b`, "rel"},
			cliResult{Stdout: "file:///C:/Program%20Files/x.txt\nfile://server/share/a%20b\nerror: not an absolute path\n", Status: exitInvalid}},
		{"uris from standard input", "/tmp/a b\n/\n", []string{"file", "uri", "--style", "posix"},
			cliResult{Stdout: "file:///tmp/a%20b\nfile:///\n", Status: exitOK}},
		{"json", "", []string{"file", "uri", "--style", "posix", "--json", "/a?b", "x"},
			cliResult{Stdout: `{"input":"/a?b","result":"file:///a%3Fb","error":null}` + "\n" +
				`{"input":"x","result":null,"error":{"offset":0,"rule":"","message":"not an absolute path"}}` + "\n", Status: exitInvalid}},
		{"json path not UTF-8", "", []string{"file", "path", "--style", "posix", "--json", "file:///%FF", "file:///a"},
			cliResult{Stdout: `{"input":"file:///%FF","result":"/\ufffd","resultQuoted":"\"/\\xff\"","error":null}` + "\n" +
				`{"input":"file:///a","result":"/a","error":null}` + "\n", Status: exitOK}},
		{"F1 device paths", "", []string{"file", "path", "--style", "windows", "file://./PhysicalDrive0", "file://./pipe/x", "file://%3F/C:/Windows/x", "file://./C:/x"},
			cliResult{Stdout: strings.Repeat("error: a device path (\\\\.\\): not representable\n", 2) +
				"error: a device path (\\\\?\\): not representable\n" +
				"error: a device path (\\\\.\\): not representable\n", Status: exitInvalid}},
		{"F2 localhost share", "", []string{"file", "uri", "--style", "windows", `\\localhost\share\f`},
			cliResult{Stdout: "error: a UNC path to localhost, which RFC 8089 §2 reads as a local path: not representable\n", Status: exitInvalid}},
		{"F3 E.3.2 server decoded", "", []string{"file", "path", "--style", "windows", "file:////server%41/share"},
			cliResult{Stdout: `\\serverA\share` + "\n", Status: exitOK}},
		{"F4 encoded dot-segment", "", []string{"file", "path", "--style", "posix", "file:///a/%2e%2e/%2e%2e/etc/passwd"},
			cliResult{Stdout: "error: percent-encoded dot-segment\n", Status: exitInvalid}},
		{"drive bar", "", []string{"file", "path", "--style", "windows", "--drive-bar", "file:///c|/x", "file:c|/y"},
			cliResult{Stdout: `c:\x` + "\n" + `c:\y` + "\n", Status: exitOK}},
		{"no drive bar", "", []string{"file", "path", "--style", "windows", "file:///c|/x"},
			cliResult{Stdout: "error: URI: uri: invalid URI-reference: byte 0x7c at offset 9 cannot follow path-abempty (RFC 3986 §3.3)\n", Stderr: "*", Status: exitInvalid}},
		{"no subcommand", "", []string{"file"}, cliResult{Stderr: "*", Status: exitUsage}},
		{"unknown subcommand", "", []string{"file", "paths"}, cliResult{Stderr: "*", Status: exitUsage}},
		{"bad style", "", []string{"file", "path", "--style", "dos", "file:///x"}, cliResult{Stderr: "*", Status: exitUsage}},
	})
}
