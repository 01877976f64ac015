package rfc6874

//go:generate go run ../../internal/pegen -memo h16 -api "RFC 6874 §2 and RFC 3986 Appendix A" -o rfc6874.peg.go ../../grammar/rfc6874.peg ../../grammar/rfc3986.peg
