package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/dataurl"
)

// The "data" section of uri parse: what RFC 2397 reads of a data URL
// (schemeSections).

// dataRecord is the --json form of a data URL (RFC 2397): its media type
// as RFC 2045 §5.1 writes it (text/plain;charset=US-ASCII when omitted,
// §2), its type and parameters (percent-decoded), whether the data is
// base64, and the decoded size in bytes (null, with sizeError, when the
// data does not decode).
type dataRecord struct {
	MediaType string        `json:"mediaType"`
	Type      string        `json:"type"`
	Params    []paramRecord `json:"params"`
	Base64    bool          `json:"base64"`
	Size      *int          `json:"size"`
	SizeError *string       `json:"sizeError,omitempty"`
}

type paramRecord struct {
	Attribute string `json:"attribute"`
	Value     string `json:"value"`
}

// dataSection fills r.Data for a data URL that RFC 2397 §3 accepts.
func dataSection(r *schemeRecord, u uri.URI) {
	d, err := dataurl.FromURI(u)
	if err != nil {
		return // r.Error says why
	}
	rec := &dataRecord{MediaType: d.MediaType(), Type: d.Type(), Params: []paramRecord{}, Base64: d.Base64()}
	for _, p := range d.Params() {
		rec.Params = append(rec.Params, paramRecord(p))
	}
	if n, err := d.DataSize(); err != nil {
		msg := err.Error()
		rec.SizeError = &msg
	} else {
		rec.Size = &n
	}
	r.Data = rec
}

// printData writes the data section of the human form.
func printData(w io.Writer, d *dataRecord) {
	fmt.Fprintf(w, "    media type %s\n", strconv.Quote(d.MediaType))
	for _, p := range d.Params {
		fmt.Fprintf(w, "    param   %s = %s\n", strconv.Quote(p.Attribute), strconv.Quote(p.Value))
	}
	fmt.Fprintf(w, "    base64  %v\n", d.Base64)
	if d.Size != nil {
		fmt.Fprintf(w, "    size    %d bytes decoded\n", *d.Size)
	} else {
		fmt.Fprintf(w, "    size    (none: %s)\n", *d.SizeError)
	}
}
