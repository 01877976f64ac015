package rfc3986

//go:generate go run ../../internal/pegen -o rfc3986.peg.go ../../grammar/rfc3986.peg
