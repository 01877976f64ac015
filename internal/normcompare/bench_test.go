package normcompare

import (
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	specnorm "github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/versus"
)

// inputs are the benchmark's inputs: all-ASCII host names, text already
// in NFC, and text that needs composition (decomposed Latin, Hangul
// jamo) or reordering.
var inputs = []struct{ name, s string }{
	{"ascii", "www.example-domain.org"},
	{"ascii-long", strings.Repeat("a-long-ascii-label.", 32)},
	{"nfc-latin", "bücher-ärger-café.example.de"},
	{"nfc-cjk", "納豆.例え.テスト.日本"},
	{"nfc-hangul", "한국어.도메인.테스트"},
	{"compose-latin", "bu\u0308cher-a\u0308rger-cafe\u0301.example.de"},
	{"compose-hangul", "\u1112\u1161\u11ab\u1100\u116e\u11a8\u110b\u1165"},
	{"reorder", "a\u0301\u0316e\u0302\u0323o\u0308\u0331"},
}

// BenchmarkNFCVersus times NFC by internal/norm and by x/text's
// norm.NFC.String on each input, alternating the two in rounds within one
// benchmark so that both see the same machine, and reports the ratio of
// their times (below 1: specuri is faster) and each one's time per call,
// from the fastest round of each.
func BenchmarkNFCVersus(b *testing.B) {
	versusInputs(b, specnorm.NFC, norm.NFC.String)
}

// BenchmarkNFDVersus is BenchmarkNFCVersus for NFD.
func BenchmarkNFDVersus(b *testing.B) {
	versusInputs(b, specnorm.NFD, norm.NFD.String)
}

// BenchmarkIsNFCVersus is BenchmarkNFCVersus for IsNFC and
// norm.NFC.IsNormalString.
func BenchmarkIsNFCVersus(b *testing.B) {
	isNFC := func(s string) string {
		if specnorm.IsNFC(s) {
			return s
		}
		return ""
	}
	other := func(s string) string {
		if norm.NFC.IsNormalString(s) {
			return s
		}
		return ""
	}
	versusInputs(b, isNFC, other)
}

var sink string

func versusInputs(b *testing.B, ours, other func(string) string) {
	const batch = 64
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			if got, want := ours(in.s), other(in.s); got != want {
				b.Fatalf("%+q: specuri %+q, x/text %+q", in.s, got, want)
			}
			versus.Batches(b, batch, func() {
				for range batch {
					sink = ours(in.s)
				}
			}, func() {
				for range batch {
					sink = other(in.s)
				}
			}, "op", "specuri", "x-text")
		})
	}
}

// TestAgreement reports the inputs on which the two differ; they may,
// where Unicode changed after x/text's version, so it fails only on the
// benchmark's inputs.
func TestAgreement(t *testing.T) {
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			if got, want := specnorm.NFC(in.s), norm.NFC.String(in.s); got != want {
				t.Errorf("NFC(%+q): specuri %+q, x/text %+q", in.s, got, want)
			}
			if got, want := specnorm.NFD(in.s), norm.NFD.String(in.s); got != want {
				t.Errorf("NFD(%+q): specuri %+q, x/text %+q", in.s, got, want)
			}
		})
	}
}
