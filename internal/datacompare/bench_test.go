package datacompare

import (
	"strings"
	"testing"

	peer "github.com/vincent-petithory/dataurl"

	"github.com/specuri/specuri/internal/versus"
	"github.com/specuri/specuri/uri/dataurl"
)

// inputs are data: URLs that both packages decode to the same bytes.
var inputs = []struct{ name, url string }{
	{"short text", "data:,A%20brief%20note"},
	{"charset", "data:text/plain;charset=utf-8,Hello%2C%20World%21"},
	{"base64 4KiB", "data:image/png;base64," + strings.Repeat("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk", 64) + "AA=="},
	{"percent 4KiB", "data:application/octet-stream," + strings.Repeat("%00%01a", 600)},
}

// TestSame checks that both packages decode the inputs to the same bytes,
// so that the benchmark compares like with like.
func TestSame(t *testing.T) {
	for _, in := range inputs {
		d, err := dataurl.Parse(in.url)
		if err != nil {
			t.Fatalf("%s: %v", in.name, err)
		}
		mine, err := d.Data()
		if err != nil {
			t.Fatalf("%s: Data: %v", in.name, err)
		}
		theirs, err := peer.DecodeString(in.url)
		if err != nil {
			t.Fatalf("%s: peer: %v", in.name, err)
		}
		if string(mine) != string(theirs.Data) {
			t.Errorf("%s: the packages decode different bytes", in.name)
		}
	}
}

// BenchmarkDecodeVersus reads and decodes each input with each package,
// side by side in one run (package versus): one sub-benchmark per input,
// whose metric "ratio" is specuri's time over the peer's (below 1:
// specuri is faster).
func BenchmarkDecodeVersus(b *testing.B) {
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			ours := func(int) {
				d, err := dataurl.Parse(in.url)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := d.Data(); err != nil {
					b.Fatal(err)
				}
			}
			theirs := func(int) {
				if _, err := peer.DecodeString(in.url); err != nil {
					b.Fatal(err)
				}
			}
			versus.Set(b, []int{len(in.url)}, ours, theirs, "specuri", "vincent-petithory")
		})
	}
}
