package urn_test

import (
	"fmt"

	"github.com/specuri/specuri/uri/urn"
)

func ExampleParse() {
	n, err := urn.Parse("urn:example:weather?=op=map&lat=39.56#x")
	if err != nil {
		fmt.Println(err)
		return
	}
	q, _ := n.QComponent()
	_, hasR := n.RComponent()
	fmt.Println(n.NID(), n.NSS(), q, hasR)

	_, err = urn.Parse("urn:-bad:x")
	fmt.Println(err)
	// Output:
	// example weather op=map&lat=39.56 false
	// uri: invalid urn URI (namestring): byte 0x2d at offset 4 violates NID (RFC 8141 §2.1); a URN's NID is 2 to 32 letters, digits and "-", and neither starts nor ends with "-"
}

func ExampleURN_Equivalent() {
	a := urn.MustParse("urn:example:a123,z456")
	for _, s := range []string{"URN:EXAMPLE:a123,z456", "urn:example:a123,z456?+abc#789", "urn:example:a123,z456%2D"} {
		fmt.Println(s, a.Equivalent(urn.MustParse(s)))
	}
	// Output:
	// URN:EXAMPLE:a123,z456 true
	// urn:example:a123,z456?+abc#789 true
	// urn:example:a123,z456%2D false
}
