package rfc3987

//go:generate go run ../../internal/pegen -memo h16 -api "RFC 3987 §2.2" -o rfc3987.peg.go ../../grammar/rfc3987.peg ../../grammar/rfc3986.peg
