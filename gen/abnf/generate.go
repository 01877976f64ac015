package abnf

//go:generate go run ../../internal/pegen abnf
