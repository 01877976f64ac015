// Package norm implements Unicode normalization (UAX #15) at the Unicode
// version of the rest of specuri's tables.
//
// This file is a placeholder that keeps the API stable while the
// implementation lands: it returns its input unchanged.
package norm

// NFC returns s in Normalization Form C.
func NFC(s string) string { return s }

// NFD returns s in Normalization Form D.
func NFD(s string) string { return s }

// IsNFC reports whether s is in Normalization Form C.
func IsNFC(s string) bool { return true }
