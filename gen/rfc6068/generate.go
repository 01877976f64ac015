package rfc6068

//go:generate go run ../../internal/pegen -api "RFC 6068 §2" -o rfc6068.peg.go ../../grammar/rfc6068.peg
