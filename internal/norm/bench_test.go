package norm

import (
	"strings"
	"testing"
)

// benchInputs are the inputs of the benchmarks: an all-ASCII host name,
// text already in NFC (Latin with diacritics, CJK, Hangul), and text that
// needs decomposition, reordering and composition.
var benchInputs = []struct{ name, s string }{
	{"ascii", "www.example-domain.org"},
	{"nfc-latin", "bücher-ärger-café.example.de"},
	{"nfc-cjk", "納豆.例え.テスト.日本"},
	{"nfc-hangul", "한국어.도메인.테스트"},
	{"compose-latin", "bu\u0308cher-a\u0308rger-cafe\u0301.example.de"},
	{"compose-hangul", "\u1112\u1161\u11ab\u1100\u116e\u11a8\u110b\u1165"},
	{"reorder", "a\u0301\u0316e\u0302\u0323o\u0308\u0331"},
	{"long-nfc", strings.Repeat("Ünïcödé ", 128)},
}

func BenchmarkNFC(b *testing.B) {
	for _, in := range benchInputs {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			for b.Loop() {
				sinkStr = NFC(in.s)
			}
		})
	}
}

func BenchmarkNFD(b *testing.B) {
	for _, in := range benchInputs {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			for b.Loop() {
				sinkStr = NFD(in.s)
			}
		})
	}
}

func BenchmarkIsNFC(b *testing.B) {
	for _, in := range benchInputs {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			for b.Loop() {
				sinkBool = IsNFC(in.s)
			}
		})
	}
}

func BenchmarkAppendNFC(b *testing.B) {
	for _, in := range benchInputs {
		b.Run(in.name, func(b *testing.B) {
			buf := make([]byte, 0, 4*len(in.s))
			b.SetBytes(int64(len(in.s)))
			b.ReportAllocs()
			for b.Loop() {
				buf = AppendNFC(buf[:0], in.s)
			}
		})
	}
}
