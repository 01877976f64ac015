package idna_test

import (
	"errors"
	"fmt"

	"github.com/specuri/specuri/uri/idna"
)

func ExampleToASCII() {
	for _, name := range []string{"BÜCHER.de", "納豆.example.org", "xn--a-ä.pt", "\u00AD"} {
		a, err := idna.ToASCII(name)
		var e *idna.Error
		if errors.As(err, &e) {
			fmt.Println(e.Codes())
			continue
		}
		fmt.Println(a)
	}
	// Output:
	// xn--bcher-kva.de
	// xn--99zt52a.example.org
	// [P4]
	// [domain-to-ASCII]
}

func ExampleToUnicode() {
	u, err := idna.ToUnicode("xn--bcher-kva.de")
	fmt.Println(u, err)
	// The result comes with the errors (UTS #46 §4.3).
	u, err = idna.ToUnicode("xn--ab-j1t")
	fmt.Printf("%+q %v\n", u, err.(*idna.Error).Codes())
	// Output:
	// bücher.de <nil>
	// "a\u200cb" [C1]
}

func ExampleProfile() {
	_, err := idna.Strict.ToASCII("a_b.example")
	fmt.Println(err.(*idna.Error).Codes())
	a, _ := idna.Profile{TransitionalProcessing: true}.ToASCII("faß.de")
	fmt.Println(a)
	// Output:
	// [U1]
	// fass.de
}
