package punycode

import "testing"

func BenchmarkEncode(b *testing.B) {
	for _, s := range []string{"bücher", "納豆", "ab\u05d0", "\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644"} {
		b.Run(s, func(b *testing.B) {
			var buf [80]byte
			for b.Loop() {
				_, _ = Encode(buf[:0], s)
			}
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, s := range []string{"bcher-kva", "99zt52a", "egbpdaj6bu4bxfgehfvwxn"} {
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				_, _ = Decode(s)
			}
		})
	}
}
