package uri

import (
	"testing"

	"github.com/specuri/specuri/internal/whatwg"
)

// TestEndsInNumberAgree holds endsInNumber, the URL Standard's ends in a
// number checker that package uri keeps (it may not import
// internal/whatwg, whose init allocates: TestInitAllocs), to the
// standard's parser's own, on every name of up to five bytes over digits,
// hex and other letters, "x", "X" and ".".
func TestEndsInNumberAgree(t *testing.T) {
	const alphabet = "0189afgxX."
	bad := 0
	var walk func(s string)
	walk = func(s string) {
		if got, want := endsInNumber(s), whatwg.EndsInNumber(s); got != want && bad < 10 {
			t.Errorf("endsInNumber(%q) = %v, the URL Standard's checker says %v", s, got, want)
			bad++
		}
		if len(s) < 5 {
			for i := range len(alphabet) {
				walk(s + alphabet[i:i+1])
			}
		}
	}
	walk("")
}
