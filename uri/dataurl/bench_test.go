package dataurl_test

import (
	"strings"
	"testing"

	"github.com/specuri/specuri/uri/dataurl"
)

var benchURL = "data:image/png;base64," + strings.Repeat("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk", 64) + "AA=="

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchURL)))
	for range b.N {
		if _, err := dataurl.Parse(benchURL); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkData(b *testing.B) {
	d := dataurl.MustParse(benchURL)
	b.ReportAllocs()
	b.SetBytes(int64(len(d.RawData())))
	for range b.N {
		if _, err := d.Data(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkProcessWeb(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchURL)))
	for range b.N {
		if _, _, err := dataurl.ProcessWeb(benchURL); err != nil {
			b.Fatal(err)
		}
	}
}
