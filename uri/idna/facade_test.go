package idna

import (
	"testing"

	ii "github.com/specuri/specuri/internal/idna"
)

// TestProfilesAgree checks that the profiles, written out here so that
// loading the package computes nothing, are the engine's.
func TestProfilesAgree(t *testing.T) {
	if Profile(ii.Browser) != Browser {
		t.Errorf("Browser = %+v, the engine's is %+v", Browser, ii.Browser)
	}
	if Profile(ii.Strict) != Strict {
		t.Errorf("Strict = %+v, the engine's is %+v", Strict, ii.Strict)
	}
}
