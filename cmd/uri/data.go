package main

import (
	"flag"
	"fmt"

	"github.com/specuri/specuri/uri/dataurl"
)

var dataCmd = &command{
	name:    "data",
	summary: "write the decoded data of data: URLs (RFC 2397, or as browsers read them)",
	help:    dataHelp,
	input:   input{quoted: true},
	setup:   dataSetup,
}

const dataHelp = `
Usage: uri data [--web] [--quoted] [URL...]

Decode the data of each data: URL argument, or of each line of standard
input when there are no arguments or the argument is "-", and write it to
standard output as it is, bytes and nothing else: no newline, no
separator between the data of two URLs (so that "uri data URL > file"
writes the file).

The URL is read as RFC 2397 §3 defines it: the dataurl rule of RFC 2397
on a URI (RFC 3986), percent-decoded, then base64-decoded after ";base64"
(RFC 2045 §6.8). With --web it is read as browsers read it: the URL
Standard's parser, then the Fetch Standard's data: URL processor
(forgiving-base64 after ";base64", and much that RFC 2397 refuses, such as
spaces). Package uri/dataurl's documentation lists where the two
readings differ.

An input that is no data: URL, or whose data does not decode, writes
nothing to standard output and a line to standard error: the input, its
password masked, and the error. Data larger than 64 MiB is refused before
it is decoded.

Exit status: 0 when every input decodes, 1 when some input does not, 2 on
a usage or I/O error.

Examples:

	uri data 'data:,Hello%2C%20World%21'
	uri data 'data:image/png;base64,iVBORw0KGgo=' > a.png
	uri data --web 'data:text/plain ,x'
`

func dataSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	web := fs.Bool("web", false, "read each URL as browsers do: the URL Standard's parser, then the Fetch Standard's data: URL processor")
	return func(args []string) int {
		return p.each(args, func(s string) error {
			body, err := decodeData(s, *web)
			if err != nil {
				p.fail()
				_, werr := fmt.Fprintf(p.stderr, "uri data: %s: %s\n", quoteArg(s), dataHints.Replace(err.Error()))
				return werr
			}
			_, werr := p.stdout.Write(body)
			return werr
		})
	}
}

// decodeData returns the data of the data: URL s: RFC 2397's reading, or
// with web the Fetch Standard's.
func decodeData(s string, web bool) ([]byte, error) {
	if web {
		_, body, err := dataurl.ProcessWeb(s)
		return body, err
	}
	d, err := dataurl.Parse(s)
	if err != nil {
		return nil, err
	}
	return d.Data()
}
