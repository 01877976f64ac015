package idna

import "testing"

// BenchmarkToASCII times ToASCII on names of each kind.
func BenchmarkToASCII(b *testing.B) {
	for _, name := range []string{"www.example.org", "WWW.Example.ORG", "bücher.example", "BÜCHER.example", "納豆.example.org", "\u05D0\u05D1.example", "\u00a1"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = ToASCII(name)
			}
		})
	}
}

// BenchmarkToUnicode times ToUnicode on names of each kind.
func BenchmarkToUnicode(b *testing.B) {
	for _, name := range []string{"www.example.org", "xn--bcher-kva.example", "xn--99zt52a.example.org"} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = ToUnicode(name)
			}
		})
	}
}
