package rfc3986

//go:generate go run ../../internal/pegen -api "RFC 3986 Appendix A" -o rfc3986.peg.go ../../grammar/rfc3986.peg
