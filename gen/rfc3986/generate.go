package rfc3986

//go:generate go run ../../internal/pegen -memo h16 -api "RFC 3986 Appendix A" -o rfc3986.peg.go ../../grammar/rfc3986.peg
