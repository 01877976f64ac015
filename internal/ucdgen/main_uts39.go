// Command ucdgen generates the Unicode tables of internal/ucd.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
)

const version = "17.0.0"

func main() {
	check := os.Getenv("UCDGEN_CHECK") != ""
	d, err := loadUTS39("grammar/unicode/" + version)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ucdgen:", err)
		os.Exit(1)
	}
	src, err := format.Source(d.writeUTS39(version))
	if err != nil {
		fmt.Fprintln(os.Stderr, "ucdgen:", err)
		os.Exit(1)
	}
	const out = "internal/ucd/uts39_tables.go"
	if check {
		old, _ := os.ReadFile(out)
		if !bytes.Equal(old, src) {
			fmt.Fprintln(os.Stderr, "ucdgen:", out, "is stale: run make generate")
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "ucdgen:", err)
		os.Exit(1)
	}
}
