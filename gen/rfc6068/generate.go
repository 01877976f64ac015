package rfc6068

//go:generate go run ../../internal/pegen rfc6068
