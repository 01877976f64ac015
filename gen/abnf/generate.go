package abnf

//go:generate go run ../../internal/pegen -o abnf.peg.go ../../grammar/abnf.peg
