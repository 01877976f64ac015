// Package idna converts internationalized domain names between their
// Unicode and ASCII forms as UTS #46 (Unicode IDNA Compatibility Processing)
// defines, with the profile of the WHATWG URL Standard's "domain to ASCII"
// and "domain to Unicode".
//
// This file is a placeholder that keeps the API stable while the UTS #46
// implementation lands: it accepts ASCII names only.
package idna

import "errors"

// ErrNotImplemented is returned for every non-ASCII name by this placeholder.
var ErrNotImplemented = errors.New("idna: non-ASCII names are not supported yet")

// ToASCII is the URL Standard's "domain to ASCII" with beStrict false.
func ToASCII(name string) (string, error) {
	b := []byte(name)
	for i, c := range b {
		if c >= 0x80 {
			return "", ErrNotImplemented
		}
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b), nil
}

// ToUnicode is the URL Standard's "domain to Unicode" with beStrict false.
func ToUnicode(name string) (string, error) { return ToASCII(name) }
