package uri_test

import (
	"fmt"

	"github.com/specuri/specuri/uri"
)

func ExampleURI_CheckScheme() {
	for _, s := range []string{"urn:example:a123,z456", "urn:-bad:x", "foo:-bad:x", "mailto:a@b.example?subject=hi"} {
		u := uri.MustParse(s)
		scheme, _ := u.Scheme()
		fmt.Println(s, uri.HasSchemeRules(scheme), u.CheckScheme())
	}
	// Output:
	// urn:example:a123,z456 true <nil>
	// urn:-bad:x true uri: invalid urn URI (namestring): byte 0x2d at offset 4 violates NID (RFC 8141 §2.1); a URN's NID is 2 to 32 letters, digits and "-", and neither starts nor ends with "-"
	// foo:-bad:x false <nil>
	// mailto:a@b.example?subject=hi true <nil>
}

func ExampleCompare_urn() {
	a := uri.MustParse("urn:example:a123,z456")
	for _, s := range []string{"URN:EXAMPLE:a123,z456", "urn:example:a123,z456?+abc#789", "urn:example:a123,Z456"} {
		fmt.Println(s, uri.Compare(a, uri.MustParse(s)))
	}
	// Output:
	// URN:EXAMPLE:a123,z456 scheme-based
	// urn:example:a123,z456?+abc#789 scheme-based
	// urn:example:a123,Z456 different: NSS
}

func ExampleNormalizeOptions_Normalize_rootless() {
	// Dot-segments are removed from hierarchical paths only (RFC 3986
	// §3.3, §1.2.3).
	for _, s := range []string{"urn:example:a/../b", "data:text/plain,a/../b", "http://h/a/../b"} {
		fmt.Println(uri.NormalizeOptions{SchemeBased: true}.Normalize(uri.MustParse(s)))
	}
	// Output:
	// urn:example:a/../b
	// data:text/plain,a/../b
	// http://h/b
}
