package rfc3986

//go:generate go run ../../internal/pegen rfc3986
