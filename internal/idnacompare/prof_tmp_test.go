package idnacompare

import (
	"testing"

	"github.com/specuri/specuri/uri/idna"
)

func BenchmarkTmpOurs(b *testing.B) {
	names := unicodeNames(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_, _ = idna.ToASCII(names[i%len(names)])
	}
}
